// Output of a run: the tape (what the bindings build the value from) and the error records
// (what they turn into FieldErrors), with the path frames of each error in the arena.

import {
  ER_A, ER_KIND, ER_PATH, ER_PATH_LEN, ER_POS, ER_VAL_END, ER_VAL_KIND, ER_VAL_START, ER_WORDS, E_EXTRA, E_TOO_MANY,
  FM_CHILD, FM_COUNT, FM_KEY_END, FM_KEY_START, FM_TYPE, FM_WORDS, FT_ARRAY, FT_MAP, FT_OBJECT, IGNORED, NONE,
  PF_FIELD, PF_INDEX, PF_KEY, PF_WORDS, S_ERR_RETRACTED, TP_WORDS,
} from "../bindings/layout";
import {
  ARENA, ARENA_LEN, DELTA, ERR_COUNT, ERRS, IN, MAX_ERRORS, POS, SCRATCH, STACK, TAPE, TAPE_LEN, TAPE_ON, setSw, sw,
} from "./state";
import { compareBytes, unescape } from "./strings";

// ---------------------------------------------------------------- tape

/** Append [tag, a, b, 0]. */
export function tape(tag: u32, a: u32, b: u32): void {
  if (!TAPE_ON) return;
  const e = TAPE + (<usize>(TAPE_LEN * TP_WORDS) << 2);
  store<u32>(e, tag);
  store<u32>(e, a, 4);
  store<u32>(e, b, 8);
  TAPE_LEN++;
}

/** Append a string entry decoded into the strings arena (TF_DECODED): word 3 is its address there. */
export function tapeDecoded(tag: u32, a: u32, b: u32, decoded: usize): void {
  if (!TAPE_ON) return;
  const e = TAPE + (<usize>(TAPE_LEN * TP_WORDS) << 2);
  store<u32>(e, tag);
  store<u32>(e, a, 4);
  store<u32>(e, b, 8);
  store<u32>(e, <u32>decoded, 12);
  TAPE_LEN++;
}

/** Append a number entry (f64 in words 2..3). */
export function tapeNumber(tag: u32, v: f64): void {
  if (!TAPE_ON) return;
  const e = TAPE + (<usize>(TAPE_LEN * TP_WORDS) << 2);
  store<u32>(e, tag);
  store<f64>(e, v, 8);
  TAPE_LEN++;
}

/** Append an entry whose a, b are the UTF-16 span of bytes [start, end) (end is at a boundary). */
@inline export function tapeSpan(tag: u32, u16Start: u32, end: u32): void {
  tape(tag, u16Start, end - DELTA);
}

// ---------------------------------------------------------------- frames

@inline export function frame(d: u32): usize {
  return STACK + (<usize>(d * FM_WORDS) << 2);
}

@inline export function fw(f: usize, w: i32): u32 {
  return load<u32>(f + (<usize>w << 2));
}

@inline export function setFw(f: usize, w: i32, v: u32): void {
  store<u32>(f + (<usize>w << 2), v);
}

// ---------------------------------------------------------------- path frames

function pathFrame(type: u32, a: u32, b: u32): void {
  const p = ARENA + (<usize>(ARENA_LEN * PF_WORDS) << 2);
  store<u32>(p, type);
  store<u32>(p, a, 4);
  store<u32>(p, b, 8);
  ARENA_LEN++;
}

/**
 * Write the path of frames 0..frames-1 (each one's current member) and an optional last frame;
 * returns the index of the first path frame.
 */
export function writePath(frames: u32, lastType: u32, lastA: u32, lastB: u32): u32 {
  const first = ARENA_LEN;
  for (let d: u32 = 0; d < frames; d++) {
    const f = frame(d);
    const t = fw(f, FM_TYPE);
    if (t == FT_OBJECT) {
      const child = fw(f, FM_CHILD);
      if (child != NONE && child != IGNORED) pathFrame(PF_FIELD, child, 0);
      else pathFrame(PF_KEY, fw(f, FM_KEY_START), fw(f, FM_KEY_END));
    } else if (t == FT_ARRAY) {
      pathFrame(PF_INDEX, fw(f, FM_COUNT), 0);
    } else if (t == FT_MAP) {
      pathFrame(PF_KEY, fw(f, FM_KEY_START), fw(f, FM_KEY_END));
    }
  }
  if (lastType != 0) pathFrame(lastType, lastA, lastB);
  return first;
}

// ---------------------------------------------------------------- error records

/**
 * Append an error record. `frames` open frames lead to the failing value; `lastType/lastA` adds
 * one more path frame (a field checked when its object closes). Past maxErrors one TOO_MANY
 * record is written and the rest are dropped (parsing goes on: a syntax error still wins).
 */
export function addError(kind: u32, a: u32, valKind: u32, valStart: u32, valEnd: u32, frames: u32, lastType: u32, lastA: u32): void {
  // once cut, the list stays cut, even if a repeated key takes records back (the bindings then
  // read the document again with room for what was dropped: see S_ERR_RETRACTED)
  if (ERR_COUNT > 0 && load<u32>(ERRS + (<usize>((ERR_COUNT - 1) * ER_WORDS + ER_KIND) << 2)) == E_TOO_MANY) return;
  const r = ERRS + (<usize>(ERR_COUNT * ER_WORDS) << 2);
  ERR_COUNT++;
  if (ERR_COUNT > MAX_ERRORS) {
    store<u32>(r + (ER_KIND << 2), E_TOO_MANY);
    store<u32>(r + (ER_PATH_LEN << 2), 0);
    // its position too: dropExtraKey walks back over the records by position
    store<u32>(r + (ER_POS << 2), POS);
    return;
  }
  const first = writePath(frames, lastType, lastA, 0);
  store<u32>(r + (ER_KIND << 2), kind);
  store<u32>(r + (ER_A << 2), a);
  store<u32>(r + (ER_VAL_START << 2), valStart);
  store<u32>(r + (ER_VAL_END << 2), valEnd);
  store<u32>(r + (ER_VAL_KIND << 2), valKind);
  store<u32>(r + (ER_PATH << 2), first);
  store<u32>(r + (ER_PATH_LEN << 2), ARENA_LEN - first);
  store<u32>(r + (ER_POS << 2), POS);
}

@inline function record(i: u32): usize {
  return ERRS + (<usize>(i * ER_WORDS) << 2);
}

/** Is record r an unknown key (EXTRA_FIELD) of the object whose members have `frames` path frames? */
@inline function extraOf(r: usize, frames: u32): bool {
  return load<u32>(r + (ER_KIND << 2)) == E_EXTRA && load<u32>(r + (ER_PATH_LEN << 2)) == frames;
}

/**
 * Does the unknown key of record r (its last path frame: a key span, escapes possible) equal the
 * decoded key bytes [key, key+len) (in the input, or at the start of scratch)? Record r's key is
 * decoded into scratch, after the key when that is there: never into the input.
 */
function keyIs(r: usize, key: usize, len: u32): bool {
  const k = ARENA + (<usize>((load<u32>(r + (ER_PATH << 2)) + load<u32>(r + (ER_PATH_LEN << 2)) - 1) * PF_WORDS) << 2);
  const dst = key == SCRATCH ? SCRATCH + len : SCRATCH;
  const n = unescape(IN + load<u32>(k, 4), IN + load<u32>(k, 8), dst);
  return compareBytes(dst, n, key, len) == 0;
}

/**
 * An unknown key comes again in an object under forbid (its members have `frames` path frames;
 * it began at byte `from`; key: the decoded key, in scratch): it is one unknown key, the last
 * occurrence, as the last value of a repeated field wins, so the EXTRA_FIELD record of its
 * earlier occurrence is taken back now, before the new one is written (which then finds room
 * under maxErrors). Only the records written since the object began are looked at.
 */
export function dropExtraKey(frames: u32, from: u32, key: usize, len: u32): void {
  let first = ERR_COUNT;
  while (first > 0 && load<u32>(record(first - 1) + (ER_POS << 2)) >= from) first--;
  for (let i = first; i < ERR_COUNT; i++) {
    const r = record(i);
    if (extraOf(r, frames) && keyIs(r, key, len)) store<u32>(r + (ER_KIND << 2), TAKEN_BACK);
  }
  dropTakenBack(first);
}

/** Drop the error records written while bytes [from, to] were read (a value a repeated key replaces). */
export function retractErrors(from: u32, to: u32): void {
  for (let i: u32 = 0; i < ERR_COUNT; i++) {
    const r = record(i);
    const pos = load<u32>(r + (ER_POS << 2));
    if (load<u32>(r + (ER_KIND << 2)) != E_TOO_MANY && pos >= from && pos <= to) store<u32>(r + (ER_KIND << 2), TAKEN_BACK);
  }
  dropTakenBack(0);
}

/** The kind of a record being taken back (only between marking it and dropTakenBack). */
const TAKEN_BACK: u32 = 0xffffffff;

/**
 * Remove the records marked TAKEN_BACK from index `first` on, keeping the others in order; counted,
 * so that whoever renders records as they come knows the list changed, not only grew.
 */
function dropTakenBack(first: u32): void {
  let w = first;
  for (let i = first; i < ERR_COUNT; i++) {
    const r = record(i);
    if (load<u32>(r + (ER_KIND << 2)) == TAKEN_BACK) continue;
    if (w != i) memory.copy(record(w), r, ER_WORDS << 2);
    w++;
  }
  if (w != ERR_COUNT) setSw(S_ERR_RETRACTED, sw(S_ERR_RETRACTED) + ERR_COUNT - w);
  ERR_COUNT = w;
}

