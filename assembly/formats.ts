// Byte-level format checks of string values. Each mirrors its TypeScript reference in
// bindings/directives/<name>.ts exactly; the differential tests hold them to it.
// All are called with a non-empty string (the empty string passes before they are called).

@inline function isLetter(c: u32): bool { return (c | 0x20) - 0x61 < 26; }
@inline function isDigit(c: u32): bool { return c - 0x30 < 10; }
@inline function isHex(c: u32): bool { return isDigit(c) || (c | 0x20) - 0x61 < 6; }

// Byte classes of the email rule: 1 local part, 2 domain, 4 letter.
const EMAIL_CLASS: usize = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  //    !  "  #  $  %  &  '  (  )  *  +  ,  -  .  /
  0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 3, 3, 0,
  // 0-9
  3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0,
  // @ A-O
  0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
  // P-Z [ \ ] ^ _
  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 1,
  // ` a-o
  0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
  // p-z
  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

@inline function emailClass(c: u32): u32 {
  return load<u8>(EMAIL_CLASS + c);
}

/** ^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$ */
export function isEmail(p: usize, len: u32): bool {
  let i: u32 = 0;
  for (; i < len; i++) {
    const c = <u32>load<u8>(p + i);
    if (c == 0x40) break;
    if ((emailClass(c) & 1) == 0) return false;
  }
  if (i == 0 || i >= len) return false;
  const at = i;
  let dot: i32 = -1;
  for (i = at + 1; i < len; i++) {
    const c = <u32>load<u8>(p + i);
    if (c == 0x2e) dot = <i32>i;
    else if ((emailClass(c) & 2) == 0) return false;
  }
  if (dot < <i32>(at + 2) || <i32>len - dot - 1 < 2) return false;
  for (i = <u32>dot + 1; i < len; i++) if ((emailClass(load<u8>(p + i)) & 4) == 0) return false;
  return true;
}

/** 8-4-4-4-12 hex digits. */
export function isUuid(p: usize, len: u32): bool {
  if (len != 36) return false;
  for (let i: u32 = 0; i < 36; i++) {
    const c = <u32>load<u8>(p + i);
    if (i == 8 || i == 13 || i == 18 || i == 23) { if (c != 0x2d) return false; } else if (!isHex(c)) return false;
  }
  return true;
}

export function isAlpha(p: usize, len: u32): bool {
  for (let i: u32 = 0; i < len; i++) if (!isLetter(load<u8>(p + i))) return false;
  return true;
}

export function isAlphanum(p: usize, len: u32): bool {
  for (let i: u32 = 0; i < len; i++) {
    const c = <u32>load<u8>(p + i);
    if (!isLetter(c) && !isDigit(c)) return false;
  }
  return true;
}

@inline function isSchemeChar(c: u32): bool {
  return isLetter(c) || isDigit(c) || c == 0x2b || c == 0x2d || c == 0x2e;
}

/** Any scheme with a host or a path; see bindings/directives/url.ts for the rule. */
export function isUrl(p: usize, len: u32): bool {
  for (let i: u32 = 0; i < len; i++) {
    const c = <u32>load<u8>(p + i);
    if (c <= 0x20 || c == 0x7f) return false;
    if (c == 0x25 && !(i + 2 < len && isHex(load<u8>(p + i + 1)) && isHex(load<u8>(p + i + 2)))) return false;
  }
  if (!isLetter(load<u8>(p))) return false;
  let i: u32 = 1;
  while (i < len && isSchemeChar(load<u8>(p + i))) i++;
  if (i >= len || load<u8>(p + i) != 0x3a) return false;
  i++;
  if (i >= len || load<u8>(p + i) != 0x2f) return false;
  if (i + 1 >= len || load<u8>(p + i + 1) != 0x2f) return true;
  const start = i + 2;
  let end = start;
  while (end < len) {
    const c = load<u8>(p + end);
    if (c == 0x2f || c == 0x3f || c == 0x23) break;
    end++;
  }
  let hostStart = start;
  for (let k = end; k > start; k--) if (load<u8>(p + k - 1) == 0x40) { hostStart = k; break; }
  let hostEnd = end;
  if (hostStart < end && load<u8>(p + hostStart) == 0x5b) {
    let close = hostStart;
    while (close < len && load<u8>(p + close) != 0x5d) close++;
    if (close >= end) return false;
    hostEnd = close + 1;
    if (hostEnd < end && load<u8>(p + hostEnd) != 0x3a) return false;
  } else {
    for (let k = hostStart; k < end; k++) if (load<u8>(p + k) == 0x3a) { hostEnd = k; break; }
  }
  for (let k = hostEnd + 1; k < end; k++) if (!isDigit(load<u8>(p + k))) return false;
  let pathEnd = end;
  while (pathEnd < len) {
    const c = load<u8>(p + pathEnd);
    if (c == 0x3f || c == 0x23) break;
    pathEnd++;
  }
  return hostEnd > hostStart || pathEnd > end;
}
