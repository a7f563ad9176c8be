// Reference matcher in TypeScript: a Thompson NFA simulation over the same program words the
// WASM matcher runs (which adds a lazily built DFA on top of the same steps). Linear time:
// each input rune costs at most one visit of each instruction.
import * as P from "./program.js";

const RUNE_ERROR = 0xfffd;

/**
 * Decodes the rune at b[i] as Go's utf8.DecodeRune does: a byte that does not start a valid,
 * complete, shortest-form sequence (or a surrogate) decodes as U+FFFD of width 1.
 * Returns rune + width * 0x200000.
 */
export function decodeRune(b: Uint8Array, i: number): number {
  const n = b.length;
  const b0 = b[i]!;
  const bad = RUNE_ERROR + 0x200000;
  if (b0 < 0x80) return b0 + 0x200000;
  if (b0 < 0xc2 || b0 > 0xf4) return bad;
  const cont = (j: number, lo = 0x80, hi = 0xbf): boolean => j < n && b[j]! >= lo && b[j]! <= hi;
  if (b0 < 0xe0) {
    if (!cont(i + 1)) return bad;
    return (((b0 & 0x1f) << 6) | (b[i + 1]! & 0x3f)) + 2 * 0x200000;
  }
  if (b0 < 0xf0) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    if (!cont(i + 1, lo, hi) || !cont(i + 2)) return bad;
    return (((b0 & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f)) + 3 * 0x200000;
  }
  const lo = b0 === 0xf0 ? 0x90 : 0x80;
  const hi = b0 === 0xf4 ? 0x8f : 0xbf;
  if (!cont(i + 1, lo, hi) || !cont(i + 2) || !cont(i + 3)) return bad;
  return (((b0 & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) + 4 * 0x200000;
}

/** The class id of rune r in program p. */
export function classOf(p: Uint32Array, r: number): number {
  if (r < 0x80) {
    const w = p[p[P.H_ASCII]! + (r >> 1)]!;
    return r & 1 ? w >>> 16 : w & 0xffff;
  }
  const base = p[P.H_IVL]!;
  const n = p[P.H_NIVL]!;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p[base + mid]! <= r) lo = mid;
    else hi = mid - 1;
  }
  return p[base + n + lo]!;
}

/** The EMPTY_* conditions that hold between a rune with `prevCtx` and one with props `next`. */
export function emptyFlags(prevCtx: number, atStart: boolean, atEnd: boolean, nextProps: number): number {
  let f = 0;
  if (atStart) f |= P.EMPTY_BEGIN_TEXT | P.EMPTY_BEGIN_LINE;
  if (prevCtx & P.PROP_NL) f |= P.EMPTY_BEGIN_LINE;
  if (atEnd) f |= P.EMPTY_END_TEXT | P.EMPTY_END_LINE;
  if (nextProps & P.PROP_NL) f |= P.EMPTY_END_LINE;
  const wordBefore = (prevCtx & P.PROP_WORD) !== 0;
  const wordAfter = (nextProps & P.PROP_WORD) !== 0;
  f |= wordBefore !== wordAfter ? P.EMPTY_WORD_BOUNDARY : P.EMPTY_NO_WORD_BOUNDARY;
  return f;
}

/** Runs program p over the UTF-8 bytes b; true if the pattern matches anywhere in b. */
export function runProgram(p: Uint32Array, b: Uint8Array): boolean {
  if (p[P.H_MAGIC] !== P.MAGIC) throw new Error("not a pattern program");
  const n = p[P.H_NINST]!;
  const start = p[P.H_START]!;
  const inst = p[P.H_INST]!;
  const props = p[P.H_PROPS]!;
  const anchored = (p[P.H_FLAGS]! & P.F_ANCHORED) !== 0;
  const seen = new Int32Array(n).fill(-1); // generation stamps: visited in this closure
  const queued = new Int32Array(n).fill(-1); // generation stamps: already in the next list
  let gen = 0;
  let list = [start];
  let prevProps = 0;
  const stack: number[] = [];
  for (let i = 0; ; ) {
    const atEnd = i >= b.length;
    let k = -1;
    let width = 0;
    if (!atEnd) {
      const d = decodeRune(b, i);
      width = Math.floor(d / 0x200000);
      k = classOf(p, d % 0x200000);
    }
    const flags = emptyFlags(prevProps, i === 0, atEnd, atEnd ? 0 : p[props + k]!);
    gen++;
    const next: number[] = [];
    const add = (pc: number): void => {
      if (queued[pc] !== gen) {
        queued[pc] = gen;
        next.push(pc);
      }
    };
    for (const pc of list) stack.push(pc);
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === gen) continue;
      seen[pc] = gen;
      const w0 = p[inst + 2 * pc]!;
      const out = p[inst + 2 * pc + 1]!;
      const arg = w0 >>> 4;
      switch (w0 & 15) {
        case P.OP_MATCH:
          return true;
        case P.OP_SPLIT:
          stack.push(out, arg);
          break;
        case P.OP_EMPTY:
          if ((arg & ~flags) === 0) stack.push(out);
          break;
        case P.OP_NOP:
          stack.push(out);
          break;
        case P.OP_CLASS:
          if (arg === k) add(out);
          break;
        case P.OP_SET:
          if (k >= 0 && (p[arg + (k >> 5)]! >>> (k & 31)) & 1) add(out);
          break;
        case P.OP_ANY:
          if (k >= 0) add(out);
          break;
        default: // OP_FAIL
          break;
      }
    }
    if (atEnd) return false;
    if (!anchored) add(start);
    if (next.length === 0) return false;
    list = next;
    prevProps = p[props + k]!;
    i += width;
  }
}
