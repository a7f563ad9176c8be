// The direct path of newModel (and so of `~standard.validate`) for a value already of the model's
// types: a form's state, or a parsed request body, by property keys or by JSON names.
//
// newModel converts as Go's JSON round trip does, by writing the input as JSON text and
// unmarshaling it (bindings/new-model.ts): exact by construction, but a JSON text, its UTF-8 copy
// and a parse for each call. For a *complete* value of the model's types the round trip changes
// nothing but the identity of its containers: every object with all its fields (by property keys)
// or all its JSON names (by JSON names; other keys only where they are skipped, holding a scalar),
// so no default=, missing field or captured or forbidden key applies; each value of its field's
// JS type (a string, a boolean, a number that the kind holds, a Date in years 0..9999 or a time
// text Go reads (go-time.ts), arrays and plain objects of the declared shape, null only where Go
// has a nil and no default= could apply). Such a value is
// copied here in one walk that also makes the checks `validate()` makes (bindings/reference.ts),
// which fail where unmarshal fails. Each model's objects are copied by code generated for the model
// where the platform allows it (bindings/new-model-copy-generated.ts), which hands anything but the
// common case back to the generic walk here.
// The content of an `any` field is converted as the round trip converts it, as JSON (a Date
// becomes its text); json:"-" and extras fields are what the round trip gives them.
//
// Anything else gives undefined and newModel takes the round trip, whose errors are unmarshal's:
// a value that is not complete and typed (a time text Go refuses, a bigint, a Map, an undefined
// json:"-" or extras field), a text the round trip would find over maxDocumentBytes, and any
// value a check refuses (so the errors, their order and the maxErrors cut stay unmarshal's).

import { hasType, objectChecksPass } from "./reference.js";
import { fitsFloat32, intRange, isNilable, stripPtr, typeName, type RField, type RModel, type RType } from "./resolve.js";
import { ConversionError, withoutStack } from "./errors.js";
import { anyText, describe, isPlainObject, joinKey, type JsonLayout } from "./marshal.js";
import { goTimeMillis } from "./go-time.js";
import { readsPropertyKeys } from "./new-model-keys.js";
import { modelObject } from "./model-object.js";
import { setMember, zeroValue } from "./values.js";
import { generatedCopy, SCALAR_BYTES, type CopyParts, type GeneratedCopy } from "./new-model-copy-generated.js";

/** The walk's bounds (the validator's maxDepth, an upper bound on the round trip's UTF-8 text) and what it found. */
interface CopyWalk {
  readonly maxDepth: number;
  /** maxDocumentBytes less what the text written so far could take at most. */
  bytesLeft: number;
  /** Some check failed. */
  failed: boolean;
  /**
   * validate()'s errors of the copy are the round trip's, in order and values: its text has each
   * object's fields in declaration order (always by property keys; by JSON names only when the
   * input's keys are in that order), and no time was read from a text (an error would show the
   * text, not the instant).
   */
  errorsExact: boolean;
  /** json:"-" fields of objects read by property keys keep the input's value (newModel), or take the zero value (~standard.validate). */
  readonly dashFromInput: boolean;
}

/** What the direct path found: the value, or a value validate() refuses with unmarshal's errors. */
export type DirectResult = { readonly value: Record<string, unknown>; readonly failed: boolean };

/** The value cannot be copied here: newModel takes the round trip. */
const NO: unique symbol = Symbol("no direct copy");

/**
 * The copy of a complete typed value of root: `failed` when some check refuses it (then validate()
 * of the copy gives the round trip's errors); undefined where newModel must take the round trip.
 */
export function directNewModel(root: RModel, input: Record<string, unknown>, maxDepth: number, maxDocumentBytes: number, dashFromInput: boolean): DirectResult | undefined {
  const w: CopyWalk = { maxDepth, bytesLeft: maxDocumentBytes - 2, failed: false, errorsExact: true, dashFromInput }; // (- the root's braces)
  const value = copyModel(root, input, w, 0);
  if (value === NO || w.bytesLeft < 0 || (w.failed && !w.errorsExact)) return undefined;
  return { value, failed: w.failed };
}

/**
 * A complete object of model m: by property keys, every field (json:"-" and extras fields keep
 * the input's value, as the round trip copies them); by JSON names (a dict), every JSON name and
 * no other key but the root's ignored ones and, where unknown keys are ignored, unknown keys
 * holding a scalar (json:"-" and extras fields take the zero value, as the round trip reads none).
 * Which keys it is read by is decided as the round trip decides (readsPropertyKeys).
 * The model's generated copy (new-model-copy-generated.ts) where there is one, else copyPlain.
 */
function copyModel(m: RModel, o: unknown, w: CopyWalk, depth: number): Record<string, unknown> | typeof NO {
  if (genericOnly) return copyPlain(m, o, w, depth);
  let copy = copies.get(m);
  if (copy === undefined) copies.set(m, copy = generatedCopy(m, parts) ?? null);
  return copy ? copy(o, w, depth) as Record<string, unknown> | typeof NO : copyPlain(m, o, w, depth);
}

/** copyModel by the generic walk, field by field. */
function copyPlain(m: RModel, o: unknown, w: CopyWalk, depth: number): Record<string, unknown> | typeof NO {
  if (!isPlainObject(o) || depth >= w.maxDepth) return NO;
  const keys = Object.keys(o);
  const shape = modelObject(m);
  // (a typed value's keys are most often its model's, in order: then readsPropertyKeys says yes)
  const byKey = shape.hasKeysInOrder(keys) || readsPropertyKeys(m, o, undefined, keys);
  let known = keys.length;
  if (!byKey) {
    // (one pass: the JSON names in declaration order match by identity, as a parsed body has them)
    const names = shape.jsonNames;
    let next = 0;
    for (const k of keys) {
      if (k === names[next]) next++;
      else if (m.byJson.has(k)) w.errorsExact = false;
      else {
        // (a key that names no field is written by the round trip and skipped by the core: the
        // root's ignored keys, a union variant's discriminator, and any where unknown keys are ignored)
        if (m.extraMode !== "ignore" && !(depth === 0 && m.ignoredKeys.includes(k))) return NO;
        const bytes = skippedBytes(k, o[k]);
        if (bytes < 0) return NO;
        w.bytesLeft -= bytes;
        known--;
      }
    }
  }
  // (the keys are distinct own keys: so every field is an own member, by property keys or JSON names)
  if (known !== (byKey ? m.fields.length : m.byJson.size)) return NO;
  const values = byKey ? shape.byKeys(o) : shape.byJsonNames(o);
  for (let i = 0; i < values.length; i++) {
    const f = m.fields[i]!;
    if (f.skip) {
      const v = skippedCopy(f, values[i], byKey, w, depth);
      if (v === NO) return NO;
      values[i] = v;
      continue;
    }
    const x = values[i];
    if (x === undefined) return NO; // (by property keys a null, the round trip's text of it)
    // (null: Go's nil only where the field has one, and no default= that a null might take)
    const v = x === null && f.nullable && f.defaultValue === undefined ? null : copyValue(f.base, x, w, depth + 1);
    if (v === NO) return NO;
    w.bytesLeft -= 6 * f.jsonName.length + 3 + SCALAR_BYTES;
    values[i] = v;
  }
  // (validate()'s checks of this object; nested ones were checked as they were copied)
  if (!objectChecksPass(m, values)) w.failed = true;
  return shape.make(values);
}

/** A json:"-" or extras field's value in the copy: its zero value, or the input's (by property keys), or NO. */
function skippedCopy(f: RField, x: unknown, byKey: boolean, w: CopyWalk, depth: number): unknown {
  if (!byKey || !takesSkipped(f, w.dashFromInput)) return zeroValue(f.type);
  // (null takes the zero value, and a value not of the field's type is a ConversionError: the round trip's)
  return x === undefined || x === null || skippedMismatch(f.type, x, "", depth, w.maxDepth) ? NO : x;
}

/** Copy by the generic walk alone (withGenericCopy). */
let genericOnly = false;

/** @internal run() with every object copied by the generic walk: the oracle of the generated copies' tests. */
export function withGenericCopy<T>(run: () => T): T {
  genericOnly = true;
  try {
    return run();
  } finally {
    genericOnly = false;
  }
}

/** The generated copy of each model (null: none, the generic walk copies it). */
const copies = new WeakMap<RModel, GeneratedCopy<CopyWalk> | null>();

/** What generated copies call back into. */
const parts: CopyParts<CopyWalk> = {
  NO, plain: copyPlain, copyValue, skipped: skippedCopy, isPlainObject, readsPropertyKeys,
};

/**
 * What the round trip's text of a skipped member takes at most, in bytes: a scalar's (undefined:
 * nothing, the round trip leaves it out); -1 for anything else, which the round trip must write
 * (and may refuse: a function, a cycle, a value nested too deep).
 */
function skippedBytes(key: string, v: unknown): number {
  switch (typeof v) {
    case "undefined": return 0;
    case "string": return 6 * key.length + 3 + 6 * v.length + 2;
    case "boolean": return 6 * key.length + 3 + SCALAR_BYTES;
    case "number": return Number.isFinite(v) ? 6 * key.length + 3 + SCALAR_BYTES : -1;
    default: return v === null ? 6 * key.length + 3 + SCALAR_BYTES : -1;
  }
}

/** A present, non-null value of type t (ptr removed). */
function copyValue(t: RType, v: unknown, w: CopyWalk, depth: number): unknown {
  switch (t.kind) {
    case "scalar": {
      const kind = t.scalar;
      if (kind === "any") return anyCopy(v, w, depth);
      switch (typeof v) {
        case "string":
          // (at most 6 bytes a UTF-16 unit: \u escapes of control characters and lone surrogates)
          w.bytesLeft -= 6 * v.length + 2;
          if (kind === "time") {
            // (a time as its RFC 3339 text, as a parsed body has it: read as the core reads it)
            const ms = goTimeMillis(v);
            w.errorsExact = false;
            return Number.isNaN(ms) ? NO : new Date(ms);
          }
          return kind === "string" ? v : NO;
        case "boolean": return kind === "bool" ? v : NO;
        case "number": {
          const range = intRange(kind);
          // (an int kind's -0 is 0, as marshal writes it; a float keeps -0)
          if (range !== undefined) return Number.isInteger(v) && v >= range[0] && v <= range[1] ? v + 0 : NO;
          if (kind === "float64") return Number.isFinite(v) ? v : NO;
          return kind === "float32" && fitsFloat32(v) ? v : NO;
        }
        case "object":
          if (kind !== "time" || !(v instanceof Date)) return NO;
          {
            const year = v.getUTCFullYear(); // (NaN for an invalid Date)
            return year >= 0 && year <= 9999 ? new Date(v.getTime()) : NO;
          }
        default: return NO;
      }
    }
    case "ptr": return v === null ? null : copyValue(stripPtr(t), v, w, depth);
    case "model": return copyModel(t.model, v, w, depth);
    case "slice": case "array": {
      if (!Array.isArray(v) || depth >= w.maxDepth || (t.kind === "array" && v.length !== t.length)) return NO;
      const elem = t.elem;
      const out = new Array<unknown>(v.length);
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        // (a hole or undefined is null in the text, which a non-ptr item reads as its zero value)
        const item = x === null && elem.kind === "ptr" ? null : copyValue(elem, x, w, depth + 1);
        if (item === NO) return NO;
        out[i] = item;
      }
      w.bytesLeft -= 2 + SCALAR_BYTES * v.length;
      return out;
    }
    case "map": {
      if (!isPlainObject(v) || depth >= w.maxDepth) return NO;
      const elem = t.elem;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined) return NO; // (the round trip leaves the entry out)
        const item = x === null && elem.kind === "ptr" ? null : copyValue(elem, x, w, depth + 1);
        if (item === NO) return NO;
        w.bytesLeft -= 6 * k.length + 3 + SCALAR_BYTES;
        setMember(out, k, item);
      }
      return out;
    }
    case "extras": return NO;
  }
}

const anyLayout: JsonLayout = { indent: "", maxDepth: Number.POSITIVE_INFINITY, fail: () => new ConversionError("", "any", "") };

/**
 * The content of an `any` field, as the round trip reads it: the JSON text marshal writes of it,
 * parsed (Dates become their text, bigints numbers); NO for what JSON cannot hold.
 */
function anyCopy(v: unknown, w: CopyWalk, depth: number): unknown {
  let text: string;
  try {
    text = anyText(v, "", { ...anyLayout, maxDepth: w.maxDepth }, depth);
  } catch (e) {
    if (e instanceof ConversionError) return NO;
    throw e;
  }
  // (at most 3 UTF-8 bytes a UTF-16 unit of JSON text, whose control characters are escaped already)
  w.bytesLeft -= 3 * text.length;
  return JSON.parse(text) as unknown;
}

/**
 * Whether a json:"-" or extras field of an object read by property keys takes the input's value:
 * the extras field always (what unmarshal captured), a json:"-" field where `dashFromInput` (newModel:
 * Go copies the struct), not for ~standard.validate, whose input is a request body more often than
 * not: json:"-" means never from the input there, as no JSON ever sets it in Go (a body
 * {"name":"x","isAdmin":true} has only property keys, and would otherwise set a json:"-" isAdmin).
 * @internal
 */
export function takesSkipped(f: RField, dashFromInput: boolean): boolean {
  return f.extras || dashFromInput;
}

/**
 * Where the value of a json:"-" or extras field of a typed input, copied as it is (Go copies the
 * struct), is not of the field's TypeScript type (`Infer`): a ConversionError there, else
 * undefined. null fits where the type has it (ptr, slice, map, any); inside a model every field
 * counts, its own json:"-" and extras fields too.
 * @internal
 */
export function skippedMismatch(t: RType, v: unknown, path: string, depth: number, maxDepth: number): ConversionError | undefined {
  if (v === null && (isNilable(t) || (t.kind === "scalar" && t.scalar === "any"))) return undefined;
  const base = stripPtr(t);
  if (!hasType(base, v)) return withoutStack(() => new ConversionError(path, typeName(base), describe(v)));
  if (base.kind !== "slice" && base.kind !== "array" && base.kind !== "map" && base.kind !== "model") return undefined;
  // (a value that contains itself is nested without end)
  if (depth >= maxDepth) return withoutStack(() => new ConversionError(path, typeName(base), `a value nested deeper than ${maxDepth} levels`));
  if (base.kind === "model") {
    for (const f of base.model.fields) {
      const e = skippedMismatch(f.type, (v as Record<string, unknown>)[f.key], joinKey(path, f.key), depth + 1, maxDepth);
      if (e) return e;
    }
  } else if (base.kind === "map") {
    for (const [k, x] of Object.entries(v as object)) {
      const e = skippedMismatch(base.elem, x, joinKey(path, k), depth + 1, maxDepth);
      if (e) return e;
    }
  } else {
    // (every index: a hole is undefined, of no element type)
    for (let i = 0; i < (v as unknown[]).length; i++) {
      const e = skippedMismatch(base.elem, (v as unknown[])[i], `${path}[${i}]`, depth + 1, maxDepth);
      if (e) return e;
    }
  }
  return undefined;
}
