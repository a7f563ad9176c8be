// JSON number text -> f64, correctly rounded (the same value JSON.parse gives).
// Fast path (Clinger): up to 19 significant digits whose mantissa fits in 53 bits and a power of
// ten up to 1e22 is exact with one multiplication or division. Everything else goes through a
// decimal big-number conversion (the algorithm of Go's strconv/decimal.go): slower, always exact.
// The caller has already checked the syntax.

// Exact powers of ten representable in f64.
const POW10: StaticArray<f64> = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/** Set by parseNumber: the text had no fraction and no exponent. */
export let NUM_IS_INTEGER: bool = false;

export function parseNumber(p: usize, end: usize): f64 {
  let neg = false;
  if (load<u8>(p) == 0x2d) { neg = true; p++; }
  let mant: u64 = 0;
  let digits = 0; // significant digits taken into mant
  let dropped = false; // non-zero digits beyond 19
  let exp10: i32 = 0;
  let start = p;
  // integer part
  while (p < end) {
    const c = <u32>load<u8>(p) - 0x30;
    if (c > 9) break;
    if (digits < 19) {
      if (mant != 0 || c != 0) { mant = mant * 10 + c; digits++; }
    } else { exp10++; if (c != 0) dropped = true; }
    p++;
  }
  NUM_IS_INTEGER = true;
  if (p < end && load<u8>(p) == 0x2e) {
    NUM_IS_INTEGER = false;
    p++;
    while (p < end) {
      const c = <u32>load<u8>(p) - 0x30;
      if (c > 9) break;
      if (digits < 19) {
        if (mant != 0 || c != 0) { mant = mant * 10 + c; digits++; }
        exp10--;
      } else if (c != 0) dropped = true;
      p++;
    }
  }
  if (p < end) {
    // exponent
    NUM_IS_INTEGER = false;
    p++;
    let eneg = false;
    const s = load<u8>(p);
    if (s == 0x2d) { eneg = true; p++; } else if (s == 0x2b) p++;
    let e: i32 = 0;
    while (p < end) {
      const c = <i32>load<u8>(p) - 0x30;
      if (e < 100000) e = e * 10 + c; // saturate: the result is 0 or Infinity anyway
      p++;
    }
    exp10 += eneg ? -e : e;
  }
  if (mant == 0) return neg ? -0.0 : 0.0;
  if (!dropped && mant <= (<u64>1 << 53)) {
    if (exp10 == 0) return neg ? -(<f64>mant) : <f64>mant;
    if (exp10 > 0 && exp10 <= 22) {
      const v = <f64>mant * unchecked(POW10[exp10]);
      return neg ? -v : v;
    }
    if (exp10 < 0 && exp10 >= -22) {
      const v = <f64>mant / unchecked(POW10[-exp10]);
      return neg ? -v : v;
    }
  }
  return slowParse(start, end, neg);
}

// ---------------------------------------------------------------- decimal conversion (slow path)

const MAX_DIGITS = 800;
const D: usize = memory.data(MAX_DIGITS + 64); // digits, 0..9 (not ASCII)
const T: usize = memory.data(MAX_DIGITS + 64); // left-shift temporary
let nd: i32 = 0; // digits in D
let dp: i32 = 0; // decimal point position
let trunc = false; // non-zero digits were dropped beyond MAX_DIGITS

/** Multiply by 2^k (k <= 60). */
function leftShift(k: u32): void {
  // right to left, into T right-aligned, then copy back to D
  let carry: u64 = 0;
  let w = MAX_DIGITS + 63;
  for (let r = nd - 1; r >= 0; r--) {
    const n = (<u64>load<u8>(D + r) << k) + carry;
    carry = n / 10;
    store<u8>(T + w, <u8>(n - carry * 10));
    w--;
  }
  let added = 0;
  while (carry > 0) {
    const q = carry / 10;
    store<u8>(T + w, <u8>(carry - q * 10));
    carry = q;
    w--;
    added++;
  }
  let total = nd + added;
  let from = w + 1;
  // keep at most MAX_DIGITS
  if (total > MAX_DIGITS) {
    for (let i = MAX_DIGITS; i < total; i++) if (load<u8>(T + from + i) != 0) trunc = true;
    total = MAX_DIGITS;
  }
  memory.copy(D, T + from, total);
  nd = total;
  dp += added;
  trim();
}

/** Divide by 2^k (k <= 60). */
function rightShift(k: u32): void {
  let r = 0;
  let w = 0;
  let n: u64 = 0;
  // pick up enough leading digits to have at least one in the output
  while ((n >> k) == 0) {
    if (r >= nd) {
      if (n == 0) { nd = 0; return; }
      while ((n >> k) == 0) { n *= 10; r++; }
      break;
    }
    n = n * 10 + load<u8>(D + r);
    r++;
  }
  dp -= r - 1;
  const mask: u64 = (<u64>1 << k) - 1;
  while (r < nd) {
    const c = <u64>load<u8>(D + r);
    r++;
    store<u8>(D + w, <u8>(n >> k));
    w++;
    n = (n & mask) * 10 + c;
  }
  while (n > 0) {
    const d = n >> k;
    n = (n & mask) * 10;
    if (w < MAX_DIGITS) { store<u8>(D + w, <u8>d); w++; } else if (d > 0) trunc = true;
  }
  nd = w;
  trim();
}

function trim(): void {
  while (nd > 0 && load<u8>(D + nd - 1) == 0) nd--;
  if (nd == 0) dp = 0;
}

function shift(k: i32): void {
  if (nd == 0) return;
  if (k > 0) {
    while (k > 60) { leftShift(60); k -= 60; }
    leftShift(<u32>k);
  } else if (k < 0) {
    while (k < -60) { rightShift(60); k += 60; }
    rightShift(<u32>-k);
  }
}

function shouldRoundUp(n: i32): bool {
  if (n < 0 || n >= nd) return false;
  const d = load<u8>(D + n);
  if (d == 5 && n + 1 == nd) {
    // exactly halfway: round to even, unless digits were dropped
    if (trunc) return true;
    return n > 0 && (load<u8>(D + n - 1) & 1) != 0;
  }
  return d >= 5;
}

function roundedInteger(): u64 {
  if (dp > 20) return 0xffffffffffffffff;
  let i = 0;
  let n: u64 = 0;
  for (; i < dp && i < nd; i++) n = n * 10 + load<u8>(D + i);
  for (; i < dp; i++) n *= 10;
  if (shouldRoundUp(dp)) n++;
  return n;
}

const POWTAB: StaticArray<i32> = [1, 3, 6, 9, 13, 16, 19, 23, 26];

function slowParse(p: usize, end: usize, neg: bool): f64 {
  readDigits(p, end);
  let bits: u64;
  const bias = -1023;
  let exp: i32 = 0;
  let mant: u64 = 0;
  if (nd == 0) {
    mant = 0; exp = bias;
  } else if (dp > 310) {
    return neg ? -Infinity : Infinity;
  } else if (dp < -330) {
    mant = 0; exp = bias;
  } else {
    while (dp > 0) {
      const n = dp >= 9 ? 27 : unchecked(POWTAB[dp]);
      shift(-n);
      exp += n;
    }
    while (dp < 0 || (dp == 0 && load<u8>(D) < 5)) {
      const n = -dp >= 9 ? 27 : unchecked(POWTAB[-dp]);
      shift(n);
      exp -= n;
    }
    exp--; // [0.5, 1) -> [1, 2)
    if (exp < bias + 1) {
      const n = bias + 1 - exp;
      shift(-n);
      exp += n;
    }
    if (exp - bias >= 0x7ff) return neg ? -Infinity : Infinity;
    shift(53);
    mant = roundedInteger();
    if (mant == (<u64>2 << 52)) {
      mant >>= 1;
      exp++;
      if (exp - bias >= 0x7ff) return neg ? -Infinity : Infinity;
    }
    if ((mant & (<u64>1 << 52)) == 0) exp = bias;
  }
  bits = (mant & ((<u64>1 << 52) - 1)) | (<u64>((exp - bias) & 0x7ff) << 52);
  if (neg) bits |= <u64>1 << 63;
  return reinterpret<f64>(bits);
}

/** Read the digits of a syntactically valid JSON number (without sign) into D/nd/dp. */
function readDigits(p: usize, end: usize): void {
  nd = 0; dp = 0; trunc = false;
  let sawDot = false;
  while (p < end) {
    const c = load<u8>(p);
    if (c == 0x2e) { sawDot = true; p++; continue; }
    if (c == 0x65 || c == 0x45) break;
    const d = c - 0x30;
    if (d == 0 && nd == 0) {
      // a leading zero: only moves the point when it is after the dot
      if (sawDot) dp--;
      p++;
      continue;
    }
    if (nd < MAX_DIGITS) { store<u8>(D + nd, d); nd++; } else if (d != 0) trunc = true;
    if (!sawDot) dp++;
    p++;
  }
  if (p < end) {
    p++;
    let eneg = false;
    const s = load<u8>(p);
    if (s == 0x2d) { eneg = true; p++; } else if (s == 0x2b) p++;
    let e: i32 = 0;
    while (p < end) { if (e < 100000) e = e * 10 + (<i32>load<u8>(p) - 0x30); p++; }
    dp += eneg ? -e : e;
  }
  trim();
}
