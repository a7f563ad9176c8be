// checker against real Go (Debian's golang-go, installed by scripts/ensure-go.sh when missing):
// one batch of thousands of cases through test/go-oracle/main.go (encoding/json), compared with
// what checker does with the same input. The rows of test/go-numbers-times.test.ts transcribe
// Go's rules by hand; here Go itself answers. Compared:
//   1. unmarshal of a JSON number into each int, uint and float kind: accepted with the same
//      value, or an UnmarshalTypeError;
//   2. marshal of float32 and float64 values: the same JSON text, byte for byte;
//   3. marshal of strings: the same JSON text, byte for byte.
// What README documents as checker's own choice is applied as a rule (each cites its line), never
// by excluding cases one by one. Time texts are compared in test/go-oracle-times.test.ts, which
// lists where Go 1.19's time.Parse reads more than today's.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { model, t, Validator } from "../bindings/index.js";
import { asCheckerEscapes, buildGoOracle, ensureGo, type GoAnswer, type GoOracle, type GoRequest } from "./support/go-oracle.js";

const SEED = 20261124;
const INT_KINDS = ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"] as const;
const KINDS = [...INT_KINDS, "float32", "float64"] as const;
type Kind = (typeof KINDS)[number];
/** README (Declaring a model, TypeScript types): "`int`, `int64`, `uint` and `uint64` are bounded
 * to JavaScript's safe integers (±2^53−1): a larger number in the JSON is an
 * `UnmarshalTypeError`". Go reads them; checker must refuse them. */
const SAFE_BOUNDED: ReadonlySet<Kind> = new Set(["int", "int64", "uint", "uint64"]);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const shown = (x: number) => (Object.is(x, -0) ? "-0" : String(x));
const hex = (bytes: number, write: (d: DataView) => void) => {
  const d = new DataView(new ArrayBuffer(bytes));
  write(d);
  return [...new Uint8Array(d.buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
};
const bits32 = (x: number) => hex(4, (d) => d.setFloat32(0, x));
const bits64 = (x: number) => hex(8, (d) => d.setFloat64(0, x));

/** The float32 beside the float32 f in the direction of `toward` (+1: up, -1: down). */
function nextFloat32(f: number, toward: 1 | -1): number {
  if (f === 0) return toward * 1.401298464324817e-45;
  const d = new DataView(new ArrayBuffer(4));
  d.setFloat32(0, f);
  d.setUint32(0, d.getUint32(0) + (Math.sign(f) === toward ? 1 : -1));
  return d.getFloat32(0);
}

/**
 * Whether the float64 x lies exactly halfway between two adjacent float32s (2^128 counting as
 * the one past the largest). README (Semantics, Numbers): a float32 field "keeps the JSON value",
 * "read as a float64 first": a decimal that rounds to such a halfway float64 then goes to float32
 * by ties-to-even (Math.fround), where Go's ParseFloat(s, 32) rounds the decimal directly and may
 * go the other way. Only these decimals can differ: every other float64 lies strictly inside one
 * float32's rounding interval, as the decimal it was rounded from does.
 */
function isFloat32Halfway(x: number): boolean {
  const r = Math.fround(x);
  if (r === x || !Number.isFinite(x)) return false;
  if (!Number.isFinite(r)) return Math.abs(x) === 3.4028235677973366e38;
  return (r + nextFloat32(r, x > r ? 1 : -1)) / 2 === x;
}

// ---- inputs ----

function intEdges(): string[] {
  const out: bigint[] = [0n, 1n, -1n, MAX_SAFE, MAX_SAFE + 1n, MAX_SAFE + 2n, -MAX_SAFE, -MAX_SAFE - 1n, -MAX_SAFE - 2n];
  for (const b of [8n, 16n, 32n, 64n]) {
    const max = (1n << (b - 1n)) - 1n, min = -(1n << (b - 1n)), umax = (1n << b) - 1n;
    out.push(max, max + 1n, min, min - 1n, umax, umax + 1n);
  }
  return out.map(String);
}

const HAND_PICKED = [
  "-0", "0.0", "-0.0", "0e0", "-0e0", "0E-0", "1e0", "1E+2", "1e2", "1.5", "-1.5", "1.0", "100e-2", "0.5e1",
  "1e308", "1e309", "-1e309", "1e-400", "-1e-400", "1e-324", "1e400", "123456789e-400", "0e400",
  "123456789012345678901234567890", "-123456789012345678901234567890", "1" + "0".repeat(40), "0." + "0".repeat(30) + "1",
  "9".repeat(64), "1" + "0".repeat(308), "1" + "0".repeat(309), "9".repeat(1000), "9".repeat(1001), `0.${"0".repeat(1100)}1`,
  "3.4028234663852886e38", "3.4028234663852885e38", "3.4028234663852887e38", "3.4028235e38", "3.4028235e+38",
  "3.4028235677973366e38", "3.4028235677973365e38", "3.4028235677973367e38", "3.402823567797336e38",
  "3.4028236e38", "-3.4028235677973366e38", "-3.4028234663852886e38", "340282356779733661637539395458142568447",
  "340282356779733661637539395458142568448", "340282356779733661637539395458142568449",
  "3.40282356779733661637539395458142568447e38",
  "1.401298464324817e-45", "7.006492321624085e-46", "7.006492321624086e-46", "7e-46", "1e-45", "1e-46",
  "1.1754943508222875e-38", "1.1754942e-38", "5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324",
  "2.4703282292062328e-324", "3e-324", "2.2250738585072011e-308", "2.2250738585072012e-308",
  "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308",
  "9007199254740993", "9007199254740992.0", "9007199254740993e0", "4.35e15", "0.1", "0.2", "0.3",
  "1.000000059604644775390625", "1.0000000596046448", "1.00000005960464477539062500001", "1.00000005960464477539062499999",
  "16777217", "16777217.000000000001", "33554435", "0.1e1", "1e-7", "1e21", "1e-6", "1e-5",
];

/** JSON number texts from the grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
const grammarNumber = fc.tuple(
  fc.boolean(),
  fc.oneof(fc.constant("0"), fc.stringMatching(/^[1-9][0-9]{0,39}$/)),
  fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }),
  fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.integer({ min: 0, max: 420 })), { nil: undefined }),
).map(([neg, int, frac, exp]) => `${neg ? "-" : ""}${int}${frac === undefined ? "" : "." + frac}${exp === undefined ? "" : exp[0] + exp[1] + exp[2]}`);

/** Integers near each kind's bounds and the safe-integer bound. */
const nearBound = fc.tuple(fc.constantFrom(...intEdges().map(BigInt)), fc.bigInt({ min: -3000n, max: 3000n })).map(([b, d]) => String(b + d));

/** The texts of doubles and floats, in JS's notations. */
const doubleText = fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 3 })).map(([x, how]) =>
  [String(x), x.toExponential(), x.toExponential(Math.min(20, Math.abs(Math.trunc(x)) % 21)), String(Math.trunc(x))][how]!.replace("e+", "e"));
const floatText = fc.float({ noNaN: true, noDefaultInfinity: true }).map((x) => String(x).replace("e+", "e"));

/** Decimals at and a hair either side of the halfway point of two float32s (double rounding). */
const halfway = fc.tuple(fc.float({ noNaN: true, noDefaultInfinity: true, min: Math.fround(1e-44), max: Math.fround(3e38) }), fc.integer({ min: -1, max: 1 })).map(([x, side]) => {
  const f = Math.fround(x);
  const exact = exactDecimal((f + nextFloat32(f, 1)) / 2);
  return side === 0 ? exact : side === 1 ? `${exact}${exact.includes(".") ? "" : "."}000000000000000000001` : justBelow(exact);
});

/** The exact decimal text of a finite double. */
function exactDecimal(x: number): string {
  const d = new DataView(new ArrayBuffer(8));
  d.setFloat64(0, x);
  const e = (d.getUint16(0) >> 4) & 0x7ff;
  const mant = (BigInt(d.getUint32(0) & 0xfffff) << 32n) | BigInt(d.getUint32(4));
  let m = e === 0 ? mant : mant | (1n << 52n);
  let p = (e === 0 ? 1 : e) - 1075;
  if (p >= 0) return String(m << BigInt(p));
  // m * 2^p = m * 5^-p / 10^-p
  m *= 5n ** BigInt(-p);
  const digits = String(m).padStart(-p + 1, "0");
  return `${digits.slice(0, digits.length + p)}.${digits.slice(digits.length + p)}`.replace(/0+$/, "").replace(/\.$/, "");
}

/** A decimal a hair (10^-21 of its last place) below the positive decimal d. */
function justBelow(d: string): string {
  const [i, f = ""] = d.split(".");
  const s = String(BigInt(i! + f) * 10n ** 21n - 1n).padStart(f.length + 22, "0");
  return `${s.slice(0, s.length - f.length - 21)}.${s.slice(s.length - f.length - 21)}`.replace(/^0+(?=\d)/, "");
}

const NUMBER_TEXTS = [...new Set([
  ...HAND_PICKED, ...intEdges(), ...intEdges().map((s) => s + ".0"), ...intEdges().map((s) => s + "e0"),
  ...fc.sample(grammarNumber, { seed: SEED, numRuns: 1500 }),
  ...fc.sample(nearBound, { seed: SEED, numRuns: 400 }),
  ...fc.sample(doubleText, { seed: SEED, numRuns: 1000 }),
  ...fc.sample(floatText, { seed: SEED, numRuns: 500 }),
  ...fc.sample(halfway, { seed: SEED, numRuns: 400 }),
].map((s) => s.replace(/^(-?)0+(?=\d)/, "$1")))]; // a leading zero is a syntax error, not a number

const FLOAT64_EDGES = [
  0, -0, 1, -1, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e21, 1e21 - 65536, 999999999999999900000, 1e-7, 1e-6, 1e-6 - 1e-22, 1e-6 + 1e-22,
  9.999999999999999e-7, 1e-5, 1e20, 1e22, 1e23, 123456789, 16777217, 9007199254740991, 9007199254740993, 2 ** 53, 2 ** 63, 2 ** 64,
  Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 2.2250738585072014e-308, 2.225073858507201e-308,
  3.4028234663852886e38, 3.4028235677973366e38, 3.4028235677973362e38, -3.4028235677973366e38, 1.401298464324817e-45,
  7.006492321624085e-46, 7.006492321624087e-46, 1.1754943508222875e-38, 1.1754942106924411e-38, 1e-46, 2 ** -20, 2.5e-7, 1234567.8,
];

/** Marshal: the float32 field holds an exact float32 (`f32` bits given) or the float64 (Go converts it). */
interface FloatCase { f32: number | undefined; f64: number }
const FLOAT_CASES: FloatCase[] = [
  ...FLOAT64_EDGES.flatMap((x) => [{ f32: Math.fround(x), f64: x }, { f32: undefined, f64: x }]),
  ...fc.sample(fc.tuple(fc.float({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true })), { seed: SEED, numRuns: 3000 })
    .map(([f32, f64]) => ({ f32: Math.fround(f32), f64 })),
  ...fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true, min: -3.5e38, max: 3.5e38 }), { seed: SEED, numRuns: 1000 }).map((f64) => ({ f32: undefined, f64 })),
  // decimal-looking values: a few significant digits at every scale, where the notation changes
  ...fc.sample(fc.tuple(fc.integer({ min: 1, max: 99999999 }), fc.integer({ min: -50, max: 40 })), { seed: SEED, numRuns: 1000 })
    .map(([m, e]) => Number(`${m}e${e}`)).map((x) => ({ f32: Math.fround(x), f64: x })),
];

/** Strings: control characters, DEL, the line separators, quotes, HTML characters, any code point (pairs in UTF-16). */
const STRING_CASES = [
  "", "\u0000", "\b\f\n\r\t\u000b\u001f", "\u007f", "\u2028\u2029", "\"\\/", "<>&", "é", "😀", "\u{10ffff}", "\ufffd", "\ufeff",
  ...fc.sample(fc.string({
    unit: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)), weight: 3 },
      { arbitrary: fc.constantFrom("\u007f", "\u0080", "\u009f", "\u2028", "\u2029", "\"", "\\", "/", "<", ">", "&", "\u00a0", "\ufffd"), weight: 2 },
      { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 3 },
      { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }), weight: 2 },
    ),
    maxLength: 40,
  }), { seed: SEED, numRuns: 2000 }),
].filter((s) => !/\p{Cs}/u.test(s)); // README: a lone surrogate is written `\ud800`, which Go cannot hold

// ---- the batch ----

let oracle: GoOracle | undefined;
let unmarshalAnswers: GoAnswer[];
let floatAnswers: GoAnswer[];
let stringAnswers: GoAnswer[];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const unmarshalRequests: GoRequest[] = KINDS.flatMap((kind) => NUMBER_TEXTS.map((t) => ({ op: "unmarshal" as const, kind, text: t })));
  const floatRequests: GoRequest[] = FLOAT_CASES.map((c) => ({ op: "marshal", f32: c.f32 === undefined ? "" : bits32(c.f32), f64: bits64(c.f64) }));
  const stringRequests: GoRequest[] = STRING_CASES.map((s) => ({ op: "string", s }));
  const answers = oracle.ask([...unmarshalRequests, ...floatRequests, ...stringRequests]);
  unmarshalAnswers = answers.slice(0, unmarshalRequests.length);
  floatAnswers = answers.slice(unmarshalRequests.length, unmarshalRequests.length + floatRequests.length);
  stringAnswers = answers.slice(unmarshalRequests.length + floatRequests.length);
}, 900_000);

afterAll(() => oracle?.dispose());

/** Every disagreement, listed (the first 40) so that one run shows them all. */
function expectNone(disagreements: string[], cases: number): void {
  expect(cases).toBeGreaterThan(1000);
  expect({ disagreements: disagreements.length, first: disagreements.slice(0, 40) }).toEqual({ disagreements: 0, first: [] });
}

describe("checker agrees with Go's encoding/json (test/go-oracle/main.go)", () => {
  it("on unmarshal of JSON numbers into every int, uint and float kind", () => {
    const disagreements: string[] = [];
    KINDS.forEach((kind, k) => {
      const v = new Validator(model(`GoNumber_${kind}`, { f: t[kind]() }));
      NUMBER_TEXTS.forEach((json, i) => {
        const go = unmarshalAnswers[k * NUMBER_TEXTS.length + i]!;
        const r = v.safeUnmarshal(`{"f":${json}}`);
        const got = r.ok ? `value ${shown(r.value.f)}` : `${r.error.name}: ${r.error.message}`;
        // README (Unmarshal and validate): the message names a number of up to 1,000 bytes whole, as Go; a longer one is cut there, with "…"
        const named = json.length <= 1000 ? json : `${json.slice(0, 1000)}…`;
        const refused = `UnmarshalTypeError: cannot unmarshal number ${named} into field f of type ${kind}`;
        let want: string;
        if (!go.ok) {
          if (!go.error!.startsWith("UnmarshalTypeError") || !go.error!.includes(`number ${json} `) || !go.error!.endsWith(`of type ${kind}`)) {
            disagreements.push(`${kind} ${json}: the oracle failed: ${go.error}`);
            return;
          }
          want = refused;
        } else if (kind === "float32") {
          const x = Number(json); // what checker keeps (README: float32 keeps the JSON value, read as a float64)
          if (isFloat32Halfway(x)) {
            // README (Numbers): the float64 halfway point goes to float32 by ties-to-even, and at
            // the largest float32's bound it is refused
            want = Number.isFinite(Math.fround(x)) ? `value ${shown(x)}` : refused;
          } else {
            // compare the float32 checker's value stands for with Go's float32
            want = got;
            if (!r.ok || !Object.is(Math.fround(r.value.f), Number(go.value))) want = `value whose float32 is ${shown(Number(go.value))}`;
          }
        } else if (SAFE_BOUNDED.has(kind) && (BigInt(go.value!) > MAX_SAFE || BigInt(go.value!) < -MAX_SAFE)) {
          want = refused; // README: bounded to JavaScript's safe integers; Go reads it
        } else {
          want = `value ${shown(Number(go.value))}`; // Go's value is exact in decimal; a JS number holds it (safe integers, float64)
        }
        if (got !== want) disagreements.push(`${kind} ${json}: Go ${go.ok ? go.value : "refuses"}, checker ${got}, expected ${want}`);
      });
    });
    expectNone(disagreements, NUMBER_TEXTS.length * KINDS.length);
  });

  it("on marshal of float32 and float64 values", () => {
    const v = new Validator(model("GoFloats", { f32: t.float32(), f64: t.float64() }));
    const disagreements: string[] = [];
    FLOAT_CASES.forEach((c, i) => {
      const go = floatAnswers[i]!;
      const value = { f32: c.f32 ?? c.f64, f64: c.f64 };
      let got: string;
      try {
        got = text(v.marshal(value));
      } catch (e) {
        got = `${(e as Error).name}: ${(e as Error).message}`;
      }
      // a value past the float32 range is +-Inf in Go's float32 (UnsupportedValueError); checker refuses it
      const want = go.ok ? go.value! : /^UnsupportedValueError: json: unsupported value: [+-]Inf$/.test(go.error!)
        ? "ValidationError: f32: must be of type float32" : `the oracle failed: ${go.error}`;
      if (got !== want) {
        disagreements.push(`f32 ${c.f32 === undefined ? `float32(${c.f64})` : c.f32}, f64 ${Object.is(c.f64, -0) ? "-0" : c.f64}: Go ${want}, checker ${got}`);
      }
    });
    expectNone(disagreements, FLOAT_CASES.length);
  });

  it("on marshal of strings (Go's Encoder with SetEscapeHTML(false))", () => {
    const v = new Validator(model("GoString", { s: t.string() }));
    const disagreements: string[] = [];
    STRING_CASES.forEach((s, i) => {
      const go = stringAnswers[i]!;
      if (!go.ok) {
        disagreements.push(`${JSON.stringify(s)}: the oracle failed: ${go.error}`);
        return;
      }
      const want = asCheckerEscapes(go.value!);
      const got = text(v.marshal({ s }));
      if (got !== want) disagreements.push(`${JSON.stringify(s)}: Go ${go.value}, checker ${got}`);
    });
    expectNone(disagreements, STRING_CASES.length);
  });
});
