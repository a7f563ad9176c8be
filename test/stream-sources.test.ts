// The stream sources: parseStream over an AsyncIterable and a WHATWG ReadableStream (strings and
// bytes), stopping after the document, abortOnError (true, or an AbortController aborted with the
// error), signal; parseLines over NDJSON (string and byte chunks, records split across chunks,
// blank lines, CRLF, line numbers, lazy reading); parseUnionStream narrowing to the variant at the
// chunk where the discriminator completes (REQUIRED / INVALID_DISCRIMINATOR otherwise), and the
// same ending as one-shot UnionValidator.safeUnmarshal however the document is cut.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, UnmarshalTypeError, ValidationError, type FieldError } from "../bindings/errors.js";
import { model, t } from "../bindings/model.js";
import { parseLines, parseStream, parseUnionStream } from "../bindings/sources.js";
import type { StreamResult } from "../bindings/stream.js";
import { UnionStreamParser, type UnionStreamResult } from "../bindings/union-stream.js";
import { UnionValidator, type UnionValue } from "../bindings/union.js";
import { Validator } from "../bindings/validator.js";
import { everySplit, fieldError, utf8 } from "./support/stream-harness.js";

const Answer = model("Answer", {
  title: t.string("required,max=20"),
  steps: t.slice(t.string(), "max=3"),
  score: t.int("min=0,max=10"),
});
const answer = new Validator(Answer);

/** An AsyncIterable over the chunks that records how many were taken. */
function source<T>(chunks: T[]): AsyncIterable<T> & { taken: number } {
  const s = {
    taken: 0,
    async *[Symbol.asyncIterator]() {
      for (const c of chunks) {
        s.taken++;
        yield c;
      }
    },
  };
  return s;
}

/** A ReadableStream over the chunks (pulled one at a time) that records pulls and cancellation. */
function readable<T>(chunks: T[]): ReadableStream<T> & { readonly pulls: number; readonly cancelled: unknown } {
  let i = 0;
  let pulls = 0;
  let cancelled: unknown;
  const rs = new ReadableStream<T>({
    pull(c) {
      pulls++;
      if (i < chunks.length) c.enqueue(chunks[i++]);
      else c.close();
    },
    cancel(reason) {
      cancelled = reason ?? "cancelled";
    },
  }, { highWaterMark: 0 });
  Object.defineProperty(rs, "pulls", { get: () => pulls });
  Object.defineProperty(rs, "cancelled", { get: () => cancelled });
  return rs as ReadableStream<T> & { readonly pulls: number; readonly cancelled: unknown };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const codes = (r: { errors: readonly unknown[] }) => r.errors.map((e) => (e instanceof Error ? e.name : (e as FieldError).code));

const DOC = '{"title":"Brew tea","steps":["boil water","steep 3 min"],"score":9}';
const CHUNKS = ['{"title":"Brew', ' tea","steps":["boil', ' water","steep', ' 3 min"],"sc', 'ore":9}'];

describe("parseStream", () => {
  it("over an AsyncIterable of strings: one result per chunk, the last one done with the value", async () => {
    const rs = await collect(parseStream(Answer, source(CHUNKS)));
    expect(rs).toHaveLength(CHUNKS.length);
    expect(rs.map((r) => r.done)).toEqual([false, false, false, false, true]);
    expect(rs[0].partial).toEqual({ title: "Brew" });
    expect(rs[2].partial).toEqual({ title: "Brew tea", steps: ["boil water", "steep"] });
    expect(rs[4].value).toEqual(JSON.parse(DOC));
    expect(rs[4].value).toEqual(answer.unmarshal(DOC));
  });

  it("over an AsyncIterable of bytes cut inside UTF-8 sequences", async () => {
    const doc = '{"title":"Thé 🍵","steps":["é","😀"],"score":1}';
    const bytes = utf8(doc);
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const rs = await collect(parseStream(Answer, source(chunks)));
    expect(rs[rs.length - 1].value).toEqual(JSON.parse(doc));
    // never a replacement character in between
    expect(rs.every((r) => !JSON.stringify(r.partial ?? null).includes("\uFFFD"))).toBe(true);
  });

  it("over a WHATWG ReadableStream of bytes (a fetch body) and of strings (TextDecoderStream)", async () => {
    const bytes = CHUNKS.map((c) => utf8(c));
    const a = await collect(parseStream(Answer, readable(bytes)));
    expect(a[a.length - 1].value).toEqual(JSON.parse(DOC));
    const body = new Response(DOC).body!;
    const b = await collect(parseStream(Answer, body.pipeThrough(new TextDecoderStream())));
    expect(b[b.length - 1]).toMatchObject({ done: true, value: JSON.parse(DOC) });
    const c = await collect(parseStream(answer, new Response(DOC).body!));
    expect(c[c.length - 1].value).toEqual(JSON.parse(DOC));
  });

  it("stops reading once the document is complete (the source is not drained, the stream is cancelled)", async () => {
    const it = source([...CHUNKS, " ", "more"]);
    const rs = await collect(parseStream(Answer, it));
    expect(rs).toHaveLength(CHUNKS.length);
    expect(it.taken).toBe(CHUNKS.length);
    const rs2 = readable([...CHUNKS, " ", "more"]);
    await collect(parseStream(Answer, rs2));
    expect(rs2.pulls).toBe(CHUNKS.length);
    expect(rs2.cancelled).toBeDefined();
  });

  it("a source that ends early: end() gives the syntax error as the last result", async () => {
    const rs = await collect(parseStream(Answer, source(CHUNKS.slice(0, 2))));
    expect(rs).toHaveLength(3);
    expect(rs[2].done).toBe(true);
    expect(rs[2].errors[rs[2].errors.length - 1]).toBeInstanceOf(JsonSyntaxError);
  });

  it("constraint errors do not stop the stream; the last result has them all", async () => {
    const chunks = ['{"title":"A very long title, longer', ' than twenty","steps":["a","b","c","d"', '],"score":11}'];
    const rs = await collect(parseStream(Answer, source(chunks)));
    expect(rs.map(codes)).toEqual([["MAX_LENGTH"], ["MAX_LENGTH", "MAX_ITEMS"], ["MAX_LENGTH", "MAX_ITEMS", "MAX_VALUE"]]);
    const one = answer.safeUnmarshal(chunks.join(""));
    expect(one.ok).toBe(false);
    expect(rs[2].errors.map((e) => fieldError(e as FieldError))).toEqual((!one.ok && (one.error as ValidationError).errors) || []);
  });

  it("abortOnError: true stops reading at the first certain error", async () => {
    const chunks = ['{"title":"A very long title, longer', ' than twenty","steps":[', '"a"],"score":1}'];
    const it = source(chunks);
    const rs = await collect(parseStream(Answer, it, { abortOnError: true }));
    expect(rs).toHaveLength(1);
    expect(codes(rs[0])).toEqual(["MAX_LENGTH"]);
    expect(it.taken).toBe(1);
  });

  it("abortOnError with an AbortController: aborted with the error as its reason (to cancel the request producing the stream)", async () => {
    const ctl = new AbortController();
    const rs = readable(['{"title":"012345678901234567890', "1", '","score":1}']);
    const out = await collect(parseStream(Answer, rs, { abortOnError: ctl }));
    expect(out).toHaveLength(1);
    expect(ctl.signal.aborted).toBe(true);
    expect(ctl.signal.reason).toBe(out[0].errors[0]);
    expect(ctl.signal.reason).toMatchObject({ field: "title", code: "MAX_LENGTH", early: true });
    expect(rs.cancelled).toBeDefined();
  });

  it("abortOnError with an AbortController: a type or syntax error (which ends the stream) aborts it too", async () => {
    for (const chunks of [['{"title":"ok","score":', '"nine"', "}"], ['{"title":"ok",', "}", "]"]]) {
      const ctl = new AbortController();
      const out = await collect(parseStream(Answer, source(chunks), { abortOnError: ctl }));
      expect(out).toHaveLength(2);
      const error = out[1].errors[0];
      expect(error instanceof UnmarshalTypeError || error instanceof JsonSyntaxError).toBe(true);
      expect(ctl.signal.aborted, chunks.join("")).toBe(true);
      expect(ctl.signal.reason).toBe(error);
    }
  });

  it("signal: aborted between chunks, reading stops (no further chunk, no end-of-input error)", async () => {
    const ctl = new AbortController();
    const it = source(CHUNKS);
    const out: StreamResult<unknown>[] = [];
    for await (const r of parseStream(Answer, it, { signal: ctl.signal })) {
      out.push(r);
      if (out.length === 2) ctl.abort();
    }
    expect(out).toHaveLength(2);
    expect(it.taken).toBe(2);
    expect(out.every((r) => r.errors.length === 0)).toBe(true);
  });

  it("signal: aborted while the source is waiting for its next chunk, the iteration ends promptly", async () => {
    const ctl = new AbortController();
    let cancelled = false;
    let pulls = 0;
    const stalled = new ReadableStream<string>({
      pull(c) {
        if (pulls++ === 0) c.enqueue('{"title":"wai');
        else return new Promise(() => undefined); // the producer stalls
      },
      cancel() { cancelled = true; },
    }, { highWaterMark: 0 });
    const it = parseStream(Answer, stalled, { signal: ctl.signal });
    expect((await it.next()).value?.partial).toEqual({ title: "wai" });
    const next = it.next();
    setTimeout(() => ctl.abort(), 10);
    const outcome = await Promise.race([next.then((r) => (r.done ? "ended" : "result")), new Promise((r) => setTimeout(() => r("still waiting after 500 ms"), 500))]);
    expect(outcome).toBe("ended");
    expect(cancelled).toBe(true);
  });
});

describe("parseLines (NDJSON)", () => {
  const lines = [
    '{"title":"one","steps":[],"score":1}',
    "",
    '{"title":"two é😀","steps":["a"],"score":2}',
    "   ",
    '{"title":"three","steps":[],"score":11}',
    '{"title":"four","steps":[],"score":"x"}',
    '{"title":"five","steps":[],"score":5',
    '{"title":"six","steps":[],"score":6}',
  ];
  const text = lines.join("\n");

  /** What each record must give: safeUnmarshal of its line, with its 1-based line number. */
  const expected = lines.flatMap((l, i) => (l.trim() === "" ? [] : [{ line: i + 1, ...answer.safeUnmarshal(l) }]));
  const summary = (r: { line: number; ok: boolean; value?: unknown; error?: unknown }) =>
    ({ line: r.line, ok: r.ok, value: r.value, error: r.error instanceof Error ? `${r.error.name}: ${r.error.message}` : undefined });

  it("one result per non-blank line with its line number, as safeUnmarshal of the line", async () => {
    const got = await collect(parseLines(Answer, source([text])));
    expect(got.map(summary)).toEqual(expected.map(summary));
    expect(got.map((r) => r.line)).toEqual([1, 3, 5, 6, 7, 8]);
  });

  it("records split across string chunks at every position, and at every byte of the bytes", async () => {
    const want = expected.map(summary);
    for (const [a, b] of everySplit(text)) {
      const got = await collect(parseLines(answer, source([a, b])));
      if (!isDeepStrictEqual(got.map(summary), want)) expect(got.map(summary), `cut at ${a.length}`).toEqual(want);
    }
    const bytes = utf8(text);
    for (const [a, b] of everySplit(bytes)) {
      const got = await collect(parseLines(answer, readable([a, b])));
      if (!isDeepStrictEqual(got.map(summary), want)) expect(got.map(summary), `cut at byte ${a.length}`).toEqual(want);
    }
    const oneByOne = await collect(parseLines(answer, source(Array.from(bytes, (x) => Uint8Array.of(x)))));
    expect(oneByOne.map(summary)).toEqual(want);
  });

  it("CRLF line ends, a final line without a newline, trailing blank lines, mixed string and byte chunks", async () => {
    // a record keeps its CR (JSON whitespace): only an unexpected-end offset can tell
    const withCr = lines.flatMap((l, i) => (l.trim() === "" ? [] : [{ line: i + 1, ...answer.safeUnmarshal(`${l}\r`) }]));
    const crlf = lines.join("\r\n") + "\r\n\r\n";
    const got = await collect(parseLines(Answer, source([crlf.slice(0, 50), utf8(crlf.slice(50, 120)), crlf.slice(120)])));
    expect(got.map(summary)).toEqual(withCr.map(summary));
    const last = await collect(parseLines(Answer, source([`${lines[0]}\n\n${lines[2]}`])));
    expect(last.map((r) => r.line)).toEqual([1, 3]);
  });

  it("reads lazily: a record is yielded before the rest of the input arrives", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    let finished = false;
    async function* slow() {
      yield '{"title":"first","steps":[],"score":1}\n{"title":"sec';
      await gate;
      yield 'ond","steps":[],"score":2}\n';
      finished = true;
    }
    const it = parseLines(Answer, slow());
    const first = await it.next();
    expect(first.value).toMatchObject({ line: 1, ok: true });
    expect(finished).toBe(false);
    release();
    expect((await it.next()).value).toMatchObject({ line: 2, ok: true, value: { title: "second" } });
    expect((await it.next()).done).toBe(true);
  });

  it("abortOnError stops at the first failing record and aborts the controller with its error", async () => {
    const ctl = new AbortController();
    const got = await collect(parseLines(Answer, source([text]), { abortOnError: ctl }));
    expect(got.map((r) => r.line)).toEqual([1, 3, 5]);
    expect(ctl.signal.reason).toBeInstanceOf(ValidationError);
    expect(ctl.signal.reason).toBe(!got[2].ok && got[2].error);
  });
});

// ---------------------------------------------------------------- unions

const Search = model("Search", { type: t.string(), query: t.string("required,max=30"), limit: t.int("max=50") });
const Reply = model("Reply", { type: t.string(), text: t.string("required"), tone: t.string("oneof=calm warm") });
const tool = new UnionValidator({ discriminator: "type", variants: { search: Search, reply: Reply } });

function unionTrace(chunks: (string | Uint8Array)[]): UnionStreamResult<{ search: typeof Search; reply: typeof Reply }>[] {
  const p = new UnionStreamParser(tool);
  return [...chunks.map((c) => p.feed(c)), p.end()];
}

describe("parseUnionStream / UnionStreamParser", () => {
  it("the variant is known at the chunk where the discriminator's value completes; then partials are the variant's", () => {
    const rs = unionTrace(['{"ty', 'pe":"sea', 'rch"', ',"query":"te', 'a","limit":5}']);
    expect(rs.map((r) => r.variant)).toEqual([undefined, undefined, "search", "search", "search", "search"]);
    expect(rs[1].partial).toBeUndefined();
    expect(rs[2].partial).toEqual({ type: "search" });
    expect(rs[3].partial).toEqual({ type: "search", query: "te" });
    expect(rs[4].value).toEqual({ variant: "search", value: { type: "search", query: "tea", limit: 5 } });
  });

  it("a discriminator after other fields: the fields read before it are in the variant's partial", () => {
    const rs = unionTrace(['{"text":"hi","tone":"calm"', ',"type":"reply"', "}"]);
    expect(rs.map((r) => r.variant)).toEqual([undefined, "reply", "reply", "reply"]);
    expect(rs[1].partial).toEqual({ text: "hi", tone: "calm", type: "reply" });
    expect(rs[2].value).toEqual({ variant: "reply", value: { text: "hi", tone: "calm", type: "reply" } });
  });

  it("the variant's errors, early ones included, as the variant's stream reports them", () => {
    const rs = unionTrace(['{"type":"reply","tone":"co', 'ld"', ',"text":"x"}']);
    expect(codes(rs[0])).toEqual(["INVALID_ENUM"]);
    expect(rs[0].errors[0]).toMatchObject({ field: "tone", early: true });
    expect(codes(rs[2])).toEqual(["INVALID_ENUM"]);
    const one = tool.safeUnmarshal('{"type":"reply","tone":"cold","text":"x"}');
    expect(rs[2].errors.map((e) => fieldError(e as FieldError))).toEqual(!one.ok && (one.error as ValidationError).errors);
  });

  it("INVALID_DISCRIMINATOR at the chunk where a value that names no variant completes; the stream goes on to the end", () => {
    const rs = unionTrace(['{"type":"sea', 'rch2"', ',"query":"x"', "}"]);
    expect(rs.map((r) => codes(r))).toEqual([[], ["INVALID_DISCRIMINATOR"], ["INVALID_DISCRIMINATOR"], ["INVALID_DISCRIMINATOR"], ["INVALID_DISCRIMINATOR"]]);
    expect(rs.map((r) => r.done)).toEqual([false, false, false, true, true]);
    const one = tool.safeUnmarshal('{"type":"search2","query":"x"}');
    expect(rs[3].errors.map((e) => fieldError(e as FieldError))).toEqual(!one.ok && (one.error as ValidationError).errors);
    expect(rs[3].errors[0]).toMatchObject({ value: "search2", message: "must be one of: search, reply" });
    // a number, a null
    expect(codes(unionTrace(['{"type":1}'])[0])).toEqual(["INVALID_DISCRIMINATOR"]);
    expect(unionTrace(['{"type":null}'])[0].errors).toMatchObject([{ field: "type", code: "REQUIRED" }]);
  });

  it("REQUIRED when the document closes without the discriminator", () => {
    const rs = unionTrace(['{"query":"x"', "}"]);
    expect(rs.map((r) => codes(r))).toEqual([[], ["REQUIRED"], ["REQUIRED"]]);
    expect(rs[1].done).toBe(true);
    expect(rs[1].errors).toMatchObject([{ field: "type", code: "REQUIRED", message: "field is required", value: null }]);
  });

  it("parseUnionStream over a ReadableStream of bytes, and abortOnError", async () => {
    const doc = '{"type":"search","query":"green tea","limit":3}';
    const rs = await collect(parseUnionStream(tool, readable([utf8(doc.slice(0, 12)), utf8(doc.slice(12))])));
    expect(rs[rs.length - 1].value).toEqual({ variant: "search", value: JSON.parse(doc) });
    const ctl = new AbortController();
    const out = await collect(parseUnionStream(tool, source(['{"type":"nope"', ',"query":"x"}']), { abortOnError: ctl }));
    expect(out).toHaveLength(1);
    expect(ctl.signal.reason).toMatchObject({ code: "INVALID_DISCRIMINATOR" });
  });

  it("cut anywhere (every UTF-16 unit, every byte), the ending is one-shot's", () => {
    const docs = [
      '{"type":"search","query":"thé 😀","limit":5}',
      '{"query":"é","type":"search","limit":51}',
      '{"type":"reply","text":"日本","tone":"warm"}',
      '{"text":"x","type":"nope"}',
      '{"type":"reply","text":"x","tone":"calm"',
      '{"type":"search","query":"x","limit":"5"}',
    ];
    const ending = (r: { value?: UnionValue; errors: readonly unknown[] }) => ({
      value: r.value,
      errors: r.errors.map((e) => (e instanceof Error ? e.name : fieldError(e as FieldError))),
    });
    const oneShot = (doc: string | Uint8Array) => {
      const r = tool.safeUnmarshal(doc);
      return r.ok ? { value: r.value, errors: [] } : { value: undefined, errors: r.error instanceof ValidationError ? r.error.errors : [r.error.name] };
    };
    const wrong: string[] = [];
    for (const doc of docs) {
      const want = oneShot(doc);
      const cuts: (string | Uint8Array)[][] = [...everySplit(doc), ...everySplit(utf8(doc))];
      for (const chunks of cuts) {
        const rs = unionTrace(chunks);
        const got = ending(rs[rs.length - 1]);
        if (!isDeepStrictEqual(got, want)) {
          wrong.push(`${JSON.stringify(doc)} cut at ${typeof chunks[0] === "string" ? "unit" : "byte"} ${chunks[0].length}: ${JSON.stringify(got)} vs one-shot ${JSON.stringify(want)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
