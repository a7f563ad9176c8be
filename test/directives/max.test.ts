// `max=N`: strings MAX_LENGTH (code points), numbers MAX_VALUE, slices/arrays/maps MAX_ITEMS.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import {
  expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one,
} from "../support/directive-harness.js";

const APPLIES = ["string", "int", "int8", "uint64", "float32", "float64", "slice", "array", "map", "ptr-string", "ptr-int", "ptr-slice"];

describe("max on strings: MAX_LENGTH in code points", () => {
  const msg = "must be at most 3 characters";

  it("passes at and below the bound (the empty string too), fails above it", () => {
    expectValues({ type: t.string("max=3"), pass: ["", "a", "abc", "日本語"], fail: ["abcd", "日本語です"], code: "MAX_LENGTH", message: msg });
  });

  it("counts code points: emoji, combining marks, astral characters", () => {
    expectValues({ type: t.string("max=3"), pass: ["😀😀😀", "e\u0301e", "𝔸𝔹ℂ"], fail: ["😀😀😀😀", "e\u0301e\u0301", "a😀b😀"], code: "MAX_LENGTH", message: msg });
    expectValues({ type: t.string("max=0"), pass: [""], fail: [" ", "😀"], code: "MAX_LENGTH", message: "must be at most 0 characters" });
  });

  it("counts the decoded string, not its JSON escapes", () => {
    const m = one(t.string("max=3"));
    expectUnmarshal(m, '{"f":"\\u00e9\\u00e9\\u00e9"}', []);
    expectUnmarshal(m, '{"f":"\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00"}', []);
    expectUnmarshal(m, '{"f":"\\\\\\\\\\\\\\\\"}', [fe("f", "MAX_LENGTH", msg, "\\\\\\\\")]);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { city: t.string("max=3") });
    expectNested(Leaf, { city: "Oslo".slice(0, 3) }, { city: "Oslo" }, [fe("city", "MAX_LENGTH", msg, "Oslo")]);
  });

  it("skips a null ptr", () => {
    expectPtrNullSkips(t.ptr(t.string(), "max=3"), "abcd", "MAX_LENGTH", msg);
  });

  it("missing: the zero value \"\" passes without strictMissingFields", () => {
    expectMissing(t.string("max=3"), []);
  });
});

describe("max on numbers: MAX_VALUE", () => {
  it("every int kind, at and around the bound", () => {
    for (const make of [t.int, t.int8, t.int16, t.int32, t.int64]) {
      expectValues({ type: make("max=-5"), pass: [-5, -6, -100], fail: [-4, 0, 100], code: "MAX_VALUE", message: "must be at most -5" });
    }
    for (const make of [t.uint, t.uint8, t.uint16, t.uint32, t.uint64]) {
      expectValues({ type: make("max=10"), pass: [0, 9, 10], fail: [11, 200], code: "MAX_VALUE", message: "must be at most 10" });
    }
  });

  it("the extremes of the kinds", () => {
    expectValues({ type: t.uint32("max=4294967294"), pass: [4294967294, 0], fail: [4294967295], code: "MAX_VALUE", message: "must be at most 4294967294" });
    expectValues({ type: t.int16("max=-32768"), pass: [-32768], fail: [-32767, 32767], code: "MAX_VALUE", message: "must be at most -32768" });
    expectValues({ type: t.uint64("max=9007199254740990"), pass: [9007199254740990], fail: [9007199254740991], code: "MAX_VALUE", message: "must be at most 9007199254740990" });
  });

  it("floats, the bound printed as written", () => {
    for (const make of [t.float32, t.float64]) {
      expectValues({ type: make("max=2.50"), pass: [2.5, 2.4999999, -1e30, 0], fail: [2.5000001, 3, 1e30], code: "MAX_VALUE", message: "must be at most 2.50" });
    }
    expectValues({ type: t.float64("max=0.3"), pass: [0.3, 0.29999999999999998], fail: [0.30000000000000004], code: "MAX_VALUE", message: "must be at most 0.3" });
    expectValues({ type: t.float64("max=+1E2"), pass: [100], fail: [100.00000000000001], code: "MAX_VALUE", message: "must be at most +1E2" });
    expectValues({ type: t.float64("max=-0"), pass: [0, -0, -5e-324], fail: [5e-324], code: "MAX_VALUE", message: "must be at most -0" });
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { qty: t.uint8("max=9") });
    expectNested(Leaf, { qty: 9 }, { qty: 10 }, [fe("qty", "MAX_VALUE", "must be at most 9", 10)]);
  });

  it("skips a null ptr", () => {
    expectPtrNullSkips(t.ptr(t.int8(), "max=1"), 2, "MAX_VALUE", "must be at most 1");
  });

  it("missing: the zero value 0 is checked only without strictMissingFields", () => {
    expectMissing(t.int("max=-1"), [fe("f", "MAX_VALUE", "must be at most -1", 0)]);
    expectMissing(t.float32("max=0"), []);
  });
});

describe("max on slices, arrays and maps: MAX_ITEMS", () => {
  const msg = "must have at most 2 items";

  it("counts slice items and map entries", () => {
    expectValues({ type: t.slice(t.int(), "max=2"), pass: [[], [1], [1, 1]], fail: [[1, 2, 3]], code: "MAX_ITEMS", message: msg });
    expectValues({ type: t.map(t.string(), "max=2"), pass: [{}, { a: "", b: "" }], fail: [{ a: "", b: "", c: "" }], code: "MAX_ITEMS", message: msg });
  });

  it("an array counts its declared length, whatever the JSON holds", () => {
    const m = one(t.array(3, t.int(), "max=2"));
    expectTyped(m, { f: [1, 2, 3] }, [fe("f", "MAX_ITEMS", msg, [1, 2, 3])]);
    expectUnmarshal(m, '{"f":[]}', [fe("f", "MAX_ITEMS", msg, [])]);
    expectTyped(one(t.array(2, t.int(), "max=2")), { f: [5, 6] }, []);
    expectUnmarshal(one(t.array(2, t.int(), "max=2")), '{"f":[1,2,3,4]}', []);
  });

  it("a null slice or map is not checked", () => {
    expectTyped(one(t.slice(t.int(), "max=0")), { f: null }, []);
    expectTyped(one(t.map(t.int(), "max=0")), { f: null }, []);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { scores: t.map(t.int(), "max=1") });
    expectNested(Leaf, { scores: { a: 1 } }, { scores: { a: 1, b: 2 } }, [fe("scores", "MAX_ITEMS", "must have at most 1 items", { a: 1, b: 2 })]);
  });

  it("skips a null ptr to a slice", () => {
    expectPtrNullSkips(t.ptr(t.slice(t.string()), "max=1"), ["a", "b"], "MAX_ITEMS", "must have at most 1 items");
  });
});

describe("max: where it applies", () => {
  it("strings, numbers, slices, arrays, maps and ptrs to them", () => {
    expectAcceptedOn(APPLIES, "max=1");
  });

  it("is a ModelError on bool, time, any, models and extras", () => {
    expectRejectedOn(kindsExcept(...APPLIES), "max=1", "max");
  });

  it("is a ModelError with a malformed number", () => {
    for (const [make, tag] of [[t.float64, "max=1..2"], [t.int, "max=--1"], [t.string, "max=-1"], [t.map, "max=2.0"]] as const) {
      const type = make === t.map ? t.map(t.int(), tag) : (make as typeof t.int)(tag);
      expectModelError(() => new Validator(one(type, "Bad")), { model: "Bad", field: "f", directive: "max", contains: "malformed number" });
    }
  });
});
