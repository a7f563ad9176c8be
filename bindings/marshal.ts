// Marshal and MarshalWithOptions of the spec: a typed value back to JSON bytes (UTF-8), as Go's
// encoding/json writes the struct. The value is validated first (a ValidationError and no bytes
// when it fails, as the Go library does).
//
// What is written
// - Fields in declaration order under their JSON names; json:"-" fields never.
// - The entries of a map field, and of an object in an `any` value (Go's map[string]any), sorted
//   by key, as Go sorts map keys (by UTF-8 bytes, that is by code point; a lone surrogate as the
//   U+FFFD Go's string holds for it).
// - omitempty (Go's rule): a field is left out when its value is empty: null (nil ptr, slice, map,
//   any), "", 0, false, an empty slice, array or map. A model (struct) or a time is never empty,
//   and neither is a ptr to a zero value.
// - null (or an undefined field or map value) where the Go type has no nil (a string, number,
//   bool, time, model or fixed-size array field, item or map value) as that type's zero value, which is what the Go
//   struct holds and what validate takes it for (README, Missing and null); it is empty for
//   omitempty as that zero value is (a model never).
// - Captured extras (ExtraAllow) after the fields of their level, in their order; a key that is
//   the JSON name of a field of that model is never written from the extras (fields win), even
//   when the field itself was omitted. Extras are written only at levels that capture them (the
//   validator's extraFields is "allow"), so what marshal writes the same validator reads back.
// - Numbers as Go's encoding/json writes them (bindings/go-float.ts): a float32 field with the
//   shortest digits of its float32 value (0.1, not 0.10000000149011612); -0 in a float field as -0.
// - Times as RFC 3339 in UTC with the fraction trimmed (Go's format);
//   strings escaped as JSON.stringify does (no HTML escaping: Go's `\u003c` for `<` is not copied).
// - Values of `any` fields and extras as JSON: plain objects, arrays, strings, finite numbers,
//   booleans, null, Dates (RFC 3339) and bigints (their digits). Anything else (NaN, Infinity, a
//   function, a Map, a class instance, a cycle) in an `any` field is validate's INVALID_TYPE (the
//   value is validated first), in extras a MarshalError naming the path.

import { goFloat32Text, goFloat64Text } from "./go-float.js";
import { formatTime } from "./json-form.js";
import type { Infer, Model } from "./model.js";
import { intRange, type RModel, type RType } from "./resolve.js";
import type { Validator } from "./validator.js";
import { kindOf } from "./text-store.js";
import { eachItem, jsonQuote, zeroValue } from "./values.js";
import { modelObject } from "./model-object.js";

/**
 * Options of marshalWithOptions.
 * - `omitEmpty`: `undefined` (default) follows each field's `omitempty`; `true` leaves out the
 *   empty value of every field; `false` writes every field, `omitempty` or not.
 * - `indent`: `0`, `""` or absent (default) writes compact JSON; a number indents each level by
 *   that many spaces (at most 10, as JSON.stringify), a string by that string (Go's MarshalIndent
 *   with prefix ""); members are then written `"key": value`.
 * - `extras`: `true` (default) writes captured extras back; `false` leaves them out.
 */
export interface MarshalOptions {
  omitEmpty?: boolean | undefined;
  indent?: number | string | undefined;
  extras?: boolean | undefined;
}

/** A value that JSON cannot hold (NaN, a function, a cycle, ...), at a path with JSON names. */
export class MarshalError extends TypeError {
  override readonly name = "MarshalError";
  constructor(
    readonly field: string,
    readonly got: string,
  ) {
    super(`cannot marshal ${got} at ${field === "" ? "the value" : field}`);
  }
}

/** How a JSON text is laid out, and how a value JSON cannot hold is reported. */
export interface JsonLayout {
  /** One level of indentation; "" for compact output. */
  readonly indent: string;
  /**
   * Containers nested deeper than this are an error (`fail`), as unmarshal would report them
   * reading the text back (the validator's maxDepth); also what keeps a hostile input (an HTTP
   * body parsed by JSON.parse, 20,000 arrays deep) from overflowing the call stack here.
   */
  readonly maxDepth: number;
  /** Write the members of a map (and of a plain object in an any value) sorted by key, as Go does. */
  readonly sortKeys?: boolean;
  fail(path: string, got: string): Error;
}

const REPLACEMENT_ORDER = 0xfffd - 0x800;

/**
 * The sort key of the UTF-16 unit at i of s: surrogate pairs (code points above U+FFFF) after
 * U+E000..U+FFFF; a lone surrogate as U+FFFD, the character Go's string holds for it (Go sorts
 * the map keys it decoded, where a lone surrogate escape is U+FFFD).
 */
function unitOrder(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xe000) return c - 0x800;
  if (c < 0xd800) return c;
  const paired = c < 0xdc00
    ? (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    : i > 0 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
  return paired ? c + 0x2000 : REPLACEMENT_ORDER;
}

/** Compare two strings by code point, the order of their UTF-8 bytes (Go's strings.Compare). */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let tie = 0; // (units that differ in the same place: a lone surrogate and U+FFFD, equal to Go)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const d = unitOrder(a, i) - unitOrder(b, i);
    if (d !== 0) return d;
    if (tie === 0) tie = x - y;
  }
  return a.length - b.length || tie;
}

/** The entries of o, sorted by key when the layout asks for it. */
function entriesOf(o: object, layout: JsonLayout): [string, unknown][] {
  const entries = Object.entries(o);
  return layout.sortKeys === true ? entries.sort(([a], [b]) => compareKeys(a, b)) : entries;
}

/**
 * Enter container v at nesting level `depth` (0: the document): a cycle or a level past maxDepth
 * is `fail`; otherwise v joins the containers open on the path (leave it with open.delete(v)).
 */
export function enter(v: object, depth: number, open: Set<object>, path: string, layout: JsonLayout): void {
  if (open.has(v)) throw layout.fail(path, "a cycle");
  if (depth >= layout.maxDepth) throw layout.fail(path, `a value nested deeper than ${layout.maxDepth} levels`);
  open.add(v);
}

export function joinKey(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Describe a value for an error message. */
export function describe(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "number") return Number.isFinite(v) ? "number" : Number.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
  if (typeof v !== "object") return typeof v;
  if (Array.isArray(v)) return "array";
  const ctor = (Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return ctor && ctor !== "Object" ? ctor : "object";
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** `{...}` or `[...]` from member texts, compact or indented at the given depth. */
export function container(open: string, close: string, members: readonly string[], layout: JsonLayout, depth: number): string {
  if (members.length === 0) return open + close;
  if (layout.indent === "") return open + members.join(",") + close;
  const inner = "\n" + layout.indent.repeat(depth + 1);
  return open + inner + members.join("," + inner) + "\n" + layout.indent.repeat(depth) + close;
}

export function member(key: string, text: string, layout: JsonLayout): string {
  return jsonQuote(key) + (layout.indent === "" ? ":" : ": ") + text;
}

/** A float64 (also the numbers of `any` values, Go's float64) or, with bits 32, a float32 as Go writes it. */
export function numberText(n: number, path: string, layout: JsonLayout, bits: 32 | 64 = 64): string {
  if (!Number.isFinite(n)) throw layout.fail(path, describe(n));
  return bits === 32 ? goFloat32Text(n) : goFloat64Text(n);
}

export function dateText(d: Date, path: string, layout: JsonLayout): string {
  if (Number.isNaN(d.getTime())) throw layout.fail(path, "an invalid Date");
  return JSON.stringify(formatTime(d));
}

/** A JSON text of any JSON-like value (the content of `any` fields and extras). */
export function anyText(v: unknown, path: string, layout: JsonLayout, depth: number, open: Set<object> = new Set()): string {
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string": return jsonQuote(v);
    case "boolean": return v ? "true" : "false";
    case "number": return numberText(v, path, layout);
    case "bigint": return v.toString();
    case "object": break;
    default: throw layout.fail(path, describe(v));
  }
  if (v instanceof Date) return dateText(v, path, layout);
  if (!Array.isArray(v) && !isPlainObject(v)) throw layout.fail(path, describe(v));
  enter(v, depth, open, path, layout);
  const members = Array.isArray(v)
    ? eachItem(v, (x, i) => anyText(x, `${path}[${i}]`, layout, depth + 1, open)) // (a hole is null, as in JSON.stringify)
    : entriesOf(v, layout).filter(([, x]) => x !== undefined).map(([k, x]) => member(k, anyText(x, joinKey(path, k), layout, depth + 1, open), layout));
  open.delete(v);
  return Array.isArray(v) ? container("[", "]", members, layout, depth) : container("{", "}", members, layout, depth);
}

/** Go's isEmptyValue, on the TypeScript form of a value of type t. */
export function isEmpty(t: RType, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (t.kind) {
    case "ptr": case "model": return false;
    case "slice": case "array": return Array.isArray(v) && v.length === 0;
    case "map": case "extras": return typeof v === "object" && Object.keys(v).length === 0;
    // (a float32 is empty when its float32 value is 0, as Go's struct would hold 1e-46)
    case "scalar": return t.scalar !== "time" && t.scalar !== "any" && (v === "" || v === 0 || v === false || (t.scalar === "float32" && Math.fround(v as number) === 0));
  }
}

interface MarshalLayout extends JsonLayout {
  readonly omitEmpty: boolean | undefined;
  readonly extras: boolean;
  /**
   * Make the path of each value (for a MarshalError). marshalText writes without them, and only
   * when that fails writes again with them, to throw the error at its path.
   */
  readonly paths: boolean;
}

/** The path of member `key` under path, where the layout makes paths. */
function memberPath(layout: MarshalLayout, path: string, key: string): string {
  return layout.paths ? joinKey(path, key) : "";
}

function valueText(t: RType, value: unknown, path: string, layout: MarshalLayout, depth: number): string {
  const v = value ?? zeroValue(t); // (null where Go has no nil: the zero value the struct holds)
  if (v === null) return "null";
  switch (t.kind) {
    case "ptr": return valueText(t.elem, v, path, layout, depth);
    case "model": return objectText(t.model, v as Record<string, unknown>, path, layout, depth);
    case "slice": case "array": {
      // (a hole, or undefined, is null as JSON.stringify writes it: README, Limits and bad input)
      const items = v as unknown[];
      const texts = new Array<string>(items.length);
      for (let i = 0; i < items.length; i++) {
        const x = items[i];
        texts[i] = x === undefined ? "null" : valueText(t.elem, x, layout.paths ? `${path}[${i}]` : "", layout, depth + 1);
      }
      return container("[", "]", texts, layout, depth);
    }
    case "map":
      return container("{", "}", entriesOf(v as object, layout).map(([k, x]) =>
        member(k, valueText(t.elem, x, memberPath(layout, path, k), layout, depth + 1), layout)), layout, depth);
    case "extras": return anyText(v, path, layout, depth);
    case "scalar":
      switch (t.scalar) {
        case "time": return dateText(v as Date, path, layout);
        case "any": return anyText(v, path, layout, depth);
        case "string": return jsonQuote(v as string);
        case "bool": return v ? "true" : "false";
        default: {
          const n = v as number;
          // (an int kind's validated value: digits, as Go's FormatInt, never an exponent (|n| < 2^64 < 1e21); -0 is "0")
          if (intRange(t.scalar)) return String(n);
          return numberText(n, path, layout, t.scalar === "float32" ? 32 : 64);
        }
      }
  }
}

function objectText(m: RModel, o: Record<string, unknown>, path: string, layout: MarshalLayout, depth: number): string {
  const members: string[] = [];
  // (compact: each field's `"name":` made once per model)
  const shape = modelObject(m);
  const prefixes = layout.indent === "" ? shape.prefixes : undefined;
  const values = shape.byKeys(o);
  // (a loop, not forEach: each level of a deep value costs as few call frames as it can)
  for (let i = 0; i < m.fields.length; i++) {
    const f = m.fields[i]!;
    if (f.skip) continue;
    const v = values[i] ?? zeroValue(f.type);
    if ((layout.omitEmpty ?? f.omitEmpty) && isEmpty(f.type, v)) continue;
    const text = valueText(f.type, v, memberPath(layout, path, f.jsonName), layout, depth + 1);
    members.push(prefixes !== undefined ? prefixes[i] + text : member(f.jsonName, text, layout));
  }
  const extras = m.extrasField && m.extraMode === "capture" && layout.extras ? o[m.extrasField.key] : undefined;
  if (isPlainObject(extras)) {
    for (const [k, x] of Object.entries(extras)) {
      if (x === undefined || m.byJson.has(k)) continue;
      members.push(member(k, anyText(x, memberPath(layout, path, k), layout, depth + 1), layout));
    }
  }
  return container("{", "}", members, layout, depth);
}

function indentOf(indent: number | string | undefined): string {
  if (typeof indent === "string") return indent;
  if (indent === undefined || !Number.isFinite(indent) || indent <= 0) return "";
  return " ".repeat(Math.min(10, Math.floor(indent)));
}

const encoder = new TextEncoder();

/** JSON text of a valid value of the validator's model (no validation here). */
export function marshalText(root: RModel, value: unknown, options: MarshalOptions = {}, maxDepth = Number.POSITIVE_INFINITY): string {
  const layout: MarshalLayout = {
    indent: indentOf(options.indent),
    maxDepth,
    sortKeys: true,
    omitEmpty: options.omitEmpty,
    extras: options.extras ?? true,
    fail: (path, got) => new MarshalError(path, got),
    paths: false,
  };
  try {
    return objectText(root, value as Record<string, unknown>, "", layout, 0);
  } catch (e) {
    if (!(e instanceof MarshalError)) throw e;
    // (written again with paths, which throws the error at its path)
    return objectText(root, value as Record<string, unknown>, "", { ...layout, paths: true }, 0);
  }
}

/** What each option of marshalWithOptions takes (a value of another type is a TypeError, never a guess). */
const MARSHAL_OPTIONS: Readonly<Record<keyof MarshalOptions, readonly string[]>> = {
  omitEmpty: ["boolean"], indent: ["number", "string"], extras: ["boolean"],
};

function checkMarshalOptions(options: unknown): void {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`checker: marshalWithOptions takes its options as an object ({ omitEmpty, indent, extras }), not ${kindOf(options)}`);
  }
  for (const [key, value] of Object.entries(options)) {
    const types = Object.hasOwn(MARSHAL_OPTIONS, key) ? MARSHAL_OPTIONS[key as keyof MarshalOptions] : undefined;
    if (types === undefined) throw new TypeError(`checker: marshalWithOptions: unknown option ${JSON.stringify(key)} (${Object.keys(MARSHAL_OPTIONS).join(", ")})`);
    if (value !== undefined && !types.includes(typeof value)) {
      throw new TypeError(`checker: marshalWithOptions: ${key} takes a ${types.join(" or a ")}, not ${kindOf(value)}`);
    }
  }
}

/** Validate, then write: the Marshal of a validator. Throws ValidationError or MarshalError. */
export function marshalWith<M extends Model>(v: Validator<M>, value: Infer<M>, options: MarshalOptions = {}): Uint8Array {
  checkMarshalOptions(options);
  v.validate(value);
  return encoder.encode(marshalText(v.program.resolved.root, value, options, v.options.maxDepth));
}
