// Character sets as sorted, disjoint, non-adjacent code point ranges: [lo0, hi0, lo1, hi1, ...].
import { FOLD_ORBITS } from "./unicode-tables.js";

export const MAX_RUNE = 0x10ffff;

export type Ranges = readonly number[];

/** Sorts and merges overlapping or adjacent ranges. */
export function normalize(r: readonly number[]): number[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i]!, r[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n > 0 && lo <= out[n - 1]! + 1) {
      if (hi > out[n - 1]!) out[n - 1] = hi;
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

export function negate(r: Ranges): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i]! > next) out.push(next, r[i]! - 1);
    next = r[i + 1]! + 1;
  }
  if (next <= MAX_RUNE) out.push(next, MAX_RUNE);
  return out;
}

export function union(a: Ranges, b: Ranges): number[] {
  return normalize([...a, ...b]);
}

export function contains(r: Ranges, c: number): boolean {
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < r[2 * mid]!) hi = mid - 1;
    else if (c > r[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

// Simple case folding orbits, decoded once: every code point that has fold-equivalents, sorted,
// with its orbit (all members, itself included).
let foldChars: number[] | undefined;
let foldOrbit: Map<number, readonly number[]> | undefined;

function loadFolds(): { chars: number[]; orbit: Map<number, readonly number[]> } {
  if (foldChars === undefined || foldOrbit === undefined) {
    const orbit = new Map<number, readonly number[]>();
    for (const members of decodeOrbits(FOLD_ORBITS)) for (const c of members) orbit.set(c, members);
    foldChars = [...orbit.keys()].sort((x, y) => x - y);
    foldOrbit = orbit;
  }
  return { chars: foldChars, orbit: foldOrbit };
}

/** The orbits of the generated table's runs (scripts/gen-unicode-tables.mjs explains the form). */
export function decodeOrbits(text: string): number[][] {
  const out: number[][] = [];
  let least = 0;
  for (const run of text.split(" ")) {
    const [gap, offsets, count, stride] = run.split(":");
    const offs = offsets!.split(",").map((v) => parseInt(v, 36));
    const n = count === undefined ? 1 : parseInt(count, 36);
    const step = stride === undefined ? 0 : parseInt(stride, 36);
    least += parseInt(gap!, 36);
    for (let i = 0; i < n; i++, least += step) out.push([least, ...offs.map((d) => least + d)]);
    least -= step; // `least` is the last orbit's least member, where the next gap starts
  }
  return out;
}

/** The code points equal to c under simple case folding (c itself included). */
export function foldOrbitOf(c: number): readonly number[] {
  return loadFolds().orbit.get(c) ?? [c];
}

/** r plus every code point fold-equivalent to a member of r (what (?i) does to a set). */
export function foldClose(r: Ranges): number[] {
  const { chars, orbit } = loadFolds();
  const extra: number[] = [];
  for (let i = 0; i < r.length; i += 2) {
    const lo = r[i]!;
    const hi = r[i + 1]!;
    // first fold char >= lo
    let a = 0;
    let b = chars.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (chars[m]! < lo) a = m + 1;
      else b = m;
    }
    for (let j = a; j < chars.length && chars[j]! <= hi; j++) {
      for (const c of orbit.get(chars[j]!)!) extra.push(c, c);
    }
  }
  return extra.length === 0 ? [...r] : normalize([...r, ...extra]);
}
