// One step of a Thompson NFA over the program words the WASM matcher runs: each step visits each
// instruction at most once. It builds the precomputed DFA (compile.ts), which the WASM matcher
// walks, and the TS matcher's lazy DFA (lazy-dfa.ts).
import * as P from "./program.js";

const RUNE_ERROR = 0xfffd;
/** decodeRune packs rune + width * WIDTH. */
export const WIDTH = 0x200000;

/**
 * Decodes the rune at b[i] as Go's utf8.DecodeRune does: a byte that does not start a valid,
 * complete, shortest-form sequence (or a surrogate) decodes as U+FFFD of width 1.
 * Returns rune + width * 0x200000.
 */
export function decodeRune(b: Uint8Array, i: number): number {
  const n = b.length;
  const b0 = b[i]!;
  const bad = RUNE_ERROR + WIDTH;
  if (b0 < 0x80) return b0 + WIDTH;
  if (b0 < 0xc2 || b0 > 0xf4) return bad;
  const cont = (j: number, lo = 0x80, hi = 0xbf): boolean => j < n && b[j]! >= lo && b[j]! <= hi;
  if (b0 < 0xe0) {
    if (!cont(i + 1)) return bad;
    return (((b0 & 0x1f) << 6) | (b[i + 1]! & 0x3f)) + 2 * WIDTH;
  }
  if (b0 < 0xf0) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    if (!cont(i + 1, lo, hi) || !cont(i + 2)) return bad;
    return (((b0 & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f)) + 3 * WIDTH;
  }
  const lo = b0 === 0xf0 ? 0x90 : 0x80;
  const hi = b0 === 0xf4 ? 0x8f : 0xbf;
  if (!cont(i + 1, lo, hi) || !cont(i + 2) || !cont(i + 3)) return bad;
  return (((b0 & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) + 4 * WIDTH;
}

/** The class id of rune r in program p. */
export function classOf(p: Uint32Array, r: number): number {
  if (r < 0x80) return p[p[P.H_ASCII]! + r]! >>> 2;
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

/** The EMPTY_* conditions that hold between the rune of context ctx (CTX_*) and the next. */
export function emptyFlags(ctx: number, atEnd: boolean, nextProps: number): number {
  let f = 0;
  if (ctx & P.CTX_START) f |= P.EMPTY_BEGIN_TEXT | P.EMPTY_BEGIN_LINE;
  if (ctx & P.PROP_NL) f |= P.EMPTY_BEGIN_LINE;
  if (atEnd) f |= P.EMPTY_END_TEXT | P.EMPTY_END_LINE;
  if (nextProps & P.PROP_NL) f |= P.EMPTY_END_LINE;
  f |= (ctx & P.PROP_WORD) !== (nextProps & P.PROP_WORD) ? P.EMPTY_WORD_BOUNDARY : P.EMPTY_NO_WORD_BOUNDARY;
  return f;
}

/** Reusable work space of step() for one program. */
export class Stepper {
  private readonly seen: Int32Array;
  private readonly queued: Int32Array;
  private gen = 0;
  private readonly stack: number[] = [];
  /** Instructions visited by step() so far (the work done). */
  visits = 0;
  readonly start: number;
  readonly anchored: boolean;

  constructor(readonly p: Uint32Array) {
    if (p[P.H_MAGIC] !== P.MAGIC) throw new Error("not a pattern program");
    const n = p[P.H_NINST]!;
    this.seen = new Int32Array(n).fill(-1);
    this.queued = new Int32Array(n).fill(-1);
    this.start = p[P.H_START]!;
    this.anchored = (p[P.H_FLAGS]! & P.F_ANCHORED) !== 0;
  }

  /**
   * One step from the instructions `list` (reached after a rune of context ctx): follow the
   * empty moves allowed before class k (-1: the end of the input), then consume k. Returns
   * "match" if a match ends here, else the instructions reached after k (empty: no thread left).
   */
  step(list: readonly number[], ctx: number, k: number): "match" | number[] {
    const p = this.p;
    const inst = p[P.H_INST]!;
    const atEnd = k < 0;
    const flags = emptyFlags(ctx, atEnd, atEnd ? 0 : p[p[P.H_PROPS]! + k]!);
    const gen = ++this.gen;
    const next: number[] = [];
    const add = (pc: number): void => {
      if (this.queued[pc] !== gen) {
        this.queued[pc] = gen;
        next.push(pc);
      }
    };
    const stack = this.stack;
    stack.length = 0;
    stack.push(...list);
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (this.seen[pc] === gen) continue;
      this.seen[pc] = gen;
      this.visits++;
      const w0 = p[inst + 2 * pc]!;
      const out = p[inst + 2 * pc + 1]!;
      const arg = w0 >>> 4;
      switch (w0 & 15) {
        case P.OP_MATCH:
          return "match";
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
          if (!atEnd && (p[arg + (k >> 5)]! >>> (k & 31)) & 1) add(out);
          break;
        case P.OP_ANY:
          if (!atEnd) add(out);
          break;
        default: // OP_FAIL
          break;
      }
    }
    if (!atEnd && !this.anchored) add(this.start); // unanchored: a match may start after k
    return next;
  }

  /** The context a state has after a rune of class k. */
  ctxAfter(k: number): number {
    return this.p[this.p[P.H_PROPS]! + k]! & (P.PROP_WORD | P.PROP_NL);
  }
}

/**
 * Runs the NFA simulation from the instructions `list` (reached after a rune of context ctx) over
 * b from byte i; true if a match ends somewhere. Each rune costs at most one visit of each
 * instruction.
 */
export function runNfa(st: Stepper, list: readonly number[], ctx: number, b: Uint8Array, i: number): boolean {
  const p = st.p;
  for (;;) {
    if (i >= b.length) return st.step(list, ctx, -1) === "match";
    const d = decodeRune(b, i);
    const k = classOf(p, d % WIDTH);
    const next = st.step(list, ctx, k);
    if (next === "match") return true;
    if (next.length === 0) return false;
    list = next;
    ctx = st.ctxAfter(k);
    i += Math.floor(d / WIDTH);
  }
}
