// Loads the WASM core with plain WebAssembly.instantiate and calls patternMatch on programs and
// inputs written above heapBase(), growing memory as needed.
import { readFileSync } from "node:fs";
import type { CompiledPattern } from "../../bindings/pattern/index.js";

export interface PatternWasm {
  /**
   * patternMatch over input (a string is encoded as UTF-8). scratchFill: byte written over the
   * scratch area first (-1: pseudo-random bytes; undefined: leave what the last call left).
   * shift: bytes (a multiple of 4) to move the program by.
   */
  match(p: CompiledPattern, input: string | Uint8Array, scratchFill?: number, shift?: number): boolean;
  readonly memory: WebAssembly.Memory;
}

const encoder = new TextEncoder();

export const CHECKER_WASM = new URL("../../build/checker.wasm", import.meta.url);

export async function loadPatternWasm(path: URL | string = CHECKER_WASM): Promise<PatternWasm> {
  const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
  const ex = instance.exports as Record<string, unknown>;
  if (typeof ex._initialize === "function") (ex._initialize as () => void)();
  const memory = ex.memory as WebAssembly.Memory;
  const patternMatch = ex.patternMatch as (prog: number, input: number, len: number, scratch: number) => number;
  if (typeof patternMatch !== "function") throw new Error(`${String(path)} does not export patternMatch`);
  const heapBase = typeof ex.heapBase === "function" ? (ex.heapBase as () => number)() : 65536;
  const base = (heapBase + 15) & ~15;
  let loaded: { program: Uint32Array; at: number } | undefined;
  let seed = 1;

  const ensure = (end: number): void => {
    const need = end - memory.buffer.byteLength;
    if (need > 0) memory.grow(Math.ceil(need / 65536));
  };

  return {
    memory,
    match(p, input, scratchFill, shift = 0) {
      const bytes = typeof input === "string" ? encoder.encode(input) : input;
      const progAt = base + shift;
      const inputAt = (progAt + p.program.byteLength + 15) & ~15;
      const scratchAt = (inputAt + bytes.length + 15) & ~15;
      ensure(scratchAt + p.scratchBytes);
      if (loaded?.program !== p.program || loaded.at !== progAt) {
        new Uint32Array(memory.buffer, progAt, p.program.length).set(p.program);
        loaded = { program: p.program, at: progAt };
      }
      new Uint8Array(memory.buffer, inputAt, bytes.length).set(bytes);
      if (scratchFill !== undefined) {
        const scratch = new Uint8Array(memory.buffer, scratchAt, p.scratchBytes);
        if (scratchFill >= 0) scratch.fill(scratchFill);
        else for (let i = 0; i < scratch.length; i++) scratch[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
      }
      return patternMatch(progAt, inputAt, bytes.length, scratchAt) !== 0;
    },
  };
}
