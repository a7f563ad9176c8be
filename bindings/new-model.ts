// NewModel of the spec: a validated value of the model from JSON bytes, from a plain object with
// JSON names (Go's map[string]any) or from an existing typed value (Go's T).
//
// Inputs
// - `Uint8Array`: JSON bytes, read exactly as `unmarshal` reads them (same errors).
// - A typed value, read by TS property keys: a plain object all of whose keys are property keys
//   of the model and which either has all of them (as values from unmarshal and newModel do) or
//   has one that is not a JSON name. A field it leaves out (or holds as undefined) is a missing
//   field, as by JSON names (default=, REQUIRED, MISSING_FIELD); json:"-" and extras fields
//   are copied as they are (Go copies the struct; validation does not read them) when of their
//   field's type (null: the zero value), else a ConversionError (the value would break `Infer`).
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
// so a value converts exactly when Go's JSON round trip would (a complete object of the model's
// types is copied and checked without the text, with the same result: bindings/new-model-copy.ts).
// A number goes into any number kind that holds it (an int kind needs an integer in range), a
// bigint likewise by its digits, a Date or an RFC 3339 string into a time; a string goes only
// into a string or time field: number-like strings ("25") are NOT converted to numbers, nor
// "true" to a bool. A value of the wrong kind is a ConversionError(path, expected Go type, what
// was found), as is a value JSON cannot hold (NaN, Infinity, a function, a Map or class instance
// inside, a cycle). A converted value that breaks a constraint is a ValidationError with every
// failure.

import { ConversionError, JsonSyntaxError, UnmarshalTypeError, ValidationError, withoutStack, withStack, type FieldError } from "./errors.js";
import { goFloat64Text } from "./go-float.js";
import { directNewModel, skippedMismatch, takesSkipped } from "./new-model-copy.js";
import { readsPropertyKeys } from "./new-model-keys.js";
import { modelObject } from "./model-object.js";
import { anyText, container, describe, enter, isPlainObject, joinKey, member, type JsonLayout } from "./marshal.js";
import type { Infer, Model } from "./model.js";
import { intRange, stripPtr, typeName, type RModel, type RType } from "./resolve.js";
import type { TypeErrorParts } from "./render.js";
import type { Result, Validator } from "./validator.js";
import { eachItem, jsonQuote } from "./values.js";

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
  /** See takesSkipped (new-model-copy.ts). */
  readonly dashFromInput: boolean;
}

/** The JSON layout of a value of a field of Go type `expected`: a failure names that type. */
function layoutFor(expected: string, w: InputWriter): JsonLayout {
  return { indent: "", maxDepth: w.maxDepth, fail: (path, got) => conversionError(path, expected, got) };
}

/**
 * A ConversionError without a stack trace: safeNewModel returns it as a value (a trace took 2 us
 * of each call given a value of the wrong type); newModel gives it the trace where it throws it.
 */
function conversionError(path: string, expected: string, got: string): ConversionError {
  return withoutStack(() => new ConversionError(path, expected, got));
}

/**
 * The text of a common leaf (a string, a boolean, a finite number in a scalar field), written as
 * anyText writes it; undefined for anything else. Containers try it first for each member, so
 * a leaf costs neither its error path nor a layout for errors it cannot have.
 */
function leafText(t: RType, v: unknown): string | undefined {
  const base = stripPtr(t);
  if (base.kind !== "scalar") return undefined;
  switch (typeof v) {
    case "string": return jsonQuote(v);
    case "boolean": return v ? "true" : "false";
    case "number":
      // (-0 in an int kind is written 0, as marshal writes it: "-0" would be a uint's type error)
      if (v === 0 && intRange(base.scalar) !== undefined) return "0";
      return Number.isFinite(v) ? goFloat64Text(v) : undefined;
    default: return undefined;
  }
}

/**
 * The text of a list whose items are all leaves (leafText) or null (a hole, undefined), as the
 * general path writes it; undefined when an item is anything else. A list of leaves holds no
 * object, so it needs no cycle check (the caller checks its depth).
 */
function leafItems(elem: RType, items: readonly unknown[]): string | undefined {
  let text = "";
  for (let i = 0; i < items.length; i++) {
    const x = items[i];
    const leaf = x === null || x === undefined ? "null" : leafText(elem, x);
    if (leaf === undefined) return undefined;
    text += i === 0 ? leaf : "," + leaf;
  }
  return "[" + text + "]";
}

/** JSON text of an input value of type t; shapes that do not fit t are written as they are (the core reports them). */
function inputText(t: RType, v: unknown, path: string, w: InputWriter): string {
  if (v === null || v === undefined) return "null";
  const leaf = leafText(t, v);
  if (leaf !== undefined) return leaf;
  const base = stripPtr(t);
  if ((base.kind === "slice" || base.kind === "array") && Array.isArray(v) && w.open.size < w.maxDepth) {
    const leaves = leafItems(base.elem, v);
    if (leaves !== undefined) return leaves;
  }
  const layout = layoutFor(typeName(base), w);
  const fits = base.kind === "model" || base.kind === "map" ? isPlainObject(v) : (base.kind === "slice" || base.kind === "array") && Array.isArray(v);
  // (the containers open on the path are its nesting level: no indentation here)
  if (!fits) return anyText(v, path, layout, w.open.size, w.open);
  const o = v as object;
  enter(o, w.open.size, w.open, path, layout);
  let text: string;
  if (base.kind === "model") text = objectText(base.model, v as Record<string, unknown>, path, w);
  else if (base.kind === "map") {
    const elem = base.elem;
    text = container("{", "}", Object.entries(o).filter(([, x]) => x !== undefined).map(([k, x]) =>
      member(k, leafText(elem, x) ?? inputText(elem, x, joinKey(path, k), w), layout)), layout, 0);
  } else {
    const elem = (base as { elem: RType }).elem;
    // (a hole is null, as in JSON.stringify)
    text = container("[", "]", eachItem(v as unknown[], (x, i) => leafText(elem, x) ?? inputText(elem, x, `${path}[${i}]`, w)), layout, 0);
  }
  w.open.delete(o);
  return text;
}

function objectText(m: RModel, o: Record<string, unknown>, path: string, w: InputWriter): string {
  let text = "";
  const { prefixes } = modelObject(m);
  if (readsPropertyKeys(m, o, w.dict)) {
    w.typed = true;
    m.fields.forEach((f, i) => {
      const x = o[f.key];
      if (f.skip) {
        // (not written: copySkipped copies it onto the value read back, so it must be of its type now)
        const e = x === null || x === undefined || !takesSkipped(f, w.dashFromInput) ? undefined : skippedMismatch(f.type, x, joinKey(path, f.key), w.open.size, w.maxDepth);
        if (e) throw e;
        return;
      }
      // (a field left out, or undefined, is a missing field, as in an object read by JSON names:
      // default=, null for a ptr, REQUIRED or MISSING_FIELD; as null it skipped them, unchecked)
      if (x === undefined) return;
      text += (text === "" ? "" : ",") + prefixes[i] + (leafText(f.type, x) ?? inputText(f.type, x, joinKey(path, f.jsonName), w));
    });
  } else {
    for (const [k, x] of Object.entries(o)) {
      if (x === undefined) continue;
      const f = m.byJson.get(k);
      const leaf = f && leafText(f.type, x);
      const value = leaf ?? (f ? inputText(f.type, x, joinKey(path, k), w) : anyText(x, joinKey(path, k), layoutFor("a JSON value", w), w.open.size, w.open));
      text += (text === "" ? "" : ",") + (f ? prefixes[f.slot] : jsonQuote(k) + ":") + value;
    }
  }
  return "{" + text + "}";
}

/**
 * Copy json:"-" and extras fields of the input's objects read by property keys onto the value
 * read back, at every level; an object read by JSON names has its children under their JSON names
 * (its unknown keys were handled by the core, as extraFields says).
 */
function copySkipped(t: RType, src: unknown, dst: unknown, w: InputWriter): void {
  if (typeof src !== "object" || src === null || typeof dst !== "object" || dst === null) return;
  const base = stripPtr(t);
  const from = src as Record<string, unknown>;
  const to = dst as Record<string, unknown>;
  switch (base.kind) {
    case "model": {
      const byKey = readsPropertyKeys(base.model, from, w.dict);
      for (const f of base.model.fields) {
        if (!f.skip) copySkipped(f.type, byKey ? from[f.key] : from[f.jsonName], to[f.key], w);
        // (null or undefined: the field keeps the zero value read back, as null on a field takes it)
        else if (byKey && takesSkipped(f, w.dashFromInput) && from[f.key] !== undefined && from[f.key] !== null) to[f.key] = from[f.key];
      }
      return;
    }
    case "slice": case "array": case "map":
      for (const k of Object.keys(to)) copySkipped(base.elem, from[k], to[k], w);
      return;
  }
}

const copying = new WeakMap<RModel, boolean>();

/** Does some model reachable from the root have json:"-" or extras fields (which copySkipped copies)? Found once per root. */
function copiesFields(root: RModel): boolean {
  let found = copying.get(root);
  if (found === undefined) {
    const seen = new Set<RModel>();
    const visit = (t: RType): boolean => {
      const base = stripPtr(t);
      if (base.kind === "slice" || base.kind === "array" || base.kind === "map") return visit(base.elem);
      if (base.kind !== "model" || seen.has(base.model)) return false;
      seen.add(base.model);
      return base.model.fields.some((f) => f.skip || visit(f.type));
    };
    found = visit({ kind: "model", model: root });
    copying.set(root, found);
  }
  return found;
}

function fail(error: NewModelError): { ok: false; error: NewModelError } {
  return { ok: false, error };
}

/** @internal What newModel found: a value, an error, or the field errors of a ValidationError or the parts of a ConversionError not made yet. */
export type NewModelOutcome<T> = Result<T, NewModelError> | { ok: false; errors: FieldError[] } | { ok: false; mistyped: TypeErrorParts };

/** NewModel of a validator: never throws for bad input, returns the error instead. */
export function safeNewModelWith<M extends Model>(v: Validator<M>, input: unknown): Result<Infer<M>, NewModelError> {
  return asResult(newModelOutcome(v, input, true, true));
}

/** An outcome as safeNewModel gives it: field errors become their ValidationError. */
function asResult<T>(r: NewModelOutcome<T>): Result<T, NewModelError> {
  if ("errors" in r) return fail(withoutStack(() => new ValidationError(r.errors)));
  return "mistyped" in r ? fail(conversionError(r.mistyped.field, r.mistyped.expected, r.mistyped.got)) : r;
}

/**
 * @internal safeNewModelWith, with a value's constraint failures as they are: ~standard.validate
 * makes issues of them, and an Error made only to be taken apart took a third of its time.
 * `errorValues`: a copy that fails a check takes the round trip, whose errors' values are
 * unmarshal's (the text as written: a model item's unknown keys, a time's offset, the key order);
 * without it the copy's validate() errors are taken, the same but for those values (issues have none).
 */
export function newModelOutcome<M extends Model>(v: Validator<M>, input: unknown, dashFromInput: boolean, errorValues: boolean): NewModelOutcome<Infer<M>> {
  if (input instanceof Uint8Array) return v.safeUnmarshal(input);
  const root = v.program.resolved.root;
  let obj = input;
  if (input instanceof Map) {
    for (const k of input.keys()) if (typeof k !== "string") return fail(conversionError("", "a Map with string keys", `a ${typeof k} key`));
    obj = Object.fromEntries(input);
  }
  if (!isPlainObject(obj)) return fail(conversionError("", `JSON bytes (Uint8Array), a ${root.name} value or a plain object`, describe(input)));
  if (!(input instanceof Map)) {
    const direct = directNewModel(root, obj, v.options.maxDepth, v.options.maxDocumentBytes, dashFromInput);
    if (direct !== undefined && !direct.failed) return { ok: true, value: direct.value as Infer<M> };
    // (a complete typed value that fails a check: validate()'s errors of it are unmarshal's, in
    // all but their values, which the round trip gives as written)
    const errors = direct && v.errorsOf(direct.value as Infer<M>); // (the copy failed a check: no pass test first)
    if (errors) return errorValues ? sameFailures(roundTrip(v, input, obj, dashFromInput), errors) : { ok: false, errors };
  }
  return roundTrip(v, input, obj, dashFromInput);
}

/**
 * The round trip's errors where they are the copy's failures (field and code, in order), with
 * their values as written; else the copy's: a cross-field check naming a json:"-" field, which
 * no JSON text holds, is skipped by unmarshal as a missing field but fails on the typed value.
 */
function sameFailures<T>(r: NewModelOutcome<T>, errors: FieldError[]): NewModelOutcome<T> {
  const same = "errors" in r && r.errors.length === errors.length && r.errors.every((e, i) => e.field === errors[i]!.field && e.code === errors[i]!.code);
  return same ? r : { ok: false, errors };
}

/** @internal safeNewModelWith by the JSON round trip alone (the oracle of the direct copy's tests). */
export function safeNewModelByText<M extends Model>(v: Validator<M>, input: unknown): Result<Infer<M>, NewModelError> {
  const obj = input instanceof Map ? Object.fromEntries(input) as unknown : input;
  if (!isPlainObject(obj)) throw new TypeError("safeNewModelByText takes a plain object or a Map with string keys");
  return asResult(roundTrip(v, input, obj, true));
}

/** newModel of a plain object (`obj`; `input` when it was a Map) by writing it as JSON and unmarshaling that. */
function roundTrip<M extends Model>(v: Validator<M>, input: unknown, obj: Record<string, unknown>, dashFromInput: boolean): NewModelOutcome<Infer<M>> {
  const root = v.program.resolved.root;
  const rootType: RType = { kind: "model", model: root };
  const w: InputWriter = { open: new Set(), maxDepth: v.options.maxDepth, dict: input instanceof Map ? obj : undefined, typed: false, dashFromInput };
  let text: string;
  try {
    text = inputText(rootType, obj, "", w);
  } catch (e) {
    if (e instanceof ConversionError) return fail(e);
    throw e;
  }
  const r = v.safeUnmarshalOwnText(text);
  // (a type mismatch as its parts: ~standard.validate makes its issue without the ConversionError)
  if (!r.ok) return "errors" in r || "mistyped" in r ? r : fail(r.error);
  if (w.typed && copiesFields(root)) copySkipped(rootType, obj, r.value, w);
  return r;
}

/** NewModel of a validator; throws what safeNewModelWith returns. */
export function newModelWith<M extends Model>(v: Validator<M>, input: unknown): Infer<M> {
  const r = safeNewModelWith(v, input);
  if (!r.ok) throw withStack(r.error, newModelWith);
  return r.value;
}
