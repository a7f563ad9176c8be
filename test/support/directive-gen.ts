// fast-check arbitraries of typed values for any model, concentrated where the directives decide:
// numbers at and around each bound, strings whose length is at and around each bound, the oneof
// values and near misses, nearly valid emails / URLs / UUIDs, unicode, small pools of items so
// that `unique` sees duplicates, and equal or ordered pairs for the cross-field comparisons.

import fc from "fast-check";
import type { Model } from "../../bindings/index.js";
import { intRange, FLOAT32_MAX, type RField, type RModel, type RType } from "../../bindings/resolve.js";
import { splitDirectives } from "../../bindings/tags.js";
import { ZERO_TIME_MS } from "../../bindings/layout.js";
import { validatorFor } from "./directive-harness.js";

/** What a field's directives say about the values worth trying. */
interface Hints {
  /** Numbers written in min/max/gt/lt/gte/lte/minItems/maxItems. */
  bounds: number[];
  /** Values of oneof. */
  oneof: string[];
}

const BOUND_DIRECTIVES = new Set(["min", "max", "gt", "lt", "gte", "lte", "minItems", "maxItems"]);

function hintsOf(f: RField): Hints {
  const h: Hints = { bounds: [], oneof: [] };
  for (const d of splitDirectives(f.directives)) {
    if (BOUND_DIRECTIVES.has(d.name) && d.value !== undefined) h.bounds.push(Number(d.value));
    if (d.name === "oneof" && d.value !== undefined) h.oneof.push(...d.value.split(" ").filter((v) => v !== ""));
  }
  return h;
}

const NO_HINTS: Hints = { bounds: [], oneof: [] };

// ---------------------------------------------------------------- strings

const UNITS = ["a", "Z", "m", "5", "0", "_", "-", ".", " ", "é", "ß", "日", "😀", "\u0301", "\"", "\\", "\n", "\u0000", "\u007f", "\uffff"];
const unitArb = fc.constantFrom(...UNITS);

/** Strings of exactly `len` units from a mixed alphabet (code points, not UTF-16 units, count). */
function stringOfLength(len: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "b", "Z", "7"), minLength: len, maxLength: len }),
    fc.string({ unit: unitArb, minLength: len, maxLength: len }),
  );
}

/** Emails that are valid or one step away (^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$). */
export const nearEmail: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: fc.constantFrom("a", "Z", "0", ".", "_", "%", "+", "-", " ", "é", "@"), minLength: 0, maxLength: 4 }),
    fc.constantFrom("@", "@", "@", "", "@@"),
    fc.string({ unit: fc.constantFrom("a", "z", "9", ".", "-", "_", "ü"), minLength: 0, maxLength: 5 }),
    fc.constantFrom(".", ".", "", ".."),
    fc.string({ unit: fc.constantFrom("a", "Z", "c", "1", "-", "."), minLength: 0, maxLength: 4 }),
  )
  .map((p) => p.join(""));

/** URLs that are valid or one step away (any scheme with a host or a path). */
export const nearUrl: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("http", "https", "ftp", "a+b-c.d", "x", "1http", "", "h_t", "ht tp"),
    fc.constantFrom("://", "://", ":/", ":", "//", ":///"),
    fc.constantFrom("", "", "user@", "u:p@", "@", "a@b@"),
    fc.constantFrom("", "example.com", "[::1]", "[::1", "[::1]x", "localhost", "ex ample", "exa%20mple", "ex%2", "日本.jp"),
    fc.constantFrom("", "", ":80", ":", ":8a", ":65536"),
    fc.constantFrom("", "/", "/a/b", "/a b", "/%zz", "/ü", "/%41"),
    fc.constantFrom("", "?q=1", "#frag", "?", "?a b", "#%"),
  )
  .map((p) => p.join(""));

/** UUIDs that are valid (any case, any version) or have one character changed, removed or added. */
export const nearUuid: fc.Arbitrary<string> = fc
  .tuple(fc.uuid(), fc.constantFrom("keep", "upper", "replace", "delete", "insert"), fc.nat(36), fc.constantFrom("g", "G", "-", "0", "f", "F", "é", " "))
  .map(([u, mode, i, c]) => {
    const at = i % 36;
    switch (mode) {
      case "upper": return u.toUpperCase();
      case "replace": return u.slice(0, at) + c + u.slice(at + 1);
      case "delete": return u.slice(0, at) + u.slice(at + 1);
      case "insert": return u.slice(0, at) + c + u.slice(at);
      default: return u;
    }
  });

/** Strings ordered in interesting ways (code point vs UTF-16 order, prefixes, equal values). */
const ORDERED = ["", "a", "b", "ab", "abc", "B", "z", "\uffff", "😀", "é", "e\u0301", "a😀", "a\uffff"];

function stringArb(h: Hints): fc.Arbitrary<string> {
  const lengths = [...new Set(h.bounds.flatMap((b) => [b - 1, b, b + 1]).filter((n) => n >= 0 && n <= 64))];
  const arbs: fc.Arbitrary<string>[] = [
    fc.constantFrom(...ORDERED),
    fc.string({ unit: fc.constantFrom("a", "й", "👍🏽", "🇫🇷", "e\u0301", "\u200d", "Ω"), maxLength: 6 }),
    fc.string({ unit: "binary", maxLength: 6 }),
    fc.string({ unit: fc.constantFrom("a", "Z", "q", "0", "9", "_", " ", "é", "-"), maxLength: 6 }),
    nearEmail, nearUrl, nearUuid,
  ];
  if (lengths.length > 0) {
    const sized = fc.oneof(...lengths.map(stringOfLength));
    arbs.push(sized, sized);
  }
  if (h.oneof.length > 0) {
    const values = fc.constantFrom(...h.oneof);
    arbs.push(values, values, values.map((v) => v.toUpperCase()), values.map((v) => v + " "), values.map((v) => v.slice(1)));
  }
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------- numbers

function numberArb(kind: string, h: Hints): fc.Arbitrary<number> {
  const range = intRange(kind as never);
  const lo = range ? range[0] : kind === "float32" ? -FLOAT32_MAX : -Number.MAX_VALUE;
  const hi = range ? range[1] : kind === "float32" ? FLOAT32_MAX : Number.MAX_VALUE;
  const near = new Set<number>([0, 1, -1, lo, hi]);
  for (const b of h.bounds) for (const d of [-1, -0.5, -1e-9, 0, 1e-9, 0.5, 1]) near.add(b + d);
  for (const v of h.oneof) for (const d of [-1, 0, 1]) near.add(Number(v) + d);
  const ok = (n: number) => Number.isFinite(n) && n >= lo && n <= hi && (!range || Number.isInteger(n));
  const candidates = [...near].filter(ok);
  const random = range
    ? fc.oneof(fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }), fc.integer({ min: lo, max: hi }))
    : fc.oneof(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
      );
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...candidates) }, { weight: 1, arbitrary: random });
}

// ---------------------------------------------------------------- times

const TIME_MIN = ZERO_TIME_MS; // 0001-01-01T00:00:00Z, Go's zero time
const TIME_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const TIMES = [TIME_MIN, TIME_MIN + 1, 0, 1, 1_700_000_000_000, 1_700_000_000_001, TIME_MAX];

const timeArb: fc.Arbitrary<Date> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TIMES).map((ms) => new Date(ms)) },
  { weight: 1, arbitrary: fc.integer({ min: TIME_MIN, max: TIME_MAX }).map((ms) => new Date(ms)) },
);

// ---------------------------------------------------------------- containers

const MAP_KEYS = ["a", "b", "c", "ключ", "a b", 'q"uote', "back\\slash", "😀", "", "x.y"];

/** Copy the items at some positions over others (so that `unique` sees duplicates). */
function withRepeats<T>(items: T[], picks: number[]): T[] {
  const out = items.slice();
  for (let i = 0; i + 1 < picks.length && out.length > 1; i += 2) {
    out[picks[i] % out.length] = structuredClone(out[picks[i + 1] % out.length]);
  }
  return out;
}

function maxCount(h: Hints): number {
  return Math.min(6, Math.max(3, ...h.bounds.map((b) => b + 1)));
}

/** Typed values of a type; `h` are the hints of the field it belongs to (none for items). */
export function typeArb(t: RType, h: Hints = NO_HINTS): fc.Arbitrary<unknown> {
  switch (t.kind) {
    case "scalar":
      switch (t.scalar) {
        case "string": return stringArb(h);
        case "bool": return fc.boolean();
        case "time": return timeArb;
        case "any": return fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant([1, "x"]), fc.constant({ k: null }), fc.constant([]), fc.constant({}));
        default: return numberArb(t.scalar, h);
      }
    case "ptr": return fc.option(typeArb(t.elem, h), { nil: null, freq: 4 });
    case "slice": {
      const items = fc.tuple(fc.array(typeArb(t.elem), { maxLength: maxCount(h) }), fc.array(fc.nat(), { maxLength: 4 }));
      return fc.option(items.map(([xs, picks]) => withRepeats(xs, picks)), { nil: null, freq: 8 });
    }
    case "array": {
      const n = t.length;
      return fc.tuple(fc.array(typeArb(t.elem), { minLength: n, maxLength: n }), fc.array(fc.nat(), { maxLength: 4 }))
        .map(([xs, picks]) => withRepeats(xs, picks));
    }
    case "map": {
      const entries = fc.tuple(
        fc.uniqueArray(fc.constantFrom(...MAP_KEYS), { maxLength: maxCount(h) }),
        fc.array(typeArb(t.elem), { minLength: MAP_KEYS.length, maxLength: MAP_KEYS.length }),
        fc.array(fc.nat(), { maxLength: 4 }),
      );
      const map = entries.map(([keys, values, picks]) => {
        const vs = withRepeats(values.slice(0, keys.length), picks);
        return Object.fromEntries(keys.map((k, i) => [k, vs[i]]));
      });
      return fc.option(map, { nil: null, freq: 8 });
    }
    case "model": return modelArb(t.model);
    case "extras":
      return fc.dictionary(fc.constantFrom("x_1", "x_2", "x_ü"), fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null)), { maxKeys: 2, noNullPrototype: true });
  }
}

const modelArbs = new Map<RModel, fc.Arbitrary<Record<string, unknown>>>();

function modelArb(m: RModel): fc.Arbitrary<Record<string, unknown>> {
  let arb = modelArbs.get(m);
  if (!arb) {
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of m.fields) fields[f.key] = typeArb(f.type, hintsOf(f));
    arb = fc.record(fields, { noNullPrototype: true });
    modelArbs.set(m, arb);
  }
  return arb;
}

/**
 * Typed values of a model (as the simple API resolves it): wholly generated ones, and, when a
 * valid `base` value is given, mostly copies of it in which each field is generated with
 * probability 1/13 (so that valid documents and documents with a single failure are common too).
 */
export function valuesOf(m: Model, base?: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const root = validatorFor(m).program.resolved.root;
  const random = modelArb(root);
  if (base === undefined) return random;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of root.fields) {
    const kept = fc.constant(base[f.key]).map((v) => structuredClone(v));
    fields[f.key] = fc.oneof({ weight: 12, arbitrary: kept }, { weight: 1, arbitrary: typeArb(f.type, hintsOf(f)) });
  }
  return fc.oneof({ weight: 1, arbitrary: random }, { weight: 3, arbitrary: fc.record(fields, { noNullPrototype: true }) });
}
