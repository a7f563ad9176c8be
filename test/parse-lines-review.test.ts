// parseLines as an ingestion pipeline meets it (review-lines): each record's result is one-shot
// Validator.safeUnmarshal's of its line, its errors placed in the whole input (README, "Limits and
// bad input": `\r\n` ends a line, a lone `\r` does not; blank and whitespace-only lines are no
// records; the last line is a record without its `\n`; a BOM is that record's JsonSyntaxError, on
// any line; a line past maxDocumentBytes is a record at the limit, its text the first max + 1
// units), whatever the chunks: a differential over random line sets and random chunk splits
// (strings, bytes cut at any byte, both mixed), fixed seeds. Then the sources a pipeline has: a
// Node Readable (fs.createReadStream at one byte a read, a PassThrough written like stdin), a
// WHATWG ReadableStream, a source that throws mid-way; a line far past maxDocumentBytes (the rest
// of the stream read, the long line never buffered); an abort mid-record.
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { JsonSyntaxError, ModelError, UnmarshalTypeError, ValidationError } from "../bindings/errors.js";
import { model, t } from "../bindings/model.js";
import { parseLines, parseStream, parseUnionStream, type LineResult } from "../bindings/sources.js";
import { UnionValidator, type UnionValue } from "../bindings/union.js";
import { Validator, type Result } from "../bindings/validator.js";
import { fieldError } from "./support/stream-harness.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true }); // (a BOM in a record is its text)

const Event = model("Event", {
  id: t.int("min=1"),
  name: t.string("required,max=12"),
  tags: t.slice(t.string(), "max=2"),
});

/** Record lines: valid, invalid, type errors, syntax errors, a BOM, a lone CR, U+2028, multi-byte. */
const LINES = [
  '{"id":1,"name":"a","tags":[]}',
  '{"id":2,"name":"caf\u00e9 \u{1F375}","tags":["\u00e9"]}',
  '{"id":3,"name":"line\u2028sep","tags":[]}',
  '{"id":0,"name":"","tags":["a","b","c"]}',
  '{"id":"4","name":"x","tags":[]}',
  '{"id":5,"name":"x","tags":[]',
  '{"id":6,\r"name":"cr","tags":[]}',
  '{"id":7,"name":"cr"\r,"tags":x}',
  '\uFEFF{"id":8,"name":"bom","tags":[]}',
  '  {"id":9,"name":"pad","tags":[]}\t',
  '{"id":10,"name":"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9","tags":[]}',
  '[]',
  'null',
  '{"id":11,"name":"x","tags":[]} x',
  '{"id":12,"name":"\\ud800","tags":[]}',
  '{"id":13,"name":"\ud83d\ude00","tags":[]}',
  '\u00e9',
  '{"id":14,"name":"\ud800","tags":[]}',
  '{"id":15,"name":"\udc00\ud83d","tags":[1]}',
  '',
  '   ',
  ' \t \r',
];

/** A record's outcome in a form one-shot and parseLines share. */
type Outcome =
  | { line: number; ok: true; value: unknown }
  | { line: number; ok: false; kind: string; message: string; offset?: number; errorLine?: number; column?: number; errors?: unknown[] };

function outcome(line: number, r: { ok: true; value: unknown } | { ok: false; error: unknown }): Outcome {
  if (r.ok) return { line, ok: true, value: r.value };
  const e = r.error;
  if (e instanceof JsonSyntaxError) return { line, ok: false, kind: e.name, message: e.message, offset: e.offset, errorLine: e.line, column: e.column };
  if (e instanceof UnmarshalTypeError) return { line, ok: false, kind: e.name, message: e.message, offset: e.offset };
  if (e instanceof ValidationError) return { line, ok: false, kind: e.name, message: e.message, errors: e.errors.map(fieldError) };
  throw new Error(`unexpected error ${String(e)}`);
}

/**
 * The expected records of `input` (the README's rule, from one-shot of each line): split at `\n`,
 * a `\r` ending a line dropped, blank lines skipped, errors moved to the line and byte offset of
 * the line in the whole input.
 */
function expected(v: { safeUnmarshal(data: string | Uint8Array): Result<unknown> }, input: string, asString = false): Outcome[] {
  const out: Outcome[] = [];
  let start = 0;
  input.split("\n").forEach((raw, i) => {
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const bytes = encoder.encode(raw).length;
    if (/^[ \t\r\n]*$/.test(text)) { start += bytes + 1; return; }
    // (a raw lone surrogate is kept from a string, U+FFFD from bytes, as one-shot reads them)
    const r = v.safeUnmarshal(asString ? text : encoder.encode(text));
    const e = r.ok ? undefined : r.error;
    // (the message names the place too: the error as it would be made at the line's place)
    if (e instanceof JsonSyntaxError) out.push(outcome(i + 1, { ok: false, error: new JsonSyntaxError(e.reason, start + e.offset, i + e.line, e.column) }));
    else if (e instanceof UnmarshalTypeError) out.push(outcome(i + 1, { ok: false, error: new UnmarshalTypeError(e.field, e.expected, e.got, start + e.offset) }));
    else out.push(outcome(i + 1, r));
    start += bytes + 1;
  });
  return out;
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function* chunksOf(chunks: readonly (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const c of chunks) yield c;
}

const textOf = (text: string | Uint8Array): string => (typeof text === "string" ? text : decoder.decode(text));

/**
 * `input` cut at `cuts` (fractions of its length): as strings (UTF-16 units, so a surrogate pair
 * may be split), as bytes (a multi-byte character may be split), or alternately string and bytes
 * (cut on character boundaries, since a string chunk holds whole characters).
 */
function split(input: string, cuts: number[], mode: "string" | "bytes" | "mixed"): (string | Uint8Array)[] {
  if (mode === "bytes") {
    const all = encoder.encode(input);
    const at = [...new Set(cuts.map((f) => Math.floor(f * all.length)))].sort((a, b) => a - b);
    return [0, ...at].map((a, i) => all.slice(a, i < at.length ? at[i] : all.length));
  }
  const chars = mode === "string" ? input.split("") : Array.from(input);
  const at = [...new Set(cuts.map((f) => Math.floor(f * chars.length)))].sort((a, b) => a - b);
  const parts = [0, ...at].map((a, i) => chars.slice(a, i < at.length ? at[i] : chars.length).join(""));
  return mode === "string" ? parts : parts.map((p, i) => (i % 2 === 1 ? encoder.encode(p) : p));
}

const lineSets = fc.record({
  lines: fc.array(fc.nat(LINES.length - 1), { minLength: 1, maxLength: 8 }),
  crlf: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  trailing: fc.constantFrom("", "\n", "\r\n", "\n\n"),
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
  mode: fc.constantFrom("string" as const, "bytes" as const, "mixed" as const),
}).map((c) => (c.mode === "mixed" ? { ...c, lines: c.lines.filter((l) => !LONE.includes(l)) } : c));

/** The lines with a raw lone surrogate: a record of them is a string or bytes as its chunks are (not known in mixed mode). */
const LONE = [LINES.findIndex((l) => l.includes('"id":14')), LINES.findIndex((l) => l.includes('"id":15'))];

function inputOf(c: { lines: number[]; crlf: boolean[]; trailing: string }): string {
  return c.lines.map((l, i) => LINES[l] + (i < c.lines.length - 1 ? (c.crlf[i] ? "\r\n" : "\n") : "")).join("") + c.trailing;
}

let compared = 0;
afterAll(() => {
  // (the count of records compared, for the review's report)
  console.log(`parse-lines-review: ${compared} records compared with one-shot`);
});

describe("parseLines: one-shot's result of each line, whatever the chunks (differential)", () => {
  const v = new Validator(Event);

  it("random line sets cut at random places (strings, bytes, mixed): same records, lines, offsets, texts (seed 20261125, 400 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(lineSets, async (c) => {
        const input = inputOf(c);
        const got = await collect(parseLines(v, chunksOf(split(input, c.cuts, c.mode))));
        expect(got.map((r) => outcome(r.line, r))).toEqual(expected(v, input, c.mode === "string"));
        const texts = input.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l)).filter((l) => !/^[ \t\r]*$/.test(l));
        // (compared as UTF-8 would write them: bytes hold U+FFFD where a string has a lone surrogate)
        const wellFormed = (x: string): string => decoder.decode(encoder.encode(x));
        expect(got.map((r) => wellFormed(textOf(r.text)))).toEqual(texts.map(wellFormed));
        compared += got.length;
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });

  it("every byte split of a short mixed input (two chunks, then byte by byte): the records of the whole", async () => {
    const input = [LINES[1], LINES[2], "", LINES[6], LINES[8], LINES[15], LINES[5]].join("\r\n") + "\n" + LINES[4];
    const want = expected(v, input);
    const bytes = encoder.encode(input);
    for (let at = 0; at <= bytes.length; at++) {
      const got = await collect(parseLines(v, chunksOf([bytes.slice(0, at), bytes.slice(at)])));
      expect(got.map((r) => outcome(r.line, r))).toEqual(want);
      compared += got.length;
    }
    const units = input.split("");
    for (let at = 0; at <= units.length; at++) {
      const got = await collect(parseLines(v, chunksOf([units.slice(0, at).join(""), units.slice(at).join("")])));
      expect(got.map((r) => outcome(r.line, r))).toEqual(want);
      compared += got.length;
    }
    const one = await collect(parseLines(v, chunksOf(Array.from(bytes, (b) => Uint8Array.of(b)))));
    expect(one.map((r) => outcome(r.line, r))).toEqual(want);
    compared += one.length;
  });

  it("abortOnError: the records up to the first error, which aborts the controller, whatever the chunks (seed 3, 200 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(lineSets, async (c) => {
        const input = inputOf(c);
        const want = expected(v, input, c.mode === "string");
        const first = want.findIndex((o) => !o.ok);
        const ac = new AbortController();
        const got = await collect(parseLines(v, chunksOf(split(input, c.cuts, c.mode)), { abortOnError: ac }));
        expect(got.map((r) => outcome(r.line, r))).toEqual(first < 0 ? want : want.slice(0, first + 1));
        expect(ac.signal.aborted).toBe(first >= 0);
        // (the record's own error, a ValidationError included)
        const last = got[got.length - 1];
        if (first >= 0) expect(ac.signal.reason).toBe(last.ok ? undefined : last.error);
        compared += got.length;
      }),
      { seed: 3, numRuns: 200 },
    );
  });

  it("under a small maxDocumentBytes: a longer line is one-shot's `document larger` record at its line, the lines after it read on (seed 7, 200 runs)", async () => {
    const small = new Validator(Event, { maxDocumentBytes: 40 });
    await fc.assert(
      fc.asyncProperty(lineSets, async (c) => {
        const input = inputOf(c);
        const got = await collect(parseLines(small, chunksOf(split(input, c.cuts, c.mode))));
        expect(got.map((r) => outcome(r.line, r))).toEqual(expected(small, input, c.mode === "string"));
        compared += got.length;
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe("parseLines at the maxDocumentBytes boundary: lines of max - 1 to max + 2 bytes, a multi-byte character across the limit, a CR before the newline", () => {
  it("every two-chunk split (bytes and UTF-16 units): one-shot's record of each line", async () => {
    const max = 24;
    const small = new Validator(Event, { maxDocumentBytes: max });
    /** A record of exactly n UTF-8 bytes whose name ends in `last`. */
    const record = (n: number, last: string): string => {
      const head = '{"id":1,"name":"';
      const fill = n - encoder.encode(head + last + '"}').length;
      return head + "a".repeat(fill) + last + '"}';
    };
    const lines: string[] = [];
    for (let n = max - 1; n <= max + 2; n++) for (const last of ["", "\u00e9", "\u20ac", "\u{1F375}"]) lines.push(record(n, last));
    const input = lines.map((l, i) => l + (i % 3 === 0 ? "\r\n" : i % 3 === 1 ? "\r\r\n" : "\n")).join("") + `\r${" ".repeat(max + 3)}\n${lines[0]}\r`;
    const bytes = encoder.encode(input);
    const wantBytes = expected(small, input);
    const wantString = expected(small, input, true);
    for (let at = 0; at <= bytes.length; at++) {
      const got = await collect(parseLines(small, chunksOf([bytes.slice(0, at), bytes.slice(at)])));
      expect(got.map((r) => outcome(r.line, r))).toEqual(wantBytes);
      compared += got.length;
    }
    for (let at = 0; at <= input.length; at++) {
      const got = await collect(parseLines(small, chunksOf([input.slice(0, at), input.slice(at)])));
      expect(got.map((r) => outcome(r.line, r))).toEqual(wantString);
      compared += got.length;
    }
  });
});

/** A record as the tests below show it: line, then the value or the error's message. */
const shown = (r: LineResult<unknown>): string => `${r.line} ${r.ok ? JSON.stringify(r.value) : `${r.error.name}: ${r.error.message}`}`;

describe("parseLines over the sources a pipeline has", () => {
  const v = new Validator(Event);
  const input = `${LINES[1]}\r\n\r\n${LINES[4]}\n${LINES[8]}\n   \n${LINES[7]}\n${LINES[0]}`;
  const want = expected(v, input);
  const dir = mkdtempSync(join(tmpdir(), "parse-lines-review-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fs.createReadStream one byte a read (every multi-byte character and CRLF split): the records of the whole input", async () => {
    const file = join(dir, "events.ndjson");
    writeFileSync(file, input);
    for (const highWaterMark of [1, 2, 7, 64 * 1024]) {
      const got = await collect(parseLines(v, createReadStream(file, { highWaterMark })));
      expect(got.map((r) => outcome(r.line, r))).toEqual(want);
      compared += got.length;
    }
  });

  it("a PassThrough written like stdin (bytes, then as utf8 strings with setEncoding): the same records", async () => {
    for (const encoding of [undefined, "utf8" as const]) {
      const stdin = new PassThrough();
      if (encoding) stdin.setEncoding(encoding);
      const records = collect(parseLines(v, stdin));
      const bytes = encoder.encode(input);
      for (let at = 0; at < bytes.length; at += 5) stdin.write(bytes.slice(at, at + 5));
      stdin.end();
      const got = await records;
      expect(got.map((r) => outcome(r.line, r))).toEqual(want);
      compared += got.length;
    }
  });

  it("a WHATWG ReadableStream of bytes and of strings: the same records", async () => {
    const bytes = encoder.encode(input);
    for (const chunks of [[bytes.slice(0, 40), bytes.slice(40, 41), bytes.slice(41)], split(input, [0.1, 0.5, 0.51, 0.9], "string")]) {
      const stream = new ReadableStream<string | Uint8Array>({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } });
      const got = await collect(parseLines(v, stream));
      expect(got.map((r) => outcome(r.line, r))).toEqual(want);
      compared += got.length;
    }
  });

  it("a source that throws mid-record: the records before it, then its own error unchanged; the cut line is no record", async () => {
    const failure = new Error("ECONNRESET");
    async function* failing(): AsyncGenerator<string> {
      yield `${LINES[0]}\n{"id":2,`;
      yield `"name":"b","tags":[]}\n{"id":3,"na`;
      throw failure;
    }
    const got: string[] = [];
    await expect((async () => { for await (const r of parseLines(v, failing())) got.push(shown(r)); })()).rejects.toBe(failure);
    expect(got).toEqual(['1 {"id":1,"name":"a","tags":[]}', '2 {"id":2,"name":"b","tags":[]}']);
  });

  it("the signal aborted mid-record: the records before it, the cut line is no record, the source is returned", async () => {
    const ac = new AbortController();
    let returned = false;
    async function* slow(): AsyncGenerator<string> {
      try {
        yield `${LINES[0]}\n{"id":2,"name":"b"`;
        ac.abort();
        yield `,"tags":[]}\n${LINES[0]}\n`;
      } finally {
        returned = true;
      }
    }
    const got = (await collect(parseLines(v, slow(), { signal: ac.signal }))).map(shown);
    expect(got).toEqual(['1 {"id":1,"name":"a","tags":[]}']);
    expect(returned).toBe(true);
  });

  it("a line of 64 MB under maxDocumentBytes 1024: one record at the limit (its first 1025 bytes), the rest read and not kept, the next line read on", async () => {
    const small = new Validator(Event, { maxDocumentBytes: 1024 });
    const piece = encoder.encode(`"${"x".repeat(64 * 1024 - 3)}",`);
    let reads = 0;
    async function* huge(): AsyncGenerator<string | Uint8Array> {
      yield `${LINES[0]}\n{"tags":[`;
      for (let i = 0; i < 1024; i++) { reads++; yield piece.slice(); }
      yield `"z"]}\r\n\n${LINES[0]}`;
    }
    const got = await collect(parseLines(small, huge()));
    expect(reads).toBe(1024);
    expect(got.map(shown)).toEqual([
      '1 {"id":1,"name":"a","tags":[]}',
      "2 JsonSyntaxError: document larger than maxDocumentBytes (1024) at offset 1054 (line 2, column 1025)",
      '4 {"id":1,"name":"a","tags":[]}',
    ]);
    const text = got[1].text;
    expect(text).toBeInstanceOf(Uint8Array);
    expect(text.length).toBe(1025);
    expect(textOf(text).slice(0, 12)).toBe('{"tags":["xx');
  });
});

describe("parseLines over a UnionValidator: each record read as its variant, as the CLI reads a union's NDJSON (was a TypeError: read each line with the union's safeUnmarshal)", () => {
  const Click = model("Click", { x: t.int("min=0"), y: t.int("min=0") });
  const Key = model("Key", { key: t.string("required,max=1") });
  const Input = new UnionValidator({ discriminator: "type", variants: { click: Click, key: Key } });
  const RECORDS = [
    '{"type":"click","x":1,"y":2}',
    '{"type":"key","key":"\u00e9"}',
    '{"type":"key","key":"ab"}',
    '{"type":"wheel"}',
    '{"x":1}',
    '{"type":"click","x":"1","y":2}',
    '{"type":"click",',
    '\uFEFF{"type":"key","key":"a"}',
    '[]',
  ];

  it("random record sets cut at random places: the union's safeUnmarshal of each line, its errors placed in the input (seed 11, 200 runs)", async () => {
    const unionLines = fc.record({
      lines: fc.array(fc.nat(RECORDS.length - 1), { minLength: 1, maxLength: 8 }),
      crlf: fc.boolean(),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
      mode: fc.constantFrom("string" as const, "bytes" as const, "mixed" as const),
    });
    await fc.assert(
      fc.asyncProperty(unionLines, async (c) => {
        const input = c.lines.map((l) => RECORDS[l]).join(c.crlf ? "\r\n\n" : "\n");
        const got: LineResult<UnionValue<{ click: typeof Click; key: typeof Key }>>[] = await collect(parseLines(Input, chunksOf(split(input, c.cuts, c.mode))));
        expect(got.map((r) => outcome(r.line, r))).toEqual(expected(Input, input, c.mode === "string"));
        compared += got.length;
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it("the variant and value, the error's line and offset in the input; abortOnError stops at the first error", async () => {
    const input = `${RECORDS[0]}\n\n${RECORDS[3]}\r\n${RECORDS[5]}\n${RECORDS[1]}`;
    const got = await collect(parseLines(Input, chunksOf([input])));
    expect(got.map(shown)).toEqual([
      '1 {"variant":"click","value":{"x":1,"y":2}}',
      "3 ValidationError: type: must be one of: click, key",
      "4 UnmarshalTypeError: cannot unmarshal string into field x of type int",
      '5 {"variant":"key","value":{"key":"\u00e9"}}',
    ]);
    const typeError = got[2].ok ? undefined : got[2].error;
    expect(typeError).toBeInstanceOf(UnmarshalTypeError);
    expect((typeError as UnmarshalTypeError).offset).toBe(RECORDS[0].length + 2 + RECORDS[3].length + 2 + '{"type":"click","x":'.length);
    const ac = new AbortController();
    const stopped = await collect(parseLines(Input, chunksOf([input]), { abortOnError: ac }));
    expect(stopped.map((r) => r.line)).toEqual([1, 3]);
    expect(ac.signal.reason).toBeInstanceOf(ValidationError);
  });

  it("validator options beside a union are a TypeError naming parseLines (the union's validators have theirs); its maxDocumentBytes is the union's", async () => {
    await expect(parseLines(Input, chunksOf([]), { maxErrors: 3 } as never).next()).rejects.toThrow(
      new TypeError("checker: parseLines would ignore the validator options given (maxErrors): the union's validators have theirs (new UnionValidator(definition, options))"),
    );
    const small = new UnionValidator({ discriminator: "type", variants: { click: Click, key: Key } }, { maxDocumentBytes: 20 });
    const got = await collect(parseLines(small, chunksOf(['{"type":"key","key":"a"}\n{"type":"key"', ',"key":"a"}\n{"type":"key","key":"a","x":1}'])));
    expect(got.map(shown)).toEqual([
      "1 JsonSyntaxError: document larger than maxDocumentBytes (20) at offset 20 (line 1, column 21)",
      "2 JsonSyntaxError: document larger than maxDocumentBytes (20) at offset 45 (line 2, column 21)",
      "3 JsonSyntaxError: document larger than maxDocumentBytes (20) at offset 70 (line 3, column 21)",
    ]);
  });
});

describe("options that are not an object beside a Validator or a union: a TypeError naming the call (it crashed: Cannot read properties of null (reading 'signal'))", () => {
  const v = new Validator(Event);
  const union = new UnionValidator({ discriminator: "type", variants: { e: Event } });
  const takes = (call: string, got: string) => new TypeError(`checker: ${call}'s options take an object (signal, abortOnError), not ${got}`);
  it("parseLines, parseStream, parseUnionStream with null or a number; through a model it stays the Validator's ModelError", async () => {
    for (const [given, kind] of [[null, "null"], [5, "number"]] as const) {
      await expect(parseLines(v, chunksOf([]), given as never).next()).rejects.toThrow(takes("parseLines", kind));
      await expect(parseLines(union, chunksOf([]), given as never).next()).rejects.toThrow(takes("parseLines", kind));
      expect(() => parseStream(v, chunksOf([]), given as never)).toThrow(takes("parseStream", kind));
      expect(() => parseUnionStream(union, chunksOf([]), given as never)).toThrow(takes("parseUnionStream", kind));
      await expect(parseLines(Event, chunksOf([]), given as never).next()).rejects.toThrow(new ModelError(`validator options must be an object, got ${kind}`, "Event"));
    }
  });
});
