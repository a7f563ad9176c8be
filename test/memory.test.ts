// Memory: the buffers of a call are reused by the next (WASM memory does not grow with the number
// of calls); a huge document grows it once, and later documents reuse that space.
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
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
