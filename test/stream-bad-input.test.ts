// Streams of troublesome input end exactly as one-shot unmarshal of the whole text: repeated keys
// around chunk boundaries and the maxErrors cut, a U+FEFF at the start of a chunk or a key, the
// document size limit, string and byte chunks mixed, chunks after end(). Each case is cut in every
// way (every split, one unit at a time, three pieces) as strings and as bytes; a property test
// covers repeated keys with small maxErrors. Also: a stream parser's WASM memory is given back
// when it is garbage collected.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError } from "../bindings/errors.js";
import { model, t, type Model } from "../bindings/model.js";
import type { ValidatorOptions } from "../bindings/resolve.js";
import { StreamParser, type StreamResult } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import { joinChunks } from "../bindings/text-store.js";
import { getEngine } from "../bindings/engine.js";
import { differences, everySplit, feedAll, fieldError, oneShot, singles, utf8 } from "./support/stream-harness.js";

const encoder = new TextEncoder();

/** Every way of cutting `data` this file uses: whole, every split, one unit at a time, three pieces. */
function cuttings<T extends string | Uint8Array>(data: T): T[][] {
  const out: T[][] = [[data], singles(data), ...everySplit(data)];
  for (let i = 1; i < data.length; i += 3) for (let j = i + 1; j < data.length; j += 4) out.push([data.slice(0, i), data.slice(i, j), data.slice(j)] as T[]);
  return out;
}

/** Stream `doc` in every cutting, as a string and as bytes: each run ends as one-shot does. Returns one-shot's result. */
function sameAsOneShot(m: Model, options: ValidatorOptions, doc: string): ReturnType<Validator["safeUnmarshal"]> {
  const v = new Validator(m, options);
  const p = new StreamParser(v);
  for (const data of [doc, utf8(doc)]) {
    const want = oneShot(v, data);
    for (const chunks of cuttings(data)) {
      const diff = differences(feedAll(p, chunks), want, { repeatedKeys: true });
      expect(diff, `${JSON.stringify(chunks.map((c) => (typeof c === "string" ? c : new TextDecoder().decode(c))))}`).toEqual([]);
    }
  }
  return v.safeUnmarshal(doc);
}

const codes = (r: ReturnType<Validator["safeUnmarshal"]>) => (r.ok ? "valid" : "errors" in r.error ? r.error.errors.map((e) => `${e.field}:${e.code}`) : r.error.message);

describe("repeated keys: the last occurrence wins, however the chunks fall", () => {
  it("the earlier value's errors are taken back even when more come in the same chunk", () => {
    const M = model("Mood", { name: t.string("min=2"), mood: t.string() });
    expect(codes(sameAsOneShot(M, {}, '{"name":"a","name":"abc"}'))).toEqual(["mood:MISSING_FIELD"]);
    // the case that went wrong: the first value completes at the end of a chunk
    const run = feedAll(new StreamParser(M), ['{"name":"a"', ',"name":"abc"}']);
    expect(run.final.errors.map(fieldError)).toEqual([{ field: "mood", code: "MISSING_FIELD", message: "mood field is missing and has no default", value: null }]);
  });

  it("a map: the errors of an entry a later one with the same key replaces are taken back (the map then holds one entry)", () => {
    const Mail = model("MapMail", { e: t.string("email") });
    const Book = model("MapBook", { m: t.map(Mail, "max=1"), tags: t.map(model("MapTag", { v: t.string("min=2") })) });
    expect(codes(sameAsOneShot(Book, {}, '{"m":{"k":{"e":"x"},"k":{"e":"a@b.co"}},"tags":{"a":{"v":"x"},"a":{"v":"yy"}}}'))).toBe("valid");
    expect(codes(sameAsOneShot(Book, {}, '{"m":{"k":{"e":"a@b.co"},"k":{"e":"x"}},"tags":{"a":{"v":"yy"},"a":{"v":"x"}}}'))).toEqual(["m.k.e:INVALID_EMAIL", "tags.a.v:MIN_LENGTH"]);
    // an escaped key is the same key
    expect(codes(sameAsOneShot(Book, {}, '{"m":{"k":{"e":"x"},"\\u006b":{"e":"a@b.co"}},"tags":{}}'))).toBe("valid");
    expect(codes(sameAsOneShot(Book, { maxErrors: 1 }, '{"m":{"k":{"e":"x"},"j":{"e":"y"},"k":{"e":"a@b.co"}},"tags":{}}'))).toEqual(["m.j.e:INVALID_EMAIL", ":TOO_MANY_ERRORS"]); // (MAX_ITEMS is the second)
  });

  it("the value is the last occurrence's alone: objects of a repeated key do not merge, where Go decodes the second into the first (README)", () => {
    const Point = model("MergePoint", { x: t.int(), y: t.int() });
    const M = model("MergeTop", { a: Point, p: t.ptr(Point), m: t.map(t.int()), l: t.slice(Point), f: t.array(2, Point), n: Point });
    const r = sameAsOneShot(M, { strictMissingFields: false }, '{"a":{"x":1},"a":{"y":2},"p":{"x":1},"p":{"y":2},"m":{"k":1},"m":{"j":2},' +
      '"l":[{"x":1},{"x":1}],"l":[{"y":2}],"f":[{"x":1},{"x":1}],"f":[{"y":2}],"n":{"x":1},"n":null}');
    // Go 1.19: a {x:1,y:2}, p {x:1,y:2}, m {k:1,j:2}, l [{x:1,y:2}], f [{x:1,y:2},{x:0,y:0}], n {x:1,y:0}
    expect(r.ok && r.value).toEqual({
      a: { x: 0, y: 2 }, p: { x: 0, y: 2 }, m: { j: 2 }, l: [{ x: 0, y: 2 }], f: [{ x: 0, y: 2 }, { x: 0, y: 0 }], n: { x: 0, y: 0 },
    });
  });

  it("an unknown key under forbid that comes again is one EXTRA_FIELD, the last occurrence's (it was one per occurrence)", () => {
    const Sub = model("FbSub", { b: t.int() });
    const F = model("FbTop", { a: t.string(), sub: t.ptr(Sub) });
    const forbid = { extraFields: "forbid" as const, strictMissingFields: false };
    const r = sameAsOneShot(F, forbid, '{"z":1,"sub":{"z":5,"b":1,"z":6},"a":"","\\u007a":2,"y":3}');
    expect(r.ok ? [] : (r.error as { errors: unknown[] }).errors).toEqual([
      { field: "sub.z", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 6 },
      { field: "z", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 2 },
      { field: "y", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 3 },
    ]);
    expect(codes(sameAsOneShot(F, { ...forbid, maxErrors: 1 }, '{"z":1,"z":2}'))).toEqual(["z:EXTRA_FIELD"]);
  });

  it("with the list cut at maxErrors: errors dropped at the cut come back when a repeated key makes room", () => {
    const R = model("Three", { a: t.string("max=1"), b: t.string("max=1"), c: t.string("max=1") });
    const options = { maxErrors: 1, strictMissingFields: false };
    const r = sameAsOneShot(R, options, '{"a":"xx","b":"yy","a":"","c":"zz"}');
    expect(r.ok ? [] : (r.error as { errors: unknown[] }).errors).toEqual([
      { field: "b", code: "MAX_LENGTH", message: "must be at most 1 characters", value: "yy" },
      { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 1", value: null },
    ]);
    // every error taken back: valid after all
    expect(codes(sameAsOneShot(R, options, '{"a":"xx","b":"yy","a":"","b":""}'))).toBe("valid");
    expect(codes(sameAsOneShot(R, { ...options, maxErrors: 2 }, '{"a":"xx","b":"yy","c":"zz","a":"","b":"","a":"qq"}'))).toEqual(["c:MAX_LENGTH", "a:MAX_LENGTH"]);
  });

  it("property: objects with repeated keys, small maxErrors, random cuts, strings and bytes", () => {
    const Item = model("Item", { x: t.int("gte=1") });
    const P = model("Rep", { a: t.string("max=1"), b: t.string("max=1,oneof=x y"), n: t.int("lte=5"), items: t.slice(Item, "max=2") });
    const value = fc.oneof(
      fc.constantFrom('""', '"x"', '"yy"', '"zzz"', "1", "9", "null"),
      fc.array(fc.constantFrom('{"x":1}', '{"x":0}', "{}"), { maxLength: 4 }).map((xs) => `[${xs.join(",")}]`),
    );
    const member = fc.tuple(fc.constantFrom("a", "b", "n", "items", "zz"), value).map(([k, v]) => `"${k}":${v}`);
    const doc = fc.array(member, { maxLength: 7 }).map((ms) => `{${ms.join(",")}}`);
    const options = fc.record({
      maxErrors: fc.integer({ min: 1, max: 3 }),
      strictMissingFields: fc.boolean(),
      extraFields: fc.constantFrom("ignore" as const, "forbid" as const),
    });
    const cutsOf = fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 6 });
    fc.assert(fc.property(doc, options, cutsOf, fc.boolean(), (text, o, sizes, bytes) => {
      const v = new Validator(P, o);
      const data = bytes ? utf8(text) : text;
      const chunks: (string | Uint8Array)[] = [];
      for (let at = 0, k = 0; at < data.length; k++) { chunks.push(data.slice(at, at + sizes[k % sizes.length])); at += sizes[k % sizes.length]; }
      expect(differences(feedAll(new StreamParser(v), chunks), oneShot(v, data), { repeatedKeys: true })).toEqual([]);
    }), { numRuns: 1500, seed: 77 });
  });
});

describe("a U+FEFF is a character wherever it is (only a document's first bytes can be a byte order mark)", () => {
  const B = model("Bom", { a: t.string(), b: t.bool(), any: t.any() });
  it("a byte chunk that starts with EF BB BF after ASCII-only chunks keeps it", () => {
    const bom = [0xef, 0xbb, 0xbf];
    const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...encoder.encode(p)] : p)));
    const v = new Validator(B, { strictMissingFields: false });
    const chunks = [bytes('{"a":"'), bytes(bom, 'x\\n","b":true,"any":"'), bytes(bom, '"}')];
    const run = feedAll(new StreamParser(v), chunks);
    expect(run.final.value).toEqual({ a: "\uFEFFx\n", b: true, any: "\uFEFF" });
    expect(differences(run, oneShot(v, joinChunks(chunks)))).toEqual([]);
  });

  it("a key that starts with U+FEFF keeps it in the error path (one-shot and stream)", () => {
    const r = sameAsOneShot(model("S", { s: t.string() }), { extraFields: "forbid", strictMissingFields: false }, '{"\uFEFFs":1}');
    expect(codes(r)).toEqual(["\uFEFFs:EXTRA_FIELD"]);
  });
});

describe("maxDocumentBytes: the same error as one-shot, in UTF-8 bytes, at the chunk that crosses it", () => {
  const L = model("Lim", { s: t.string() });
  it("over by one byte; four emoji (16 UTF-16 units, 24 bytes) under a 20-byte limit", () => {
    for (const doc of ['{"s":"abcdefghijklm"}', '{"s":"😀😀😀😀"}']) {
      const r = sameAsOneShot(L, { maxDocumentBytes: 20 }, doc);
      expect(r.ok ? undefined : r.error).toBeInstanceOf(JsonSyntaxError);
      expect(r.ok ? undefined : r.error).toMatchObject({ offset: 20, line: 1, column: 21, message: "document larger than maxDocumentBytes (20) at offset 20 (line 1, column 21)" });
    }
    const results: StreamResult<unknown>[] = [];
    feedAll(new StreamParser(L, { maxDocumentBytes: 20 }), ['{"s":"abcdefgh', "ijklm", '"}'], { onResult: (x) => results.push(x) });
    expect(results.map((x) => x.errors.length)).toEqual([0, 0, 1, 1]);
  });

  it("one-shot: a string far over the limit gives the same position as its bytes (only its first max bytes are encoded for it)", () => {
    const v = new Validator(L, { maxDocumentBytes: 30 });
    for (const doc of [`{"s":"ab\ncdé😀😀${"x".repeat(5_000_000)}"}`, `{"s":"${"😀".repeat(20)}"}`]) {
      const a = v.safeUnmarshal(doc);
      const b = v.safeUnmarshal(encoder.encode(doc));
      expect(a.ok ? undefined : a.error).toBeInstanceOf(JsonSyntaxError);
      expect(a.ok ? undefined : { ...a.error, message: a.error.message }).toEqual(b.ok ? undefined : { ...b.error, message: b.error.message });
    }
    const r = v.safeUnmarshal(`{"s":"ab\ncdé😀😀${"x".repeat(100)}"}`);
    expect(r.ok ? undefined : r.error.message).toBe("document larger than maxDocumentBytes (30) at offset 30 (line 2, column 22)");
  });

  it("a byte chunk of a Uint8Array subclass far over the limit: one-shot's error (the cut is a plain view, not made through the subclass)", () => {
    class Chunk extends Uint8Array {
      constructor(text: string) {
        super(encoder.encode(text));
      }
    }
    const p = new StreamParser(L, { maxDocumentBytes: 10 });
    const r = p.feed(new Chunk(`{"s":"${"x".repeat(100)}"}`));
    expect(r.errors.map((e) => e.message)).toEqual(["document larger than maxDocumentBytes (10) at offset 10 (line 1, column 11)"]);
  });

  it("a chunk far over the limit is cut before it is copied: one-shot's error, and the WASM memory does not grow", () => {
    const limit = 1000;
    const pieces = ['{"s":"ab', "c".repeat(8_000_000), '"}'];
    for (const bytes of [false, true]) {
      const chunks = bytes ? pieces.map((c) => encoder.encode(c)) : pieces;
      const p = new StreamParser(L, { maxDocumentBytes: limit });
      p.feed(chunks[0]);
      const before = getEngine().heap.u8.buffer.byteLength;
      const r = p.feed(chunks[1]);
      expect(getEngine().heap.u8.buffer.byteLength).toBe(before);
      const one = new Validator(L, { maxDocumentBytes: limit }).safeUnmarshal(pieces.join(""));
      expect(r.done).toBe(true);
      expect(r.errors).toEqual([one.ok ? undefined : one.error]);
      expect(r.state.bytesReceived).toBeLessThanOrEqual(limit + 8); // (what was kept of the chunk)
    }
  });
});

describe("state after an error", () => {
  const D = model("AfterType", { sub: model("AfterTypeSub", { v: t.int() }), tags: t.slice(t.slice(t.string())) });

  it("after a type error: depth follows the syntax reading of the rest; openPath is empty (the typed value is no longer written)", () => {
    const p = new StreamParser(D);
    const seen = ['{"sub":{"v":"oops"', "}", ',"tags":[["x"', "]]", "}"].map((c) => {
      const r = p.feed(c);
      return [r.state.depth, r.state.openPath.length, r.done];
    });
    expect(seen).toEqual([[2, 0, false], [1, 0, false], [3, 0, false], [1, 0, false], [0, 0, true]]);
  });

  it("complete(): nothing received is not complete, also once the stream has ended; what an error cut off stays unfinished", () => {
    const S = model("Cut", { a: t.string(), b: t.slice(t.string()) });
    const x = new StreamParser(S).feed("x");
    expect([x.done, x.partial, x.state.complete([]), x.state.complete("")]).toEqual([true, undefined, false, false]);
    const empty = new StreamParser(S);
    empty.feed("   ");
    expect(empty.end().state.complete([])).toBe(false);
    // a syntax error inside an open string of an open array
    const p = new StreamParser(S);
    p.feed('{"a":"done","b":["one","tw');
    const r = p.feed("\u0001");
    expect(r.done).toBe(true);
    expect(r.partial).toEqual({ a: "done", b: ["one", "tw"] });
    expect([r.state.complete("a"), r.state.complete("b[0]"), r.state.complete("b[1]"), r.state.complete("b"), r.state.complete([])]).toEqual([true, true, false, false, false]);
    // a document that completed, then trailing data: the value itself was complete
    const q = new StreamParser(S);
    q.feed('{"a":"x","b":[]}');
    const t2 = q.feed(" x");
    expect(t2.errors[0]).toBeInstanceOf(JsonSyntaxError);
    expect([t2.state.complete([]), t2.state.complete("b")]).toEqual([true, true]);
  });
});

describe("string and byte chunks mixed; chunks after end()", () => {
  it("a high surrogate held back from a string chunk, then bytes: a lone surrogate, U+FFFD as UTF-8 has it", () => {
    const v = new Validator(model("Mx", { s: t.string() }));
    const chunks = ['{"s":"\uD83D', encoder.encode('x"}')];
    const run = feedAll(new StreamParser(v), chunks);
    expect(run.final.value).toEqual({ s: "\uFFFDx" });
    expect(differences(run, oneShot(v, joinChunks(chunks)))).toEqual([]);
  });

  it("after end() the stream reads nothing more: its result stays", () => {
    const p = new StreamParser(model("E", { n: t.int() }));
    p.feed('{"n":1}');
    const ended = p.end();
    expect(ended.value).toEqual({ n: 1 });
    const after = p.feed("x");
    expect(after.value).toEqual({ n: 1 });
    expect(after.errors).toEqual([]);
    expect(after.state.bytesReceived).toBe(7);
  });
});

describe("memory", () => {
  it("a stream parser's WASM memory goes back to the heap when it is collected: 5 x 2,000 parsers, the memory stays put", () => {
    const script = `
      const { model, t, StreamParser } = await import(${JSON.stringify(join(process.cwd(), "dist", "index.js"))});
      const { getEngine } = await import(${JSON.stringify(join(process.cwd(), "dist", "engine.js"))});
      const M = model("M", { s: t.string() });
      const sizes = [];
      for (let k = 0; k < 5; k++) {
        for (let i = 0; i < 2000; i++) { const p = new StreamParser(M); p.feed('{"s":"x"}'); }
        globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); globalThis.gc(); await new Promise((r) => setTimeout(r, 20));
        sizes.push(getEngine().heap.u8.buffer.byteLength);
      }
      console.log(JSON.stringify(sizes));`;
    const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8" });
    const sizes = JSON.parse(out) as number[];
    // without release every round added as much as the first (5 rounds: 825 MB); with it the
    // blocks of the first round's parsers are reused (WASM memory never shrinks)
    expect(sizes[4]).toBeLessThanOrEqual(sizes[0] * 1.01);
  });
});
