// Layout of a compiled pattern program: one Uint32Array, position independent (every offset is
// relative to the program's first word, or to the scratch area's first byte), copied verbatim
// into WASM memory. assembly/pattern.ts reads the same layout; the numbers below are mirrored
// there and the differential tests run both sides on every program.
//
//   header        HEADER_WORDS words, indices H_*
//   byte map      256 words: for a byte < 0x80, its class id x 4 (a byte offset into a DFA row);
//                 for a lead or continuation byte, NCLASS x 4: the T_WIDE column of every row
//   interval      NIVL words of start code points (>= 0x80, ascending) then NIVL words of class ids:
//                 a rune r >= 0x80 belongs to the class of the last interval whose start <= r
//   class props   NCLASS words: PROP_WORD / PROP_NL of each class
//   instructions  NINST x 2 words: [op | arg << 4, out]
//   class sets    SETWORDS words per set: bit k set when class k is in the set
//   dfa           optional (H_DFA != 0): the whole DFA, when it is small. 4 words of padding, then
//                 one row per state: NCLASS words of transitions (T_MATCH, T_DEAD, or the byte
//                 offset of the next row from the table's start), T_WIDE, then the row's
//                 T_MATCH / T_DEAD at the end of the input. The start row is at byte offset H_DFA_START.
//
// Classes partition the code points so that every character set of the pattern is a union of
// classes (and, when the pattern needs them, so that ASCII word characters and '\n' have classes
// of their own). Matching decodes one rune, maps it to its class, and steps on the class.

export const MAGIC = 0x52453201;

export const H_MAGIC = 0;
export const H_FLAGS = 1;
export const H_NINST = 2;
export const H_START = 3;
export const H_NCLASS = 4;
export const H_ASCII = 5;
export const H_NIVL = 6;
export const H_IVL = 7;
export const H_PROPS = 8;
export const H_INST = 9;
export const H_SETWORDS = 10;
// Scratch layout (byte offsets into scratch, except where noted).
export const H_S_RESERVED = 11; // unused
export const H_S_SPARSE = 12;
export const H_S_DENSE = 13;
export const H_S_LIST = 14;
export const H_S_BITS = 15;
export const H_BITS_WORDS = 16; // words in the next-set bitmap
export const H_S_HASH = 17;
export const H_HASH_MAX = 18; // slots (a power of two)
export const H_S_POOL = 19;
export const H_POOL_WORDS = 20;
export const H_SCRATCH_BYTES = 21;
export const H_DFA = 22; // word offset of the precomputed DFA, 0 if none (then the DFA is built lazily in scratch)
export const H_DFA_START = 23;
export const HEADER_WORDS = 24;

/** Program flags (H_FLAGS). */
export const F_ANCHORED = 1; // every match starts at offset 0: no implicit leading .*?

/** Opcodes (low 4 bits of an instruction's first word; arg is the rest). */
export const OP_FAIL = 0; // thread dies
export const OP_MATCH = 1; // match found
export const OP_SPLIT = 2; // arg = x, out = y: continue at both
export const OP_EMPTY = 3; // arg = EMPTY_* bits that must all hold here
export const OP_CLASS = 4; // arg = class id: consume a rune of that class
export const OP_SET = 5; // arg = word offset of a class bitmap: consume a rune of those classes
export const OP_ANY = 6; // consume any rune
export const OP_NOP = 7; // continue at out

/** Empty-width assertions (OP_EMPTY arg). */
export const EMPTY_BEGIN_LINE = 1;
export const EMPTY_END_LINE = 2;
export const EMPTY_BEGIN_TEXT = 4;
export const EMPTY_END_TEXT = 8;
export const EMPTY_WORD_BOUNDARY = 16;
export const EMPTY_NO_WORD_BOUNDARY = 32;

/** Class properties (what an assertion needs to know about the rune after or before a position). */
export const PROP_WORD = 1; // ASCII word character [0-9A-Za-z_]
export const PROP_NL = 2; // '\n'
/** A DFA state's context: the PROP_* of the rune before it, or CTX_START before the first rune. */
export const CTX_START = 4;

/** DFA transition values; a state (row) offset is never below 16. */
export const T_UNKNOWN = 0; // lazy DFA only: not computed yet
export const T_MATCH = 1;
export const T_DEAD = 2;
export const T_WIDE = 3; // the byte starts a multi-byte rune (or is invalid): decode it, then look up its class

/** A precomputed DFA is kept when it has at most this many states and table words. */
export const DFA_MAX_STATES = 1024;
export const DFA_MAX_WORDS = 16384;
/** ... and when exploring it takes at most this many NFA instruction visits (bounds compile time). */
export const DFA_MAX_WORK = 200_000;

/** Largest program accepted, in instructions; bigger patterns fail with "expression too large". */
export const MAX_INSTS = 200_000;
