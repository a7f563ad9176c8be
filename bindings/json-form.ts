// The JSON form of a typed value ("dict form"): JSON names as keys, nested models as objects,
// captured extras merged into their level, times as RFC 3339 text. Error values are in this form.

import { stripPtr, type RModel, type RType } from "./resolve.js";
import { setMember } from "./values.js";
import { MarshalError } from "./marshal.js";

/** RFC 3339 with the fraction trimmed, as Go's time.Time marshals (always UTC here). */
export function formatTime(d: Date): string {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (or ±YYYYYY for far years)
  return iso.replace(/\.000Z$/, "Z").replace(/(\.\d*?)0+Z$/, "$1Z");
}

/** How a value is turned into its JSON form. */
export interface JsonFormOptions {
  /** v is a stream's partial value, where a field not read yet is absent (left out here, not written as null). */
  readonly partial?: boolean;
  /** Containers nested deeper than this are a MarshalError (dict of a hostile value; no stack overflow). */
  readonly maxDepth?: number;
}

export function toJsonForm(t: RType, v: unknown, options: JsonFormOptions = {}): unknown {
  return form(t, v, options, 1);
}

export function objectToJsonForm(m: RModel, o: Record<string, unknown>, options: JsonFormOptions = {}): Record<string, unknown> {
  return objectForm(m, o, options, 1);
}

/** The JSON form of v, a value at nesting level `depth` (1: the document). */
function form(t: RType, v: unknown, options: JsonFormOptions, depth: number): unknown {
  if (v === null || v === undefined) return null;
  const base = stripPtr(t);
  switch (base.kind) {
    case "model": return objectForm(base.model, v as Record<string, unknown>, options, depth);
    case "slice": case "array":
      if (!Array.isArray(v)) return v;
      checkDepth(options, depth);
      return v.map((x) => form(base.elem, x, options, depth + 1));
    case "map":
      if (typeof v !== "object") return v;
      checkDepth(options, depth);
      return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, form(base.elem, x, options, depth + 1)]));
    case "scalar":
      return base.scalar === "time" && v instanceof Date ? formatTime(v) : v;
    default:
      return v;
  }
}

function checkDepth(options: JsonFormOptions, depth: number): void {
  const max = options.maxDepth;
  if (max !== undefined && depth > max) throw new MarshalError("", `a value nested deeper than ${max} levels`);
}

function objectForm(m: RModel, o: Record<string, unknown>, options: JsonFormOptions, depth: number): Record<string, unknown> {
  if (typeof o !== "object" || o === null) return o;
  checkDepth(options, depth);
  const partial = options.partial === true;
  const out: Record<string, unknown> = {};
  for (const f of m.fields) {
    if (f.extras) continue; // (after the fields)
    if (f.skip || (partial && !Object.hasOwn(o, f.key))) continue;
    out[f.jsonName] = form(f.type, o[f.key], options, depth + 1);
  }
  // captured extras join their level as marshal writes them: only where this validator captures
  // them, never over a field's JSON name, a "__proto__" key as a key (not the object's prototype)
  const extras = m.extrasField && m.extraMode === "capture" ? o[m.extrasField.key] : undefined;
  if (extras && typeof extras === "object") {
    for (const [k, x] of Object.entries(extras)) if (x !== undefined && !m.byJson.has(k)) setMember(out, k, x);
  }
  return out;
}
