// The run state. A session (bindings/session.ts) keeps everything in linear memory so that a run
// can stop at any byte and resume later; while run() executes, the hot part lives in these globals.
// Only one run executes at a time (WebAssembly is single-threaded per instance).

import {
  H_BYTES_OFF, H_FR_OFF, H_NUM_OFF, H_OPS_OFF, H_SHAPE_OFF, H_SLOT_MARGIN, H_STEP_ERRORS,
  S_ARENA, S_ARENA_CAP, S_ARENA_LEN, S_DEPTH, S_ERR_COUNT, S_ERRS, S_ERRS_CAP, S_FINAL, S_FLAGS,
  S_INPUT, S_INPUT_LEN, S_MAX_DEPTH, S_MAX_ERRORS, S_POS, S_PROGRAM, S_SCRATCH, S_SCRATCH_CAP, S_STRS, S_STRS_CAP,
  S_SLOTS, S_SLOTS_CAP, S_SLOTS_TOP, S_STACK, S_STACK_CAP, S_STATE, S_SUB, S_TAPE, S_TAPE_CAP,
  S_TAPE_LEN, S_TAPE_OFF, S_TOKEN_START, S_TOKEN_U16, S_U16_DELTA, S_UTF8_NEED, S_STR_FLAGS,
  FR_WORDS, SH_WORDS, OP_WORDS, S_PATTERN_SCRATCH,
} from "../bindings/layout";

// session and program
export let SESSION: usize = 0;
export let PROGRAM: usize = 0;
export let FR_BASE: usize = 0; // address of field record 0
export let SHAPE_BASE: usize = 0;
export let OPS_BASE: usize = 0;
export let NUM_BASE: usize = 0;
export let BYTES_BASE: usize = 0;
export let STEP_ERRORS: u32 = 0;
export let SLOT_MARGIN: u32 = 0;

// input
export let IN: usize = 0;
export let LEN: u32 = 0;
export let FINAL: bool = false;
export let POS: u32 = 0;
export let DELTA: u32 = 0; // bytes minus UTF-16 units before POS (only multibyte sequences add)

// tokenizer
export let STATE: u32 = 0;
export let SUB: u32 = 0;
export let TOKEN_START: u32 = 0;
export let TOKEN_U16: u32 = 0;
export let UTF8_NEED: u32 = 0;
export let STR_FLAGS: u32 = 0;

// buffers
export let STACK: usize = 0;
export let STACK_CAP: u32 = 0;
export let DEPTH: u32 = 0;
export let MAX_DEPTH: u32 = 0;
export let SLOTS: usize = 0;
export let SLOTS_CAP: u32 = 0;
export let SLOTS_TOP: u32 = 0;
export let TAPE: usize = 0;
export let TAPE_CAP: u32 = 0;
export let TAPE_LEN: u32 = 0;
export let TAPE_ON: bool = true;
export let ERRS: usize = 0;
export let ERRS_CAP: u32 = 0;
export let ERR_COUNT: u32 = 0;
export let MAX_ERRORS: u32 = 0;
export let ARENA: usize = 0;
export let ARENA_CAP: u32 = 0;
export let ARENA_LEN: u32 = 0;
export let SCRATCH: usize = 0;
export let SCRATCH_CAP: u32 = 0;
/** The strings arena of a one-shot run (TF_DECODED), in bytes. */
export let STRS: usize = 0;
export let STRS_CAP: u32 = 0;
export let FLAGS: u32 = 0;
export let PATTERN_SCRATCH: usize = 0;

@inline export function sw(w: i32): u32 {
  return load<u32>(SESSION + (<usize>w << 2));
}

@inline export function setSw(w: i32, v: u32): void {
  store<u32>(SESSION + (<usize>w << 2), v);
}

@inline function pw(w: i32): u32 {
  return load<u32>(PROGRAM + (<usize>w << 2));
}

/** Copy the session into the globals. */
export function loadSession(s: usize): void {
  SESSION = s;
  PROGRAM = <usize>sw(S_PROGRAM);
  FR_BASE = PROGRAM + (<usize>pw(H_FR_OFF) << 2);
  SHAPE_BASE = PROGRAM + (<usize>pw(H_SHAPE_OFF) << 2);
  OPS_BASE = PROGRAM + (<usize>pw(H_OPS_OFF) << 2);
  NUM_BASE = PROGRAM + (<usize>pw(H_NUM_OFF) << 2);
  BYTES_BASE = PROGRAM + (<usize>pw(H_BYTES_OFF) << 2);
  STEP_ERRORS = pw(H_STEP_ERRORS);
  SLOT_MARGIN = pw(H_SLOT_MARGIN);
  IN = <usize>sw(S_INPUT);
  LEN = sw(S_INPUT_LEN);
  FINAL = sw(S_FINAL) != 0;
  POS = sw(S_POS);
  DELTA = sw(S_U16_DELTA);
  STATE = sw(S_STATE);
  SUB = sw(S_SUB);
  TOKEN_START = sw(S_TOKEN_START);
  TOKEN_U16 = sw(S_TOKEN_U16);
  UTF8_NEED = sw(S_UTF8_NEED);
  STR_FLAGS = sw(S_STR_FLAGS);
  STACK = <usize>sw(S_STACK);
  STACK_CAP = sw(S_STACK_CAP);
  DEPTH = sw(S_DEPTH);
  MAX_DEPTH = sw(S_MAX_DEPTH);
  SLOTS = <usize>sw(S_SLOTS);
  SLOTS_CAP = sw(S_SLOTS_CAP);
  SLOTS_TOP = sw(S_SLOTS_TOP);
  TAPE = <usize>sw(S_TAPE);
  TAPE_CAP = sw(S_TAPE_CAP);
  TAPE_LEN = sw(S_TAPE_LEN);
  TAPE_ON = sw(S_TAPE_OFF) == 0;
  ERRS = <usize>sw(S_ERRS);
  ERRS_CAP = sw(S_ERRS_CAP);
  ERR_COUNT = sw(S_ERR_COUNT);
  MAX_ERRORS = sw(S_MAX_ERRORS);
  ARENA = <usize>sw(S_ARENA);
  ARENA_CAP = sw(S_ARENA_CAP);
  ARENA_LEN = sw(S_ARENA_LEN);
  SCRATCH = <usize>sw(S_SCRATCH);
  SCRATCH_CAP = sw(S_SCRATCH_CAP);
  STRS = <usize>sw(S_STRS);
  STRS_CAP = sw(S_STRS_CAP);
  FLAGS = sw(S_FLAGS);
  PATTERN_SCRATCH = <usize>sw(S_PATTERN_SCRATCH);
}

/** Write the globals that change during a run back into the session. */
export function saveSession(): void {
  setSw(S_POS, POS);
  setSw(S_U16_DELTA, DELTA);
  setSw(S_STATE, STATE);
  setSw(S_SUB, SUB);
  setSw(S_TOKEN_START, TOKEN_START);
  setSw(S_TOKEN_U16, TOKEN_U16);
  setSw(S_UTF8_NEED, UTF8_NEED);
  setSw(S_STR_FLAGS, STR_FLAGS);
  setSw(S_DEPTH, DEPTH);
  setSw(S_SLOTS_TOP, SLOTS_TOP);
  setSw(S_TAPE_LEN, TAPE_LEN);
  setSw(S_ERR_COUNT, ERR_COUNT);
  setSw(S_ARENA_LEN, ARENA_LEN);
}

// ---- program accessors ----
@inline export function frAddr(fr: u32): usize {
  return FR_BASE + (<usize>(fr * FR_WORDS) << 2);
}
@inline export function frWord(fr: u32, w: i32): u32 {
  return load<u32>(frAddr(fr) + (<usize>w << 2));
}
@inline export function shapeWord(sh: u32, w: i32): u32 {
  return load<u32>(SHAPE_BASE + (<usize>(sh * SH_WORDS + <u32>w) << 2));
}
@inline export function opAddr(op: u32): usize {
  return OPS_BASE + (<usize>(op * OP_WORDS) << 2);
}
@inline export function numPool(i: u32): f64 {
  return load<f64>(NUM_BASE + (<usize>i << 3));
}
@inline export function programWord(w: u32): u32 {
  return load<u32>(PROGRAM + (<usize>w << 2));
}
