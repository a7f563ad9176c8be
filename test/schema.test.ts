// schema / schemaJSON / schemaOpenAPI / schemaJSONOpenAPI: exact shapes (bindings/schema.ts says
// what they are). Every schema produced here is compiled by ajv in strict mode and every OpenAPI
// schema is checked against the OpenAPI 3.1 rules (test/support/issue5-schema.ts).

import { describe, expect, it } from "vitest";
import {
  model, schema, schemaJSON, schemaJSONOpenAPI, schemaOpenAPI, setTagName, t, UnionValidator, Validator,
  type JsonSchema, type Model, type ValidatorOptions,
} from "../bindings/index.js";
import { compileStrict, openApiProblems, strictAjv } from "./support/issue5-schema.js";
import { COMMON_INPUTS, PATTERN_CASES } from "./support/pattern-cases.js";

const SAFE = Number.MAX_SAFE_INTEGER;
/** What rounds to float32 infinity (halfway between its largest value and 2^128): the float32 kind's bounds, exclusive. */
const F32_OVER = 3.4028235677973366e38;
const DRAFT = "https://json-schema.org/draft/2020-12/schema";

/** Both schemas of a model, each compiled by strict ajv, the OpenAPI one checked against OAS 3.1. */
async function schemasOf(m: Model, options: ValidatorOptions = {}): Promise<{ json: JsonSchema; openapi: JsonSchema }> {
  const v = new Validator(m, options);
  const json = v.schema();
  const openapi = v.schemaOpenAPI();
  compileStrict(json);
  compileStrict(openapi);
  expect(await openApiProblems(openapi, m.name)).toEqual([]);
  return { json, openapi };
}

describe("kinds", () => {
  const Kinds = model("Kinds", {
    s: t.string(), b: t.bool(),
    i: t.int(), i8: t.int8(), i16: t.int16(), i32: t.int32(), i64: t.int64(),
    u: t.uint(), u8: t.uint8(), u16: t.uint16(), u32: t.uint32(), u64: t.uint64(),
    f32: t.float32(), f64: t.float64(), a: t.any(), tm: t.time(),
    ps: t.ptr(t.string()), sl: t.slice(t.int8()), arr: t.array(2, t.bool()), mp: t.map(t.ptr(t.float64())),
    nested: t.slice(t.slice(t.string())),
    secret: t.string('json:"-"'), renamed: t.string('json:"re_named,omitempty"'), extras: t.extras(),
  });

  it("JSON Schema 2020-12: a type per kind, int ranges per kind, nil-able kinds nullable, json:\"-\" and extras absent", async () => {
    const { json } = await schemasOf(Kinds);
    expect(json).toEqual({
      $schema: DRAFT,
      type: "object",
      properties: {
        s: { type: "string" }, b: { type: "boolean" },
        i: { type: "integer", minimum: -SAFE, maximum: SAFE },
        i8: { type: "integer", minimum: -128, maximum: 127 },
        i16: { type: "integer", minimum: -32768, maximum: 32767 },
        i32: { type: "integer", minimum: -2147483648, maximum: 2147483647 },
        i64: { type: "integer", minimum: -SAFE, maximum: SAFE },
        u: { type: "integer", minimum: 0, maximum: SAFE },
        u8: { type: "integer", minimum: 0, maximum: 255 },
        u16: { type: "integer", minimum: 0, maximum: 65535 },
        u32: { type: "integer", minimum: 0, maximum: 4294967295 },
        u64: { type: "integer", minimum: 0, maximum: SAFE },
        f32: { type: "number", exclusiveMinimum: -F32_OVER, exclusiveMaximum: F32_OVER },
        f64: { type: "number" },
        a: {},
        tm: { type: "string", format: "date-time" },
        ps: { type: ["string", "null"] },
        sl: { type: ["array", "null"], items: { type: "integer", minimum: -128, maximum: 127 } },
        arr: { type: "array", items: { type: "boolean" } },
        mp: { type: ["object", "null"], additionalProperties: { type: ["number", "null"] } },
        nested: { type: ["array", "null"], items: { type: ["array", "null"], items: { type: "string" } } },
        re_named: { type: "string" },
      },
    });
  });

  it("OpenAPI 3.1: the same shapes with OpenAPI's format names, no $schema", async () => {
    const { json, openapi } = await schemasOf(Kinds);
    const props = openapi.properties as Record<string, JsonSchema>;
    expect(openapi.$schema).toBeUndefined();
    expect(props.i).toEqual({ type: "integer", format: "int64", minimum: -SAFE, maximum: SAFE });
    expect(props.i64).toEqual({ type: "integer", format: "int64", minimum: -SAFE, maximum: SAFE });
    expect(props.i32).toEqual({ type: "integer", format: "int32", minimum: -2147483648, maximum: 2147483647 });
    expect(props.f32).toEqual({ type: "number", format: "float", exclusiveMinimum: -F32_OVER, exclusiveMaximum: F32_OVER });
    expect(props.f64).toEqual({ type: "number", format: "double" });
    expect(props.i8).toEqual({ type: "integer", minimum: -128, maximum: 127 });
    expect(props.u32).toEqual({ type: "integer", minimum: 0, maximum: 4294967295 });
    // every other property is the JSON Schema one
    const strip = (s: JsonSchema) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "format" || s.type !== "integer" && s.type !== "number"));
    expect(props.mp).toEqual({ type: ["object", "null"], additionalProperties: { type: ["number", "null"], format: "double" } });
    for (const key of ["s", "b", "u", "a", "tm", "ps", "sl", "arr", "nested", "re_named"]) {
      expect(strip(props[key]), key).toEqual((json.properties as Record<string, JsonSchema>)[key]);
    }
    expect(Object.keys(props)).toEqual(Object.keys(json.properties as object));
  });
});

describe("directives", () => {
  const Item = model("Item", { sku: t.string("required"), qty: t.int("min=1") });
  const Directives = model("Directives", {
    name: t.string("required,min=2,max=50"),
    code: t.string("alpha,min=3"),
    handle: t.string("alphanum"),
    email: t.string("email"), site: t.string("url"), id: t.string("uuid"),
    role: t.string("oneof=admin user,default=user"),
    nick: t.ptr(t.string(), "oneof=a b"),
    age: t.int8("gte=0,lte=150"),
    score: t.float64("gt=0,lt=1"),
    count: t.uint("gt=0"),
    tags: t.slice(t.string(), "min=1,max=3,unique"),
    scores: t.map(t.int(), "min=1,maxItems=4,unique"),
    level: t.int16("oneof=1 2 3"),
    on: t.bool("oneof=true"),
    both: t.string("email,url"),
    twice: t.string("min=2,min=4"),
    start: t.int32(), end: t.int32("gtfield=start"),
    kind: t.string(), detail: t.string("required_if=kind x"),
    a: t.string('json:"a_json"'), b: t.string("required_with=a"),
    items: t.slice(t.lazy(() => Item), "unique=sku"),
    ra: t.any("required"),
    rp: t.ptr(t.int8(), "required"),
    rs: t.slice(t.bool(), "required"),
    flag: t.bool("default=true"),
    ratio: t.float32("default=0.5,lte=1"),
    zip: t.string("regexp=^[0-9]{5}$"),
  });

  it("every directive with a keyword becomes that keyword; the others are listed in x-checker", async () => {
    const { json } = await schemasOf(Directives, { extraFields: "forbid" });
    const ext = (directive: string, code: string, message: string, field?: string) =>
      [{ directive, code, message, ...(field ? { field } : {}) }];
    expect(json).toEqual({
      $schema: DRAFT,
      type: "object",
      properties: {
        name: { type: "string", minLength: 2, maxLength: 50 },
        code: { type: "string", pattern: "^[a-zA-Z]*$", minLength: 3 },
        handle: { type: "string", pattern: "^[a-zA-Z0-9]*$" },
        email: { type: "string", format: "email" },
        site: { type: "string", format: "uri" },
        id: { type: "string", format: "uuid" },
        role: { type: "string", enum: ["admin", "user"], default: "user" },
        nick: { type: ["string", "null"], enum: ["a", "b", null] },
        age: { type: "integer", minimum: 0, maximum: 127 },
        score: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        count: { type: "integer", maximum: SAFE, exclusiveMinimum: 0 },
        tags: { type: ["array", "null"], items: { type: "string" }, minItems: 1, maxItems: 3, uniqueItems: true },
        scores: {
          type: ["object", "null"], additionalProperties: { type: "integer", minimum: -SAFE, maximum: SAFE },
          minProperties: 1, maxProperties: 4, "x-checker": ext("unique", "NOT_UNIQUE", "items must be unique"),
        },
        level: { type: "integer", minimum: -32768, maximum: 32767, enum: [1, 2, 3] },
        on: { type: "boolean", enum: [true] },
        both: { type: "string", format: "email", allOf: [{ format: "uri" }] },
        twice: { type: "string", minLength: 4 },
        start: { type: "integer", minimum: -2147483648, maximum: 2147483647 },
        end: {
          type: "integer", minimum: -2147483648, maximum: 2147483647,
          "x-checker": ext("gtfield=start", "MUST_BE_GT_FIELD", "must be greater than field start", "start"),
        },
        kind: { type: "string" },
        detail: { type: "string", "x-checker": ext("required_if=kind x", "REQUIRED_IF", "field is required when kind is x", "kind") },
        a_json: { type: "string" },
        b: { type: "string", "x-checker": ext("required_with=a", "REQUIRED_WITH", "field is required when a is present", "a_json") },
        items: {
          type: ["array", "null"],
          items: {
            type: "object",
            properties: { sku: { type: "string" }, qty: { type: "integer", minimum: 1, maximum: SAFE } },
            required: ["sku"],
            additionalProperties: false,
          },
          "x-checker": ext("unique=sku", "NOT_UNIQUE", "items must be unique"),
        },
        ra: { not: { type: "null" } },
        rp: { type: "integer", minimum: -128, maximum: 127 },
        rs: { type: "array", items: { type: "boolean" } },
        flag: { type: "boolean", default: true },
        ratio: { type: "number", exclusiveMinimum: -F32_OVER, maximum: 1, default: 0.5 },
        zip: { type: "string", pattern: "^[0-9]{5}$" },
      },
      required: ["name", "ra", "rp", "rs"],
      additionalProperties: false,
    });
  });

  it("required lists the required directive only: omitempty, ptr, default and strictMissingFields never change it", async () => {
    const M = model("Req", {
      a: t.string('json:"a,omitempty" checker:"required"'),
      b: t.string('json:"b,omitempty"'),
      c: t.ptr(t.string(), "required"),
      d: t.ptr(t.string()),
      e: t.int("default=3"),
      f: t.int(),
    });
    for (const options of [{}, { strictMissingFields: false }]) {
      const { json, openapi } = await schemasOf(M, options);
      expect(json.required).toEqual(["a", "c"]);
      expect(openapi.required).toEqual(["a", "c"]);
    }
    const { json } = await schemasOf(model("NoReq", { x: t.string() }));
    expect(json).not.toHaveProperty("required");
  });

  it("additionalProperties is false only where unknown keys are errors", async () => {
    const Inner = model("Inner", { x: t.int() });
    const WithExtras = model("WithExtras", { inner: Inner, extras: t.extras() });
    const expected = (forbid: boolean) => ({
      $schema: DRAFT,
      type: "object",
      properties: {
        inner: {
          type: "object", properties: { x: { type: "integer", minimum: -SAFE, maximum: SAFE } },
          ...(forbid ? { additionalProperties: false } : {}),
        },
      },
      ...(forbid ? { additionalProperties: false } : {}),
    });
    expect((await schemasOf(WithExtras, { extraFields: "forbid" })).json).toEqual(expected(true));
    expect((await schemasOf(WithExtras, { extraFields: "ignore" })).json).toEqual(expected(false));
    expect((await schemasOf(WithExtras, { extraFields: "allow" })).json).toEqual(expected(false));
  });
});

describe("regexp / pattern: RE2 written as an ECMAScript pattern (JSON Schema's dialect) for the same strings", () => {
  const patternOf = (directive: string): unknown => {
    const s = schema(model("Pat", { s: t.string(directive) }));
    compileStrict(s);
    return pointerOf(s, ["properties", "s", "pattern"]);
  };

  it("RE2 syntax that is no ECMAScript, or means something else there, is rewritten (it was copied, and ajv refused the schema)", () => {
    expect(patternOf("regexp=(?i)ab")).toBe("[Aa][Bb]");
    expect(patternOf("regexp=\\Aab\\z")).toBe("^ab$");
    expect(patternOf("regexp=[[:alpha:]]+")).toBe("[A-Za-z]+");
    expect(patternOf("regexp=(?P<n>x)\\x{41}\\Q.*\\E")).toBe("xA\\.\\*");
    expect(patternOf("regexp=x{\\,3}")).toBe("x\\{,3\\}");
    expect(patternOf("regexp=]{")).toBe("\\]\\{");
    expect(patternOf("regexp=\\s\\d")).toBe("[\\t\\n\\f\\r ][0-9]");
    expect(patternOf("regexp=(?m)^a$")).toBe("(?<![^\\n])(?=[\\s\\S]|$)a(?![^\\n])(?=[\\s\\S]|$)");
    // \B, and line starts and ends, never stand inside a surrogate pair, where V8 would let them
    expect(patternOf("regexp=a\\B")).toBe("a\\B(?=[\\s\\S]|$)");
    for (const [p, input] of [["\\B", "A😂C"], ["(?m)^$", "a😀b"], ["x\\B", "x😀"]]) {
      expect([new RegExp(patternOf(`regexp=${p}`) as string, "u").test(input), new Validator(model("B", { s: t.string(`regexp=${p}`) })).safeUnmarshal(JSON.stringify({ s: input })).ok], `${p} on ${input}`).toEqual([false, false]);
    }
    expect(patternOf("regexp=.(?s:.)")).toBe("[^\\n][^]");
    expect(patternOf("regexp=\\pN")).toMatch(/^\[0-9²³¹¼-¾٠-٩.*🯰-🯹\]$/u);
    expect(patternOf("regexp=a{01}(b|c)+?")).toBe("a\\{01\\}(?:b|c)+");
  });

  it("a pattern that both read alike is kept as written (the Go library's schema has it so)", () => {
    for (const p of ["^[0-9]{5}$", "^#[0-9a-fA-F]{6}$", "[^a-c]|(ab)+?", "\\d\\w\\b(?:x){2,}\\.\\$[\\-\\]\\\\]"]) {
      expect(patternOf(`regexp=${p}`)).toBe(p);
    }
    // the README's one known disagreement: "" passes any regexp in checker, not the pattern
    const Zip = model("Zip", { z: t.string("regexp=^[0-9]{5}$") });
    expect([new Validator(Zip).safeUnmarshal('{"z":""}').ok, compileStrict(schema(Zip))({ z: "" })]).toEqual([true, false]);
  });

  it("ajv with the schema agrees with checker on the RE2 differential corpus", () => {
    let compared = 0;
    for (const { pattern, inputs = [] } of PATTERN_CASES) {
      let v: Validator;
      try {
        v = new Validator(model("Pat", { s: t.string(`regexp=${pattern.replace(/,/g, "\\,")}`) }));
      } catch {
        continue; // a pattern RE2 rejects
      }
      const s = v.schema();
      const ajv = compileStrict(s);
      for (const input of [...COMMON_INPUTS, ...inputs, "\uD800", "a\uDC00b"]) {
        if (input === "") continue; // "" passes any regexp in checker; the pattern (as the Go library writes it) may refuse it
        compared++;
        expect(ajv({ s: input }), `${pattern} on ${JSON.stringify(input)}`).toBe(v.safeUnmarshal(JSON.stringify({ s: input })).ok);
      }
    }
    expect(compared).toBeGreaterThan(8000);
  });
});

describe("nested models", () => {
  const Address = model("Address", { city: t.string("required"), zip: t.string("min=5") });
  const User = model("User", {
    name: t.string("required"),
    home: Address,
    work: t.ptr(Address),
    past: t.slice(Address),
  });
  const addressSchema = {
    type: "object",
    properties: { city: { type: "string" }, zip: { type: "string", minLength: 5 } },
    required: ["city"],
  };

  it("schema() inlines nested models that are not recursive", async () => {
    const { json } = await schemasOf(User);
    expect(json).toEqual({
      $schema: DRAFT,
      type: "object",
      properties: {
        name: { type: "string" },
        home: addressSchema,
        work: { ...addressSchema, type: ["object", "null"] },
        past: { type: ["array", "null"], items: addressSchema },
      },
      required: ["name"],
    });
  });

  it("schemaOpenAPI() puts nested models in $defs and refers to them; a nullable $ref is an anyOf", async () => {
    const { openapi } = await schemasOf(User);
    expect(openapi).toEqual({
      type: "object",
      properties: {
        name: { type: "string" },
        home: { $ref: "#/$defs/Address" },
        work: { anyOf: [{ $ref: "#/$defs/Address" }, { type: "null" }] },
        past: { type: ["array", "null"], items: { $ref: "#/$defs/Address" } },
      },
      required: ["name"],
      $defs: { Address: addressSchema },
    });
  });

  it("recursive models live in $defs in both outputs (a recursive root also stays inline)", async () => {
    const Node: Model = model("Node", {
      value: t.int8(),
      children: t.slice(t.lazy(() => Node)),
      parent: t.ptr(t.lazy(() => Node)),
    });
    const node = {
      type: "object",
      properties: {
        value: { type: "integer", minimum: -128, maximum: 127 },
        children: { type: ["array", "null"], items: { $ref: "#/$defs/Node" } },
        parent: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] },
      },
    };
    const { json, openapi } = await schemasOf(Node);
    expect(json).toEqual({ $schema: DRAFT, ...node, $defs: { Node: node } });
    expect(openapi).toEqual({ ...node, $defs: { Node: node } });
    const check = compileStrict(json);
    expect(check({ value: 1, children: [{ value: 2, children: null, parent: { value: 3 } }] })).toBe(true);
    expect(check({ value: 1, children: [{ value: 2, parent: { value: 300 } }] })).toBe(false);
  });

  it("mutual recursion: both models on the cycle are referenced; a model off the cycle is inlined", async () => {
    const Leaf = model("Leaf", { n: t.bool() });
    const A: Model = model("A", { b: t.ptr(t.lazy(() => B)), leaf: Leaf });
    const B: Model = model("B", { a: t.ptr(t.lazy(() => A)) });
    const Root = model("Root", { a: A });
    const { json } = await schemasOf(Root);
    const leaf = { type: "object", properties: { n: { type: "boolean" } } };
    expect(json).toEqual({
      $schema: DRAFT,
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: {
        A: { type: "object", properties: { b: { anyOf: [{ $ref: "#/$defs/B" }, { type: "null" }] }, leaf } },
        B: { type: "object", properties: { a: { anyOf: [{ $ref: "#/$defs/A" }, { type: "null" }] } } },
      },
    });
  });

  it("two different models with one name get distinct $defs; names are escaped in the $ref", async () => {
    const First = model("Address", { street: t.string() });
    const Second = model("Address", { line: t.string() });
    const Odd = model("a/b~c d", { ok: t.bool("required") });
    const M = model("Both", { one: First, two: Second, again: First, odd: Odd });
    const { openapi } = await schemasOf(M);
    expect(openapi.properties).toEqual({
      one: { $ref: "#/$defs/Address" },
      two: { $ref: "#/$defs/Address_2" },
      again: { $ref: "#/$defs/Address" },
      odd: { $ref: "#/$defs/a~1b~0c%20d" },
    });
    expect(Object.keys(openapi.$defs as object)).toEqual(["Address", "Address_2", "a/b~c d"]);
    const check = compileStrict(openapi);
    expect(check({ one: {}, two: {}, again: {}, odd: { ok: true } })).toBe(true);
    expect(check({ one: {}, two: {}, again: {}, odd: {} })).toBe(false);
  });
});

describe("bytes, caching and the simple API", () => {
  const Small = model("Small", { name: t.string("required,min=1"), n: t.ptr(t.uint8()) });

  it("schemaJSON is the schema as UTF-8 JSON indented with two spaces, keys in a fixed order", () => {
    const text = new TextDecoder().decode(new Validator(Small).schemaJSON());
    expect(text).toBe(`{
  "$schema": "${DRAFT}",
  "type": "object",
  "properties": {
    "name": {
      "type": "string",
      "minLength": 1
    },
    "n": {
      "type": [
        "integer",
        "null"
      ],
      "minimum": 0,
      "maximum": 255
    }
  },
  "required": [
    "name"
  ]
}`);
    const openapi = new TextDecoder().decode(new Validator(Small).schemaJSONOpenAPI());
    expect(JSON.parse(openapi)).toEqual(new Validator(Small).schemaOpenAPI());
    expect(openapi.startsWith('{\n  "type": "object",\n  "properties": {\n    "name": {\n')).toBe(true);
  });

  it("a validator builds each schema once; schemas are frozen; bytes are fresh copies", () => {
    const v = new Validator(Small);
    const s = v.schema();
    expect(v.schema()).toBe(s);
    expect(v.schemaOpenAPI()).toBe(v.schemaOpenAPI());
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen((s.properties as Record<string, JsonSchema>).name)).toBe(true);
    expect(() => {
      (s as Record<string, unknown>).title = "x";
    }).toThrow(TypeError);
    const b1 = v.schemaJSON();
    b1[0] = 0;
    expect(v.schemaJSON()[0]).toBe("{".charCodeAt(0));
    expect(v.schemaJSON()).not.toBe(v.schemaJSON());
  });

  it("the cache is per validator: options change the schema", () => {
    const lax = new Validator(Small);
    const strict = new Validator(Small, { extraFields: "forbid" });
    expect(lax.schema().additionalProperties).toBeUndefined();
    expect(strict.schema().additionalProperties).toBe(false);
  });

  it("the simple API gives the default validator's schemas", () => {
    const v = new Validator(Small);
    expect(schema(Small)).toEqual(v.schema());
    expect(schemaOpenAPI(Small)).toEqual(v.schemaOpenAPI());
    expect(schema(Small)).toBe(schema(Small));
    expect(new TextDecoder().decode(schemaJSON(Small))).toBe(new TextDecoder().decode(v.schemaJSON()));
    expect(new TextDecoder().decode(schemaJSONOpenAPI(Small))).toBe(new TextDecoder().decode(v.schemaJSONOpenAPI()));
  });

  it("directives are read under the active tag name", async () => {
    const Tagged = model("Tagged", { v: t.string('json:"v" checker:"min=1" validate:"min=10" custom:"min=5"') });
    setTagName("validate");
    try {
      expect(((await schemasOf(Tagged)).json.properties as Record<string, JsonSchema>).v).toEqual({ type: "string", minLength: 10 });
      expect(((await schemasOf(Tagged, { tagName: "custom" })).json.properties as Record<string, JsonSchema>).v)
        .toEqual({ type: "string", minLength: 5 });
    } finally {
      setTagName("");
    }
    expect(((await schemasOf(Tagged)).json.properties as Record<string, JsonSchema>).v).toEqual({ type: "string", minLength: 1 });
  });
});

describe("union schema", () => {
  const Cat = model("Cat", { name: t.string("required"), lives: t.int8("min=1,max=9") });
  const Dog = model("Dog", { name: t.string("required"), owner: t.ptr(t.lazy(() => Person)) });
  const Person = model("Person", { name: t.string() });
  const union = () => new UnionValidator({ discriminator: "kind", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }] });

  it("oneOf the variants in declaration order, each with its discriminator const, and the OpenAPI mapping", () => {
    const person = { type: "object", properties: { name: { type: "string" } } };
    expect(union().schema()).toEqual({
      $schema: DRAFT,
      oneOf: [
        {
          type: "object",
          properties: { kind: { type: "string", const: "cat" }, name: { type: "string" }, lives: { type: "integer", minimum: 1, maximum: 9 } },
          required: ["kind", "name"],
        },
        {
          type: "object",
          properties: { kind: { type: "string", const: "dog" }, name: { type: "string" }, owner: { ...person, type: ["object", "null"] } },
          required: ["kind", "name"],
        },
      ],
      discriminator: { propertyName: "kind", mapping: { cat: "#/oneOf/0", dog: "#/oneOf/1" } },
    });
    const openapi = union().schemaOpenAPI();
    expect(openapi.$schema).toBeUndefined();
    expect(pointerOf(openapi, ["oneOf", 1, "properties", "owner"])).toEqual({ anyOf: [{ $ref: "#/$defs/Person" }, { type: "null" }] });
    expect(openapi.$defs).toEqual({ Person: person });
  });

  it("compiles in strict ajv, conforms to OpenAPI 3.1 and picks exactly the variant the discriminator names", async () => {
    const u = union();
    const check = compileStrict(u.schema());
    compileStrict(u.schemaOpenAPI());
    expect(await openApiProblems(u.schemaOpenAPI(), "Pet")).toEqual([]);
    expect(check({ kind: "cat", name: "Tom", lives: 9 })).toBe(true);
    expect(check({ kind: "cat", name: "Tom", lives: 10 })).toBe(false);
    expect(check({ kind: "dog", name: "Rex", owner: null })).toBe(true);
    expect(check({ kind: "Cat", name: "Tom" })).toBe(false);
    expect(check({ name: "Tom" })).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(u.schemaJSON()))).toEqual(u.schema());
    expect(JSON.parse(new TextDecoder().decode(u.schemaJSONOpenAPI()))).toEqual(u.schemaOpenAPI());
    expect(u.schema()).toBe(u.schema());
  });

  it("a variant field with the discriminator's name keeps its schema and gets the const", () => {
    const Typed = model("Typed", { kind: t.string("required,min=2"), n: t.int8() });
    const u = new UnionValidator({ discriminator: "kind", variants: { ab: Typed } });
    expect(pointerOf(u.schema(), ["oneOf", 0])).toEqual({
      type: "object",
      properties: { kind: { type: "string", minLength: 2, const: "ab" }, n: { type: "integer", minimum: -128, maximum: 127 } },
      required: ["kind"],
    });
  });

  it("recursive variants and models shared by variants are one $defs entry", () => {
    const Tree: Model = model("Tree", { kids: t.slice(t.lazy(() => Tree)), who: t.ptr(Person) });
    const u = new UnionValidator({ discriminator: "t", variants: { tree: Tree, dog: Dog } });
    const s = u.schema();
    expect(Object.keys(s.$defs as object)).toEqual(["Tree"]);
    expect(pointerOf(s, ["oneOf", 0, "properties", "kids", "items"])).toEqual({ $ref: "#/$defs/Tree" });
    expect(Object.keys(u.schemaOpenAPI().$defs as object)).toEqual(["Tree", "Person"]);
    compileStrict(s);
  });
});

describe("an OpenAPI component schema placed in an OpenAPI document", () => {
  it("its $defs references resolve against its root once it has an $id (as the README says to give it); without one they resolve against the document's", () => {
    const Addr = model("OaAddress", { city: t.string("required,min=2") });
    const Usr = model("OaUser", { home: t.model(Addr), name: t.string() });
    const component = new Validator(Usr).schemaOpenAPI();
    const document = (schemas: object, id: string) => ({ $id: id, openapi: "3.1.0", info: { title: "t", version: "1" }, components: { schemas } });
    const ajv = strictAjv();
    ajv.addKeyword({ keyword: "openapi" }).addKeyword({ keyword: "info" }).addKeyword({ keyword: "components" });
    ajv.addSchema(document({ OaUser: { $id: "urn:app:OaUser", ...component } }, "https://example.test/with-id.json"));
    const check = ajv.getSchema("https://example.test/with-id.json#/components/schemas/OaUser")!;
    expect([check({ home: { city: "x" }, name: "a" }), check({ home: { city: "xy" }, name: "a" })]).toEqual([false, true]);
    ajv.addSchema(document({ OaUser: component }, "https://example.test/without-id.json"));
    expect(() => ajv.getSchema("https://example.test/without-id.json#/components/schemas/OaUser")).toThrow(/can't resolve reference #\/\$defs\/OaAddress/);
  });
});

describe("names and values JSON objects cannot take as plain keys; oneof values that leave nothing", () => {
  it("a JSON name, a discriminator or a variant value \"__proto__\" is a property / mapping entry like any other (it was dropped)", () => {
    const P = model("ProtoName", { p: t.string('json:"__proto__" checker:"required,min=3"'), q: t.int() });
    const s = schema(P);
    expect(Object.keys(s.properties as object)).toEqual(["__proto__", "q"]);
    expect(Object.getPrototypeOf(s.properties)).toBe(Object.prototype);
    expect(pointerOf(s, ["properties", "__proto__"])).toEqual({ type: "string", minLength: 3 });
    expect(JSON.stringify(s)).toContain('"__proto__":{"type":"string","minLength":3}');
    compileStrict(s);
    const Cat = model("ProtoCat", { name: t.string("required") });
    const byKey = new UnionValidator({ discriminator: "__proto__", variants: { cat: Cat } });
    expect(Object.keys(pointerOf(byKey.schema(), ["oneOf", 0, "properties"]) as object)).toEqual(["__proto__", "name"]);
    expect(pointerOf(byKey.schema(), ["oneOf", 0, "required"])).toEqual(["__proto__", "name"]);
    const byValue = new UnionValidator({ discriminator: "kind", variants: [{ value: "__proto__", model: Cat }, { value: "dog", model: Cat }] });
    expect(Object.keys((byValue.schemaOpenAPI().discriminator as { mapping: object }).mapping)).toEqual(["__proto__", "dog"]);
    // the draft-07 form (Standard JSON Schema) keeps it too
    const draft07 = P["~standard"].jsonSchema.input({ target: "draft-07" });
    expect(Object.keys(draft07.properties as object)).toEqual(["__proto__", "q"]);
  });

  it("oneof values that can never match (oneof=1e21 on an int, two oneof= with nothing in common) are not: {} (ajv refuses enum: []); nullable keeps null", async () => {
    const Never = model("NeverMatches", { n: t.int("oneof=1e21"), s: t.string("oneof=a b,oneof=c"), p: t.ptr(t.string(), "oneof=a b,oneof=c") });
    const { json } = await schemasOf(Never);
    expect(pointerOf(json, ["properties", "n"])).toEqual({ type: "integer", minimum: -SAFE, maximum: SAFE, not: {} });
    expect(pointerOf(json, ["properties", "s"])).toEqual({ type: "string", not: {} });
    expect(pointerOf(json, ["properties", "p"])).toEqual({ type: ["string", "null"], enum: [null] });
    const check = compileStrict(json);
    expect(check({ n: 1, s: "a", p: null })).toBe(false);
    expect(new Validator(Never).safeUnmarshal('{"n":1,"s":"a","p":null}').ok).toBe(false);
  });
});

function pointerOf(s: JsonSchema, path: (string | number)[]): unknown {
  let cur: unknown = s;
  for (const k of path) cur = (cur as Record<string, unknown>)[k];
  return cur;
}
