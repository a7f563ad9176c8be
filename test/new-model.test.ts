// newModel / safeNewModel: bytes, typed values (TS property keys), dicts and Maps (JSON names);
// conversion as Go's JSON round trip converts; ConversionError and ValidationError exactly.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ConversionError, JsonSyntaxError, model, newModel, safeNewModel, safeValidate, t, UnionValidator, UnmarshalTypeError, ValidationError, Validator,
  type Infer, type NewModelError,
} from "../bindings/index.js";
import { documents } from "./support/issue5-gen.js";
import { safeNewModelByText } from "../bindings/new-model.js";
import { directNewModel } from "../bindings/new-model-copy.js";

const Address = model("Address", { City: t.string('json:"city" checker:"required"'), Zip: t.string('json:"zip_code"') });
const User = model("User", {
  Name: t.string('json:"name" checker:"required,min=2"'),
  Age: t.int('json:"age" checker:"gte=0"'),
  Tags: t.slice(t.string(), 'json:"tags"'),
  Addr: t.model(Address, 'json:"address"'),
  When: t.time('json:"when"'),
  Big: t.int64('json:"big"'),
  Role: t.string('json:"role" checker:"default=user"'),
  Secret: t.string('json:"-"'),
});
type User = Infer<typeof User>;

const when = new Date("2020-01-02T03:04:05.678Z");
const typed = (): User => ({
  Name: "Jo", Age: 30, Tags: ["a"], Addr: { City: "Oslo", Zip: "0150" }, When: when, Big: 2 ** 40, Role: "admin", Secret: "s3",
});
const dict = { name: "Jo", age: 30, tags: ["a"], address: { city: "Oslo", zip_code: "0150" }, when: "2020-01-02T03:04:05.678Z", big: 2 ** 40, role: "admin" };

function failure(input: unknown, v = new Validator(User)): NewModelError {
  const r = v.safeNewModel(input as never);
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  expect(() => v.newModel(input as never)).toThrow(r.error.constructor as new () => Error);
  return r.error;
}

function conversion(input: unknown, field: string, expected: string, got: string, v?: Validator<typeof User>): void {
  const e = failure(input, v);
  expect(e).toBeInstanceOf(ConversionError);
  expect(e).toMatchObject({ field, expected, got, message: `cannot convert ${got} to ${expected} at ${field === "" ? "the value" : field}` });
}

describe("inputs", () => {
  it("JSON bytes are read exactly as unmarshal reads them", () => {
    const v = new Validator(User);
    const bytes = new TextEncoder().encode(JSON.stringify(dict));
    expect(v.newModel(bytes)).toEqual({ ...typed(), Secret: "" });
    expect(failure(new TextEncoder().encode('{"name":'))).toBeInstanceOf(JsonSyntaxError);
    const mistyped = failure(new TextEncoder().encode('{"name":"Jo","age":"1"}'));
    expect(mistyped).toBeInstanceOf(UnmarshalTypeError);
    expect((mistyped as UnmarshalTypeError).field).toBe("age");
  });

  it("a dict (JSON names) is read as Go reads a map: defaults, unknown keys, missing keys", () => {
    const v = new Validator(User);
    const { role: _role, ...noRole } = dict;
    expect(v.newModel({ ...noRole, extra: { x: 1 } })).toEqual({ ...typed(), Role: "user", Secret: "" });
    const e = failure({ name: "J", age: -1 });
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).errors).toEqual([
      { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "J" },
      { field: "age", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
      { field: "tags", code: "MISSING_FIELD", message: "tags field is missing and has no default", value: null },
      { field: "address", code: "MISSING_FIELD", message: "address field is missing and has no default", value: null },
      { field: "when", code: "MISSING_FIELD", message: "when field is missing and has no default", value: null },
      { field: "big", code: "MISSING_FIELD", message: "big field is missing and has no default", value: null },
    ]);
    const forbid = new Validator(User, { extraFields: "forbid", strictMissingFields: false });
    expect((failure({ name: "Jo", address: { city: "x", zip: "1" } }, forbid) as ValidationError).errors).toEqual([
      { field: "address.zip", code: "EXTRA_FIELD", message: "unknown field in JSON", value: "1" },
    ]);
  });

  it("a Map with string keys is a dict", () => {
    expect(new Validator(User).newModel(new Map(Object.entries(dict)))).toEqual({ ...typed(), Secret: "" });
    conversion(new Map<unknown, unknown>([[1, "x"]]), "", "a Map with string keys", "a number key");
  });

  it("a typed value (property keys) is copied, validated, and keeps its json:\"-\" and extras fields", () => {
    const v = new Validator(User);
    const input = typed();
    const out = v.newModel(input);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    expect(out.Addr).not.toBe(input.Addr);
    expect(out.When).not.toBe(input.When);
    const e = failure({ ...typed(), Name: "J", Addr: { City: null, Zip: "" } });
    expect((e as ValidationError).errors).toEqual([
      { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "J" },
      { field: "address.city", code: "REQUIRED", message: "field is required", value: null },
    ]);
    const WithExtras = model("WithExtras", { Name: t.string('json:"name"'), Rest: t.extras() });
    for (const extraFields of ["ignore", "forbid", "allow"] as const) {
      expect(new Validator(WithExtras, { extraFields }).newModel({ Name: "n", Rest: { k: [1] } })).toEqual({ Name: "n", Rest: { k: [1] } });
    }
  });

  it("a complete typed value is copied directly (no JSON text), with what the round trip gives: new containers and Dates, any content as JSON, json:\"-\" and extras fields as they were", () => {
    const Doc = model("Doc", {
      Id: t.uint('json:"id"'), At: t.time('json:"at"'), Meta: t.any('json:"meta"'), Tags: t.map(t.ptr(t.float64()), 'json:"tags"'),
      Secret: t.string('json:"-"'), Rest: t.extras(),
    });
    const v = new Validator(Doc, { extraFields: "allow" });
    const at = new Date("2020-01-02T03:04:05.678Z");
    const rest = { k: [1] };
    const input = { Id: -0, At: at, Meta: { when: at, n: 2n, list: [-0, "x"] }, Tags: { a: -0, b: null }, Secret: "s", Rest: rest };
    expect(directNewModel(v.program.resolved.root, input, v.options.maxDepth, v.options.maxDocumentBytes)).toBeDefined();
    const out = v.newModel(input);
    expect(out).toStrictEqual({ Id: 0, At: at, Meta: { when: "2020-01-02T03:04:05.678Z", n: 2, list: [-0, "x"] }, Tags: { a: -0, b: null }, Secret: "s", Rest: rest });
    expect(safeNewModelByText(v, input)).toStrictEqual({ ok: true, value: out });
    expect(out.At).not.toBe(at);
    expect(out.Tags).not.toBe(input.Tags);
    expect(out.Rest).toBe(rest);
    // a parsed body: JSON names, the time as Go's text (read as the core reads it: go-time.ts)
    const body = { id: 7, at: "2020-01-02T04:04:05.678+01:00", meta: null, tags: {} };
    expect(directNewModel(v.program.resolved.root, body, v.options.maxDepth, v.options.maxDocumentBytes)).toBeDefined();
    expect(v.newModel(body)).toStrictEqual({ Id: 7, At: at, Meta: null, Tags: {}, Secret: "", Rest: {} });
    expect(safeNewModelByText(v, body)).toStrictEqual({ ok: true, value: v.newModel(body) });
    // a value the checks refuse takes the round trip, whose errors are unmarshal's
    const Bounded = model("Bounded", { N: t.int('json:"n" checker:"lte=3"'), Name: t.string('json:"name" checker:"required"') });
    expect(safeNewModel(Bounded, { N: 4, Name: "" })).toStrictEqual(safeNewModelByText(new Validator(Bounded), { N: 4, Name: "" }));
    // a union's variant reads the body with its discriminator key (skipped, as unmarshal skips it)
    const Cat = model("Cat", { Name: t.string('json:"name" checker:"min=2"'), Lives: t.int('json:"lives"') });
    const pets = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }] });
    const cat = pets.variant("cat");
    expect(directNewModel(cat.program.resolved.root, { type: "cat", name: "Tom", lives: 9 }, 1000, 1 << 20)).toEqual({ value: { Name: "Tom", Lives: 9 }, failed: false });
    expect(pets["~standard"].validate({ name: "T", type: "cat", lives: 9 })).toStrictEqual({ issues: [{ message: "must be at least 2 characters", path: ["name"] }] });
    // errors in the round trip's order: a body's keys out of declaration order are read in its own order
    const Two = model("Two", { A: t.int('json:"a" checker:"lte=3"'), B: t.int('json:"b" checker:"lte=3"') });
    const fields = (r: ReturnType<typeof safeNewModel>) => (!r.ok && r.error instanceof ValidationError ? r.error.errors.map((e) => e.field) : []);
    expect(fields(safeNewModel(Two, { a: 4, b: 5 }))).toEqual(["a", "b"]);
    expect(fields(safeNewModel(Two, { b: 5, a: 4 }))).toEqual(fields(safeNewModelByText(new Validator(Two), { b: 5, a: 4 })));
  });

  it("which keys an object is read by: all property keys, or one that is no JSON name -> property keys; else JSON names", () => {
    const v = new Validator(User, { strictMissingFields: false });
    // only property keys, one of them no JSON name: a typed value missing fields, which are missing
    // fields as by JSON names (Role's default; test/standard-schema-review.test.ts)
    expect(v.newModel({ Name: "Jo" } as never)).toMatchObject({ Name: "Jo", Age: 0, Role: "user" });
    expect(v.newModel({ Name: "Jo", Role: undefined } as never)).toMatchObject({ Name: "Jo", Age: 0, Role: "user" });
    // null is not missing: the zero value (README "Missing and null")
    expect(v.newModel({ Name: "Jo", Role: null } as never)).toMatchObject({ Name: "Jo", Age: 0, Role: "" });
    // JSON names: missing fields take defaults
    expect(v.newModel({ name: "Jo" } as never)).toMatchObject({ Name: "Jo", Age: 0, Role: "user" });
    // a mix is a dict: the property key is an unknown key there
    expect((failure({ name: "Jo", Age: 5 }, new Validator(User, { extraFields: "forbid", strictMissingFields: false })) as ValidationError).errors)
      .toEqual([{ field: "Age", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 5 }]);
    // a model whose property keys are its JSON names reads the same either way
    const Same = model("Same", { a: t.int(), b: t.string("default=x") });
    expect(new Validator(Same, { strictMissingFields: false }).newModel({ a: 1 })).toEqual({ a: 1, b: "x" });
    expect(new Validator(Same).newModel({ a: 1, b: "" })).toEqual({ a: 1, b: "" });
  });

  it("each object of a model is read by its own keys: nested models, slices and maps of models with JSON names", () => {
    const Zip = model("Zip", { code: t.string('json:"zip_code" checker:"required,min=3"'), note: t.string('json:"-"') });
    const Home = model("Home", {
      addr: t.model(Zip),
      list: t.slice(t.model(Zip), 'json:"zips"'),
      byName: t.map(t.model(Zip), 'json:"by_name"'),
    });
    const v = new Validator(Home);
    const zip = (code: string, note = "") => ({ code, note });
    // a typed root (every property key) over dicts (JSON names) in a model, a slice and a map field
    expect(v.newModel({ addr: { zip_code: "12345" }, list: [{ zip_code: "111" }], byName: { a: { zip_code: "222" } } } as never))
      .toEqual({ addr: zip("12345"), list: [zip("111")], byName: { a: zip("222") } });
    const e = failure({ addr: { zip_code: "1" }, list: [{ zip_code: "22" }], byName: { a: { zip_code: "3" } } }, v as never);
    expect((e as ValidationError).errors).toEqual([
      { field: "addr.zip_code", code: "MIN_LENGTH", message: "must be at least 3 characters", value: "1" },
      { field: "zips[0].zip_code", code: "MIN_LENGTH", message: "must be at least 3 characters", value: "22" },
      { field: "by_name.a.zip_code", code: "MIN_LENGTH", message: "must be at least 3 characters", value: "3" },
    ]);
    // a dict root over typed values (their json:"-" fields kept), and a mix at one level
    expect(v.newModel({ addr: { code: "123", note: "n1" }, zips: [{ code: "456", note: "n2" }, { zip_code: "789", note: "x" }], by_name: { b: { code: "000", note: "n3" } } } as never))
      .toEqual({ addr: zip("123", "n1"), list: [zip("456", "n2"), zip("789")], byName: { b: zip("000", "n3") } });
    // a Map root is a dict; its nested objects are read by their own keys
    expect(v.newModel(new Map<string, unknown>([["addr", { code: "123", note: "n4" }], ["zips", []], ["by_name", {}]])))
      .toEqual({ addr: zip("123", "n4"), list: [], byName: {} });
  });

  it("anything else is a ConversionError at the value", () => {
    const expected = "JSON bytes (Uint8Array), a User value or a plain object";
    conversion(12345, "", expected, "number");
    conversion('{"name":"Jo"}', "", expected, "string");
    conversion(null, "", expected, "null");
    conversion([dict], "", expected, "array");
    conversion(new Date(0), "", expected, "Date");
    conversion(new (class Point { x = 1 })(), "", expected, "Point");
  });
});

describe("conversion", () => {
  const withField = (patch: Record<string, unknown>) => ({ ...dict, ...patch });

  it("numbers go into number kinds that hold them; number-like strings and bools never do", () => {
    const v = new Validator(User);
    expect(v.newModel(withField({ age: 25.0, big: 9007199254740991n }))).toMatchObject({ Age: 25, Big: Number.MAX_SAFE_INTEGER });
    conversion(withField({ age: 25.5 }), "age", "int", "number 25.5");
    conversion(withField({ age: "25" }), "age", "int", "string");
    conversion(withField({ age: true }), "age", "int", "bool");
    conversion(withField({ big: 2n ** 60n }), "big", "int64", "number 1152921504606846976");
    conversion(withField({ name: 7 }), "name", "string", "number");
  });

  it("-0 in an int or uint field is 0 (as marshal writes it: Math.round(-0.4) is -0, and the text \"-0\" is a uint's type error)", () => {
    const N = model("N", { u: t.uint(), u8: t.uint8(), i: t.int(), f: t.float64() });
    const value = newModel(N, { u: Math.round(-0.4), u8: -0, i: -0, f: -0 });
    expect(value).toStrictEqual({ u: 0, u8: 0, i: 0, f: -0 });
    expect(safeNewModel(N, new Map<string, unknown>([["u", -0], ["u8", 0], ["i", 0], ["f", 0]]))).toStrictEqual({ ok: true, value: { u: 0, u8: 0, i: 0, f: 0 } });
  });

  it("times from a Date or an RFC 3339 string", () => {
    const v = new Validator(User);
    expect(v.newModel(withField({ when })).When).toEqual(when);
    expect(v.newModel(withField({ when: "2020-01-02T05:04:05.678+02:00" })).When).toEqual(when);
    conversion(withField({ when: "2020-01-02" }), "when", "time.Time", 'string "2020-01-02"');
    conversion(withField({ when: 0 }), "when", "time.Time", "number");
  });

  it("paths of nested failures use JSON names, in dicts and typed values alike", () => {
    conversion(withField({ tags: ["a", 2] }), "tags[1]", "string", "number");
    conversion(withField({ address: { city: "x", zip_code: 1 } }), "address.zip_code", "string", "number");
    conversion(withField({ address: [] }), "address", "Address", "array");
    conversion({ ...typed(), Addr: { City: "x", Zip: 1 } }, "address.zip_code", "string", "number");
    conversion({ ...typed(), Tags: "a" }, "tags", "[]string", "string");
  });

  it("values JSON cannot hold are ConversionErrors naming the field's Go type", () => {
    const cyclic: Record<string, unknown> = { city: "x" };
    cyclic.self = cyclic;
    conversion(withField({ age: NaN }), "age", "int", "NaN");
    conversion(withField({ tags: ["a", () => 1] }), "tags[1]", "string", "function");
    conversion(withField({ address: new Map() }), "address", "Address", "Map");
    conversion(withField({ extra: { when: new Date(NaN) } }), "extra.when", "a JSON value", "an invalid Date");
    conversion(withField({ address: cyclic }), "address.self", "a JSON value", "a cycle");
    conversion({ ...typed(), When: new Date(NaN) }, "when", "time.Time", "an invalid Date");
  });
});

describe("stack traces", () => {
  const Small = model("Small", { age: t.int("gte=0") });
  const v = new Validator(Small);
  function callingNewModel(input: unknown): unknown {
    return v.newModel(input as Infer<typeof Small>);
  }
  const thrown = (input: unknown): Error => {
    try {
      callingNewModel(input);
    } catch (e) {
      return e as Error;
    }
    throw new Error("newModel did not throw");
  };

  it("newModel throws its ValidationError and ConversionError with a trace from its caller (safeNewModel returns them without one)", () => {
    const failed = thrown({ age: -1 });
    expect(failed).toBeInstanceOf(ValidationError);
    expect(failed.message).toBe("age: must be at least 0");
    expect(failed.stack).toContain("callingNewModel");
    const converted = thrown({ age: "7" });
    expect(converted).toBeInstanceOf(ConversionError);
    expect(converted.message).toBe("cannot convert string to int at age");
    expect(converted.stack).toContain("callingNewModel");
    const callingSafeNewModel = () => v.safeNewModel({ age: "7" });
    const r = callingSafeNewModel();
    expect(r.ok).toBe(false);
    expect((r as { error: Error }).error.stack).not.toContain("callingSafeNewModel");
  });
});

describe("hostile input (a parsed HTTP body)", () => {
  const Doc = model("DeepDoc", { tags: t.slice(t.string()), meta: t.any() });

  it("nesting past maxDepth is a ConversionError at the level that passes it, never a stack overflow (20,000 arrays deep)", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const v = new Validator(Doc, { maxDepth: 5 });
    // (5 levels: the document, meta, meta[0], meta[0][0], meta[0][0][0])
    conversion({ tags: [], meta: deep }, "meta[0][0][0][0]", "any", "a value nested deeper than 5 levels", v as never);
    // the default limit, 1000: the JSON round trip of the same body is unmarshal's syntax error
    const r = safeNewModel(Doc, { tags: [], meta: deep });
    expect(!r.ok && r.error).toBeInstanceOf(ConversionError);
    expect(!r.ok && r.error.message).toMatch(/^cannot convert a value nested deeper than 1000 levels to any at meta(\[0\]){999}$/);
    // a typed slice of slices nests too
    const Grid = model("Grid", { rows: t.slice(t.slice(t.slice(t.int()))) });
    const g = new Validator(Grid, { maxDepth: 3 }).safeNewModel({ rows: [[[1]]] });
    expect(!g.ok && g.error).toMatchObject({ field: "rows[0][0]", got: "a value nested deeper than 3 levels" });
    expect(new Validator(Grid, { maxDepth: 4 }).safeNewModel({ rows: [[[1]]] })).toEqual({ ok: true, value: { rows: [[[1]]] } });
  });

  it("a hole in an array is null, as JSON.stringify writes it (it was a syntax error in text the user never wrote)", () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(safeNewModel(Doc, { tags: [, "a"], meta: [1, , 2] })).toEqual({ ok: true, value: { tags: ["", "a"], meta: [1, null, 2] } });
  });
});

describe("cross-field checks see a later missing field's value (its default, its zero model), as validate does", () => {
  // newModel's value must pass validate: the condition field is declared after the checked one
  const Ship = model("Ship", { notes: t.slice(t.string(), "required_if=kind 2"), kind: t.int8('json:"n" checker:"default=2"') });
  const Box = model("Box", { tags: t.map(t.int(), "required_with=dims"), dims: t.model(model("Dims", { w: t.int() })) });
  const shipError = { field: "notes", code: "REQUIRED_IF", message: "field is required when kind is 2", value: [] };
  const boxError = { field: "tags", code: "REQUIRED_WITH", message: "field is required when dims is present", value: null };

  it("a default= on the later field makes required_if hold", () => {
    const v = new Validator(Ship);
    expect(failure({ notes: [] }, v as never)).toMatchObject({ errors: [shipError] });
    expect(v.safeUnmarshal('{"notes":[]}')).toMatchObject({ ok: false, error: { errors: [shipError] } });
    expect(v.safeValidate({ notes: [], kind: 2 })).toMatchObject({ ok: false, error: { errors: [shipError] } });
    expect(v.newModel({ notes: ["x"] })).toEqual({ notes: ["x"], kind: 2 });
  });

  it("the zero value a missing model takes (strictMissingFields: false) is present to required_with", () => {
    const v = new Validator(Box, { strictMissingFields: false });
    expect(failure({ tags: null }, v as never)).toMatchObject({ errors: [boxError] });
    expect(v.safeUnmarshal("{}")).toMatchObject({ ok: false, error: { errors: [boxError] } });
    expect(v.safeValidate({ tags: null, dims: { w: 0 } })).toMatchObject({ ok: false, error: { errors: [boxError] } });
    // under strictMissingFields the missing model is MISSING_FIELD, and gives the check no value
    expect(new Validator(Box).safeUnmarshal('{"tags":null}')).toMatchObject({ ok: false, error: { errors: [
      { field: "dims", code: "MISSING_FIELD", message: "dims field is missing and has no default", value: null },
    ] } });
  });
});

describe("a cross-field check naming a json:\"-\" field", () => {
  // no JSON text holds the json:"-" field, so unmarshal skips the check as for a missing field
  // (README gtfield); a typed value holds it, and validate() and newModel of the value check it
  const Pair = model("Pair", { A: t.int("gtfield=B"), B: t.int('json:"-"'), C: t.string("max=1") });
  const failed = { field: "A", code: "MUST_BE_GT_FIELD", message: "must be greater than field B", value: 0 };

  it("fails newModel of a typed value as it fails validate(), with or without another failure", () => {
    for (const [input, errors] of [
      [{ A: 0, B: 1, C: "c" }, [failed]],
      [{ A: 0, B: 1, C: "cc" }, [{ field: "C", code: "MAX_LENGTH", message: "must be at most 1 characters", value: "cc" }, failed]],
    ] as const) {
      const r = safeNewModel(Pair, input);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error instanceof ValidationError && r.error.errors.map(({ field, code, message, value }) => ({ field, code, message, value }))).toEqual(errors);
      expect(safeValidate(Pair, input).ok).toBe(false);
      expect(Pair["~standard"].validate(input)).toMatchObject({ issues: errors.map((e) => ({ message: e.message, path: [e.field] })) });
    }
    expect(safeNewModel(Pair, { A: 2, B: 1, C: "c" })).toStrictEqual({ ok: true, value: { A: 2, B: 1, C: "c" } });
  });

  it("keeps the values as written where the round trip finds the same failures", () => {
    const r = safeNewModel(Pair, { A: 2, B: 1, C: "cc" });
    expect(!r.ok && (r.error as ValidationError).errors.map((e) => [e.field, e.code, e.value])).toEqual([["C", "MAX_LENGTH", "cc"]]);
  });
});

describe("simple API and properties", () => {
  it("newModel and safeNewModel use the model's default validator", () => {
    expect(newModel(User, dict)).toEqual({ ...typed(), Secret: "" });
    const r = safeNewModel(User, { ...dict, age: "1" });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBeInstanceOf(ConversionError);
    expect(safeNewModel(User, dict)).toEqual({ ok: true, value: { ...typed(), Secret: "" } });
  });

  it("for generated documents: newModel(value), newModel(dict(value)) and newModel(bytes) all give the value unmarshal gives", () => {
    const Tree = model("Tree", {
      s: t.string("min=1"), n: t.float32(), when: t.time(), l: t.slice(t.ptr(t.int8())), m: t.map(t.bool()),
      kid: t.ptr(model("Kid", { k: t.uint16(), rest: t.extras() })), a: t.any(), rest: t.extras(),
    });
    const v = new Validator(Tree, { extraFields: "allow" });
    let accepted = 0;
    fc.assert(
      fc.property(documents(v, { unknownKeys: true }), (doc) => {
        const text = JSON.stringify(doc);
        const r = v.safeUnmarshal(text);
        expect(v.safeNewModel(new TextEncoder().encode(text)).ok).toBe(r.ok);
        if (!r.ok) return;
        accepted++;
        expect(v.newModel(r.value)).toEqual(r.value);
        expect(v.newModel(v.dict(r.value))).toEqual(r.value);
        expect(v.newModel(JSON.parse(text) as Record<string, unknown>)).toEqual(r.value);
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(250);
  });
});
