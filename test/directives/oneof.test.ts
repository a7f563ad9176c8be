// `oneof=a b c`: INVALID_ENUM `must be one of: a, b, c`. Values are space-separated; a number or
// bool matches when its Go text (FormatInt / FormatFloat 'f' -1 / FormatBool) is one of them.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import {
  expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one,
} from "../support/directive-harness.js";

const RGB = "must be one of: red, green, blue";

describe("oneof on strings", () => {
  it("matches exactly: case, spaces and prefixes matter", () => {
    expectValues({
      type: t.string("oneof=red green blue"), pass: ["red", "green", "blue"],
      fail: ["Red", "RED", "red ", " red", "re", "redd", "yellow", "red green"], code: "INVALID_ENUM", message: RGB,
    });
  });

  it("the empty string fails (oneof is not a format check)", () => {
    expectTyped(one(t.string("oneof=red green blue")), { f: "" }, [fe("f", "INVALID_ENUM", RGB, "")]);
  });

  it("unicode values match by code points (no normalisation)", () => {
    expectValues({ type: t.string("oneof=é 😀 日本"), pass: ["é", "😀", "日本"], fail: ["e\u0301", "😀😀", "日"], code: "INVALID_ENUM", message: "must be one of: é, 😀, 日本" });
  });

  it("reads the decoded string", () => {
    const m = one(t.string("oneof=red green blue"));
    expectUnmarshal(m, '{"f":"\\u0072ed"}', []);
    expectUnmarshal(m, '{"f":"r\\u00e9d"}', [fe("f", "INVALID_ENUM", RGB, "réd")]);
  });

  it("repeated spaces separate like one; \\, puts a comma in a value; quotes are not special", () => {
    expectValues({ type: t.string("oneof=a  b"), pass: ["a", "b"], fail: ["", " "], code: "INVALID_ENUM", message: "must be one of: a, b" });
    expectValues({ type: t.string("oneof=a\\,b c"), pass: ["a,b", "c"], fail: ["a", "b"], code: "INVALID_ENUM", message: "must be one of: a,b, c" });
    expectValues({ type: t.string("oneof='a b' c"), pass: ["'a", "b'", "c"], fail: ["a b", "'a b'"], code: "INVALID_ENUM", message: "must be one of: 'a, b', c" });
  });

  it("a list of only spaces is an empty set: every value fails", () => {
    expectValues({ type: t.string("oneof= "), pass: [], fail: ["", " ", "a"], code: "INVALID_ENUM", message: "must be one of: " });
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { color: t.string("oneof=red green blue") });
    expectNested(Leaf, { color: "red" }, { color: "pink" }, [fe("color", "INVALID_ENUM", RGB, "pink")]);
  });

  it("skips a null ptr", () => {
    expectPtrNullSkips(t.ptr(t.string(), "oneof=red green blue"), "pink", "INVALID_ENUM", RGB);
  });

  it("missing: the zero value \"\" fails without strictMissingFields", () => {
    expectMissing(t.string("oneof=red green blue"), [fe("f", "INVALID_ENUM", RGB, "")]);
  });
});

describe("oneof on numbers: the Go text of the value", () => {
  it("ints", () => {
    expectValues({ type: t.int("oneof=1 2 3"), pass: [1, 2, 3], fail: [0, 4, -1], code: "INVALID_ENUM", message: "must be one of: 1, 2, 3" });
    expectValues({ type: t.uint8("oneof=0 255"), pass: [0, 255], fail: [1, 254], code: "INVALID_ENUM", message: "must be one of: 0, 255" });
    expectValues({ type: t.int64("oneof=-9007199254740991"), pass: [-9007199254740991], fail: [-9007199254740990], code: "INVALID_ENUM", message: "must be one of: -9007199254740991" });
  });

  it("floats", () => {
    expectValues({
      type: t.float64("oneof=1.5 -2 0.1 100000000000000000000000 0.0000001"), pass: [1.5, -2, 0.1, 1e23, 1e-7],
      fail: [0.30000000000000004, 2, 1.4999999999999998, 1e22, 1e-6], code: "INVALID_ENUM",
      message: "must be one of: 1.5, -2, 0.1, 100000000000000000000000, 0.0000001",
    });
    expectValues({ type: t.float32("oneof=0.5"), pass: [0.5], fail: [0.25], code: "INVALID_ENUM", message: "must be one of: 0.5" });
  });

  it("a value whose text is not Go's text of any number never matches (1.0, +1, 01, 1e2, -0)", () => {
    const m = one(t.uint8("oneof=-1 1.0 x 3"));
    expectTyped(m, { f: 1 }, [fe("f", "INVALID_ENUM", "must be one of: -1, 1.0, x, 3", 1)]);
    expectTyped(m, { f: 3 }, []);
    expectTyped(one(t.int("oneof=+1 01 1e2")), { f: 1 }, [fe("f", "INVALID_ENUM", "must be one of: +1, 01, 1e2", 1)]);
    expectTyped(one(t.int("oneof=+1 01 1e2")), { f: 100 }, [fe("f", "INVALID_ENUM", "must be one of: +1, 01, 1e2", 100)]);
    expectUnmarshal(one(t.float64("oneof=-0")), '{"f":-0}', [fe("f", "INVALID_ENUM", "must be one of: -0", 0)]);
  });

  it("the JSON is read by value: 1.50 and 15e-1 are 1.5, -0 is 0", () => {
    const m = one(t.float64("oneof=1.5 0"));
    expectUnmarshal(m, '{"f":1.50}', []);
    expectUnmarshal(m, '{"f":15e-1}', []);
    expectUnmarshal(m, '{"f":-0}', []);
    expectTyped(m, { f: -0 }, []);
  });

  it("skips a null ptr; missing: the zero value 0 is checked without strictMissingFields", () => {
    expectPtrNullSkips(t.ptr(t.int(), "oneof=1 2"), 3, "INVALID_ENUM", "must be one of: 1, 2");
    expectMissing(t.int("oneof=1 2"), [fe("f", "INVALID_ENUM", "must be one of: 1, 2", 0)]);
    expectMissing(t.int("oneof=0 1"), []);
  });

  it("reports the failure at nested paths", () => {
    const Leaf = model("Leaf", { level: t.int8("oneof=1 2 3") });
    expectNested(Leaf, { level: 3 }, { level: 4 }, [fe("level", "INVALID_ENUM", "must be one of: 1, 2, 3", 4)]);
  });
});

describe("oneof on bools", () => {
  it("true / false as Go prints them", () => {
    expectValues({ type: t.bool("oneof=true"), pass: [true], fail: [false], code: "INVALID_ENUM", message: "must be one of: true" });
    expectValues({ type: t.bool("oneof=false true"), pass: [true, false], fail: [], code: "INVALID_ENUM", message: "" });
    expectValues({ type: t.bool("oneof=TRUE 1"), pass: [], fail: [true, false], code: "INVALID_ENUM", message: "must be one of: TRUE, 1" });
  });

  it("skips a null ptr; missing: the zero value false is checked without strictMissingFields", () => {
    expectPtrNullSkips(t.ptr(t.bool(), "oneof=true"), false, "INVALID_ENUM", "must be one of: true");
    expectMissing(t.bool("oneof=true"), [fe("f", "INVALID_ENUM", "must be one of: true", false)]);
  });
});

describe("oneof: where it applies", () => {
  const APPLIES = ["string", "bool", "int", "int8", "uint64", "float32", "float64", "ptr-string", "ptr-int"];

  it("strings, numbers, bools and ptrs to them", () => {
    expectAcceptedOn(APPLIES, "oneof=1");
  });

  it("is a ModelError on times, lists, maps, models, any and extras", () => {
    expectRejectedOn(kindsExcept(...APPLIES), "oneof=1", "oneof");
  });

  it("needs a value", () => {
    for (const tag of ["oneof", "oneof="]) {
      expectModelError(() => new Validator(one(t.string(tag), "Bad")), { model: "Bad", field: "f", directive: "oneof", contains: "needs a value" });
    }
  });

  it("an unescaped comma ends the list: what follows is another directive", () => {
    expectModelError(() => new Validator(one(t.string("oneof=a,b"), "Bad")), { model: "Bad", field: "f", directive: "b", contains: "unknown directive 'b'" });
  });
});
