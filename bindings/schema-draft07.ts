// JSON Schema draft-07 from checker's draft 2020-12 schema (bindings/schema.ts), for consumers
// that ask for that dialect: Standard JSON Schema's "draft-07" target, which the AI SDK asks for
// when it sends a model's schema to the LLM (generateObject, Output.object).
//
// Of the keywords checker writes, draft-07 spells one differently and reads one differently:
// - `$defs` is `definitions` (and `#/$defs/<Name>` references become `#/definitions/<Name>`);
// - the keywords beside a `$ref` are ignored in draft-07, so a `$ref` with siblings becomes
//   `allOf: [{ $ref }]` beside them.
// Everything else checker writes means the same in both (type, properties, required,
// additionalProperties, items, enum, const, pattern, format, minimum/maximum and their numeric
// exclusive forms, min/max lengths, items and properties, uniqueItems, anyOf/oneOf/allOf, not,
// default, and the x-checker / discriminator annotations). test/schema-agreement.test.ts holds
// ajv's draft-07 validator to checker on generated documents, as it does ajv's 2020-12 one.

import { JSON_SCHEMA_2020_12, type JsonSchema } from "./schema.js";
import { setMember } from "./values.js";

export const JSON_SCHEMA_DRAFT_07 = "http://json-schema.org/draft-07/schema#";

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type Schema = { readonly [keyword: string]: Json };

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas; every other value is data. */
const SUBSCHEMA = new Set(["items", "additionalProperties", "not"]);
const SUBSCHEMA_LIST = new Set(["anyOf", "oneOf", "allOf"]);
const SUBSCHEMA_MAP = new Set(["properties", "$defs"]);

/** The draft-07 form of a schema written by bindings/schema.ts (all new objects and arrays; the argument is not changed). */
export function toDraft07(schema: JsonSchema): Record<string, unknown> {
  return convert(schema);
}

function convert(s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === "$schema") out.$schema = value === JSON_SCHEMA_2020_12 ? JSON_SCHEMA_DRAFT_07 : value;
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/\$defs\//, "#/definitions/");
    else if (SUBSCHEMA.has(key) && isSchema(value)) out[key] = convert(value);
    else if (SUBSCHEMA_LIST.has(key) && Array.isArray(value)) out[key] = (value as readonly Schema[]).map(convert);
    else if (SUBSCHEMA_MAP.has(key) && isSchema(value)) {
      const map: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) setMember(map, name, convert(sub as Schema));
      out[key === "$defs" ? "definitions" : key] = map;
    } else out[key] = structuredClone(value); // (data: a copy, so the result shares nothing with the cached schema)
  }
  if (out.$ref !== undefined && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { allOf: [{ $ref }], ...siblings };
  }
  return out;
}

function isSchema(v: Json): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
