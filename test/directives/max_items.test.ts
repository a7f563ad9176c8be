// `maxItems=N` (the v0.1.2 spelling of max=N on lists): MAX_ITEMS `must have at most N items`;
// slices, arrays and maps (entries) only.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import { expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one } from "../support/directive-harness.js";

const msg = (n: number | string) => `must have at most ${n} items`;

describe("maxItems", () => {
  it("slices at and around the bound", () => {
    expectValues({ type: t.slice(t.string(), "maxItems=2"), pass: [[], ["a"], ["a", "b"]], fail: [["a", "b", "c"]], code: "MAX_ITEMS", message: msg(2) });
    expectValues({ type: t.slice(t.int(), "maxItems=0"), pass: [[]], fail: [[0]], code: "MAX_ITEMS", message: msg(0) });
  });

  it("maps count entries", () => {
    expectValues({ type: t.map(t.int(), "maxItems=1"), pass: [{}, { a: 1 }], fail: [{ a: 1, b: 1 }], code: "MAX_ITEMS", message: msg(1) });
  });

  it("the error value is the list as read, nested items included", () => {
    const Item = model("Item", { id: t.int() });
    expectTyped(one(t.slice(Item, "maxItems=1")), { f: [{ id: 1 }, { id: 2 }] }, [fe("f", "MAX_ITEMS", msg(1), [{ id: 1 }, { id: 2 }])]);
    expectUnmarshal(one(t.slice(t.any(), "maxItems=1")), '{"f":[{"x":[1,2]},"y"]}', [fe("f", "MAX_ITEMS", msg(1), [{ x: [1, 2] }, "y"])]);
  });

  it("an array of length N passes maxItems=N whatever the JSON holds", () => {
    expectUnmarshal(one(t.array(2, t.int(), "maxItems=2")), '{"f":[1,2,3]}', []);
    expectTyped(one(t.array(3, t.int(), "maxItems=2")), { f: [1, 2, 3] }, [fe("f", "MAX_ITEMS", msg(2), [1, 2, 3])]);
  });

  it("a nil slice or map is not checked; a null ptr is skipped", () => {
    expectTyped(one(t.slice(t.int(), "maxItems=0")), { f: null }, []);
    expectPtrNullSkips(t.ptr(t.map(t.int()), "maxItems=0"), { a: 1 }, "MAX_ITEMS", msg(0));
  });

  it("minItems and maxItems together", () => {
    const m = one(t.slice(t.int(), "minItems=1,maxItems=2"));
    expectTyped(m, { f: [] }, [fe("f", "MIN_ITEMS", "must have at least 1 items", [])]);
    expectTyped(m, { f: [1, 2, 3] }, [fe("f", "MAX_ITEMS", msg(2), [1, 2, 3])]);
  });

  it("reports at nested paths", () => {
    const Leaf = model("Leaf", { ids: t.slice(t.int(), "maxItems=1") });
    expectNested(Leaf, { ids: [1] }, { ids: [1, 2] }, [fe("ids", "MAX_ITEMS", msg(1), [1, 2])]);
  });

  it("applies to slices, arrays and maps only (not strings)", () => {
    expectAcceptedOn(["slice", "array", "map", "ptr-slice"], "maxItems=1");
    expectRejectedOn(kindsExcept("slice", "array", "map", "ptr-slice"), "maxItems=1", "maxItems");
  });

  it("is a ModelError with a malformed count", () => {
    for (const tag of ["maxItems", "maxItems=", "maxItems=-1", "maxItems=2.0", "maxItems=1e1"]) {
      expectModelError(() => new Validator(one(t.map(t.int(), tag), "Bad")), { model: "Bad", field: "f", directive: "maxItems", contains: "malformed number" });
    }
  });
});
