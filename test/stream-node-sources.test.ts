// The stream adapters over the sources Node users actually feed them: fs.createReadStream
// (Buffers, small highWaterMarks that cut UTF-8 sequences and lines, setEncoding('utf8')),
// Readable.from, Readable.toWeb, an http.IncomingMessage (a POST body streamed in pieces), a
// reader that refills one buffer; a source that fails mid-way (destroy(err), a ReadableStream
// whose controller errors, an async generator that throws, a client that hangs up); ending early
// (break, abortOnError, signal): the file closed, bytes read ahead of the consumer bounded, no
// further record after an abort; a BOM, CRLF; chunks that are not JSON text (a clear TypeError).
import { once } from "node:events";
import * as fs from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonSyntaxError, UnmarshalTypeError, ValidationError } from "../bindings/errors.js";
import { model, t } from "../bindings/model.js";
import { parseLines, parseStream, parseUnionStream, type LineResult } from "../bindings/sources.js";
import { UnionValidator } from "../bindings/union.js";
import { Validator } from "../bindings/validator.js";
import { waitFor } from "./support/wait.js";

const Item = model("Item", { sku: t.string("required,alphanum"), qty: t.int("gt=0"), note: t.string() });
type ItemValue = { sku: string; qty: number; note: string };

// 7 lines: a good one with ï, a blank one (CRLF), a good one with an astral emoji, a field error,
// a type error, a syntax error (cut line), and a last good line without a final newline
const LINES = [
  '{"sku":"A1","qty":1,"note":"naïve"}',
  "",
  '{"sku":"B2","qty":2,"note":"😀 ok"}',
  '{"sku":"C-3","qty":3,"note":"日本語"}',
  '{"sku":"D4","qty":"4","note":"ü"}',
  '{"sku":"E5","qty":5,"note":"tronqué"',
  '{"sku":"F6","qty":6,"note":"fin"}',
];
const NDJSON = `${LINES[0]}\n${LINES[1]}\r\n${LINES[2]}\r\n${LINES[3]}\n${LINES[4]}\n${LINES[5]}\n${LINES[6]}`;

/** What a record says, in one comparable line: line, text, and the value or the error (with its offset). */
function summary(r: LineResult<unknown>): string {
  const text = typeof r.text === "string" ? r.text : Buffer.from(r.text.buffer, r.text.byteOffset, r.text.length).toString("utf8");
  if (r.ok) return `${r.line} ${text} -> ${JSON.stringify(r.value)}`;
  const e = r.error as Error & { offset?: number };
  return `${r.line} ${text} -> ${e.name}: ${e.message}${e.offset === undefined ? "" : ` @${e.offset}`}`;
}

// (the offsets are checked by hand in the first test)
const EXPECTED = [
  '1 {"sku":"A1","qty":1,"note":"naïve"} -> {"sku":"A1","qty":1,"note":"naïve"}',
  '3 {"sku":"B2","qty":2,"note":"😀 ok"} -> {"sku":"B2","qty":2,"note":"😀 ok"}',
  '4 {"sku":"C-3","qty":3,"note":"日本語"} -> ValidationError: sku: must contain only alphanumeric characters',
  '5 {"sku":"D4","qty":"4","note":"ü"} -> UnmarshalTypeError: cannot unmarshal string into field qty of type int @137',
  '6 {"sku":"E5","qty":5,"note":"tronqué" -> JsonSyntaxError: unexpected end of JSON input at offset 191 (line 6, column 38) @191',
  '7 {"sku":"F6","qty":6,"note":"fin"} -> {"sku":"F6","qty":6,"note":"fin"}',
];

let dir: string;
let ndjsonFile: string;
let bigFile: string;
let bigLines: string[];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "checker-node-sources-"));
  ndjsonFile = path.join(dir, "items.ndjson");
  fs.writeFileSync(ndjsonFile, NDJSON);
  bigFile = path.join(dir, "big.ndjson");
  bigLines = Array.from({ length: 20_000 }, (_, i) => `{"sku":"A${i}","qty":${i + 1},"note":"n°${i}"}`);
  fs.writeFileSync(bigFile, bigLines.join("\n") + "\n");
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/**
 * The stream's 'close'. (Not events.once: a Node stream's iterator, returned early, destroys it
 * with an AbortError, which once() would take for a failure; that is Node's for-await behaviour.)
 */
const closeOf = (s: NodeJS.EventEmitter) => new Promise<void>((r) => s.once("close", () => r()));

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stream's chunks, as the adapter will get them (read by a Readable of the same options). */
async function chunksOfFile(file: string, opts: Parameters<typeof fs.createReadStream>[1]): Promise<(string | Buffer)[]> {
  return collect(fs.createReadStream(file, opts) as AsyncIterable<string | Buffer>);
}

/** Does any chunk boundary fall inside a UTF-8 sequence (the next chunk starts with a continuation byte)? */
function cutsUtf8(chunks: Buffer[]): boolean {
  return chunks.some((c, i) => i > 0 && (c[0] & 0xc0) === 0x80);
}

describe("parseLines over Node byte and text streams", () => {
  it("the fixture: offsets are bytes from the start of the file (CRLF counts 2, ï 2, 😀 4, 日 3, é 2)", () => {
    const bytes = Buffer.from(NDJSON);
    // line 5 starts after 36+1 (line 1) + 0+2 (blank, CRLF) + 37+2 (😀 is 4 bytes) + 40+1 (日本語 is 9) = 119;
    // its "4" is at column 19, so at 119 + 18 = 137
    expect(bytes.indexOf(LINES[4])).toBe(119);
    expect(bytes.indexOf('"4"')).toBe(137);
    // line 6 starts at 119 + 34+1 = 154 and is 37 bytes long (é is 2): the input ends at 191, column 38
    expect(bytes.indexOf(LINES[5])).toBe(154);
    expect(Buffer.byteLength(LINES[5])).toBe(37);
  });

  it.each([7, 16, undefined])("fs.createReadStream (highWaterMark %s): the exact records, whatever the chunks cut", async (hwm) => {
    const opts = hwm === undefined ? {} : { highWaterMark: hwm };
    const chunks = (await chunksOfFile(ndjsonFile, opts)) as Buffer[];
    if (hwm !== undefined) {
      expect(chunks).toHaveLength(Math.ceil(Buffer.byteLength(NDJSON) / hwm));
      expect(cutsUtf8(chunks)).toBe(true); // some chunk starts inside ï / 😀 / 日本語 / é
    }
    // with 7, a chunk also starts between the \r and the \n of a CRLF (byte 77)
    if (hwm === 7) expect(chunks[11][0]).toBe(0x0a);
    const got = await collect(parseLines(Item, fs.createReadStream(ndjsonFile, opts)));
    expect(got.map(summary)).toEqual(EXPECTED);
    // bytes in, bytes out: each text is a Buffer of its own (not a view of the read chunk's memory)
    for (const r of got) {
      expect(r.text).toBeInstanceOf(Uint8Array);
      expect((r.text as Uint8Array).buffer.byteLength).toBeLessThanOrEqual((r.text as Uint8Array).length + 1);
    }
    const err = got.find((r) => r.line === 6)!;
    expect(!err.ok && err.error).toBeInstanceOf(JsonSyntaxError);
    expect(!err.ok && err.error).toMatchObject({ line: 6, column: 38, offset: 191 });
    expect(!got[3].ok && got[3].error).toBeInstanceOf(UnmarshalTypeError);
    expect(!got[2].ok && got[2].error).toBeInstanceOf(ValidationError);
  });

  it("setEncoding('utf8') (string chunks decoded by Node, highWaterMark 7): the same records, byte offsets", async () => {
    const rs = fs.createReadStream(ndjsonFile, { highWaterMark: 7 });
    rs.setEncoding("utf8");
    const got = await collect(parseLines(Item, rs));
    expect(got.map(summary)).toEqual(EXPECTED);
    expect(got.every((r) => typeof r.text === "string")).toBe(true);
    // createReadStream's own `encoding` option is the same
    const got2 = await collect(parseLines(Item, fs.createReadStream(ndjsonFile, { highWaterMark: 5, encoding: "utf8" })));
    expect(got2.map(summary)).toEqual(EXPECTED);
  });

  it("Readable.from: strings, Buffers, small pooled Buffers (Buffer.from of short strings shares one slab), mixed", async () => {
    const bytes = Buffer.from(NDJSON);
    const pieces = (n: number) => Array.from({ length: Math.ceil(bytes.length / n) }, (_, i) => bytes.subarray(i * n, i * n + n));
    const strings = Array.from({ length: Math.ceil(NDJSON.length / 5) }, (_, i) => NDJSON.slice(i * 5, i * 5 + 5));
    // Buffer.from(string) of small strings: slices of Node's shared 8 KB pool
    const pooled = strings.map((s) => Buffer.from(s));
    expect(new Set(pooled.map((b) => b.buffer)).size).toBeLessThan(pooled.length / 4);
    expect(pooled.every((b) => b.buffer.byteLength === Buffer.poolSize)).toBe(true);
    const mixed = strings.map((s, i) => (i % 2 ? Buffer.from(s) : s));
    for (const src of [strings, pieces(3), pieces(11), pooled, mixed]) {
      const got = await collect(parseLines(Item, Readable.from(src)));
      expect(got.map(summary)).toEqual(EXPECTED);
      // texts read back after the whole source is consumed: still right, none a view of the pool
      for (const r of got) if (typeof r.text !== "string") expect(r.text.buffer.byteLength).toBeLessThan(Buffer.poolSize);
    }
  });

  it("a reader that refills one Buffer for every chunk (FileHandle.read into a fixed buffer): records and texts stay right", async () => {
    const fh = await fs.promises.open(ndjsonFile);
    async function* reader() {
      const buf = Buffer.alloc(16);
      try {
        for (;;) {
          const { bytesRead } = await fh.read(buf, 0, buf.length, null);
          if (bytesRead === 0) return;
          yield buf.subarray(0, bytesRead);
        }
      } finally {
        await fh.close();
      }
    }
    const got = await collect(parseLines(Item, reader()));
    // (a line split across chunks was kept as views of the buffer, overwritten by the next read:
    // every record a syntax error)
    expect(got.map(summary)).toEqual(EXPECTED);
  });

  it("Readable.toWeb(fs.createReadStream): a WHATWG stream of bytes, parseLines and parseStream", async () => {
    const got = await collect(parseLines(Item, Readable.toWeb(fs.createReadStream(ndjsonFile, { highWaterMark: 7 })) as ReadableStream<Uint8Array>));
    expect(got.map(summary)).toEqual(EXPECTED);
    const doc = path.join(dir, "doc.json");
    fs.writeFileSync(doc, '{"sku":"Z9","qty":9,"note":"crème brûlée 😀"}\n');
    const rs = fs.createReadStream(doc, { highWaterMark: 7 });
    const closed = closeOf(rs);
    const results = await collect(parseStream(Item, Readable.toWeb(rs) as ReadableStream<Uint8Array>));
    expect(results).toHaveLength(Math.ceil(fs.statSync(doc).size / 7));
    expect(results.at(-1)).toMatchObject({ done: true, errors: [], value: { sku: "Z9", qty: 9, note: "crème brûlée 😀" } });
    expect(results.slice(0, -1).every((r) => !r.done)).toBe(true);
    await closed;
  });

  it("a BOM at the start of the file: the first record is one-shot's syntax error; later offsets count its 3 bytes", async () => {
    const file = path.join(dir, "bom.ndjson");
    fs.writeFileSync(file, `\uFEFF${LINES[0]}\r\n${LINES[4]}\r\n`);
    for (const rs of [fs.createReadStream(file, { highWaterMark: 2 }), fs.createReadStream(file, { highWaterMark: 2, encoding: "utf8" })]) {
      const got = await collect(parseLines(Item, rs));
      expect(got.map(summary)).toEqual([
        `1 \uFEFF${LINES[0]} -> JsonSyntaxError: unexpected character 0xef at offset 0 (line 1, column 1) @0`,
        // line 2 starts at 3 (BOM) + 36 + 2 (CRLF) = 41; its "4" is at column 19: 41 + 18
        `2 ${LINES[4]} -> UnmarshalTypeError: cannot unmarshal string into field qty of type int @59`,
      ]);
    }
    // as one-shot unmarshal (and JSON.parse) take it
    const one = new Validator(Item).safeUnmarshal(fs.readFileSync(file).subarray(0, 39));
    expect(!one.ok && one.error.message).toBe("unexpected character 0xef at offset 0 (line 1, column 1)");
    expect(() => JSON.parse(`\uFEFF${LINES[0]}`)).toThrow(SyntaxError);
  });

  it("parseUnionStream over an fs stream (highWaterMark 3): the last result is one-shot's", async () => {
    const Cat = model("Cat", { type: t.string(), name: t.string("required") });
    const Dog = model("Dog", { type: t.string(), name: t.string("required"), breed: t.string("oneof=lab pug") });
    const pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
    const file = path.join(dir, "pet.json");
    fs.writeFileSync(file, '{"name":"Rex é","type":"dog","breed":"pug"}');
    const rs = await collect(parseUnionStream(pets, fs.createReadStream(file, { highWaterMark: 3 })));
    expect(rs.at(-1)).toMatchObject({ done: true, variant: "dog", errors: [], value: { variant: "dog", value: { name: "Rex é", type: "dog", breed: "pug" } } });
    expect(pets.safeUnmarshal(fs.readFileSync(file))).toMatchObject({ ok: true, value: { variant: "dog", value: { name: "Rex é", breed: "pug" } } });
  });
});

describe("parseUnionStream keeps copies of the chunks it replays", () => {
  // UnionStreamParser keeps the chunks until the document completes, to replay them into the
  // variant's parser (once the discriminator is read, and again if a repeated discriminator names
  // another variant): a source that refills one buffer has overwritten them by then, unless kept as copies
  it("parseUnionStream over a reader that refills one Buffer: the discriminator comes late, the replay reads the bytes as they came", async () => {
    const Cat = model("Cat", { type: t.string(), name: t.string("required") });
    const Dog = model("Dog", { type: t.string(), name: t.string("required"), breed: t.string() });
    const pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
    const doc = Buffer.from('{"name":"Tommy the cat","breed":"none","type":"cat"}');
    async function* reader() {
      const buf = Buffer.alloc(7);
      for (let i = 0; i < doc.length; i += 7) yield buf.subarray(0, doc.copy(buf, 0, i, i + 7));
    }
    const last = (await collect(parseUnionStream(pets, reader()))).at(-1)!;
    expect(last).toMatchObject({ done: true, variant: "cat", errors: [], value: { variant: "cat", value: { name: "Tommy the cat", type: "cat" } } });
  });
});

describe("a source that fails mid-way: the consumer's loop rejects with that same error", () => {
  it("a Node stream destroyed with an error (a network failure): the records before it, then the error; the partial line is not a record", async () => {
    const pt = new PassThrough();
    const boom = new Error("boom");
    pt.write(`${LINES[0]}\n${LINES[2]}\n{"sku":"X`);
    const seen: number[] = [];
    const loop = (async () => {
      for await (const r of parseLines(Item, pt)) {
        seen.push(r.line);
        if (seen.length === 2) setImmediate(() => pt.destroy(boom));
      }
    })();
    await expect(loop).rejects.toBe(boom);
    expect(seen).toEqual([1, 2]);
    expect(pt.destroyed).toBe(true);

    const pt2 = new PassThrough();
    pt2.write('{"sku":"A1","qty":');
    const results: unknown[] = [];
    const loop2 = (async () => {
      for await (const r of parseStream(Item, pt2)) {
        results.push(r.partial);
        setImmediate(() => pt2.destroy(boom));
      }
    })();
    await expect(loop2).rejects.toBe(boom);
    expect(results).toEqual([{ sku: "A1" }]);
  });

  it("a ReadableStream whose controller errors: that error, and the reader's lock released", async () => {
    const boom = new TypeError("network error");
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const rs = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
    controller.enqueue(Buffer.from(`${LINES[0]}\n{"sku"`));
    const seen: string[] = [];
    const loop = (async () => {
      for await (const r of parseLines(Item, rs)) {
        seen.push(summary(r));
        controller.error(boom);
      }
    })();
    await expect(loop).rejects.toBe(boom);
    expect(seen).toEqual([EXPECTED[0]]);
    expect(rs.locked).toBe(false);

    let c2!: ReadableStreamDefaultController<string>;
    const rs2 = new ReadableStream<string>({ start(c) { c2 = c; } });
    c2.enqueue('{"sku":"A1"');
    const partials: unknown[] = [];
    const loop2 = (async () => {
      for await (const r of parseStream(Item, rs2)) {
        partials.push(r.partial);
        c2.error(boom);
      }
    })();
    await expect(loop2).rejects.toBe(boom);
    expect(partials).toEqual([{ sku: "A1" }]);
    expect(rs2.locked).toBe(false);
  });

  it("an async generator that throws: that error; its finally ran", async () => {
    const boom = new RangeError("generator failed");
    let cleaned = 0;
    async function* gen() {
      try {
        yield `${LINES[0]}\n${LINES[6]}\n{"s`;
        throw boom;
      } finally {
        cleaned++;
      }
    }
    const seen: number[] = [];
    await expect((async () => { for await (const r of parseLines(Item, gen())) seen.push(r.line); })()).rejects.toBe(boom);
    expect(seen).toEqual([1, 2]);
    async function* doc() {
      try {
        yield '{"sku":"A1",';
        yield '"qty":1,';
        throw boom;
      } finally {
        cleaned++;
      }
    }
    const partials: unknown[] = [];
    await expect((async () => { for await (const r of parseStream(Item, doc())) partials.push(r.partial); })()).rejects.toBe(boom);
    expect(partials).toEqual([{ sku: "A1" }, { sku: "A1", qty: 1 }]); // no end-of-input result after the failure
    expect(cleaned).toBe(2);
  });
});

describe("ending early: the source is released, reading is lazy", () => {
  it("break: the file is closed; bytes read ahead of the consumer stay within two highWaterMarks", async () => {
    for (const hwm of [1024, 65536]) {
      const rs = fs.createReadStream(bigFile, { highWaterMark: hwm });
      const closed = closeOf(rs);
      const it = parseLines(Item, rs);
      let consumed = 0;
      for (let i = 0; i < 100; i++) {
        const r = (await it.next()).value as LineResult<ItemValue>;
        expect(r.ok && r.value.qty).toBe(i + 1);
        consumed += r.text.length + 1;
      }
      await tick(30); // the consumer idles: Node may fill its buffer, no more
      expect(consumed).toBe(Buffer.byteLength(bigLines.slice(0, 100).join("\n")) + 1);
      expect(rs.bytesRead).toBeGreaterThanOrEqual(consumed);
      expect(rs.bytesRead).toBeLessThanOrEqual(consumed + 2 * hwm);
      expect(rs.bytesRead).toBeLessThan(fs.statSync(bigFile).size / 2);
      await it.return(undefined);
      await closed;
      expect(rs.destroyed).toBe(true);
    }
  });

  it("for await ... break over an fs stream and over Readable.toWeb: closed, the web stream unlocked", async () => {
    const rs = fs.createReadStream(bigFile);
    const closed = closeOf(rs);
    for await (const r of parseLines(Item, rs)) if (r.line === 3) break;
    await closed;
    const rs2 = fs.createReadStream(bigFile, { highWaterMark: 4096 });
    const closed2 = closeOf(rs2);
    const web = Readable.toWeb(rs2) as ReadableStream<Uint8Array>;
    for await (const r of parseStream(Item, web)) if (r.errors.length > 0) break; // NDJSON is not one document
    await closed2;
    expect(web.locked).toBe(false);
    // the syntax error is in the first 4 KB chunk; Readable.toWeb may have queued a few more
    expect(rs2.bytesRead).toBeLessThanOrEqual(4 * 4096);
  });

  it("abortOnError: stops at the first failing record, the file closed, the controller aborted with its error", async () => {
    const rs = fs.createReadStream(ndjsonFile, { highWaterMark: 16 });
    const closed = closeOf(rs);
    const ctl = new AbortController();
    const got = await collect(parseLines(Item, rs, { abortOnError: ctl }));
    expect(got.map(summary)).toEqual(EXPECTED.slice(0, 3));
    expect(ctl.signal.reason).toBe(!got[2].ok && got[2].error);
    await closed;
    expect(rs.bytesRead).toBeLessThan(Buffer.byteLength(NDJSON));
  });

  it("signal aborted by the consumer after a record: no further record (the rest of the chunk included), the file closed", async () => {
    const rs = fs.createReadStream(bigFile); // 64 KB chunks: ~2000 records in the first
    const closed = closeOf(rs);
    const ctl = new AbortController();
    const lines: number[] = [];
    for await (const r of parseLines(Item, rs, { signal: ctl.signal })) {
      lines.push(r.line);
      if (r.line === 2) ctl.abort();
    }
    expect(lines).toEqual([1, 2]);
    await closed;
  });

  it("signal aborted while a line is half received: that line is not reported (no truncated record, no syntax error)", async () => {
    const ctl = new AbortController();
    async function* src() {
      yield `${LINES[0]}\n{"sku":"B2","q`;
      ctl.abort();
      yield 'ty":2}\n';
    }
    expect((await collect(parseLines(Item, src(), { signal: ctl.signal }))).map(summary)).toEqual([EXPECTED[0]]);
    // parseStream likewise ends without a further result
    const ctl2 = new AbortController();
    async function* doc() {
      yield '{"sku":"B2","q';
      ctl2.abort();
      yield 'ty":2}';
    }
    const rs = await collect(parseStream(Item, doc(), { signal: ctl2.signal }));
    expect(rs.map((r) => [r.done, r.errors.length])).toEqual([[false, 0]]);
  });

  it("signal aborted while a Node stream waits for data: the loop ends at once; the stream is destroyed by its next chunk", async () => {
    const pt = new PassThrough();
    pt.write(`${LINES[0]}\n{"sku":"B`);
    const ctl = new AbortController();
    const it = parseLines(Item, pt, { signal: ctl.signal });
    expect(summary((await it.next()).value!)).toBe(EXPECTED[0]);
    const next = it.next();
    setTimeout(() => ctl.abort(), 5);
    const t0 = performance.now();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(performance.now() - t0).toBeLessThan(500);
    // (the iterator of a Node Readable is an async generator: its return() waits for the read in flight)
    pt.write('2","qty":2}\n');
    await tick(10);
    expect(pt.destroyed).toBe(true);
  });
});

describe("server-side ingest: an http.IncomingMessage body streamed in pieces", () => {
  let server: Server;
  let port: number;
  const handlers: ((req: IncomingMessage, res: import("node:http").ServerResponse) => void)[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => handlers.shift()!(req, res));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  });

  /** A POST whose body the caller writes; resolves with the response's status and body. */
  function post() {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/ingest", agent: false, headers: { "content-type": "application/x-ndjson" } });
    const response = new Promise<string>((resolve) => {
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve(`${res.statusCode} ${body}`));
      });
      req.on("error", (e: NodeJS.ErrnoException) => resolve(`client error ${e.code}`));
    });
    return { req, response };
  }

  it("records arrive while the client is still sending (pieces cut inside UTF-8 sequences and lines)", async () => {
    let firstRecord!: () => void;
    const gotFirst = new Promise<void>((r) => { firstRecord = r; });
    handlers.push(async (req, res) => {
      const out: string[] = [];
      for await (const r of parseLines(Item, req)) {
        out.push(summary(r));
        if (r.line === 1) firstRecord();
      }
      res.end(JSON.stringify(out));
    });
    const { req, response } = post();
    const bytes = Buffer.from(NDJSON);
    expect(bytes.indexOf("ï")).toBe(30);
    req.write(bytes.subarray(0, 31)); // cut inside ï
    req.write(bytes.subarray(31, 37)); // the rest of line 1 and its \n
    await gotFirst; // the server has record 1 before the client sends more
    const pieces: Buffer[] = [];
    for (let i = 37; i < bytes.length; i += 4) pieces.push(bytes.subarray(i, i + 4));
    expect(cutsUtf8(pieces)).toBe(true); // inside 😀, 日本語, é
    for (const piece of pieces) {
      req.write(piece);
      await new Promise((r) => setImmediate(r));
    }
    req.end();
    expect((await response).slice(0, 4)).toBe("200 ");
    expect(JSON.parse((await response).slice(4))).toEqual(EXPECTED);
  });

  it("abortOnError: the server stops at the bad record while the client still sends, and can answer 400", async () => {
    let serverReq!: IncomingMessage;
    handlers.push(async (req, res) => {
      serverReq = req;
      const seen: number[] = [];
      for await (const r of parseLines(Item, req, { abortOnError: true })) {
        seen.push(r.line);
        if (!r.ok) {
          await tick(5); // e.g. logging it
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ seen, line: r.line, error: r.error.message }));
          return;
        }
      }
      res.end("unexpected");
    });
    const { req, response } = post();
    req.write(`${LINES[0]}\n${LINES[3]}\n{"sku":"more`); // not ended: the client would send on
    expect(await response).toBe(`400 ${JSON.stringify({ seen: [1, 2], line: 2, error: "sku: must contain only alphanumeric characters" })}`);
    expect(serverReq.destroyed).toBe(true); // released: the rest of the body is not read
    req.destroy();
  });

  it("the client hangs up mid-body: the server's loop rejects (ECONNRESET 'aborted') after the records it had", async () => {
    let outcome!: Promise<string>;
    let started!: () => void;
    const inHandler = new Promise<void>((r) => { started = r; });
    handlers.push((req, res) => {
      outcome = (async () => {
        const seen: number[] = [];
        try {
          for await (const r of parseLines(Item, req)) { seen.push(r.line); started(); }
          return `ended ${seen}`;
        } catch (e) {
          return `${seen} ${(e as Error).message} ${(e as NodeJS.ErrnoException).code}`;
        } finally {
          res.destroy();
        }
      })();
    });
    const { req, response } = post();
    req.write(`${LINES[0]}\n{"sku":"half`);
    await inHandler;
    req.destroy();
    expect(await response).toBe("client error ECONNRESET");
    expect(await outcome).toBe("1 aborted ECONNRESET");
  });
});

describe("chunks that are not JSON text, empty chunks, an empty source", () => {
  const notText: [string, unknown][] = [
    ["an ArrayBuffer", new ArrayBuffer(4)],
    ["DataView", new DataView(new ArrayBuffer(4))],
    ["Uint16Array", new Uint16Array(2)],
    ["number", 42],
    ["object (for a parsed object, use newModel)", { sku: "A1", qty: 1 }],
  ];
  it.each(notText)("parseLines: a chunk that is %s: a TypeError naming it; the source is released", async (got, chunk) => {
    const rs = Readable.from([`${LINES[0]}\n`, chunk, `${LINES[6]}\n`], { objectMode: true });
    const seen: number[] = [];
    const loop = (async () => { for await (const r of parseLines(Item, rs as AsyncIterable<string>)) seen.push(r.line); })();
    await expect(loop).rejects.toThrow(new TypeError(`checker: parseLines takes JSON text as a string or a Uint8Array, not ${got}`));
    expect(seen).toEqual([1]);
    expect(rs.destroyed).toBe(true);
  });

  it.each(notText)("parseStream: a chunk that is %s: a TypeError naming it", async (got, chunk) => {
    const loop = collect(parseStream(Item, Readable.from(['{"sku":', chunk], { objectMode: true }) as AsyncIterable<string>));
    await expect(loop).rejects.toThrow(new TypeError(`checker: parseStream takes JSON text as a string or a Uint8Array, not ${got}`));
  });

  it("a Uint8Array subclass is bytes like any other (and its records' texts are copies)", async () => {
    class Bytes extends Uint8Array {}
    const bytes = Buffer.from(NDJSON);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 9) }, (_, i) => new Bytes(bytes.subarray(i * 9, i * 9 + 9)));
    const got = await collect(parseLines(Item, Readable.from(chunks)));
    expect(got.map(summary)).toEqual(EXPECTED);
    const doc = new Bytes(Buffer.from('{"sku":"A1","qty":1,"note":"é"}'));
    expect((await collect(parseStream(Item, Readable.from([doc.subarray(0, 29), doc.subarray(29)])))).at(-1)).toMatchObject({ done: true, errors: [], value: { note: "é" } });
  });

  it("a Uint8Array subclass whose constructor takes other arguments (copies are plain Uint8Arrays): parseLines and parseUnionStream", async () => {
    class Frame extends Uint8Array {
      readonly seq: number;
      constructor(payload: { bytes: Uint8Array }, seq: number) {
        super(payload.bytes);
        this.seq = seq;
      }
    }
    const bytes = Buffer.from(NDJSON);
    const frames = Array.from({ length: Math.ceil(bytes.length / 9) }, (_, i) => new Frame({ bytes: bytes.subarray(i * 9, i * 9 + 9) }, i));
    const got = await collect(parseLines(Item, Readable.from(frames)));
    expect(got.map(summary)).toEqual(EXPECTED);
    expect(got.every((r) => typeof r.text === "string" || Object.getPrototypeOf(r.text) === Uint8Array.prototype)).toBe(true);
    const Cat = model("Cat", { type: t.string(), name: t.string("required") });
    const Dog = model("Dog", { type: t.string(), name: t.string("required"), breed: t.string() });
    const pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
    const doc = Buffer.from('{"name":"Tommy","type":"cat"}');
    const parts = [new Frame({ bytes: doc.subarray(0, 10) }, 0), new Frame({ bytes: doc.subarray(10) }, 1)];
    expect((await collect(parseUnionStream(pets, Readable.from(parts)))).at(-1)).toMatchObject({ done: true, errors: [], value: { variant: "cat", value: { name: "Tommy" } } });
  });

  it("empty chunks change nothing; an empty source: no record, and parseStream's one result is one-shot's end-of-input error", async () => {
    const empty = [Buffer.alloc(0), "", new Uint8Array(0)];
    const got = await collect(parseLines(Item, Readable.from([...empty, `${LINES[0]}\n`, ...empty, LINES[6], ...empty])));
    expect(got.map(summary)).toEqual([EXPECTED[0], EXPECTED[5].replace(/^7/, "2")]);
    const file = path.join(dir, "empty.json");
    fs.writeFileSync(file, "");
    expect(await collect(parseLines(Item, fs.createReadStream(file)))).toEqual([]);
    const rs = await collect(parseStream(Item, fs.createReadStream(file)));
    expect(rs).toHaveLength(1);
    expect(rs[0].done).toBe(true);
    expect(rs[0].errors.map(String)).toEqual(["JsonSyntaxError: unexpected end of JSON input at offset 0 (line 1, column 1)"]);
    expect(new Validator(Item).safeUnmarshal("")).toMatchObject({ ok: false, error: { message: "unexpected end of JSON input at offset 0 (line 1, column 1)" } });
    const blanks = await collect(parseLines(Item, Readable.from(["\n", "\r\n", "   \n"])));
    expect(blanks).toEqual([]);
  });
});

describe("nothing left behind", () => {
  it("no server, socket or file handle of these tests is still open", async () => {
    // a handle being closed is listed until its close completes (a file's close runs on the
    // thread pool): wait for that rather than a fixed 20 ms, too short on a loaded machine; a
    // handle left open stays listed
    const open = () => process.getActiveResourcesInfo().filter((r) => /TCP|FileHandle|FSReq/.test(r));
    await waitFor(() => open().length === 0, "the handles to close", { timeoutMs: 10_000 }).catch(() => undefined);
    expect(open()).toEqual([]);
  });
});
