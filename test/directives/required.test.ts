// `required`: the key must be present and not null ("", 0, false, [] and {} pass): REQUIRED
// `field is required`, value null. Checked when the enclosing object closes.
import { describe, it } from "vitest";
import { Validator, model, t, type Type } from "../../bindings/index.js";
import { under } from "../support/directive-cases.js";
import {
  ALL_KINDS, KINDS, expectAcceptedOn, expectBoth, expectModelError, expectTyped, expectUnmarshal, fe, one, typed,
} from "../support/directive-harness.js";

const REQ = (field: string) => fe(field, "REQUIRED", "field is required", null);

/** One present value (a zero value, JSON text) per kind of KINDS that can be read from JSON. */
const ZERO_JSON: Record<string, string> = {
  string: '""', bool: "false", int: "0", int8: "0", uint64: "0", float32: "0", float64: "0",
  time: '"0001-01-01T00:00:00Z"', any: "0", slice: "[]", array: "[]", map: "{}", model: '{"a":0}',
  "ptr-string": '""', "ptr-int": "0", "ptr-slice": "[]", "ptr-model": '{"a":0}',
};

describe("required: missing and null fail, zero values pass", () => {
  const kinds = Object.keys(ZERO_JSON);
  const modelOf = (kind: string) => one(KINDS[kind]("required"), `Req_${kind}`);

  it("a missing key is REQUIRED on every kind, with strictMissingFields on or off", () => {
    for (const kind of kinds) {
      expectUnmarshal(modelOf(kind), "{}", [REQ("f")]);
      expectUnmarshal(modelOf(kind), "{}", [REQ("f")], { strictMissingFields: false });
    }
  });

  it("null is REQUIRED on every kind", () => {
    for (const kind of kinds) expectUnmarshal(modelOf(kind), '{"f":null}', [REQ("f")]);
  });

  it("the zero value, present, passes on every kind", () => {
    for (const kind of kinds) expectUnmarshal(modelOf(kind), `{"f":${ZERO_JSON[kind]}}`, []);
  });

  it("validate: null ptrs, nil slices and maps and a null any are REQUIRED; zero values pass", () => {
    for (const kind of ["ptr-string", "ptr-int", "ptr-slice", "ptr-model", "slice", "map", "any"]) {
      expectTyped(modelOf(kind), { f: null }, [REQ("f")]);
    }
    for (const [kind, v] of [["string", ""], ["int", 0], ["bool", false], ["slice", []], ["map", {}], ["ptr-string", ""], ["ptr-int", 0], ["any", false]] as const) {
      expectTyped(modelOf(kind), { f: v }, []);
    }
  });
});

describe("required: order, paths, and no further checks", () => {
  const Address = model("Address", { city: t.string("required"), zip: t.string("required,min=5") });
  const User = model("User", {
    id: t.ptr(t.int(), "required"),
    address: Address,
    name: t.string("min=3"),
    tags: t.slice(t.string(), "required"),
  });

  it("a field that gets REQUIRED gets no other check of its own", () => {
    expectUnmarshal(one(t.string("required,min=3")), "{}", [REQ("f")]);
    expectUnmarshal(one(t.string("required,min=3")), '{"f":null}', [REQ("f")]);
    expectUnmarshal(one(t.string("required,min=3")), '{"f":"ab"}', [fe("f", "MIN_LENGTH", "must be at least 3 characters", "ab")]);
    expectTyped(one(t.ptr(t.string(), "required,min=3,email")), { f: null }, [REQ("f")]);
  });

  it("value checks in document order; REQUIRED when the object closes, in declaration order", () => {
    const value = { id: null, address: { city: "Oslo", zip: "123" }, name: "ab", tags: null };
    expectBoth(User, value, [
      fe("address.zip", "MIN_LENGTH", "must be at least 5 characters", "123"),
      fe("name", "MIN_LENGTH", "must be at least 3 characters", "ab"),
      REQ("id"),
      REQ("tags"),
    ]);
    // keys in another order: the nested object closes (and reports) where it ends in the document
    expectUnmarshal(User, '{"name":"ab","address":{},"tags":null}', [
      fe("name", "MIN_LENGTH", "must be at least 3 characters", "ab"),
      REQ("address.city"),
      REQ("address.zip"),
      REQ("id"),
      REQ("tags"),
    ]);
    expectUnmarshal(User, '{"address":{"zip":null},"name":"ab"}', [
      REQ("address.city"),
      REQ("address.zip"),
      fe("name", "MIN_LENGTH", "must be at least 3 characters", "ab"),
      REQ("id"),
      REQ("tags"),
    ]);
  });

  it("nested paths: model field, slice item, array item, map value, ptr to a model", () => {
    const Leaf = model("Leaf", { name: t.ptr(t.string(), "required") });
    const Holder = model("Holder", { one: Leaf, items: t.slice(Leaf), arr: t.array(2, Leaf), byKey: t.map(Leaf), p: t.ptr(Leaf) });
    const bad = { name: null };
    const good = { name: "x" };
    expectBoth(Holder, { one: bad, items: [good, bad], arr: [bad, good], byKey: { k: good, "a b": bad }, p: bad }, [
      ...under("one", [REQ("name")]),
      ...under("items[1]", [REQ("name")]),
      ...under("arr[0]", [REQ("name")]),
      ...under("byKey.a b", [REQ("name")]),
      ...under("p", [REQ("name")]),
    ]);
    // (arr [] holds two zero Leafs, whose nil name is REQUIRED, as validate sees the value unmarshal returns)
    expectUnmarshal(Holder, '{"one":{"name":"x"},"items":[{}],"arr":[],"byKey":{},"p":null}', [REQ("items[0].name"), REQ("arr[0].name"), REQ("arr[1].name")]);
    expectBoth(Holder, { one: good, items: [], arr: [good, good], byKey: {}, p: null }, []);
  });

  it("a null model field is read as its zero value (its own fields are not REQUIRED)", () => {
    expectUnmarshal(User, '{"id":1,"address":null,"name":"abc","tags":[]}', []);
  });

  it("required and default: a missing key is REQUIRED (the default is not used)", () => {
    expectUnmarshal(one(t.string("required,default=x")), "{}", [REQ("f")]);
    expectUnmarshal(one(t.int("default=5,required")), "{}", [REQ("f")], { strictMissingFields: false });
  });
});

describe("required: where it applies", () => {
  it("every kind", () => {
    expectAcceptedOn(ALL_KINDS, "required");
  });

  it("on t.extras() and on a json:\"-\" field it has no effect (never read from JSON)", () => {
    expectUnmarshal(one(t.extras("required")), "{}", []);
    const Skipped = one(t.string('json:"-" checker:"required"'));
    expectUnmarshal(Skipped, "{}", []);
    expectBoth(Skipped, typed(Skipped), []);
  });

  it("takes no value", () => {
    const bad: Type = t.string("required=true");
    expectModelError(() => new Validator(one(bad, "Bad")), { model: "Bad", field: "f", directive: "required", contains: "takes no value" });
  });
});
