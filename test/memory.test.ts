// Memory: the buffers of a call are reused by the next (WASM memory does not grow with the number
// of calls); a huge document grows it once, and later documents reuse that space.
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import { Heap } from "../bindings/memory.js";
import { StreamParser, UnionStreamParser, UnionValidator, Validator, model, t } from "../bindings/index.js";

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

describe("stream parsers made one per document", () => {
  // a synchronous loop never lets finalizers run: before, each parser held ~15 KB of WASM memory
  // until it was collected (100,000 parsers: about 1.5 GB)
  const memory = () => getEngine().exports.memory.buffer.byteLength;
  const docs = ['{"name":"ab","tags":["x","y"],"n":1}', '{"name":"a","tags":["x","x"],"n":2}', '{"name":"ab","tags":[1],"n":3}', '{"name":"ab",'];

  it("give their memory back at end(): WASM memory stays flat in a synchronous loop", () => {
    const v = new Validator(User);
    for (let i = 0; i < 100; i++) new StreamParser(v).end(); // (the heap's first blocks)
    const before = memory();
    let completed = 0;
    for (let i = 0; i < 20_000; i++) {
      const p = new StreamParser(v);
      const doc = docs[i % docs.length];
      p.feed(doc.slice(0, 7));
      p.feed(doc.slice(7));
      if (p.end().done) completed++;
    }
    expect(completed).toBe(20_000); // (the cut document ends with a syntax error: done too)
    expect(memory()).toBe(before);
  });

  it("after end(), results and state hold what they held, and reset() starts the next document", () => {
    const p = new StreamParser(User);
    p.feed('{"name":"ab","tags":["x",');
    const r = p.feed('"x"],"n":7} ');
    expect(r.done).toBe(true);
    const end = p.end();
    expect(end.state).toMatchObject({ bytesReceived: 37, chunks: 2, depth: 0, done: true, openPath: [] });
    expect(end.errors.map((e) => [e.field, e.code, e.offset])).toEqual([["tags", "NOT_UNIQUE", 37]]);
    expect(end.partial).toEqual({ name: "ab", tags: ["x", "x"], n: 7 });
    expect(end.state.complete("tags")).toBe(true);
    // a chunk after the end is not read; the chunk is counted
    const after = p.feed("garbage");
    expect(after.state).toMatchObject({ bytesReceived: 37, chunks: 3, depth: 0, done: true });
    expect(after.errors).toBe(end.errors);
    expect(p.currentState().bytesReceived).toBe(37);
    expect(p.buffer()).toBe('{"name":"ab","tags":["x","x"],"n":7} ');
    // the next document, in memory taken again
    p.reset();
    const next = p.feed('{"name":"cd","tags":[],"n":1}');
    expect(next).toMatchObject({ done: true, errors: [], value: { name: "cd", tags: [], n: 1 } });
    expect(p.end().state.bytesReceived).toBe(29);
  });

  it("a union stream parser gives its parsers' memory back at end() too", () => {
    const Cat = model("Cat", { kind: t.string(), lives: t.int("lte=9") });
    const Dog = model("Dog", { kind: t.string(), name: t.string("min=2") });
    const u = new UnionValidator({ discriminator: "kind", variants: { cat: Cat, dog: Dog } });
    const pets = ['{"kind":"cat","lives":7}', '{"kind":"dog","name":"x"}', '{"lives":1,"kind":"cat"}', '{"kind":"cow"}', '{"kind":"dog",'];
    for (let i = 0; i < 100; i++) new UnionStreamParser(u).end();
    const before = memory();
    const variants = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const p = new UnionStreamParser(u);
      const doc = pets[i % pets.length];
      p.feed(doc.slice(0, 9));
      p.feed(doc.slice(9));
      const r = p.end();
      variants.set(`${r.variant}`, (variants.get(`${r.variant}`) ?? 0) + 1);
    }
    expect(Object.fromEntries(variants)).toEqual({ cat: 4000, dog: 4000, undefined: 2000 });
    expect(memory()).toBe(before);
  });

  it("a stream cut by a syntax error gives its memory back at once, and keeps its error and partial", () => {
    const v = new Validator(User);
    const p = new StreamParser(v);
    const r = p.feed('{"name":"ab","tags":["x"] "n":1}');
    expect(r.errors.map((e) => [e.name, e.message])).toEqual([["JsonSyntaxError", 'unexpected character "\\"" at offset 26 (line 1, column 27)']]);
    expect(r.state).toMatchObject({ bytesReceived: 32, depth: 0, done: true });
    expect(r.partial).toEqual({ name: "ab", tags: ["x"] });
    // its session was freed: the next parser takes the same blocks, so memory does not grow
    const before = memory();
    for (let i = 0; i < 5_000; i++) new StreamParser(v).feed('{"name":"ab" x');
    expect(memory()).toBe(before);
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
