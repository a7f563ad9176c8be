// Generated JSON documents for a model (fast-check), for the schema agreement and round-trip
// properties. Values cluster around the edges that matter (empty strings, bounds of each int kind,
// float32's range, enum-like words) and a share of them have the wrong JSON type.
//
// The documents stay inside the domain where JSON Schema and checker can agree exactly
// (bindings/schema.ts lists what is outside it): a field is absent only when that is never a
// MISSING_FIELD (required, ptr, default=); `null` only on a required or nil-able (ptr, slice, map)
// field; integers written without a fraction or exponent; times in canonical RFC 3339 (upper-case
// T and Z, no leap second) or plainly broken; no null items in slices of non-pointers.

import fc from "fast-check";
import type { Validator } from "../../bindings/index.js";
import type { RField, RModel, RType } from "../../bindings/resolve.js";

export const ABSENT = Symbol("absent");

export interface DocOptions {
  /** Add keys no field has (unknown keys). */
  unknownKeys?: boolean;
  /** Nesting of models below which recursive fields are cut short (empty or null). */
  maxDepth?: number;
  /** Share (0..1) of values with the wrong JSON type. */
  wrongTypes?: number;
}

const WORDS = ["", "a", "ab", "abc", "abcd", "abcdef", "ABCdef", "abc123", "a b", "admin", "user", "guest", "ünï", "😀😀", "1", "true"];

function intBounds(kind: string): [number, number] {
  const b: Record<string, [number, number]> = {
    int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
    uint8: [0, 255], uint16: [0, 65535], uint32: [0, 4294967295],
  };
  return b[kind] ?? (kind.startsWith("u") ? [0, Number.MAX_SAFE_INTEGER] : [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
}

const F32 = 3.4028234663852886e38;

/** Values of a scalar kind; `clean` keeps to values the kind can hold. */
function scalarArb(kind: string, clean: boolean): fc.Arbitrary<unknown> {
  const arb = anyScalarArb(kind);
  if (!clean) return arb;
  switch (kind) {
    case "time": return fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true }).map((d) => d.toISOString());
    case "float32": return arb.filter((x) => Number.isFinite(Math.fround(x as number)));
    case "string": case "bool": case "any": case "float64": return arb;
    default: {
      const [lo, hi] = intBounds(kind);
      return arb.filter((x) => (x as number) >= lo && (x as number) <= hi);
    }
  }
}

function anyScalarArb(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case "string": return fc.oneof(fc.constantFrom(...WORDS), fc.string({ unit: "binary", maxLength: 8 }));
    case "bool": return fc.boolean();
    case "any": return fc.jsonValue({ maxDepth: 2 });
    case "time":
      return fc.oneof(
        fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom("2024-02-29T12:00:00+05:30", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "yesterday", "", "2024-01-01"),
      );
    case "float32":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1.5, -1.4, 1e30, F32, -F32, 3.4028235e38, -3.4028235e38, 3.4028235677973366e38, 3.5e38, -3.5e38), fc.integer({ min: -40, max: 40 }).map((x) => x / 4));
    case "float64":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1, -1, 1e300, 1e301), fc.integer({ min: -40, max: 40 }).map((x) => x / 4));
    default: {
      const [lo, hi] = intBounds(kind);
      return fc.oneof(
        fc.integer({ min: -300, max: 300 }),
        fc.constantFrom(lo, hi, lo - 1, hi + 1, 0, 1, 2, 3, 70000),
        fc.integer({ min: Math.max(lo - 1, -Number.MAX_SAFE_INTEGER), max: Math.min(hi + 1, Number.MAX_SAFE_INTEGER) }),
      );
    }
  }
}

function wrongArb(t: RType): fc.Arbitrary<unknown> {
  const base = t.kind === "ptr" ? t.elem : t;
  const all: unknown[] = ["x", "1", 1.5, 7, true, [], [1], {}, { a: 1 }];
  const fits = (v: unknown): boolean => {
    switch (base.kind) {
      case "scalar":
        if (base.scalar === "any") return true;
        if (base.scalar === "string" || base.scalar === "time") return typeof v === "string";
        if (base.scalar === "bool") return typeof v === "boolean";
        if (base.scalar === "float32" || base.scalar === "float64") return typeof v === "number";
        return typeof v === "number" && Number.isInteger(v);
      case "slice": case "array": return Array.isArray(v);
      default: return typeof v === "object" && v !== null && !Array.isArray(v);
    }
  };
  const wrong = all.filter((v) => !fits(v));
  return wrong.length > 0 ? fc.constantFrom(...wrong) : fc.constant(null);
}

function isNilable(t: RType): boolean {
  return t.kind === "ptr" || t.kind === "slice" || t.kind === "map";
}

class Gen {
  /** `clean`: every value fits its kind and passes its field's own checks (the document may still fail as a whole). */
  constructor(
    private readonly o: Required<DocOptions>,
    private readonly clean: boolean,
  ) {}

  value(t: RType, depth: number): fc.Arbitrary<unknown> {
    const good = this.good(t, depth);
    if (this.clean || this.o.wrongTypes <= 0) return good;
    const w = Math.round(this.o.wrongTypes * 100);
    return fc.oneof({ weight: 100 - w, arbitrary: good }, { weight: w, arbitrary: wrongArb(t) });
  }

  private good(t: RType, depth: number): fc.Arbitrary<unknown> {
    switch (t.kind) {
      case "ptr": return this.good(t.elem, depth);
      case "scalar": return scalarArb(t.scalar, this.clean);
      case "slice": case "array": {
        if (depth > this.o.maxDepth) return fc.constant([]);
        const item = isNilable(t.elem) ? fc.option(this.value(t.elem, depth + 1), { nil: null, freq: 5 }) : this.value(t.elem, depth + 1);
        return fc.array(item, { maxLength: 4 });
      }
      case "map": {
        if (depth > this.o.maxDepth) return fc.constant({});
        const item = isNilable(t.elem) ? fc.option(this.value(t.elem, depth + 1), { nil: null, freq: 5 }) : this.value(t.elem, depth + 1);
        return fc.dictionary(fc.string({ maxLength: 3 }).filter((k) => k !== "__proto__"), item, { maxKeys: 4 });
      }
      case "model": return this.object(t.model, depth + 1);
      case "extras": return fc.constant({});
    }
  }

  private field(f: RField, depth: number): fc.Arbitrary<unknown> {
    const options: fc.WeightedArbitrary<unknown>[] = [];
    if ((f.required && !this.clean) || isNilable(f.type)) options.push({ weight: 1, arbitrary: fc.constant(null) });
    if ((f.required && !this.clean) || f.type.kind === "ptr" || f.defaultValue !== undefined) options.push({ weight: 1, arbitrary: fc.constant(ABSENT) });
    // below maxDepth a field that may be null or absent is, so recursive models end
    const cut = depth > this.o.maxDepth && f.base.kind === "model";
    if (!cut || options.length === 0) {
      const value = this.value(f.type, depth);
      const passes = (v: unknown) => f.valueChecks.every((c) => c.test(v));
      options.push({ weight: 10, arbitrary: this.clean ? value.filter(passes) : value });
    }
    return fc.oneof(...options);
  }

  object(m: RModel, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const fields = m.fields.filter((f) => !f.skip);
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields) parts[f.jsonName] = this.field(f, depth);
    const unknown = this.o.unknownKeys
      ? fc.option(fc.dictionary(fc.constantFrom("x_extra", "zz", "Name", "n o"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), { nil: {}, freq: 3 })
      : fc.constant({});
    return fc.tuple(fc.record(parts), unknown).map(([known, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(known)) if (v !== ABSENT) out[k] = v;
      for (const [k, v] of Object.entries(extra)) if (!m.byJson.has(k)) out[k] = v;
      return out;
    });
  }
}

/**
 * Documents (as parsed JSON values) for a validator's model: `clean` ones (every value fits its
 * kind and its field's checks: mostly accepted) and noisy ones (mostly rejected), about half each.
 */
export function documents(v: Validator, options: DocOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  const o: Required<DocOptions> = { unknownKeys: options.unknownKeys ?? false, maxDepth: options.maxDepth ?? 3, wrongTypes: options.wrongTypes ?? 0.08 };
  const root = v.program.resolved.root;
  return fc.oneof(new Gen({ ...o, unknownKeys: false }, true).object(root, 0), new Gen(o, false).object(root, 0));
}
