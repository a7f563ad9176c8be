// `unique`: NOT_UNIQUE `items must be unique`. Lists: items pairwise distinct; maps: values
// pairwise distinct; `unique=F` on a list of models compares their field F. null items of ptrs
// are nil and skipped (as in Go); a null item of values is Go's zero value and compared. Items
// that are models are compared by value, field by field (the fields JSON holds, as the core
// compares them), which needs every field of the model to be a scalar (Go's comparable structs);
// otherwise use unique=F.
import { OP_UNIQUE, OP_UNIQUE_BY } from "../layout.js";
import { goTrimSpace } from "../tags.js";
import { zeroOf } from "./cross-field.js";
import { DirectiveError, kindError, type DirectiveSpec, type SiblingRef } from "./directive.js";
import { formatGo, goString } from "./go-format.js";

/**
 * Canonical text of a comparable value, equal when the core finds the values equal: numbers by
 * value, strings as Go strings, times by instant; a model item by its fields' values in declaration
 * order (`fields`: the fields JSON holds; properties that are no such field take no part, as
 * unmarshal never sees them). null / undefined: undefined (the item is skipped; a field of a model
 * item that is null is one value, the same for every such field).
 */
export function uniqueKey(v: unknown, fields?: readonly SiblingRef[]): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Date) return "t" + v.getTime();
  if (fields !== undefined && typeof v === "object") {
    return "m" + JSON.stringify(fields.map((f) => fieldKey(f, (v as Record<string, unknown>)[f.key])));
  }
  return typeof v === "string" ? "s" + goString(v) : typeof v === "number" ? "n" + formatGo(v) : "b" + String(v);
}

/**
 * The key of a model item's field: null on a field that is no ptr is its zero value (a Go struct
 * holds 0, "", false or the zero time there, and Go compares that); a nil ptr is nil.
 */
function fieldKey(f: SiblingRef, v: unknown): string | undefined {
  return uniqueKey(v === null || v === undefined ? (f.nullable ? null : zeroOf(f.kind)) : v);
}

function allDistinct(items: readonly unknown[], key: (item: unknown) => string | undefined): boolean {
  if (items.length <= SMALL) {
    // (a few items: compared pairwise, which is cheaper than making a Set)
    const keys: (string | undefined)[] = items.map(key);
    for (let i = 1; i < keys.length; i++) {
      const k = keys[i];
      if (k !== undefined && keys.indexOf(k) < i) return false;
    }
    return true;
  }
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}

/** Up to this many items, allDistinct compares keys pairwise. */
const SMALL = 8;

/** Any UTF-16 surrogate (paired or lone). */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Are a few items, all strings without a surrogate, pairwise distinct? (Their Go strings are the
 * strings themselves: no key to make.) undefined where that does not hold: allDistinct decides.
 */
function fewPlainStringsDistinct(items: readonly unknown[]): boolean | undefined {
  const n = items.length;
  if (n > SMALL) return undefined;
  for (let i = 0; i < n; i++) {
    const s = items[i];
    if (typeof s !== "string" || SURROGATE.test(s)) return undefined;
    for (let j = 0; j < i; j++) if (items[j] === s) return false;
  }
  return true;
}

export const unique: DirectiveSpec = {
  names: ["unique"],
  build(name, value, raw, field) {
    if (field.kind !== "list" && field.kind !== "map") throw kindError(name, field, "slice, array or map");
    const base = { phase: "value" as const, directive: raw, code: "NOT_UNIQUE", message: "items must be unique", readsItems: true };
    const items = (v: unknown) => (Array.isArray(v) ? v : Object.values(v as object));
    // (`unique=` and `unique= ` are plain unique: Go trims the value)
    const byName = goTrimSpace(value ?? "");
    if (byName !== "") {
      const by = field.elemField(byName);
      if (field.kind !== "list" || field.elemKind !== "model") {
        throw new DirectiveError(`unique=${value}: needs a slice of models`);
      }
      if (by === undefined) throw new DirectiveError(`unique=${value}: the item model has no field ${value}`);
      if (by.kind !== "string" && by.kind !== "number" && by.kind !== "bool" && by.kind !== "time") {
        throw new DirectiveError(`unique=${value}: field ${value} must be a string, number, bool or time`);
      }
      return {
        ...base,
        wasm: () => [OP_UNIQUE_BY, by.slot, 0, 0],
        test: (v: unknown) => allDistinct(items(v), (item) =>
          item === null || item === undefined ? (field.elemNullable ? undefined : fieldKey(by, undefined)) : fieldKey(by, (item as Record<string, unknown>)[by.key])),
      };
    }
    const elem = field.elemKind;
    if (elem !== "string" && elem !== "number" && elem !== "bool" && elem !== "time" && elem !== "model") {
      throw new DirectiveError(`unique on a ${field.kind} of ${elem} items: items must be strings, numbers, bools, times or models`);
    }
    // models are compared by value, field by field: only scalar fields compare (in Go a struct
    // holding a slice or map is not comparable and unique silently skips it; here it is refused)
    const fields = elem === "model" ? field.elemFields()! : undefined;
    // a null item: nil for ptr items (it takes no part), else Go's zero value, which Go's slice or
    // map holds and compares (a zero model: each field null, so its zero value or nil)
    const zeroItem = field.elemNullable ? null : elem === "model" ? {} : zeroOf(elem);
    const nested = fields?.find((f) => !["string", "number", "bool", "time"].includes(f.kind));
    if (nested) {
      throw new DirectiveError(`unique compares items by value, but field ${nested.key} of the item model is a ${nested.kind}: use unique=<Field>`);
    }
    return {
      ...base, schema: field.kind === "list" ? { uniqueItems: true } : undefined,
      wasm: () => [OP_UNIQUE, 0, 0, 0],
      test: (v: unknown) => {
        const list = items(v);
        return (elem === "string" ? fewPlainStringsDistinct(list) : undefined) ?? allDistinct(list, (item) => uniqueKey(item ?? zeroItem, fields));
      },
    };
  },
};
