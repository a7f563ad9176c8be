// The TypeScript reference validator: validate(value) walks a typed value with each directive's
// TypeScript check, in the order unmarshal reports for the same value written with its keys in
// declaration order (children first, then the value's own checks; object checks when the object
// is done). The differential tests hold the WASM evaluator to it.

import type { FieldError } from "./errors.js";
import { toJsonForm } from "./json-form.js";
import { describe, isPlainObject } from "./marshal.js";
import { REQUIRED_CODE, REQUIRED_MESSAGE } from "./directives/required.js";
import type { ValueCheck } from "./directives/directive.js";
import { fitsFloat32, intRange, stripPtr, typeName, type RField, type RModel, type RType } from "./resolve.js";
import { zeroValue } from "./values.js";
import { modelObject } from "./model-object.js";

export function joinPath(path: string, name: string): string {
  return path === "" ? name : `${path}.${name}`;
}

/**
 * An object whose own properties are its content (a plain or null-prototype object, a class
 * instance): not an array, a Date, a Map or Set, bytes, a RegExp, a Promise, an Error, whose
 * content JSON would not hold (marshal would write `{}` for a Map, losing it).
 */
function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && Object.prototype.toString.call(v) === "[object Object]";
}

/** A time Go can write as RFC 3339: a valid Date in years 0..9999 (Go's MarshalJSON refuses others). */
function isTime(v: unknown): v is Date {
  if (!(v instanceof Date) || Number.isNaN(v.getTime())) return false;
  const year = v.getUTCFullYear();
  return year >= 0 && year <= 9999;
}

/** The value of an INVALID_TYPE record: its JSON form where it has one (a bigint's digits), else null. */
function typeErrorValue(v: unknown): unknown {
  try {
    const text = JSON.stringify(v, (_, x: unknown) => (typeof x === "bigint" ? (Number.isSafeInteger(Number(x)) ? Number(x) : x.toString()) : x));
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null; // (a cycle)
  }
}

/** Does v have the TypeScript shape of type t (ptr already removed)? */
export function hasType(t: RType, v: unknown): boolean {
  switch (t.kind) {
    case "scalar":
      switch (t.scalar) {
        case "string": return typeof v === "string";
        case "bool": return typeof v === "boolean";
        case "any": return true;
        case "time": return isTime(v);
        case "float32": return typeof v === "number" && fitsFloat32(v);
        case "float64": return typeof v === "number" && Number.isFinite(v);
        default: {
          const r = intRange(t.scalar)!;
          return typeof v === "number" && Number.isInteger(v) && v >= r[0] && v <= r[1];
        }
      }
    case "slice": return Array.isArray(v);
    case "array": return Array.isArray(v) && v.length === t.length;
    case "map": case "model": case "extras": return isRecord(v);
    case "ptr": return true;
  }
}

/** What a walk needs besides the value: the errors so far, the containers around, the depth limit. */
interface Walk {
  readonly out: FieldError[];
  /** The objects and arrays being checked around the value (a value that contains itself has no JSON form). */
  readonly open: Set<object>;
  /** As unmarshal's maxDepth: a value nested deeper has no JSON form unmarshal would read (and the walk stays off the call stack's limit). */
  readonly maxDepth: number;
}

/** Check a present (non-null) value of type t at path, then its own checks. */
function checkValue(t: RType, v: unknown, path: string, checks: readonly ValueCheck[], w: Walk): void {
  const base = stripPtr(t);
  const { out, open } = w;
  if (!hasType(base, v)) {
    out.push({ field: path, code: "INVALID_TYPE", message: `must be of type ${typeName(base)}`, value: typeErrorValue(v) });
    return;
  }
  const container = typeof v === "object" && v !== null && !(v instanceof Date) ? v : undefined;
  const before = out.length;
  if (container) {
    const not = notEnterable(container, w);
    if (not !== undefined) {
      out.push({ field: path, code: "INVALID_TYPE", message: `must be of type ${typeName(base)}, not ${not}`, value: null });
      return;
    }
    open.add(container);
  }
  switch (base.kind) {
    case "scalar":
      if (base.scalar === "any") {
        const got = notJson(v);
        if (got !== undefined) out.push({ field: path, code: "INVALID_TYPE", message: `must be a JSON value, not ${got}`, value: typeErrorValue(v) });
        else if (container) checkJsonMembers(container, path, w);
      }
      break;
    case "model":
      checkObject(base.model, v as Record<string, unknown>, path, w);
      break;
    case "slice": case "array":
      // (every index, holes too: a hole is no element of a JSON array)
      for (let i = 0; i < (v as unknown[]).length; i++) {
        const x = (v as unknown[])[i];
        if (x !== null && x !== undefined && !isPlainScalar(base.elem, x)) checkValue(base.elem, x, `${path}[${i}]`, [], w);
      }
      break;
    case "map":
      for (const [k, x] of Object.entries(v as object)) {
        if (x !== null && x !== undefined && !isPlainScalar(base.elem, x)) checkValue(base.elem, x, joinPath(path, k), [], w);
      }
      break;
  }
  if (container) open.delete(container);
  // (an item of the wrong type, at any depth, is compared by no check: unique reads the items)
  let mistypedItem = false;
  if (container !== undefined) for (let i = before; i < out.length && !mistypedItem; i++) mistypedItem = out[i]!.code === "INVALID_TYPE";
  for (const c of checks) {
    if (mistypedItem && c.readsItems === true) continue;
    if (!c.test(v)) out.push({ field: path, code: c.code, message: c.message, value: toJsonForm(base, v) });
  }
}

/**
 * An `any` value must be JSON that marshal writes and unmarshal reads back (what marshal's anyText
 * takes): strings, finite numbers, booleans, bigints, null, valid Dates, arrays and plain objects,
 * not nested past maxDepth, not containing themselves. What is not: INVALID_TYPE at its path.
 */
function checkJson(v: unknown, path: string, w: Walk): void {
  const got = notJson(v) ?? (typeof v === "object" && v !== null && !(v instanceof Date) ? notEnterable(v, w) : undefined);
  if (got !== undefined) {
    w.out.push({ field: path, code: "INVALID_TYPE", message: `must be a JSON value, not ${got}`, value: w.open.has(v as object) ? null : typeErrorValue(v) });
    return;
  }
  if (typeof v !== "object" || v === null || v instanceof Date) return;
  w.open.add(v);
  checkJsonMembers(v, path, w);
  w.open.delete(v);
}

/** Why the walk cannot go into container v (it contains itself, or it is nested past maxDepth); undefined when it can. */
function notEnterable(v: object, w: Walk): string | undefined {
  return w.open.has(v) ? "a value that contains itself" : w.open.size >= w.maxDepth ? `a value nested deeper than ${w.maxDepth} levels` : undefined;
}

function checkJsonMembers(v: object, path: string, w: Walk): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) checkJson(v[i], `${path}[${i}]`, w);
  } else {
    for (const [k, x] of Object.entries(v)) if (x !== undefined) checkJson(x, joinPath(path, k), w);
  }
}

/** What JSON cannot hold of v itself (not looking inside), described; undefined when it can. */
function notJson(v: unknown): string | undefined {
  switch (typeof v) {
    case "string": case "boolean": case "bigint": case "undefined": return undefined;
    case "number": return Number.isFinite(v) ? undefined : describe(v);
    case "object":
      if (v === null || Array.isArray(v) || isPlainObject(v)) return undefined;
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? "an invalid Date" : undefined;
      return describe(v);
    default: return describe(v);
  }
}

const readFieldsOf = new WeakMap<RModel, readonly RField[]>();

/** The fields of m that JSON reads (not json:"-", not the extras), listed once per model. */
function readFields(m: RModel): readonly RField[] {
  let fields = readFieldsOf.get(m);
  if (fields === undefined) readFieldsOf.set(m, fields = m.fields.filter((f) => !f.skip));
  return fields;
}

/** Does a present value pass the field's own checks? */
function valueChecksPass(f: RField, v: unknown): boolean {
  for (const c of f.valueChecks) if (!c.test(v)) return false;
  return true;
}

/** Is v a scalar of type t (not any), which an item with no checks of its own passes (no path to make)? */
function isPlainScalar(t: RType, v: unknown): boolean {
  return t.kind === "scalar" && t.scalar !== "any" && hasType(t, v);
}

/** Is v a scalar of the field's type that passes the field's own checks (nothing to report, no path to make)? */
function passingScalar(f: RField, v: unknown): boolean {
  return isPlainScalar(f.base, v) && valueChecksPass(f, v);
}

/**
 * Whether checkObject would report nothing of o itself (required, each present field's own
 * checks, the cross-field ones), its fields' types and nested objects being known good: for
 * newModel's direct copy (bindings/new-model-copy.ts), which checks each object as it copies it
 * and needs only pass or fail. `values` are the object's field values by slot (declaration order).
 */
export function objectChecksPass(m: RModel, values: readonly unknown[]): boolean {
  for (const f of readFields(m)) {
    const v = values[f.slot];
    if (v === null || v === undefined) {
      if (f.required) return false;
    } else if (!valueChecksPass(f, v)) return false;
    for (const c of f.objectChecks) if (!c.test(v, values[c.other.slot])) return false;
  }
  return true;
}

function checkObject(m: RModel, o: Record<string, unknown>, path: string, w: Walk): void {
  const fields = readFields(m);
  const { out } = w;
  // (the field values by slot, each read at its own site: bindings/model-object.ts)
  const values = modelObject(m).byKeys(o);
  for (const f of fields) {
    const v = values[f.slot];
    if (v !== null && v !== undefined && !passingScalar(f, v)) checkValue(f.type, v, joinPath(path, f.jsonName), f.valueChecks, w);
  }
  for (const f of fields) {
    const v = values[f.slot];
    const absent = v === null || v === undefined;
    if (absent && f.required) {
      out.push({ field: joinPath(path, f.jsonName), code: REQUIRED_CODE, message: REQUIRED_MESSAGE, value: null });
      continue;
    }
    // a value of the wrong type (INVALID_TYPE above) gets no further checks, nor is it compared
    // with: a cross-field check would read it as what it is not ("10" before "2" as strings)
    if (mistyped(f, v)) continue;
    for (const c of f.objectChecks) {
      if (mistyped(m.fields[c.other.slot]!, values[c.other.slot])) continue;
      if (!c.test(v, values[c.other.slot])) out.push({ field: joinPath(path, f.jsonName), code: c.code, message: c.message, value: absent ? null : toJsonForm(f.type, v) });
    }
  }
}

/**
 * @internal Does the reference walk find nothing wrong with present value v of type t, its own
 * checks aside, `open` containers being open around it (for the generated pass test,
 * bindings/reference-generated.ts)?
 */
export function valuePasses(t: RType, v: unknown, open: number, maxDepth: number): boolean {
  const out: FieldError[] = [];
  checkValue(t, v, "", [], { out, open: new Set(), maxDepth: maxDepth - open });
  return out.length === 0;
}

/** Is v, a field's value, present and not of the field's type (an INVALID_TYPE)? */
function mistyped(f: RField, v: unknown): boolean {
  return v !== null && v !== undefined && !hasType(stripPtr(f.type), v);
}

/** Validate a typed value of model m; [] when it passes. */
export function referenceValidate(m: RModel, value: unknown, maxDepth = Number.POSITIVE_INFINITY): FieldError[] {
  const out: FieldError[] = [];
  if (!isRecord(value)) {
    out.push({ field: "", code: "INVALID_TYPE", message: `must be of type ${m.name}`, value: typeErrorValue(value) });
    return out;
  }
  checkObject(m, value, "", { out, open: new Set([value]), maxDepth });
  return out;
}

/** The errors of the zero value of type t with the checks `checks`, at path. */
function zeroValueErrors(t: RType, checks: readonly ValueCheck[], path: string): FieldError[] {
  const out: FieldError[] = [];
  const zero = zeroValue(t);
  if (zero !== null) checkValue(t, zero, path, checks, { out, open: new Set(), maxDepth: Number.POSITIVE_INFINITY });
  return out;
}

/** The errors of a missing field's zero value (lax mode), at path. */
export function zeroErrors(f: RField, path: string): FieldError[] {
  return zeroValueErrors(f.type, f.valueChecks, path);
}

/** The errors of an item's zero value (the items of a fixed-size array past those read), at path. */
export function zeroItemErrors(elem: RType, path: string): FieldError[] {
  return zeroValueErrors(elem, [], path);
}

export function zeroFails(f: RField): boolean {
  return zeroErrors(f, f.jsonName).length > 0;
}

