// The stream sources: parseStream over an AsyncIterable and a WHATWG ReadableStream (strings and
// bytes), read to the end (data after the document is one-shot's syntax error), abortOnError (true,
// or an AbortController aborted with an Error), signal, no listener or reader lock left behind;
// parseLines over NDJSON (string and byte chunks, records split across chunks, blank lines, CRLF,
// line numbers and whole-input offsets in errors, lazy reading, a line past maxDocumentBytes
// reported at the limit); parseUnionStream narrowing to the variant at the chunk where the
// discriminator completes (REQUIRED / INVALID_DISCRIMINATOR otherwise, also as state.lastError), a
// repeated discriminator (the last occurrence wins at the end), and the same ending as one-shot
// UnionValidator.safeUnmarshal however the document is cut; a surrogate pair split between string
// chunks among byte chunks; a source of another kind (an array, a Response): a TypeError.
import { getEventListeners } from "node:events";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, UnmarshalTypeError, ValidationError, type FieldError } from "../bindings/errors.js";
import { model, t } from "../bindings/model.js";
import { parseLines, parseStream, parseUnionStream, type ChunkSource, type LineResult } from "../bindings/sources.js";
import { StreamParser, type StreamResult } from "../bindings/stream.js";
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

  it("reads the source to its end after the document: data after it is one-shot's syntax error", async () => {
    const M = model("M", { n: t.int() });
    const one = new Validator(M).safeUnmarshal('{"n":1}x');
    expect(!one.ok && one.error.message).toBe('unexpected data after the document "x" at offset 7 (line 1, column 8)');
    const rs = await collect(parseStream(M, source(['{"n":1}', "x"])));
    expect(rs.map((r) => r.done)).toEqual([true, true]);
    expect(rs[0].value).toEqual({ n: 1 });
    expect(rs[1].value).toBeUndefined();
    expect(rs[1].errors).toHaveLength(1);
    expect(rs[1].errors[0]).toBeInstanceOf(JsonSyntaxError);
    expect((rs[1].errors[0] as JsonSyntaxError).message).toBe('unexpected data after the document "x" at offset 7 (line 1, column 8)');
    // whitespace after the document: every chunk read, the value stays; a ReadableStream is read to its end, not cancelled
    const it = source([...CHUNKS, " ", "\n"]);
    const ws = await collect(parseStream(Answer, it));
    expect(it.taken).toBe(CHUNKS.length + 2);
    expect(ws).toHaveLength(CHUNKS.length + 2);
    expect(ws[ws.length - 1]).toMatchObject({ done: true, errors: [], value: JSON.parse(DOC) });
    const rs2 = readable([...CHUNKS, " ", "\n"]);
    await collect(parseStream(Answer, rs2));
    expect(rs2.pulls).toBe(CHUNKS.length + 3); // the last pull finds the end
    expect(rs2.cancelled).toBeUndefined();
    const out = await collect(parseStream(Answer, source([...CHUNKS, " ", "more"])));
    expect(out[out.length - 1].errors.map((e) => (e as Error).message)).toEqual(['unexpected data after the document "m" at offset 68 (line 1, column 69)']);
    const whole = answer.safeUnmarshal(`${DOC} more`);
    expect(!whole.ok && whole.error.message).toBe('unexpected data after the document "m" at offset 68 (line 1, column 69)');
    // the union stream too
    const u = await collect(parseUnionStream(tool, source(['{"type":"reply","text":"hi","tone":"calm"}', " x"])));
    expect(u[0].value).toEqual({ variant: "reply", value: { type: "reply", text: "hi", tone: "calm" } });
    expect(u[u.length - 1].value).toBeUndefined();
    expect(u[u.length - 1].errors.map((e) => (e as Error).message)).toEqual(['unexpected data after the document "x" at offset 43 (line 1, column 44)']);
    const oneU = tool.safeUnmarshal('{"type":"reply","text":"hi","tone":"calm"} x');
    expect(!oneU.ok && oneU.error.message).toBe('unexpected data after the document "x" at offset 43 (line 1, column 44)');
    // after a syntax error nothing can change the result: reading stops there (the stream is cancelled)
    const bad = readable(['{"n":1}', "x", "more", "and more"]);
    const stopped = await collect(parseStream(M, bad));
    expect(stopped).toHaveLength(2);
    expect(bad.pulls).toBe(2);
    expect(bad.cancelled).toBeDefined();
    expect(bad.locked).toBe(false);
  });

  it("removes its abort listener when the iteration ends (50 calls sharing a signal leave none)", async () => {
    const ctl = new AbortController();
    for (let i = 0; i < 50; i++) await collect(parseStream(answer, source(CHUNKS), { signal: ctl.signal }));
    expect(getEventListeners(ctl.signal, "abort")).toHaveLength(0);
    for await (const _ of parseUnionStream(tool, source(['{"type":"reply",', '"text":"hi"}']), { signal: ctl.signal })) break;
    await collect(parseLines(answer, source(['{"title":"x","steps":[],"score":1}\n']), { signal: ctl.signal }));
    await collect(parseStream(answer, source(['{"title":"012345678901234567890', "1"]), { signal: ctl.signal, abortOnError: true }));
    expect(getEventListeners(ctl.signal, "abort")).toHaveLength(0);
    // aborted while a read is pending
    const abort = new AbortController();
    const pending = collect(parseStream(answer, new ReadableStream<string>({ pull: () => new Promise(() => undefined) }), { signal: abort.signal }));
    setTimeout(() => abort.abort(), 5);
    expect(await pending).toEqual([]);
    expect(getEventListeners(abort.signal, "abort")).toHaveLength(0);
  });

  it("releases the ReadableStream's lock however the iteration ends (after cancelling it where it cancels)", async () => {
    const done = readable(CHUNKS);
    await collect(parseStream(answer, done));
    expect(done.locked).toBe(false);
    expect(done.cancelled).toBeUndefined();
    // left early by the consumer: cancelled, then released
    const left = readable(CHUNKS);
    for await (const _ of parseStream(answer, left)) break;
    expect(left.cancelled).toBeDefined();
    expect(left.locked).toBe(false);
    // abortOnError
    const failing = readable(['{"title":"012345678901234567890', "1", '","score":1}']);
    await collect(parseStream(answer, failing, { abortOnError: true }));
    expect(failing.cancelled).toBeDefined();
    expect(failing.locked).toBe(false);
    // aborted by the signal while a read is pending
    const abort = new AbortController();
    const stalled = new ReadableStream<string>({ pull: () => new Promise(() => undefined) }, { highWaterMark: 0 });
    const pending = collect(parseLines(answer, stalled, { signal: abort.signal }));
    setTimeout(() => abort.abort(), 5);
    expect(await pending).toEqual([]);
    expect(stalled.locked).toBe(false);
    // the union stream and parseLines, read to the end
    const u = readable(['{"type":"reply","text":"hi"}']);
    await collect(parseUnionStream(tool, u));
    const l = readable(['{"title":"x","steps":[],"score":1}\n']);
    await collect(parseLines(answer, l));
    expect([u.locked, l.locked]).toEqual([false, false]);
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

  it("abortOnError with an AbortController: aborted with an Error, a ValidationError holding the field error (to cancel the request producing the stream)", async () => {
    const ctl = new AbortController();
    const rs = readable(['{"title":"012345678901234567890', "1", '","score":1}']);
    const out = await collect(parseStream(Answer, rs, { abortOnError: ctl }));
    expect(out).toHaveLength(1);
    expect(ctl.signal.aborted).toBe(true);
    expect(ctl.signal.reason instanceof Error).toBe(true);
    expect(ctl.signal.reason).toBeInstanceOf(ValidationError);
    expect((ctl.signal.reason as ValidationError).errors).toHaveLength(1);
    expect((ctl.signal.reason as ValidationError).errors[0]).toBe(out[0].errors[0]);
    expect((ctl.signal.reason as ValidationError).errors[0]).toMatchObject({ field: "title", code: "MAX_LENGTH", early: true });
    expect((ctl.signal.reason as Error).message).toBe("title: must be at most 20 characters");
    expect(rs.cancelled).toBeDefined();
  });

  it("abortOnError with an AbortController: aborted before the error's result is handed over (a caller that breaks there still cancels; the source is cancelled)", async () => {
    const ctl = new AbortController();
    const rs = readable(['{"title":"012345678901234567890', "1", '","score":1}']);
    let abortedWhenSeen: boolean | undefined;
    for await (const r of parseStream(Answer, rs, { abortOnError: ctl })) {
      if (r.errors.length > 0) {
        abortedWhenSeen = ctl.signal.aborted;
        break;
      }
    }
    expect(abortedWhenSeen).toBe(true);
    expect((ctl.signal.reason as ValidationError).errors[0]).toMatchObject({ field: "title", code: "MAX_LENGTH", message: "must be at most 20 characters", value: "012345678901234567890", offset: 31, early: true });
    expect(rs.cancelled).toBeDefined();
  });

  it("abortOnError with an AbortController: an error only the end of the input makes certain (a document cut off; a last NDJSON record without a newline) aborts it too, before it is yielded", async () => {
    const ctl = new AbortController();
    const seen: boolean[] = [];
    for await (const r of parseStream(Answer, source(['{"title":"ok",', '"score":1']), { abortOnError: ctl })) seen.push(ctl.signal.aborted);
    expect(seen).toEqual([false, false, true]);
    expect(ctl.signal.reason).toBeInstanceOf(JsonSyntaxError);
    expect((ctl.signal.reason as JsonSyntaxError).reason).toBe("unexpected end of JSON input");
    const lines = new AbortController();
    const got: [number, boolean][] = [];
    for await (const r of parseLines(Answer, source(['{"title":"a","steps":[],"score":1}\n{"title":"b","steps":[],"score":"x"}']), { abortOnError: lines })) got.push([r.line, lines.signal.aborted]);
    expect(got).toEqual([[1, false], [2, true]]);
    expect(lines.signal.reason).toBeInstanceOf(UnmarshalTypeError);
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

  type Summary = { line: number; ok: boolean; value: unknown; error: string | undefined; offset: number | undefined };
  const summary = (r: { line: number; ok: boolean; value?: unknown; error?: unknown }): Summary => ({
    line: r.line, ok: r.ok, value: r.value,
    error: r.error instanceof Error ? `${r.error.name}: ${r.error.message}` : undefined,
    offset: (r.error as { offset?: number } | undefined)?.offset,
  });

  /**
   * What each record of an input must give: safeUnmarshal of its line (without a CR), with its
   * 1-based line number; a syntax error names that line and, like a type error, gives the byte
   * offset from the start of the input.
   */
  function expectedFor(input: string, v = answer): Summary[] {
    let start = 0;
    return input.split("\n").flatMap((raw, i): Summary[] => {
      const at = start;
      start += utf8(raw).length + 1;
      const l = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (l.trim() === "") return [];
      const r = v.safeUnmarshal(l);
      if (r.ok) return [{ line: i + 1, ok: true, value: r.value, error: undefined, offset: undefined }];
      const e = r.error as Error & { offset?: number };
      const message = e instanceof JsonSyntaxError
        ? e.message.replace(/ at offset \d+ \(line 1, (column \d+)\)$/, (_, column: string) => ` at offset ${at + e.offset} (line ${i + 1}, ${column})`)
        : e.message;
      return [{ line: i + 1, ok: false, value: undefined, error: `${e.name}: ${message}`, offset: e.offset === undefined ? undefined : at + e.offset }];
    });
  }
  const expected = expectedFor(text);

  it("one result per non-blank line with its line number, as safeUnmarshal of the line", async () => {
    const got = await collect(parseLines(Answer, source([text])));
    expect(got.map(summary)).toEqual(expected);
    expect(got.map((r) => r.line)).toEqual([1, 3, 5, 6, 7, 8]);
    expect(!got[4].ok && got[4].error).toMatchObject({ name: "JsonSyntaxError", line: 7, column: 37, offset: 205 });
  });

  it("a record's errors are placed in the file: the line number, and byte offsets from the start of the input", async () => {
    const input = '{"title":"a","steps":[],"score":1}\r\n\r\n{"title":"b","steps":[],"score":2}\r\n{"title":"c",,}\r\n{"title":"d","steps":[],"score":"x"}\n';
    const got = await collect(parseLines(Answer, source([input])));
    expect(got.map((r) => [r.line, r.ok])).toEqual([[1, true], [3, true], [4, false], [5, false]]);
    const syntax = !got[2].ok && got[2].error;
    expect(syntax).toBeInstanceOf(JsonSyntaxError);
    expect(syntax).toMatchObject({ message: 'unexpected character "," at offset 87 (line 4, column 14)', reason: 'unexpected character ","', line: 4, column: 14, offset: 87 });
    expect(input[87]).toBe(",");
    const type = !got[3].ok && got[3].error;
    expect(type).toBeInstanceOf(UnmarshalTypeError);
    expect(type).toMatchObject({ message: "cannot unmarshal string into field score of type int", field: "score", offset: 123 });
    expect(input.slice(123, 126)).toBe('"x"');
    // the same offsets when the input comes as bytes, cut anywhere
    const bytes = utf8(input);
    for (const [a, b] of everySplit(bytes)) {
      const r = await collect(parseLines(answer, source([a, b])));
      const offsets = r.map((x) => !x.ok && (x.error as { offset?: number }).offset);
      if (!isDeepStrictEqual(offsets, [false, false, 87, 123])) expect(offsets, `cut at byte ${a.length}`).toEqual([false, false, 87, 123]);
    }
  });

  /**
   * The records of the input cut in two anywhere (string chunks; byte chunks of a ReadableStream)
   * and given a byte at a time are `want`; returns the records of the latter.
   */
  async function expectAnyCut(v: Validator<typeof Answer>, input: string, want: Summary[]): Promise<LineResult<unknown>[]> {
    for (const [a, b] of everySplit(input)) {
      const got = await collect(parseLines(v, source([a, b])));
      if (!isDeepStrictEqual(got.map(summary), want)) expect(got.map(summary), `cut at ${a.length}`).toEqual(want);
    }
    const bytes = utf8(input);
    for (const [a, b] of everySplit(bytes)) {
      const got = await collect(parseLines(v, readable([a, b])));
      if (!isDeepStrictEqual(got.map(summary), want)) expect(got.map(summary), `cut at byte ${a.length}`).toEqual(want);
    }
    const oneByOne = await collect(parseLines(v, source(Array.from(bytes, (x) => Uint8Array.of(x)))));
    expect(oneByOne.map(summary)).toEqual(want);
    return oneByOne;
  }

  it("records split across string chunks at every position, and at every byte of the bytes", async () => {
    await expectAnyCut(answer, text, expected);
  });

  it("CRLF line ends, a final line without a newline, trailing blank lines, mixed string and byte chunks", async () => {
    // a record's text and the JSON read are the line without its CR
    const crlf = lines.join("\r\n") + "\r\n\r\n";
    const got = await collect(parseLines(Answer, source([crlf.slice(0, 50), utf8(crlf.slice(50, 120)), crlf.slice(120)])));
    expect(got.map(summary)).toEqual(expectedFor(crlf));
    const texts = got.map((r) => (typeof r.text === "string" ? r.text : new TextDecoder().decode(r.text)));
    expect(texts).toEqual(lines.filter((l) => l.trim() !== ""));
    const strings = await collect(parseLines(Answer, source([crlf])));
    expect(strings.map((r) => r.text)).toEqual(lines.filter((l) => l.trim() !== ""));
    expect(!strings[4].ok && strings[4].error).toMatchObject({ line: 7, column: 37, offset: 211 });
    const last = await collect(parseLines(Answer, source([`${lines[0]}\n\n${lines[2]}`])));
    expect(last.map((r) => r.line)).toEqual([1, 3]);
  });

  it("a surrogate pair split between two string chunks, with byte chunks in the line: one character, as StreamParser reads it (a lone half is U+FFFD)", async () => {
    const stream = (chunks: (string | Uint8Array)[]) => {
      const p = new StreamParser(Answer);
      for (const c of chunks) p.feed(c);
      return p.end().value;
    };
    const paired = [utf8('{"title":"a'), "\uD83D", '\uDE00","steps":[],"score":1}'];
    const lone = [utf8('{"title":"a'), "\uD83D", utf8('","steps":[],"score":1}')];
    const got = await collect(parseLines(Answer, source([...paired, "\n", ...lone, "\n"])));
    expect(got.map((r) => r.ok && r.value.title)).toEqual(["a😀", "a\uFFFD"]);
    expect(got.map((r) => r.ok && r.value)).toEqual([stream(paired), stream(lone)]);
    expect(got[0].text).toEqual(utf8('{"title":"a😀","steps":[],"score":1}'));
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

  it("abortOnError: the controller is aborted before the failing record is handed over (a caller may break there)", async () => {
    const ctl = new AbortController();
    let seen: { line: number; aborted: boolean } | undefined;
    for await (const r of parseLines(Answer, source([text]), { abortOnError: ctl })) {
      if (!r.ok) {
        seen = { line: r.line, aborted: ctl.signal.aborted };
        break;
      }
    }
    expect(seen).toEqual({ line: 5, aborted: true });
    expect(ctl.signal.reason).toBeInstanceOf(ValidationError);
  });

  it("abortOnError stops at the first failing record and aborts the controller with its error", async () => {
    const ctl = new AbortController();
    const got = await collect(parseLines(Answer, source([text]), { abortOnError: ctl }));
    expect(got.map((r) => r.line)).toEqual([1, 3, 5]);
    expect(ctl.signal.reason).toBeInstanceOf(ValidationError);
    expect(ctl.signal.reason).toBe(!got[2].ok && got[2].error);
  });

  it("maxDocumentBytes: a line that never ends is reported as soon as it passes the limit, and abortOnError stops reading there", async () => {
    /** Bytes handed to parseLines. */
    let read = 0;
    async function* endless() {
      read += 10;
      yield '{"title":"';
      // (bounded, so that a failure is a failed expectation, not a hang)
      while (read < 2_000_000) {
        read += 1000;
        yield "x".repeat(1000);
      }
    }
    const ctl = new AbortController();
    const seen: { line: number; ok: boolean; read: number }[] = [];
    const got = [];
    for await (const r of parseLines(Answer, endless(), { maxDocumentBytes: 1000, abortOnError: ctl })) {
      seen.push({ line: r.line, ok: r.ok, read });
      got.push(r);
    }
    // the piece that passes the limit is the first 1,000 bytes after the 10 of '{"title":"'
    expect(seen).toEqual([{ line: 1, ok: false, read: 1010 }]);
    const error = !got[0].ok && got[0].error;
    expect(error).toBeInstanceOf(JsonSyntaxError);
    expect(error).toMatchObject({ message: "document larger than maxDocumentBytes (1000) at offset 1000 (line 1, column 1001)", offset: 1000, line: 1, column: 1001 });
    expect(ctl.signal.reason).toBe(error);
    // the text kept: the line's first 1,001 units (past the limit, as one-shot reads it)
    expect(got[0].text).toBe(`{"title":"${"x".repeat(991)}`);
    expect(read).toBe(1010);
  });

  it("maxDocumentBytes: a line past it is safeUnmarshal's error of the line, placed in the input; the lines after it keep their numbers and offsets", async () => {
    const small = new Validator(Answer, { maxDocumentBytes: 40 });
    const doc = (title: string) => `{"title":"${title}","steps":[],"score":1}`; // 33 bytes and the title
    const input = [
      doc("one"),
      doc(`long é😀 ${"y".repeat(40)}`), // past the limit
      `${doc("abcdefg")}\r`, // 40 bytes, and a CR that is the line's end, not its text
      doc("abcdefgh"), // 41 bytes
      doc("abc😀"), // 40 bytes: a surrogate pair split between chunks is 4 bytes
      " ".repeat(60), // blank, however long: no record
      `${" ".repeat(50)}{}`, // past the limit while blank, then not blank
      "\r\n\r",
      doc("last"),
    ].join("\n");
    const want = expectedFor(input, small);
    expect(want.map((r) => [r.line, r.error])).toEqual([
      [1, undefined],
      [2, "JsonSyntaxError: document larger than maxDocumentBytes (40) at offset 77 (line 2, column 41)"],
      [3, undefined],
      [4, "JsonSyntaxError: document larger than maxDocumentBytes (40) at offset 205 (line 4, column 41)"],
      [5, undefined],
      [7, "JsonSyntaxError: document larger than maxDocumentBytes (40) at offset 349 (line 7, column 41)"],
      [10, undefined],
    ]);
    const whole = await collect(parseLines(small, source([input])));
    expect(whole.map(summary)).toEqual(want);
    // what is kept of a line past the limit: its first 41 units
    expect(whole.map((r) => r.text)).toEqual([doc("one"), doc(`long é😀 ${"y".repeat(40)}`).slice(0, 41), doc("abcdefg"), doc("abcdefgh"), doc("abc😀"), `${" ".repeat(50)}{}`.slice(0, 41), doc("last")]);
    const bytesOneByOne = await expectAnyCut(small, input, want);
    expect(bytesOneByOne[1].text).toEqual(utf8(input).slice(37, 37 + 41));
    // a UTF-16 unit at a time: each half of a surrogate pair in a chunk of its own
    const unitByUnit = await collect(parseLines(small, source(input.split(""))));
    expect(unitByUnit.map(summary)).toEqual(want);
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

  it("state: the union's own chunk count, and no open path or complete path before a variant is chosen", () => {
    const rs = unionTrace(['{"ty', 'pe":"sea', 'rch"', ',"query":"te', 'a","limit":5}']);
    expect(rs.map((r) => r.state.chunks)).toEqual([1, 2, 3, 4, 5, 5]);
    expect(rs.map((r) => r.state.bytesReceived)).toEqual([4, 12, 16, 28, 41, 41]);
    expect(rs[1].state.openPath).toEqual([]);
    expect(rs[1].state.complete("type")).toBe(false);
    expect(rs[3].state.openPath).toEqual(["query"]);
    expect(rs[3].state.complete("type")).toBe(true);
    expect(rs[3].state.complete("query")).toBe(false);
    expect(JSON.parse(JSON.stringify(rs[3].state))).toEqual({ bytesReceived: 28, chunks: 4, depth: 1, done: false, openPath: ["query"] });
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

  it("state.lastError is the last of the result's errors: INVALID_DISCRIMINATOR, REQUIRED, the variant's own", () => {
    const traces = [
      unionTrace(['{"type":"sea', 'rch2"', ',"query":"x"', "}"]),
      unionTrace(['{"query":"x"', "}"]),
      unionTrace(['{"type":null}']),
      unionTrace(['{"type":"reply","tone":"co', 'ld"', ',"text":"x"}']),
      unionTrace(['{"type":"search","query":"tea"', ',"limit":5}']),
    ];
    for (const rs of traces) {
      for (const r of rs) expect(r.state.lastError).toBe(r.errors[r.errors.length - 1]);
    }
    expect(traces[0].map((r) => r.state.lastError && codes({ errors: [r.state.lastError] })[0])).toEqual([undefined, "INVALID_DISCRIMINATOR", "INVALID_DISCRIMINATOR", "INVALID_DISCRIMINATOR", "INVALID_DISCRIMINATOR"]);
    expect(traces[0][1].state.lastError).toEqual({ field: "type", code: "INVALID_DISCRIMINATOR", message: "must be one of: search, reply", value: "search2", offset: 17 });
    expect(traces[1][1].state.lastError).toEqual({ field: "type", code: "REQUIRED", message: "field is required", value: null, offset: 13 });
    expect(traces[2][0].state.lastError).toEqual({ field: "type", code: "REQUIRED", message: "field is required", value: null, offset: 13 });
    expect(traces[3][0].state.lastError).toMatchObject({ field: "tone", code: "INVALID_ENUM", early: true });
    expect(traces[4].map((r) => r.state.lastError)).toEqual([undefined, undefined, undefined]);
  });

  it("a surrogate pair split between two string chunks, with byte chunks: one character, as one-shot and StreamParser read it", async () => {
    const chunks = [utf8('{"type":"reply","text":"a'), "\uD83D", '\uDE00","tone":"calm"}'];
    const want = { variant: "reply", value: { type: "reply", text: "a😀", tone: "calm" } };
    expect(tool.safeUnmarshal('{"type":"reply","text":"a😀","tone":"calm"}')).toEqual({ ok: true, value: want });
    const rs = await collect(parseUnionStream(tool, source(chunks)));
    expect(rs[rs.length - 1].value).toEqual(want);
    expect(unionTrace(chunks)[3].value).toEqual(want);
    const lone = [utf8('{"type":"reply","text":"a'), "\uD83D", utf8('","tone":"calm"}')];
    const p = new StreamParser(Reply);
    for (const c of lone) p.feed(c);
    expect(unionTrace(lone)[3].value).toEqual({ variant: "reply", value: p.end().value });
    expect(unionTrace(lone)[3].value?.value).toMatchObject({ text: "a\uFFFD" });
    // after narrowing, the probe reads the chunks it has not seen in one go: a pair split at its
    // last chunk is one character there too (the discriminator's error at the document's end)
    const changed = ['{"type":"reply","text":"a\uD83D', '\uDE00"', utf8(',"type":"nope"}')];
    const doc = '{"type":"reply","text":"a😀","type":"nope"}';
    expect(unionTrace(changed)[3].errors).toEqual([{ field: "type", code: "INVALID_DISCRIMINATOR", message: "must be one of: search, reply", value: "nope", offset: utf8(doc).length }]);
    expect(unionTrace([doc])[1].errors).toEqual(unionTrace(changed)[3].errors);
  });

  it("parseUnionStream over a ReadableStream of bytes, and abortOnError", async () => {
    const doc = '{"type":"search","query":"green tea","limit":3}';
    const rs = await collect(parseUnionStream(tool, readable([utf8(doc.slice(0, 12)), utf8(doc.slice(12))])));
    expect(rs[rs.length - 1].value).toEqual({ variant: "search", value: JSON.parse(doc) });
    const ctl = new AbortController();
    const out = await collect(parseUnionStream(tool, source(['{"type":"nope"', ',"query":"x"}']), { abortOnError: ctl }));
    expect(out).toHaveLength(1);
    expect(ctl.signal.reason).toBeInstanceOf(ValidationError);
    expect((ctl.signal.reason as ValidationError).errors).toEqual([out[0].errors[0]]);
    expect((ctl.signal.reason as ValidationError).errors[0]).toMatchObject({ field: "type", code: "INVALID_DISCRIMINATOR", value: "nope" });
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

describe("parseUnionStream / UnionStreamParser: a repeated discriminator", () => {
  const Cat = model("Cat", { name: t.string("required"), lives: t.int("min=1,max=9") });
  const Dog = model("Dog", { name: t.string("required"), breed: t.string() });
  const pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
  type Pets = { cat: typeof Cat; dog: typeof Dog };

  /** The results of each chunk and of end(), from a new parser or from one reset for this document. */
  function trace(chunks: (string | Uint8Array)[], p = new UnionStreamParser(pets)): UnionStreamResult<Pets>[] {
    p.reset();
    return [...chunks.map((c) => p.feed(c)), p.end()];
  }

  /** A result as variant, value and errors (FieldErrors without offset; an Error as "name: message"). */
  const outcome = (r: { variant: string | undefined; value?: unknown; errors: readonly unknown[] }) => ({
    variant: r.variant,
    value: r.value,
    errors: r.errors.map((e) => (e instanceof Error ? `${e.name}: ${e.message}` : fieldError(e as FieldError))),
  });

  /** One-shot's outcome: safeUnmarshal, with the variant the probe names (none for a discriminator error). */
  function oneShotOutcome(doc: string | Uint8Array): ReturnType<typeof outcome> {
    const probed = pets.probe.safeUnmarshal(doc);
    const found = probed.ok ? (probed.value as Record<string, unknown>).discriminator : undefined;
    const variant = typeof found === "string" && pets.values.includes(found) ? found : undefined;
    const r = pets.safeUnmarshal(doc);
    if (r.ok) return { variant, value: r.value, errors: [] };
    const errors = r.error instanceof ValidationError ? r.error.errors : [`${r.error.name}: ${r.error.message}`];
    return { variant, value: undefined, errors };
  }

  const missingBreed = { field: "breed", code: "MISSING_FIELD", message: "breed field is missing and has no default", value: null };

  it("narrowed on the first complete discriminator, the final result follows the last one (dog, MISSING_FIELD breed)", async () => {
    const chunks = ['{"type":"cat","name":"Tom","lives":3,', '"type":"dog"}'];
    const rs = trace(chunks);
    expect(rs.map((r) => [r.variant, r.done])).toEqual([["cat", false], ["dog", true], ["dog", true]]);
    expect(rs[0].partial).toEqual({ name: "Tom", lives: 3 });
    expect(outcome(rs[1])).toEqual({ variant: "dog", value: undefined, errors: [missingBreed] });
    expect(outcome(rs[2])).toEqual(oneShotOutcome(chunks.join("")));
    const viaSource = await collect(parseUnionStream(pets, source(chunks)));
    expect(viaSource.map(outcome)).toEqual(rs.slice(0, 2).map(outcome));
  });

  it("two occurrences within one chunk: the stream looks at the later one when the chunk ends (the earlier one is never narrowed to)", () => {
    // cat then cow in one chunk: not narrowed, cow's INVALID_DISCRIMINATOR; the same text in two chunks narrows to cat first
    const invalidCow = { field: "type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog", value: "cow" };
    const one = trace(['{"type":"cat","name":"Tom","type":"cow",', '"lives":3}']);
    expect(one[0]).toMatchObject({ variant: undefined, done: false, errors: [invalidCow] });
    expect(outcome(one[2])).toEqual(oneShotOutcome('{"type":"cat","name":"Tom","type":"cow","lives":3}'));
    const two = trace(['{"type":"cat","name":"Tom",', '"type":"cow",', '"lives":3}']);
    expect(two.map((r) => r.variant)).toEqual(["cat", "cat", undefined, undefined]);
    // cat then dog in one chunk: narrowed to dog at once
    const dog = trace(['{"type":"cat","type":"dog",', '"name":"Tom","breed":"x"}']);
    expect(dog.map((r) => r.variant)).toEqual(["dog", "dog", "dog"]);
  });

  it("a provisional INVALID_DISCRIMINATOR or REQUIRED is dropped when a later occurrence names a variant", () => {
    for (const first of ['"cow"', "null", "7"]) {
      const chunks = [`{"type":${first},`, '"name":"Tom","type":"dog","breed":"x"}'];
      const rs = trace(chunks);
      const code = first === "null" ? "REQUIRED" : "INVALID_DISCRIMINATOR";
      expect(rs[0]).toMatchObject({ variant: undefined, done: false, errors: [{ field: "type", code, value: JSON.parse(first) }] });
      expect(outcome(rs[1])).toEqual({ variant: "dog", value: { variant: "dog", value: { name: "Tom", breed: "x" } }, errors: [] });
      expect(rs[1].done).toBe(true);
      expect(outcome(rs[2])).toEqual(oneShotOutcome(chunks.join("")));
    }
  });

  it("a last occurrence that names no variant turns the variant chosen into INVALID_DISCRIMINATOR at the end", () => {
    const chunks = ['{"type":"dog","breed":"x","name":"Tom","type":5', "}"];
    const rs = trace(chunks);
    expect(rs[0]).toMatchObject({ variant: "dog", done: false, errors: [] });
    expect(rs[0].partial).toEqual({ breed: "x", name: "Tom" });
    const invalid = { field: "type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog", value: 5 };
    expect(outcome(rs[1])).toEqual({ variant: undefined, value: undefined, errors: [invalid] });
    expect(rs[1].done).toBe(true);
    expect(outcome(rs[2])).toEqual(oneShotOutcome(chunks.join("")));
    // null last: REQUIRED
    const rs2 = trace(['{"type":"dog","name":"Tom",', '"breed":"x","type":null}']);
    expect(rs2[1].errors).toMatchObject([{ field: "type", code: "REQUIRED", message: "field is required", value: null }]);
  });

  it("a type error of the first variant before a later occurrence: the probe reads on and the final result is one-shot's", () => {
    const chunks = ['{"type":"cat","lives":"many",', '"name":"Tom",', '"type":"dog","breed":"x"}'];
    const rs = trace(chunks);
    expect(rs[0].variant).toBe("cat");
    expect(rs[0].errors.map((e) => (e as Error).name)).toEqual(["UnmarshalTypeError"]);
    expect(outcome(rs[2])).toEqual({ variant: "dog", value: { variant: "dog", value: { name: "Tom", breed: "x" } }, errors: [] });
    expect(outcome(rs[3])).toEqual(oneShotOutcome(chunks.join("")));
  });

  it("differential: random documents with 0..3 discriminators, random chunks (strings or bytes): the final result is one-shot's", () => {
    const discriminator = fc.constantFrom('"cat"', '"dog"', '"cow"', '"Cat"', '""', "null", "5", "1.5", "[1]", '{"a":"cat"}');
    const member = fc.oneof(
      fc.constantFrom('"Tom"', '"é😀"', '""', "null", "3").map((v) => `"name":${v}`),
      fc.constantFrom("1", "9", "10", "0", '"x"', "null").map((v) => `"lives":${v}`),
      fc.constantFrom('"x"', '"日本"', "null", "1").map((v) => `"breed":${v}`),
      fc.constantFrom('"z"', "[1,2]", '{"type":"dog"}').map((v) => `"other":${v}`),
    );
    const doc = fc.tuple(fc.array(member, { maxLength: 5 }), fc.array(fc.tuple(discriminator, fc.nat()), { maxLength: 3 }), fc.boolean())
      .map(([members, types, spaced]) => {
        const all = [...members];
        for (const [v, at] of types) all.splice(at % (all.length + 1), 0, `"type":${v}`);
        return `{${all.join(spaced ? ", " : ",")}}`;
      });
    const chunking = fc.record({ bytes: fc.boolean(), cuts: fc.array(fc.nat(), { maxLength: 5 }) });
    let narrowedThenChanged = 0;
    const parser = new UnionStreamParser(pets);
    fc.assert(
      fc.property(doc, chunking, (text, { bytes, cuts }) => {
        const data: string | Uint8Array = bytes ? utf8(text) : text;
        const at = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((from, i) => data.slice(from, i < at.length ? at[i] : data.length)).filter((c) => c.length > 0);
        const rs = trace(chunks, parser);
        const want = oneShotOutcome(data);
        expect(outcome(rs[rs.length - 1])).toEqual(want);
        // the result of the last chunk already has it (end() adds nothing to a complete document)
        if (chunks.length > 0) expect(outcome(rs[rs.length - 2])).toEqual(want);
        if (rs.some((r) => r.variant !== undefined && r.variant !== want.variant)) narrowedThenChanged++;
      }),
      { numRuns: 3000 },
    );
    expect(narrowedThenChanged).toBeGreaterThan(100);
  });
});

describe("a source that is not an AsyncIterable or a ReadableStream: a TypeError naming the call, at the first next()", () => {
  const notSources: [string, unknown][] = [
    ["an array", ['{"title":', '"x"}']],
    ["a string", '{"title":"x"}'],
    ["a Response (pass response.body)", new Response('{"title":"x"}')],
    ["a Response (pass response.body)", { body: readable(['{"title":"x"}']) }],
    ["undefined", undefined],
    ["null", null],
    ["an object", {}],
    ["Uint8Array", utf8('{"title":"x"}')],
    ["number", 7],
  ];
  const calls: [string, (source: ChunkSource) => AsyncGenerator<unknown>][] = [
    ["parseStream", (src) => parseStream(Answer, src)],
    ["parseLines", (src) => parseLines(Answer, src)],
    ["parseUnionStream", (src) => parseUnionStream(tool, src)],
  ];
  it.each(notSources)("%s", async (got, src) => {
    for (const [name, call] of calls) {
      const results = call(src as ChunkSource); // (a generator: nothing runs before the first next())
      const error = await results.next().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe(`checker: ${name} takes an AsyncIterable or a ReadableStream of string or Uint8Array chunks, not ${got}`);
      expect(await results.next()).toEqual({ done: true, value: undefined });
    }
  });
});
