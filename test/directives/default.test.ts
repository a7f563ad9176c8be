// `default=<value>`: the value a missing key takes (strings, numbers, bools). Parsed by the
// field's kind when the validator is created; a default that is malformed, out of range or breaks
// the field's own checks is a ModelError.
import { describe, expect, it } from "vitest";
import { Validator, model, t, type Type } from "../../bindings/index.js";
import { expectAcceptedOn, expectModelError, expectRejectedOn, expectUnmarshal, fe, kindsExcept, one, validatorFor } from "../support/directive-harness.js";

const Defaults = model("Defaults", {
  s: t.string("default=abc"),
  i: t.int("default=5"),
  f: t.float64("default=-1.5e1"),
  b: t.bool("default=true"),
  u: t.uint8("default=7"),
  e: t.string("default="),
  p: t.ptr(t.int(), "default=3"),
  c: t.string("default=a\\,b"),
});

const read = (m: typeof Defaults, json: string, opts = {}) => validatorFor(m, opts).dict(validatorFor(m, opts).unmarshal(json) as never);

describe("default: a missing key takes the default", () => {
  it("with strictMissingFields on (no MISSING_FIELD) and off", () => {
    const want = { s: "abc", i: 5, f: -15, b: true, u: 7, e: "", p: 3, c: "a,b" };
    expect(read(Defaults, "{}")).toEqual(want);
    expect(read(Defaults, "{}", { strictMissingFields: false })).toEqual(want);
  });

  it("a present value, even a zero value, wins", () => {
    expect(read(Defaults, '{"s":"","i":0,"f":0,"b":false,"u":0,"e":"x","p":0,"c":""}')).toEqual({ s: "", i: 0, f: 0, b: false, u: 0, e: "x", p: 0, c: "" });
  });

  it("an explicit null is not missing: the zero value (null for a ptr), not the default", () => {
    expect(read(Defaults, '{"s":null,"i":null,"b":null,"p":null}')).toEqual({ s: "", i: 0, f: -15, b: false, u: 7, e: "", p: null, c: "a,b" });
  });

  it("a missing key with a default passes the field's checks (they were checked at creation)", () => {
    expectUnmarshal(one(t.string("default=abc,min=3,alpha")), "{}", []);
    expectUnmarshal(one(t.int("default=2,oneof=1 2,gt=1")), "{}", []);
  });

  it("object checks see the default; the error value of a missing key is null", () => {
    const M = model("Cross", { a: t.string("default=b,gtfield=c"), c: t.string() });
    expectUnmarshal(M, '{"c":"c"}', [fe("a", "MUST_BE_GT_FIELD", "must be greater than field c", null)]);
    expectUnmarshal(M, '{"c":"a"}', []);
    const W = model("With", { a: t.string("default=x"), c: t.string("required_with=a") });
    expectUnmarshal(W, '{"c":""}', [fe("c", "REQUIRED_WITH", "field is required when a is present", "")]);
  });

  it("required wins over default", () => {
    expectUnmarshal(one(t.string("required,default=x")), "{}", [fe("f", "REQUIRED", "field is required", null)]);
  });

  it("nested models fill their own defaults", () => {
    const Inner = model("InnerD", { n: t.int("default=9") });
    const Outer = model("OuterD", { inner: Inner, list: t.slice(Inner) });
    expect(read(Outer as never, '{"inner":{},"list":[{},{"n":1}]}')).toEqual({ inner: { n: 9 }, list: [{ n: 9 }, { n: 1 }] });
  });
});

describe("default: model errors", () => {
  const bad = (type: Type, contains: string) =>
    expectModelError(() => new Validator(one(type, "Bad")), { model: "Bad", field: "f", directive: "default", contains });

  it("a value the kind cannot hold", () => {
    bad(t.int("default=1.5"), "default=1.5 is not an integer for int");
    bad(t.int8("default=128"), "default=128 is out of range for int8");
    bad(t.uint("default=-1"), "default=-1 is out of range for uint");
    bad(t.float32("default=1e39"), "default=1e39 is out of range for float32");
    bad(t.float64("default=1e400"), "default=1e400 is out of range");
    bad(t.int("default=x"), "default=x is not a number");
    bad(t.int("default= 5"), "default= 5 is not a number");
    const notBool = "is not a bool (1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False, as Go's ParseBool)";
    bad(t.bool("default=yes"), `default=yes ${notBool}`);
    bad(t.bool("default=tRUE"), `default=tRUE ${notBool}`);
    bad(t.bool("default= true"), `default= true ${notBool}`);
    // a sign, as Go's ParseInt reads it; a uint takes digits only, as Go's ParseUint
    bad(t.uint8("default=+7"), "default=+7 is not an integer for uint8 (digits only, as Go's ParseUint)");
    bad(t.uint64("default=+0"), "default=+0 is not an integer for uint64 (digits only, as Go's ParseUint)");
    expect(read(one(t.int8("default=+7")) as never, "{}")).toEqual({ f: 7 });
  });

  it("a bool default is read as Go's ParseBool reads it", () => {
    for (const [text, value] of [["1", true], ["t", true], ["T", true], ["TRUE", true], ["True", true], ["0", false], ["f", false], ["F", false], ["FALSE", false], ["False", false]] as const) {
      expect(read(one(t.bool(`default=${text}`)) as never, "{}")).toEqual({ f: value });
    }
  });

  it("a value that breaks the field's own checks", () => {
    bad(t.string("default=ab,min=3"), "default=ab breaks min=3");
    bad(t.int("default=5,oneof=1 2"), "default=5 breaks oneof=1 2");
    bad(t.string("default=x,email"), "default=x breaks email");
    bad(t.float64("lt=0,default=0"), "default=0 breaks lt=0");
  });

  it("no value: a number or bool needs one; a string's default is \"\"", () => {
    bad(t.int("default"), "default needs a value");
    bad(t.bool("default="), "default needs a value");
    expect(read(one(t.string("default")) as never, "{}")).toEqual({ f: "" });
  });

  it("applies to strings, numbers and bools (and ptrs to them)", () => {
    expectAcceptedOn(["string", "int", "int8", "uint64", "float32", "float64", "ptr-string", "ptr-int"], "default=1");
    expectAcceptedOn(["bool"], "default=true");
    expectRejectedOn(kindsExcept("string", "int", "int8", "uint64", "float32", "float64", "ptr-string", "ptr-int", "bool"), "default=1", "default");
  });
});
