// RE2 pattern matcher: runs a program compiled by bindings/pattern (layout in
// bindings/pattern/program.ts) over UTF-8 bytes as a DFA over the program's Thompson NFA.
//
// A DFA state is the set of NFA instructions reached after a rune, plus what the assertions need
// to know about that rune (word character, newline, start of text). Small patterns come with
// their whole DFA precomputed in the program: matching is then a table walk. Otherwise the DFA
// is built lazily in scratch: a transition is computed once (one pass over the NFA, O(program
// size)) and cached in its state; when the state pool is full it is flushed and building goes
// on, so time stays O(program size x input size) and memory stays the scratch the program asked for.
// No allocation, no globals: everything lives in `prog` (read only) and `scratch` (any content).

// Header word indices (program.ts H_*).
const H_FLAGS: u32 = 1;
const H_START: u32 = 3;
const H_NCLASS: u32 = 4;
const H_BYTEMAP: u32 = 5;
const H_NIVL: u32 = 6;
const H_IVL: u32 = 7;
const H_PROPS: u32 = 8;
const H_INST: u32 = 9;
const H_S_SPARSE: u32 = 12;
const H_S_DENSE: u32 = 13;
const H_S_LIST: u32 = 14;
const H_S_BITS: u32 = 15;
const H_BITS_WORDS: u32 = 16;
const H_S_HASH: u32 = 17;
const H_HASH_MAX: u32 = 18;
const H_S_POOL: u32 = 19;
const H_POOL_WORDS: u32 = 20;
const H_DFA: u32 = 22;
const H_DFA_START: u32 = 23;

const F_ANCHORED: u32 = 1;

const OP_MATCH: u32 = 1;
const OP_SPLIT: u32 = 2;
const OP_EMPTY: u32 = 3;
const OP_CLASS: u32 = 4;
const OP_SET: u32 = 5;
const OP_ANY: u32 = 6;
const OP_NOP: u32 = 7;

const EMPTY_BEGIN_LINE: u32 = 1;
const EMPTY_END_LINE: u32 = 2;
const EMPTY_BEGIN_TEXT: u32 = 4;
const EMPTY_END_TEXT: u32 = 8;
const EMPTY_WORD_BOUNDARY: u32 = 16;
const EMPTY_NO_WORD_BOUNDARY: u32 = 32;

// State context bits: the class props of the rune before (PROP_WORD, PROP_NL), or START.
const CTX_WORD: u32 = 1;
const CTX_NL: u32 = 2;
const CTX_START: u32 = 4;

// Transition values: not computed yet (lazy DFA only), MATCH, DEAD, WIDE (in the column that
// bytes >= 0x80 map to: decode the rune, then look up its class), else the byte offset of the
// next state from the start of its table (never below 16).
const T_UNKNOWN: u32 = 0;
const T_MATCH: u32 = 1;
const T_DEAD: u32 = 2;
const T_WIDE: u32 = 3;

// Lazy DFA. A state at byte offset s of the pool (from 16 on): its row, s .. s+4K-1 transitions
// by class and s+4K T_WIDE, then its info: s+4K+4 ctx, s+4K+8 n, s+4K+12.. its n sorted pcs.
const POOL_FIRST: u32 = 16;
// Scratch header (bytes 0..15).
const S_POOL_TOP: usize = 0; // bytes of the pool in use
const S_COUNT: usize = 4; // states in the pool
const S_HASH_CAP: usize = 8; // hash slots in use (a power of two)
const S_FLUSHED: usize = 12; // set when the pool was flushed during the last findOrAdd
const HASH_MIN: u32 = 64;

@inline function hdr(prog: usize, i: u32): u32 {
  return load<u32>(prog + (<usize>i << 2));
}

@inline function word(base: usize, i: u32): u32 {
  return load<u32>(base + (<usize>i << 2));
}

@inline function setWord(base: usize, i: u32, v: u32): void {
  store<u32>(base + (<usize>i << 2), v);
}

@inline function isCont(b: u32): bool {
  return (b & 0xc0) == 0x80;
}

/**
 * Go's utf8.DecodeRune at p (p < end): returns rune | width << 21. A byte that does not start
 * a valid, complete, shortest-form, non-surrogate sequence decodes as U+FFFD of width 1.
 */
function decodeRune(p: usize, end: usize): u32 {
  const bad: u32 = 0xfffd | (1 << 21);
  const b0 = <u32>load<u8>(p);
  if (b0 < 0xc2 || b0 > 0xf4) return bad; // 0x80..0xC1: stray continuation or overlong lead
  const left = end - p;
  if (left < 2) return bad;
  const b1 = <u32>load<u8>(p, 1);
  if (b0 < 0xe0) {
    if (!isCont(b1)) return bad;
    return (((b0 & 0x1f) << 6) | (b1 & 0x3f)) | (2 << 21);
  }
  // second byte bounds exclude overlongs (E0, F0), surrogates (ED) and > U+10FFFF (F4)
  const lo: u32 = b0 == 0xe0 ? 0xa0 : b0 == 0xf0 ? 0x90 : 0x80;
  const hi: u32 = b0 == 0xed ? 0x9f : b0 == 0xf4 ? 0x8f : 0xbf;
  if (b1 < lo || b1 > hi || left < 3) return bad;
  const b2 = <u32>load<u8>(p, 2);
  if (!isCont(b2)) return bad;
  if (b0 < 0xf0) return (((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f)) | (3 << 21);
  if (left < 4) return bad;
  const b3 = <u32>load<u8>(p, 3);
  if (!isCont(b3)) return bad;
  return (((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)) | (4 << 21);
}

/** Class of a rune >= 0x80: the last interval whose start <= r (binary search). */
function classOfWide(prog: usize, r: u32): u32 {
  const n = hdr(prog, H_NIVL);
  const starts = prog + (<usize>hdr(prog, H_IVL) << 2);
  let lo: u32 = 0;
  let hi: u32 = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (word(starts, mid) <= r) lo = mid;
    else hi = mid - 1;
  }
  return word(starts, n + lo);
}

/** The EMPTY_* conditions that hold between the rune of `ctx` and a rune with `nextProps`. */
@inline function emptyFlags(ctx: u32, atEnd: bool, nextProps: u32): u32 {
  let f: u32 = 0;
  if (ctx & CTX_START) f |= EMPTY_BEGIN_TEXT | EMPTY_BEGIN_LINE;
  if (ctx & CTX_NL) f |= EMPTY_BEGIN_LINE;
  if (atEnd) f |= EMPTY_END_TEXT | EMPTY_END_LINE;
  if (nextProps & CTX_NL) f |= EMPTY_END_LINE;
  f |= (ctx & CTX_WORD) != (nextProps & CTX_WORD) ? EMPTY_WORD_BOUNDARY : EMPTY_NO_WORD_BOUNDARY;
  return f;
}

function hashSet(list: usize, n: u32, ctx: u32): u32 {
  let h: u32 = (ctx + 1) * 0x9e3779b1;
  for (let j: u32 = 0; j < n; j++) h = (h ^ word(list, j)) * 0x01000193;
  return h ^ (h >> 15);
}

/** Inserts state s into the hash table (cap slots, a power of two). */
function hashInsert(hash: usize, cap: u32, h: u32, s: u32): void {
  let slot = h & (cap - 1);
  while (word(hash, slot) != 0) slot = (slot + 1) & (cap - 1);
  setWord(hash, slot, s);
}

/**
 * The lazy-DFA state for (list[0..n), ctx): found in the hash table, or added to the pool. A
 * full pool is flushed first (S_FLUSHED tells the caller that older states are gone).
 */
function findOrAdd(prog: usize, scratch: usize, list: usize, n: u32, ctx: u32): u32 {
  const K4 = hdr(prog, H_NCLASS) << 2;
  const pool = scratch + <usize>hdr(prog, H_S_POOL);
  const hash = scratch + <usize>hdr(prog, H_S_HASH);
  let cap = load<u32>(scratch + S_HASH_CAP);
  const h = hashSet(list, n, ctx);
  let slot = h & (cap - 1);
  for (;;) {
    const s = word(hash, slot);
    if (s == 0) break;
    const info = pool + s + K4 + 4;
    if (load<u32>(info) == ctx && load<u32>(info, 4) == n && memory.compare(info + 8, list, <usize>n << 2) == 0) return s;
    slot = (slot + 1) & (cap - 1);
  }
  let top = load<u32>(scratch + S_POOL_TOP);
  const size = K4 + 12 + (n << 2);
  if (top + size > hdr(prog, H_POOL_WORDS) << 2) {
    // Pool full: start over with an empty cache.
    top = POOL_FIRST;
    store<u32>(scratch + S_COUNT, 0);
    memory.fill(hash, 0, <usize>cap << 2);
    store<u32>(scratch + S_FLUSHED, 1);
    slot = h & (cap - 1);
  }
  const s = top;
  memory.fill(pool + s, 0, K4); // transitions not computed yet
  store<u32>(pool + s + K4, T_WIDE);
  store<u32>(pool + s + K4, ctx, 4);
  store<u32>(pool + s + K4, n, 8);
  memory.copy(pool + s + K4 + 12, list, <usize>n << 2);
  store<u32>(scratch + S_POOL_TOP, s + size);
  setWord(hash, slot, s);
  const count = load<u32>(scratch + S_COUNT) + 1;
  store<u32>(scratch + S_COUNT, count);
  if (count * 2 > cap && cap < hdr(prog, H_HASH_MAX)) {
    // Grow the table (only the part in use is ever cleared) and re-insert every state.
    cap <<= 1;
    store<u32>(scratch + S_HASH_CAP, cap);
    memory.fill(hash, 0, <usize>cap << 2);
    const end = s + size;
    for (let t = POOL_FIRST; t < end; ) {
      const info = pool + t + K4 + 4;
      const m = load<u32>(info, 4);
      hashInsert(hash, cap, hashSet(info + 8, m, load<u32>(info)), t);
      t += K4 + 12 + (m << 2);
    }
  }
  return s;
}

/** Adds pc to the sparse set (sparse, dense[0..n)); returns the new size. */
@inline function mark(sparse: usize, dense: usize, n: u32, pc: u32): u32 {
  const i = word(sparse, pc);
  if (i < n && word(dense, i) == pc) return n;
  setWord(sparse, pc, n);
  setWord(dense, n, pc);
  return n + 1;
}

/**
 * Computes the lazy-DFA transition of state s on class k (or the end of input when atEnd):
 * follows the empty moves of the state's instructions under the assertions that hold here,
 * steps the consuming ones over k, and returns T_MATCH, T_DEAD or the next state (cached in s
 * when s still exists).
 */
function transition(prog: usize, scratch: usize, s: u32, k: u32, atEnd: bool): u32 {
  const K4 = hdr(prog, H_NCLASS) << 2;
  const start = hdr(prog, H_START);
  const inst = prog + (<usize>hdr(prog, H_INST) << 2);
  const pool = scratch + <usize>hdr(prog, H_S_POOL);
  const sparse = scratch + <usize>hdr(prog, H_S_SPARSE);
  const dense = scratch + <usize>hdr(prog, H_S_DENSE);
  const bits = scratch + <usize>hdr(prog, H_S_BITS);
  const list = scratch + <usize>hdr(prog, H_S_LIST);
  const nextProps: u32 = atEnd ? 0 : word(prog + (<usize>hdr(prog, H_PROPS) << 2), k);
  const info = pool + s + K4 + 4;
  const flags = emptyFlags(load<u32>(info), atEnd, nextProps);

  // The instructions reached, in visit order: a sparse set (valid whatever the scratch held
  // before) whose dense array is also the work queue.
  let visited: u32 = 0;
  const n = load<u32>(info, 4);
  for (let j: u32 = 0; j < n; j++) visited = mark(sparse, dense, visited, word(info + 8, j));
  let lowWord: u32 = 0xffffffff;
  let highWord: u32 = 0;
  for (let q: u32 = 0; q < visited; q++) {
    const pc = word(dense, q);
    const w0 = word(inst, pc << 1);
    const out = word(inst, (pc << 1) + 1);
    const arg = w0 >> 4;
    let consumed = false; // does the instruction consume class k (then continue at out)?
    switch (w0 & 15) {
      case OP_MATCH: {
        if (!atEnd) store<u32>(pool + s + (k << 2), T_MATCH);
        return T_MATCH;
      }
      case OP_SPLIT: {
        visited = mark(sparse, dense, visited, arg);
        visited = mark(sparse, dense, visited, out);
        break;
      }
      case OP_EMPTY: {
        if ((arg & ~flags) == 0) visited = mark(sparse, dense, visited, out);
        break;
      }
      case OP_NOP: {
        visited = mark(sparse, dense, visited, out);
        break;
      }
      case OP_CLASS: {
        consumed = !atEnd && arg == k;
        break;
      }
      case OP_SET: {
        consumed = !atEnd && ((word(prog, arg + (k >> 5)) >> (k & 31)) & 1) != 0;
        break;
      }
      case OP_ANY: {
        consumed = !atEnd;
        break;
      }
      default:
        break; // OP_FAIL
    }
    if (consumed) {
      const wi = out >> 5;
      setWord(bits, wi, word(bits, wi) | (<u32>1 << (out & 31)));
      if (wi < lowWord) lowWord = wi;
      if (wi > highWord) highWord = wi;
    }
  }
  if (atEnd) return T_DEAD;
  if ((hdr(prog, H_FLAGS) & F_ANCHORED) == 0) {
    // unanchored search: a new match may start after this rune
    const wi = start >> 5;
    setWord(bits, wi, word(bits, wi) | (<u32>1 << (start & 31)));
    if (wi < lowWord) lowWord = wi;
    if (wi > highWord) highWord = wi;
  }
  // The next set, in increasing pc order (a canonical key); the bitmap is left all zero.
  let m: u32 = 0;
  if (lowWord != 0xffffffff) {
    for (let wi = lowWord; wi <= highWord; wi++) {
      let b = word(bits, wi);
      if (b == 0) continue;
      setWord(bits, wi, 0);
      while (b != 0) {
        setWord(list, m++, (wi << 5) + ctz<u32>(b));
        b &= b - 1;
      }
    }
  }
  if (m == 0) {
    store<u32>(pool + s + (k << 2), T_DEAD);
    return T_DEAD;
  }
  store<u32>(scratch + S_FLUSHED, 0);
  const t = findOrAdd(prog, scratch, list, m, nextProps & (CTX_WORD | CTX_NL));
  if (load<u32>(scratch + S_FLUSHED) == 0) store<u32>(pool + s + (k << 2), t);
  return t;
}

/** Empties the lazy DFA in scratch and returns its start state. */
function startLazy(prog: usize, scratch: usize): u32 {
  memory.fill(scratch + <usize>hdr(prog, H_S_BITS), 0, <usize>hdr(prog, H_BITS_WORDS) << 2);
  memory.fill(scratch + <usize>hdr(prog, H_S_HASH), 0, <usize>HASH_MIN << 2);
  store<u32>(scratch + S_POOL_TOP, POOL_FIRST);
  store<u32>(scratch + S_COUNT, 0);
  store<u32>(scratch + S_HASH_CAP, HASH_MIN);
  const list = scratch + <usize>hdr(prog, H_S_LIST);
  store<u32>(list, hdr(prog, H_START));
  return findOrAdd(prog, scratch, list, 1, CTX_START);
}

/**
 * True if the pattern program at `prog` matches anywhere in the `len` UTF-8 bytes at `input`.
 * `scratch` must hold the program's scratchBytes (H_SCRATCH_BYTES; 0 when the program carries
 * its whole DFA) bytes, of any content.
 */
export function patternMatch(prog: usize, input: usize, len: u32, scratch: usize): bool {
  const byteMap = prog + (<usize>hdr(prog, H_BYTEMAP) << 2); // class x 4 of each byte
  const dfa = hdr(prog, H_DFA);
  const lazy = dfa == 0;
  let table: usize; // the DFA's rows: transitions by class, T_WIDE, (precomputed: end-of-input result)
  let s: u32; // byte offset of the current row in table
  if (lazy) {
    table = scratch + <usize>hdr(prog, H_S_POOL);
    s = startLazy(prog, scratch);
  } else {
    table = prog + (<usize>dfa << 2);
    s = hdr(prog, H_DFA_START);
  }
  let p = input;
  const end = input + len;
  while (p < end) {
    let k4 = word(byteMap, <u32>load<u8>(p));
    let t = load<u32>(table + s + k4);
    // A self-loop leaves s as it was: the next load's address then does not wait for this one,
    // so runs of such bytes (most text, for most states) go at load throughput, not latency.
    if (t == s) {
      // Stay in s as long as the bytes allow, four at a time.
      p++;
      const row = table + s;
      while (p + 4 <= end) {
        const w = load<u32>(p);
        if (load<u32>(row + word(byteMap, w & 0xff)) != s) break;
        if (load<u32>(row + word(byteMap, (w >> 8) & 0xff)) != s) {
          p += 1;
          break;
        }
        if (load<u32>(row + word(byteMap, (w >> 16) & 0xff)) != s) {
          p += 2;
          break;
        }
        if (load<u32>(row + word(byteMap, w >> 24)) != s) {
          p += 3;
          break;
        }
        p += 4;
      }
      continue;
    }
    let width: u32 = 1;
    if (t <= T_WIDE) {
      if (t == T_WIDE) {
        const d = decodeRune(p, end);
        width = d >> 21;
        k4 = classOfWide(prog, d & 0x1fffff) << 2;
        t = load<u32>(table + s + k4);
      }
      if (t == T_UNKNOWN) t = transition(prog, scratch, s, k4 >> 2, false);
      if (t == T_MATCH) return true;
      if (t == T_DEAD) return false;
    }
    s = t;
    p += width;
  }
  if (lazy) return transition(prog, scratch, s, 0, true) == T_MATCH;
  return load<u32>(table + s + (hdr(prog, H_NCLASS) << 2), 4) == T_MATCH;
}
