// `unique`: each item of a list (or value of a map) leaves a 24-byte record on the slot stack:
// [state, start, end, -, key u64]. The key is exact for numbers, bools and times (their bits) and a
// 64-bit hash for strings (confirmed byte by byte) and models (hash of their field keys).
// When the container closes the records are sorted by key and neighbours compared.

import { SL_BYTES, SL_END, SL_NUM, SL_START, SL_STATE, SS_FALSE, SS_MISSING, SS_NULL, SS_NUMBER, SS_STRING, SS_STRING_ESC, SS_STRING_POOL, SS_TIME, SS_TRUE } from "../bindings/layout";
import { SCRATCH } from "./state";
import { compareBytes, hashBytes } from "./strings";
import { SLOT_LEN, SLOT_STR, slotString } from "./checks";

/** Key of a slot value; false when the value takes no part (null or missing: skipped, as in Go). */
export let KEY: u64 = 0;

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
  }
  KEY = 0x2545f4914f6cdd1d; // nested object or array: not comparable, same for all
  return true;
}

/** Key of a model item compared by value: a mix of its fields' keys in declaration order. */
export function modelKey(base: usize, fields: u32): void {
  let h: u64 = 0x84222325cbf29ce4;
  for (let i: u32 = 0; i < fields; i++) {
    const k = slotKey(base + <usize>i * SL_BYTES) ? KEY : 0x51afd7ed558ccdff;
    h = (h ^ k) * 0x100000001b3;
    h ^= h >> 29;
  }
  KEY = h;
}

@inline function keyAt(r: usize): u64 {
  return load<u64>(r + (SL_NUM << 2));
}

function swap(a: usize, b: usize): void {
  for (let i: usize = 0; i < <usize>SL_BYTES; i += 8) {
    const t = load<u64>(a + i);
    store<u64>(a + i, load<u64>(b + i));
    store<u64>(b + i, t);
  }
}

/** Shell sort of n item records by key (in place; n is small in practice, no extra memory). */
function sortItems(base: usize, n: u32): void {
  let gap: u32 = 1;
  while (gap < n / 3) gap = gap * 3 + 1;
  for (; gap > 0; gap /= 3) {
    for (let i = gap; i < n; i++) {
      for (let j = i; j >= gap; j -= gap) {
        const a = base + <usize>(j - gap) * SL_BYTES;
        const b = base + <usize>j * SL_BYTES;
        if (keyAt(a) <= keyAt(b)) break;
        swap(a, b);
      }
    }
  }
}

function sameString(a: usize, b: usize): bool {
  slotString(a, SCRATCH);
  const p = SLOT_STR;
  const n = SLOT_LEN;
  slotString(b, SCRATCH + n);
  return compareBytes(p, n, SLOT_STR, SLOT_LEN) == 0;
}

export function hasDuplicate(base: usize, n: u32): bool {
  if (n < 2) return false;
  sortItems(base, n);
  for (let i: u32 = 1; i < n; i++) {
    const a = base + <usize>(i - 1) * SL_BYTES;
    const b = base + <usize>i * SL_BYTES;
    if (keyAt(a) != keyAt(b)) continue;
    const st = load<u32>(a + (SL_STATE << 2));
    if (st == SS_STRING || st == SS_STRING_ESC || st == SS_STRING_POOL) {
      if (sameString(a, b)) return true;
    } else return true;
  }
  return false;
}

/** Append an item record at the top of the slot stack. */
export function pushItem(top: usize, state: u32, start: u32, end: u32, key: u64): void {
  store<u32>(top + (SL_STATE << 2), state);
  store<u32>(top + (SL_START << 2), start);
  store<u32>(top + (SL_END << 2), end);
  store<u64>(top + (SL_NUM << 2), key);
}
