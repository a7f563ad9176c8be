// Numbers shared by the bindings and the WebAssembly core: opcodes, record layouts, status codes.
// This file is compiled twice: by tsc for the bindings and by asc (imported from assembly/) for
// the core, so it holds nothing but integer constants.

// ---- Kinds of a typed slot (field record word 0, low byte) ----
export const K_STRING = 1;
export const K_BOOL = 2;
export const K_INT = 3; // any Go int kind; the range id says which
export const K_FLOAT = 4;
export const K_ANY = 5; // interface{}: any JSON value (its content on the tape: see T_RAW)
export const K_TIME = 6; // time.Time: an RFC 3339 string
export const K_OBJECT = 7; // a model
export const K_SLICE = 8;
export const K_ARRAY = 9;
export const K_MAP = 10;

// Integer ranges (field record aux word for K_INT). int/int64/uint/uint64 are bounded to the
// safe-integer range of a JS number (documented choice: no silent precision loss).
export const R_INT8 = 0;
export const R_INT16 = 1;
export const R_INT32 = 2;
export const R_INT64 = 3;
export const R_UINT8 = 4;
export const R_UINT16 = 5;
export const R_UINT32 = 6;
export const R_UINT64 = 7;
export const R_FLOAT32 = 8; // used only for float32 range checks (K_FLOAT)
export const R_FLOAT64 = 9;

// ---- Field record flags (field record word 0, bits 8..) ----
export const F_NULLABLE = 1 << 8; // ptr: null is a value, missing is null
export const F_REQUIRED = 1 << 9;
export const F_HAS_DEFAULT = 1 << 10;
export const F_ZERO_FAILS = 1 << 11; // lax mode: the zero value breaks one of the field's checks
export const F_EXTRAS = 1 << 12; // the extras field (never read from JSON)
export const F_SKIP = 1 << 13; // json:"-": never read from JSON

// ---- Field record: 12 u32 words ----
export const FR_WORDS = 12;
export const FR_KIND = 0; // kind | flags
export const FR_AUX = 1; // K_INT/K_FLOAT: range id; K_OBJECT: shape index; K_SLICE/K_ARRAY/K_MAP: element record
export const FR_LEN = 2; // K_ARRAY: length
export const FR_OPS = 3; // first value op
export const FR_OBJ_OPS = 4; // first object-phase op (= end of value ops)
export const FR_OPS_END = 5; // end of object-phase ops
export const FR_SLOT = 6; // index of the field in its shape
export const FR_KEY_OFF = 7; // JSON key bytes in the byte pool
export const FR_KEY_LEN = 8;
export const FR_DEFAULT = 9; // default value: number pool index (numbers, bools) or byte pool offset (strings)
export const FR_DEFAULT_LEN = 10; // byte length of a string default

// ---- Shape (model) record: 8 u32 words ----
export const SH_WORDS = 8;
export const SH_FIELDS = 0; // first field record
export const SH_COUNT = 1; // number of fields (records SH_FIELDS .. SH_FIELDS+count-1)
export const SH_KEYTAB = 2; // word offset of the key hash table in the program
export const SH_KEYMASK = 3; // table size - 1 (power of two)
export const SH_EXTRA = 4; // EX_* for unknown keys at this level
export const SH_CLOSE_ERRORS = 5; // most error records one close of this object can add

export const EX_IGNORE = 0;
export const EX_FORBID = 1;
export const EX_CAPTURE = 2;

// ---- Ops: 4 u32 words [opcode, a, b, c] ----
export const OP_WORDS = 4;
// value phase: run when the field's value completes
export const OP_MIN_LEN = 1; // a = code points
export const OP_MAX_LEN = 2;
export const OP_NUM_GE = 3; // a = number pool index
export const OP_NUM_LE = 4;
export const OP_NUM_GT = 5;
export const OP_NUM_LT = 6;
export const OP_MIN_ITEMS = 7; // a = count
export const OP_MAX_ITEMS = 8;
export const OP_EMAIL = 9;
export const OP_URL = 10;
export const OP_UUID = 11;
export const OP_ALPHA = 12;
export const OP_ALPHANUM = 13;
export const OP_ONEOF_STR = 14; // a = byte pool offset of [len u32, bytes, pad] * b
export const OP_ONEOF_NUM = 15; // a = number pool index, b = count
export const OP_ONEOF_BOOL = 16; // a = bit 0: false allowed, bit 1: true allowed
export const OP_PATTERN = 17; // a = byte pool offset of the program
export const OP_UNIQUE = 18; // items (or map values) pairwise distinct
export const OP_UNIQUE_BY = 19; // a = slot of the element model's field compared
// object phase: run when the enclosing object closes
export const OP_REQUIRED_IF = 32; // a = other slot, b = pool ref of the value, c = byte length (strings)
export const OP_REQUIRED_WITH = 33; // a = other slot
export const OP_GT_FIELD = 34; // a = other slot
export const OP_LT_FIELD = 35;

// ---- Error records: 8 u32 words ----
export const ER_WORDS = 8;
export const ER_KIND = 0;
export const ER_A = 1; // E_OP: op index; E_REQUIRED/E_MISSING/E_ZERO: field record
export const ER_VAL_START = 2; // byte span of the failing JSON value
export const ER_VAL_END = 3;
export const ER_VAL_KIND = 4; // V_*
export const ER_PATH = 5; // first path frame in the arena
export const ER_PATH_LEN = 6;

export const E_OP = 1;
export const E_REQUIRED = 2;
export const E_MISSING = 3;
export const E_EXTRA = 4;
export const E_ZERO = 5; // lax mode: check the zero value of field record A (the bindings render it)
export const E_TOO_MANY = 6;
export const E_PAD = 7; // a fixed-size array (record A) read from VAL_START items: the zero items after them break checks (the bindings render them)

export const V_SPAN = 0; // the value is the JSON text in [start, end)
export const V_NULL = 1; // missing or null
export const V_DEFAULT = 2; // the field's default (lax mode / cross-field with a missing field)
export const V_ZERO = 3; // the field's zero value

// Path frames in the arena: 3 u32 words [type, a, b]
export const PF_WORDS = 3;
export const PF_FIELD = 1; // a = field record
export const PF_INDEX = 2; // a = index
export const PF_KEY = 3; // a, b = byte span of the key's JSON string contents (escapes possible)

// ---- Tape entries: 4 u32 words; numbers keep an f64 in words 2..3 ----
export const TP_WORDS = 4;
export const T_OBJ = 1; // a = field record of the object
export const T_OBJ_END = 2;
export const T_ARR = 3;
export const T_ARR_END = 4;
export const T_MAP = 5;
export const T_MAP_END = 6;
export const T_FIELD = 7; // a = slot; the value follows
export const T_KEY = 8; // map key or captured extra key; a, b = UTF-16 span; flag TF_ESCAPED
export const T_STR = 9; // a, b = UTF-16 span of the contents
export const T_NUM = 10; // f64 in words 2..3
export const T_TRUE = 11;
export const T_FALSE = 12;
export const T_NULL = 13;
// An `any` value (a t.any() field, an item or entry of one, a captured extra) is written as its
// content: objects T_MAP (a = its field record) .. T_MAP_END with a T_KEY before each member,
// arrays T_ARR .. T_ARR_END, strings T_STR (TF_ESCAPED), numbers T_NUM, T_TRUE / T_FALSE / T_NULL;
// the builders make of them what JSON.parse makes of its text. A stream's session (SF_ANY_RAW)
// writes it as one T_RAW entry instead: the stream reads an open `any` value from its text.
export const T_RAW = 14; // an `any` value under SF_ANY_RAW: a, b = UTF-16 span of its JSON text
export const T_TIME = 15; // a, b = UTF-16 span of the string contents
export const T_EXTRA = 16; // a captured unknown key under ExtraAllow; a, b = UTF-16 span; the raw value follows
export const TF_ESCAPED = 1 << 8; // the string contains escapes: decode it, do not slice it
/**
 * A long string with escapes (DECODED_MIN_BYTES or more as written) that a one-shot run decoded
 * into the strings arena (S_STRS): word 3 is the address of [byte length u32, its UTF-8 bytes].
 * The builders decode those bytes (TextDecoder: some ten times faster than JSON.parse of the text
 * with its escapes); a U+FFFD among them may stand for a lone surrogate, and then they read the
 * text with JSON.parse as for any escaped string (a, b are its UTF-16 span as ever).
 */
export const TF_DECODED = 1 << 9;
export const DECODED_MIN_BYTES = 64;

// ---- Run status (return value of run()) ----
export const ST_NEED_MORE = 0; // every byte consumed, the document is not complete
export const ST_DONE = 1; // the document is complete (trailing whitespace consumed)
export const ST_SYNTAX = 2; // malformed JSON at session S_ERR_OFFSET, reason S_ERR_REASON
export const ST_TYPE = 3; // a JSON value of the wrong type for its slot
export const ST_NEED_SPACE = 4; // a buffer (tape, errors, arena, stack) is too small: grow it and call again

// Syntax error reasons
export const SX_UNEXPECTED = 1; // unexpected byte
export const SX_EOF = 2; // unexpected end of input
export const SX_BAD_ESCAPE = 3;
export const SX_CONTROL = 4; // control character in a string
export const SX_UTF8 = 5; // invalid UTF-8
export const SX_NUMBER = 6;
export const SX_TRAILING = 7; // bytes after the document
export const SX_DEPTH = 8; // nesting deeper than maxDepth
export const SX_LITERAL = 9;

// Type error details (S_TYPE_GOT): the JSON type found
export const J_STRING = 1;
export const J_NUMBER = 2;
export const J_BOOL = 3;
export const J_NULL = 4;
export const J_OBJECT = 5;
export const J_ARRAY = 6;
export const TE_KIND = 1; // wrong JSON type
export const TE_NOT_INT = 2; // number with a fraction or exponent for an int kind
export const TE_RANGE = 3; // number out of range for the kind
export const TE_TIME = 4; // string that is not an RFC 3339 time

// ---- Session: u32 words at the session address ----
export const S_WORDS = 64;
export const S_PROGRAM = 0;
export const S_INPUT = 1; // input bytes
export const S_INPUT_LEN = 2;
export const S_FINAL = 3; // 1: no more input will come
export const S_POS = 4; // next byte to read
export const S_STATE = 5; // tokenizer state
export const S_U16_DELTA = 6; // bytes minus UTF-16 units before S_POS
export const S_STACK = 7; // frame stack
export const S_STACK_CAP = 8; // in frames
export const S_DEPTH = 9; // frames in use
export const S_SLOTS = 10; // slot stack (object field values, unique items)
export const S_SLOTS_CAP = 11; // in bytes
export const S_SLOTS_TOP = 12;
export const S_TAPE = 13;
export const S_TAPE_CAP = 14; // in entries
export const S_TAPE_LEN = 15;
export const S_ERRS = 16;
export const S_ERRS_CAP = 17; // in records
export const S_ERR_COUNT = 18;
export const S_MAX_ERRORS = 19;
export const S_ARENA = 20; // path frames of error records
export const S_ARENA_CAP = 21; // in frames
export const S_ARENA_LEN = 22;
export const S_SCRATCH = 23; // decoded strings; capacity >= input length
export const S_SCRATCH_CAP = 24;
export const S_TOKEN_START = 25; // byte offset where the current token began
export const S_TOKEN_U16 = 26; // its UTF-16 offset
export const S_SUB = 27; // in-token state (literal progress, number state, string escape state)
export const S_ERR_OFFSET = 28; // syntax/type error: byte offset
export const S_ERR_REASON = 29; // SX_* or TE_*
export const S_TYPE_FR = 30; // type error: field record expected
export const S_TYPE_GOT = 31; // type error: J_* found
export const S_MAX_DEPTH = 32;
export const S_FLAGS = 33; // SF_*
export const S_TAPE_OFF = 34; // 1: do not write a tape (validate only)
export const S_UTF8_NEED = 35; // string state: continuation bytes still expected
export const S_UTF8_CP = 36; // string state: code point being assembled (for range checks)
export const S_HEX = 37; // \u escape: digits read so far and value
export const S_STR_FLAGS = 38; // current string: has escapes
export const S_DOC_START = 39; // byte offset of the root value
export const S_SCRATCH_LEN = 40;
export const S_ERR_RETRACTED = 45; // error records a repeated key took back so far (the list changed, not only grew)

export const SF_STRICT_MISSING = 1;
/** Every input byte so far was written from a JS string (so it is well-formed UTF-8: a string's
 * lone surrogates are written as U+FFFD): the tokenizer counts UTF-16 units without checking. */
export const SF_UTF8_KNOWN = 2;
/** Write each `any` value as one T_RAW entry (its JSON text), not as entries of its content (streams). */
export const SF_ANY_RAW = 4;
/** A one-shot run: after a type mismatch, read the rest of the document for its syntax only, in the
 * same run (a syntax error anywhere wins over the mismatch, as in Go's Unmarshal), then stop with
 * ST_TYPE. Without it the run stops at the mismatch (a stream checks the syntax on its own). */
export const SF_SYNTAX_AFTER_TYPE = 8;
/** Set by the core once it reads for syntax only (SF_SYNTAX_AFTER_TYPE after a mismatch). */
export const SF_SYNTAX_ONLY = 16;

// Tokenizer states (S_STATE)
export const TS_VALUE = 0; // expecting a value
export const TS_OBJ_FIRST = 1; // after '{': key or '}'
export const TS_OBJ_KEY = 2; // after ',': key
export const TS_COLON = 3;
export const TS_OBJ_NEXT = 4; // after a member: ',' or '}'
export const TS_ARR_FIRST = 5; // after '[': value or ']'
export const TS_ARR_NEXT = 6; // after an item: ',' or ']'
export const TS_STRING = 7; // inside a string value
export const TS_KEY = 8; // inside a key string
export const TS_NUMBER = 9;
export const TS_LITERAL = 10;
export const TS_DONE = 11; // root value complete: only whitespace may follow
export const TS_ERROR = 12;

// Frame stack: 14 u32 words per open container
export const FM_WORDS = 14;
export const FM_TYPE = 0; // FT_*
export const FM_FR = 1; // field record of the container (0xFFFFFFFF: skipped value)
export const FM_COUNT = 2; // items / members so far
export const FM_CHILD = 3; // field record of the current member value (0xFFFFFFFF: unknown key)
export const FM_KEY_START = 4; // current key span (bytes)
export const FM_KEY_END = 5;
export const FM_START = 6; // byte offset of '{' or '['
export const FM_SLOTS = 7; // slot stack offset of this object's field values / the items of a unique check
export const FM_MODE = 9; // objects: EX_* for unknown keys / extras capture; lists: ITEMS_* (assembly/items.ts)

export const FT_OBJECT = 1;
export const FT_ARRAY = 2;
export const FT_MAP = 3;
export const FT_SKIP_OBJECT = 4; // a value not built or checked (unknown key, array tail)
export const FT_SKIP_ARRAY = 5;

// Slot values (object fields, unique items): 24 bytes = 6 u32 words
//   word 0 state SS_*, words 1..2 byte span of the value, word 3 spare,
//   words 4..5: the number (f64) / for unique items: the 64-bit key
export const SL_STATE = 0;
export const SL_START = 1;
export const SL_END = 2;
export const SL_MEMBER = 3; // byte offset where the member's value began
export const SL_NUM = 4; // word index of the f64 (byte offset 16)
export const SS_MISSING = 0;
export const SS_NULL = 1;
export const SS_STRING = 2;
export const SS_STRING_ESC = 3; // string with escapes
export const SS_NUMBER = 4;
export const SS_TRUE = 5;
export const SS_FALSE = 6;
export const SS_OTHER = 7; // object or array (non-zero, not comparable)
export const SS_EMPTY = 8; // empty array or object (zero for required_if/required_with)

// ---- Program header: u32 words at the program address ----
export const H_WORDS = 20;
export const H_MAGIC = 0;
export const H_ROOT = 1; // field record of the document root
export const H_FR_OFF = 2; // word offset of the field records
export const H_FR_COUNT = 3;
export const H_SHAPE_OFF = 4;
export const H_SHAPE_COUNT = 5;
export const H_OPS_OFF = 6;
export const H_OP_COUNT = 7;
export const H_NUM_OFF = 8; // word offset of the f64 pool (even: 8-byte aligned)
export const H_NUM_COUNT = 9;
export const H_BYTES_OFF = 10; // word offset of the byte pool
export const H_BYTES_LEN = 11;
export const H_FLAGS = 12;
export const H_STEP_ERRORS = 13; // most error records one token can add (sizes the arena margin)
export const H_SLOT_MARGIN = 14; // most slot bytes one token can push
export const H_TOTAL = 15; // total words
export const H_PATTERN_SCRATCH = 16; // scratch bytes the largest pattern of the program needs
export const PROGRAM_MAGIC = 0x4b434843; // "CHCK"

// Field record flag: the value ops include OP_UNIQUE / OP_UNIQUE_BY (items are recorded)
export const F_UNIQUE = 1 << 14;
export const SL_BYTES = 24; // slot record size

// Item records (unique checks, map entries), 32 bytes:
//   word 0 state SS_*, words 1..2 byte span of the value, word 3 index of the item,
//   words 4..5 map key hash (maps), words 6..7 the value's unique key
export const IT_BYTES = 32;
export const IT_INDEX = 3;
export const IT_MAP_KEY = 4;
export const IT_KEY = 6;
// Field record flag: record one item per list item / map entry (unique, or map counts)
export const F_ITEMS = 1 << 15;
// Field record flag: a key the model reads and skips on purpose (a union's discriminator)
export const F_IGNORED = 1 << 16;
// Field record flag: json omitempty (a missing key takes its zero value even under strictMissingFields)
export const F_OMITEMPTY = 1 << 17;
export const F_PAD_FAILS = 1 << 18; // fixed-size array: the zero value of an item breaks a check inside it (read from fewer items, the rest are zero)
export const ER_POS = 7; // byte position when the record was written (to retract a repeated key's errors)
export const SS_STRING_POOL = 9; // a string default: words 1..2 = byte pool offset and length
export const SS_TIME = 10; // a time: epoch milliseconds in SL_NUM
export const ZERO_TIME_MS = -62135596800000; // Go's zero time.Time, 0001-01-01T00:00:00Z
export const FM_MEMBER_START = 10; // byte offset where the current member / item value began
export const FM_KEY_HASH = 12; // maps: 64-bit hash of the current key (decoded), words 12..13
export const FM_START_U16 = 11; // UTF-16 offset of '{' or '[' (raw capture of `any` values)
export const FT_RAW_OBJECT = 6; // an object or array in an `any` value: its members are `any` values (FR_ANY); under SF_ANY_RAW skipped, and T_RAW when it closes
export const FT_RAW_ARRAY = 7;
/** Raw frames (entries of `any` content): tape index of the first entry of the outermost `any` value they are in (maps use this word for FM_KEY_HASH). */
export const FM_ANY_TAPE = 12;
/**
 * Most tape entries one `any` value may write: past that, it and every later `any` value of the
 * document are written as one T_RAW entry each (SF_ANY_RAW is set), so a huge `any` value takes
 * no more WASM memory than its text (a 150 MB array of 0s would take 1.2 GB of entries).
 */
export const ANY_TAPE_MAX = 1 << 16;
export const NONE = 0xffffffff; // no field record: the value is skipped
export const FR_ANY = 0; // field record 0: an `any` slot (captured extras)
export const S_TYPE_PATH = 41; // type error: first path frame in the arena
export const S_TYPE_PATH_LEN = 42;
export const S_CUR_FR = 43; // field record of the value being read (NONE: skipped)
export const FM_BYTES = FM_WORDS * 4;
export const FR_UNIQUE_BY = 11; // lists with unique=F: slot of F in the item model (NONE otherwise)
export const IGNORED = 0xfffffffe; // FM_CHILD of a known key whose value is skipped (a union discriminator)
export const S_PATTERN_SCRATCH = 44; // scratch memory of patternMatch (>= H_PATTERN_SCRATCH bytes)
export const S_STRS = 46; // strings arena of a one-shot run (TF_DECODED): long escaped strings, decoded
export const S_STRS_CAP = 47; // in bytes
export const S_STRS_LEN = 48;
