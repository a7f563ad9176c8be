// The text Go's encoding/json writes for a float (floatEncoder in src/encoding/json/encode.go):
// strconv.AppendFloat(f, fmt, -1, bits), the shortest decimal that reads back as the same float of
// that size, in 'f' notation, or in 'e' notation when abs < 1e-6 or abs >= 1e21 (compared as
// floats of that size), with a one-digit negative exponent unpadded (e-07 is written e-7).
//
// For float64 this is exactly what JavaScript's Number#toString writes (ES "Number::toString" has
// the same cutoffs, the same shortest-closest digits and writes e-7 / e+21), so String(n) is used.
// For float32 the digits are those of the float32 value, found here as Go's strconv does it
// (roundShortest in src/strconv/ftoa.go, on exact decimals held as strings of digits): a float32
// field holding 0.1 (or Math.fround(0.1)) is written 0.1, not 0.10000000149011612.

/** A decimal number d[0..nd) x 10^(dp - nd), digits without trailing zeros (Go's strconv.decimal). */
interface Decimal {
  d: string;
  dp: number;
}

/** The exact decimal value of m x 2^e (a dyadic rational has a finite decimal expansion). */
function exactDecimal(m: bigint, e: number): Decimal {
  const text = e >= 0 ? (m << BigInt(e)).toString() : (m * 5n ** BigInt(-e)).toString();
  const dp = e >= 0 ? text.length : text.length + e;
  return { d: text.replace(/0+$/, ""), dp };
}

/** Go's decimal.RoundUp(nd): keep nd digits, adding one in the last place. */
function roundUp(a: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= a.d.length) return a;
  for (let i = nd - 1; i >= 0; i--) {
    const c = a.d.charCodeAt(i);
    if (c < 0x39) return { d: a.d.slice(0, i) + String.fromCharCode(c + 1), dp: a.dp };
  }
  return { d: "1", dp: a.dp + 1 }; // all nines
}

/** Go's decimal.RoundDown(nd): keep nd digits. */
function roundDown(a: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= a.d.length) return a;
  return { d: a.d.slice(0, nd).replace(/0+$/, ""), dp: a.dp };
}

/** Go's decimal.Round(nd): to nearest, a tie to even (the value is exact: never truncated). */
function roundNearest(a: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= a.d.length) return a;
  const next = a.d.charCodeAt(nd);
  const up = next === 0x35 && nd + 1 === a.d.length ? nd > 0 && (a.d.charCodeAt(nd - 1) - 0x30) % 2 === 1 : next >= 0x35;
  return up ? roundUp(a, nd) : roundDown(a, nd);
}

/** A binary float format: mantissa bits (without the implicit one) and exponent bias. */
interface FloatInfo {
  readonly mantbits: number;
  readonly bias: number;
}

const FLOAT32: FloatInfo = { mantbits: 23, bias: -127 };

/** The digit at index i of a decimal, '0' outside them. */
function digitAt(a: Decimal, i: number): number {
  return i >= 0 && i < a.d.length ? a.d.charCodeAt(i) : 0x30;
}

/**
 * Go's roundShortest: d (= mant x 2^(exp - mantbits)) rounded to the fewest digits that still read
 * back as the same float, the nearest such when both directions would.
 */
function roundShortest(d: Decimal, mant: bigint, exp: number, flt: FloatInfo): Decimal {
  if (mant === 0n) return { d: "", dp: 0 };
  const minexp = flt.bias + 1;
  if (exp > minexp && 332 * (d.dp - d.d.length) >= 100 * (exp - flt.mantbits)) return d; // already shortest
  const upper = exactDecimal(mant * 2n + 1n, exp - flt.mantbits - 1);
  const [mantlo, explo] = mant > 1n << BigInt(flt.mantbits) || exp === minexp ? [mant - 1n, exp] : [mant * 2n - 1n, exp - 1];
  const lower = exactDecimal(mantlo * 2n + 1n, explo - flt.mantbits - 1);
  const inclusive = mant % 2n === 0n;
  let upperdelta = 0;
  for (let ui = 0; ; ui++) {
    const mi = ui - upper.dp + d.dp;
    if (mi >= d.d.length) return d;
    const li = ui - upper.dp + lower.dp;
    const l = digitAt(lower, li);
    const m = digitAt(d, mi);
    const u = digitAt(upper, ui);
    const okdown = l !== m || (inclusive && li + 1 === lower.d.length);
    if (upperdelta === 0 && m + 1 < u) upperdelta = 2;
    else if (upperdelta === 0 && m !== u) upperdelta = 1;
    else if (upperdelta === 1 && (m !== 0x39 || u !== 0x30)) upperdelta = 2;
    const okup = upperdelta > 0 && (inclusive || upperdelta > 1 || ui + 1 < upper.d.length);
    if (okdown && okup) return roundNearest(d, mi + 1);
    if (okdown) return roundDown(d, mi + 1);
    if (okup) return roundUp(d, mi + 1);
  }
}

/** Go's fmtF with the precision of shortest mode: -ddd.ddd. */
function fixedText(neg: boolean, a: Decimal): string {
  const nd = a.d.length;
  const int = a.dp > 0 ? a.d.slice(0, Math.min(nd, a.dp)).padEnd(a.dp, "0") : "0";
  const frac = nd > a.dp ? "." + (a.dp < 0 ? "0".repeat(-a.dp) + a.d : a.d.slice(a.dp)) : "";
  return (neg ? "-" : "") + int + frac;
}

/** Go's fmtE with the precision of shortest mode, and encoding/json's e-07 -> e-7. */
function exponentText(neg: boolean, a: Decimal): string {
  const exp = a.d.length === 0 ? 0 : a.dp - 1;
  const mantissa = (a.d[0] ?? "0") + (a.d.length > 1 ? "." + a.d.slice(1) : "");
  const e = Math.abs(exp);
  return (neg ? "-" : "") + mantissa + "e" + (exp < 0 ? "-" : "+") + (e < 10 && exp >= 0 ? "0" : "") + String(e);
}

const FLOAT64: FloatInfo = { mantbits: 52, bias: -1023 };

/** Go's cutoffs for 'e' notation, as floats of each size (float32(abs) < 1e-6 || float32(abs) >= 1e21). */
const CUTOFFS = { 32: [Math.fround(1e-6), Math.fround(1e21)], 64: [1e-6, 1e21] } as const;
const view = new DataView(new ArrayBuffer(8));

/**
 * encoding/json's text for f, a finite float of the given size (a float32 value when bits is 32),
 * computed as Go's strconv computes it (exact decimals; no shortcut through Number#toString).
 */
export function formatGoFloat(f: number, bits: 32 | 64): string {
  const flt = bits === 32 ? FLOAT32 : FLOAT64;
  let raw: bigint;
  if (bits === 32) {
    view.setFloat32(0, f);
    raw = BigInt(view.getUint32(0));
  } else {
    view.setFloat64(0, f);
    raw = view.getBigUint64(0);
  }
  const expbits = bits === 32 ? 8 : 11;
  const neg = raw >> BigInt(bits - 1) === 1n;
  const biased = Number((raw >> BigInt(flt.mantbits)) & ((1n << BigInt(expbits)) - 1n));
  let mant = raw & ((1n << BigInt(flt.mantbits)) - 1n);
  let exp = biased;
  if (biased === 0) exp++; // denormal
  else mant |= 1n << BigInt(flt.mantbits);
  exp += flt.bias;
  const digits = roundShortest(exactDecimal(mant, exp - flt.mantbits), mant, exp, flt);
  const abs = Math.abs(f);
  const [small, large] = CUTOFFS[bits];
  return abs !== 0 && (abs < small || abs >= large) ? exponentText(neg, digits) : fixedText(neg, digits);
}

/**
 * Go's text for a float32 holding n (n is rounded to float32 first, as Go's FormatFloat(n, _, -1,
 * 32) does), as encoding/json writes it. n must round to a finite float32.
 */
export function goFloat32Text(n: number): string {
  const f = Math.fround(n);
  // an integer of at most 2^24 is exact in a float32, and its digits are the shortest
  if (Number.isInteger(f) && Math.abs(f) <= 0x1000000) return Object.is(f, -0) ? "-0" : String(f);
  return formatGoFloat(f, 32);
}

/** Go's text for a float64 (what JavaScript writes: see the top of this file). */
export function goFloat64Text(n: number): string {
  return Object.is(n, -0) ? "-0" : String(n);
}
