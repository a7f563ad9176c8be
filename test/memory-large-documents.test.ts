// Memory of one large document read as a stream (the CLI's --document mode reads one through
// parseStream): what the session keeps in WASM memory besides the input, and a parser reused for
// many documents with reset(). Bounds are generous (2x and more); each failed before its fix by far.
// (A file of its own: a fresh WASM instance, whose heap no other test's documents grew.)
import { describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import * as L from "../bindings/layout.js";
import { Heap } from "../bindings/memory.js";
import type { Session } from "../bindings/session.js";
import type { StreamFieldError } from "../bindings/stream.js";
import { StreamParser, UnmarshalTypeError, Validator, model, t } from "../bindings/index.js";

const User = model("User", { id: t.int("gte=1"), name: t.string("required,min=2"), tags: t.slice(t.string(), "unique"), active: t.bool() });
const Users = model("Users", { users: t.slice(User), note: t.string() });

const MiB = 1024 * 1024;
const wasmBytes = () => getEngine().exports.memory.buffer.byteLength;
const sessionOf = (p: StreamParser): Session => (p as unknown as { session: Session }).session;
/** Bytes in the heap's free lists (blocks given back, waiting for a block of their size). */
const freeListBytes = (): number => {
  const free = (getEngine().heap as unknown as { free: (number[] | undefined)[] }).free;
  return free.reduce((n, list, cls) => n + (list?.length ?? 0) * 2 ** cls, 0);
};
/** Bytes of the heap in blocks (not in a free list). */
const heapInUse = (): number => (getEngine().heap as unknown as { top: number }).top - freeListBytes();

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

  it("grows its input buffer in place: WASM memory grows by the input and its scratch, no blocks left behind", () => {
    // a document held mostly by one string, so that the tape plays no part: 6 MB in 64 KiB chunks
    const big = new TextEncoder().encode(usersDoc(10, 6_000_000));
    const before = wasmBytes();
    const freeBefore = freeListBytes();
    const p = new StreamParser(v);
    const { end } = feedBytes(p, big, 64 * 1024);
    expect(end.errors).toEqual([]);
    expect(end.value?.note.length).toBe(6_000_000);
    // input and scratch: 8 MiB each (their size class), given back at end() to the free lists.
    // Before, each growth copied the input to a new block and left the old one (4 + 2 + 1 ... MiB,
    // all of it written) in a free list, the scratch's too: memory grew by 32 MiB, not 16
    expect(wasmBytes() - before).toBeLessThanOrEqual(20 * MiB);
    expect(freeListBytes() - freeBefore).toBeLessThanOrEqual(20 * MiB);
  });
});

describe("a large document only checked (validateOnly: the CLI's --document without --marshal)", () => {
  it("keeps neither its text nor a value, and ends with the same errors", () => {
    const v = new Validator(Users);
    const bad = JSON.parse(usersDoc(60_000)) as { users: { name: string }[] };
    bad.users[30_000].name = "x";
    const bytes = (d: string) => new TextEncoder().encode(d);
    for (const [doc, errors] of [[bytes(usersDoc(60_000)), []], [bytes(JSON.stringify(bad)), [["users[30000].name", "MIN_LENGTH"]]]] as const) {
      const p = new StreamParser(v).validateOnly();
      const checked = feedBytes(p, doc, 64 * 1024).end;
      const built = feedBytes(new StreamParser(v), doc, 64 * 1024).end;
      expect([checked.done, checked.partial, checked.value]).toEqual([true, undefined, undefined]);
      expect(built.value === undefined).toBe(errors.length > 0);
      // (offsets aside: with no early report, an error is dated when its record comes)
      const fields = (r: typeof checked) => r.errors.map((e) => ({ ...(e as StreamFieldError), offset: undefined }));
      expect(fields(checked)).toEqual(fields(built));
      expect(checked.errors.map((e) => [(e as StreamFieldError).field, (e as StreamFieldError).code])).toEqual(errors);
      expect(p.buffer()).toBe("");
    }
  });
});

describe("a large document with a type error", () => {
  it("is checked for syntax in one session: the parser's own gives its memory back at the type error", () => {
    // an array of 100,000 records (6.6 MB) where the model is expected: a type error at its "["
    const records = JSON.stringify(JSON.parse(usersDoc(100_000)).users);
    const doc = new TextEncoder().encode(records);
    const v = new Validator(Users);
    const inUse = heapInUse();
    const p = new StreamParser(v);
    let r = p.feed(doc.subarray(0, 64 * 1024));
    for (let i = 64 * 1024; i < doc.length; i += 64 * 1024) r = p.feed(doc.subarray(i, i + 64 * 1024));
    // the bytes in one session (8 MiB, with its scratch beside it); before, the parser's session
    // grew with them as well as the syntax check's: 32 MiB
    expect(heapInUse() - inUse).toBeLessThanOrEqual(20 * MiB);
    expect(r.done).toBe(true);
    expect(r.state).toMatchObject({ bytesReceived: doc.length, depth: 0, openPath: [] });
    const end = p.end();
    expect(end.errors.map((e) => [e.name, e.message, (e as UnmarshalTypeError).offset])).toEqual([["UnmarshalTypeError", "cannot unmarshal array into the document of type Users", 0]]);
    expect(end.errors).toEqual([v.safeUnmarshal(doc).error]);
    expect(end.state).toMatchObject({ bytesReceived: doc.length, depth: 0, done: true });
    expect(p.buffer()).toBe(records);
    // the same document cut short: a syntax error from the syntax check's session, at the end
    p.reset();
    p.feed(doc.subarray(0, 1_000_000));
    const cut = p.end();
    expect(cut.errors).toEqual([v.safeUnmarshal(doc.subarray(0, 1_000_000)).error]);
    expect(cut.errors.map((e) => e.name)).toEqual(["JsonSyntaxError"]);
    expect(cut.state).toMatchObject({ bytesReceived: 1_000_000, done: true });
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

describe("reset() of a document that had a type error and was not ended", () => {
  it("gives the syntax check's session back: WASM memory stays flat in a synchronous loop", () => {
    const p = new StreamParser(Users);
    const run = () => {
      p.reset();
      const r = p.feed('{"users":{"id":1},"note":"x');
      expect(r.errors.map((e) => e.name)).toEqual(["UnmarshalTypeError"]);
      expect(r.state).toMatchObject({ bytesReceived: 27, depth: 1, done: false });
    };
    for (let i = 0; i < 100; i++) run();
    const before = wasmBytes();
    // (before, each reset() left the syntax check's session, about 15 KB, to garbage collection,
    // which a synchronous loop never lets run: 20,000 of them grew memory by some 300 MB)
    for (let i = 0; i < 20_000; i++) run();
    expect(wasmBytes()).toBe(before);
  });
});

describe("the heap's top block", () => {
  const heapOf = () => new Heap(new WebAssembly.Memory({ initial: 1, maximum: 64 }), 1024);

  it("grows in place, keeping its bytes, and a block given back at the top returns its room to the top", () => {
    const heap = heapOf();
    const a = heap.alloc(1000);
    const b = heap.alloc(1000);
    heap.u8[b + 999] = 9;
    expect(heap.atTop(b)).toBe(true);
    expect(heap.realloc(b, 100_000, 1000)).toBe(b); // (in place: b was the top block)
    expect(heap.u8[b + 999]).toBe(9);
    expect(heap.capacity(b)).toBe(131072);
    // a is not at the top: it moves, its bytes copied
    heap.u8[a] = 7;
    const a2 = heap.realloc(a, 5000, 1000);
    expect(a2).toBeGreaterThan(b);
    expect(heap.u8[a2]).toBe(7);
    heap.release(a2);
    expect(heap.atTop(b)).toBe(true);
    expect(heap.alloc(5000)).toBe(a2); // (the room a2 gave back)
  });

  it("that cannot grow is a RangeError, and the block is as it was", () => {
    const heap = heapOf();
    const a = heap.alloc(64);
    heap.u8[a] = 5;
    expect(() => heap.realloc(a, 8 * MiB, 64)).toThrow(RangeError);
    expect(heap.atTop(a)).toBe(true);
    expect(heap.capacity(a)).toBe(64);
    expect(heap.u8[a]).toBe(5);
    expect(heap.realloc(a, 1 * MiB, 64)).toBe(a);
  });
});
