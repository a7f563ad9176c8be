// The TS matcher (matchPattern, hence validate()): a DFA over the program's NFA, built lazily as
// the WASM matcher does. A state (the NFA instructions reached plus the context of the rune
// before) computes its transition on a class once, with one Stepper.step (at most one visit of
// each instruction), and keeps it; a pattern whose states repeat then costs a table walk per rune
// instead of a pass over the NFA (a{1000} on 100 KB went from 4 s to 70 ms). Each program keeps
// its states across calls, and drops them all when they hold more than MAX_CACHED_WORDS
// (instructions and transitions), so memory stays bounded whatever the input and the pattern. When the cache is dropped after
// fewer than MIN_BYTES_PER_STATE input bytes per state (states hardly repeat, as in
// a[ab]{19}c on random text), the rest of the input runs on the plain NFA simulation, as RE2
// falls back from its DFA: caching would only add cost there.
import * as P from "./program.js";
import { classOf, decodeRune, runNfa, Stepper, WIDTH } from "./match.js";

/** Instructions plus transition slots (summed over the states) a program's cache may hold. */
export const MAX_CACHED_WORDS = 1 << 20;
const MIN_BYTES_PER_STATE = 10;

interface State {
  readonly ctx: number;
  readonly list: readonly number[];
  /** By class: the next state, MATCH, DEAD, or undefined while not computed. */
  readonly next: Array<State | typeof MATCH | typeof DEAD | undefined>;
  /** Whether a match ends here at the end of the input, once computed. */
  atEnd?: boolean;
}

const MATCH = 1;
const DEAD = 0;

class LazyDfa {
  readonly stepper: Stepper;
  private readonly classes: number;
  private states = new Map<string, State>();
  private cachedWords = 0;
  /** Times the cache was dropped for holding more than MAX_CACHED_WORDS. */
  flushes = 0;
  /** Input bytes run since the cache was last dropped, and whether that was too few (see above). */
  private bytes = 0;
  private thrashing = false;
  readonly start: State;

  constructor(readonly program: Uint32Array) {
    this.stepper = new Stepper(program);
    this.classes = program[P.H_NCLASS]!;
    this.start = this.state(P.CTX_START, [this.stepper.start]);
  }

  private state(ctx: number, list: number[]): State {
    list.sort((a, b) => a - b);
    const key = `${ctx}:${list.join(",")}`;
    let s = this.states.get(key);
    if (s === undefined) {
      const words = list.length + this.classes;
      if (this.cachedWords + words > MAX_CACHED_WORDS) this.flush();
      s = { ctx, list, next: new Array(this.classes) };
      this.states.set(key, s);
      this.cachedWords += words;
    }
    return s;
  }

  /** Drops every state: their links are cut, so the start state no longer holds them. */
  private flush(): void {
    for (const s of this.states.values()) s.next.fill(undefined);
    this.start.next.fill(undefined);
    this.thrashing = this.bytes < MIN_BYTES_PER_STATE * this.states.size;
    this.bytes = 0;
    this.states = new Map();
    this.cachedWords = 0;
    this.flushes++;
  }

  private next(s: State, k: number): State | typeof MATCH | typeof DEAD {
    let t = s.next[k];
    if (t === undefined) {
      const r = this.stepper.step(s.list, s.ctx, k);
      t = r === "match" ? MATCH : r.length === 0 ? DEAD : this.state(this.stepper.ctxAfter(k), r);
      s.next[k] = t;
    }
    return t;
  }

  /** True if the program matches anywhere in the UTF-8 bytes b. */
  run(b: Uint8Array): boolean {
    const p = this.program;
    let s = this.start;
    this.thrashing = false;
    for (let i = 0; i < b.length; ) {
      if (this.thrashing) return runNfa(this.stepper, s.list, s.ctx, b, i);
      const d = decodeRune(b, i);
      const t = this.next(s, classOf(p, d % WIDTH));
      if (t === MATCH) return true;
      if (t === DEAD) return false;
      s = t;
      const width = Math.floor(d / WIDTH);
      i += width;
      this.bytes += width;
    }
    s.atEnd ??= this.stepper.step(s.list, s.ctx, -1) === "match";
    return s.atEnd;
  }
}

const dfas = new WeakMap<Uint32Array, LazyDfa>();

/** The lazy DFA of program p (one per program, kept while the program lives). */
export function lazyDfaOf(p: Uint32Array): LazyDfa {
  let d = dfas.get(p);
  if (d === undefined) dfas.set(p, (d = new LazyDfa(p)));
  return d;
}

/** Runs program p over the UTF-8 bytes b; true if the pattern matches anywhere in b. */
export function runProgram(p: Uint32Array, b: Uint8Array): boolean {
  return lazyDfaOf(p).run(b);
}
