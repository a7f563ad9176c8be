// `minItems=N` (the v0.1.2 spelling of min=N on lists): MIN_ITEMS `must have at least N items`;
// slices, arrays and maps (entries) only.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import { expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one } from "../support/directive-harness.js";

const msg = (n: number | string) => `must have at least ${n} items`;

describe("minItems", () => {
  it("slices at and around the bound", () => {
    expectValues({ type: t.slice(t.int(), "minItems=2"), pass: [[1, 2], [1, 1, 1]], fail: [[], [1]], code: "MIN_ITEMS", message: msg(2) });
    expectValues({ type: t.slice(t.string(), "minItems=0"), pass: [[]], fail: [], code: "MIN_ITEMS", message: msg(0) });
  });

  it("maps count entries", () => {
    expectValues({ type: t.map(t.bool(), "minItems=1"), pass: [{ a: false }], fail: [{}], code: "MIN_ITEMS", message: msg(1) });
  });

  it("counts items of any kind, null items included", () => {
    const m = one(t.slice(t.ptr(t.string()), "minItems=2"));
    expectTyped(m, { f: [null, null] }, []);
    expectUnmarshal(m, '{"f":[null]}', [fe("f", "MIN_ITEMS", msg(2), [null])]);
  });

  it("arrays have their declared length", () => {
    expectValues({ type: t.array(2, t.int(), "minItems=2"), pass: [[0, 0]], fail: [], code: "MIN_ITEMS", message: msg(2) });
    expectTyped(one(t.array(2, t.int(), "minItems=3")), { f: [0, 0] }, [fe("f", "MIN_ITEMS", msg(3), [0, 0])]);
  });

  it("a nil slice or map is not checked; a null ptr is skipped", () => {
    expectTyped(one(t.slice(t.int(), "minItems=1")), { f: null }, []);
    expectTyped(one(t.map(t.int(), "minItems=1")), { f: null }, []);
    expectPtrNullSkips(t.ptr(t.slice(t.int()), "minItems=1"), [], "MIN_ITEMS", msg(1));
  });

  it("missing: nil passes without strictMissingFields", () => {
    expectMissing(t.slice(t.int(), "minItems=1"), []);
  });

  it("N printed as written; min and minItems on one field both report", () => {
    expectTyped(one(t.slice(t.int(), "minItems=+02")), { f: [1] }, [fe("f", "MIN_ITEMS", msg("+02"), [1])]);
    expectTyped(one(t.slice(t.int(), "min=2,minItems=3")), { f: [1] }, [fe("f", "MIN_ITEMS", msg(2), [1]), fe("f", "MIN_ITEMS", msg(3), [1])]);
  });

  it("reports at nested paths", () => {
    const Leaf = model("Leaf", { tags: t.slice(t.string(), "minItems=1") });
    expectNested(Leaf, { tags: ["x"] }, { tags: [] }, [fe("tags", "MIN_ITEMS", msg(1), [])]);
  });

  it("applies to slices, arrays and maps only (not strings)", () => {
    expectAcceptedOn(["slice", "array", "map", "ptr-slice"], "minItems=1");
    expectRejectedOn(kindsExcept("slice", "array", "map", "ptr-slice"), "minItems=1", "minItems");
  });

  it("is a ModelError with a malformed count", () => {
    for (const tag of ["minItems", "minItems=", "minItems=-1", "minItems=1.5", "minItems=x", "minItems=4294967296"]) {
      expectModelError(() => new Validator(one(t.slice(t.int(), tag), "Bad")), { model: "Bad", field: "f", directive: "minItems", contains: "malformed number" });
    }
  });
});
