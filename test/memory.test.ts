// Memory: the buffers of a call are reused by the next (WASM memory does not grow with the number
// of calls); a huge document grows it once, and later documents reuse that space.
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import { Heap } from "../bindings/memory.js";
import { Validator, model, t } from "../bindings/index.js";

const User = model("User", { name: t.string("required,min=2"), tags: t.slice(t.string(), "unique"), n: t.int() });

describe("memory", () => {
  it("does not grow with the number of calls", () => {
    const v = new Validator(User);
    const memory = getEngine().exports.memory;
    // the first calls allocate what later calls reuse (the session, the syntax-check session)
    for (let i = 0; i < 2000; i++) {
      v.safeUnmarshal(`{"name":"user${i}","tags":["a","b","${i}"],"n":${i}}`);
      v.safeUnmarshal(`{"name":"u","tags":["a","a"],"n":"x"}`);
    }
    const before = memory.buffer.byteLength;
    for (let i = 0; i < 20000; i++) {
      v.safeUnmarshal(`{"name":"user${i}","tags":["a","b","${i}"],"n":${i}}`);
      v.safeUnmarshal(`{"name":"u","tags":["a","a"],"n":"x"}`);
    }
    expect(memory.buffer.byteLength).toBe(before);
  });

  it("a huge document grows memory once; the next one of the same size reuses it", () => {
    const v = new Validator(User);
    const memory = getEngine().exports.memory;
    const doc = JSON.stringify({ name: "x".repeat(4_000_000), tags: Array.from({ length: 100_000 }, (_, i) => `t${i}`), n: 1 });
    expect(v.safeUnmarshal(doc).ok).toBe(true);
    const after = memory.buffer.byteLength;
    expect(v.safeUnmarshal(doc).ok).toBe(true);
    expect(memory.buffer.byteLength).toBe(after);
  });
});

describe("memory that cannot grow", () => {
  // (a memory of at most 4 pages stands for the 4 GiB WebAssembly stops at)
  const small = () => new Heap(new WebAssembly.Memory({ initial: 1, maximum: 4 }), 1024);

  it("is a RangeError that says so, and the heap stays usable", () => {
    const heap = small();
    const a = heap.alloc(1000);
    expect(() => heap.alloc(300_000)).toThrow(new RangeError(
      "checker: out of WebAssembly memory: 460800 more bytes were needed above 65536 (WebAssembly memory stops at 4 GiB); " +
        "this document's values need more working memory than one call can have: lower maxDocumentBytes, or read the input in parts (parseLines for NDJSON)",
    ));
    // (what fits is still given, first by what is needed when the usual eighth would pass the maximum)
    const b = heap.alloc(100_000);
    expect(b).toBeGreaterThan(a);
    expect(heap.u8.length).toBeLessThanOrEqual(4 * 65536);
    heap.u8[b + 99_999] = 7;
    expect(heap.u8[b + 99_999]).toBe(7);
  });
});
