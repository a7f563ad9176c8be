// The item loop: the items of a list of scalars (numbers of any int, uint or float kind, bools,
// strings), read in one loop instead of one tokenizer step each. Arrays of scalars are the bulk
// of scalar-heavy documents, and there the general path spends most of its time per value on
// dispatch: the state switch, the expected field record worked out from the frame, the
// evaluator's completion step, a separate syntax scan before a number is parsed. For each item
// the loop does what that path does (the same checks, tape entries, error records, frame and
// session words), and it leaves anything else (null, a value of another type, an exponent, a
// string with escapes or non-ASCII bytes, a token the chunk cuts, a syntax error, a full buffer)
// to the general path at that byte, so the outcome is the same.

import {
  FM_COUNT, FM_FR, FM_MEMBER_START, FM_MODE, FR_AUX, FR_KIND, FR_LEN, FR_OBJ_OPS, FR_OPS, F_ITEMS, K_ARRAY, K_BOOL, K_FLOAT,
  K_INT, K_SLICE, K_STRING, NONE, S_CUR_FR, T_FALSE, T_NUM, T_STR, T_TRUE, TS_ARR_NEXT, TS_VALUE,
} from "../bindings/layout";
import { LV_NUM, fittedNumber } from "./evaluator";
import { QUICK_VALUE, quickNumber } from "./number";
import { frame, fw, setFw, tape, tapeNumber } from "./records";
import {
  DELTA, DEPTH, FINAL, IN, LEN, POS, STATE, STR_FLAGS, SUB, TAPE_CAP, TAPE_LEN, TAPE_ON, TOKEN_START, TOKEN_U16,
  UTF8_NEED, frWord, setSw,
} from "./state";
import { isWs, specialBytes } from "./tokenizer";

// FM_MODE of a list's frame: how its items are read.
export const ITEMS_GENERAL: u32 = 0; // by the general path
const ITEMS_NUMBER: u32 = 1;
const ITEMS_BOOL: u32 = 2;
const ITEMS_STRING: u32 = 3;

/**
 * FM_MODE for the frame of list fr. The general path reads the items of a list whose items need
 * records (unique) and of one whose element has ops (the bindings refuse tags on an element
 * today): in the loop an item adds one tape entry and no error record, so the tape is the only
 * buffer it can fill.
 */
export function itemsMode(fr: u32): u32 {
  const flags = frWord(fr, FR_KIND);
  const k = flags & 0xff;
  const el = frWord(fr, FR_AUX);
  if ((k != K_SLICE && k != K_ARRAY) || (flags & F_ITEMS) != 0 || frWord(el, FR_OPS) != frWord(el, FR_OBJ_OPS)) return ITEMS_GENERAL;
  const ek = frWord(el, FR_KIND) & 0xff;
  if (ek == K_INT || ek == K_FLOAT) return ITEMS_NUMBER;
  if (ek == K_BOOL) return ITEMS_BOOL;
  return ek == K_STRING ? ITEMS_STRING : ITEMS_GENERAL;
}

/** `true` (0) or `false` (1) whole at p before `last`, else 2. (A byte after it is the next step's to judge, as after scanLiteral.) */
@inline function quickBool(p: usize, last: usize): u32 {
  if (p + 4 <= last && load<u32>(p) == 0x65757274) return 0; // "true"
  return p + 5 <= last && load<u32>(p) == 0x736c6166 && load<u8>(p, 4) == 0x65 ? 1 : 2; // "false"
}

/** The closing quote of a string at p (p < last) of ASCII bytes without escapes, whole before `last`; else 0. */
@inline function quickString(p: usize, last: usize): usize {
  if (load<u8>(p) != 0x22) return 0;
  p++;
  while (p + 16 <= last) {
    const mask = specialBytes(p);
    if (mask != 0) {
      p += ctz(mask);
      return load<u8>(p) == 0x22 ? p : 0;
    }
    p += 16;
  }
  for (; p < last; p++) {
    const c = <u32>load<u8>(p);
    if (c == 0x22) return p;
    if (c == 0x5c || c - 0x20 >= 0x60) return 0; // an escape, a control byte, not ASCII
  }
  return 0;
}

/**
 * Read items of the innermost list (its mode is not ITEMS_GENERAL) from POS, the first byte of
 * an item. Returns false when that item is not one the loop reads (nothing changed); else true,
 * with POS and STATE where the general path goes on.
 */
export function listItems(): bool {
  const f = frame(DEPTH - 1);
  const fr = fw(f, FM_FR);
  const mode = fw(f, FM_MODE);
  const el = frWord(fr, FR_AUX);
  const k = frWord(el, FR_KIND) & 0xff;
  const range = frWord(el, FR_AUX);
  // a fixed-size array reads its first N items; the rest are read and dropped by the general path
  const limit = (frWord(fr, FR_KIND) & 0xff) == K_ARRAY ? frWord(fr, FR_LEN) : 0xffffffff;
  const last = IN + LEN;
  let count = fw(f, FM_COUNT);
  let pos = POS;
  let start = NONE; // where the last item read began
  let lit: u32 = 0;
  while (count < limit) {
    const p = IN + pos;
    if (mode == ITEMS_NUMBER) {
      const end = quickNumber(p, last, FINAL);
      if (end == 0) break;
      start = pos;
      POS = <u32>(end - IN);
      const n = fittedNumber(el, k, range, QUICK_VALUE, start);
      if (isNaN(n)) break; // a type error: the run stops
      LV_NUM = n;
      tapeNumber(T_NUM, n);
    } else if (mode == ITEMS_BOOL) {
      const b = quickBool(p, last);
      if (b > 1) break;
      start = pos;
      lit = b;
      POS = pos + 4 + b;
      tape(b == 0 ? T_TRUE : T_FALSE, 0, 0);
    } else {
      const q = quickString(p, last);
      if (q == 0) break;
      start = pos;
      const end = <u32>(q - IN);
      POS = end + 1;
      tape(T_STR, start + 1 - DELTA, end - DELTA);
    }
    // as valueDone
    setFw(f, FM_COUNT, ++count);
    STATE = TS_ARR_NEXT;
    // then ',' and the next item's first byte, as tokenize, structural and valueNext read them
    pos = POS;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    // (the tape is the one buffer an item can fill: haveSpace held when the loop began)
    if (pos >= LEN || load<u8>(IN + pos) != 0x2c || (TAPE_ON && TAPE_LEN + 4 > TAPE_CAP)) break;
    pos++;
    STATE = TS_VALUE;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    if (pos >= LEN) break;
  }
  if (start == NONE) return false;
  // the words beginValue, beginToken and beginString leave for the last item (nothing reads them before)
  setSw(S_CUR_FR, el);
  setFw(f, FM_MEMBER_START, start);
  TOKEN_START = start;
  TOKEN_U16 = start - DELTA;
  if (mode == ITEMS_BOOL) SUB = lit << 8;
  if (mode == ITEMS_STRING) { SUB = 0; STR_FLAGS = 0; UTF8_NEED = 0; }
  return true;
}
