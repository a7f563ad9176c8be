// `required_if=F V` (and the v0.1.x spelling `required_if=F:V`): REQUIRED_IF `field is required
// when F is V`. The condition holds when F's Go text equals V; the field then fails when it is
// zero (missing, null, "", 0, false, an empty list or map). Runs when the object closes.
import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { under } from "../support/directive-cases.js";
import { expectBoth, expectModelError, expectTyped, expectUnmarshal, fe, typed } from "../support/directive-harness.js";

const when = (field: string, f: string, v: string, value: unknown) => fe(field, "REQUIRED_IF", `field is required when ${f} is ${v}`, value);

describe("required_if with a string condition", () => {
  const Review = model("Review", { status: t.string(), reason: t.string("required_if=status rejected") });

  it("fails when the condition holds and the field is zero; passes otherwise", () => {
    expectTyped(Review, { status: "rejected", reason: "" }, [when("reason", "status", "rejected", "")]);
    expectTyped(Review, { status: "rejected", reason: "spam" }, []);
    expectTyped(Review, { status: "approved", reason: "" }, []);
    expectTyped(Review, { status: "", reason: "" }, []);
  });

  it("compares the exact text: case and spaces matter, escapes are decoded", () => {
    for (const status of ["Rejected", "rejected ", " rejected", "rejecte"]) expectTyped(Review, { status, reason: "" }, []);
    expectUnmarshal(Review, '{"status":"rej\\u0065cted","reason":""}', [when("reason", "status", "rejected", "")]);
  });

  it("both spellings: F V and F:V; V may contain spaces", () => {
    const Colon = model("Colon", { status: t.string(), reason: t.string("required_if=status:rejected") });
    expectTyped(Colon, { status: "rejected", reason: "" }, [when("reason", "status", "rejected", "")]);
    const Spaced = model("Spaced", { status: t.string(), reason: t.string("required_if=status on hold") });
    expectTyped(Spaced, { status: "on hold", reason: "" }, [when("reason", "status", "on hold", "")]);
    expectTyped(Spaced, { status: "on", reason: "" }, []);
  });

  it("F:V with spaces in V splits at the colon (the first separator); F V with a colon in V at the space", () => {
    const Colon = model("ColonSpaced", { status: t.string(), reason: t.string("required_if=status:on hold") });
    expectBoth(Colon, { status: "on hold", reason: "" }, [when("reason", "status", "on hold", "")]);
    expectUnmarshal(Colon, '{"status":"on","reason":""}', []);
    const Space = model("SpaceColon", { at: t.string(), reason: t.string("required_if=at 12:30") });
    expectBoth(Space, { at: "12:30", reason: "" }, [when("reason", "at", "12:30", "")]);
    const Named = model("ColonNamed", { status: t.string('json:"st:x"'), reason: t.string("required_if=st:x on hold") });
    expectBoth(Named, { status: "on hold", reason: "" }, [when("reason", "st:x", "on hold", "")]);
  });

  it("names the other field by TS key or JSON name, as written in the message", () => {
    const Named = model("Named", {
      status: t.string('json:"st"'),
      a: t.string("required_if=status x"),
      b: t.string("required_if=st x"),
    });
    expectBoth(Named, { status: "x", a: "", b: "" }, [when("a", "status", "x", ""), when("b", "st", "x", "")]);
  });

  it("missing target: MISSING_FIELD under strictMissingFields; REQUIRED_IF with value null without it", () => {
    expectUnmarshal(Review, '{"status":"rejected"}', [fe("reason", "MISSING_FIELD", "reason field is missing and has no default", null)]);
    expectUnmarshal(Review, '{"status":"rejected"}', [when("reason", "status", "rejected", null)], { strictMissingFields: false });
    expectUnmarshal(Review, '{"status":"rejected","reason":null}', [when("reason", "status", "rejected", null)]);
  });

  it("a ptr or omitempty target is conditional under strictMissingFields: missing, it is REQUIRED_IF only when the condition holds (README)", () => {
    const Optional = model("OptionalReason", {
      status: t.string(),
      reason: t.ptr(t.string(), "required_if=status rejected"),
      note: t.string('json:"note,omitempty" checker:"required_if=status rejected"'),
    });
    expectUnmarshal(Optional, '{"status":"rejected"}', [when("reason", "status", "rejected", null), when("note", "status", "rejected", null)]);
    expectUnmarshal(Optional, '{"status":"approved"}', []);
  });

  it("a missing or null condition field has its zero value's text (\"\")", () => {
    expectUnmarshal(Review, '{"reason":""}', [fe("status", "MISSING_FIELD", "status field is missing and has no default", null)]);
    expectUnmarshal(Review, '{"status":null,"reason":""}', []);
    expectUnmarshal(Review, "{}", [], { strictMissingFields: false });
  });
});

describe("required_if with number and bool conditions: their Go text", () => {
  const Nums = model("Nums", {
    n: t.int(), f: t.float64(), b: t.bool(),
    x: t.int("required_if=n 0"), y: t.int("required_if=f 1.5"), z: t.int("required_if=b true"), w: t.int("required_if=b false"),
    never: t.int("required_if=f 1.50"),
  });

  it("ints and floats compare by value through their Go text", () => {
    expectTyped(Nums, { n: 0, f: 1.5, b: false, x: 0, y: 0, z: 0, w: 1, never: 0 }, [when("x", "n", "0", 0), when("y", "f", "1.5", 0)]);
    expectUnmarshal(Nums, '{"n":1,"f":15e-1,"b":true,"x":0,"y":0,"z":0,"w":0,"never":0}', [when("y", "f", "1.5", 0), when("z", "b", "true", 0)]);
  });

  it("a V that is not Go's text of a number never holds (1.50)", () => {
    expectTyped(Nums, { n: 1, f: 1.5, b: true, x: 0, y: 7, z: 7, w: 0, never: 0 }, []);
  });

  it("a null condition field reads as 0 / false", () => {
    expectUnmarshal(Nums, '{"n":null,"f":null,"b":null,"x":0,"y":0,"z":0,"w":0,"never":0}', [when("x", "n", "0", 0), when("w", "b", "false", 0)]);
    const P = model("P", { s: t.ptr(t.int()), r: t.string("required_if=s 0") });
    expectTyped(P, { s: null, r: "" }, [when("r", "s", "0", "")]);
  });
});

describe("required_if: what counts as zero in the target", () => {
  const Target = model("Target", {
    on: t.bool(),
    s: t.string("required_if=on true"),
    i: t.float32("required_if=on true"),
    b: t.bool("required_if=on true"),
    l: t.slice(t.int(), "required_if=on true"),
    m: t.map(t.int(), "required_if=on true"),
    p: t.ptr(t.string(), "required_if=on true"),
    pz: t.ptr(t.int(), "required_if=on true"),
  });

  it("\"\", 0, false, [], {}, nil and a ptr to a zero value are zero", () => {
    expectTyped(Target, { on: true, s: "", i: 0, b: false, l: [], m: {}, p: null, pz: 0 }, [
      when("s", "on", "true", ""), when("i", "on", "true", 0), when("b", "on", "true", false), when("l", "on", "true", []),
      when("m", "on", "true", {}), when("p", "on", "true", null), when("pz", "on", "true", 0),
    ]);
    expectTyped(Target, { on: true, s: " ", i: -0.5, b: true, l: [0], m: { a: 0 }, p: "", pz: 1 }, [when("p", "on", "true", "")]);
    expectTyped(Target, { on: false, s: "", i: 0, b: false, l: null, m: null, p: null, pz: null }, []);
  });

  it("Go's zero time (0001-01-01T00:00:00Z) is zero", () => {
    const Times = model("Times", { on: t.bool(), at: t.time("required_if=on true") });
    const zero = new Date("0001-01-01T00:00:00Z");
    expectBoth(Times, { on: true, at: zero }, [when("at", "on", "true", "0001-01-01T00:00:00Z")]);
    expectBoth(Times, { on: true, at: new Date(0) }, []);
  });

  it("a nested model present in the JSON is not zero, even one with no fields ({}); null is", () => {
    // found by test/random-models.test.ts: validate took {} of a model with no fields for zero, unmarshal did not
    const Models = model("Models", { on: t.bool(), e: t.model(model("Empty", {}), "required_if=on true") });
    expectBoth(Models, { on: true, e: {} }, []);
    expectUnmarshal(Models, '{"on":true,"e":null}', [when("e", "on", "true", null)]);
  });

  it("reports at nested paths, after the nested object's value checks", () => {
    const Leaf = model("Leaf", { status: t.string("max=3"), reason: t.string("required_if=status bad") });
    const Holder = model("RiHolder", { x: Leaf, items: t.slice(Leaf) });
    const bad = { status: "bad", reason: "" };
    expectBoth(Holder, { x: bad, items: [{ status: "ok", reason: "" }, bad] }, [
      ...under("x", [when("reason", "status", "bad", "")]),
      ...under("items[1]", [when("reason", "status", "bad", "")]),
    ]);
    expectUnmarshal(Holder, '{"items":[{"reason":"","status":"long"}],"x":{"reason":"","status":"bad"}}', [
      fe("items[0].status", "MAX_LENGTH", "must be at most 3 characters", "long"),
      when("x.reason", "status", "bad", ""),
    ]);
  });

  it("object checks run in declaration order, with REQUIRED", () => {
    const M = model("Order", { a: t.string("required_if=c x"), b: t.ptr(t.int(), "required"), c: t.string() });
    expectTyped(M, typed(M, { a: "", b: null, c: "x" }), [when("a", "c", "x", ""), fe("b", "REQUIRED", "field is required", null)]);
    expectUnmarshal(M, '{"c":"x","b":null,"a":""}', [when("a", "c", "x", ""), fe("b", "REQUIRED", "field is required", null)]);
  });
});

describe("required_if: model errors", () => {
  const make = (shape: Parameters<typeof model>[1]) => () => new Validator(model("Ri", shape));

  it("an unknown field, the field itself, a missing value", () => {
    expectModelError(make({ s: t.string(), r: t.string("required_if=zz x") }), { model: "Ri", field: "r", directive: "required_if", contains: "Ri has no field zz" });
    expectModelError(make({ s: t.string(), r: t.string("required_if=r x") }), { model: "Ri", field: "r", directive: "required_if", contains: "cannot refer to itself" });
    expectModelError(make({ s: t.string(), r: t.string("required_if=s") }), { model: "Ri", field: "r", directive: "required_if", contains: "expected required_if=<Field> <Value>" });
    expectModelError(make({ s: t.string(), r: t.string("required_if") }), { model: "Ri", field: "r", directive: "required_if", contains: "needs a value" });
  });

  it("a condition field that is not a string, number or bool", () => {
    for (const other of [t.slice(t.int()), t.map(t.int()), t.time(), t.any(), t.model(model("In", { a: t.int() }))]) {
      expectModelError(make({ s: other, r: t.string("required_if=s x") }), { model: "Ri", field: "r", directive: "required_if", contains: "must be a string, number or bool field" });
    }
  });
});
