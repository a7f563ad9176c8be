// A session: the resumable state of one document being read (tokenizer state, frame stack, slot
// stack, tape, error records, path arena, scratch), kept in WASM memory. One-shot calls share one
// session per engine; each stream parser has its own.

import { getEngine, type Engine } from "./engine.js";
import * as L from "./layout.js";
import { Heap } from "./memory.js";

const encoder = new TextEncoder();

export interface SessionLimits {
  readonly maxErrors: number;
  readonly maxDepth: number;
  readonly strictMissingFields: boolean;
}

function hasBackslash(chunk: string | Uint8Array): boolean {
  return typeof chunk === "string" ? chunk.includes("\\") : chunk.includes(0x5c);
}

/** Session words that hold a buffer of the session's own (the record itself is the session address). */
const BUFFER_WORDS = [L.S_STACK, L.S_SLOTS, L.S_TAPE, L.S_ARENA, L.S_INPUT, L.S_SCRATCH, L.S_ERRS, L.S_PATTERN_SCRATCH, L.S_STRS];

/**
 * A session's memory goes back to the heap when the session is garbage collected (a stream
 * parser per request must not grow WASM memory with the number of requests). The buffers are
 * read from the record then, since growing them moves them.
 */
const sessions = new FinalizationRegistry<number>(releaseSession);

function releaseSession(address: number): void {
  const heap = getEngine().heap;
  for (const word of BUFFER_WORDS) heap.release(heap.u32[(address >>> 2) + word]);
  heap.release(address);
}

export class Session {
  readonly engine: Engine;
  /**
   * Address of the 64-word session record; 0 while the session holds no memory (after free(),
   * until the next begin() takes it again).
   */
  address = 0;
  private w = 0; // word index of the record
  private inputCap = 0; // bytes of the input buffer
  private inputView: Uint8Array | undefined; // the input buffer, for one-shot encodeInto
  private patternCap = 0; // bytes of the pattern scratch

  constructor() {
    this.engine = getEngine();
    this.acquire();
  }

  /** Take a record and small buffers (every stream parser has a session; they grow as a document needs). */
  private acquire(): void {
    const heap = this.engine.heap;
    this.address = heap.alloc(L.S_WORDS * 4);
    this.w = this.address >>> 2;
    heap.u8.fill(0, this.address, this.address + L.S_WORDS * 4);
    this.alloc(L.S_STACK, L.S_STACK_CAP, 16, L.FM_BYTES);
    this.alloc(L.S_SLOTS, L.S_SLOTS_CAP, 1024, 1);
    this.alloc(L.S_TAPE, L.S_TAPE_CAP, 256, L.TP_WORDS * 4);
    this.alloc(L.S_ARENA, L.S_ARENA_CAP, 256, L.PF_WORDS * 4);
    this.alloc(L.S_INPUT, -1, 1024, 1);
    this.inputCap = heap.capacity(this.get(L.S_INPUT));
    this.inputView = undefined;
    this.alloc(L.S_SCRATCH, L.S_SCRATCH_CAP, 1024, 1);
    this.alloc(L.S_STRS, L.S_STRS_CAP, 64, 1);
    this.alloc(L.S_ERRS, L.S_ERRS_CAP, 64, L.ER_WORDS * 4);
    this.alloc(L.S_PATTERN_SCRATCH, -1, 256, 1);
    this.patternCap = heap.capacity(this.get(L.S_PATTERN_SCRATCH));
    sessions.register(this, this.address, this);
  }

  /**
   * Give the session's memory back now, not when it is garbage collected: for a session whose
   * document is over (a parseStream that finished, a stream parser after end()). A loop of
   * parseStream calls awaits only microtasks, so finalizers never ran and WASM memory grew by
   * ~15 KB per call (1.5 GB for 100,000 calls). Nothing may be read from the session until the
   * next begin(), which takes memory again.
   */
  free(): void {
    if (this.address === 0) return; // (freed already)
    sessions.unregister(this);
    releaseSession(this.address);
    this.address = this.w = 0;
  }

  get(word: number): number {
    return this.engine.heap.u32[this.w + word];
  }

  set(word: number, value: number): void {
    this.engine.heap.u32[this.w + word] = value;
  }

  private alloc(ptrWord: number, capWord: number, count: number, unit: number): void {
    const p = this.engine.heap.alloc(count * unit);
    this.set(ptrWord, p);
    if (capWord >= 0) this.set(capWord, Math.floor(this.engine.heap.capacity(p) / unit));
  }

  /** Make room for `count` units in buffer (ptrWord, capWord), keeping the first `keep` bytes. */
  private grow(ptrWord: number, capWord: number, count: number, unit: number, keep: number): void {
    const heap = this.engine.heap;
    const p = heap.realloc(this.get(ptrWord), count * unit, keep);
    this.set(ptrWord, p);
    if (capWord >= 0) this.set(capWord, Math.floor(heap.capacity(p) / unit));
  }

  /**
   * Start a new document with this program. `anyAsText`: write each `any` value as one T_RAW entry
   * (its JSON text), as a stream reads it, instead of entries of its content.
   */
  begin(program: number, limits: SessionLimits, anyAsText = false): void {
    if (this.address === 0) this.acquire();
    const u32 = this.engine.heap.u32;
    const w = this.w;
    for (let i = 0; i < RESET_WORDS.length; i++) u32[w + RESET_WORDS[i]] = 0;
    u32[w + L.S_PROGRAM] = program;
    u32[w + L.S_STATE] = L.TS_VALUE;
    u32[w + L.S_MAX_DEPTH] = limits.maxDepth;
    u32[w + L.S_MAX_ERRORS] = limits.maxErrors;
    u32[w + L.S_FLAGS] = (limits.strictMissingFields ? L.SF_STRICT_MISSING : 0) | L.SF_UTF8_KNOWN | (anyAsText ? L.SF_ANY_RAW : 0);
    // (checked at every document, never skipped for the program of the last one: a program
    // freed with its validator leaves its address to the next program loaded, which may need
    // more, and the core's patterns wrote past the scratch into the next block of memory)
    const patternScratch = u32[(program >>> 2) + L.H_PATTERN_SCRATCH];
    if (patternScratch > this.patternCap) this.growPatternScratch(patternScratch);
  }

  /** Make the pattern scratch (no bounds checks in the core) hold `bytes` bytes. */
  private growPatternScratch(bytes: number): void {
    this.grow(L.S_PATTERN_SCRATCH, -1, bytes, 1, 0);
    this.patternCap = this.engine.heap.capacity(this.get(L.S_PATTERN_SCRATCH));
  }

  /** Make the input buffer (and the scratch beside it) hold `bytes` bytes. */
  private reserveInput(bytes: number): void {
    if (this.inputCap >= bytes + 16) return;
    const heap = this.engine.heap;
    const input = this.get(L.S_INPUT);
    const scratch = this.get(L.S_SCRATCH);
    if (this.get(L.S_SCRATCH_CAP) < bytes + 16 && input + this.inputCap === scratch && heap.atTop(scratch) && !heap.hasFree(bytes + 16)) {
      // the scratch lies right above the input at the top of the heap (where the last growth put
      // them): its bytes need not be kept, so it is given back, the input grows in place (no copy,
      // and no block of the old size left behind: a stream's input growing to 100 MB left 128 MB
      // of them, all written to), and the scratch is taken again above it. (Memory for both is
      // reached first: once it is there, none of the three steps can fail half-way.)
      heap.reach(input + Heap.blockBytes(bytes + 16) + Heap.blockBytes(bytes + 16));
      heap.release(scratch);
      this.growInput(bytes);
      this.alloc(L.S_SCRATCH, L.S_SCRATCH_CAP, bytes + 16, 1);
      return;
    }
    this.growInput(bytes);
    if (this.get(L.S_SCRATCH_CAP) < bytes + 16) this.grow(L.S_SCRATCH, L.S_SCRATCH_CAP, bytes + 16, 1, 0);
  }

  private growInput(bytes: number): void {
    this.grow(L.S_INPUT, -1, bytes + 16, 1, this.get(L.S_INPUT_LEN));
    this.inputCap = this.engine.heap.capacity(this.get(L.S_INPUT));
    this.inputView = undefined;
  }

  /** Append input (a string is written as UTF-8). Returns the number of bytes added. */
  append(chunk: string | Uint8Array): number {
    const u32 = this.engine.heap.u32;
    const len = u32[this.w + L.S_INPUT_LEN];
    let added: number;
    if (typeof chunk === "string") {
      this.reserveInput(len + chunk.length * 3);
      const heap = this.engine.heap;
      const input = heap.u32[this.w + L.S_INPUT];
      let view: Uint8Array;
      if (len === 0) {
        // one-shot documents all start at 0: reuse one view of the buffer
        if (this.inputView === undefined || this.inputView.buffer !== heap.u8.buffer) {
          this.inputView = heap.u8.subarray(input, input + this.inputCap);
        }
        view = this.inputView;
      } else if (chunk.length <= SHORT_CHUNK) {
        // a short chunk of a stream: encoded here, no view to allocate and no call out per chunk
        added = writeUtf8(chunk, heap.u8, input + len);
        this.engine.heap.u32[this.w + L.S_INPUT_LEN] = len + added;
        return added;
      } else view = heap.u8.subarray(input + len, input + this.inputCap);
      added = encoder.encodeInto(chunk, view).written;
    } else {
      // (bytes may be anything: the tokenizer checks their UTF-8 from here on)
      this.engine.heap.u32[this.w + L.S_FLAGS] &= ~L.SF_UTF8_KNOWN;
      this.reserveInput(len + chunk.length);
      this.engine.heap.u8.set(chunk, this.engine.heap.u32[this.w + L.S_INPUT] + len);
      added = chunk.length;
    }
    this.engine.heap.u32[this.w + L.S_INPUT_LEN] = len + added;
    // (the strings arena of a one-shot run: room for its long escaped strings, which decode to no
    // more bytes than they take; the core uses it while they fit, the builders' JSON.parse the rest.
    // Input without a backslash has no escaped string: then the arena does not grow for it, past
    // STRS_SMALL, which it takes without looking: small documents are not searched for one)
    const need = len + added;
    if ((this.get(L.S_FLAGS) & L.SF_ANY_RAW) === 0 && this.get(L.S_STRS_CAP) < need && (need <= STRS_SMALL || hasBackslash(chunk))) {
      this.grow(L.S_STRS, L.S_STRS_CAP, Math.max(need, STRS_SMALL), 1, 0);
    }
    return added;
  }

  /** Run the core over the input appended so far; grows buffers as it asks. Returns ST_*. */
  run(final: boolean): number {
    this.engine.heap.u32[this.w + L.S_FINAL] = final ? 1 : 0;
    const { exports } = this.engine;
    for (;;) {
      // the core never grows memory (only Heap.alloc does, which refreshes the views)
      const status = exports.run(this.address);
      if (status !== L.ST_NEED_SPACE) return status;
      this.makeSpace();
    }
  }

  /** Grow what haveSpace() in assembly/tokenizer.ts found short. */
  private makeSpace(): void {
    const depth = this.get(L.S_DEPTH);
    const prog = this.get(L.S_PROGRAM) >>> 2;
    const u32 = this.engine.heap.u32;
    const stepErrors = u32[prog + L.H_STEP_ERRORS];
    const slotMargin = u32[prog + L.H_SLOT_MARGIN];
    if (depth + 2 >= this.get(L.S_STACK_CAP)) {
      this.grow(L.S_STACK, L.S_STACK_CAP, (depth + 2) * 2, L.FM_BYTES, depth * L.FM_BYTES);
    }
    const tapeLen = this.get(L.S_TAPE_LEN);
    if (tapeLen + 4 > this.get(L.S_TAPE_CAP)) {
      this.grow(L.S_TAPE, L.S_TAPE_CAP, (tapeLen + 4) * 2, L.TP_WORDS * 4, tapeLen * L.TP_WORDS * 4);
    }
    const arenaLen = this.get(L.S_ARENA_LEN);
    const arenaNeed = arenaLen + stepErrors * (depth + 2);
    if (arenaNeed > this.get(L.S_ARENA_CAP)) {
      this.grow(L.S_ARENA, L.S_ARENA_CAP, arenaNeed * 2, L.PF_WORDS * 4, arenaLen * L.PF_WORDS * 4);
    }
    const slotsTop = this.get(L.S_SLOTS_TOP);
    if (slotsTop + slotMargin > this.get(L.S_SLOTS_CAP)) {
      this.grow(L.S_SLOTS, L.S_SLOTS_CAP, (slotsTop + slotMargin) * 2, 1, slotsTop);
    }
    const errCount = this.get(L.S_ERR_COUNT);
    const errsFull = this.get(L.S_MAX_ERRORS) + 1; // never more records than maxErrors + TOO_MANY
    const errsCap = this.get(L.S_ERRS_CAP);
    if (errsCap < errsFull && errCount + stepErrors + 1 > errsCap) {
      this.grow(L.S_ERRS, L.S_ERRS_CAP, Math.min(errsFull, Math.max(errCount + stepErrors + 1, errsCap * 2)), L.ER_WORDS * 4, errCount * L.ER_WORDS * 4);
    }
  }

  /** Was the error list cut at maxErrors (its last record TOO_MANY)? */
  errorsCut(): boolean {
    const count = this.get(L.S_ERR_COUNT);
    return count > 0 && this.engine.heap.u32[(this.get(L.S_ERRS) >>> 2) + (count - 1) * L.ER_WORDS + L.ER_KIND] === L.E_TOO_MANY;
  }

  /**
   * Records were dropped at the maxErrors cut and a repeated key then took records back: the
   * dropped ones may belong in the list after all, so the document must be read again with room
   * for `maxErrors + S_ERR_RETRACTED` records (the list of that run, cut to maxErrors, is exact).
   */
  errorsLost(): boolean {
    return this.get(L.S_ERR_RETRACTED) > 0 && this.errorsCut();
  }

  /** The input bytes received so far (a view into WASM memory: copy before the next call). */
  inputBytes(): Uint8Array {
    const p = this.get(L.S_INPUT);
    return this.engine.heap.u8.subarray(p, p + this.get(L.S_INPUT_LEN));
  }
}

/** Strings arena a one-shot run takes without searching its input for a backslash (bytes). */
const STRS_SMALL = 4096;

/** Longest string chunk encoded by writeUtf8 (longer ones go to TextEncoder.encodeInto). */
const SHORT_CHUNK = 64;

/**
 * Write s as UTF-8 at u8[at] (room for 3 bytes per unit is reserved); returns the bytes written.
 * A lone surrogate is written as U+FFFD, as TextEncoder does.
 */
export function writeUtf8(s: string, u8: Uint8Array, at: number): number {
  let p = at;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      u8[p++] = c;
      continue;
    }
    if (c < 0x800) {
      u8[p++] = 0xc0 | (c >> 6);
      u8[p++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        u8[p++] = 0xf0 | (cp >> 18);
        u8[p++] = 0x80 | ((cp >> 12) & 0x3f);
        u8[p++] = 0x80 | ((cp >> 6) & 0x3f);
        u8[p++] = 0x80 | (cp & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    u8[p++] = 0xe0 | (c >> 12);
    u8[p++] = 0x80 | ((c >> 6) & 0x3f);
    u8[p++] = 0x80 | (c & 0x3f);
  }
  return p - at;
}

/** Session words a new document starts from zero. */
const RESET_WORDS = [L.S_INPUT_LEN, L.S_FINAL, L.S_POS, L.S_U16_DELTA, L.S_DEPTH, L.S_SLOTS_TOP, L.S_TAPE_LEN, L.S_ERR_COUNT,
  L.S_ARENA_LEN, L.S_SUB, L.S_TOKEN_START, L.S_TOKEN_U16, L.S_UTF8_NEED, L.S_STR_FLAGS, L.S_TAPE_OFF, L.S_ERR_RETRACTED, L.S_STRS_LEN];

let shared: Session | undefined;

/** The session one-shot calls use. */
export function sharedSession(): Session {
  shared ??= new Session();
  return shared;
}
