// Standard Schema v1 on models, validators and union validators: results, issues and their paths,
// real consumers (@standard-schema/utils, Hono's @hono/standard-validator middleware), and the
// types checked by the TypeScript compiler against @standard-schema/spec itself.

import { SchemaError, getDotPath } from "@standard-schema/utils";
import { sValidator } from "@hono/standard-validator";
import { Hono } from "hono";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  model, ModelError, safeNewModel, schema, t, UnionValidator, Validator, type ConversionError, type Infer, type Model,
} from "../bindings/index.js";

const Address = model("Address", {
  street: t.string("required"),
  city: t.string("required,min=2"),
});

const User = model("User", {
  name: t.string("required,min=2,max=50"),
  email: t.string('json:"email_address" checker:"required,email"'),
  age: t.int("gte=0,lte=150"),
  nickname: t.ptr(t.string()),
  tags: t.slice(t.string(), "max=3,unique"),
  address: Address,
  homes: t.map(Address),
  scores: t.map(t.int()),
  born: t.time(),
});

const ada = {
  name: "Ada",
  email_address: "ada@example.com",
  age: 36,
  nickname: null,
  tags: ["math"],
  address: { street: "1 Loop St", city: "London" },
  homes: {},
  scores: { "a.b": 1 },
  born: "1815-12-10T00:00:00Z",
};

function issuesOf(r: { issues?: readonly unknown[] }): unknown[] {
  if (!r.issues) throw new Error("expected issues");
  return [...r.issues];
}

describe("~standard on a model", () => {
  const std = User["~standard"];

  it("has version 1, vendor checker and a synchronous validate", () => {
    expect(std.version).toBe(1);
    expect(std.vendor).toBe("checker");
    expect(typeof std.validate).toBe("function");
    expect(std.validate(ada)).not.toBeInstanceOf(Promise);
  });

  it("a valid plain object with JSON names gives { value }: the typed value (property keys, Date)", () => {
    const r = std.validate(ada);
    expect(r.issues).toBeUndefined();
    expect(r).toEqual({
      value: {
        name: "Ada", email: "ada@example.com", age: 36, nickname: null, tags: ["math"],
        address: { street: "1 Loop St", city: "London" }, homes: {}, scores: { "a.b": 1 }, born: new Date("1815-12-10T00:00:00Z"),
      },
    });
    expect(Object.keys(r)).toEqual(["value"]);
  });

  it("a typed value (property keys) is accepted too, as newModel accepts it", () => {
    const typed = (std.validate(ada) as { value: Infer<typeof User> }).value;
    expect(std.validate(typed)).toEqual({ value: typed });
  });

  it("failures are { issues: [{ message, path }] } with JSON names and array indexes, in unmarshal's order", () => {
    const r = std.validate({
      ...ada, name: "A", email_address: "nope", tags: ["x", "y", "x", "z"],
      address: { street: "", city: "L" }, homes: { "main.home": { street: "s", city: "P" } },
    });
    expect(r).toEqual({
      issues: [
        { message: "must be at least 2 characters", path: ["name"] },
        { message: "must be a valid email address", path: ["email_address"] },
        { message: "must have at most 3 items", path: ["tags"] },
        { message: "items must be unique", path: ["tags"] },
        { message: "must be at least 2 characters", path: ["address", "city"] },
        { message: "must be at least 2 characters", path: ["homes", "main.home", "city"] },
      ],
    });
  });

  it("nested objects are read by their own keys: JSON names below a root whose keys are property keys", () => {
    const A = model("A", { zip: t.string('json:"zip_code" checker:"min=3"') });
    expect(model("U", { address: A })["~standard"].validate({ address: { zip_code: "1" } })).toEqual({
      issues: [{ message: "must be at least 3 characters", path: ["address", "zip_code"] }],
    });
    const R = model("R", { zip: t.string('json:"zip_code" checker:"required,min=3"') });
    const u = model("U", { address: R, more: t.slice(R), byKey: t.map(R, 'json:"by_key"') })["~standard"];
    expect(u.validate({ address: { zip_code: "1" }, more: [{ zip_code: "12" }], byKey: { k: { zip_code: "" } } })).toEqual({
      issues: [
        { message: "must be at least 3 characters", path: ["address", "zip_code"] },
        { message: "must be at least 3 characters", path: ["more", 0, "zip_code"] },
        // the root was read by property keys (byKey is no JSON name), its map's items by JSON names
        { message: "must be at least 3 characters", path: ["byKey", "k", "zip_code"] },
      ],
    });
    expect(u.validate({ address: { zip_code: "12345" }, more: [{ zip_code: "123" }], byKey: { k: { zip_code: "456" } } })).toEqual({
      value: { address: { zip: "12345" }, more: [{ zip: "123" }], byKey: { k: { zip: "456" } } },
    });
  });

  it("a typed value's issues name its property keys, level by level as newModel read it (a form's values map back to its fields)", () => {
    const typed = (std.validate(ada) as { value: Infer<typeof User> }).value;
    const Line = model("Line", { sku: t.string('json:"sku_code" checker:"min=3"') });
    const Order = model("Order", { email: t.string('json:"email_address" checker:"email"'), lines: t.slice(Line), byId: t.map(Line, 'json:"by_id"') });
    const os = Order["~standard"];
    // JSON names everywhere: the paths are JSON names (as before)
    expect(os.validate({ email_address: "x", lines: [{ sku_code: "a" }], by_id: { "k.1": { sku_code: "b" } } })).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email_address"] },
        { message: "must be at least 3 characters", path: ["lines", 0, "sku_code"] },
        { message: "must be at least 3 characters", path: ["by_id", "k.1", "sku_code"] },
      ],
    });
    // property keys everywhere: the paths are property keys
    expect(os.validate({ email: "x", lines: [{ sku: "a" }], byId: { "k.1": { sku: "b" } } })).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email"] },
        { message: "must be at least 3 characters", path: ["lines", 0, "sku"] },
        { message: "must be at least 3 characters", path: ["byId", "k.1", "sku"] },
      ],
    });
    // a mix: each object by its own keys; a Map root and JSON bytes by JSON names
    expect(os.validate({ email: "x", lines: [{ sku_code: "a" }, { sku: "b" }], byId: {} })).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email"] },
        { message: "must be at least 3 characters", path: ["lines", 0, "sku_code"] },
        { message: "must be at least 3 characters", path: ["lines", 1, "sku"] },
      ],
    });
    expect(os.validate(new Map<string, unknown>([["email_address", "x"], ["lines", [{ sku: "a" }]], ["by_id", {}]]))).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email_address"] },
        { message: "must be at least 3 characters", path: ["lines", 0, "sku"] },
      ],
    });
    expect(os.validate(new TextEncoder().encode('{"email_address": "x", "lines": [{"sku_code": "a"}], "by_id": {}}'))).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email_address"] },
        { message: "must be at least 3 characters", path: ["lines", 0, "sku_code"] },
      ],
    });
    // a wrong kind inside a typed value too
    expect(os.validate({ email: "a@b.co", lines: [{ sku: 7 }], byId: null })).toEqual({
      issues: [{ message: "cannot convert number to string at lines[0].sku_code", path: ["lines", 0, "sku"] }],
    });
    expect(std.validate({ ...typed, email: "nope", address: { street: "s", city: "L" } })).toEqual({
      issues: [
        { message: "must be a valid email address", path: ["email"] },
        { message: "must be at least 2 characters", path: ["address", "city"] },
      ],
    });
    // a union's variant too
    const Dog = model("Dog", { bark: t.string('json:"bark_sound" checker:"min=2"') });
    const Pet = new UnionValidator({ discriminator: "kind", variants: { dog: Dog } });
    expect(Pet["~standard"].validate({ kind: "dog", bark_sound: "w" })).toEqual({ issues: [{ message: "must be at least 2 characters", path: ["bark_sound"] }] });
  });

  it("missing required fields and missing fields without default are issues at their key", () => {
    const r = std.validate({ name: "Ada" });
    expect(issuesOf(r)).toContainEqual({ message: "field is required", path: ["email_address"] });
    expect(issuesOf(r)).toContainEqual({ message: "age field is missing and has no default", path: ["age"] });
  });

  it("a path that is a field's JSON name and also a longer path from another field goes to the key the input has", () => {
    // field "a.b" (a JSON name with a dot) and field "a" of a model with field "b": the error path
    // "a.b" is ambiguous; a key the input has comes first, then the longer name
    const Inner = model("Inner", { B: t.string('json:"b" checker:"min=2"') });
    const Outer = model("Outer", { A: t.model(Inner, 'json:"a"'), AB: t.string('json:"a.b" checker:"min=2"') });
    const paths = (input: unknown) => issuesOf(Outer["~standard"].validate(input) as StandardSchemaV1.Result<unknown>).map((i) => i.path);
    expect(paths({ a: { b: "xx" }, "a.b": "y" })).toEqual([["a.b"]]);
    // the input has no key "a.b" (AB left out, a missing field): both errors go to a > b
    expect(paths({ a: { b: "x" } })).toEqual([["a", "b"], ["a", "b"]]);
  });

  it("a value of the wrong kind is one issue (ConversionError), with its path; map keys keep their dots", () => {
    expect(std.validate({ ...ada, age: "36" })).toEqual({ issues: [{ message: "cannot convert string to int at age", path: ["age"] }] });
    expect(std.validate({ ...ada, scores: { "a.b": 1.5 } })).toEqual({
      issues: [{ message: expect.stringContaining("a.b"), path: ["scores", "a.b"] }],
    });
    const nested = std.validate({ ...ada, tags: ["ok", 7] });
    expect(issuesOf(nested)).toEqual([{ message: expect.any(String), path: ["tags", 1] }]);
  });

  it("a value JSON cannot hold inside a value of another shape than its field's (an object for a list, a list for a model) is at its own keys", () => {
    const at = (input: Record<string, unknown>) => {
      const r = safeNewModel(User, input);
      return { error: !r.ok && { name: r.error.name, field: (r.error as ConversionError).field, got: (r.error as ConversionError).got }, issues: std.validate(input).issues };
    };
    expect(at({ ...ada, tags: { "a.b": NaN } })).toEqual({
      error: { name: "ConversionError", field: "tags.a.b", got: "NaN" },
      issues: [{ message: "cannot convert NaN to []string at tags.a.b", path: ["tags", "a.b"] }],
    });
    expect(at({ ...ada, address: [1, { x: Infinity }] })).toEqual({
      error: { name: "ConversionError", field: "address[1].x", got: "Infinity" },
      issues: [{ message: "cannot convert Infinity to Address at address[1].x", path: ["address", 1, "x"] }],
    });
    expect(at({ ...ada, scores: { "a.b": 1, a: [2, NaN] } })).toEqual({
      error: { name: "ConversionError", field: "scores.a[1]", got: "NaN" },
      issues: [{ message: "cannot convert NaN to int at scores.a[1]", path: ["scores", "a", 1] }],
    });
    // only keys the mis-shaped value has: "n" holds a list, so n.a.a.zz is an unknown key of the map "n.a"'s model
    const Two = model("Two", { n: t.model(model("N", { v: t.int() })), na: t.map(model("E", {}), 'json:"n.a"') });
    expect(Two["~standard"].validate({ "n.a": { a: { zz: NaN } }, n: [1] })).toEqual({
      issues: [{ message: "cannot convert NaN to a JSON value at n.a.a.zz", path: ["n.a", "a", "zz"] }],
    });
    expect(at({ ...ada, age: { "": NaN } })).toEqual({
      error: { name: "ConversionError", field: "age.", got: "NaN" },
      issues: [{ message: "cannot convert NaN to int at age.", path: ["age", ""] }],
    });
  });

  it("paths lead into the input as given: an empty map key, dotted keys at every level, inside an any value, an unknown dotted key", () => {
    const Place = model("Place", { city: t.string("min=2") });
    const Where = model("Where", { byKey: t.map(Place), nested: t.map(t.map(Place)), meta: t.any() });
    const w = new Validator(Where, { strictMissingFields: false, extraFields: "forbid" });
    const paths = (x: unknown) => issuesOf(w["~standard"].validate(x)).map((i) => i.path);
    expect(paths({ byKey: { "": { city: "x" } } })).toEqual([["byKey", "", "city"]]);
    expect(paths({ nested: { "x.y": { "p.q": { city: "x" } } } })).toEqual([["nested", "x.y", "p.q", "city"]]);
    expect(paths({ nested: { x: { "y.p": { city: "x" } } } })).toEqual([["nested", "x", "y.p", "city"]]);
    expect(paths({ meta: { list: [1, NaN] } })).toEqual([["meta", "list", 1]]);
    expect(paths({ meta: { "a.b": [{ "c[0]": Infinity }] } })).toEqual([["meta", "a.b", 0, "c[0]"]]);
    expect(paths({ byKey: { "a.b": { city: "ab", "c.d": 1 } } })).toEqual([["byKey", "a.b", "c.d"]]);
    // a field whose name starts another's: "metadata" is not "data" inside the any field "meta"
    const Doc = model("Doc", { meta: t.any(), metadata: t.int("min=5"), tags: t.slice(t.any()), tagsCount: t.int("min=1") });
    const d = new Validator(Doc, { strictMissingFields: false });
    expect(d.safeNewModel({ meta: 1, metadata: 1, tags: [], tagsCount: 0 })).toMatchObject({ ok: false, error: { errors: [
      { field: "metadata", code: "MIN_VALUE", message: "must be at least 5", value: 1 },
      { field: "tagsCount", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
    ] } });
    expect(issuesOf(d["~standard"].validate({ meta: 1, metadata: 1, tags: [], tagsCount: 0 })).map((i) => i.path)).toEqual([["metadata"], ["tagsCount"]]);
    expect(issuesOf(d["~standard"].validate(new TextEncoder().encode('{"metadata":1,"tagsCount":0}'))).map((i) => i.path)).toEqual([["metadata"], ["tagsCount"]]);
    // a JSON name that starts another ("list" and "list[1]", "meta" and "meta.x"): the key the input has, the longer first
    const Inner = model("Inner", { v: t.int("min=1") });
    const Odd = model("Odd", { list: t.slice(t.int()), at: t.int('json:"list[1]" checker:"min=5"'), meta: t.any(), deep: t.model(Inner, 'json:"meta.x"') });
    const odd = { list: [1, 2], "list[1]": 1, meta: {}, "meta.x": { v: 0 } };
    expect(safeNewModel(Odd, odd)).toMatchObject({ ok: false, error: { errors: [
      { field: "list[1]", code: "MIN_VALUE", message: "must be at least 5", value: 1 },
      { field: "meta.x.v", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
    ] } });
    expect(issuesOf(Odd["~standard"].validate(odd)).map((i) => i.path)).toEqual([["list[1]"], ["meta.x", "v"]]);
    expect(issuesOf(Odd["~standard"].validate({ ...odd, "list[1]": 5, "meta.x": { v: 1 }, meta: NaN })).map((i) => i.path)).toEqual([["meta"]]);
    // an unknown key goes where the input has it: not below an any value that lacks it, nor as a bare key where the input has none
    const Both = model("Both", { meta: t.any(), at: t.model(model("At", {}), 'json:"meta[1]"'), list: t.slice(model("Item", {})), at2: t.model(model("At2", {}), 'json:"list[1]"') });
    const both = new Validator(Both, { extraFields: "forbid" });
    const input = { meta: {}, "meta[1]": { zz: 1 }, list: [{}, { zz: 2 }], "list[1]": {} };
    expect(both.safeNewModel(input)).toMatchObject({ ok: false, error: { errors: [
      { field: "meta[1].zz", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 1 },
      { field: "list[1].zz", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 2 },
    ] } });
    expect(issuesOf(both["~standard"].validate(input)).map((i) => i.path)).toEqual([["meta[1]", "zz"], ["list", 1, "zz"]]);
    // JSON bytes: no input to ask, so a key is the shortest that fits the model (the error path
    // nested.x.y.p.city cannot tell x / y.p from x.y / p)
    const bytes = new TextEncoder().encode('{"nested":{"x.y":{"p":{"city":"x"}}}}');
    expect(issuesOf(w["~standard"].validate(bytes)).map((i) => i.path)).toEqual([["nested", "x", "y.p", "city"]]);
  });

  it("a body nested 20,000 arrays deep is an issue, not a thrown RangeError (a Hono or tRPC server answers 400, not 500)", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const r = model("DeepBody", { meta: t.any() })["~standard"].validate({ meta: deep });
    expect(issuesOf(r)).toEqual([{ message: expect.stringMatching(/^cannot convert a value nested deeper than 1000 levels to any at meta\[0\]/), path: ["meta", ...Array(999).fill(0)] }]);
  });

  it("a value that is not an object is one issue without a path", () => {
    for (const v of ["Ada", 42, null, undefined, [ada]]) {
      const r = std.validate(v);
      expect(issuesOf(r)).toHaveLength(1);
      expect(issuesOf(r)[0]).not.toHaveProperty("path");
    }
  });

  it("JSON bytes are read as unmarshal reads them (malformed JSON is an issue without a path)", () => {
    const bytes = new TextEncoder().encode(JSON.stringify(ada));
    expect(std.validate(bytes).issues).toBeUndefined();
    const bad = std.validate(new TextEncoder().encode('{"name": '));
    expect(issuesOf(bad)).toEqual([{ message: expect.stringContaining("unexpected end") }]);
  });

  it("a mistake in the model is thrown (ModelError), not reported as an issue", () => {
    const Bad = model("Bad", { n: t.int("min=abc") });
    expect(() => Bad["~standard"].validate({ n: 1 })).toThrow(ModelError);
  });

  it("jsonSchema gives the model's JSON Schema for draft-2020-12, its draft-07 form for draft-07, and throws for other targets", () => {
    expect(std.jsonSchema.input({ target: "draft-2020-12" })).toEqual(schema(User));
    expect(std.jsonSchema.output({ target: "draft-2020-12" })).toEqual(schema(User));
    // User has no $defs: the draft-07 form differs only in $schema
    expect(std.jsonSchema.input({ target: "draft-07" })).toEqual({ ...schema(User), $schema: "http://json-schema.org/draft-07/schema#" });
    expect(std.jsonSchema.output({ target: "draft-07" })).toEqual(std.jsonSchema.input({ target: "draft-07" }));
    // each call's schema is the caller's own (consumers change it: the AI SDK adds additionalProperties)
    for (const target of ["draft-2020-12", "draft-07"]) {
      const mine = std.jsonSchema.input({ target }) as { additionalProperties?: boolean; required: string[] };
      mine.additionalProperties = false;
      mine.required.push("age");
      expect(std.jsonSchema.input({ target })).not.toHaveProperty("additionalProperties");
    }
    expect(schema(User)).not.toHaveProperty("additionalProperties");
    expect((schema(User) as { required: string[] }).required).toEqual(["name", "email_address"]);
    for (const target of ["openapi-3.0", "draft-04", ""]) {
      expect(() => std.jsonSchema.input({ target })).toThrow(new Error(`checker: unsupported JSON Schema target ${JSON.stringify(target)} ("draft-2020-12" or "draft-07")`));
    }
  });

  it("draft-07: $defs become definitions (references too), a $ref with other keywords goes into allOf (draft-07 ignores its siblings), properties named $ref / $defs stay properties", () => {
    const Tree: Model = model("Tree", {
      label: t.string("required,max=20"),
      kids: t.slice(t.lazy(() => Tree), "max=3"),
      parent: t.ptr(t.lazy(() => Tree)),
      first: t.ptr(t.lazy(() => Tree), "required,required_with=label"),
      ref: t.string('json:"$ref" checker:"min=1"'),
      defs: t.map(t.int8(), 'json:"$defs"'),
    });
    const treeProps = (ref: string) => ({
      label: { type: "string", maxLength: 20 },
      kids: { type: ["array", "null"], items: { $ref: ref }, maxItems: 3 },
      parent: { anyOf: [{ $ref: ref }, { type: "null" }] },
      first: {
        allOf: [{ $ref: ref }],
        "x-checker": [{ directive: "required_with=label", code: "REQUIRED_WITH", message: "field is required when label is present", field: "label" }],
      },
      $ref: { type: "string", minLength: 1 },
      $defs: { type: ["object", "null"], additionalProperties: { type: "integer", minimum: -128, maximum: 127 } },
    });
    const tree = (ref: string) => ({ type: "object", properties: treeProps(ref), required: ["label", "first"] });
    expect(Tree["~standard"].jsonSchema.input({ target: "draft-07" })).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      ...tree("#/definitions/Tree"),
      definitions: { Tree: tree("#/definitions/Tree") },
    });
    // the 2020-12 schema itself is unchanged (a bare $ref with a sibling is fine there)
    const own = schema(Tree) as { properties: { first: unknown } };
    expect(own.properties.first).toEqual({ $ref: "#/$defs/Tree", "x-checker": treeProps("")["first"]["x-checker"] });
  });
});

describe("~standard on a Validator and a UnionValidator", () => {
  it("a Validator validates with its own options (forbid: unknown keys are issues at their path)", () => {
    const v = new Validator(User, { extraFields: "forbid" });
    const r = v["~standard"].validate({ ...ada, address: { ...ada.address, "zip.code": "x" }, extra: 1 });
    expect(r).toEqual({
      issues: [
        { message: "unknown field in JSON", path: ["address", "zip.code"] },
        { message: "unknown field in JSON", path: ["extra"] },
      ],
    });
    expect(User["~standard"].validate({ ...ada, extra: 1 }).issues).toBeUndefined();
  });

  it("an unknown key \"\" of the root (under forbid, or holding a value newModel cannot convert) is an issue at that key, not one without a path (the document's)", () => {
    const v = new Validator(model("Empty", { a: t.int() }), { extraFields: "forbid" });
    expect(v.safeUnmarshal('{"":1,"a":1}')).toMatchObject({ ok: false, error: { errors: [{ field: "", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 1 }] } });
    const issue = { message: "unknown field in JSON", path: [""] };
    expect(v["~standard"].validate({ "": 1, a: 1 })).toEqual({ issues: [issue] });
    expect(v["~standard"].validate(new Map([["", 1], ["a", 1]]))).toEqual({ issues: [issue] });
    expect(v["~standard"].validate(new TextEncoder().encode('{"":1,"a":1}'))).toEqual({ issues: [issue] });
    // a value there that newModel cannot convert (any extraFields: the unknown key is written first)
    const lax = new Validator(model("Empty", { a: t.int() }));
    expect(lax.safeNewModel({ "": NaN, a: 1 })).toMatchObject({ ok: false, error: { name: "ConversionError", field: "", expected: "a JSON value", got: "NaN" } });
    const nan = { message: "cannot convert NaN to a JSON value at the value", path: [""] };
    expect(lax["~standard"].validate({ "": NaN, a: 1 })).toEqual({ issues: [nan] });
    expect(lax["~standard"].validate(new Map<string, unknown>([["", NaN], ["a", 1]]))).toEqual({ issues: [nan] });
    // the document itself still has no path
    expect(lax["~standard"].validate(new Map<unknown, unknown>([["", 1], [2, 1]]))).toEqual({ issues: [{ message: "cannot convert a number key to a Map with string keys at the value" }] });
  });

  const Cat = model("Cat", { lives: t.int("gte=1,lte=9") });
  const Dog = model("Dog", { bark: t.string("required") });
  const Pet = new UnionValidator({ discriminator: "pet_type", variants: { cat: Cat, dog: Dog } });

  it("a union gives { value: { variant, value } } for the variant its discriminator names", () => {
    expect(Pet["~standard"].validate({ pet_type: "dog", bark: "woof" })).toEqual({ value: { variant: "dog", value: { bark: "woof" } } });
  });

  it("union issues: the variant's own, or the discriminator's at its key", () => {
    expect(Pet["~standard"].validate({ pet_type: "cat", lives: 10 })).toEqual({ issues: [{ message: "must be at most 9", path: ["lives"] }] });
    expect(Pet["~standard"].validate({ pet_type: "cow" })).toEqual({ issues: [{ message: "must be one of: cat, dog", path: ["pet_type"] }] });
    expect(Pet["~standard"].validate({ lives: 3 })).toEqual({ issues: [{ message: "field is required", path: ["pet_type"] }] });
    expect(issuesOf(Pet["~standard"].validate("cat"))).toEqual([{ message: expect.stringContaining("pet_type") }]);
  });
});

describe("real consumers", () => {
  it("@standard-schema/utils: SchemaError and getDotPath read checker's issues", () => {
    const r = User["~standard"].validate({ ...ada, address: { street: "s", city: "L" }, tags: ["a", 2] });
    if (!r.issues) throw new Error("expected issues");
    const err = new SchemaError(r.issues);
    expect(err).toBeInstanceOf(Error);
    expect(err.issues).toBe(r.issues);
    expect(r.issues.map(getDotPath)).toEqual(["tags.1"]);
    const r2 = User["~standard"].validate({ ...ada, address: { street: "s", city: "L" } });
    expect(new SchemaError(r2.issues!).message).toBe("must be at least 2 characters");
    expect(r2.issues!.map(getDotPath)).toEqual(["address.city"]);
  });

  it("Hono's sValidator middleware: 400 with the issues for a bad body, the typed value in the handler otherwise", async () => {
    const app = new Hono().post("/users", sValidator("json", User), (c) => {
      const user = c.req.valid("json");
      return c.json({ name: user.name, email: user.email, bornYear: user.born.getUTCFullYear() }, 201);
    });
    const post = (body: unknown) => app.request("/users", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const ok = await post(ada);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ name: "Ada", email: "ada@example.com", bornYear: 1815 });
    const bad = await post({ ...ada, name: "A", age: 200 });
    expect(bad.status).toBe(400);
    const body = await bad.json() as { success: boolean; error: unknown[] };
    expect(body.success).toBe(false);
    expect(body.error).toEqual([
      { message: "must be at least 2 characters", path: ["name"] },
      { message: "must be at most 150", path: ["age"] },
    ]);
  });

  it("Hono's sValidator with a UnionValidator", async () => {
    const Cat = model("Cat", { lives: t.int("gte=1") });
    const Pet = new UnionValidator({ discriminator: "kind", variants: [{ value: "cat", model: Cat }] });
    const app = new Hono().post("/pets", sValidator("json", Pet), (c) => c.json(c.req.valid("json")));
    const r = await app.request("/pets", { method: "POST", body: JSON.stringify({ kind: "cat", lives: 3 }), headers: { "content-type": "application/json" } });
    expect(await r.json()).toEqual({ variant: "cat", value: { lives: 3 } });
  });
});

describe("types", () => {
  it("models, validators and unions are StandardSchemaV1 / StandardJSONSchemaV1 of @standard-schema/spec, with the typed value as output", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "..");
    const file = join(root, "test", "standard-schema-types.virtual.ts");
    const source = `
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { model, t, UnionValidator, Validator, type Infer } from "../bindings/index.js";
const User = model("User", { name: t.string(), born: t.time(), tags: t.slice(t.string()) });
const Cat = model("Cat", { lives: t.int() });
const Pet = new UnionValidator({ discriminator: "kind", variants: { cat: Cat } });
export const a: StandardSchemaV1<Infer<typeof User>, Infer<typeof User>> = User;
export const b: StandardSchemaV1<Infer<typeof User>, Infer<typeof User>> = new Validator(User);
export const c: StandardSchemaV1 = Pet;
export const d: StandardJSONSchemaV1 = User;
type Out = StandardSchemaV1.InferOutput<typeof User>;
export const e: Out = { name: "a", born: new Date(), tags: null };
// @ts-expect-error name is a string
export const f: Out = { name: 1, born: new Date(), tags: null };
type PetOut = StandardSchemaV1.InferOutput<typeof Pet>;
export const g: PetOut = { variant: "cat", value: { lives: 9 } };
// @ts-expect-error there is no variant dog
export const h: PetOut = { variant: "dog", value: { lives: 9 } };
const r = User["~standard"].validate({});
export const i: string | undefined = r.issues ? undefined : r.value.name;
`;
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true, noEmit: true, skipLibCheck: true, types: ["node"], lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, ...rest) => name === file ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram([file], options, host);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  });
});
