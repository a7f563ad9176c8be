// The TypeScript reference validator: validate(value) walks a typed value with each directive's
// TypeScript check, in the order unmarshal reports for the same value written with its keys in
// declaration order (children first, then the value's own checks; object checks when the object
// is done). The differential tests hold the WASM evaluator to it.

import type { FieldError } from "./errors.js";
import { toJsonForm } from "./json-form.js";
import { REQUIRED_CODE, REQUIRED_MESSAGE } from "./directives/required.js";
import type { ValueCheck } from "./directives/directive.js";
import { FLOAT32_MAX, intRange, stripPtr, typeName, type RField, type RModel, type RType } from "./resolve.js";
import { zeroValue } from "./values.js";

export function joinPath(path: string, name: string): string {
  return path === "" ? name : `${path}.${name}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Does v have the TypeScript shape of type t (ptr already removed)? */
function hasType(t: RType, v: unknown): boolean {
  switch (t.kind) {
    case "scalar":
      switch (t.scalar) {
        case "string": return typeof v === "string";
        case "bool": return typeof v === "boolean";
        case "any": return true;
        case "time": return v instanceof Date && !Number.isNaN(v.getTime());
        case "float32": return typeof v === "number" && Math.abs(v) <= FLOAT32_MAX;
        case "float64": return typeof v === "number" && Number.isFinite(v);
        default: {
          const r = intRange(t.scalar)!;
          return typeof v === "number" && Number.isInteger(v) && v >= r[0] && v <= r[1];
        }
      }
    case "slice": return Array.isArray(v);
    case "array": return Array.isArray(v) && v.length === t.length;
    case "map": case "model": case "extras": return isPlainObject(v);
    case "ptr": return true;
  }
}

/**
 * Check a present (non-null) value of type t at path, then its own checks. `open`: the objects and
 * arrays being checked around it (a value that contains itself has no JSON form: INVALID_TYPE).
 */
function checkValue(t: RType, v: unknown, path: string, checks: readonly ValueCheck[], out: FieldError[], open: Set<object>): void {
  const base = stripPtr(t);
  if (!hasType(base, v)) {
    out.push({ field: path, code: "INVALID_TYPE", message: `must be of type ${typeName(base)}`, value: toJsonForm({ kind: "scalar", scalar: "any" }, v) });
    return;
  }
  const container = typeof v === "object" && v !== null && !(v instanceof Date) ? v : undefined;
  if (container) {
    if (open.has(container)) {
      out.push({ field: path, code: "INVALID_TYPE", message: `must be of type ${typeName(base)}, not a value that contains itself`, value: null });
      return;
    }
    open.add(container);
  }
  switch (base.kind) {
    case "model":
      checkObject(base.model, v as Record<string, unknown>, path, out, open);
      break;
    case "slice": case "array":
      // (every index, holes too: a hole is no element of a JSON array)
      for (let i = 0; i < (v as unknown[]).length; i++) {
        const x = (v as unknown[])[i];
        if (x !== null && x !== undefined) checkValue(base.elem, x, `${path}[${i}]`, [], out, open);
      }
      break;
    case "map":
      for (const [k, x] of Object.entries(v as object)) {
        if (x !== null && x !== undefined) checkValue(base.elem, x, joinPath(path, k), [], out, open);
      }
      break;
  }
  if (container) open.delete(container);
  for (const c of checks) {
    if (!c.test(v)) out.push({ field: path, code: c.code, message: c.message, value: toJsonForm(base, v) });
  }
}

function checkObject(m: RModel, o: Record<string, unknown>, path: string, out: FieldError[], open: Set<object>): void {
  const fields = m.fields.filter((f) => !f.skip);
  for (const f of fields) {
    const v = o[f.key];
    if (v !== null && v !== undefined) checkValue(f.type, v, joinPath(path, f.jsonName), f.valueChecks, out, open);
  }
  for (const f of fields) {
    const v = o[f.key];
    const absent = v === null || v === undefined;
    const at = joinPath(path, f.jsonName);
    if (absent && f.required) {
      out.push({ field: at, code: REQUIRED_CODE, message: REQUIRED_MESSAGE, value: null });
      continue;
    }
    for (const c of f.objectChecks) {
      if (!c.test(v, o[c.other.key])) out.push({ field: at, code: c.code, message: c.message, value: absent ? null : toJsonForm(f.type, v) });
    }
  }
}

/** Validate a typed value of model m; [] when it passes. */
export function referenceValidate(m: RModel, value: unknown): FieldError[] {
  const out: FieldError[] = [];
  if (!isPlainObject(value)) {
    out.push({ field: "", code: "INVALID_TYPE", message: `must be of type ${m.name}`, value: value ?? null });
    return out;
  }
  checkObject(m, value, "", out, new Set([value]));
  return out;
}

/** The errors of a missing field's zero value (lax mode), at path. */
export function zeroErrors(f: RField, path: string): FieldError[] {
  const out: FieldError[] = [];
  const zero = zeroValue(f.type);
  if (zero !== null) checkValue(f.type, zero, path, f.valueChecks, out, new Set());
  return out;
}

export function zeroFails(f: RField): boolean {
  return zeroErrors(f, f.jsonName).length > 0;
}

