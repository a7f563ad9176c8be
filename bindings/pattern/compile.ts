// Compiles a parsed pattern into a program (see program.ts): a Thompson NFA over character
// classes, plus the tables that map code points to classes and the scratch layout the matchers use.
import { MAX_RUNE, type Ranges } from "./charclass.js";
import { Stepper } from "./match.js";
import * as P from "./program.js";
import type { Node } from "./syntax.js";
import { WORD_CHARS } from "./unicode.js";

export class ProgramTooLarge extends Error {}

// Set keys, memoized per ranges array (a repeated \pL shares one array across its copies).
const keys = new WeakMap<Ranges, string>();
function key(r: Ranges): string {
  let k = keys.get(r);
  if (k === undefined) keys.set(r, (k = r.join(",")));
  return k;
}

/** Every distinct character set of the tree, keyed by its ranges. */
function collectSets(node: Node, sets: Map<string, Ranges>, asserts: { flags: number }): void {
  switch (node.kind) {
    case "chars":
      sets.set(key(node.ranges), node.ranges);
      return;
    case "assert":
      asserts.flags |= node.flag;
      return;
    case "concat":
    case "alt":
      for (const s of node.subs) collectSets(s, sets, asserts);
      return;
    case "repeat":
    case "group":
      collectSets(node.sub, sets, asserts);
      return;
    default:
      return;
  }
}

interface Partition {
  /** Elementary intervals: starts[i] .. starts[i+1]-1 (the last one runs to MAX_RUNE). */
  starts: number[];
  /** Class id of each interval. */
  cls: number[];
  count: number;
  /** Class ids of each input set, by key. */
  members: Map<string, number[]>;
}

/**
 * Splits the code space into classes so that each set is a union of classes: intervals start
 * at every range boundary, then each set refines the classes of the intervals it covers.
 */
function partition(sets: Map<string, Ranges>): Partition {
  const bounds = new Set<number>([0, 0x80]);
  for (const r of sets.values()) {
    for (let i = 0; i < r.length; i += 2) {
      bounds.add(r[i]!);
      if (r[i + 1]! < MAX_RUNE) bounds.add(r[i + 1]! + 1);
    }
  }
  const starts = [...bounds].sort((a, b) => a - b);
  const cls = new Array<number>(starts.length).fill(0);
  let next = 1;
  const firstInterval = (c: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= c) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const covered = (r: Ranges, visit: (interval: number) => void): void => {
    for (let i = 0; i < r.length; i += 2) {
      for (let j = firstInterval(r[i]!); j < starts.length && starts[j]! <= r[i + 1]!; j++) visit(j);
    }
  };
  for (const r of sets.values()) {
    const renamed = new Map<number, number>();
    covered(r, (j) => {
      let c = renamed.get(cls[j]!);
      if (c === undefined) renamed.set(cls[j]!, (c = next++));
      cls[j] = c;
    });
  }
  // Number the classes that remain 0..count-1, in code point order.
  const ids = new Map<number, number>();
  for (let j = 0; j < cls.length; j++) {
    let id = ids.get(cls[j]!);
    if (id === undefined) ids.set(cls[j]!, (id = ids.size));
    cls[j] = id;
  }
  const members = new Map<string, number[]>();
  for (const [k, r] of sets) {
    const m = new Set<number>();
    covered(r, (j) => m.add(cls[j]!));
    members.set(k, [...m].sort((a, b) => a - b));
  }
  return { starts, cls, count: ids.size, members };
}

function classAt(p: Partition, c: number): number {
  let lo = 0;
  let hi = p.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p.starts[mid]! <= c) lo = mid;
    else hi = mid - 1;
  }
  return p.cls[lo]!;
}

/** Rewrites counted repetitions into *, +, ? and copies: x{2,4} = xx(x(x)?)?, x{2,} = xx+. */
function expand(node: Node): Node {
  switch (node.kind) {
    case "concat":
    case "alt":
      return { kind: node.kind, subs: node.subs.map(expand) };
    case "group":
      return expand(node.sub);
    case "repeat": {
      const sub = expand(node.sub);
      const { min, max } = node;
      const rep = (lo: number, hi: number): Node => ({ kind: "repeat", sub, min: lo, max: hi, counted: false });
      if ((min === 0 && (max === -1 || max === 1)) || (min === 1 && max === -1)) return rep(min, max);
      if (max === 0) return { kind: "empty" };
      const parts: Node[] = [];
      if (max === -1) {
        for (let i = 0; i < min - 1; i++) parts.push(sub);
        parts.push(rep(1, -1));
      } else {
        for (let i = 0; i < min; i++) parts.push(sub);
        let tail: Node | undefined;
        for (let i = min; i < max; i++) {
          const body: Node = tail === undefined ? sub : { kind: "concat", subs: [sub, tail] };
          tail = { kind: "repeat", sub: body, min: 0, max: 1, counted: false };
        }
        if (tail !== undefined) parts.push(tail);
      }
      return parts.length === 1 ? parts[0]! : { kind: "concat", subs: parts };
    }
    default:
      return node;
  }
}

/** True when every match must begin at offset 0 (the pattern starts with \A or ^ without (?m)). */
function anchoredAtStart(node: Node): boolean {
  switch (node.kind) {
    case "assert":
      return node.flag === P.EMPTY_BEGIN_TEXT;
    case "concat":
      return node.subs.length > 0 && anchoredAtStart(node.subs[0]!);
    case "alt":
      return node.subs.every(anchoredAtStart);
    case "group":
      return anchoredAtStart(node.sub);
    case "repeat":
      return node.min > 0 && anchoredAtStart(node.sub);
    default:
      return false;
  }
}

interface Frag {
  start: number;
  holes: number[]; // pc*2 + 0: the arg (x) of a SPLIT, pc*2 + 1: the out word
}

class Emitter {
  readonly op: number[] = [];
  readonly arg: number[] = [];
  readonly out: number[] = [];

  constructor(private readonly setInst: (ranges: Ranges) => [number, number]) {}

  emit(op: number, arg: number, out: number): number {
    if (this.op.length >= P.MAX_INSTS) throw new ProgramTooLarge();
    this.op.push(op);
    this.arg.push(arg);
    this.out.push(out);
    return this.op.length - 1;
  }

  patch(holes: number[], target: number): void {
    for (const h of holes) {
      if (h & 1) this.out[h >> 1] = target;
      else this.arg[h >> 1] = target;
    }
  }

  compile(node: Node): Frag {
    switch (node.kind) {
      case "empty": {
        const pc = this.emit(P.OP_NOP, 0, 0);
        return { start: pc, holes: [pc * 2 + 1] };
      }
      case "fail":
        return { start: this.emit(P.OP_FAIL, 0, 0), holes: [] };
      case "chars": {
        const [op, arg] = this.setInst(node.ranges);
        const pc = this.emit(op, arg, 0);
        return { start: pc, holes: [pc * 2 + 1] };
      }
      case "assert": {
        const pc = this.emit(P.OP_EMPTY, node.flag, 0);
        return { start: pc, holes: [pc * 2 + 1] };
      }
      case "concat": {
        let f = this.compile(node.subs[0]!);
        for (let i = 1; i < node.subs.length; i++) {
          const g = this.compile(node.subs[i]!);
          this.patch(f.holes, g.start);
          f = { start: f.start, holes: g.holes };
        }
        return f;
      }
      case "alt": {
        const frags = node.subs.map((s) => this.compile(s));
        let start = frags[frags.length - 1]!.start;
        for (let i = frags.length - 2; i >= 0; i--) start = this.emit(P.OP_SPLIT, frags[i]!.start, start);
        return { start, holes: frags.flatMap((f) => f.holes) };
      }
      case "group":
        return this.compile(node.sub);
      case "repeat": {
        if (node.min === 0 && node.max === -1) {
          const loop = this.emit(P.OP_SPLIT, 0, 0);
          const body = this.compile(node.sub);
          this.arg[loop] = body.start;
          this.patch(body.holes, loop);
          return { start: loop, holes: [loop * 2 + 1] };
        }
        const body = this.compile(node.sub);
        const split = this.emit(P.OP_SPLIT, body.start, 0);
        if (node.min === 1) {
          this.patch(body.holes, split); // x+
          return { start: body.start, holes: [split * 2 + 1] };
        }
        return { start: split, holes: [...body.holes, split * 2 + 1] }; // x?
      }
    }
  }
}

/** Programs with more instructions than this are not tried for a precomputed DFA. */
const DFA_MAX_INSTS = 2000;

class DfaTooBig extends Error {}

/**
 * Explores the whole DFA of program w (header, classes and instructions already written) by
 * stepping the NFA from the start state over every class. Returns the table (see program.ts)
 * and the start row's byte offset, or undefined past DFA_MAX_STATES / DFA_MAX_WORDS / DFA_MAX_WORK.
 */
function buildDfa(w: Uint32Array, K: number): { table: Uint32Array; start: number } | undefined {
  const st = new Stepper(w);
  const rowWords = K + 2;
  const states: Array<{ ctx: number; list: number[] }> = [];
  const index = new Map<string, number>();
  const rowOffset = (i: number): number => (4 + i * rowWords) * 4;
  let work = 0; // NFA visits plus the sizes of the sets sorted and keyed
  const stateOf = (ctx: number, list: number[]): number => {
    work += list.length;
    list.sort((a, b) => a - b);
    const k = `${ctx}:${list.join(",")}`;
    let i = index.get(k);
    if (i === undefined) {
      if (states.length >= P.DFA_MAX_STATES || 4 + (states.length + 1) * rowWords > P.DFA_MAX_WORDS) throw new DfaTooBig();
      i = states.length;
      states.push({ ctx, list });
      index.set(k, i);
    }
    return i;
  };
  const rows: number[][] = [];
  try {
    stateOf(P.CTX_START, [st.start]);
    for (let i = 0; i < states.length; i++) {
      const { ctx, list } = states[i]!;
      const row: number[] = [];
      for (let k = 0; k < K; k++) {
        const next = st.step(list, ctx, k);
        if (st.visits + work > P.DFA_MAX_WORK) throw new DfaTooBig();
        if (next === "match") row.push(-P.T_MATCH);
        else if (next.length === 0) row.push(-P.T_DEAD);
        else row.push(stateOf(st.ctxAfter(k), next));
      }
      row.push(-P.T_WIDE, st.step(list, ctx, -1) === "match" ? -P.T_MATCH : -P.T_DEAD);
      rows.push(row);
    }
  } catch (e) {
    if (e instanceof DfaTooBig) return undefined;
    throw e;
  }
  const table = new Uint32Array(4 + rows.length * rowWords);
  rows.forEach((row, i) => {
    row.forEach((t, k) => {
      table[4 + i * rowWords + k] = t < 0 ? -t : rowOffset(t);
    });
  });
  return { table, start: rowOffset(0) };
}

export interface Program {
  words: Uint32Array;
  scratchBytes: number;
}

/** Compiles a parsed pattern. Throws ProgramTooLarge past MAX_INSTS instructions. */
export function compileTree(tree: Node, precomputeDfa = true): Program {
  const sets = new Map<string, Ranges>();
  const asserts = { flags: 0 };
  collectSets(tree, sets, asserts);
  const needWord = (asserts.flags & (P.EMPTY_WORD_BOUNDARY | P.EMPTY_NO_WORD_BOUNDARY)) !== 0;
  const needNL = (asserts.flags & (P.EMPTY_BEGIN_LINE | P.EMPTY_END_LINE)) !== 0;
  // Assertions look at the neighbouring runes' classes: give word characters and \n their own.
  const refine = new Map(sets);
  if (needWord) refine.set(key(WORD_CHARS), WORD_CHARS);
  if (needNL) refine.set("10,10", [10, 10]);
  const part = partition(refine);
  const K = part.count;
  if (K > 0xffffff) throw new ProgramTooLarge();
  const setWords = Math.ceil(K / 32);

  // Class bitmaps of the OP_SET instructions, deduplicated; offsets are fixed up at layout.
  const bitmaps: number[][] = [];
  const bitmapIndex = new Map<string, number>();
  const setInst = (ranges: Ranges): [number, number] => {
    const m = part.members.get(key(ranges))!;
    if (m.length === K) return [P.OP_ANY, 0];
    if (m.length === 1) return [P.OP_CLASS, m[0]!];
    const k = key(m);
    let idx = bitmapIndex.get(k);
    if (idx === undefined) {
      idx = bitmaps.length;
      bitmapIndex.set(k, idx);
      const words = new Array<number>(setWords).fill(0);
      for (const c of m) words[c >> 5] = (words[c >> 5]! | (1 << (c & 31))) >>> 0;
      bitmaps.push(words);
    }
    return [P.OP_SET, idx];
  };

  const em = new Emitter(setInst);
  const body = em.compile(expand(tree));
  const match = em.emit(P.OP_MATCH, 0, 0);
  em.patch(body.holes, match);
  const N = em.op.length;

  // Non-ASCII intervals, adjacent ones of the same class merged.
  const ivlStart: number[] = [];
  const ivlClass: number[] = [];
  for (let j = 0; j < part.starts.length; j++) {
    if (part.starts[j]! < 0x80) continue;
    if (ivlClass.length > 0 && ivlClass[ivlClass.length - 1] === part.cls[j]) continue;
    ivlStart.push(part.starts[j]!);
    ivlClass.push(part.cls[j]!);
  }

  const asciiOff = P.HEADER_WORDS;
  const ivlOff = asciiOff + 256;
  const propsOff = ivlOff + 2 * ivlStart.length;
  const instOff = propsOff + K;
  const setsOff = instOff + 2 * N;
  const total = setsOff + bitmaps.length * setWords;
  const w = new Uint32Array(total);

  for (let b = 0; b < 256; b++) w[asciiOff + b] = (b < 0x80 ? classAt(part, b) : K) << 2;
  w.set(ivlStart, ivlOff);
  w.set(ivlClass, ivlOff + ivlStart.length);
  if (needWord || needNL) {
    const nl = classAt(part, 10);
    for (let b = 0; b < 128; b++) {
      const c = classAt(part, b);
      if (needWord && /\w/.test(String.fromCharCode(b))) w[propsOff + c] |= P.PROP_WORD;
      if (needNL && c === nl) w[propsOff + c] |= P.PROP_NL;
    }
  }
  for (let pc = 0; pc < N; pc++) {
    const op = em.op[pc]!;
    const arg = op === P.OP_SET ? setsOff + em.arg[pc]! * setWords : em.arg[pc]!;
    w[instOff + 2 * pc] = (op | (arg << 4)) >>> 0;
    w[instOff + 2 * pc + 1] = em.out[pc]!;
  }
  bitmaps.forEach((bm, i) => w.set(bm, setsOff + i * setWords));

  w[P.H_MAGIC] = P.MAGIC;
  w[P.H_FLAGS] = anchoredAtStart(tree) ? P.F_ANCHORED : 0;
  w[P.H_NINST] = N;
  w[P.H_START] = body.start;
  w[P.H_NCLASS] = K;
  w[P.H_ASCII] = asciiOff;
  w[P.H_NIVL] = ivlStart.length;
  w[P.H_IVL] = ivlOff;
  w[P.H_PROPS] = propsOff;
  w[P.H_INST] = instOff;
  w[P.H_SETWORDS] = setWords;

  const dfa = precomputeDfa && N <= DFA_MAX_INSTS ? buildDfa(w, K) : undefined;
  if (dfa !== undefined) {
    // The whole DFA fits: matching is a table walk, with no scratch at all.
    const all = new Uint32Array(total + dfa.table.length);
    all.set(w);
    all.set(dfa.table, total);
    all[P.H_DFA] = total;
    all[P.H_DFA_START] = dfa.start;
    return { words: all, scratchBytes: 0 };
  }

  // Lazy DFA in scratch: work lists sized by the instruction count, a state pool and its hash table.
  const poolWords = 4 + Math.max(8192, 8 * (K + 4 + N));
  const maxStates = Math.ceil((poolWords - 4) / (K + 4));
  let hashMax = 64;
  while (hashMax < 2 * maxStates) hashMax *= 2;
  const bitsWords = Math.ceil((N + 1) / 32);
  let at = 16; // scratch header: pool top, state count, hash capacity, flushed
  const region = (words: number): number => {
    const off = at;
    at += words * 4;
    return off;
  };
  w[P.H_S_SPARSE] = region(N);
  w[P.H_S_DENSE] = region(N);
  w[P.H_S_LIST] = region(N + 2);
  w[P.H_S_BITS] = region(bitsWords);
  w[P.H_BITS_WORDS] = bitsWords;
  w[P.H_S_HASH] = region(hashMax);
  w[P.H_HASH_MAX] = hashMax;
  w[P.H_S_POOL] = region(poolWords);
  w[P.H_POOL_WORDS] = poolWords;
  w[P.H_SCRATCH_BYTES] = at;
  return { words: w, scratchBytes: at };
}
