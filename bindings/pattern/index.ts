// RE2 patterns for `regexp=` / `pattern=`: Go's regexp syntax and semantics, matched in linear
// time over UTF-8 bytes. compilePattern parses and compiles once; the program it returns is what
// assembly/pattern.ts (patternMatch) runs inside WASM, and matchPattern runs the same program in TS.
import { compileTree, ProgramTooLarge } from "./compile.js";
import { runProgram } from "./lazy-dfa.js";
import { parsePattern, PatternSyntaxError } from "./syntax.js";

export { PatternSyntaxError } from "./syntax.js";
export { UNICODE_VERSION } from "./unicode-tables.js";

export interface CompiledPattern {
  /** The pattern as written. */
  readonly source: string;
  /** Position-independent program; copy it verbatim (4-byte aligned) into WASM memory. */
  readonly program: Uint32Array;
  /** Bytes of scratch memory patternMatch needs for this program (any content; O(program size)). */
  readonly scratchBytes: number;
}

export interface CompileOptions {
  /**
   * Precompute the whole DFA into the program when it is small (default true): matching is then
   * a table walk that needs no scratch. False always leaves the DFA to be built lazily, in
   * scratch, while matching (what bigger patterns get anyway).
   */
  readonly precomputeDfa?: boolean;
}

/** Parses and compiles an RE2 pattern. Throws PatternSyntaxError for syntax RE2 rejects. */
export function compilePattern(source: string, options: CompileOptions = {}): CompiledPattern {
  const tree = parsePattern(source);
  try {
    const { words, scratchBytes } = compileTree(tree, options.precomputeDfa ?? true);
    return { source, program: words, scratchBytes };
  } catch (e) {
    if (e instanceof ProgramTooLarge) throw new PatternSyntaxError(source, `expression too large: \`${source}\``);
    throw e;
  }
}

const encoder = new TextEncoder();

/** True if the pattern matches anywhere in input (Go's MatchString). Lone surrogates read as U+FFFD. */
export function matchPattern(p: CompiledPattern, input: string): boolean {
  return runProgram(p.program, encoder.encode(input));
}

/** Like matchPattern, over UTF-8 bytes; invalid bytes read as U+FFFD, one byte each (as in Go). */
export function matchPatternBytes(p: CompiledPattern, input: Uint8Array): boolean {
  return runProgram(p.program, input);
}
