// Item records: a list with `unique`, or a map with `unique` or an item count, leaves one 32-byte
// record per item / entry on the slot stack (bindings/layout.ts IT_*). The item's key is exact for
// numbers, bools and times (their bits) and a 64-bit hash for strings (confirmed byte by byte) and
// models (a mix of their fields' keys). When the container closes the records are sorted by key
// and neighbours compared; a map first drops entries whose key came again later (Go keeps the last).

import {
  IT_BYTES, IT_INDEX, IT_KEY, IT_MAP_KEY, SL_BYTES, SL_END, SL_NUM, SL_START, SL_STATE, SS_EMPTY, SS_FALSE,
  SS_MISSING, SS_NULL, SS_NUMBER, SS_STRING, SS_STRING_ESC, SS_STRING_POOL, SS_TIME, SS_TRUE,
} from "../bindings/layout";
import { retractErrors } from "./records";
import { SCRATCH } from "./state";
import { compareBytes, hashBytes } from "./strings";
import { SLOT_LEN, SLOT_STR, slotString } from "./checks";

/** Key of a slot value (set by slotKey). */
export let KEY: u64 = 0;

/** The unique key of a slot value; false when it takes no part (null or missing: skipped, as in Go). */
export function slotKey(slot: usize): bool {
  const st = load<u32>(slot + (SL_STATE << 2));
  switch (st) {
    case SS_MISSING: case SS_NULL: return false;
    case SS_TRUE: KEY = 0x9e3779b97f4a7c15; return true;
    case SS_FALSE: KEY = 0x7f4a7c159e3779b9; return true;
    case SS_NUMBER: case SS_TIME: {
      const v = load<f64>(slot + (SL_NUM << 2));
      KEY = reinterpret<u64>(v == 0 ? 0.0 : v); // -0 and 0 are the same number
      return true;
    }
    case SS_STRING: case SS_STRING_ESC: case SS_STRING_POOL:
      slotString(slot, SCRATCH);
      KEY = hashBytes(SLOT_STR, SLOT_LEN);
      return true;
    case SS_EMPTY:
      KEY = 0x2545f4914f6cdd1d;
      return true;
  }
  KEY = 0x51afd7ed558ccdff; // a nested value of a model compared by value: never (models with one are refused)
  return true;
}

/** Key of a model item compared by value: a mix of its fields' keys in declaration order. */
export function modelKey(base: usize, fields: u32): void {
  let h: u64 = 0x84222325cbf29ce4;
  for (let i: u32 = 0; i < fields; i++) {
    const k = slotKey(base + <usize>i * SL_BYTES) ? KEY : 0xff51afd7ed558ccd;
    h = (h ^ k) * 0x100000001b3;
    h ^= h >> 29;
  }
  KEY = h;
}

/** Append an item record at `at`. */
export function pushItem(at: usize, state: u32, start: u32, end: u32, index: u32, mapKey: u64, key: u64): void {
  store<u32>(at + (SL_STATE << 2), state);
  store<u32>(at + (SL_START << 2), start);
  store<u32>(at + (SL_END << 2), end);
  store<u32>(at + (IT_INDEX << 2), index);
  store<u64>(at + (IT_MAP_KEY << 2), mapKey);
  store<u64>(at + (IT_KEY << 2), key);
}

@inline function u64At(r: usize, w: i32): u64 {
  return load<u64>(r + (<usize>w << 2));
}

@inline function item(base: usize, i: u32): usize {
  return base + <usize>i * IT_BYTES;
}

function swap(a: usize, b: usize): void {
  for (let i: usize = 0; i < <usize>IT_BYTES; i += 8) {
    const t = load<u64>(a + i);
    store<u64>(a + i, load<u64>(b + i));
    store<u64>(b + i, t);
  }
}

/** a before b: by the u64 at word w, then by index. */
@inline function before(a: usize, b: usize, w: i32): bool {
  const x = u64At(a, w);
  const y = u64At(b, w);
  return x < y || (x == y && load<u32>(a + (IT_INDEX << 2)) < load<u32>(b + (IT_INDEX << 2)));
}

/** Shell sort of n item records by (the u64 at word w, index): in place, no extra memory. */
function sortItems(base: usize, n: u32, w: i32): void {
  let gap: u32 = 1;
  while (gap < n / 3) gap = gap * 3 + 1;
  for (; gap > 0; gap /= 3) {
    for (let i = gap; i < n; i++) {
      for (let j = i; j >= gap; j -= gap) {
        const a = item(base, j - gap);
        const b = item(base, j);
        if (!before(b, a, w)) break;
        swap(a, b);
      }
    }
  }
}

/**
 * Map entries: keep the last entry of each key (entries are sorted by key, then by position); the
 * errors of an entry that a later one replaces are taken back, as for a repeated field (Go keeps
 * the last value, and checks only what it keeps). Returns the number of distinct keys.
 */
export function dedupeMapKeys(base: usize, n: u32): u32 {
  if (n < 2) return n;
  sortItems(base, n, IT_MAP_KEY);
  let w: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const r = item(base, i);
    if (i + 1 < n && u64At(item(base, i + 1), IT_MAP_KEY) == u64At(r, IT_MAP_KEY)) {
      retractErrors(load<u32>(r + (SL_START << 2)), load<u32>(r + (SL_END << 2)) + 1); // a later entry wins
      continue;
    }
    if (w != i) memory.copy(item(base, w), r, IT_BYTES);
    w++;
  }
  return w;
}

function sameString(a: usize, b: usize): bool {
  slotString(a, SCRATCH);
  const p = SLOT_STR;
  const n = SLOT_LEN;
  slotString(b, SCRATCH + n);
  return compareBytes(p, n, SLOT_STR, SLOT_LEN) == 0;
}

/** Do two of the n items (null items excluded) have the same value? */
export function hasDuplicate(base: usize, n: u32): bool {
  // move items that take no part (null values of map entries) out of the way
  let m: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const st = load<u32>(item(base, i));
    if (st == SS_NULL || st == SS_MISSING) continue;
    if (m != i) memory.copy(item(base, m), item(base, i), IT_BYTES);
    m++;
  }
  if (m < 2) return false;
  sortItems(base, m, IT_KEY);
  for (let i: u32 = 1; i < m; i++) {
    const a = item(base, i - 1);
    const b = item(base, i);
    if (u64At(a, IT_KEY) != u64At(b, IT_KEY)) continue;
    const st = load<u32>(a);
    if (st == SS_STRING || st == SS_STRING_ESC || st == SS_STRING_POOL) {
      if (sameString(a, b)) return true;
    } else return true;
  }
  return false;
}
