// Entry point of the WebAssembly core. The bindings call run() once per chunk (or per document);
// everything else happens inside. Memory above heapBase() is managed by the bindings
// (bindings/memory.ts); the core never allocates.

import { loadSession, saveSession } from "./state";
import { tokenize } from "./tokenizer";
import { startRun } from "./evaluator";

export function heapBase(): usize {
  return __heap_base;
}

/** Tokenize and check the session's input from its position; returns an ST_* status. */
export function run(session: usize): u32 {
  loadSession(session);
  startRun();
  const status = tokenize();
  saveSession();
  return status;
}

export { parseNumber } from "./number";
export { parseTime } from "./time";
export { patternMatch } from "./pattern";
