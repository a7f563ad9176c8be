// Zero values (Go's, in their TypeScript form), the value a missing key takes, and members and items
// read and written the way the bindings need.

import { ZERO_TIME_MS } from "./layout.js";
import type { RField, RModel, RType } from "./resolve.js";

export function zeroValue(t: RType): unknown {
  switch (t.kind) {
    case "scalar":
      switch (t.scalar) {
        case "string": return "";
        case "bool": return false;
        case "any": return null;
        case "time": return new Date(ZERO_TIME_MS);
        default: return 0;
      }
    case "ptr": case "slice": case "map": return null;
    case "array": return Array.from({ length: t.length }, () => zeroValue(t.elem));
    case "model": return zeroObject(t.model);
    case "extras": return {};
  }
}

export function zeroObject(m: RModel): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const f of m.fields) setMember(o, f.key, zeroValue(f.type)); // (a field "__proto__" too)
  return o;
}

/** The value of a field whose key is absent from the JSON (once it is known not to be an error). */
export function missingValue(f: RField): unknown {
  if (f.defaultValue !== undefined) return f.defaultValue;
  return zeroValue(f.type);
}

/**
 * An own member's value (undefined when absent): never an inherited one, which a plain read gives
 * for "__proto__" (the prototype), "constructor", "toString", ... (Object.prototype's).
 */
export function ownMember(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/**
 * Set a member whose key comes from the JSON (a map entry, an extra, a key of a partial object).
 * A key "__proto__" becomes an own property, as JSON.parse makes it: a plain assignment would set
 * the object's prototype instead, losing the entry.
 */
export function setMember(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

/**
 * f of each item of an array, holes included (as undefined: `map` skips them), in a loop:
 * Array.from with a function took most of the time of writing or forming a short list.
 */
export function eachItem<T>(items: readonly unknown[], f: (x: unknown, i: number) => T): T[] {
  const out = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = f(items[i], i);
  return out;
}

/** Longest string jsonQuote checks itself before it leaves the work to JSON.stringify. */
const QUOTE_SCAN_MAX = 64;

/**
 * A string as JSON.stringify writes it: a short one of printable ASCII without `"` or `\` is its
 * text between quotes (no call into JSON.stringify, which costs more than the scan for the short
 * keys and values most documents hold); anything else is JSON.stringify's.
 */
export function jsonQuote(s: string): string {
  if (s.length > QUOTE_SCAN_MAX) return JSON.stringify(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return JSON.stringify(s);
  }
  return `"${s}"`;
}
