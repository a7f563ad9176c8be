// The evaluator: what happens when the tokenizer opens a container, reads a key, completes a value
// or closes a container. It keeps one frame per open container (bindings/layout.ts FM_*), the
// field values of each open object in the slot stack, checks each value against its field record
// as soon as it completes, runs object checks when the object closes, and writes the tape.

import {
  ANY_TAPE_MAX, FM_ANY_TAPE, EX_CAPTURE, EX_FORBID, E_EXTRA, E_MISSING, E_PAD, E_REQUIRED, E_ZERO, FM_CHILD, FM_COUNT, FM_FR, FM_KEY_END,
  FM_KEY_START, FM_MEMBER_START, FM_MODE, FM_SLOTS, FM_START, FM_START_U16, FM_TYPE, FR_ANY, FR_AUX,
  FR_DEFAULT, FR_DEFAULT_LEN, FR_UNIQUE_BY, FR_KEY_LEN, FR_KEY_OFF, FR_KIND, FR_LEN, FR_SLOT, FT_ARRAY, FT_MAP,
  FT_OBJECT, FT_RAW_ARRAY, FT_RAW_OBJECT, FT_SKIP_ARRAY, FT_SKIP_OBJECT, F_EXTRAS, F_HAS_DEFAULT,
  F_IGNORED, F_ITEMS, F_NULLABLE, F_OMITEMPTY, F_PAD_FAILS, F_REQUIRED, F_SKIP, F_UNIQUE, F_ZERO_FAILS, FM_KEY_HASH, IT_BYTES, H_ROOT, J_ARRAY, J_BOOL, J_NUMBER, J_OBJECT,
  J_STRING, IGNORED, K_ANY, K_ARRAY, K_BOOL, K_FLOAT, K_INT, K_MAP, K_OBJECT, K_SLICE, K_STRING, K_TIME, NONE,
  PF_FIELD, R_FLOAT32, SF_ANY_RAW, SF_STRICT_MISSING, SF_SYNTAX_ONLY, SH_COUNT, SH_EXTRA, SH_FIELDS, SH_KEYMASK, SH_KEYTAB,
  SL_BYTES, SL_END, SL_MEMBER, SL_NUM, SL_START, SL_STATE, SS_EMPTY, SS_FALSE, SS_MISSING, SS_NULL, SS_NUMBER,
  SS_OTHER, SS_STRING, SS_STRING_ESC, SS_STRING_POOL, SS_TIME, SS_TRUE, S_CUR_FR, S_ERR_OFFSET,
  S_ERR_REASON, S_FLAGS, S_TYPE_FR, S_TYPE_GOT, S_TYPE_PATH, S_TYPE_PATH_LEN, TE_KIND, TE_NOT_INT, TE_RANGE,
  TE_TIME, TF_DECODED, TF_ESCAPED, DECODED_MIN_BYTES, S_STRS_LEN, T_ARR, T_ARR_END, T_EXTRA, T_FALSE, T_FIELD, T_KEY, T_MAP, T_MAP_END, T_NULL,
  T_NUM, T_OBJ, T_OBJ_END, T_RAW, T_STR, T_TIME, T_TRUE, TS_ARR_FIRST, TS_ARR_NEXT, TS_COLON,
  TS_DONE, TS_OBJ_FIRST, TS_OBJ_NEXT, V_NULL, V_SPAN, V_ZERO, ZERO_TIME_MS, R_INT8, R_INT16, R_INT32,
  R_UINT8, R_UINT16, R_UINT32, R_UINT64, SH_WORDS,
} from "../bindings/layout";
import { boolOps, containerOps, numberOps, objectOps, stringOps } from "./checks";
import { itemsMode } from "./items";
import { NUM_IS_INTEGER, parseNumber } from "./number";
import { addError, dropExtraKey, frame, fw, retractErrors, setFw, tape, tapeDecoded, tapeNumber, writePath } from "./records";
import {
  BYTES_BASE, DELTA, DEPTH, FLAGS, IN, NUM_BASE, POS, PROGRAM, SCRATCH, SESSION, SLOTS, SLOTS_TOP, STRS, STRS_CAP,
  STATE, TAPE_LEN, TAPE_ON, TOKEN_START, TOKEN_U16, frWord, numPool, programWord, setSw, shapeWord, sw,
} from "./state";
import { compareBytes, hashBytes, keyHash, unescape } from "./strings";
import { parseTime } from "./time";
import { KEY, dedupeMapKeys, modelKey, pushItem, slotKey } from "./unique";

/** Set when a value of the wrong JSON type is met: the run stops with ST_TYPE. */
export let TYPE_ERROR: bool = false;

export function startRun(): void {
  TYPE_ERROR = false;
}

// The value just completed (what the parent frame stores in its slot or item list).
let LV_STATE: u32 = 0;
let LV_START: u32 = 0; // slot span: string contents / JSON text of other values
let LV_END: u32 = 0;
export let LV_NUM: f64 = 0;
// How the completed value becomes an item record of a unique list / counted map:
const ITEM_SCALAR: u32 = 0; // its key comes from LV_* (a scalar)
const ITEM_KEYED: u32 = 1; // LV_KEY was computed when the object closed
const ITEM_SKIP: u32 = 2; // takes no part (a model item whose unique=F field is null)
let LV_ITEM: u32 = ITEM_SCALAR;
let LV_KEY: u64 = 0;
let LV_TEXT_END: u32 = 0; // end of the value's JSON text

@inline function kindOf(fr: u32): u32 {
  return frWord(fr, FR_KIND) & 0xff;
}

@inline function flagsOf(fr: u32): u32 {
  return frWord(fr, FR_KIND);
}

// ---------------------------------------------------------------- expected slot

/** Field record of the value that starts now (NONE: read but not built or checked). */
export function expectedFr(): u32 {
  if (DEPTH == 0) return (FLAGS & SF_SYNTAX_ONLY) != 0 ? NONE : programWord(H_ROOT);
  const f = frame(DEPTH - 1);
  const t = fw(f, FM_TYPE);
  if (t == FT_OBJECT) {
    const child = fw(f, FM_CHILD);
    return child == IGNORED ? NONE : child;
  }
  if (t == FT_MAP) return frWord(fw(f, FM_FR), FR_AUX);
  if (t == FT_ARRAY) {
    const fr = fw(f, FM_FR);
    if (kindOf(fr) == K_ARRAY && fw(f, FM_COUNT) >= frWord(fr, FR_LEN)) return NONE;
    return frWord(fr, FR_AUX);
  }
  // the members of an object or array in an `any` value are `any` values (unless it is kept as text)
  if ((t == FT_RAW_OBJECT || t == FT_RAW_ARRAY) && !anyAsText()) {
    if (TAPE_LEN - fw(f, FM_ANY_TAPE) <= <u32>ANY_TAPE_MAX) return FR_ANY;
    anyToText(fw(f, FM_ANY_TAPE));
  }
  return NONE;
}

/**
 * The `any` value being read wrote more than ANY_TAPE_MAX entries (its first at tape index
 * `first`): from here on every `any` value is one T_RAW entry, this one included. Its entries are
 * dropped; its outermost container writes T_RAW when it closes, the open ones inside it are skipped.
 */
function anyToText(first: u32): void {
  FLAGS |= SF_ANY_RAW;
  setSw(S_FLAGS, FLAGS);
  TAPE_LEN = first;
  let outer = true;
  for (let d: u32 = 0; d < DEPTH; d++) {
    const f = frame(d);
    const t = fw(f, FM_TYPE);
    if (t != FT_RAW_OBJECT && t != FT_RAW_ARRAY) continue;
    if (!outer) setFw(f, FM_TYPE, t == FT_RAW_OBJECT ? FT_SKIP_OBJECT : FT_SKIP_ARRAY);
    outer = false;
  }
}

/** A container of an `any` value opens (frame f; its entry is next on the tape). */
function openAnyEntries(f: usize, tag: u32, fr: u32): void {
  let first = TAPE_LEN;
  if (DEPTH >= 2) {
    const parent = frame(DEPTH - 2);
    const pt = fw(parent, FM_TYPE);
    if (pt == FT_RAW_OBJECT || pt == FT_RAW_ARRAY) first = fw(parent, FM_ANY_TAPE);
  }
  setFw(f, FM_ANY_TAPE, first);
  tape(tag, fr, 0);
}

/** Is each `any` value written as one T_RAW entry (a stream's session), not as its content? */
/** Is there room in the strings arena for a text of `bytes` bytes as written (it decodes to no more)? */
@inline function fitsArena(bytes: u32): bool {
  return sw(S_STRS_LEN) + bytes + 8 <= STRS_CAP;
}

@inline function anyAsText(): bool {
  return (FLAGS & SF_ANY_RAW) != 0;
}

/** Called by the tokenizer when a value starts at POS. Returns false on a type error. */
export function beginValue(got: u32): bool {
  const fr = expectedFr();
  setSw(S_CUR_FR, fr);
  if (DEPTH > 0) setFw(frame(DEPTH - 1), FM_MEMBER_START, POS);
  if (fr == NONE) return true;
  const k = kindOf(fr);
  if (k == K_ANY) return true;
  let ok = false;
  switch (got) {
    case J_STRING: ok = k == K_STRING || k == K_TIME; break;
    case J_NUMBER: ok = k == K_INT || k == K_FLOAT; break;
    case J_BOOL: ok = k == K_BOOL; break;
    case J_OBJECT: ok = k == K_OBJECT || k == K_MAP; break;
    case J_ARRAY: ok = k == K_SLICE || k == K_ARRAY; break;
    default: ok = DEPTH > 0; // null fits every field; the document itself must be an object
  }
  if (!ok) typeError(fr, got, TE_KIND, POS);
  return ok;
}

function typeError(fr: u32, got: u32, reason: u32, offset: u32): void {
  TYPE_ERROR = true;
  setSw(S_TYPE_FR, fr);
  setSw(S_TYPE_GOT, got);
  setSw(S_ERR_REASON, reason);
  setSw(S_ERR_OFFSET, offset);
  const first = writePath(DEPTH, 0, 0, 0);
  setSw(S_TYPE_PATH, first);
  setSw(S_TYPE_PATH_LEN, DEPTH);
}

/**
 * After a type mismatch in a one-shot run (SF_SYNTAX_AFTER_TYPE): every open container becomes a
 * skipped one and the root takes any value (SF_SYNTAX_ONLY), so the rest of the document is read
 * for its syntax only, with no checks and no tape. A mismatched number or time was read whole and
 * completes here; a mismatched kind was not read (beginValue refused it) and is read again.
 */
export function readSyntaxOnly(): void {
  FLAGS |= SF_SYNTAX_ONLY;
  setSw(S_FLAGS, FLAGS);
  for (let d: u32 = 0; d < DEPTH; d++) {
    const f = frame(d);
    const t = fw(f, FM_TYPE);
    const isObject = t == FT_OBJECT || t == FT_MAP || t == FT_SKIP_OBJECT || t == FT_RAW_OBJECT;
    setFw(f, FM_TYPE, isObject ? FT_SKIP_OBJECT : FT_SKIP_ARRAY);
    setFw(f, FM_FR, NONE);
    setFw(f, FM_CHILD, NONE);
    setFw(f, FM_MODE, 0); // (an array's ITEMS_GENERAL: no item loop)
  }
  setSw(S_CUR_FR, NONE);
  if (sw(S_ERR_REASON) != TE_KIND) valueDone();
}

// ---------------------------------------------------------------- scalars

/** A string value's contents are [start, end) (the quotes excluded); POS is past the closing quote. */
export function stringValue(start: u32, end: u32, escaped: bool): void {
  const fr = sw(S_CUR_FR);
  LV_STATE = escaped ? SS_STRING_ESC : SS_STRING;
  LV_START = start;
  LV_END = end;
  LV_TEXT_END = POS;
  LV_ITEM = ITEM_SCALAR;
  if (fr != NONE) {
    const k = kindOf(fr);
    if (k == K_ANY) {
      if (anyAsText()) tape(T_RAW, TOKEN_U16, POS - DELTA);
      else tape(T_STR | (escaped ? TF_ESCAPED : 0), TOKEN_U16 + 1, end - DELTA);
    } else {
      const flag: u32 = escaped ? TF_ESCAPED : 0;
      if (k == K_TIME) {
        let p = IN + start;
        let len = end - start;
        if (escaped) { p = SCRATCH; len = unescape(IN + start, IN + end, SCRATCH); }
        const ms = parseTime(p, len);
        if (isNaN(ms)) { typeError(fr, J_STRING, TE_TIME, TOKEN_START); return; }
        LV_STATE = SS_TIME;
        LV_NUM = ms;
        tape(T_TIME | flag, TOKEN_U16 + 1, end - DELTA);
      } else if (escaped && end - start >= <u32>DECODED_MIN_BYTES && TAPE_ON && !anyAsText() && fitsArena(end - start)) {
        // a long text with escapes, decoded once into the strings arena ([length, bytes]): for
        // its checks, and for the builders, which decode its bytes instead of parsing the text
        const at = STRS + <usize>sw(S_STRS_LEN);
        const len = unescape(IN + start, IN + end, at + 4);
        store<u32>(at, len);
        setSw(S_STRS_LEN, sw(S_STRS_LEN) + ((len + 4 + 3) & ~3));
        stringOps(fr, at + 4, len, false, TOKEN_START, POS);
        tapeDecoded(T_STR | TF_ESCAPED | TF_DECODED, TOKEN_U16 + 1, end - DELTA, at);
      } else {
        stringOps(fr, IN + start, end - start, escaped, TOKEN_START, POS);
        tape(T_STR | flag, TOKEN_U16 + 1, end - DELTA);
      }
    }
  }
  valueDone();
}

const INT_MIN: StaticArray<f64> = [-128, -32768, -2147483648, -9007199254740991, 0, 0, 0, 0];
const INT_MAX: StaticArray<f64> = [127, 32767, 2147483647, 9007199254740991, 255, 65535, 4294967295, 9007199254740991];

/** A number token [start, end). */
export function numberValue(start: u32, end: u32): void {
  const fr = sw(S_CUR_FR);
  LV_START = start;
  LV_END = end;
  LV_STATE = SS_NUMBER;
  LV_TEXT_END = end;
  LV_ITEM = ITEM_SCALAR;
  if (fr != NONE) {
    const k = kindOf(fr);
    const v = parseNumber(IN + start, IN + end);
    LV_NUM = v;
    if (k == K_ANY) {
      if (anyAsText()) tape(T_RAW, TOKEN_U16, end - DELTA);
      else tapeNumber(T_NUM, v);
    } else {
      const n = fittedNumber(fr, k, frWord(fr, FR_AUX), v, start);
      if (isNaN(n)) return;
      LV_NUM = n;
      numberOps(fr, v, start, end);
      tapeNumber(T_NUM, n);
    }
  }
  valueDone();
}

/**
 * Number v, its text at start, read for field fr of kind k (int or float) and range id `range`
 * (its FR_AUX), as the field holds it (an int has no -0); NaN after a type error (its kind's
 * range: the run stops).
 */
@inline export function fittedNumber(fr: u32, k: u32, range: u32, v: f64, start: u32): f64 {
  if (k == K_INT) {
    if (!NUM_IS_INTEGER) { typeError(fr, J_NUMBER, TE_NOT_INT, start); return NaN; }
    // (a uint takes no sign, -0 neither: Go's ParseUint refuses "-0")
    const min = unchecked(INT_MIN[range]);
    if (v < min || v > unchecked(INT_MAX[range]) || (min == 0 && load<u8>(IN + start) == 0x2d)) {
      typeError(fr, J_NUMBER, TE_RANGE, start);
      return NaN;
    }
    return v == 0 ? 0 : v; // Go's ints have no -0
  }
  if (range == R_FLOAT32 ? !isFinite(<f32>v) : !isFinite(v)) { // (float32: what rounds to a finite float32, as Go's ParseFloat(s, 32) reads 3.4028235e+38)
    typeError(fr, J_NUMBER, TE_RANGE, start);
    return NaN;
  }
  return v;
}

/** true / false / null: lit 0, 1, 2; the token is [TOKEN_START, POS). */
export function literalValue(lit: u32): void {
  const fr = sw(S_CUR_FR);
  LV_START = TOKEN_START;
  LV_END = POS;
  LV_TEXT_END = POS;
  LV_ITEM = ITEM_SCALAR;
  LV_STATE = lit == 0 ? SS_TRUE : lit == 1 ? SS_FALSE : SS_NULL;
  if (fr != NONE) {
    const k = kindOf(fr);
    if (k == K_ANY) {
      if (anyAsText()) tape(T_RAW, TOKEN_U16, POS - DELTA);
      else tape(lit == 0 ? T_TRUE : lit == 1 ? T_FALSE : T_NULL, 0, 0);
    } else if (lit == 2) tape(T_NULL, 0, 0);
    else {
      boolOps(fr, lit == 0, TOKEN_START, POS);
      tape(lit == 0 ? T_TRUE : T_FALSE, 0, 0);
    }
  }
  valueDone();
}

// ---------------------------------------------------------------- containers

function pushFrame(type: u32, fr: u32): usize {
  const f = frame(DEPTH);
  DEPTH++;
  setFw(f, FM_TYPE, type);
  setFw(f, FM_FR, fr);
  setFw(f, FM_COUNT, 0);
  setFw(f, FM_CHILD, NONE);
  setFw(f, FM_START, POS);
  setFw(f, FM_START_U16, POS - DELTA);
  setFw(f, FM_SLOTS, SLOTS_TOP);
  setFw(f, FM_MODE, 0);
  return f;
}

/** '{' at POS (the caller advances past it). */
export function openObject(): void {
  const fr = sw(S_CUR_FR);
  if (fr == NONE) { pushFrame(FT_SKIP_OBJECT, NONE); return; }
  const k = kindOf(fr);
  if (k == K_ANY) {
    const f = pushFrame(FT_RAW_OBJECT, fr);
    if (!anyAsText()) openAnyEntries(f, T_MAP, fr);
    return;
  }
  if (k == K_MAP) {
    pushFrame(FT_MAP, fr);
    tape(T_MAP, fr, 0);
    return;
  }
  const f = pushFrame(FT_OBJECT, fr);
  const shape = frWord(fr, FR_AUX);
  setFw(f, FM_MODE, shapeWord(shape, SH_EXTRA));
  const bytes = shapeWord(shape, SH_COUNT) * SL_BYTES;
  memory.fill(SLOTS + SLOTS_TOP, 0, bytes); // every slot SS_MISSING
  SLOTS_TOP += bytes;
  tape(T_OBJ, fr, 0);
}

/** '[' at POS. */
export function openArray(): void {
  const fr = sw(S_CUR_FR);
  if (fr == NONE) { pushFrame(FT_SKIP_ARRAY, NONE); return; }
  if (kindOf(fr) == K_ANY) {
    const f = pushFrame(FT_RAW_ARRAY, fr);
    if (!anyAsText()) openAnyEntries(f, T_ARR, fr);
    return;
  }
  setFw(pushFrame(FT_ARRAY, fr), FM_MODE, itemsMode(fr));
  tape(T_ARR, fr, 0);
}

/** A key string [start, end) of the innermost object; POS is past its closing quote. */
export function keyValue(start: u32, end: u32, escaped: bool, u16Start: u32): void {
  const f = frame(DEPTH - 1);
  setFw(f, FM_KEY_START, start);
  setFw(f, FM_KEY_END, end);
  const t = fw(f, FM_TYPE);
  if (t != FT_OBJECT && t != FT_MAP) {
    if (t == FT_RAW_OBJECT && !anyAsText()) tape(T_KEY | (escaped ? TF_ESCAPED : 0), u16Start, end - DELTA);
    return;
  }
  let p = IN + start;
  let len = end - start;
  if (escaped) { p = SCRATCH; len = unescape(IN + start, IN + end, SCRATCH); }
  if (t == FT_MAP) {
    // the decoded key identifies the entry ("a" and "\u0061" are the same key)
    if ((flagsOf(fw(f, FM_FR)) & F_ITEMS) != 0) store<u64>(f + (FM_KEY_HASH << 2), hashBytes(p, len));
    tape(T_KEY | (escaped ? TF_ESCAPED : 0), u16Start, end - DELTA);
    return;
  }
  let fr = predictedKey(fw(f, FM_FR), fw(f, FM_CHILD), p, len);
  if (fr == NONE) fr = lookupKey(frWord(fw(f, FM_FR), FR_AUX), p, len);
  if (fr != NONE && (flagsOf(fr) & F_IGNORED) != 0) {
    // a key the model reads and skips on purpose (a union's discriminator): in the document's own
    // object only; where the model recurs below it, the key is an unknown key like any other
    if (DEPTH == 1) {
      setFw(f, FM_CHILD, IGNORED);
      return;
    }
    fr = NONE;
  }
  if (fr != NONE) {
    setFw(f, FM_CHILD, fr);
    // a repeated key: the last value wins (as in Go), so the earlier value's errors are taken back
    const slot = SLOTS + fw(f, FM_SLOTS) + <usize>frWord(fr, FR_SLOT) * SL_BYTES;
    if (load<u32>(slot + (SL_STATE << 2)) != SS_MISSING) {
      retractErrors(load<u32>(slot + (SL_MEMBER << 2)), load<u32>(slot + (SL_END << 2)) + 1);
    }
    tape(T_FIELD, frWord(fr, FR_SLOT), 0);
  } else if (fw(f, FM_MODE) == EX_CAPTURE) {
    setFw(f, FM_CHILD, FR_ANY);
    tape(T_EXTRA | (escaped ? TF_ESCAPED : 0), u16Start, end - DELTA);
  } else {
    setFw(f, FM_CHILD, NONE);
    // an unknown key that came again: only its last occurrence is reported (as a repeated field's
    // last value wins); the key is decoded into scratch (p) when it has escapes, else in the input
    if (fw(f, FM_MODE) == EX_FORBID) dropExtraKey(DEPTH, fw(f, FM_START), p, len);
  }
}

/**
 * The field after the last one read (`child`: the frame's FM_CHILD; the first field when that
 * was no field of this object), when the key [p, p+len) is its JSON name; else NONE. Documents
 * mostly write their keys in declaration order, and a hit costs one compare, no hash. A field
 * JSON never reads (json:"-", extras) is not in the key table and never predicted, so a hit is
 * what lookupKey would find.
 */
@inline function predictedKey(objFr: u32, child: u32, p: usize, len: u32): u32 {
  const shape = frWord(objFr, FR_AUX);
  const first = shapeWord(shape, SH_FIELDS);
  const count = shapeWord(shape, SH_COUNT);
  if (count == 0) return NONE;
  // (u32: a child before `first`, or NONE / IGNORED / FR_ANY, wraps to a number past the fields;
  // where i + 1 wraps to 0, child + 1 is `first` itself)
  const i = child - first;
  const next = i + 1 < count ? child + 1 : first;
  if (frWord(next, FR_KEY_LEN) != len || (flagsOf(next) & (F_SKIP | F_EXTRAS)) != 0) return NONE;
  return compareBytes(BYTES_BASE + frWord(next, FR_KEY_OFF), len, p, len) == 0 ? next : NONE;
}

/** Field record of the key in shape `shape`, or NONE. Open addressing on keyHash. */
function lookupKey(shape: u32, p: usize, len: u32): u32 {
  const mask = shapeWord(shape, SH_KEYMASK);
  const table = PROGRAM + (<usize>shapeWord(shape, SH_KEYTAB) << 2);
  let i = keyHash(p, len) & mask;
  for (;;) {
    const e = load<u32>(table + (<usize>i << 2));
    if (e == 0) return NONE;
    const fr = e - 1;
    const klen = frWord(fr, FR_KEY_LEN);
    if (klen == len && compareBytes(BYTES_BASE + frWord(fr, FR_KEY_OFF), klen, p, len) == 0) return fr;
    i = (i + 1) & mask;
  }
  return NONE; // not reached: the table always has an empty entry
}

/** '}' at POS (the caller advances past it afterwards). */
export function closeObject(): void {
  const f = frame(DEPTH - 1);
  const t = fw(f, FM_TYPE);
  const start = fw(f, FM_START);
  if (t == FT_SKIP_OBJECT || t == FT_RAW_OBJECT) {
    closeSkipped(f, t == FT_RAW_OBJECT);
    return;
  }
  const fr = fw(f, FM_FR);
  if (t == FT_MAP) {
    closeContainer(f, fr, fw(f, FM_COUNT));
    tape(T_MAP_END, 0, 0);
    return;
  }
  const shape = frWord(fr, FR_AUX);
  const first = shapeWord(shape, SH_FIELDS);
  const count = shapeWord(shape, SH_COUNT);
  const base = SLOTS + fw(f, FM_SLOTS);
  const strict = (FLAGS & SF_STRICT_MISSING) != 0;
  // first the value each missing field takes (its default, null, its zero value), marked as
  // missing, so that a cross-field check sees a later field's value as validate sees it
  for (let i: u32 = 0; i < count; i++) {
    const field = first + i;
    const flags = flagsOf(field);
    const slot = base + <usize>i * SL_BYTES;
    if ((flags & (F_SKIP | F_EXTRAS | F_REQUIRED)) != 0 || load<u32>(slot + (SL_STATE << 2)) != SS_MISSING) continue;
    if ((flags & F_HAS_DEFAULT) != 0) fillDefault(slot, field);
    else if ((flags & F_NULLABLE) != 0) store<u32>(slot + (SL_STATE << 2), SS_NULL);
    else if (strict && (flags & F_OMITEMPTY) == 0) continue; // MISSING_FIELD below
    else fillZero(slot, field);
    store<u32>(slot + (SL_MEMBER << 2), FILLED);
  }
  for (let i: u32 = 0; i < count; i++) {
    const field = first + i;
    const flags = flagsOf(field);
    if ((flags & (F_SKIP | F_EXTRAS)) != 0) continue;
    const slot = base + <usize>i * SL_BYTES;
    const st = load<u32>(slot + (SL_STATE << 2));
    const missing = st == SS_MISSING || load<u32>(slot + (SL_MEMBER << 2)) == FILLED;
    if (missing || st == SS_NULL) {
      if ((flags & F_REQUIRED) != 0) {
        addError(E_REQUIRED, field, V_NULL, 0, 0, DEPTH - 1, PF_FIELD, field);
        continue;
      }
      if (st == SS_MISSING) {
        addError(E_MISSING, field, V_NULL, 0, 0, DEPTH - 1, PF_FIELD, field);
        continue;
      }
      if (missing && (flags & (F_HAS_DEFAULT | F_NULLABLE)) == 0 && (flags & F_ZERO_FAILS) != 0) {
        addError(E_ZERO, field, V_ZERO, 0, 0, DEPTH - 1, PF_FIELD, field);
      }
    }
    objectOps(field, first, base, i, DEPTH - 1, missing);
  }
  // a model item of a unique list: its key comes from its fields, before they are popped
  LV_ITEM = ITEM_KEYED;
  LV_KEY = 0;
  if (DEPTH >= 2) {
    const parent = frame(DEPTH - 2);
    const pfr = fw(parent, FM_FR);
    const pt = fw(parent, FM_TYPE);
    if ((pt == FT_ARRAY || pt == FT_MAP) && (flagsOf(pfr) & F_UNIQUE) != 0) {
      // null on a field that is no ptr is its zero value to the comparison, as a Go struct holds
      // it (the value JS builds has it too); the checks above have run, the slots go next
      for (let i: u32 = 0; i < count; i++) {
        const slot = base + <usize>i * SL_BYTES;
        if (load<u32>(slot + (SL_STATE << 2)) == SS_NULL && (flagsOf(first + i) & F_NULLABLE) == 0) fillZero(slot, first + i);
      }
      if (!modelItemKey(pfr, base, count)) LV_ITEM = ITEM_SKIP;
      LV_KEY = KEY;
    }
  }
  SLOTS_TOP = fw(f, FM_SLOTS);
  DEPTH--;
  tape(T_OBJ_END, 0, 0);
  LV_STATE = SS_OTHER;
  LV_START = start;
  LV_END = POS + 1;
  LV_TEXT_END = POS + 1;
  valueDone();
}

/** ']' at POS. */
export function closeArray(): void {
  const f = frame(DEPTH - 1);
  const t = fw(f, FM_TYPE);
  if (t == FT_SKIP_ARRAY || t == FT_RAW_ARRAY) {
    closeSkipped(f, t == FT_RAW_ARRAY);
    return;
  }
  const fr = fw(f, FM_FR);
  let count = fw(f, FM_COUNT);
  if (kindOf(fr) == K_ARRAY) {
    const n = frWord(fr, FR_LEN);
    if (count < n) {
      // the zero items after those read: their errors (rendered by the bindings) before the array's own
      if ((flagsOf(fr) & F_PAD_FAILS) != 0) addError(E_PAD, fr, V_ZERO, count, 0, DEPTH - 1, 0, 0);
      if ((flagsOf(fr) & F_ITEMS) != 0) padItems(fr, n - count, count);
    }
    count = n;
  }
  closeContainer(f, fr, count);
  tape(T_ARR_END, 0, 0);
}

/**
 * A fixed-size array read from fewer items than its length holds Go's zero value in the rest, and
 * unique compares them too: item records for the zero item (two at most: they are all equal).
 */
function padItems(fr: u32, missing: u32, index: u32): void {
  const state = zeroItem(fr);
  if (state == SS_NULL) return;
  const key = KEY;
  for (let i: u32 = 0; i < missing && i < 2; i++) {
    pushItem(SLOTS + SLOTS_TOP, state, 0, 0, index + i, 0, key);
    SLOTS_TOP += IT_BYTES;
  }
}

/**
 * The unique record of Go's zero value of list or map `fr`'s item: its state, KEY set; SS_NULL
 * when it takes no part. A zero ptr is nil, which takes no part; a zero model is keyed as a model
 * item with zero fields is. Slots at the top of the slot area are used while it runs.
 */
function zeroItem(fr: u32): u32 {
  const el = frWord(fr, FR_AUX);
  if ((flagsOf(el) & F_NULLABLE) != 0) return SS_NULL;
  const top = SLOTS + SLOTS_TOP;
  if (kindOf(el) == K_OBJECT) {
    const shape = frWord(el, FR_AUX);
    const first = shapeWord(shape, SH_FIELDS);
    const n = shapeWord(shape, SH_COUNT);
    memory.fill(top, 0, n * SL_BYTES); // every slot SS_MISSING (ptr, json:"-" and extras fields stay so)
    for (let i: u32 = 0; i < n; i++) {
      if ((flagsOf(first + i) & (F_NULLABLE | F_SKIP | F_EXTRAS)) == 0) fillZero(top + <usize>i * SL_BYTES, first + i);
    }
    return modelItemKey(fr, top, n) ? SS_OTHER : SS_NULL;
  }
  fillZero(top, el);
  return slotKey(top) ? load<u32>(top + (SL_STATE << 2)) : SS_NULL;
}

/**
 * KEY of a model item of unique list `fr` from its `count` slots at `base`: all its fields
 * (Go's comparable struct), or the one that `unique=F` names; false when that field gives no key
 * (the item takes no part).
 */
function modelItemKey(fr: u32, base: usize, count: u32): bool {
  const by = frWord(fr, FR_UNIQUE_BY);
  if (by == NONE) {
    modelKey(base, count);
    return true;
  }
  return slotKey(base + <usize>by * SL_BYTES);
}

/** A list or map closes: its ops run with its item records, then it completes as a value. */
function closeContainer(f: usize, fr: u32, count: u32): void {
  const start = fw(f, FM_START);
  const itemsBase = SLOTS + fw(f, FM_SLOTS);
  let items = (SLOTS_TOP - fw(f, FM_SLOTS)) / IT_BYTES;
  // a map's entries with the same key are one entry (the last), as in Go
  if (fw(f, FM_TYPE) == FT_MAP && (flagsOf(fr) & F_ITEMS) != 0) count = items = dedupeMapKeys(itemsBase, items);
  DEPTH--;
  containerOps(fr, count, itemsBase, items, start, POS + 1);
  SLOTS_TOP = fw(f, FM_SLOTS);
  LV_STATE = count == 0 ? SS_EMPTY : SS_OTHER;
  LV_START = start;
  LV_END = POS + 1;
  LV_TEXT_END = POS + 1;
  LV_ITEM = ITEM_SCALAR;
  valueDone();
}

function closeSkipped(f: usize, raw: bool): void {
  if (raw) {
    if (anyAsText()) tape(T_RAW, fw(f, FM_START_U16), POS + 1 - DELTA);
    else tape(fw(f, FM_TYPE) == FT_RAW_OBJECT ? T_MAP_END : T_ARR_END, 0, 0);
  }
  DEPTH--;
  LV_STATE = fw(f, FM_COUNT) == 0 ? SS_EMPTY : SS_OTHER; // [] and {} held by an `any` field are zero
  LV_START = fw(f, FM_START);
  LV_END = POS + 1;
  LV_TEXT_END = POS + 1;
  LV_ITEM = ITEM_SCALAR;
  valueDone();
}

// ---------------------------------------------------------------- completion

/** A value completed: store it in its parent and move the tokenizer to what may follow. */
export function valueDone(): void {
  if (DEPTH == 0) {
    STATE = TS_DONE;
    return;
  }
  const f = frame(DEPTH - 1);
  const t = fw(f, FM_TYPE);
  if (t == FT_OBJECT) {
    const child = fw(f, FM_CHILD);
    if (child == NONE) {
      if (fw(f, FM_MODE) == EX_FORBID) {
        addError(E_EXTRA, 0, V_SPAN, fw(f, FM_MEMBER_START), LV_TEXT_END, DEPTH, 0, 0);
      }
    } else if (child != FR_ANY && child != IGNORED) {
      const slot = SLOTS + fw(f, FM_SLOTS) + <usize>frWord(child, FR_SLOT) * SL_BYTES;
      store<u32>(slot + (SL_STATE << 2), LV_STATE);
      store<u32>(slot + (SL_START << 2), LV_START);
      store<u32>(slot + (SL_END << 2), LV_END);
      store<u32>(slot + (SL_MEMBER << 2), fw(f, FM_MEMBER_START));
      store<f64>(slot + (SL_NUM << 2), LV_NUM);
    }
    STATE = TS_OBJ_NEXT;
    return;
  }
  if (t == FT_ARRAY || t == FT_MAP) {
    const fr = fw(f, FM_FR);
    if ((flagsOf(fr) & F_ITEMS) != 0 && (t == FT_MAP || kindOf(fr) != K_ARRAY || fw(f, FM_COUNT) < frWord(fr, FR_LEN))) {
      recordItem(f, t == FT_MAP);
    }
    setFw(f, FM_COUNT, fw(f, FM_COUNT) + 1);
    STATE = t == FT_ARRAY ? TS_ARR_NEXT : TS_OBJ_NEXT;
    return;
  }
  setFw(f, FM_COUNT, fw(f, FM_COUNT) + 1);
  STATE = t == FT_SKIP_ARRAY || t == FT_RAW_ARRAY ? TS_ARR_NEXT : TS_OBJ_NEXT;
}

/** Append the completed value to its container's item records (frame f). */
function recordItem(f: usize, isMap: bool): void {
  const top = SLOTS + SLOTS_TOP;
  let state = LV_STATE;
  let key = LV_KEY;
  let start = LV_START;
  let end = LV_END;
  if (LV_ITEM == ITEM_SCALAR && LV_STATE == SS_NULL) {
    // null on an item that is no ptr is Go's zero value, which Go's slice or map holds and
    // compares (the value JS builds holds it too); a nil ptr takes no part
    state = zeroItem(fw(f, FM_FR));
    key = KEY;
    start = 0;
    end = 0;
  } else if (LV_ITEM == ITEM_SCALAR) {
    // a scalar: its key comes from a temporary slot made of the value
    store<u32>(top + (SL_STATE << 2), LV_STATE);
    store<u32>(top + (SL_START << 2), LV_START);
    store<u32>(top + (SL_END << 2), LV_END);
    store<f64>(top + (SL_NUM << 2), LV_NUM);
    if (slotKey(top)) key = KEY;
    else state = SS_NULL;
  } else if (LV_ITEM == ITEM_SKIP) state = SS_NULL;
  // a null takes no part in unique; a map still counts the entry
  if (state == SS_NULL && !isMap) return;
  pushItem(top, state, start, end, fw(f, FM_COUNT), isMap ? load<u64>(f + (FM_KEY_HASH << 2)) : 0, key);
  SLOTS_TOP += IT_BYTES;
}

// ---------------------------------------------------------------- missing fields

/** SL_MEMBER of a missing field's slot once it holds the value the field takes (a key's offset otherwise). */
const FILLED: u32 = 0xffffffff;

function fillDefault(slot: usize, fr: u32): void {
  const k = kindOf(fr);
  const d = frWord(fr, FR_DEFAULT);
  if (k == K_STRING) {
    store<u32>(slot + (SL_STATE << 2), SS_STRING_POOL);
    store<u32>(slot + (SL_START << 2), d);
    store<u32>(slot + (SL_END << 2), frWord(fr, FR_DEFAULT_LEN));
  } else if (k == K_BOOL) {
    store<u32>(slot + (SL_STATE << 2), numPool(d) != 0 ? SS_TRUE : SS_FALSE);
  } else {
    store<u32>(slot + (SL_STATE << 2), SS_NUMBER);
    store<f64>(slot + (SL_NUM << 2), numPool(d));
  }
}

function fillZero(slot: usize, fr: u32): void {
  let st: u32 = SS_NULL;
  switch (kindOf(fr)) {
    case K_STRING: st = SS_STRING; store<u32>(slot + (SL_START << 2), 0); store<u32>(slot + (SL_END << 2), 0); break;
    case K_INT: case K_FLOAT: st = SS_NUMBER; store<f64>(slot + (SL_NUM << 2), 0); break;
    case K_BOOL: st = SS_FALSE; break;
    case K_TIME: st = SS_TIME; store<f64>(slot + (SL_NUM << 2), <f64>ZERO_TIME_MS); break;
    case K_OBJECT: st = SS_OTHER; break;
    case K_ARRAY: st = frWord(fr, FR_LEN) == 0 ? SS_EMPTY : SS_OTHER; break;
  }
  store<u32>(slot + (SL_STATE << 2), st);
}
