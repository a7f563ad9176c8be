// Error values across every directive and every entry point (a table, one generated case per
// directive x failure kind). Each case puts its failing field at four places of one document: the
// top level (`f`), a nested model whose JSON name holds a dot (`a.b`), the second item of a slice
// of models (`s[1]`) and a map entry whose key holds `.`, `~`, `/`, `"`, `é` and `[0]`. Every entry
// point must then give exactly the same FieldErrors (field, code, message, value, in order):
//   unmarshal (thrown) and safeUnmarshal, string and bytes; newModel of the parsed document;
//   validate() of the typed value (declaration order = document order here, README "Order of
//   errors"); a StreamParser fed whole, byte by byte and in 7-byte string chunks (final records,
//   without their stream-only `offset`); parseStream's last result; parseLines' record;
//   ~standard.validate's issues (message and path, a key holding `.` staying one key);
//   httpErrorBody with both keys; the ValidationError's message (the spec's summary), String()
//   and JSON.stringify.
// The Go oracle (test/go-oracle/errors.go) writes the same 400 body from Go values (each error's
// value decoded into its field's Go type), which must be byte for byte JSON.stringify of
// checker's httpErrorBody: values as Go's FieldError.Value serialises them, but where README
// ("Error values") documents another value (goDiffers: there Go's body holds validate()'s values).
// Codes and messages are SPEC.md's table, else DESIGN.md's / README "Directives, codes and messages".

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  httpErrorBody, JsonSyntaxError, model, parseLines, parseStream, StreamParser, t, UnionStreamParser, UnionValidator,
  UnmarshalTypeError, ValidationError, Validator, type FieldError, type Model, type Type, type ValidatorOptions,
} from "../bindings/index.js";
import { asCheckerEscapes, buildGoOracle, ensureGo, type GoFieldError, type GoOracle, type GoType } from "./support/go-oracle.js";

/** A map key with every character a path or a JSON Pointer treats specially. */
const KEY = 'k.~/"é[0]';
const KEY_JSON = JSON.stringify(KEY);

interface Case {
  /** directive x failure kind */
  name: string;
  /** The field under test, `f`, and the other fields of its model (cross-field targets). */
  fields: () => Record<string, Type>;
  /** Members (JSON text) of an object that fails, and of one that passes. */
  bad: string;
  good: string;
  /** The same objects as typed values (property keys), for validate(). */
  typedBad: Record<string, unknown>;
  typedGood: Record<string, unknown>;
  code: string;
  message: string;
  /** The error's value in JSON form (default: the bad object's member at `key`, as JSON.parse reads it). */
  value?: unknown;
  /** Key of the failing member (default "f"). */
  key?: string;
  /** "object": checked when its object closes (required, missing, cross-field), after the values inside it. */
  phase: "value" | "object";
  options?: ValidatorOptions;
  /** The Go type of the failing member, for the oracle (default: any, for a null value). */
  go?: GoType;
  /** validate() of a typed value cannot show this failure (a typed value has no unknown keys, no missing member). */
  noValidate?: string;
  /**
   * The value validate() reports, where it is not unmarshal's (README "Error values": unmarshal's
   * is `null` for a missing field, the text as written; validate's the typed value's JSON form).
   */
  validateValue?: unknown;
  /** Go's FieldError holds another value here, for this README rule (its body is not compared). */
  goDiffers?: string;
}

const I = (k: string): GoType => ({ k });
const str = I("string");

const Item = model("Item", { id: t.int() });

const CASES: Case[] = [
  { name: "required: missing", fields: () => ({ f: t.string("required") }), bad: "", good: '"f":"x"', typedBad: { f: null }, typedGood: { f: "x" }, code: "REQUIRED", message: "field is required", value: null, phase: "object" },
  { name: "required: null", fields: () => ({ f: t.int("required") }), bad: '"f":null', good: '"f":0', typedBad: { f: null }, typedGood: { f: 0 }, code: "REQUIRED", message: "field is required", value: null, phase: "object" },
  { name: "required: null list", fields: () => ({ f: t.slice(t.string(), "required") }), bad: '"f":null', good: '"f":[]', typedBad: { f: null }, typedGood: { f: [] }, code: "REQUIRED", message: "field is required", value: null, phase: "object" },
  { name: "required_if: the condition holds, zero value", fields: () => ({ f: t.string("required_if=b on"), b: t.string() }), bad: '"f":"","b":"on"', good: '"f":"","b":"off"', typedBad: { f: "", b: "on" }, typedGood: { f: "", b: "off" }, code: "REQUIRED_IF", message: "field is required when b is on", phase: "object", go: str },
  { name: "required_if=F:V on a number, written 1.50", fields: () => ({ f: t.string("required_if=b:1.5"), b: t.float64() }), bad: '"f":"","b":1.50', good: '"f":"x","b":1.5', typedBad: { f: "", b: 1.5 }, typedGood: { f: "x", b: 1.5 }, code: "REQUIRED_IF", message: "field is required when b is 1.5", phase: "object", go: str },
  // a cross-field error on a missing field is null in unmarshal (README "Error values"); validate() sees the zero value the field holds
  { name: "required_if: missing, zero value taken (lax)", fields: () => ({ f: t.string("required_if=b on"), b: t.string() }), bad: '"b":"on"', good: '"b":"off"', typedBad: { f: "", b: "on" }, typedGood: { f: "", b: "off" }, code: "REQUIRED_IF", message: "field is required when b is on", value: null, validateValue: "", phase: "object", options: { strictMissingFields: false }, go: str, goDiffers: "null for a missing field" },
  { name: "required_with: other present, zero int", fields: () => ({ f: t.int("required_with=b"), b: t.string() }), bad: '"f":0,"b":"x"', good: '"f":0,"b":""', typedBad: { f: 0, b: "x" }, typedGood: { f: 0, b: "" }, code: "REQUIRED_WITH", message: "field is required when b is present", phase: "object", go: I("int") },
  { name: "required_with: empty list", fields: () => ({ f: t.slice(t.int(), "required_with=b"), b: t.bool() }), bad: '"f":[],"b":true', good: '"f":[1],"b":true', typedBad: { f: [], b: true }, typedGood: { f: [1], b: true }, code: "REQUIRED_WITH", message: "field is required when b is present", phase: "object", go: { k: "slice", elem: I("int") } },
  // a missing field with default=0 holds 0; unmarshal's error value is null (README "Error values")
  { name: "required_with: missing, default taken", fields: () => ({ f: t.int("default=0,required_with=b"), b: t.string() }), bad: '"b":"x"', good: '"b":""', typedBad: { f: 0, b: "x" }, typedGood: { f: 0, b: "" }, code: "REQUIRED_WITH", message: "field is required when b is present", value: null, validateValue: 0, phase: "object", go: I("int"), goDiffers: "null for a missing field" },
  { name: "email: unicode and escapes", fields: () => ({ f: t.string("email") }), bad: '"f":"\\u00e9\\"q@x.io"', good: '"f":"q@x.io"', typedBad: { f: 'é"q@x.io' }, typedGood: { f: "q@x.io" }, code: "INVALID_EMAIL", message: "must be a valid email address", phase: "value", go: str },
  { name: "url: opaque form", fields: () => ({ f: t.string("url") }), bad: '"f":"mailto:x"', good: '"f":"https://x.io/a?b#c"', typedBad: { f: "mailto:x" }, typedGood: { f: "https://x.io/a?b#c" }, code: "INVALID_URL", message: "must be a valid URL", phase: "value", go: str },
  { name: "uuid: 35 characters", fields: () => ({ f: t.string("uuid") }), bad: '"f":"550e8400-e29b-41d4-a716-44665544000"', good: '"f":"550E8400-E29B-41D4-A716-446655440000"', typedBad: { f: "550e8400-e29b-41d4-a716-44665544000" }, typedGood: { f: "550E8400-E29B-41D4-A716-446655440000" }, code: "INVALID_UUID", message: "must be a valid UUID", phase: "value", go: str },
  { name: "min=N on a string: one code point of two UTF-16 units", fields: () => ({ f: t.string("min=2") }), bad: '"f":"\\ud83d\\ude00"', good: '"f":"😀😀"', typedBad: { f: "😀" }, typedGood: { f: "😀😀" }, code: "MIN_LENGTH", message: "must be at least 2 characters", phase: "value", go: str },
  { name: "max=N on a string: control characters, quotes, U+2028", fields: () => ({ f: t.ptr(t.string(), "max=3") }), bad: '"f":"a\\"\\\\\\n\\t\\u2028<>&"', good: '"f":null', typedBad: { f: 'a"\\\n\t\u2028<>&' }, typedGood: { f: null }, code: "MAX_LENGTH", message: "must be at most 3 characters", phase: "value", go: { k: "ptr", elem: str } },
  { name: "min=N on a number, N written 1.50", fields: () => ({ f: t.float64("min=1.50") }), bad: '"f":1.25e0', good: '"f":1.5', typedBad: { f: 1.25 }, typedGood: { f: 1.5 }, code: "MIN_VALUE", message: "must be at least 1.50", phase: "value", go: I("float64") },
  { name: "max=N on an int64 at 2^53-1", fields: () => ({ f: t.int64("max=+10") }), bad: '"f":9007199254740991', good: '"f":-9007199254740991', typedBad: { f: 9007199254740991 }, typedGood: { f: -9007199254740991 }, code: "MAX_VALUE", message: "must be at most +10", phase: "value", go: I("int64") },
  // -0 in an int field is 0 (what unmarshal returns and Go's int holds), in the error's value too
  { name: "gt=N on an int: -0", fields: () => ({ f: t.int("gt=0") }), bad: '"f":-0', good: '"f":1', typedBad: { f: -0 }, typedGood: { f: 1 }, code: "EXCLUSIVE_MIN", message: "must be greater than 0", value: 0, phase: "value", go: I("int") },
  { name: "lt=N on a float32, N written 1e2", fields: () => ({ f: t.float32("lt=1e2") }), bad: '"f":100', good: '"f":99.5', typedBad: { f: 100 }, typedGood: { f: 99.5 }, code: "EXCLUSIVE_MAX", message: "must be less than 1e2", phase: "value", go: I("float32") },
  { name: "gte=N on an int8", fields: () => ({ f: t.int8("gte=-5") }), bad: '"f":-6', good: '"f":-5', typedBad: { f: -6 }, typedGood: { f: -5 }, code: "MIN_VALUE", message: "must be at least -5", phase: "value", go: I("int8") },
  { name: "lte=N on a float64: a large value", fields: () => ({ f: t.float64("lte=0.5") }), bad: '"f":1E+300', good: '"f":0.5', typedBad: { f: 1e300 }, typedGood: { f: 0.5 }, code: "MAX_VALUE", message: "must be at most 0.5", phase: "value", go: I("float64") },
  { name: "alpha", fields: () => ({ f: t.string("alpha") }), bad: '"f":"ab1"', good: '"f":""', typedBad: { f: "ab1" }, typedGood: { f: "" }, code: "MUST_BE_ALPHA", message: "must contain only alphabetic characters", phase: "value", go: str },
  { name: "alphanum: a non-ASCII letter", fields: () => ({ f: t.string("alphanum") }), bad: '"f":"é1"', good: '"f":"a1"', typedBad: { f: "é1" }, typedGood: { f: "a1" }, code: "MUST_BE_ALPHANUM", message: "must contain only alphanumeric characters", phase: "value", go: str },
  { name: "regexp=P", fields: () => ({ f: t.string('json:"f" checker:"regexp=^[a-z]+$"') }), bad: '"f":"ABC"', good: '"f":"abc"', typedBad: { f: "ABC" }, typedGood: { f: "abc" }, code: "PATTERN_MISMATCH", message: "must match pattern ^[a-z]+$", phase: "value", go: str },
  { name: "pattern=P (alias), printed unquoted", fields: () => ({ f: t.string("pattern=^\\d{3}$") }), bad: '"f":"12a"', good: '"f":"123"', typedBad: { f: "12a" }, typedGood: { f: "123" }, code: "PATTERN_MISMATCH", message: "must match pattern ^\\d{3}$", phase: "value", go: str },
  { name: "oneof on a string", fields: () => ({ f: t.string("oneof=red green  blue") }), bad: '"f":"Red"', good: '"f":"blue"', typedBad: { f: "Red" }, typedGood: { f: "blue" }, code: "INVALID_ENUM", message: "must be one of: red, green, blue", phase: "value", go: str },
  { name: "oneof on a number", fields: () => ({ f: t.float64("oneof=1 2.5") }), bad: '"f":2.50e1', good: '"f":2.5', typedBad: { f: 25 }, typedGood: { f: 2.5 }, code: "INVALID_ENUM", message: "must be one of: 1, 2.5", phase: "value", go: I("float64") },
  { name: "oneof on a bool", fields: () => ({ f: t.bool("oneof=true") }), bad: '"f":false', good: '"f":true', typedBad: { f: false }, typedGood: { f: true }, code: "INVALID_ENUM", message: "must be one of: true", phase: "value", go: I("bool") },
  { name: "gtfield on ints: equal", fields: () => ({ f: t.int("gtfield=b"), b: t.int() }), bad: '"f":2,"b":2', good: '"f":3,"b":2', typedBad: { f: 2, b: 2 }, typedGood: { f: 3, b: 2 }, code: "MUST_BE_GT_FIELD", message: "must be greater than field b", phase: "object", go: I("int") },
  { name: "gtfield on times", fields: () => ({ f: t.time("gtfield=b"), b: t.time() }), bad: '"f":"2020-01-01T00:00:00Z","b":"2021-06-01T12:00:00.5Z"', good: '"f":"2022-01-01T00:00:00Z","b":"2021-06-01T12:00:00.5Z"', typedBad: { f: new Date("2020-01-01T00:00:00Z"), b: new Date("2021-06-01T12:00:00.5Z") }, typedGood: { f: new Date("2022-01-01T00:00:00Z"), b: new Date("2021-06-01T12:00:00.5Z") }, code: "MUST_BE_GT_FIELD", message: "must be greater than field b", phase: "object", go: I("time") },
  // a missing int under strictMissingFields: false is 0 and compared (Go's zero value); unmarshal's error value is null
  { name: "gtfield: missing, zero value taken (lax)", fields: () => ({ f: t.int("gtfield=b"), b: t.int() }), bad: '"b":1', good: '"b":-1', typedBad: { f: 0, b: 1 }, typedGood: { f: 0, b: -1 }, code: "MUST_BE_GT_FIELD", message: "must be greater than field b", value: null, validateValue: 0, phase: "object", options: { strictMissingFields: false }, go: I("int"), goDiffers: "null for a missing field" },
  { name: "ltfield on strings, by JSON name", fields: () => ({ f: t.string("ltfield=b_json"), b: t.string('json:"b_json"') }), bad: '"f":"é","b_json":"z"', good: '"f":"a","b_json":"z"', typedBad: { f: "é", b: "z" }, typedGood: { f: "a", b: "z" }, code: "MUST_BE_LT_FIELD", message: "must be less than field b_json", phase: "object", go: str },
  { name: "minItems=N on a slice", fields: () => ({ f: t.slice(t.int(), "minItems=2") }), bad: '"f":[1]', good: '"f":[1,2]', typedBad: { f: [1] }, typedGood: { f: [1, 2] }, code: "MIN_ITEMS", message: "must have at least 2 items", phase: "value", go: { k: "slice", elem: I("int") } },
  { name: "max=N on a slice of strings", fields: () => ({ f: t.slice(t.string(), "max=1") }), bad: '"f":["a","\\u00e9"]', good: '"f":["a"]', typedBad: { f: ["a", "é"] }, typedGood: { f: ["a"] }, code: "MAX_ITEMS", message: "must have at most 1 items", phase: "value", go: { k: "slice", elem: str } },
  { name: "min=N on a map", fields: () => ({ f: t.map(t.float64(), "min=1") }), bad: '"f":{}', good: '"f":{"x":1.5}', typedBad: { f: {} }, typedGood: { f: { x: 1.5 } }, code: "MIN_ITEMS", message: "must have at least 1 items", phase: "value", go: { k: "map", elem: I("float64") } },
  { name: "maxItems=N on a map", fields: () => ({ f: t.map(t.string(), "maxItems=1") }), bad: '"f":{"a.b":"x","c":"y"}', good: '"f":{"a.b":"x"}', typedBad: { f: { "a.b": "x", c: "y" } }, typedGood: { f: { "a.b": "x" } }, code: "MAX_ITEMS", message: "must have at most 1 items", phase: "value", go: { k: "map", elem: str } },
  { name: "unique on a slice: 1 and 1.0 of a float", fields: () => ({ f: t.slice(t.float64(), "unique") }), bad: '"f":[1,1.0]', good: '"f":[1,2]', typedBad: { f: [1, 1] }, typedGood: { f: [1, 2] }, code: "NOT_UNIQUE", message: "items must be unique", phase: "value", go: { k: "slice", elem: I("float64") } },
  { name: "unique on a map's values", fields: () => ({ f: t.map(t.string(), "unique") }), bad: '"f":{"p":"v","q":"v"}', good: '"f":{"p":"v","q":"w"}', typedBad: { f: { p: "v", q: "v" } }, typedGood: { f: { p: "v", q: "w" } }, code: "NOT_UNIQUE", message: "items must be unique", phase: "value", go: { k: "map", elem: str } },
  { name: "unique=F on a slice of models", fields: () => ({ f: t.slice(Item, "unique=id") }), bad: '"f":[{"id":1},{"id":1}]', good: '"f":[{"id":1},{"id":2}]', typedBad: { f: [{ id: 1 }, { id: 1 }] }, typedGood: { f: [{ id: 1 }, { id: 2 }] }, code: "NOT_UNIQUE", message: "items must be unique", phase: "value", go: { k: "slice", elem: { k: "struct", fields: [{ json: "id", omitempty: false, type: I("int") }] } } },
  // a fixed-size array holds N items: those read, then zero items (extra ones dropped), all checked; unmarshal's error value is the array as written (README "Fixed-size arrays")
  { name: "unique on a fixed-size array read short: its zero items", fields: () => ({ f: t.array(3, t.int(), "unique") }), bad: '"f":[5]', good: '"f":[1,2,3]', typedBad: { f: [5, 0, 0] }, typedGood: { f: [1, 2, 3] }, code: "NOT_UNIQUE", message: "items must be unique", validateValue: [5, 0, 0], phase: "value", go: { k: "array", n: 3, elem: I("int") }, goDiffers: "a fixed-size array as written" },
  { name: "unique on a fixed-size array read long: the items past N dropped", fields: () => ({ f: t.array(2, t.string(), "unique") }), bad: '"f":["a","a","b"]', good: '"f":["a","b","a"]', typedBad: { f: ["a", "a"] }, typedGood: { f: ["a", "b"] }, code: "NOT_UNIQUE", message: "items must be unique", validateValue: ["a", "a"], phase: "value", go: { k: "array", n: 2, elem: str }, goDiffers: "a fixed-size array as written" },
  { name: "strictMissingFields: missing", fields: () => ({ f: t.string('json:"f" checker:"min=1"') }), bad: "", good: '"f":"x"', typedBad: {}, typedGood: { f: "x" }, code: "MISSING_FIELD", message: "f field is missing and has no default", value: null, phase: "object", noValidate: "a typed value has every field" },
  { name: "extraFields forbid: an unknown key holding an object", fields: () => ({ f: t.string() }), bad: '"f":"","x.~/\\"y":{"q":[1,"\\u00e9",null]}', good: '"f":""', typedBad: { f: "" }, typedGood: { f: "" }, key: 'x.~/"y', code: "EXTRA_FIELD", message: "unknown field in JSON", phase: "value", options: { extraFields: "forbid" }, go: I("any"), noValidate: "a typed value has no unknown keys (README, Unknown keys)" },
];

// ---- the document of a case and the errors it must give ----

const obj = (...members: string[]) => `{${members.filter((m) => m !== "").join(",")}}`;

function models(c: Case): Model {
  const inner = model("Inner", c.fields());
  return model("Outer", { ...c.fields(), n: t.model(inner, 'json:"a.b"'), s: t.slice(inner), m: t.map(inner) });
}

function documentOf(c: Case): string {
  return obj(c.bad, `"a.b":${obj(c.bad)}`, `"s":[${obj(c.good)},${obj(c.bad)}]`, `"m":{${KEY_JSON}:${obj(c.bad)}}`);
}

function typedOf(c: Case): Record<string, unknown> {
  return { ...c.typedBad, n: c.typedBad, s: [c.typedGood, c.typedBad], m: { [KEY]: c.typedBad } };
}

/** The four places of the failing member, as paths and as Standard Schema paths, in document order. */
function places(c: Case): { field: string; path: (string | number)[] }[] {
  const k = c.key ?? "f";
  const inside = [
    { field: `a.b.${k}`, path: ["a.b", k] },
    { field: `s[1].${k}`, path: ["s", 1, k] },
    { field: `m.${KEY}.${k}`, path: ["m", KEY, k] },
  ];
  const top = { field: k, path: [k] };
  // an object's own checks run when it closes: the top level's come last
  return c.phase === "value" ? [top, ...inside] : [...inside, top];
}

function expectedErrors(c: Case): FieldError[] {
  const k = c.key ?? "f";
  const value = "value" in c ? c.value : (JSON.parse(obj(c.bad)) as Record<string, unknown>)[k];
  return places(c).map(({ field }) => ({ field, code: c.code, message: c.message, value }));
}

// ---- every entry point's errors ----

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield p;
}

const fieldErrorOf = (e: unknown): unknown => {
  if (e instanceof Error) return e;
  const { field, code, message, value } = e as FieldError;
  return { field, code, message, value };
};

function validationErrors(r: { ok: boolean; error?: unknown }): unknown {
  if (r.ok) return "ok";
  return r.error instanceof ValidationError ? r.error.errors : r.error;
}

interface Feedable { feed(chunk: string | Uint8Array): unknown; end(): { errors: readonly unknown[] } }

/** A stream parser's final errors for the text fed whole, and fed byte by byte. */
function streamed(make: () => Feedable, text: string): { streamWhole: unknown[]; streamBytes: unknown[] } {
  const bytes = new TextEncoder().encode(text);
  const whole = make();
  whole.feed(text);
  const byByte = make();
  for (let i = 0; i < bytes.length; i++) byByte.feed(bytes.subarray(i, i + 1));
  return { streamWhole: whole.end().errors.map(fieldErrorOf), streamBytes: byByte.end().errors.map(fieldErrorOf) };
}

/** Each entry point's FieldErrors (or its other error) for one document, by name. */
async function entryPoints(v: Validator, text: string, typed?: unknown): Promise<Record<string, unknown>> {
  const bytes = new TextEncoder().encode(text);
  const out: Record<string, unknown> = {};
  out.safeUnmarshal = validationErrors(v.safeUnmarshal(text));
  out.safeUnmarshalBytes = validationErrors(v.safeUnmarshal(bytes));
  try {
    v.unmarshal(text);
    out.unmarshal = "ok";
  } catch (e) {
    out.unmarshal = e instanceof ValidationError ? e.errors : e;
  }
  Object.assign(out, streamed(() => new StreamParser(v), text));
  const by7 = new StreamParser(v);
  for (let i = 0; i < text.length; i += 7) by7.feed(text.slice(i, i + 7));
  out.stream7 = by7.end().errors.map(fieldErrorOf);
  let last: { errors: readonly unknown[] } | undefined;
  for await (const r of parseStream(v, chunks(text))) last = r;
  out.parseStream = last!.errors.map(fieldErrorOf);
  const records = [];
  for await (const r of parseLines(v, chunks(bytes, new TextEncoder().encode("\n")))) records.push(r);
  expect(records).toHaveLength(1);
  out.parseLines = validationErrors(records[0]!);
  const parsed = parsedOrUndefined(text);
  if (parsed !== undefined) out.newModel = validationErrors(v.safeNewModel(parsed as never));
  if (typed !== undefined) out.validate = validationErrors(v.safeValidate(typed as never));
  return out;
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stream gives a failure other than field errors as its only entry. */
function asStream(expected: unknown): unknown[] {
  return Array.isArray(expected) ? expected : [expected];
}

function expectSameEverywhere(got: Record<string, unknown>, expected: FieldError[] | Error): void {
  for (const [entry, errors] of Object.entries(got)) {
    const want = entry.startsWith("stream") || entry === "parseStream" ? asStream(expected) : expected;
    expect({ entry, errors }).toEqual({ entry, errors: want });
  }
}

function standardIssues(v: Validator, input: unknown): unknown {
  const r = v["~standard"].validate(input);
  if (r instanceof Promise) throw new Error("~standard.validate is synchronous");
  return r.issues?.map((i) => ({ message: i.message, path: i.path?.map((p) => (typeof p === "object" ? p.key : p)) }));
}

function summary(errors: FieldError[]): string {
  const first = `${errors[0]!.field}: ${errors[0]!.message}`;
  return errors.length === 1 ? first : `${first} (and ${errors.length - 1} more errors)`;
}

// ---- the Go oracle ----

let oracle: GoOracle | undefined;
/** Go's 400 body of each case (key "details"), and of the first case with key "errors". */
let goBodies: string[] = [];
let goErrorsBody = "";

/** Go's FieldErrors of a case: each value is the Go field's, which is validate()'s where unmarshal's is not. */
function goRequest(c: Case): GoFieldError[] {
  return expectedErrors(c).map((e) => {
    const value = "validateValue" in c ? c.validateValue : e.value;
    return { field: e.field, code: e.code, message: e.message, type: value === null ? I("any") : c.go ?? I("any"), text: JSON.stringify(value) };
  });
}

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const answers = oracle.ask([
    ...CASES.map((c) => ({ op: "httpbody" as const, key: "details" as const, errors: goRequest(c) })),
    { op: "httpbody", key: "errors", errors: goRequest(CASES[0]!) },
  ]);
  for (const a of answers) if (!a.ok) throw new Error(`the Go oracle refused a body: ${a.error}`);
  goBodies = answers.slice(0, CASES.length).map((a) => asCheckerEscapes(a.value!));
  goErrorsBody = asCheckerEscapes(answers[CASES.length]!.value!);
}, 600_000);

afterAll(() => oracle?.dispose());

let compared = 0;

describe("every directive x failure kind: the same FieldErrors from every entry point, four places each", () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))("%s", async (_, c, i) => {
    const v = new Validator(models(c), c.options);
    const text = documentOf(c);
    const expected = expectedErrors(c);
    const got = await entryPoints(v, text, c.noValidate === undefined ? typedOf(c) : undefined);
    if ("validateValue" in c) {
      expect(got.validate).toEqual(expected.map((e) => ({ ...e, value: c.validateValue })));
      delete got.validate;
    }
    expectSameEverywhere(got, expected);
    compared += Object.keys(got).length;

    // ~standard: the messages, at the input's own keys (a key holding "." is one key)
    expect(standardIssues(v, JSON.parse(text))).toEqual(places(c).map(({ path }) => ({ message: c.message, path })));

    // the ValidationError itself: the spec's summary, String(), JSON (its name and errors)
    const r = v.safeUnmarshal(text);
    if (r.ok) throw new Error("expected a failure");
    expect(r.error.message).toBe(summary(expected));
    expect(String(r.error)).toBe(`ValidationError: ${summary(expected)}`);
    expect(JSON.parse(JSON.stringify(r.error))).toEqual({ name: "ValidationError", errors: expected });

    // httpErrorBody: the spec's 400 body, byte for byte what Go writes from Go values
    const body = httpErrorBody(r.error);
    expect(body).toEqual({ error: "validation_failed", details: expected });
    if (c.goDiffers === undefined) expect(JSON.stringify(body)).toBe(goBodies[i]);
    // (README "Error values": where the rule c.goDiffers applies, Go's body holds validate()'s values)
    else expect(JSON.stringify({ error: "validation_failed", details: expected.map((e) => ({ ...e, value: c.validateValue })) })).toBe(goBodies[i]);
    expect(httpErrorBody(r.error, { key: "errors" })).toEqual({ error: "validation_failed", errors: expected });
    if (i === 0) expect(JSON.stringify(httpErrorBody(r.error, { key: "errors" }))).toBe(goErrorsBody);
  }, 60_000);

  it("covers every directive and every code of the table", () => {
    const codes = new Set(CASES.map((c) => c.code));
    expect([...codes].sort()).toEqual([
      "EXCLUSIVE_MAX", "EXCLUSIVE_MIN", "EXTRA_FIELD", "INVALID_EMAIL", "INVALID_ENUM", "INVALID_URL", "INVALID_UUID", "MAX_ITEMS", "MAX_LENGTH",
      "MAX_VALUE", "MIN_ITEMS", "MIN_LENGTH", "MIN_VALUE", "MISSING_FIELD", "MUST_BE_ALPHA", "MUST_BE_ALPHANUM", "MUST_BE_GT_FIELD", "MUST_BE_LT_FIELD",
      "NOT_UNIQUE", "PATTERN_MISMATCH", "REQUIRED", "REQUIRED_IF", "REQUIRED_WITH",
    ]);
    const directives = ["required", "required_if", "required_with", "email", "url", "uuid", "min=", "max=", "gt=", "lt=", "gte=", "lte=", "alpha", "alphanum", "regexp=", "pattern=", "oneof=", "gtfield=", "ltfield=", "minItems=", "maxItems=", "unique", "default="];
    for (const d of directives) expect({ d, used: CASES.some((c) => c.fields.toString().includes(d)) }).toEqual({ d, used: true });
  });
});

describe("newModel's error values are unmarshal's (the text as written), also where the direct copy of a complete object fails a check", () => {
  const Id = model("Id", { id: t.int() });
  const Span = model("Span", { items: t.slice(Id, "unique"), from: t.time("ltfield=to"), to: t.time() });
  // a complete object (Dates, an unknown key holding a string): newModel copies it without the round trip when its checks pass
  const body = { items: [{ id: 1, note: "x" }, { id: 1 }], from: new Date("2020-01-01T00:30:00Z"), to: new Date("2019-12-31T23:00:00Z") };
  const text = '{"items":[{"id":1,"note":"x"},{"id":1}],"from":"2020-01-01T00:30:00Z","to":"2019-12-31T23:00:00Z"}';
  const asWritten: FieldError[] = [
    { field: "items", code: "NOT_UNIQUE", message: "items must be unique", value: [{ id: 1, note: "x" }, { id: 1 }] },
    { field: "from", code: "MUST_BE_LT_FIELD", message: "must be less than field to", value: "2020-01-01T00:30:00Z" },
  ];

  it("an item's unknown key stays, as in unmarshal's errors of the object's JSON; validate() of the typed value has none", () => {
    const v = new Validator(Span);
    expect(validationErrors(v.safeUnmarshal(text))).toEqual(asWritten);
    expect(validationErrors(v.safeNewModel(body as never))).toEqual(asWritten);
    expect(validationErrors(v.safeNewModel(JSON.parse(text) as never))).toEqual(asWritten);
    // (a typed value has no unknown keys: README "Error values")
    const typed = { items: [{ id: 1 }, { id: 1 }], from: body.from, to: body.to };
    expect(validationErrors(v.safeValidate(typed))).toEqual([{ ...asWritten[0]!, value: [{ id: 1 }, { id: 1 }] }, asWritten[1]]);
    // ~standard's issues carry no value: the same messages and paths either way
    expect(standardIssues(v, body)).toEqual(asWritten.map((e) => ({ message: e.message, path: [e.field] })));
    compared += 3;
  });
});

describe("where the 400 body differs from Go's, by README's rules (Error values)", () => {
  it("a map's key order, a model item's unknown key, a time's offset, a lone surrogate, a float's -0", () => {
    const Id = model("Id", { id: t.int() });
    const Odd = model("Odd", {
      m: t.map(t.int(), "max=1"), items: t.slice(Id, "min=3"), at: t.time("ltfield=to"), to: t.time(), s: t.string("min=2"), x: t.float64("gt=0"),
    });
    const text = '{"m":{"b":1,"a":2},"items":[{"id":1,"zz":0}],"at":"2020-01-01T01:00:00+01:00","to":"2019-01-01T00:00:00Z","s":"\\ud800","x":-0}';
    const r = new Validator(Odd).safeUnmarshal(text);
    if (r.ok || !(r.error instanceof ValidationError)) throw new Error("expected a ValidationError");
    const body = JSON.stringify(httpErrorBody(r.error));
    const types: Record<string, GoType> = {
      m: { k: "map", elem: I("int") }, items: { k: "slice", elem: { k: "struct", fields: [{ json: "id", omitempty: false, type: I("int") }] } },
      s: str, x: I("float64"), at: I("time"),
    };
    expect(r.error.errors.map((e) => e.field)).toEqual(["m", "items", "s", "x", "at"]);
    expect(Object.is(r.error.errors[3]!.value, -0)).toBe(true);
    const [go] = oracle!.ask([{
      op: "httpbody", key: "details",
      errors: r.error.errors.map((e) => ({ ...e, type: types[e.field]!, text: Object.is(e.value, -0) ? "-0" : JSON.stringify(e.value) })),
    }]);
    // Go's body, with each documented difference applied, is checker's
    const asChecker = go!.value!
      .replace('{"a":2,"b":1}', '{"b":1,"a":2}')
      .replace('[{"id":1}]', '[{"id":1,"zz":0}]')
      .replace('"\uFFFD"', '"\\ud800"')
      .replace('"value":-0', '"value":0')
      .replace('"2020-01-01T00:00:00Z"', '"2020-01-01T01:00:00+01:00"');
    expect(body).toBe(asChecker);
    expect(go!.value).not.toBe(body);
  });
});

describe("order of a map's entries: the text's in unmarshal, the object's (integer-like keys first) in validate and newModel", () => {
  it("README Order of errors", () => {
    const Leaf = model("Leaf", { v: t.int("min=1") });
    const v = new Validator(model("Bag", { m: t.map(Leaf, "max=1") }));
    const text = '{"m":{"z":{"v":0},"1":{"v":0}}}';
    const error = (key: string): FieldError => ({ field: `m.${key}.v`, code: "MIN_VALUE", message: "must be at least 1", value: 0 });
    const own: FieldError = { field: "m", code: "MAX_ITEMS", message: "must have at most 1 items", value: { z: { v: 0 }, 1: { v: 0 } } };
    expect(validationErrors(v.safeUnmarshal(text))).toEqual([error("z"), error("1"), own]);
    const parsed = JSON.parse(text) as never;
    expect(validationErrors(v.safeNewModel(parsed))).toEqual([error("1"), error("z"), own]);
    expect(validationErrors(v.safeValidate(parsed))).toEqual([error("1"), error("z"), own]);
  });
});

describe("validate(): a value of the wrong type is INVALID_TYPE, and no cross-field check reads it", () => {
  const Pair = model("Pair", { g: t.int("gtfield=h"), h: t.int(), w: t.string("required_with=b"), b: t.string() });
  const invalid = (field: string, type: string, value: unknown): FieldError => ({ field, code: "INVALID_TYPE", message: `must be of type ${type}`, value });

  it("the field itself: no MUST_BE_GT_FIELD for \"10\" (as a string, before 2)", () => {
    const r = new Validator(Pair).safeValidate({ g: "10", h: 2, w: "x", b: "" } as never);
    expect(r.ok ? [] : r.error.errors).toEqual([invalid("g", "int", "10")]);
  });

  it("the other field: neither gtfield nor required_with compares with a mistyped value", () => {
    const r = new Validator(Pair).safeValidate({ g: 10, h: "9", w: "", b: 5 } as never);
    expect(r.ok ? [] : r.error.errors).toEqual([invalid("h", "int", "9"), invalid("b", "string", 5)]);
    // with values of their types, the same checks fail as unmarshal's do
    const typed = new Validator(Pair).safeValidate({ g: 9, h: 9, w: "", b: "5" });
    expect(typed.ok ? [] : typed.error.errors).toEqual([
      { field: "g", code: "MUST_BE_GT_FIELD", message: "must be greater than field h", value: 9 },
      { field: "w", code: "REQUIRED_WITH", message: "field is required when b is present", value: "" },
    ]);
    expect(validationErrors(new Validator(Pair).safeUnmarshal('{"g":9,"h":9,"w":"","b":"5"}'))).toEqual(typed.ok ? [] : typed.error.errors);
  });

  it("unique compares no item of the wrong type (at any depth); a count still counts it", () => {
    const Id = model("Id", { id: t.int() });
    const Lists = model("Lists", { s: t.slice(t.int(), "unique,max=1"), m: t.map(t.string(), "unique"), u: t.slice(Id, "unique=id") });
    const r = new Validator(Lists).safeValidate({ s: ["1", "1"], m: { a: 1, b: 1 }, u: [{ id: "1" }, { id: "1" }] } as never);
    expect(r.ok ? [] : r.error.errors).toEqual([
      invalid("s[0]", "int", "1"), invalid("s[1]", "int", "1"),
      { field: "s", code: "MAX_ITEMS", message: "must have at most 1 items", value: ["1", "1"] },
      invalid("m.a", "string", 1), invalid("m.b", "string", 1),
      invalid("u[0].id", "int", "1"), invalid("u[1].id", "int", "1"),
    ]);
  });
});

describe("failures that are not field errors: one error, the same from every entry point, and httpErrorBody's INVALID_JSON / INVALID_TYPE", () => {
  const Doc = model("Doc", { a: t.int(), s: t.slice(t.string()), at: t.time() });
  const v = new Validator(Doc, { maxDepth: 3, maxDocumentBytes: 40 });
  interface Failure { kind: typeof JsonSyntaxError | typeof UnmarshalTypeError; message: string; field: string; code: string }
  const syntax = (reason: string, offset: number): Failure => ({ kind: JsonSyntaxError, message: `${reason} at offset ${offset} (line 1, column ${offset + 1})`, field: "", code: "INVALID_JSON" });
  const mistyped = (field: string, message: string): Failure => ({ kind: UnmarshalTypeError, message, field, code: "INVALID_TYPE" });
  const FAILURES: [string, string, Failure][] = [
    ["a trailing comma", '{"a":1,}', syntax('unexpected character "}"', 7)],
    ["data after the document", '{"a":1} x', syntax('unexpected data after the document "x"', 8)],
    ["a leading zero", '{"a":01}', syntax('unexpected character "1"', 6)],
    ["a cut literal", '{"a":tru}', syntax('invalid literal "}"', 8)],
    ["a bad escape", '{"s":["\\x"]}', syntax("invalid escape in string", 8)],
    ["a control character", '{"s":["\u0001"]}', syntax("control character in string", 7)],
    ["nesting past maxDepth", '{"s":[[[1]]]}', syntax("nesting too deep (more than 3 levels)", 7)],
    ["a byte-order mark", "\ufeff{}", syntax("unexpected character 0xef", 0)],
    ["past maxDocumentBytes", `{"s":["${"x".repeat(50)}"]}`, syntax("document larger than maxDocumentBytes (40)", 40)],
    ["a fraction for an int", '{"a":1.5}', mistyped("a", "cannot unmarshal number 1.5 into field a of type int")],
    ["a string for an int", '{"a":"1"}', mistyped("a", "cannot unmarshal string into field a of type int")],
    ["a time Go refuses", '{"at":"2020"}', mistyped("at", 'cannot unmarshal string "2020" into field at of type time.Time')],
    ["an item of the wrong kind", '{"s":["a",1]}', mistyped("s[1]", "cannot unmarshal number into field s[1] of type string")],
    ["a document that is no object", "[]", mistyped("", "cannot unmarshal array into the document of type Doc")],
  ];

  it.each(FAILURES)("%s", async (_, text, want) => {
    const got = await entryPoints(v, text);
    delete got.newModel; // (JSON.parse's object, where the text is JSON: a ConversionError, tested below)
    const error = got.safeUnmarshal as Error;
    expect(error).toBeInstanceOf(want.kind);
    expect(error.message).toBe(want.message);
    expectSameEverywhere(got, error);
    for (const [entry, e] of Object.entries(got)) {
      // the same error's terms, whichever entry point made it (streams and parseLines make their own)
      const one = Array.isArray(e) ? e[0] : e;
      expect({ entry, message: (one as Error).message, offset: (one as JsonSyntaxError).offset }).toEqual({ entry, message: want.message, offset: (error as JsonSyntaxError).offset });
    }
    expect(httpErrorBody(error)).toEqual({ error: "validation_failed", details: [{ field: want.field, code: want.code, message: want.message, value: null }] });
    compared += Object.keys(got).length;
  });

  it("newModel of a parsed object: a ConversionError, INVALID_TYPE in the body at its field", () => {
    const r = v.safeNewModel({ a: "1" } as never);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe("cannot convert string to int at a");
    expect(httpErrorBody(r.error, { key: "errors" })).toEqual({ error: "validation_failed", errors: [{ field: "a", code: "INVALID_TYPE", message: "cannot convert string to int at a", value: null }] });
  });
});

describe("TOO_MANY_ERRORS: cut at maxErrors the same way everywhere, zero values expanded", () => {
  const Leaf = model("Leaf", { v: t.int("min=1"), w: t.string("min=1") });
  const Tree = model("Tree", { a: Leaf, b: Leaf, n: t.slice(Leaf, "max=0") });
  const v = new Validator(Tree, { strictMissingFields: false, maxErrors: 3 });
  const text = '{"n":[{"v":0,"w":"x"},{"v":1,"w":""}]}';
  const expected: FieldError[] = [
    { field: "n[0].v", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
    { field: "n[1].w", code: "MIN_LENGTH", message: "must be at least 1 characters", value: "" },
    { field: "n", code: "MAX_ITEMS", message: "must have at most 0 items", value: [{ v: 0, w: "x" }, { v: 1, w: "" }] },
    { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 3", value: null },
  ];

  it("every entry point; the summary counts the TOO_MANY_ERRORS record; ~standard's issue for it has no path", async () => {
    const got = await entryPoints(v, text, { n: [{ v: 0, w: "x" }, { v: 1, w: "" }], a: { v: 0, w: "" }, b: { v: 0, w: "" } });
    // validate() walks declaration order: a and b (their zero values) before n
    const walked = got.validate;
    delete got.validate;
    expectSameEverywhere(got, expected);
    expect(walked).toEqual([
      { field: "a.v", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
      { field: "a.w", code: "MIN_LENGTH", message: "must be at least 1 characters", value: "" },
      { field: "b.v", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
      expected[3],
    ]);
    const r = v.safeUnmarshal(text);
    expect(r.ok ? "" : r.error.message).toBe("n[0].v: must be at least 1 (and 3 more errors)");
    expect(httpErrorBody(r.ok ? undefined : r.error).details).toEqual(expected);
    expect(standardIssues(v, JSON.parse(text))).toEqual([
      { message: "must be at least 1", path: ["n", 0, "v"] },
      { message: "must be at least 1 characters", path: ["n", 1, "w"] },
      { message: "must have at most 0 items", path: ["n"] },
      { message: "too many errors: stopped after 3", path: undefined },
    ]);
    compared += Object.keys(got).length + 1;
  });
});

describe("union codes: REQUIRED and INVALID_DISCRIMINATOR at the discriminator, a variant's own errors, from every union entry point", () => {
  const Cat = model("Cat", { kind: t.string(), lives: t.int("min=1,max=9"), name: t.string("required") });
  const Dog = model("Dog", { kind: t.string(), bark: t.string("oneof=woof yap") });
  const pets = new UnionValidator({ discriminator: "kind", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }] });
  const at = (code: string, message: string, value: unknown): FieldError => ({ field: "kind", code, message, value });
  const enumMiss = (value: unknown) => at("INVALID_DISCRIMINATOR", "must be one of: cat, dog", value);
  const CASES_U: [string, string, FieldError[]][] = [
    ["no discriminator", '{"lives":1}', [at("REQUIRED", "field is required", null)]],
    ["a null discriminator", '{"kind":null}', [at("REQUIRED", "field is required", null)]],
    ["another case", '{"kind":"Cat"}', [enumMiss("Cat")]],
    ["the empty string", '{"kind":""}', [enumMiss("")]],
    ["a number", '{"kind":1.50}', [enumMiss(1.5)]],
    ["an object", '{"kind":{"a.b":["cat"]}}', [enumMiss({ "a.b": ["cat"] })]],
    ["a variant's errors, in document order", '{"lives":10,"kind":"cat"}', [
      { field: "lives", code: "MAX_VALUE", message: "must be at most 9", value: 10 },
      { field: "name", code: "REQUIRED", message: "field is required", value: null },
    ]],
    ["the last occurrence of a repeated discriminator", '{"kind":"cat","bark":"meow","kind":"dog"}', [
      { field: "bark", code: "INVALID_ENUM", message: "must be one of: woof, yap", value: "meow" },
    ]],
  ];

  it.each(CASES_U)("%s", async (_, text, expected) => {
    const bytes = new TextEncoder().encode(text);
    const got: Record<string, unknown> = {};
    got.safeUnmarshal = validationErrors(pets.safeUnmarshal(text));
    got.safeUnmarshalBytes = validationErrors(pets.safeUnmarshal(bytes));
    Object.assign(got, streamed(() => new UnionStreamParser(pets), text));
    const records = [];
    for await (const r of parseLines(pets, chunks(text + "\n"))) records.push(r);
    got.parseLines = validationErrors(records[0]!);
    expectSameEverywhere(got, expected);
    expect(standardIssues(pets as never, JSON.parse(text))).toEqual(expected.map((e) => ({ message: e.message, path: [e.field] })));
    const r = pets.safeUnmarshal(text);
    if (r.ok) throw new Error("expected a failure");
    expect(r.error.message).toBe(summary(expected));
    expect(httpErrorBody(r.error, { key: "errors" })).toEqual({ error: "validation_failed", errors: expected });
    compared += Object.keys(got).length + 1;
  });
});

afterAll(() => {
  // (how many entry-point lists the table compared, for the report)
  console.log(`errors-review: ${CASES.length} cases x 4 places, ${compared} entry-point lists compared`);
});
