// The item loop: the items of a list of numbers (any int, uint or float kind), read in one loop
// instead of one tokenizer step each. Arrays of scalars are the bulk of scalar-heavy documents,
// and there the general path spends most of its time per value on dispatch: the state switch,
// the expected field record worked out from the frame, the evaluator's completion step, a
// separate syntax scan before the value is parsed. For each item the loop does what that path
// does (the same checks, tape entries, error records, frame and session words), and it leaves
// anything else (null, a value of another type, an exponent, a number the chunk cuts, a syntax
// error, a full buffer) to the general path at that byte, so the outcome is the same.

import { F_ITEMS, FM_COUNT, FM_FR, FM_MEMBER_START, FR_AUX, FR_KIND, FR_LEN, K_ARRAY, K_FLOAT, K_INT, K_SLICE, S_CUR_FR, TS_ARR_NEXT, TS_VALUE } from "../bindings/layout";
import { checkedNumber } from "./evaluator";
import { QUICK_VALUE, quickNumber } from "./number";
import { frame, fw, setFw } from "./records";
import { DELTA, DEPTH, FINAL, IN, LEN, POS, STATE, TOKEN_START, TOKEN_U16, frWord, setSw } from "./state";
import { haveSpace, isWs } from "./tokenizer";

/** FM_MODE of a list's frame: its items go through the general path ... */
export const ITEMS_GENERAL: u32 = 0;
/** ... or through numberItems. */
export const ITEMS_NUMBER: u32 = 1;

/** FM_MODE for the frame of list fr (a list whose items need records for unique takes the general path). */
export function itemsMode(fr: u32): u32 {
  const flags = frWord(fr, FR_KIND);
  const k = flags & 0xff;
  if ((k != K_SLICE && k != K_ARRAY) || (flags & F_ITEMS) != 0) return ITEMS_GENERAL;
  const ek = frWord(frWord(fr, FR_AUX), FR_KIND) & 0xff;
  return ek == K_INT || ek == K_FLOAT ? ITEMS_NUMBER : ITEMS_GENERAL;
}

/**
 * Read items of the innermost list (mode ITEMS_NUMBER) from POS, the first byte of an item.
 * Returns false when that item is not one the loop reads (nothing changed); else true, with
 * POS and STATE where the general path goes on.
 */
export function numberItems(): bool {
  const f = frame(DEPTH - 1);
  const fr = fw(f, FM_FR);
  const el = frWord(fr, FR_AUX);
  const k = frWord(el, FR_KIND) & 0xff;
  // a fixed-size array reads its first N items; the rest are read and dropped by the general path
  const limit = (frWord(fr, FR_KIND) & 0xff) == K_ARRAY ? frWord(fr, FR_LEN) : 0xffffffff;
  let count = fw(f, FM_COUNT);
  let pos = POS;
  let read = false;
  while (count < limit) {
    const end = quickNumber(IN + pos, IN + LEN, FINAL);
    if (end == 0) break;
    // as beginValue and beginToken
    setSw(S_CUR_FR, el);
    setFw(f, FM_MEMBER_START, pos);
    TOKEN_START = pos;
    TOKEN_U16 = pos - DELTA;
    POS = <u32>(end - IN);
    read = true;
    if (!checkedNumber(el, k, QUICK_VALUE, pos, POS)) return true; // a type error: the run stops
    // as valueDone
    setFw(f, FM_COUNT, ++count);
    STATE = TS_ARR_NEXT;
    // then ',' and the next item's first byte, as tokenize, structural and valueNext read them
    pos = POS;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    if (pos >= LEN || load<u8>(IN + pos) != 0x2c || !haveSpace()) return true;
    pos++;
    STATE = TS_VALUE;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    if (pos >= LEN) return true;
  }
  return read;
}
