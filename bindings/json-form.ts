// The JSON form of a typed value ("dict form"): JSON names as keys, nested models as objects,
// captured extras merged into their level, times as RFC 3339 text. Error values are in this form.

import { stripPtr, type RModel, type RType } from "./resolve.js";
import { setMember } from "./values.js";

/** RFC 3339 with the fraction trimmed, as Go's time.Time marshals (always UTC here). */
export function formatTime(d: Date): string {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (or ±YYYYYY for far years)
  return iso.replace(/\.000Z$/, "Z").replace(/(\.\d*?)0+Z$/, "$1Z");
}

/**
 * `partial`: v is a stream's partial value, where a field not read yet is absent (left out here,
 * not written as null).
 */
export function toJsonForm(t: RType, v: unknown, partial = false): unknown {
  if (v === null || v === undefined) return null;
  const base = stripPtr(t);
  switch (base.kind) {
    case "model": return objectToJsonForm(base.model, v as Record<string, unknown>, partial);
    case "slice": case "array":
      return Array.isArray(v) ? v.map((x) => toJsonForm(base.elem, x, partial)) : v;
    case "map":
      return typeof v === "object"
        ? Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, toJsonForm(base.elem, x, partial)]))
        : v;
    case "scalar":
      return base.scalar === "time" && v instanceof Date ? formatTime(v) : v;
    default:
      return v;
  }
}

export function objectToJsonForm(m: RModel, o: Record<string, unknown>, partial = false): Record<string, unknown> {
  if (typeof o !== "object" || o === null) return o;
  const out: Record<string, unknown> = {};
  for (const f of m.fields) {
    if (f.extras) continue; // (after the fields)
    if (f.skip || (partial && !Object.hasOwn(o, f.key))) continue;
    out[f.jsonName] = toJsonForm(f.type, o[f.key], partial);
  }
  // captured extras join their level as marshal writes them: only where this validator captures
  // them, never over a field's JSON name, a "__proto__" key as a key (not the object's prototype)
  const extras = m.extrasField && m.extraMode === "capture" ? o[m.extrasField.key] : undefined;
  if (extras && typeof extras === "object") {
    for (const [k, x] of Object.entries(extras)) if (x !== undefined && !m.byJson.has(k)) setMember(out, k, x);
  }
  return out;
}
