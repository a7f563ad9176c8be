// JSON Schema (draft 2020-12) and OpenAPI 3.1 component schemas of a resolved model, and of a
// discriminated union. Schema(), SchemaJSON(), SchemaOpenAPI(), SchemaJSONOpenAPI() of the spec.
//
// Shape
// - A model is `{ type: "object", properties, required?, additionalProperties? }`; properties in
//   declaration order under their JSON names; json:"-" and t.extras() fields are not listed.
// - `required` lists the fields with the `required` directive, nothing else (omitempty, ptr and
//   strictMissingFields never change it).
// - `additionalProperties: false` where unknown keys are errors (extraFields "forbid"); absent
//   otherwise (ignored or captured keys are allowed).
// - Kinds: string -> "string"; bool -> "boolean"; int kinds -> "integer" with the kind's range as
//   minimum/maximum (int8 -128..127, uint8 0..255, ...; int, int64, uint, uint64 are bounded to JS
//   safe integers in this port); float32 -> "number" below +-3.4028235677973366e38 (what rounds to a finite float32); float64 ->
//   "number"; time -> "string" with format "date-time"; any -> {} (anything); slice and [N]T ->
//   "array" with `items`; map -> "object" with `additionalProperties` (the element schema).
//   The OpenAPI output adds OpenAPI's format names: int32 "int32", int/int64 "int64", float32
//   "float", float64 "double".
// - Nullable: a ptr, slice or map (Go writes `null` for nil) that is not `required` gets
//   `type: [T, "null"]` (an enum gets null too; a $ref becomes `anyOf: [{$ref}, {type: "null"}]`).
//   The same in both outputs (OpenAPI 3.1 dropped `nullable`). A required `any` gets
//   `not: {type: "null"}`.
// - Nested models: `schema()` inlines them (as the Go library does) except models on a cycle,
//   which live in `$defs` under their model name and are referenced with `#/$defs/<Name>`;
//   `schemaOpenAPI()` puts every nested model in `$defs` (references `#/$defs/<Name>`). The root
//   itself is always inline; when it is recursive it is also in `$defs`. Two different models with
//   one name get `<Name>_2`, `<Name>_3`, ... in order of first reference.
// - Directives with a keyword: min/max/gte/lte -> minimum/maximum (numbers), minLength/maxLength
//   (strings, code points), minItems/maxItems (slices), minProperties/maxProperties (maps);
//   gt/lt -> exclusiveMinimum/exclusiveMaximum; minItems/maxItems likewise; unique on a slice ->
//   uniqueItems; regexp/pattern -> pattern (the RE2 pattern rewritten in ECMAScript syntax, JSON
//   Schema's, for the same strings: bindings/pattern/ecmascript.ts); oneof -> enum (on an int
//   kind, only the values it can hold); email/url/uuid -> format email/uri/uuid; alpha/alphanum
//   -> pattern; default=V -> default (typed). Bounds given twice, or next to a kind's range, keep
//   the tightest; a second different pattern or format goes in `allOf`. Element constraints are
//   never copied onto `items` (there are none: a tag on an element is a ModelError).
// - Directives with no keyword (gtfield, ltfield, required_if, required_with, unique=F, unique on
//   a map) are listed, not dropped, in the property's `x-checker` extension:
//     "x-checker": [{ "directive": "gtfield=Start", "code": "MUST_BE_GT_FIELD",
//                     "message": "must be greater than field Start", "field": "start" }]
//   `directive` is the directive as written, `code`/`message` what a failure reports, `field` the
//   JSON name of the other field for cross-field directives. Validators in strict mode (ajv's
//   default) need `x-checker`, and `discriminator` for unions, declared as annotation keywords
//   (`ajv.addKeyword("x-checker")`).
// - A union is `{ oneOf: [variant...], discriminator: { propertyName, mapping } }`: each variant
//   is its model's schema, inline, with the discriminator property `{ type: "string", const: V }`
//   first (a variant's own field of that name keeps its keywords but its default) and listed in
//   `required`; variants in declaration order; `mapping` sends each value to its entry,
//   `#/oneOf/<i>` (OpenAPI style).
// - `schema()` carries `$schema` (2020-12); the OpenAPI output carries none (a component schema
//   takes the document's dialect, OpenAPI 3.1's by default). Key order is fixed (the order above,
//   then declaration order), so the bytes are stable. `*JSON*` bytes are UTF-8, indented with two
//   spaces (Go's json.MarshalIndent).
//
// Where a JSON Schema validator and checker agree (test/schema-agreement.test.ts holds ajv to it
// on generated documents). Exact: types of string, bool, float32, float64, any, slices, maps,
// models and ptr (non-null values); int kinds on integers written without a fraction or exponent;
// `required`; additionalProperties false (forbid); min/max/gt/lt/gte/lte on numbers;
// min/max/minItems/maxItems on slices and maps; min/max string lengths (code points); oneof (enum);
// unique on slices of strings, numbers or bools; alpha, alphanum (patterns that also pass "").
// Not exact, and why:
// - null on a field that is not a ptr, slice or map, or as an item of a slice, array or map whose
//   element is not one: checker accepts it (the zero value, as in Go), the schema rejects it.
// - a missing field: under strictMissingFields a non-required field with no default and no ptr is
//   MISSING_FIELD; with it off the zero value is checked (min=1 on a missing int fails). The schema
//   only knows `required`.
// - int kinds: checker (as Go) rejects 1.0 and 1e2 for an int; JSON Schema's integer accepts them.
// - email, url, uuid: JSON Schema formats differ from checker's rules (uuid accepts a `urn:uuid:`
//   prefix, email and uri follow RFCs checker does not) and a format check fails "" where checker
//   passes it.
// - time: date-time (as ajv-formats checks it) accepts lower-case `t`/`z`, leap seconds, a space
//   for the `T` and `+0100` offsets, which checker (as Go's RFC3339) rejects; checker (as Go's
//   time.Parse) accepts a one-digit hour, a comma before the fraction and offsets up to +24:60,
//   which date-time rejects.
// - regexp/pattern: the pattern is checker's, rewritten in ECMAScript syntax, so it matches the
//   same strings (`\B` and (?m) `^`/`$` carry a look-ahead that keeps V8 from matching them inside
//   a surrogate pair); but checker passes "" whatever the pattern, where `pattern` (kept as the Go
//   library writes it) may refuse it.
// - a lone surrogate (`"\ud800"`) is U+FFFD to checker (as Go decodes it) and itself to the
//   schema, so oneof (enum) with U+FFFD in it, and unique (uniqueItems) on strings, tell
//   `"\ud800"`, `"\udc00"` and `"\ufffd"` apart where checker does not (a pattern's classes do
//   hold the surrogates exactly when they hold U+FFFD; an enum or uniqueItems cannot say it).
// - unique on items that are models, times or ptrs: checker compares fields (ignoring unknown
//   keys), instants (not text) and skips nulls; uniqueItems compares JSON values.
// - [N]T: checker reads any length (missing items zero, extra items dropped, as Go) and counts N.
// - directives listed in x-checker (no keyword at all).

import { FLOAT32_OVERFLOW, intRange, isNilable, type Resolved, type RField, type RModel, type RType } from "./resolve.js";
import type { Model } from "./model.js";
import { setMember } from "./values.js";

/** A JSON value (what a schema is made of). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON Schema (2020-12) or OpenAPI 3.1 schema object. Cached schemas are frozen. */
export interface JsonSchema {
  readonly [keyword: string]: JsonValue;
}

export type SchemaDialect = "json-schema" | "openapi";

type JsonObject = { [key: string]: JsonValue };

export const JSON_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** Keywords that keep the larger (lower bounds) or the smaller (upper bounds) of two values. */
const LOWER_BOUNDS = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"]);
const UPPER_BOUNDS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"]);

const OPENAPI_FORMATS: Partial<Record<string, string>> = {
  int32: "int32", int: "int64", int64: "int64", float32: "float", float64: "double",
};

/** Merge one keyword into a schema, keeping the tightest bound; a clash goes into allOf. */
function addKeyword(s: JsonObject, key: string, value: JsonValue): void {
  const had = s[key];
  if (had === undefined) {
    s[key] = value;
  } else if (LOWER_BOUNDS.has(key)) {
    s[key] = Math.max(had as number, value as number);
  } else if (UPPER_BOUNDS.has(key)) {
    s[key] = Math.min(had as number, value as number);
  } else if (key === "enum") {
    s[key] = (had as JsonValue[]).filter((x) => (value as JsonValue[]).includes(x));
  } else if (JSON.stringify(had) !== JSON.stringify(value)) {
    const all = (s.allOf as JsonObject[] | undefined) ?? [];
    s.allOf = [...all, { [key]: value }];
  }
}

/** Of an inclusive and an exclusive bound on the same side (a kind's and a directive's), keep the tighter. */
function dropRedundantBounds(s: JsonObject): void {
  if (typeof s.exclusiveMinimum === "number" && typeof s.minimum === "number") delete s[s.exclusiveMinimum >= s.minimum ? "minimum" : "exclusiveMinimum"];
  if (typeof s.exclusiveMaximum === "number" && typeof s.maximum === "number") delete s[s.exclusiveMaximum <= s.maximum ? "maximum" : "exclusiveMaximum"];
}

/** oneof values an int kind can never hold (1.5, 300 for an int8: no Go text of its values) leave its enum. */
function dropImpossibleInts(s: JsonObject, t: RType): void {
  const range = t.kind === "scalar" ? intRange(t.scalar) : undefined;
  if (range !== undefined && Array.isArray(s.enum)) {
    s.enum = (s.enum as JsonValue[]).filter((x) => Number.isInteger(x) && (x as number) >= range[0] && (x as number) <= range[1]);
  }
}

/** oneof values that can never all match leave no value: `not: {}` (ajv refuses an empty enum). */
function dropEmptyEnum(s: JsonObject): void {
  if (Array.isArray(s.enum) && s.enum.length === 0) {
    delete s.enum;
    s.not = {};
  }
}

function nullable(s: JsonObject): JsonObject {
  if (s.$ref !== undefined) return { anyOf: [s, { type: "null" }] };
  if (s.type === undefined) return s; // any: null is already allowed
  const out: JsonObject = { ...s, type: [s.type as string, "null"] };
  if (Array.isArray(s.enum)) out.enum = [...(s.enum as JsonValue[]), null];
  return out;
}

/** Models that reach themselves through their fields (they need $defs and $ref). */
function recursiveModels(models: Iterable<RModel>): Set<Model> {
  const out = new Set<Model>();
  const children = (m: RModel): RModel[] => {
    const found: RModel[] = [];
    const walk = (t: RType): void => {
      if (t.kind === "model") found.push(t.model);
      else if (t.kind === "ptr" || t.kind === "slice" || t.kind === "array" || t.kind === "map") walk(t.elem);
    };
    for (const f of m.fields) walk(f.type);
    return found;
  };
  for (const start of models) {
    const seen = new Set<RModel>();
    const stack = children(start);
    while (stack.length > 0) {
      const m = stack.pop()!;
      if (m === start) {
        out.add(start.source);
        break;
      }
      if (seen.has(m)) continue;
      seen.add(m);
      stack.push(...children(m));
    }
  }
  return out;
}

/** One schema being written: its dialect and its $defs. */
class SchemaWriter {
  private readonly defNames = new Map<Model, string>();
  private readonly defs: JsonObject = {};
  private readonly recursive: Set<Model>;

  constructor(
    private readonly dialect: SchemaDialect,
    models: Iterable<RModel>,
  ) {
    this.recursive = recursiveModels(models);
  }

  /** The $defs collected so far (absent when empty). */
  withDefs(s: JsonObject): JsonObject {
    if (Object.keys(this.defs).length > 0) s.$defs = this.defs;
    return s;
  }

  private ref(m: RModel): JsonObject {
    let name = this.defNames.get(m.source);
    if (name === undefined) {
      name = m.name;
      // (own keys only: a model named "constructor" or "__proto__" is no clash with Object.prototype)
      for (let i = 2; Object.hasOwn(this.defs, name); i++) name = `${m.name}_${i}`;
      this.defNames.set(m.source, name);
      setMember(this.defs, name, {}); // reserve the slot (and the key order) before writing: models can recurse
      this.defs[name] = this.model(m);
    }
    return { $ref: `#/$defs/${encodePointer(name)}` };
  }

  model(m: RModel, discriminator?: { name: string; value: string }): JsonObject {
    const properties: JsonObject = {};
    const required: string[] = [];
    if (discriminator) {
      setMember(properties, discriminator.name, { type: "string", const: discriminator.value });
      required.push(discriminator.name);
    }
    for (const f of m.fields) {
      if (f.skip) continue;
      const s = this.field(f);
      if (discriminator?.name === f.jsonName) {
        // no default: the union never applies it (a missing discriminator is REQUIRED), and one
        // naming another variant would contradict the const
        const { default: _never, ...own } = s;
        setMember(properties, f.jsonName, { ...own, const: discriminator.value });
        continue;
      }
      setMember(properties, f.jsonName, s); // (a JSON name "__proto__" is a property like any other)
      if (f.required) required.push(f.jsonName);
    }
    const out: JsonObject = { type: "object", properties };
    if (required.length > 0) out.required = required;
    if (m.extraMode === "forbid") out.additionalProperties = false;
    return out;
  }

  private field(f: RField): JsonObject {
    let s = this.type(f.base);
    const extension: JsonObject[] = [];
    for (const c of f.valueChecks) {
      if (c.schema === undefined) {
        extension.push({ directive: c.directive, code: c.code, message: c.message });
        continue;
      }
      for (const [k, v] of Object.entries(c.schema)) addKeyword(s, k, v as JsonValue);
    }
    dropRedundantBounds(s);
    dropImpossibleInts(s, f.base);
    for (const c of f.objectChecks) {
      const other = f.owner.fields[c.other.slot];
      extension.push({ directive: c.directive, code: c.code, message: c.message, field: other.jsonName });
    }
    if (f.defaultValue !== undefined) s.default = f.defaultValue;
    if (f.required) {
      if (f.base.kind === "scalar" && f.base.scalar === "any") s.not = { type: "null" };
    } else if (isNilable(f.type)) {
      s = nullable(s); // (an empty enum becomes [null]: null passes, as checker takes it)
    }
    dropEmptyEnum(s);
    if (extension.length > 0) s["x-checker"] = extension;
    return s;
  }

  /** Schema of an element of a slice, array or map: nullable when Go can hold nil there. */
  private elem(t: RType): JsonObject {
    const s = this.type(t.kind === "ptr" ? t.elem : t);
    return isNilable(t) ? nullable(s) : s;
  }

  private type(t: RType): JsonObject {
    switch (t.kind) {
      case "ptr": return this.type(t.elem);
      case "slice": case "array": return { type: "array", items: this.elem(t.elem) };
      case "map": return { type: "object", additionalProperties: this.elem(t.elem) };
      case "model":
        return this.dialect === "openapi" || this.recursive.has(t.model.source) ? this.ref(t.model) : this.model(t.model);
      case "extras": return { type: "object" };
      case "scalar": {
        const format = this.dialect === "openapi" ? OPENAPI_FORMATS[t.scalar] : undefined;
        const range = intRange(t.scalar);
        switch (t.scalar) {
          case "string": return { type: "string" };
          case "bool": return { type: "boolean" };
          case "any": return {};
          case "time": return { type: "string", format: "date-time" };
          case "float32": return { type: "number", ...(format ? { format } : {}), exclusiveMinimum: -FLOAT32_OVERFLOW, exclusiveMaximum: FLOAT32_OVERFLOW };
          case "float64": return { type: "number", ...(format ? { format } : {}) };
          default: return { type: "integer", ...(format ? { format } : {}), minimum: range![0], maximum: range![1] };
        }
      }
    }
  }
}

/** Escape a $defs name for a JSON Pointer (RFC 6901) inside a URI fragment. */
function encodePointer(name: string): string {
  return encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1")).replace(/%24/g, "$");
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/** The schema of a resolved model (not cached; see schemaOf). */
export function buildSchema(resolved: Resolved, dialect: SchemaDialect): JsonSchema {
  const w = new SchemaWriter(dialect, resolved.models);
  const head: JsonObject = dialect === "json-schema" ? { $schema: JSON_SCHEMA_2020_12 } : {};
  return w.withDefs({ ...head, ...w.model(resolved.root) });
}

export interface UnionSchemaVariant {
  readonly value: string;
  readonly resolved: Resolved;
}

/** The schema of a discriminated union: oneOf the variants with an OpenAPI discriminator mapping. */
export function buildUnionSchema(discriminator: string, variants: readonly UnionSchemaVariant[], dialect: SchemaDialect): JsonSchema {
  const w = new SchemaWriter(dialect, variants.flatMap((v) => v.resolved.models));
  const oneOf = variants.map((v) => w.model(v.resolved.root, { name: discriminator, value: v.value }));
  const mapping: JsonObject = {};
  variants.forEach((v, i) => setMember(mapping, v.value, `#/oneOf/${i}`));
  const head: JsonObject = dialect === "json-schema" ? { $schema: JSON_SCHEMA_2020_12 } : {};
  return w.withDefs({ ...head, oneOf, discriminator: { propertyName: discriminator, mapping } });
}

/** UTF-8 JSON text of a schema, indented with two spaces. */
export function encodeSchema(schema: JsonSchema): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(schema, null, 2));
}

/** Schemas and their bytes, built once per owner (a validator's resolved model, a union). */
export class SchemaCache {
  private readonly schemas = new Map<SchemaDialect, JsonSchema>();
  private readonly bytes = new Map<SchemaDialect, Uint8Array>();

  constructor(private readonly build: (dialect: SchemaDialect) => JsonSchema) {}

  /** The schema (frozen, the same object on every call). */
  schema(dialect: SchemaDialect): JsonSchema {
    let s = this.schemas.get(dialect);
    if (s === undefined) {
      s = deepFreeze(this.build(dialect));
      this.schemas.set(dialect, s);
    }
    return s;
  }

  /** The schema's bytes (a fresh copy on every call: a Uint8Array cannot be frozen). */
  json(dialect: SchemaDialect): Uint8Array {
    let b = this.bytes.get(dialect);
    if (b === undefined) {
      b = encodeSchema(this.schema(dialect));
      this.bytes.set(dialect, b);
    }
    return b.slice();
  }
}

const caches = new WeakMap<Resolved, SchemaCache>();

/** The schema cache of a validator's resolved model (one per validator). */
export function schemaCacheOf(resolved: Resolved): SchemaCache {
  let c = caches.get(resolved);
  if (c === undefined) {
    c = new SchemaCache((dialect) => buildSchema(resolved, dialect));
    caches.set(resolved, c);
  }
  return c;
}
