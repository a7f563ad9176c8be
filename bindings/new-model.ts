// NewModel of the spec: a validated value of the model from JSON bytes, from a plain object with
// JSON names (Go's map[string]any) or from an existing typed value (Go's T).
//
// Inputs
// - `Uint8Array`: JSON bytes, read exactly as `unmarshal` reads them (same errors).
// - A typed value, read by TS property keys: a plain object all of whose keys are property keys
//   of the model and which either has all of them (as values from unmarshal and newModel do) or
//   has one that is not a JSON name. An undefined field counts as null; json:"-" and extras fields
//   are copied as they are (Go copies the struct; validation does not read them).
// - Any other plain object, or a `Map` with string keys, is read by JSON names (the dict form),
//   as Go reads a map: a key that names no field is an unknown key (ignored, EXTRA_FIELD or
//   captured, as extraFields says); a missing key is a missing field (REQUIRED, default=, or
//   MISSING_FIELD under strictMissingFields).
// - The choice is made for each object of a model on its own keys (the root, a nested model, an
//   item of a slice or map of models), never for the whole tree from the root's keys: a parsed
//   request body has JSON names at every level, a typed value property keys at every level, and
//   a mix of the two is read level by level as each level's keys say.
// - Anything else (a string, a number, an array, null, a class instance) is a ConversionError at
//   the path "".
//
// Conversion is Go's: the input is written as JSON and read by the validator in the WASM core,
// so a value converts exactly when Go's JSON round trip would. A number goes into any number kind
// that holds it (an int kind needs an integer in range), a bigint likewise by its digits, a Date
// or an RFC 3339 string into a time; a string goes only into a string or time field: number-like
// strings ("25") are NOT converted to numbers, nor "true" to a bool. A value of the wrong kind is
// a ConversionError(path, expected Go type, what was found), as is a value JSON cannot hold (NaN,
// Infinity, a function, a Map or class instance inside, a cycle). A converted value that breaks a
// constraint is a ValidationError with every failure.

import { ConversionError, JsonSyntaxError, UnmarshalTypeError, ValidationError } from "./errors.js";
import { anyText, container, describe, enter, isPlainObject, joinKey, member, type JsonLayout } from "./marshal.js";
import type { Infer, Model } from "./model.js";
import { intRange, stripPtr, typeName, type RModel, type RType } from "./resolve.js";
import type { Result, Validator } from "./validator.js";

/** What newModel can fail with: bytes fail as unmarshal does; objects with ConversionError or ValidationError. */
export type NewModelError = ValidationError | ConversionError | JsonSyntaxError | UnmarshalTypeError;

/** What newModel accepts: JSON bytes, a typed value, or an object / Map with JSON names. */
export type NewModelInput<M extends Model> = Uint8Array | Infer<M> | Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>;

interface InputWriter {
  /** The objects on the path being written (a cycle, or more than maxDepth of them, is a ConversionError). */
  readonly open: Set<object>;
  readonly maxDepth: number;
  /** An object read by JSON names whatever its keys (the root converted from a Map). */
  readonly dict: object | undefined;
  /** Whether some object was read by property keys (then its json:"-" and extras fields are copied). */
  typed: boolean;
}

function layoutFor(expected: string, w: InputWriter): JsonLayout {
  return { indent: "", maxDepth: w.maxDepth, fail: (path, got) => new ConversionError(path, expected, got) };
}

/** JSON text of an input value of type t; shapes that do not fit t are written as they are (the core reports them). */
function inputText(t: RType, v: unknown, path: string, w: InputWriter): string {
  if (v === null || v === undefined) return "null";
  const base = stripPtr(t);
  // (-0 in an int kind is written 0, as marshal writes it: "-0" would be a uint's type error)
  if (base.kind === "scalar" && v === 0 && intRange(base.scalar) !== undefined) return "0";
  const layout = layoutFor(typeName(base), w);
  const fits = base.kind === "model" || base.kind === "map" ? isPlainObject(v) : (base.kind === "slice" || base.kind === "array") && Array.isArray(v);
  // (the containers open on the path are its nesting level: no indentation here)
  if (!fits) return anyText(v, path, layout, w.open.size, w.open);
  const o = v as object;
  enter(o, w.open.size, w.open, path, layout);
  let text: string;
  if (base.kind === "model") text = objectText(base.model, v as Record<string, unknown>, path, w);
  else if (base.kind === "map") {
    text = container("{", "}", Object.entries(o).filter(([, x]) => x !== undefined).map(([k, x]) =>
      member(k, inputText((base as { elem: RType }).elem, x, joinKey(path, k), w), layout)), layout, 0);
  } else {
    // (a hole is null, as in JSON.stringify: map() would skip it)
    text = container("[", "]", Array.from(v as unknown[], (x, i) => inputText((base as { elem: RType }).elem, x, `${path}[${i}]`, w)), layout, 0);
  }
  w.open.delete(o);
  return text;
}

function objectText(m: RModel, o: Record<string, unknown>, path: string, w: InputWriter): string {
  const layout = layoutFor("a JSON value", w);
  const members: string[] = [];
  if (readsPropertyKeys(m, o, w.dict)) {
    w.typed = true;
    for (const f of m.fields) {
      if (!f.skip) members.push(member(f.jsonName, inputText(f.type, o[f.key], joinKey(path, f.jsonName), w), layout));
    }
  } else {
    for (const [k, x] of Object.entries(o)) {
      if (x === undefined) continue;
      const f = m.byJson.get(k);
      const at = joinKey(path, k);
      members.push(member(k, f ? inputText(f.type, x, at, w) : anyText(x, at, layout, w.open.size, w.open), layout));
    }
  }
  return container("{", "}", members, layout, 0);
}

/** @internal Is this object a typed value of m (property keys) rather than a dict (JSON names)? */
export function readsPropertyKeys(m: RModel, o: Record<string, unknown>, dict: object | undefined): boolean {
  if (o === dict) return false;
  const keys = Object.keys(o);
  const props = new Set(m.fields.map((f) => f.key));
  if (keys.length === 0 || !keys.every((k) => props.has(k))) return false;
  return keys.length === m.fields.length || keys.some((k) => !m.byJson.has(k));
}

/**
 * Copy json:"-" and extras fields of the input's objects read by property keys onto the value
 * read back, at every level; an object read by JSON names has its children under their JSON names
 * (its unknown keys were handled by the core, as extraFields says).
 */
function copySkipped(t: RType, src: unknown, dst: unknown, dict: object | undefined): void {
  if (typeof src !== "object" || src === null || typeof dst !== "object" || dst === null) return;
  const base = stripPtr(t);
  const from = src as Record<string, unknown>;
  const to = dst as Record<string, unknown>;
  switch (base.kind) {
    case "model": {
      const byKey = readsPropertyKeys(base.model, from, dict);
      for (const f of base.model.fields) {
        if (!f.skip) copySkipped(f.type, byKey ? from[f.key] : from[f.jsonName], to[f.key], dict);
        else if (byKey && from[f.key] !== undefined) to[f.key] = from[f.key];
      }
      return;
    }
    case "slice": case "array": case "map":
      for (const k of Object.keys(to)) copySkipped(base.elem, from[k], to[k], dict);
      return;
  }
}

function fail(error: NewModelError): { ok: false; error: NewModelError } {
  return { ok: false, error };
}

/** NewModel of a validator: never throws for bad input, returns the error instead. */
export function safeNewModelWith<M extends Model>(v: Validator<M>, input: unknown): Result<Infer<M>, NewModelError> {
  if (input instanceof Uint8Array) return v.safeUnmarshal(input);
  const root = v.program.resolved.root;
  let obj = input;
  if (input instanceof Map) {
    for (const k of input.keys()) if (typeof k !== "string") return fail(new ConversionError("", "a Map with string keys", `a ${typeof k} key`));
    obj = Object.fromEntries(input);
  }
  if (!isPlainObject(obj)) return fail(new ConversionError("", `JSON bytes (Uint8Array), a ${root.name} value or a plain object`, describe(input)));
  const rootType: RType = { kind: "model", model: root };
  const w: InputWriter = { open: new Set(), maxDepth: v.options.maxDepth, dict: input instanceof Map ? obj : undefined, typed: false };
  let text: string;
  try {
    text = inputText(rootType, obj, "", w);
  } catch (e) {
    if (e instanceof ConversionError) return fail(e);
    throw e;
  }
  const r = v.safeUnmarshal(text);
  if (!r.ok) {
    const e = r.error;
    return fail(e instanceof UnmarshalTypeError ? new ConversionError(e.field, e.expected, e.got) : e);
  }
  if (w.typed) copySkipped(rootType, obj, r.value, w.dict);
  return r;
}

/** NewModel of a validator; throws what safeNewModelWith returns. */
export function newModelWith<M extends Model>(v: Validator<M>, input: unknown): Infer<M> {
  const r = safeNewModelWith(v, input);
  if (!r.ok) throw r.error;
  return r.value;
}
