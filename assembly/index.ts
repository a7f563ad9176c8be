// Entry point of the WebAssembly core. Everything the bindings call is exported here.
// Memory above heapBase() is managed by the bindings (bindings/memory.ts); the core never allocates.

export function heapBase(): usize {
  return __heap_base;
}
export { patternMatch } from "./pattern";
