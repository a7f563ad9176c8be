// `min=N`: strings MIN_LENGTH (code points), numbers MIN_VALUE, slices/arrays/maps MIN_ITEMS.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import {
  expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one,
} from "../support/directive-harness.js";

const LEN3 = "must be at least 3 characters";

describe("min on strings: MIN_LENGTH in code points", () => {
  it("fails below the bound, passes at and above it", () => {
    expectValues({ type: t.string("min=3"), pass: ["abc", "abcd", "a b", "日本語"], fail: ["ab", "a", "日本"], code: "MIN_LENGTH", message: LEN3 });
  });

  it("counts code points, not UTF-16 units or bytes", () => {
    // "😀😀" is 4 UTF-16 units and 8 bytes but 2 code points
    expectValues({ type: t.string("min=3"), pass: ["😀😀😀", "a😀b", "e\u0301x"], fail: ["😀😀", "e\u0301"], code: "MIN_LENGTH", message: LEN3 });
    expectValues({ type: t.string("min=2"), pass: ["😀😀", "e\u0301"], fail: ["😀", "é"], code: "MIN_LENGTH", message: "must be at least 2 characters" });
  });

  it("counts escaped characters once (\\u escapes, surrogate pairs, \\n)", () => {
    const m = one(t.string("min=3"));
    expectUnmarshal(m, '{"f":"\\ud83d\\ude00\\ud83d\\ude00"}', [fe("f", "MIN_LENGTH", LEN3, "😀😀")]);
    expectUnmarshal(m, '{"f":"\\n\\t"}', [fe("f", "MIN_LENGTH", LEN3, "\n\t")]);
    expectUnmarshal(m, '{"f":"\\u0041\\u0042\\u0043"}', []);
    // a lone surrogate escape is one code point
    expectUnmarshal(m, '{"f":"\\ud83dab"}', []);
    expectUnmarshal(m, '{"f":"\\ud83da"}', [fe("f", "MIN_LENGTH", LEN3, "\ud83da")]);
  });

  it("the empty string fails (min is not a format check)", () => {
    expectTyped(one(t.string("min=1")), { f: "" }, [fe("f", "MIN_LENGTH", "must be at least 1 characters", "")]);
    expectTyped(one(t.string("min=0")), { f: "" }, []);
  });

  it("prints N as written in the directive", () => {
    expectTyped(one(t.string("min=03")), { f: "ab" }, [fe("f", "MIN_LENGTH", "must be at least 03 characters", "ab")]);
    expectTyped(one(t.string("min= 3")), { f: "ab" }, [fe("f", "MIN_LENGTH", LEN3, "ab")]);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { name: t.string("min=3") });
    expectNested(Leaf, { name: "abc" }, { name: "ab" }, [fe("name", "MIN_LENGTH", LEN3, "ab")]);
  });

  it("skips a null ptr; checks a present one", () => {
    expectPtrNullSkips(t.ptr(t.string(), "min=3"), "ab", "MIN_LENGTH", LEN3);
  });

  it("missing: MISSING_FIELD under strictMissingFields, the zero value \"\" checked without it", () => {
    expectMissing(t.string("min=3"), [fe("f", "MIN_LENGTH", LEN3, "")]);
    expectMissing(t.string("min=0"), []);
  });
});

describe("min on numbers: MIN_VALUE", () => {
  it("every int kind, at and around the bound", () => {
    for (const make of [t.int, t.int8, t.int16, t.int32, t.int64]) {
      expectValues({ type: make("min=-5"), pass: [-5, -4, 0, 100], fail: [-6, -100], code: "MIN_VALUE", message: "must be at least -5" });
    }
    for (const make of [t.uint, t.uint8, t.uint16, t.uint32, t.uint64]) {
      expectValues({ type: make("min=10"), pass: [10, 11, 200], fail: [9, 0], code: "MIN_VALUE", message: "must be at least 10" });
    }
  });

  it("the extremes of the kinds", () => {
    expectValues({ type: t.int8("min=-128"), pass: [-128, 127], fail: [], code: "MIN_VALUE", message: "must be at least -128" });
    expectValues({ type: t.int8("min=127"), pass: [127], fail: [126, -128], code: "MIN_VALUE", message: "must be at least 127" });
    expectValues({ type: t.uint8("min=255"), pass: [255], fail: [254, 0], code: "MIN_VALUE", message: "must be at least 255" });
    expectValues({
      type: t.int64("min=9007199254740990"), pass: [9007199254740990, 9007199254740991], fail: [9007199254740989, -9007199254740991],
      code: "MIN_VALUE", message: "must be at least 9007199254740990",
    });
  });

  it("floats, with a fractional bound printed as written", () => {
    for (const make of [t.float32, t.float64]) {
      expectValues({ type: make("min=1.50"), pass: [1.5, 1.5000001, 2, 1e30], fail: [1.4999999, 1, -1.5, 0], code: "MIN_VALUE", message: "must be at least 1.50" });
    }
    expectValues({ type: t.float64("min=0.1"), pass: [0.1, 0.30000000000000004], fail: [0.09999999999999999, -0], code: "MIN_VALUE", message: "must be at least 0.1" });
    expectValues({ type: t.float64("min=-1e3"), pass: [-1000, 0], fail: [-1000.5], code: "MIN_VALUE", message: "must be at least -1e3" });
    expectValues({ type: t.float64("min=0"), pass: [0, -0, 5e-324], fail: [-5e-324], code: "MIN_VALUE", message: "must be at least 0" });
  });

  it("a float written in exponent form is read by its value", () => {
    const m = one(t.float64("min=100"));
    expectUnmarshal(m, '{"f":1e2}', []);
    expectUnmarshal(m, '{"f":1E+2}', []);
    expectUnmarshal(m, '{"f":9.9e1}', [fe("f", "MIN_VALUE", "must be at least 100", 99)]);
    expectUnmarshal(m, '{"f":99.99999999999999}', [fe("f", "MIN_VALUE", "must be at least 100", 99.99999999999999)]);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { qty: t.int("min=1") });
    expectNested(Leaf, { qty: 1 }, { qty: 0 }, [fe("qty", "MIN_VALUE", "must be at least 1", 0)]);
  });

  it("skips a null ptr", () => {
    expectPtrNullSkips(t.ptr(t.int(), "min=1"), 0, "MIN_VALUE", "must be at least 1");
    expectPtrNullSkips(t.ptr(t.float64(), "min=1"), 0.5, "MIN_VALUE", "must be at least 1");
  });

  it("missing: the zero value 0 is checked only without strictMissingFields", () => {
    expectMissing(t.int("min=1"), [fe("f", "MIN_VALUE", "must be at least 1", 0)]);
    expectMissing(t.float64("min=-1"), []);
  });
});

describe("min on slices, arrays and maps: MIN_ITEMS", () => {
  const msg = "must have at least 2 items";

  it("counts slice items", () => {
    expectValues({ type: t.slice(t.string(), "min=2"), pass: [["a", "b"], ["a", "a", "a"]], fail: [["a"], []], code: "MIN_ITEMS", message: msg });
  });

  it("counts map entries", () => {
    expectValues({ type: t.map(t.int(), "min=2"), pass: [{ a: 1, b: 1 }, { a: 1, b: 2, c: 3 }], fail: [{ a: 1 }, {}], code: "MIN_ITEMS", message: msg });
  });

  it("an array has its declared length whatever the JSON holds", () => {
    expectValues({ type: t.array(2, t.int(), "min=2"), pass: [[0, 0], [1, 2]], fail: [], code: "MIN_ITEMS", message: msg });
    const m = one(t.array(2, t.int(), "min=3"));
    expectTyped(m, { f: [1, 2] }, [fe("f", "MIN_ITEMS", "must have at least 3 items", [1, 2])]);
    // unmarshal reports the array as written in the JSON
    expectUnmarshal(m, '{"f":[1]}', [fe("f", "MIN_ITEMS", "must have at least 3 items", [1])]);
    expectUnmarshal(m, '{"f":[1,2,3,4]}', [fe("f", "MIN_ITEMS", "must have at least 3 items", [1, 2, 3, 4])]);
  });

  it("a null slice or map is the nil value and is not checked", () => {
    expectTyped(one(t.slice(t.int(), "min=1")), { f: null }, []);
    expectTyped(one(t.map(t.int(), "min=1")), { f: null }, []);
    expectTyped(one(t.ptr(t.slice(t.int()), "min=1")), { f: null }, []);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { tags: t.slice(t.string(), "min=1") });
    expectNested(Leaf, { tags: ["x"] }, { tags: [] }, [fe("tags", "MIN_ITEMS", "must have at least 1 items", [])]);
  });

  it("missing: the zero value (nil) passes without strictMissingFields", () => {
    expectMissing(t.slice(t.int(), "min=1"), []);
    expectMissing(t.map(t.int(), "min=1"), []);
    expectMissing(t.array(2, t.int(), "min=3"), [fe("f", "MIN_ITEMS", "must have at least 3 items", [0, 0])]);
  });
});

describe("min: where it applies", () => {
  it("strings, numbers, slices, arrays, maps and ptrs to them", () => {
    expectAcceptedOn(["string", "int", "int8", "uint64", "float32", "float64", "slice", "array", "map", "ptr-string", "ptr-int", "ptr-slice"], "min=1");
  });

  it("is a ModelError on bool, time, any, models and extras", () => {
    expectRejectedOn(kindsExcept("string", "int", "int8", "uint64", "float32", "float64", "slice", "array", "map", "ptr-string", "ptr-int", "ptr-slice"), "min=1", "min");
  });

  it("is a ModelError with a malformed number", () => {
    for (const tag of ["min=", "min", "min=abc", "min=1x", "min=0x10", "min=1e400"]) {
      expectModelError(() => new Validator(one(t.int(tag), "Bad")), { model: "Bad", field: "f", directive: "min", contains: "malformed number" });
    }
    // a length or item count is a non-negative integer
    for (const tag of ["min=-1", "min=1.5", "min=1e1"]) {
      expectModelError(() => new Validator(one(t.string(tag), "Bad")), { model: "Bad", field: "f", directive: "min", contains: "malformed number" });
      expectModelError(() => new Validator(one(t.slice(t.int(), tag), "Bad")), { model: "Bad", field: "f", directive: "min", contains: "malformed number" });
    }
  });
});
