// JSON number text -> f64, correctly rounded (the same value JSON.parse gives).
// Fast path (Clinger): up to 19 significant digits whose mantissa fits in 53 bits and a power of
// ten up to 1e22 is exact with one multiplication or division. Middle path (Eisel-Lemire, as Go's
// strconv): up to 19 digits with a power of ten in 1e-50 .. 1e50 (the 17-digit floats JavaScript
// writes) from one 64 x 128-bit product, where it can decide the rounding. Everything else goes
// through a decimal big-number conversion (the algorithm of Go's strconv/decimal.go): slower,
// always exact.
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
  if (!dropped && exp10 >= POW10_128_MIN && exp10 <= POW10_128_MAX) {
    const v = eiselLemire(mant, exp10);
    if (v >= 0) return neg ? -v : v; // (a negative result: undecided)
  }
  return slowParse(start, end, neg);
}

// ---------------------------------------------------------------- one pass (array items)

/** The value quickNumber read. */
export let QUICK_VALUE: f64 = 0;

const POW10_U64: StaticArray<u64> = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000];

/**
 * The 8-digit number in t, one digit value (0..9) per byte, the first (most significant) in the
 * low byte: pairs, then fours, then all eight, by multiplication (simdjson's
 * parse_eight_digits_unrolled), with no chain of one multiply-add per digit.
 */
@inline function eightDigits(t: u64): u64 {
  t = t * 10 + (t >> 8);
  return (((t & 0x000000ff000000ff) * (100 + (1000000 << 32))) + (((t >> 16) & 0x000000ff000000ff) * (1 + (10000 << 32)))) >> 32;
}

/**
 * Read a plain number at p in one pass, syntax and value together: -?(0|[1-9][0-9]*)(.[0-9]+)?
 * with at most 19 digits, followed by a byte that cannot continue it, or by `last` when `final`.
 * Returns its end, with QUICK_VALUE and NUM_IS_INTEGER set; returns 0 for anything else (an
 * exponent, more digits, a number the chunk cuts, malformed text), which the general path
 * (wholeNumber, then parseNumber) reads and reports. Digits go eight at a time where eight bytes
 * lie before `last`; an integer takes no division; the value is the correctly rounded one
 * parseNumber gives (Clinger, else Eisel-Lemire, else parseNumber).
 */
@inline export function quickNumber(p: usize, last: usize, final: bool): usize {
  const start = p;
  const neg = p < last && load<u8>(p) == 0x2d;
  if (neg) p++;
  const first = p;
  let dot: usize = 0; // first byte after the '.'
  let mant: u64 = 0;
  for (;;) {
    while (p + 8 <= last) {
      // t: the bytes minus '0'; a byte is a digit when its t is below 10 (high bit of t + 0x76
      // clear, and of t itself); a carry only reaches bytes after the first that is not
      const t = load<u64>(p) ^ 0x3030303030303030;
      const other = ((t + 0x7676767676767676) | t) & 0x8080808080808080;
      const n = <u32>ctz(other) >> 3; // digits before the first other byte (8: none; ctz(0) is 64)
      // the n digits moved to the top, zeros (leading zeros) below
      if (n != 0) { mant = mant * unchecked(POW10_U64[n]) + eightDigits(t << (64 - (n << 3))); p += n; }
      if (n != 8) break;
    }
    let d: u32;
    while (p < last && (d = <u32>load<u8>(p) - 0x30) < 10) { mant = mant * 10 + d; p++; }
    if (dot != 0 || p >= last || load<u8>(p) != 0x2e) break;
    dot = ++p;
  }
  const whole = <u32>((dot != 0 ? dot - 1 : p) - first);
  const frac = dot != 0 ? <u32>(p - dot) : 0;
  if (whole == 0 || (whole > 1 && load<u8>(first) == 0x30) || (dot != 0 && frac == 0)) return 0;
  if (whole + frac > 19) return 0; // (mant may have wrapped)
  if (p >= last) {
    if (!final) return 0;
  } else {
    const c = <u32>load<u8>(p);
    if (c == 0x2e || (c | 0x20) == 0x65 || c == 0x2b || c == 0x2d) return 0;
  }
  NUM_IS_INTEGER = frac == 0;
  let v: f64;
  if (mant <= (<u64>1 << 53)) {
    v = frac == 0 ? <f64>mant : <f64>mant / unchecked(POW10[frac]);
  } else {
    v = eiselLemire(mant, -<i32>frac);
    if (v < 0) { QUICK_VALUE = parseNumber(start, p); return p; }
  }
  QUICK_VALUE = neg ? -v : v;
  return p;
}

// ---------------------------------------------------------------- Eisel-Lemire (middle path)

// 10^q for q in [POW10_128_MIN, POW10_128_MAX] as 128-bit mantissas (top bit set, truncated): high
// word, low word. (Go's strconv table, cut to the exponents of everyday numbers: 17-digit floats
// as JavaScript writes them need 1e-1 .. 1e-30 or so; anything outside goes to slowParse.)
const POW10_128_MIN: i32 = -50;
const POW10_128_MAX: i32 = 50;
const POW10_128: StaticArray<u64> = [
  0xef73d256a5c0f77c, 0x963e66858f6d4440, // 1e-50
  0x95a8637627989aad, 0xdde7001379a44aa8, // 1e-49
  0xbb127c53b17ec159, 0x5560c018580d5d52, // 1e-48
  0xe9d71b689dde71af, 0xaab8f01e6e10b4a6, // 1e-47
  0x9226712162ab070d, 0xcab3961304ca70e8, // 1e-46
  0xb6b00d69bb55c8d1, 0x3d607b97c5fd0d22, // 1e-45
  0xe45c10c42a2b3b05, 0x8cb89a7db77c506a, // 1e-44
  0x8eb98a7a9a5b04e3, 0x77f3608e92adb242, // 1e-43
  0xb267ed1940f1c61c, 0x55f038b237591ed3, // 1e-42
  0xdf01e85f912e37a3, 0x6b6c46dec52f6688, // 1e-41
  0x8b61313bbabce2c6, 0x2323ac4b3b3da015, // 1e-40
  0xae397d8aa96c1b77, 0xabec975e0a0d081a, // 1e-39
  0xd9c7dced53c72255, 0x96e7bd358c904a21, // 1e-38
  0x881cea14545c7575, 0x7e50d64177da2e54, // 1e-37
  0xaa242499697392d2, 0xdde50bd1d5d0b9e9, // 1e-36
  0xd4ad2dbfc3d07787, 0x955e4ec64b44e864, // 1e-35
  0x84ec3c97da624ab4, 0xbd5af13bef0b113e, // 1e-34
  0xa6274bbdd0fadd61, 0xecb1ad8aeacdd58e, // 1e-33
  0xcfb11ead453994ba, 0x67de18eda5814af2, // 1e-32
  0x81ceb32c4b43fcf4, 0x80eacf948770ced7, // 1e-31
  0xa2425ff75e14fc31, 0xa1258379a94d028d, // 1e-30
  0xcad2f7f5359a3b3e, 0x096ee45813a04330, // 1e-29
  0xfd87b5f28300ca0d, 0x8bca9d6e188853fc, // 1e-28
  0x9e74d1b791e07e48, 0x775ea264cf55347d, // 1e-27
  0xc612062576589dda, 0x95364afe032a819d, // 1e-26
  0xf79687aed3eec551, 0x3a83ddbd83f52204, // 1e-25
  0x9abe14cd44753b52, 0xc4926a9672793542, // 1e-24
  0xc16d9a0095928a27, 0x75b7053c0f178293, // 1e-23
  0xf1c90080baf72cb1, 0x5324c68b12dd6338, // 1e-22
  0x971da05074da7bee, 0xd3f6fc16ebca5e03, // 1e-21
  0xbce5086492111aea, 0x88f4bb1ca6bcf584, // 1e-20
  0xec1e4a7db69561a5, 0x2b31e9e3d06c32e5, // 1e-19
  0x9392ee8e921d5d07, 0x3aff322e62439fcf, // 1e-18
  0xb877aa3236a4b449, 0x09befeb9fad487c2, // 1e-17
  0xe69594bec44de15b, 0x4c2ebe687989a9b3, // 1e-16
  0x901d7cf73ab0acd9, 0x0f9d37014bf60a10, // 1e-15
  0xb424dc35095cd80f, 0x538484c19ef38c94, // 1e-14
  0xe12e13424bb40e13, 0x2865a5f206b06fb9, // 1e-13
  0x8cbccc096f5088cb, 0xf93f87b7442e45d3, // 1e-12
  0xafebff0bcb24aafe, 0xf78f69a51539d748, // 1e-11
  0xdbe6fecebdedd5be, 0xb573440e5a884d1b, // 1e-10
  0x89705f4136b4a597, 0x31680a88f8953030, // 1e-9
  0xabcc77118461cefc, 0xfdc20d2b36ba7c3d, // 1e-8
  0xd6bf94d5e57a42bc, 0x3d32907604691b4c, // 1e-7
  0x8637bd05af6c69b5, 0xa63f9a49c2c1b10f, // 1e-6
  0xa7c5ac471b478423, 0x0fcf80dc33721d53, // 1e-5
  0xd1b71758e219652b, 0xd3c36113404ea4a8, // 1e-4
  0x83126e978d4fdf3b, 0x645a1cac083126e9, // 1e-3
  0xa3d70a3d70a3d70a, 0x3d70a3d70a3d70a3, // 1e-2
  0xcccccccccccccccc, 0xcccccccccccccccc, // 1e-1
  0x8000000000000000, 0x0000000000000000, // 1e0
  0xa000000000000000, 0x0000000000000000, // 1e1
  0xc800000000000000, 0x0000000000000000, // 1e2
  0xfa00000000000000, 0x0000000000000000, // 1e3
  0x9c40000000000000, 0x0000000000000000, // 1e4
  0xc350000000000000, 0x0000000000000000, // 1e5
  0xf424000000000000, 0x0000000000000000, // 1e6
  0x9896800000000000, 0x0000000000000000, // 1e7
  0xbebc200000000000, 0x0000000000000000, // 1e8
  0xee6b280000000000, 0x0000000000000000, // 1e9
  0x9502f90000000000, 0x0000000000000000, // 1e10
  0xba43b74000000000, 0x0000000000000000, // 1e11
  0xe8d4a51000000000, 0x0000000000000000, // 1e12
  0x9184e72a00000000, 0x0000000000000000, // 1e13
  0xb5e620f480000000, 0x0000000000000000, // 1e14
  0xe35fa931a0000000, 0x0000000000000000, // 1e15
  0x8e1bc9bf04000000, 0x0000000000000000, // 1e16
  0xb1a2bc2ec5000000, 0x0000000000000000, // 1e17
  0xde0b6b3a76400000, 0x0000000000000000, // 1e18
  0x8ac7230489e80000, 0x0000000000000000, // 1e19
  0xad78ebc5ac620000, 0x0000000000000000, // 1e20
  0xd8d726b7177a8000, 0x0000000000000000, // 1e21
  0x878678326eac9000, 0x0000000000000000, // 1e22
  0xa968163f0a57b400, 0x0000000000000000, // 1e23
  0xd3c21bcecceda100, 0x0000000000000000, // 1e24
  0x84595161401484a0, 0x0000000000000000, // 1e25
  0xa56fa5b99019a5c8, 0x0000000000000000, // 1e26
  0xcecb8f27f4200f3a, 0x0000000000000000, // 1e27
  0x813f3978f8940984, 0x4000000000000000, // 1e28
  0xa18f07d736b90be5, 0x5000000000000000, // 1e29
  0xc9f2c9cd04674ede, 0xa400000000000000, // 1e30
  0xfc6f7c4045812296, 0x4d00000000000000, // 1e31
  0x9dc5ada82b70b59d, 0xf020000000000000, // 1e32
  0xc5371912364ce305, 0x6c28000000000000, // 1e33
  0xf684df56c3e01bc6, 0xc732000000000000, // 1e34
  0x9a130b963a6c115c, 0x3c7f400000000000, // 1e35
  0xc097ce7bc90715b3, 0x4b9f100000000000, // 1e36
  0xf0bdc21abb48db20, 0x1e86d40000000000, // 1e37
  0x96769950b50d88f4, 0x1314448000000000, // 1e38
  0xbc143fa4e250eb31, 0x17d955a000000000, // 1e39
  0xeb194f8e1ae525fd, 0x5dcfab0800000000, // 1e40
  0x92efd1b8d0cf37be, 0x5aa1cae500000000, // 1e41
  0xb7abc627050305ad, 0xf14a3d9e40000000, // 1e42
  0xe596b7b0c643c719, 0x6d9ccd05d0000000, // 1e43
  0x8f7e32ce7bea5c6f, 0xe4820023a2000000, // 1e44
  0xb35dbf821ae4f38b, 0xdda2802c8a800000, // 1e45
  0xe0352f62a19e306e, 0xd50b2037ad200000, // 1e46
  0x8c213d9da502de45, 0x4526f422cc340000, // 1e47
  0xaf298d050e4395d6, 0x9670b12b7f410000, // 1e48
  0xdaf3f04651d47b4c, 0x3c0cdd765f114000, // 1e49
  0x88d8762bf324cd0f, 0xa5880a69fb6ac800, // 1e50
];

let MUL_LO: u64 = 0;

/** High 64 bits of a * b (the low 64 in MUL_LO). */
function mulHi(a: u64, b: u64): u64 {
  const aLo = a & 0xffffffff;
  const aHi = a >> 32;
  const bLo = b & 0xffffffff;
  const bHi = b >> 32;
  const ll = aLo * bLo;
  const lh = aLo * bHi;
  const hl = aHi * bLo;
  const mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  MUL_LO = a * b;
  return aHi * bHi + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/**
 * man * 10^exp10 correctly rounded (man non-zero, exactly the number's digits), or -1 where the
 * 128-bit product cannot decide the rounding (then the exact slowParse does). Go's
 * strconv.eiselLemire64, for exponents in the table above.
 */
function eiselLemire(man: u64, exp10: i32): f64 {
  const zeros = <i64>clz<u64>(man);
  man <<= zeros;
  let retExp2: i64 = <i64>(((217706 * exp10) >> 16) + 64 + 1023) - zeros;
  const row = (exp10 - POW10_128_MIN) << 1;
  let xHi = mulHi(man, unchecked(POW10_128[row]));
  let xLo = MUL_LO;
  if ((xHi & 0x1ff) == 0x1ff && xLo + man < man) {
    const yHi = mulHi(man, unchecked(POW10_128[row + 1]));
    const yLo = MUL_LO;
    let mergedHi = xHi;
    const mergedLo = xLo + yHi;
    if (mergedLo < xLo) mergedHi++;
    if ((mergedHi & 0x1ff) == 0x1ff && mergedLo + 1 == 0 && yLo + man < man) return -1;
    xHi = mergedHi;
    xLo = mergedLo;
  }
  const msb = xHi >> 63;
  let retMantissa = xHi >> (msb + 9);
  retExp2 -= <i64>(1 ^ msb);
  if (xLo == 0 && (xHi & 0x1ff) == 0 && (retMantissa & 3) == 1) return -1;
  retMantissa += retMantissa & 1;
  retMantissa >>= 1;
  if ((retMantissa >> 53) > 0) {
    retMantissa >>= 1;
    retExp2 += 1;
  }
  if (retExp2 <= 0 || retExp2 >= 0x7ff) return -1;
  return reinterpret<f64>((<u64>retExp2 << 52) | (retMantissa & 0x000fffffffffffff));
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
