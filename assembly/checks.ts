// The op interpreter: runs a field's ops on a completed value (value phase) or on its object's
// slots when the object closes (object phase). Ops are [opcode, a, b, c] (bindings/layout.ts);
// which directive wrote which op is known to the bindings through the op index in the record.

import {
  E_OP, F_NULLABLE, FR_KIND, FR_OBJ_OPS, FR_OPS, FR_OPS_END, K_STRING, K_BOOL, K_TIME,
  OP_ALPHA, OP_ALPHANUM, OP_EMAIL, OP_GT_FIELD, OP_LT_FIELD, OP_MAX_ITEMS, OP_MAX_LEN, OP_MIN_ITEMS,
  OP_MIN_LEN, OP_NUM_GE, OP_NUM_GT, OP_NUM_LE, OP_NUM_LT, OP_ONEOF_BOOL, OP_ONEOF_NUM, OP_ONEOF_STR,
  OP_PATTERN, OP_REQUIRED_IF, OP_REQUIRED_WITH, OP_UNIQUE, OP_UNIQUE_BY, OP_URL, OP_UUID,
  PF_FIELD, SL_BYTES, SL_END, SL_NUM, SL_START, SL_STATE, SS_EMPTY, SS_FALSE, SS_MISSING,
  SS_NULL, SS_NUMBER, SS_STRING, SS_STRING_ESC, SS_STRING_POOL, SS_TIME, SS_TRUE, V_NULL, V_SPAN,
  ZERO_TIME_MS,
} from "../bindings/layout";
import { isAlpha, isAlphanum, isEmail, isUrl, isUuid } from "./formats";
import { patternMatch } from "./pattern";
import { addError } from "./records";
import { BYTES_BASE, DEPTH, IN, PATTERN_SCRATCH, SCRATCH, frWord, numPool, opAddr } from "./state";
import { codePoints, codePointsEscaped, compareBytes, replaceLoneSurrogates, unescape } from "./strings";
import { hasDuplicate } from "./unique";

const NEVER: u32 = 0xffffffff;

@inline function opWord(op: u32, w: i32): u32 {
  return load<u32>(opAddr(op) + (<usize>w << 2));
}

function fail(op: u32, valStart: u32, valEnd: u32): void {
  addError(E_OP, op, V_SPAN, valStart, valEnd, DEPTH, 0, 0);
}

/**
 * Value ops of a string field on its contents [p, p+len): decoded, or (escaped) as written.
 * Escaped contents are decoded (into SCRATCH) only when an op reads more than their length: min=
 * and max= count the code points of the text as written (codePointsEscaped).
 */
export function stringOps(fr: u32, p: usize, len: u32, escaped: bool, valStart: u32, valEnd: u32): void {
  const last = frWord(fr, FR_OBJ_OPS);
  let decoded = !escaped;
  let cps: u32 = NEVER;
  // a lone surrogate escape is U+FFFD to the checks that can tell its bytes from U+FFFD's (oneof,
  // regexp; the formats tell only ASCII bytes apart, a length counts either as one): rewritten
  // once, when one of them runs
  let replaced = false;
  for (let op = frWord(fr, FR_OPS); op < last; op++) {
    const code = opWord(op, 0);
    const a = opWord(op, 1);
    let ok = true;
    if (code == OP_MIN_LEN || code == OP_MAX_LEN) {
      if (cps == NEVER) cps = decoded ? codePoints(p, len) : codePointsEscaped(p, p + len);
      ok = code == OP_MIN_LEN ? cps >= a : cps <= a;
    } else {
      if (!decoded) {
        len = unescape(p, p + len, SCRATCH);
        p = SCRATCH;
        decoded = true;
      }
      if (!replaced && (code == OP_ONEOF_STR || code == OP_PATTERN)) {
        replaceLoneSurrogates(p, len);
        replaced = true;
      }
      switch (code) {
        case OP_EMAIL: ok = len == 0 || isEmail(p, len); break;
        case OP_URL: ok = len == 0 || isUrl(p, len); break;
        case OP_UUID: ok = len == 0 || isUuid(p, len); break;
        case OP_ALPHA: ok = len == 0 || isAlpha(p, len); break;
        case OP_ALPHANUM: ok = len == 0 || isAlphanum(p, len); break;
        case OP_ONEOF_STR: ok = inStringSet(a, opWord(op, 2), p, len); break;
        case OP_PATTERN: ok = len == 0 || patternMatch(BYTES_BASE + a, p, len, PATTERN_SCRATCH); break;
      }
    }
    if (!ok) fail(op, valStart, valEnd);
  }
}

/** The set is [len u32, bytes padded to 4] * count in the byte pool. */
function inStringSet(off: u32, count: u32, p: usize, len: u32): bool {
  let q = BYTES_BASE + off;
  for (let i: u32 = 0; i < count; i++) {
    const n = load<u32>(q);
    if (n == len && compareBytes(q + 4, n, p, len) == 0) return true;
    q += 4 + ((n + 3) & ~3);
  }
  return false;
}

/** Value ops of a number field. */
export function numberOps(fr: u32, v: f64, valStart: u32, valEnd: u32): void {
  const end = frWord(fr, FR_OBJ_OPS);
  for (let op = frWord(fr, FR_OPS); op < end; op++) {
    const code = opWord(op, 0);
    const a = opWord(op, 1);
    let ok = true;
    switch (code) {
      case OP_NUM_GE: ok = v >= numPool(a); break;
      case OP_NUM_LE: ok = v <= numPool(a); break;
      case OP_NUM_GT: ok = v > numPool(a); break;
      case OP_NUM_LT: ok = v < numPool(a); break;
      case OP_ONEOF_NUM: {
        ok = false;
        const n = opWord(op, 2);
        for (let i: u32 = 0; i < n; i++) if (numPool(a + i) == v) { ok = true; break; }
        break;
      }
    }
    if (!ok) fail(op, valStart, valEnd);
  }
}

/** Value ops of a bool field (only oneof applies). */
export function boolOps(fr: u32, v: bool, valStart: u32, valEnd: u32): void {
  const end = frWord(fr, FR_OBJ_OPS);
  for (let op = frWord(fr, FR_OPS); op < end; op++) {
    if (opWord(op, 0) == OP_ONEOF_BOOL && ((opWord(op, 1) >> (v ? 1 : 0)) & 1) == 0) fail(op, valStart, valEnd);
  }
}

/** Value ops of a closed list or map: `count` items, `items` unique-item records at `itemsBase`. */
export function containerOps(fr: u32, count: u32, itemsBase: usize, items: u32, valStart: u32, valEnd: u32): void {
  const end = frWord(fr, FR_OBJ_OPS);
  for (let op = frWord(fr, FR_OPS); op < end; op++) {
    const code = opWord(op, 0);
    const a = opWord(op, 1);
    let ok = true;
    switch (code) {
      case OP_MIN_ITEMS: ok = count >= a; break;
      case OP_MAX_ITEMS: ok = count <= a; break;
      case OP_UNIQUE:
      case OP_UNIQUE_BY: ok = !hasDuplicate(itemsBase, items); break;
    }
    if (!ok) fail(op, valStart, valEnd);
  }
}

// ---------------------------------------------------------------- slots

/** A slot's string bytes, decoded into the scratch area at `at` when it has escapes (a lone surrogate as U+FFFD). */
export let SLOT_STR: usize = 0;
export let SLOT_LEN: u32 = 0;

export function slotString(slot: usize, at: usize): void {
  const st = load<u32>(slot + (SL_STATE << 2));
  const a = load<u32>(slot + (SL_START << 2));
  const b = load<u32>(slot + (SL_END << 2));
  if (st == SS_STRING_POOL) { SLOT_STR = BYTES_BASE + a; SLOT_LEN = b; return; }
  if (st == SS_STRING_ESC) {
    SLOT_STR = at;
    SLOT_LEN = unescape(IN + a, IN + b, at);
    replaceLoneSurrogates(at, SLOT_LEN); // (what the checks compare: see stringOps)
    return;
  }
  SLOT_STR = IN + a;
  SLOT_LEN = b - a;
}

@inline function slotState(slot: usize): u32 {
  return load<u32>(slot + (SL_STATE << 2));
}

@inline function slotNum(slot: usize): f64 {
  return load<f64>(slot + (SL_NUM << 2));
}

/** Go's zero test (required_if / required_with). */
export function slotIsZero(slot: usize): bool {
  switch (slotState(slot)) {
    case SS_MISSING: case SS_NULL: case SS_FALSE: case SS_EMPTY: return true;
    case SS_STRING: return load<u32>(slot + (SL_END << 2)) == load<u32>(slot + (SL_START << 2));
    case SS_STRING_POOL: return load<u32>(slot + (SL_END << 2)) == 0; // [offset, length]
    case SS_NUMBER: return slotNum(slot) == 0;
    case SS_TIME: return slotNum(slot) == <f64>ZERO_TIME_MS;
  }
  return false;
}

/** JSON text span of a present slot, for an error value. */
function slotSpanStart(slot: usize): u32 {
  const st = slotState(slot);
  const s = load<u32>(slot + (SL_START << 2));
  return st == SS_STRING || st == SS_STRING_ESC || st == SS_TIME ? s - 1 : s;
}
function slotSpanEnd(slot: usize): u32 {
  const st = slotState(slot);
  const e = load<u32>(slot + (SL_END << 2));
  return st == SS_STRING || st == SS_STRING_ESC || st == SS_TIME ? e + 1 : e;
}

/**
 * Object-phase ops of field `fr` (slot index `slot`) of an object whose slots start at `base`.
 * `frames` open frames lead to the object; `missing`: the key was absent (error value null).
 */
export function objectOps(fr: u32, shapeFirst: u32, base: usize, slot: u32, frames: u32, missing: bool): void {
  const self = base + <usize>slot * SL_BYTES;
  const end = frWord(fr, FR_OPS_END);
  for (let op = frWord(fr, FR_OBJ_OPS); op < end; op++) {
    const code = opWord(op, 0);
    const other = base + <usize>opWord(op, 1) * SL_BYTES;
    const otherFr = shapeFirst + opWord(op, 1);
    let ok = true;
    switch (code) {
      case OP_REQUIRED_WITH: ok = slotIsZero(other) || !slotIsZero(self); break;
      case OP_REQUIRED_IF: ok = !conditionHolds(other, otherFr, opWord(op, 2), opWord(op, 3)) || !slotIsZero(self); break;
      case OP_GT_FIELD: case OP_LT_FIELD: {
        // (null on this field is accepted unchecked, as null on any field is: DESIGN.md)
        const ss = slotState(self);
        if (ss == SS_NULL || ss == SS_MISSING) break;
        const b = comparedSlot(other, otherFr);
        if (b == 0) break;
        const c = compareSlots(self, b);
        ok = code == OP_GT_FIELD ? c > 0 : c < 0;
        break;
      }
    }
    if (!ok) {
      const st = slotState(self);
      if (missing || st == SS_NULL || st == SS_MISSING) addError(E_OP, op, V_NULL, 0, 0, frames, PF_FIELD, fr);
      else addError(E_OP, op, V_SPAN, slotSpanStart(self), slotSpanEnd(self), frames, PF_FIELD, fr);
    }
  }
}

/** required_if: does the other field's Go text equal the expected value? */
function conditionHolds(other: usize, otherFr: u32, ref: u32, len: u32): bool {
  const kind = frWord(otherFr, FR_KIND) & 0xff;
  const st = slotState(other);
  if (kind == K_STRING) {
    if (st == SS_NULL || st == SS_MISSING) return len == 0;
    slotString(other, SCRATCH);
    return compareBytes(SLOT_STR, SLOT_LEN, BYTES_BASE + ref, len) == 0;
  }
  if (ref == NEVER) return false;
  if (kind == K_BOOL) return ref == 1 ? st == SS_TRUE : st != SS_TRUE;
  const v = st == SS_NUMBER ? slotNum(other) : 0;
  return v == numPool(ref);
}

/** A slot's room for the zero value gtfield / ltfield compare with. */
const ZERO_SLOT: usize = memory.data(SL_BYTES);

/**
 * The slot gtfield / ltfield compare with, for the other field `fr`'s slot, or 0 when the check
 * is skipped: a missing field (MISSING_FIELD) or a nil ptr. null on a field that is no ptr is Go's
 * zero value, which the Go struct holds and compares (the value JS builds holds it too): written
 * at ZERO_SLOT.
 */
function comparedSlot(slot: usize, fr: u32): usize {
  const zero = ZERO_SLOT;
  const st = slotState(slot);
  if (st == SS_MISSING) return 0;
  if (st != SS_NULL) return slot;
  const kind = frWord(fr, FR_KIND);
  if ((kind & F_NULLABLE) != 0) return 0;
  // (the kinds gtfield compares: strings, numbers, times)
  const k = kind & 0xff;
  store<u32>(zero + (SL_STATE << 2), k == K_STRING ? SS_STRING : k == K_TIME ? SS_TIME : SS_NUMBER);
  store<u32>(zero + (SL_START << 2), 0);
  store<u32>(zero + (SL_END << 2), 0);
  store<f64>(zero + (SL_NUM << 2), k == K_TIME ? <f64>ZERO_TIME_MS : 0);
  return zero;
}

function compareSlots(a: usize, b: usize): i32 {
  const st = slotState(a);
  if (st == SS_NUMBER || st == SS_TIME) {
    const x = slotNum(a);
    const y = slotNum(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  slotString(a, SCRATCH);
  const p = SLOT_STR;
  const n = SLOT_LEN;
  // both strings come from distinct parts of the input: decoded, they fit the scratch together
  slotString(b, SCRATCH + n);
  return compareBytes(p, n, SLOT_STR, SLOT_LEN);
}
