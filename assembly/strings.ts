// Helpers over the bytes of a string's contents: unescaping, counting, comparing, hashing.

@inline function hexValue(c: u32): u32 {
  if (c - 0x30 < 10) return c - 0x30;
  return (c | 0x20) - 0x61 + 10;
}

function hex4(p: usize): u32 {
  return (hexValue(load<u8>(p)) << 12) | (hexValue(load<u8>(p + 1)) << 8) |
    (hexValue(load<u8>(p + 2)) << 4) | hexValue(load<u8>(p + 3));
}

/** Write code point cp as UTF-8 (WTF-8 for a lone surrogate) at dst; returns bytes written. */
function putUtf8(dst: usize, cp: u32): u32 {
  if (cp < 0x80) { store<u8>(dst, cp); return 1; }
  if (cp < 0x800) {
    store<u8>(dst, 0xc0 | (cp >> 6));
    store<u8>(dst + 1, 0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    store<u8>(dst, 0xe0 | (cp >> 12));
    store<u8>(dst + 1, 0x80 | ((cp >> 6) & 0x3f));
    store<u8>(dst + 2, 0x80 | (cp & 0x3f));
    return 3;
  }
  store<u8>(dst, 0xf0 | (cp >> 18));
  store<u8>(dst + 1, 0x80 | ((cp >> 12) & 0x3f));
  store<u8>(dst + 2, 0x80 | ((cp >> 6) & 0x3f));
  store<u8>(dst + 3, 0x80 | (cp & 0x3f));
  return 4;
}

/**
 * Decode the contents of a JSON string (already validated) into dst; returns the decoded length.
 * A \uD83D\uDE00 pair becomes one 4-byte sequence; a lone surrogate stays as its 3-byte form, so
 * that keys "\uD800" and "\uDC00" stay two keys of a map (as JSON.parse keeps them in the value);
 * a value's checks read it as U+FFFD (replaceLoneSurrogates).
 */
export function unescape(p: usize, end: usize, dst: usize): u32 {
  let w = dst;
  while (p < end) {
    // runs without a backslash are copied sixteen bytes at a time (w <= p, so a block written at w
    // ends before dst + (end - start), within the room the decoded string may take)
    if (p + 16 <= end) {
      const v = v128.load(p);
      const mask = i8x16.bitmask(i8x16.eq(v, i8x16.splat(0x5c)));
      v128.store(w, v);
      if (mask == 0) { p += 16; w += 16; continue; }
      const n = ctz(mask);
      p += n;
      w += n;
    }
    const c = <u32>load<u8>(p);
    if (c != 0x5c) { store<u8>(w, c); w++; p++; continue; }
    const e = <u32>load<u8>(p + 1);
    p += 2;
    let out: u32 = 0;
    switch (e) {
      case 0x22: out = 0x22; break;
      case 0x5c: out = 0x5c; break;
      case 0x2f: out = 0x2f; break;
      case 0x62: out = 0x08; break;
      case 0x66: out = 0x0c; break;
      case 0x6e: out = 0x0a; break;
      case 0x72: out = 0x0d; break;
      case 0x74: out = 0x09; break;
      default: {
        // \uXXXX
        let cp = hex4(p);
        p += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && p + 6 <= end && load<u8>(p) == 0x5c && load<u8>(p + 1) == 0x75) {
          const lo = hex4(p + 2);
          if (lo >= 0xdc00 && lo < 0xe000) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            p += 6;
          }
        }
        w += putUtf8(w, cp);
        continue;
      }
    }
    store<u8>(w, out);
    w++;
  }
  return <u32>(w - dst);
}

/**
 * Rewrite each lone surrogate of decoded bytes [p, p+len) (the 3-byte form unescape writes, ED A0..BF
 * xx) as U+FFFD (EF BF BD, also 3 bytes), in place: Go's encoding/json decodes a lone surrogate
 * escape as U+FFFD, so that is what every check of a string value sees (validate reads a lone
 * surrogate of a JS string the same way). Valid UTF-8 has no such sequence: text read from the
 * input as it is (unescaped) is never written to.
 */
export function replaceLoneSurrogates(p: usize, len: u32): void {
  const end = p + len;
  while (p + 3 <= end) {
    if (load<u8>(p) == 0xed && load<u8>(p + 1) >= 0xa0) {
      store<u8>(p, 0xef);
      store<u8>(p + 1, 0xbf);
      store<u8>(p + 2, 0xbd);
      p += 3;
    } else p++;
  }
}

/** Unicode code points in UTF-8 bytes (every byte that is not a continuation byte). */
export function codePoints(p: usize, len: u32): u32 {
  let n: u32 = 0;
  const end = p + len;
  while (p + 8 <= end) {
    // count bytes whose top two bits are not 10, eight at a time
    const x = load<u64>(p);
    const cont = (x & ~(x << 1)) & 0x8080808080808080; // bit 7 set and bit 6 clear
    n += 8 - <u32>popcnt(cont);
    p += 8;
  }
  while (p < end) {
    if ((load<u8>(p) & 0xc0) != 0x80) n++;
    p++;
  }
  return n;
}

/**
 * Unicode code points of a JSON string's contents as written, escapes not decoded: what
 * codePoints gives for the bytes unescape writes, without writing them (all a length check
 * needs). An escape is one code point, a \uD83D\uDE00 pair one; runs without a backslash count
 * as codePoints counts them (a backslash is ASCII: a run ends at a character's end).
 */
export function codePointsEscaped(p: usize, end: usize): u32 {
  let n: u32 = 0;
  while (p < end) {
    if (p + 16 <= end) {
      // sixteen bytes at a time: those before the first backslash that are no continuation byte
      const v = v128.load(p);
      const backslashes = i8x16.bitmask(i8x16.eq(v, i8x16.splat(0x5c)));
      const continuations = i8x16.bitmask(i8x16.eq(v128.and(v, i8x16.splat(<i8>0xc0)), i8x16.splat(<i8>0x80)));
      const run: u32 = backslashes == 0 ? 16 : ctz(backslashes);
      n += <u32>popcnt(~continuations & ((1 << run) - 1));
      p += run;
      if (backslashes == 0) continue;
    }
    const c = <u32>load<u8>(p);
    if (c != 0x5c) {
      if ((c & 0xc0) != 0x80) n++;
      p++;
      continue;
    }
    n++;
    if (load<u8>(p + 1) != 0x75) { p += 2; continue; }
    const cp = hex4(p + 2);
    p += 6;
    // (a high surrogate and the low one escaped after it are one code point, as unescape joins them)
    if (cp >= 0xd800 && cp < 0xdc00 && p + 6 <= end && load<u8>(p) == 0x5c && load<u8>(p + 1) == 0x75) {
      const lo = hex4(p + 2);
      if (lo >= 0xdc00 && lo < 0xe000) p += 6;
    }
  }
  return n;
}

/** Compare two byte strings: negative, zero or positive (UTF-8 byte order = code point order). */
export function compareBytes(a: usize, alen: u32, b: usize, blen: u32): i32 {
  const n = alen < blen ? alen : blen;
  let i: u32 = 0;
  // eight bytes at a time while they are equal
  while (i + 8 <= n && load<u64>(a + i) == load<u64>(b + i)) i += 8;
  for (; i < n; i++) {
    const x = <i32>load<u8>(a + i);
    const y = <i32>load<u8>(b + i);
    if (x != y) return x - y;
  }
  return <i32>alen - <i32>blen;
}

@inline function mix64(h: u64): u64 {
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93;
  h ^= h >> 32;
  return h;
}

/** 64-bit hash of bytes, eight at a time (unique keys; collisions are confirmed by the caller). */
export function hashBytes(p: usize, len: u32): u64 {
  let h: u64 = 0x9e3779b97f4a7c15 ^ (<u64>len * 0xbf58476d1ce4e5b9);
  let i: u32 = 0;
  for (; i + 8 <= len; i += 8) h = mix64(h ^ load<u64>(p + i)) + 0x632be59bd9b4e019;
  let tail: u64 = 0;
  for (let k: u32 = 0; i < len; i++, k += 8) tail |= <u64>load<u8>(p + i) << k;
  return mix64(h ^ tail ^ 0xff51afd7ed558ccd);
}

/**
 * 32-bit hash of a key, for the key lookup tables: four bytes at a time. Must match keyHash in
 * bindings/compile.ts.
 */
export function keyHash(p: usize, len: u32): u32 {
  let h: u32 = len * 0x9e3779b1;
  for (let i: u32 = 0; i < len; i += 4) {
    let w: u32 = 0;
    for (let k: u32 = 0; k < 4 && i + k < len; k++) w |= <u32>load<u8>(p + i + k) << (k << 3);
    h = (h ^ w) * 0x85ebca6b;
    h ^= h >> 13;
  }
  return h;
}
