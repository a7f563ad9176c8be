// The one WebAssembly instance of this thread, shared by every validator and stream parser.

import { Heap } from "./memory.js";
import { wasmModule } from "./wasm.js";

interface CoreExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  run(session: number): number;
  parseNumber(start: number, end: number): number;
  parseTime(p: number, len: number): number;
}

export interface Engine {
  readonly exports: CoreExports;
  readonly heap: Heap;
}

let engine: Engine | undefined;

export function getEngine(): Engine {
  if (!engine) {
    const instance = new WebAssembly.Instance(wasmModule(), {});
    const exports = instance.exports as unknown as CoreExports;
    engine = { exports, heap: new Heap(exports.memory, exports.heapBase()) };
  }
  return engine;
}

/** A program copied into WASM memory; freed when its validator is garbage collected. */
export interface LoadedProgram {
  readonly address: number;
}

const programs = new FinalizationRegistry<number>((address) => engine?.heap.release(address));

export function loadProgram(words: Uint32Array, owner: object): LoadedProgram {
  const { heap } = getEngine();
  const address = heap.alloc(words.byteLength);
  heap.u32.set(words, address >>> 2);
  programs.register(owner, address);
  return { address };
}
