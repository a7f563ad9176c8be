// The resumable JSON tokenizer (RFC 8259, strict). It runs over the input bytes as named states
// (TS_* in bindings/layout.ts) and can stop at any byte: everything it needs to go on is in the
// session, so the next run continues with the next chunk. It calls the evaluator at each
// structural event; it never calls out of WebAssembly.

import {
  J_ARRAY, J_BOOL, J_NULL, J_NUMBER, J_OBJECT, J_STRING, NONE, ST_DONE, ST_NEED_MORE, ST_NEED_SPACE,
  ST_SYNTAX, ST_TYPE, SX_BAD_ESCAPE, SX_CONTROL, SX_DEPTH, SX_EOF, SX_LITERAL, SX_NUMBER, SX_TRAILING,
  SX_UNEXPECTED, SX_UTF8, SF_SYNTAX_AFTER_TYPE, SF_SYNTAX_ONLY, SF_UTF8_KNOWN, S_CUR_FR, S_ERR_OFFSET, S_ERR_REASON, TF_ESCAPED, TS_ARR_FIRST, TS_ARR_NEXT,
  TS_COLON, TS_DONE, TS_ERROR, TS_KEY, TS_LITERAL, TS_NUMBER, TS_OBJ_FIRST, TS_OBJ_KEY, TS_OBJ_NEXT,
  TS_STRING, TS_VALUE, TP_WORDS, FM_MODE,
} from "../bindings/layout";
import { ITEMS_GENERAL, listItems } from "./items";
import { frame, fw } from "./records";
import {
  TYPE_ERROR, beginValue, closeArray, closeObject, keyValue, literalValue, numberValue, openArray,
  openObject, readSyntaxOnly, stringValue,
} from "./evaluator";
import {
  ARENA_CAP, ARENA_LEN, DELTA, DEPTH, ERRS_CAP, ERR_COUNT, FINAL, FLAGS, IN, LEN, MAX_DEPTH, MAX_ERRORS, POS, SLOTS_CAP, SLOTS_TOP, SLOT_MARGIN,
  STACK_CAP, STATE, STEP_ERRORS, STR_FLAGS, SUB, TAPE_CAP, TAPE_LEN, TAPE_ON, TOKEN_START, TOKEN_U16,
  UTF8_NEED, setSw,
} from "./state";

// Byte classes for the structural states: 0 other, 1 whitespace.
const WS: usize = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
]);

@inline export function isWs(c: u32): bool {
  return c <= 0x20 && load<u8>(WS + c) != 0;
}

// Literal texts: true, false, null
const LITERALS: usize = memory.data<u8>([0x74, 0x72, 0x75, 0x65, 0, 0x66, 0x61, 0x6c, 0x73, 0x65, 0x6e, 0x75, 0x6c, 0x6c, 0, 0]);
const LIT_START: StaticArray<u32> = [0, 5, 10];
const LIT_LEN: StaticArray<u32> = [4, 5, 4];

// Number sub-states
const N_SIGN: u32 = 0; // after '-': a digit must follow
const N_ZERO: u32 = 1; // a leading 0: '.', 'e' or the end
const N_INT: u32 = 2;
const N_DOT: u32 = 3; // after '.': a digit must follow
const N_FRAC: u32 = 4;
const N_EXP: u32 = 5; // after 'e': sign or digit
const N_EXP_SIGN: u32 = 6; // after the exponent sign: a digit must follow
const N_EXP_DIGITS: u32 = 7;

// String sub-states (SUB): 0 plain, 1 after '\', 2..5 reading \u hex digits (SUB-2 read so far)
const STR_PLAIN: u32 = 0;
const STR_ESCAPE: u32 = 1;
const STR_HEX0: u32 = 2;

const GO: u32 = 0xffffffff;

function syntaxError(reason: u32, at: u32): u32 {
  setSw(S_ERR_REASON, reason);
  setSw(S_ERR_OFFSET, at);
  STATE = TS_ERROR;
  return ST_SYNTAX;
}

/** Enough room in every buffer for one more token's worth of output? */
function haveSpace(): bool {
  if (DEPTH + 2 >= STACK_CAP) return false;
  if (TAPE_ON && TAPE_LEN + 4 > TAPE_CAP) return false;
  if (ARENA_LEN + STEP_ERRORS * (DEPTH + 2) > ARENA_CAP) return false;
  if (SLOTS_TOP + SLOT_MARGIN > SLOTS_CAP) return false;
  // error records: room for a step's worth, until the buffer holds maxErrors + TOO_MANY
  if (ERRS_CAP <= MAX_ERRORS && ERR_COUNT + STEP_ERRORS + 1 > ERRS_CAP) return false;
  return true;
}

/** Run until the input is used up, the document is complete, or an error. */
export function tokenize(): u32 {
  if (STATE == TS_ERROR) return ST_SYNTAX;
  for (;;) {
    let r: u32 = GO;
    const st = STATE;
    if (st == TS_STRING || st == TS_KEY) r = scanString(st == TS_KEY);
    else if (st == TS_NUMBER) r = scanNumber();
    else if (st == TS_LITERAL) r = scanLiteral();
    else {
      let pos = POS;
      while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
      POS = pos;
      if (pos >= LEN) return atEnd();
      if (!haveSpace()) return ST_NEED_SPACE;
      r = structural(st, <u32>load<u8>(IN + pos));
    }
    if (TYPE_ERROR && (FLAGS & SF_SYNTAX_ONLY) == 0) {
      if ((FLAGS & SF_SYNTAX_AFTER_TYPE) == 0) return ST_TYPE;
      readSyntaxOnly();
    }
    if (r != GO) return r;
  }
  return GO; // not reached
}

function atEnd(): u32 {
  if (STATE == TS_DONE) return (FLAGS & SF_SYNTAX_ONLY) != 0 ? ST_TYPE : ST_DONE;
  if (FINAL) return syntaxError(SX_EOF, LEN);
  return ST_NEED_MORE;
}

function structural(st: u32, c: u32): u32 {
  switch (st) {
    case TS_VALUE: return beginToken(c);
    case TS_ARR_FIRST:
      if (c == 0x5d) { closeArray(); POS++; return GO; }
      return beginItem(c);
    case TS_OBJ_FIRST:
      if (c == 0x7d) { closeObject(); POS++; return GO; }
      if (c == 0x22) return beginKey();
      return syntaxError(SX_UNEXPECTED, POS);
    case TS_OBJ_KEY:
      if (c == 0x22) return beginKey();
      return syntaxError(SX_UNEXPECTED, POS);
    case TS_COLON:
      if (c == 0x3a) { POS++; return valueNext(); }
      return syntaxError(SX_UNEXPECTED, POS);
    case TS_OBJ_NEXT:
      if (c == 0x2c) {
        // ',' and, when it is here, the next key's opening quote: one step
        POS++;
        if (skipWs() && load<u8>(IN + POS) == 0x22) return beginKey();
        STATE = TS_OBJ_KEY;
        return GO;
      }
      if (c == 0x7d) { closeObject(); POS++; return GO; }
      return syntaxError(SX_UNEXPECTED, POS);
    case TS_ARR_NEXT:
      if (c == 0x2c) {
        POS++;
        STATE = TS_VALUE;
        return skipWs() ? beginItem(<u32>load<u8>(IN + POS)) : GO;
      }
      if (c == 0x5d) { closeArray(); POS++; return GO; }
      return syntaxError(SX_UNEXPECTED, POS);
    case TS_DONE:
      return syntaxError(SX_TRAILING, POS);
  }
  return syntaxError(SX_UNEXPECTED, POS);
}

/** Skip whitespace from POS; true when a byte follows in this chunk. */
@inline function skipWs(): bool {
  let pos = POS;
  while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
  POS = pos;
  return pos < LEN;
}

/** After ',' in an array or ':' in an object: a value comes; start it now when its first byte is here. */
function valueNext(): u32 {
  STATE = TS_VALUE;
  if (!skipWs()) return GO;
  return beginToken(<u32>load<u8>(IN + POS));
}

/** The first byte c of an item of the innermost list is at POS: a list of scalars reads it in its item loop. */
@inline function beginItem(c: u32): u32 {
  if (fw(frame(DEPTH - 1), FM_MODE) != ITEMS_GENERAL && listItems()) return GO;
  return beginToken(c);
}

/** The first byte of a value. */
function beginToken(c: u32): u32 {
  switch (c) {
    case 0x7b: // {
      if (DEPTH >= MAX_DEPTH) return syntaxError(SX_DEPTH, POS);
      if (!beginValue(J_OBJECT)) return GO;
      openObject();
      POS++;
      STATE = TS_OBJ_FIRST;
      return GO;
    case 0x5b: // [
      if (DEPTH >= MAX_DEPTH) return syntaxError(SX_DEPTH, POS);
      if (!beginValue(J_ARRAY)) return GO;
      openArray();
      POS++;
      STATE = TS_ARR_FIRST;
      return GO;
    case 0x22: // "
      if (!beginValue(J_STRING)) return GO;
      return beginString(TS_STRING);
    case 0x74: case 0x66: case 0x6e: { // t f n
      if (!beginValue(c == 0x6e ? J_NULL : J_BOOL)) return GO;
      TOKEN_START = POS;
      TOKEN_U16 = POS - DELTA;
      SUB = (c == 0x74 ? 0 : c == 0x66 ? 1 : 2) << 8;
      STATE = TS_LITERAL;
      return GO;
    }
  }
  if (c == 0x2d || c - 0x30 < 10) {
    if (!beginValue(J_NUMBER)) return GO;
    TOKEN_START = POS;
    TOKEN_U16 = POS - DELTA;
    const end = wholeNumber(POS);
    if (end != 0) {
      // the common case: the whole number is here, well-formed, followed by a delimiter
      POS = end;
      numberValue(TOKEN_START, end);
      return GO;
    }
    SUB = N_SIGN;
    STATE = TS_NUMBER;
    return GO;
  }
  return syntaxError(SX_UNEXPECTED, POS);
}

@inline function beginKey(): u32 {
  return beginString(TS_KEY);
}

/** The opening quote of a string value or key (state TS_STRING or TS_KEY) is at POS. */
function beginString(state: u32): u32 {
  TOKEN_START = POS;
  TOKEN_U16 = POS - DELTA;
  POS++;
  SUB = STR_PLAIN;
  STR_FLAGS = 0;
  UTF8_NEED = 0;
  STATE = state;
  return GO;
}

// ---------------------------------------------------------------- strings

/**
 * Scan string bytes from POS. Plain bytes go by 16 at a time; escapes and UTF-8 sequences are
 * checked byte by byte with their progress in SUB / UTF8_NEED so a chunk may end anywhere.
 */
function scanString(isKey: bool): u32 {
  let pos = POS;
  const len = LEN;
  for (;;) {
    if (SUB == STR_PLAIN && UTF8_NEED == 0 && (FLAGS & SF_UTF8_KNOWN) != 0) {
      // fast path for input written from JS strings (well-formed UTF-8): skip bytes that are not
      // '"', '\\' or control, counting the UTF-16 units of what they encode
      pos = skipKnownUtf8(pos, len);
    } else if (SUB == STR_PLAIN && UTF8_NEED == 0) {
      // fast path: skip bytes that are not '"', '\\' or control, and whole well-formed UTF-8
      // sequences; stops at anything else (left to the code below)
      let delta = DELTA;
      let wide = false; // the last byte ended a multibyte sequence: more are likely (no block test)
      while (pos < len) {
        if (!wide) {
          while (pos + 16 <= len) {
            const mask = specialBytes(IN + pos);
            if (mask == 0) { pos += 16; continue; }
            pos += ctz(mask);
            break;
          }
          if (pos >= len) break;
        }
        const c = <u32>load<u8>(IN + pos);
        if (c < 0x80) {
          if (c == 0x22 || c == 0x5c || c < 0x20) break;
          pos++;
          wide = false;
          continue;
        }
        const n = utf8Sequence(c, pos, len);
        if (n == 0) break;
        pos += n;
        delta += n == 2 ? 1 : 2;
        wide = true;
      }
      DELTA = delta;
    }
    if (pos >= len) { POS = pos; return FINAL ? syntaxError(SX_EOF, len) : ST_NEED_MORE; }
    const c = <u32>load<u8>(IN + pos);
    if (UTF8_NEED != 0) {
      // continuation byte: (need | lo << 8 | hi << 16)
      const lo = (UTF8_NEED >> 8) & 0xff;
      const hi = UTF8_NEED >> 16;
      if (c < lo || c > hi) { POS = pos; return syntaxError(SX_UTF8, pos); }
      const need = (UTF8_NEED & 0xff) - 1;
      UTF8_NEED = need == 0 ? 0 : need | (0x80 << 8) | (0xbf << 16);
      pos++;
      continue;
    }
    if (SUB == STR_PLAIN) {
      if (c == 0x22) {
        POS = pos + 1;
        const start = TOKEN_START + 1;
        const escaped = (STR_FLAGS & TF_ESCAPED) != 0;
        if (isKey) {
          keyValue(start, pos, escaped, TOKEN_U16 + 1);
          STATE = TS_COLON;
          if (skipWs() && load<u8>(IN + POS) == 0x3a) {
            POS++;
            return valueNext();
          }
        } else {
          stringValue(start, pos, escaped);
        }
        return GO;
      }
      if (c == 0x5c) { SUB = STR_ESCAPE; STR_FLAGS |= TF_ESCAPED; pos++; continue; }
      if (c < 0x20) { POS = pos; return syntaxError(SX_CONTROL, pos); }
      if (c < 0x80) { pos++; continue; }
      // a UTF-8 lead byte: how many continuation bytes, and the range of the first one
      if (c >= 0xc2 && c <= 0xdf) { UTF8_NEED = 1 | (0x80 << 8) | (0xbf << 16); DELTA += 1; }
      else if (c == 0xe0) { UTF8_NEED = 2 | (0xa0 << 8) | (0xbf << 16); DELTA += 2; }
      else if (c == 0xed) { UTF8_NEED = 2 | (0x80 << 8) | (0x9f << 16); DELTA += 2; }
      else if (c >= 0xe1 && c <= 0xef) { UTF8_NEED = 2 | (0x80 << 8) | (0xbf << 16); DELTA += 2; }
      else if (c == 0xf0) { UTF8_NEED = 3 | (0x90 << 8) | (0xbf << 16); DELTA += 2; }
      else if (c >= 0xf1 && c <= 0xf3) { UTF8_NEED = 3 | (0x80 << 8) | (0xbf << 16); DELTA += 2; }
      else if (c == 0xf4) { UTF8_NEED = 3 | (0x80 << 8) | (0x8f << 16); DELTA += 2; }
      else { POS = pos; return syntaxError(SX_UTF8, pos); }
      pos++;
      continue;
    }
    if (SUB == STR_ESCAPE) {
      if (c == 0x75) { SUB = STR_HEX0; pos++; continue; }
      if (c == 0x22 || c == 0x5c || c == 0x2f || c == 0x62 || c == 0x66 || c == 0x6e || c == 0x72 || c == 0x74) {
        SUB = STR_PLAIN;
        pos++;
        continue;
      }
      POS = pos;
      return syntaxError(SX_BAD_ESCAPE, pos);
    }
    // \u digits
    const isHex = c - 0x30 < 10 || (c | 0x20) - 0x61 < 6;
    if (!isHex) { POS = pos; return syntaxError(SX_BAD_ESCAPE, pos); }
    SUB = SUB == STR_HEX0 + 3 ? STR_PLAIN : SUB + 1;
    pos++;
  }
  return GO; // not reached
}

/** Bit i set: byte i of the 16 at p is '"', '\\', a control byte or not ASCII (>= 0x80). */
@inline export function specialBytes(p: usize): i32 {
  const v = v128.load(p);
  const special = v128.or(
    v128.or(i8x16.eq(v, i8x16.splat(0x22)), i8x16.eq(v, i8x16.splat(0x5c))),
    i8x16.lt_s(v, i8x16.splat(0x20)), // < 0x20 or >= 0x80
  );
  return i8x16.bitmask(special);
}

/**
 * The position of the first '"', '\\' or control byte from pos (or len) in well-formed UTF-8,
 * adding to DELTA the bytes skipped minus the UTF-16 units they encode: one per continuation byte
 * (10xxxxxx), less one per 4-byte lead (11110xxx), whose code point takes two units.
 */
function skipKnownUtf8(pos: u32, len: u32): u32 {
  let delta = DELTA;
  while (pos + 16 <= len) {
    const v = v128.load(IN + pos);
    const quoteOrBackslash = v128.or(i8x16.eq(v, i8x16.splat(0x22)), i8x16.eq(v, i8x16.splat(0x5c)));
    // sixteen plain ASCII bytes: nothing to count
    if (i8x16.bitmask(v128.or(quoteOrBackslash, i8x16.lt_s(v, i8x16.splat(0x20)))) == 0) { pos += 16; continue; }
    const mask = i8x16.bitmask(v128.or(quoteOrBackslash, i8x16.lt_u(v, i8x16.splat(0x20))));
    const before = mask == 0 ? 0xffff : (1 << ctz(mask)) - 1;
    const cont = i8x16.bitmask(i8x16.lt_s(v, i8x16.splat(-64))); // 0x80..0xbf
    const lead4 = i8x16.bitmask(i8x16.ge_u(v, i8x16.splat(<i8>0xf0)));
    delta += <u32>popcnt(cont & before) - <u32>popcnt(lead4 & before);
    if (mask != 0) {
      DELTA = delta;
      return pos + ctz(mask);
    }
    pos += 16;
  }
  while (pos < len) {
    const c = <u32>load<u8>(IN + pos);
    if (c == 0x22 || c == 0x5c || c < 0x20) break;
    if ((c & 0xc0) == 0x80) delta++;
    else if (c >= 0xf0) delta--;
    pos++;
  }
  DELTA = delta;
  return pos;
}

/**
 * The length of the well-formed UTF-8 sequence of lead byte c (>= 0x80) at pos when it lies whole
 * before len, else 0: an invalid or cut sequence is left to the byte-by-byte state machine, which
 * reports it (or waits for the next chunk). The ranges are those of that state machine.
 */
@inline function utf8Sequence(c: u32, pos: u32, len: u32): u32 {
  if (c >= 0xc2 && c <= 0xdf) {
    return pos + 1 < len && <u32>load<u8>(IN + pos + 1) - 0x80 < 0x40 ? 2 : 0;
  }
  if (c >= 0xe0 && c <= 0xef) {
    if (pos + 2 >= len) return 0;
    const b1 = <u32>load<u8>(IN + pos + 1);
    const lo: u32 = c == 0xe0 ? 0xa0 : 0x80;
    const hi: u32 = c == 0xed ? 0x9f : 0xbf;
    return b1 >= lo && b1 <= hi && <u32>load<u8>(IN + pos + 2) - 0x80 < 0x40 ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (pos + 3 >= len) return 0;
    const b1 = <u32>load<u8>(IN + pos + 1);
    const lo: u32 = c == 0xf0 ? 0x90 : 0x80;
    const hi: u32 = c == 0xf4 ? 0x8f : 0xbf;
    return b1 >= lo && b1 <= hi && <u32>load<u8>(IN + pos + 2) - 0x80 < 0x40 && <u32>load<u8>(IN + pos + 3) - 0x80 < 0x40 ? 4 : 0;
  }
  return 0;
}

// ---------------------------------------------------------------- numbers

@inline function digitAt(p: u32): bool {
  return p < LEN && <u32>load<u8>(IN + p) - 0x30 < 10;
}

/**
 * The end of a well-formed number starting at p that is followed by a byte that cannot continue
 * it (or by the end of the last chunk), or 0 when that is not certain yet: then the number is read
 * by the resumable state machine (scanNumber), which also reports malformed numbers.
 */
function wholeNumber(p: u32): u32 {
  if (load<u8>(IN + p) == 0x2d) p++;
  if (!digitAt(p)) return 0;
  if (load<u8>(IN + p) == 0x30) p++;
  else while (digitAt(p)) p++;
  if (p < LEN && load<u8>(IN + p) == 0x2e) {
    p++;
    if (!digitAt(p)) return 0;
    while (digitAt(p)) p++;
  }
  if (p < LEN && (load<u8>(IN + p) | 0x20) == 0x65) {
    p++;
    if (p < LEN && (load<u8>(IN + p) == 0x2b || load<u8>(IN + p) == 0x2d)) p++;
    if (!digitAt(p)) return 0;
    while (digitAt(p)) p++;
  }
  if (p >= LEN) return FINAL ? p : 0;
  const c = <u32>load<u8>(IN + p);
  // a digit after a leading 0 or any other byte that could extend it: leave it to scanNumber
  if (c - 0x30 < 10 || c == 0x2e || (c | 0x20) == 0x65 || c == 0x2b || c == 0x2d) return 0;
  return p;
}

function scanNumber(): u32 {
  let pos = POS;
  let s = SUB;
  while (pos < LEN) {
    const c = <u32>load<u8>(IN + pos);
    const d = c - 0x30 < 10;
    let next: u32 = 0xff;
    switch (s) {
      case N_SIGN: if (c == 0x2d && pos == TOKEN_START) next = N_SIGN; else if (c == 0x30) next = N_ZERO; else if (d) next = N_INT; break;
      case N_ZERO: if (c == 0x2e) next = N_DOT; else if ((c | 0x20) == 0x65) next = N_EXP; break;
      case N_INT: if (d) next = N_INT; else if (c == 0x2e) next = N_DOT; else if ((c | 0x20) == 0x65) next = N_EXP; break;
      case N_DOT: if (d) next = N_FRAC; break;
      case N_FRAC: if (d) next = N_FRAC; else if ((c | 0x20) == 0x65) next = N_EXP; break;
      case N_EXP: if (c == 0x2b || c == 0x2d) next = N_EXP_SIGN; else if (d) next = N_EXP_DIGITS; break;
      case N_EXP_SIGN: case N_EXP_DIGITS: if (d) next = N_EXP_DIGITS; break;
    }
    if (next == 0xff) {
      POS = pos;
      SUB = s;
      return endNumber(pos);
    }
    s = next;
    pos++;
  }
  POS = pos;
  SUB = s;
  if (FINAL) return endNumber(pos);
  return ST_NEED_MORE;
}

function endNumber(pos: u32): u32 {
  const s = SUB;
  if (s != N_ZERO && s != N_INT && s != N_FRAC && s != N_EXP_DIGITS) {
    return syntaxError(pos >= LEN ? SX_EOF : SX_NUMBER, pos);
  }
  numberValue(TOKEN_START, pos);
  return GO;
}

// ---------------------------------------------------------------- literals

function scanLiteral(): u32 {
  const lit = SUB >> 8;
  let done = SUB & 0xff;
  const n = unchecked(LIT_LEN[lit]);
  const text = LITERALS + unchecked(LIT_START[lit]);
  let pos = POS;
  while (done < n) {
    if (pos >= LEN) {
      POS = pos;
      SUB = (lit << 8) | done;
      return FINAL ? syntaxError(SX_EOF, pos) : ST_NEED_MORE;
    }
    if (load<u8>(IN + pos) != load<u8>(text + done)) { POS = pos; return syntaxError(SX_LITERAL, pos); }
    pos++;
    done++;
  }
  POS = pos;
  literalValue(lit);
  return GO;
}

