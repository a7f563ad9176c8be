// The item loop: the items of a list of numbers (any int, uint or float kind), read in one loop
// instead of one tokenizer step each. Arrays of scalars are the bulk of scalar-heavy documents,
// and there the general path spends most of its time per value on dispatch: the state switch,
// the expected field record worked out from the frame, the evaluator's completion step, a
// separate syntax scan before the value is parsed. For each item the loop does what that path
// does (the same checks, tape entries, error records, frame and session words), and it leaves
// anything else (null, a value of another type, an exponent, a number the chunk cuts, a syntax
// error, a full buffer) to the general path at that byte, so the outcome is the same.

import { NONE, F_ITEMS, FR_OBJ_OPS, FR_OPS, FM_COUNT, FM_FR, FM_MEMBER_START, FR_AUX, FR_KIND, FR_LEN, K_ARRAY, K_FLOAT, K_INT, K_SLICE, S_CUR_FR, TS_ARR_NEXT, TS_VALUE } from "../bindings/layout";
import { checkedNumber } from "./evaluator";
import { QUICK_VALUE, quickNumber } from "./number";
import { frame, fw, setFw } from "./records";
import { DELTA, DEPTH, FINAL, IN, LEN, POS, STATE, TAPE_CAP, TAPE_LEN, TAPE_ON, TOKEN_START, TOKEN_U16, frWord, setSw } from "./state";
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
  const range = frWord(el, FR_AUX);
  // without ops an item adds one tape entry and no error record: the tape is the only buffer
  // that can fill up (haveSpace held when the loop began)
  const plain = frWord(el, FR_OPS) == frWord(el, FR_OBJ_OPS);
  let count = fw(f, FM_COUNT);
  let pos = POS;
  let start = NONE; // where the last item read began
  while (count < limit) {
    const end = quickNumber(IN + pos, IN + LEN, FINAL);
    if (end == 0) break;
    start = pos;
    POS = <u32>(end - IN);
    if (!checkedNumber(el, k, range, QUICK_VALUE, pos, POS)) break; // a type error: the run stops
    // as valueDone
    setFw(f, FM_COUNT, ++count);
    STATE = TS_ARR_NEXT;
    // then ',' and the next item's first byte, as tokenize, structural and valueNext read them
    pos = POS;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    if (pos >= LEN || load<u8>(IN + pos) != 0x2c || !(plain ? !TAPE_ON || TAPE_LEN + 4 <= TAPE_CAP : haveSpace())) break;
    pos++;
    STATE = TS_VALUE;
    while (pos < LEN && isWs(load<u8>(IN + pos))) pos++;
    POS = pos;
    if (pos >= LEN) break;
  }
  if (start == NONE) return false;
  // what beginValue and beginToken leave for the last item (nothing reads them before)
  setSw(S_CUR_FR, el);
  setFw(f, FM_MEMBER_START, start);
  TOKEN_START = start;
  TOKEN_U16 = start - DELTA;
  return true;
}
