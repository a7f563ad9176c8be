// Memory of one large document read as a stream (the CLI's --document mode reads one through
// parseStream): what the session keeps in WASM memory besides the input, and a parser reused for
// many documents with reset(). Bounds are generous (2x and more); each failed before its fix by far.
// (A file of its own: a fresh WASM instance, whose heap no other test's documents grew.)
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import * as L from "../bindings/layout.js";
import type { Session } from "../bindings/session.js";
import { StreamParser, Validator, model, t } from "../bindings/index.js";

const User = model("User", { id: t.int("gte=1"), name: t.string("required,min=2"), tags: t.slice(t.string(), "unique"), active: t.bool() });
const Users = model("Users", { users: t.slice(User), note: t.string() });

const MiB = 1024 * 1024;
const wasmBytes = () => getEngine().exports.memory.buffer.byteLength;
const sessionOf = (p: StreamParser): Session => (p as unknown as { session: Session }).session;

/** A document of `count` small records (about 60 bytes each) and a note of `note` characters. */
function usersDoc(count: number, note = 0): string {
  const users = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `user ${i}`, tags: ["a", `t${i % 9}`], active: i % 2 === 0 }));
  return JSON.stringify({ users, note: "n".repeat(note) });
}

/** Feed `doc` in chunks of `size` bytes (as a file is read); returns the last result and the largest tape seen. */
function feedBytes(p: StreamParser<typeof Users>, doc: Uint8Array, size: number) {
  let tapeCap = 0;
  for (let i = 0; i < doc.length; i += size) {
    p.feed(doc.subarray(i, i + size));
    tapeCap = Math.max(tapeCap, sessionOf(p).get(L.S_TAPE_CAP));
  }
  return { end: p.end(), tapeBytes: tapeCap * L.TP_WORDS * 4 };
}

describe("a large document read as a stream", () => {
  const v = new Validator(Users);
  // 60,000 records: 3.9 MB of JSON, about 780,000 tape entries
  const text = usersDoc(60_000);
  const doc = new TextEncoder().encode(text);

  it("keeps no tape of the values already built: the tape holds a chunk's entries, not the document's", () => {
    const { end, tapeBytes } = feedBytes(new StreamParser(v), doc, 64 * 1024);
    expect(end.errors).toEqual([]);
    expect(end.value).toEqual(v.unmarshal(doc));
    // a 64 KiB chunk of records writes about 15,000 entries (240 KB); before, the tape kept every
    // entry of the document: 780,000 of 16 bytes, in a block of 16 MiB
    expect(tapeBytes).toBeLessThanOrEqual(1 * MiB);
  });
});

describe("one parser for many documents, with reset()", () => {
  it("200 documents of 1 MB: WASM memory and the JS heap stay flat after the first ones", () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    const v = new Validator(Users);
    const p = new StreamParser(v);
    const docs = [usersDoc(17_000), usersDoc(16_000, 20_000), usersDoc(15_000, 60_000)].map((d) => new TextEncoder().encode(d));
    expect(docs.every((d) => d.length > 1_000_000 && d.length < 1_100_000)).toBe(true);
    const heapNow = () => {
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    let wasm = 0;
    let heap = 0;
    let heapMax = 0;
    for (let i = 0; i < 200; i++) {
      p.reset();
      const { end } = feedBytes(p, docs[i % 3], 64 * 1024);
      expect(end.done).toBe(true);
      expect(end.value?.users.length).toBe([17_000, 16_000, 15_000][i % 3]);
      if (i === 5) {
        wasm = wasmBytes();
        heap = heapNow();
      } else if (i > 5 && i % 20 === 0) heapMax = Math.max(heapMax, heapNow());
    }
    expect(wasmBytes()).toBe(wasm);
    // (without gc exposed, heapUsed counts garbage too: the bound holds a few documents' worth)
    expect(heapMax).toBeLessThanOrEqual(heap + (gc ? 16 : 96) * MiB);
  });
});
