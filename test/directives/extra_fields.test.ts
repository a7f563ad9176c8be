// `extra_fields`: marks the t.extras() field (map[string]any, json:"-") that captures unknown keys
// under ExtraAllow; t.extras() implies it. Under ExtraForbid every unknown key is an EXTRA_FIELD
// `unknown field in JSON` at its own path, valued with the key's JSON value.
import { describe, expect, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectBoth, expectModelError, expectUnmarshal, fe, one, typed, validatorFor } from "../support/directive-harness.js";

const extra = (field: string, value: unknown) => fe(field, "EXTRA_FIELD", "unknown field in JSON", value);

const Address = model("Address", { city: t.string() });
const AddressX = model("AddressX", { city: t.string(), more: t.extras() });
const User = model("User", {
  name: t.string("min=2"),
  address: Address,
  ax: AddressX,
  items: t.slice(Address),
  extras: t.extras(),
});
const DOC = '{"zz":[1,{"a":2}],"name":"a","address":{"city":"x","zip":"0150"},"ax":{"city":"y","k":true},"items":[{"city":"z","q":null}],"last":"\\u0041"}';

describe("unknown keys under each ExtraFields mode", () => {
  it("forbid: each unknown key at its own path, in document order, with its JSON value", () => {
    expectUnmarshal(User, DOC, [
      extra("zz", [1, { a: 2 }]),
      fe("name", "MIN_LENGTH", "must be at least 2 characters", "a"),
      extra("address.zip", "0150"),
      extra("ax.k", true),
      extra("items[0].q", null),
      extra("last", "A"),
    ], { extraFields: "forbid" });
  });

  it("forbid: a key that differs from a field's only by case or an escape is unknown", () => {
    const m = one(t.int());
    expectUnmarshal(m, '{"f":1,"F":2}', [extra("F", 2)], { extraFields: "forbid" });
    expectUnmarshal(m, '{"\\u0066":1}', [], { extraFields: "forbid" });
    expectUnmarshal(m, '{"f":1,"f\\u0000":2}', [extra("f\u0000", 2)], { extraFields: "forbid" });
  });

  it("ignore (the default): dropped silently", () => {
    expectUnmarshal(User, DOC, [fe("name", "MIN_LENGTH", "must be at least 2 characters", "a")]);
  });

  it("allow: captured per level into that level's extras field; a level without one ignores them", () => {
    const v = validatorFor(User, { extraFields: "allow" });
    const r = v.unmarshal(DOC.replace('"name":"a"', '"name":"ab"')) as Record<string, unknown>;
    expect(r.extras).toEqual({ zz: [1, { a: 2 }], last: "A" });
    expect((r.ax as Record<string, unknown>).more).toEqual({ k: true });
    expect(r.address).toEqual({ city: "x" });
    expect(r.items).toEqual([{ city: "z" }]);
  });

  it("a typed value's property that is no field is ignored by validate, marshal and dict under forbid; newModel of a parsed object reports it (README)", () => {
    const v = new Validator(Address, { extraFields: "forbid" });
    const value = { city: "x", zip: "0150" } as never;
    expect(v.safeValidate(value)).toEqual({ ok: true, value });
    expect(new TextDecoder().decode(v.marshal(value))).toBe('{"city":"x"}');
    expect(v.dict(value)).toEqual({ city: "x" });
    const r = v.safeNewModel({ city: "x", zip: "0150" });
    expect(r.ok ? [] : (r.error as { errors: unknown }).errors).toEqual([extra("zip", "0150")]);
  });

  it("validate does not look into extras (they hold unknown keys by design)", () => {
    const value = typed(User, { name: "ab", address: { city: "" }, ax: { city: "", more: { k: 1 } }, items: [], extras: { zz: 1 } });
    expectBoth(User, value, [], { extraFields: "allow" });
    expect(validatorFor(User, { extraFields: "forbid" }).safeValidate(value as never).ok).toBe(true);
  });
});

describe("extra_fields: model errors", () => {
  it("ExtraAllow without a t.extras() field at the top level", () => {
    expectModelError(() => new Validator(model("NoExtras", { a: t.int() }), { extraFields: "allow" }), { model: "NoExtras", contains: "ExtraAllow needs an extras field" });
  });

  it("a nested model without one is fine under ExtraAllow", () => {
    expect(() => new Validator(model("Top", { a: Address, x: t.extras() }), { extraFields: "allow" })).not.toThrow();
  });

  it("written on a field that is not t.extras()", () => {
    for (const type of [t.int("extra_fields"), t.map(t.any(), "extra_fields"), t.string('json:"-" checker:"extra_fields"')]) {
      expectModelError(() => new Validator(one(type, "Bad")), { model: "Bad", field: "f", directive: "extra_fields", contains: "can only be used on t.extras() fields" });
    }
  });

  it("written with a value", () => {
    expectModelError(() => new Validator(one(t.extras("extra_fields=x"), "Bad")), { model: "Bad", field: "f", directive: "extra_fields", contains: "takes no value" });
  });

  it("written explicitly on t.extras(), with or without json:\"-\", it is the same field", () => {
    for (const tag of ["extra_fields", 'json:"-" checker:"extra_fields"', 'json:"x"']) {
      const m = model("Explicit", { a: t.int(), x: t.extras(tag) });
      expect((validatorFor(m, { extraFields: "allow" }).unmarshal('{"a":1,"x":2,"y":3}') as Record<string, unknown>).x).toEqual({ x: 2, y: 3 });
    }
  });

  it("two extras fields in one model (the message names the model and both fields, not as Model.field)", () => {
    const err = expectModelError(() => new Validator(model("Two", { a: t.extras(), b: t.extras() })), { model: "Two", contains: "model Two has two extras fields (a, b)" });
    expect(err.field).toBe("b");
  });
});
