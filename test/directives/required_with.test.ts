// `required_with=F`: REQUIRED_WITH `field is required when F is present`. F is present when it is
// not zero; the field then fails when it is zero (missing, null, "", 0, false, empty list or map).
// Runs when the object closes.
import { describe, expect, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { under } from "../support/directive-cases.js";
import { expectBoth, expectModelError, expectTyped, expectUnmarshal, fe, validateErrors } from "../support/directive-harness.js";

const withF = (field: string, f: string, value: unknown) => fe(field, "REQUIRED_WITH", `field is required when ${f} is present`, value);

describe("required_with: the other field non-zero makes this one required", () => {
  const Contact = model("Contact", { phone: t.string(), ext: t.string("required_with=phone") });

  it("fails when the other is non-zero and this one is zero", () => {
    expectTyped(Contact, { phone: "555", ext: "" }, [withF("ext", "phone", "")]);
    expectTyped(Contact, { phone: "555", ext: "12" }, []);
    expectTyped(Contact, { phone: "", ext: "" }, []);
    expectTyped(Contact, { phone: "", ext: "12" }, []);
  });

  it("missing this field: MISSING_FIELD under strictMissingFields; REQUIRED_WITH, value null, without it", () => {
    expectUnmarshal(Contact, '{"phone":"555"}', [fe("ext", "MISSING_FIELD", "ext field is missing and has no default", null)]);
    expectUnmarshal(Contact, '{"phone":"555"}', [withF("ext", "phone", null)], { strictMissingFields: false });
    expectUnmarshal(Contact, '{"phone":"555","ext":null}', [withF("ext", "phone", null)]);
  });

  it("a missing or null other field is zero", () => {
    expectUnmarshal(Contact, '{"ext":""}', [], { strictMissingFields: false });
    expectUnmarshal(Contact, '{"phone":null,"ext":""}', []);
  });

  it("what counts as present in the other field, per kind", () => {
    const Kinds = model("Kinds", {
      s: t.string(), i: t.int(), b: t.bool(), l: t.slice(t.int()), m: t.map(t.int()), p: t.ptr(t.int()),
      ws: t.string("required_with=s"), wi: t.string("required_with=i"), wb: t.string("required_with=b"),
      wl: t.string("required_with=l"), wm: t.string("required_with=m"), wp: t.string("required_with=p"),
    });
    const blanks = { ws: "", wi: "", wb: "", wl: "", wm: "", wp: "" };
    expectTyped(Kinds, { s: "", i: 0, b: false, l: [], m: {}, p: 0, ...blanks }, []);
    expectTyped(Kinds, { s: "", i: 0, b: false, l: null, m: null, p: null, ...blanks }, []);
    expectTyped(Kinds, { s: " ", i: -1, b: true, l: [0], m: { a: 0 }, p: 5, ...blanks }, [
      withF("ws", "s", ""), withF("wi", "i", ""), withF("wb", "b", ""), withF("wl", "l", ""), withF("wm", "m", ""), withF("wp", "p", ""),
    ]);
  });

  it("what counts as zero in this field, per kind", () => {
    const Targets = model("Targets", {
      on: t.bool(),
      i: t.uint("required_with=on"), l: t.slice(t.int(), "required_with=on"), m: t.map(t.int(), "required_with=on"),
      p: t.ptr(t.string(), "required_with=on"), pz: t.ptr(t.int(), "required_with=on"),
    });
    expectTyped(Targets, { on: true, i: 0, l: [], m: {}, p: null, pz: 0 }, [
      withF("i", "on", 0), withF("l", "on", []), withF("m", "on", {}), withF("p", "on", null), withF("pz", "on", 0),
    ]);
    expectTyped(Targets, { on: true, i: 1, l: null, m: null, p: "", pz: 1 }, [withF("l", "on", null), withF("m", "on", null), withF("p", "on", "")]);
    expectTyped(Targets, { on: true, i: 1, l: [1], m: { a: 1 }, p: "x", pz: 1 }, []);
  });

  it("reports at nested paths and in declaration order at close", () => {
    const Leaf = model("Leaf", { a: t.string("required_with=c"), b: t.string("required_with=c"), c: t.string() });
    const Holder = model("RwHolder", { x: Leaf, byKey: t.map(Leaf) });
    const bad = { a: "", b: "", c: "x" };
    expectBoth(Holder, { x: bad, byKey: { k: bad } }, [
      ...under("x", [withF("a", "c", ""), withF("b", "c", "")]),
      ...under("byKey.k", [withF("a", "c", ""), withF("b", "c", "")]),
    ]);
    expectUnmarshal(Holder, '{"byKey":{"k":{"c":"x","b":"","a":""}},"x":{"b":"","c":"x","a":""}}', [
      ...under("byKey.k", [withF("a", "c", ""), withF("b", "c", "")]),
      ...under("x", [withF("a", "c", ""), withF("b", "c", "")]),
    ]);
  });
});

describe("required_with: times and any", () => {
  const zero = new Date("0001-01-01T00:00:00Z");

  it("Go's zero time (0001-01-01T00:00:00Z) is zero, as the condition and as the target", () => {
    const T = model("T", { at: t.time(), note: t.string("required_with=at"), due: t.time("required_with=note") });
    expectBoth(T, { at: zero, note: "", due: zero }, []);
    expectBoth(T, { at: new Date(0), note: "x", due: zero }, [withF("due", "note", "0001-01-01T00:00:00Z")]);
    expectBoth(T, { at: new Date(0), note: "", due: zero }, [withF("note", "at", "")]);
  });

  it("an any field holding 0 is zero, whatever number came before it in the document", () => {
    const A = model("A", { s: t.string(), n: t.float64(), c: t.any("required_with=s") });
    expectUnmarshal(A, '{"s":"x","n":0,"c":0}', [withF("c", "s", 0)]);
    expectUnmarshal(A, '{"s":"x","n":5,"c":0}', [withF("c", "s", 0)]);
    expectUnmarshal(A, '{"n":5,"s":"x","c":0}', [withF("c", "s", 0)]);
    expectTyped(A, { s: "x", n: 5, c: 0 }, [withF("c", "s", 0)]);
  });

  it("an any field holding [] or {} counts as zero in both checkers", () => {
    const A = model("A2", { s: t.string(), c: t.any("required_with=s") });
    expectBoth(A, { s: "x", c: [] }, [withF("c", "s", [])]);
    expectBoth(A, { s: "x", c: {} }, [withF("c", "s", {})]);
  });

  it("a nested model present in the JSON is never zero, even one with no fields ({}), as the condition and as the target", () => {
    // found by test/random-models.test.ts: validate took {} of a model with no fields for zero, unmarshal did not
    const Empty = model("Empty", {});
    const E = model("E", { s: t.string(), m: t.model(Empty, "required_with=s"), w: t.string("required_with=m") });
    expectBoth(E, { s: "x", m: {}, w: "" }, [withF("w", "m", "")]);
    expect(validateErrors(E, { s: "x", m: {}, w: "" })).toEqual([fe("w", "REQUIRED_WITH", "field is required when m is present", "")]);
    expectUnmarshal(E, '{"s":"x","m":null,"w":""}', [withF("m", "s", null)]);
  });

  it("a nested model missing under strictMissingFields off (or omitempty) takes its zero value, which is not zero either: what validate sees of the value", () => {
    const A = model("A", { x: t.string() });
    const M = model("M", { s: t.string(), a: t.model(A, "required_with=s"), w: t.string("required_with=a") });
    const off = { strictMissingFields: false };
    // a's zero value { x: "" } counts as present: w is required; a itself passes its required_with
    expectUnmarshal(M, '{"s":"x"}', [withF("w", "a", null)], off);
    expect(validateErrors(M, { s: "x", a: { x: "" }, w: "" }, off)).toEqual([withF("w", "a", "")]);
    // with a given, the value unmarshal returns passes validate
    const v = new Validator(M, off);
    const value = v.unmarshal('{"w":"y"}');
    expect(value).toEqual({ s: "", a: { x: "" }, w: "y" });
    expect(v.safeValidate(value).ok).toBe(true);
    const O = model("O", { s: t.string(), a: t.model(A, 'json:"a,omitempty" checker:"required_with=s"'), w: t.string("required_with=a") });
    expectUnmarshal(O, '{"s":"x","w":"y"}', []);
  });

  it("a map built with Object.create(null) is a map like any other", () => {
    const M = model("M", { m: t.map(t.int()), w: t.string("required_with=m") });
    expect(validateErrors(M, { m: Object.create(null), w: "" })).toEqual([]);
  });
});

describe("required_with: model errors", () => {
  const make = (shape: Parameters<typeof model>[1]) => () => new Validator(model("Rw", shape));

  it("an unknown field, the field itself, a missing value", () => {
    expectModelError(make({ s: t.string(), r: t.string("required_with=zz") }), { model: "Rw", field: "r", directive: "required_with", contains: "Rw has no field zz" });
    expectModelError(make({ s: t.string(), r: t.string("required_with=r") }), { model: "Rw", field: "r", directive: "required_with", contains: "cannot refer to itself" });
    expectModelError(make({ s: t.string(), r: t.string("required_with") }), { model: "Rw", field: "r", directive: "required_with", contains: "needs a value" });
  });

  it("the extras field cannot be named", () => {
    expectModelError(make({ x: t.extras(), r: t.string("required_with=x") }), { model: "Rw", field: "r", directive: "required_with", contains: "Rw has no field x" });
  });
});
