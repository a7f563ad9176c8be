// Loads the WASM core with plain WebAssembly.instantiate and calls patternMatch on programs and
// inputs written above heapBase(), growing memory as needed.
import { readFileSync } from "node:fs";
import type { CompiledPattern } from "../../bindings/pattern/index.js";

export interface PatternWasm {
  /** patternMatch over input (a string is encoded as UTF-8). */
  match(p: CompiledPattern, input: string | Uint8Array): boolean;
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
  let lastProgram: Uint32Array | undefined;

  const ensure = (bytes: number): void => {
    const need = base + bytes - memory.buffer.byteLength;
    if (need > 0) memory.grow(Math.ceil(need / 65536));
  };

  return {
    memory,
    match(p, input) {
      const bytes = typeof input === "string" ? encoder.encode(input) : input;
      const progBytes = p.program.byteLength;
      const inputAt = base + ((progBytes + 15) & ~15);
      const scratchAt = (inputAt + bytes.length + 15) & ~15;
      ensure(scratchAt - base + p.scratchBytes);
      if (lastProgram !== p.program) {
        new Uint32Array(memory.buffer, base, p.program.length).set(p.program);
        lastProgram = p.program;
      }
      new Uint8Array(memory.buffer, inputAt, bytes.length).set(bytes);
      return patternMatch(base, inputAt, bytes.length, scratchAt) !== 0;
    },
  };
}
