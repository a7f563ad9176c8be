// The CLI's input: a file or stdin ("-"), read chunk by chunk, never whole.
//
// NDJSON is read into one buffer that is reused for every chunk, and each chunk handed on ends at
// a line end (what follows the last "\n" is moved to the front and completed by the next read).
// So reading allocates nothing per chunk: with fresh buffers per read (as streams do), their
// memory is only given back when the garbage collector runs, and the process grew by tens of MB
// on a large file. The buffer grows only for a line longer than itself, and only up to the
// longest line a record may have: a longer line is handed on in pieces that end mid-line (see
// lines()), so a line that never ends takes no more memory than that. The price: a chunk is
// valid until the next one is read, so whoever keeps bytes of it must copy them.
//
// One JSON document is read as fresh chunks (the stream parser keeps the text it is given); a
// regular file can be read again from disk (reread) to write the document, so its text is not
// kept twice.
//
// One UTF-8 byte order mark (EF BB BF) at the start of the input is skipped: editors write one,
// and JSON text must not start with it (the library's unmarshal rejects it as a syntax error).
// Input in UTF-16 or UTF-32 (by its byte order mark), or compressed, is refused (CliError).

import { fstatSync, read as readFd } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { CliError } from "./errors.js";

const CHUNK = 256 * 1024;
const NL = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A byte order mark of an encoding JSON is not in: what the input is, and how to convert it. */
function otherEncoding(bom: Buffer, encoding: string): readonly [Buffer, string] {
  const hex = [...bom].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(" ");
  return [bom, `${encoding} (it starts with the byte order mark ${hex}), and JSON is UTF-8: convert it first (iconv -f ${encoding} -t UTF-8)`];
}

/**
 * Starts of input that is not UTF-8 text, longest first (UTF-32LE's byte order mark starts like
 * UTF-16LE's), and what it is. Such input is refused whole, as an I/O error (exit 2), rather than
 * read as JSON text and rejected (exit 1) as a record or two of odd bytes: Windows PowerShell 5
 * writes UTF-16 with `>`, and data often comes compressed.
 */
const NOT_UTF8: readonly (readonly [start: Buffer, what: string])[] = [
  otherEncoding(Buffer.from([0xff, 0xfe, 0, 0]), "UTF-32"), otherEncoding(Buffer.from([0, 0, 0xfe, 0xff]), "UTF-32"),
  otherEncoding(Buffer.from([0xff, 0xfe]), "UTF-16"), otherEncoding(Buffer.from([0xfe, 0xff]), "UTF-16"),
  [Buffer.from([0x1f, 0x8b]), "gzip-compressed: decompress it first (gzip -dc)"],
  [Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), "zstd-compressed: decompress it first (zstd -dc)"],
  [Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), "xz-compressed: decompress it first (xz -dc)"],
  [Buffer.from([0x50, 0x4b, 0x03, 0x04]), "a zip archive: take the file out of it first (unzip -p)"],
];

type Reader = (buf: Buffer, offset: number, length: number) => Promise<number>;

function stdinReader(): Reader {
  // fs.read on fd 0 (not process.stdin): it reads into our buffer, for pipes, files and terminals
  return (buf, offset, length) => new Promise((resolve, reject) => {
    readFd(0, buf, offset, length, null, (e, n) => (e ? reject(e) : resolve(n)));
  });
}

export class Input {
  private buf: Buffer = Buffer.allocUnsafe(CHUNK);
  /** Bytes in buf not handed on yet. */
  private have = 0;
  private eof = false;
  /** Nothing read yet (the byte order mark is looked for at the start). */
  private atStart = true;
  /** Bytes of the byte order mark skipped (0 or 3). */
  private skipped = 0;
  /** Bytes read so far (a byte order mark included). */
  bytes = 0;

  private constructor(
    /** The name to print: the path, or "stdin". */
    readonly name: string,
    /** Size in bytes when known (a regular file, or stdin redirected from one). */
    readonly size: number | undefined,
    private readonly reader: Reader,
    private readonly handle: FileHandle | undefined,
  ) {}

  /** Open a file, or stdin for "-". I/O failures are CliErrors (exit code 2). */
  static async open(path: string): Promise<Input> {
    let handle: FileHandle | undefined;
    try {
      if (path === "-") {
        let size: number | undefined;
        try {
          const s = fstatSync(0);
          if (s.isFile()) size = s.size;
        } catch { /* size unknown: no progress bar */ }
        return new Input("stdin", size, stdinReader(), undefined);
      }
      handle = await open(path, "r");
      const s = await handle.stat();
      if (s.isDirectory()) throw new Error("EISDIR: illegal operation on a directory");
      const h = handle;
      return new Input(path, s.isFile() ? s.size : undefined, async (buf, offset, length) => (await h.read(buf, offset, length, null)).bytesRead, h);
    } catch (e) {
      await handle?.close().catch(() => undefined);
      throw new CliError(`cannot read ${path}: ${(e as Error).message}`);
    }
  }

  /** Bytes of a byte order mark skipped at the start (0 or 3). */
  get bomBytes(): number {
    return this.skipped;
  }

  /** Is this a regular file, which reread() can read again? */
  get rereadable(): boolean {
    return this.handle !== undefined && this.size !== undefined;
  }

  /**
   * Read more into the buffer (growing it when full); false at the end of the input. True may
   * add no byte: when the input starts with a byte order mark, and it is skipped.
   */
  private async fill(): Promise<boolean> {
    if (this.eof) return false;
    if (this.have === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.have);
      this.buf = bigger;
    }
    if (!await this.readMore()) return false;
    if (this.atStart) await this.skipBom();
    return true;
  }

  /** One read into the free end of the buffer; false at the end of the input. */
  private async readMore(): Promise<boolean> {
    let n: number;
    try {
      n = await this.reader(this.buf, this.have, this.buf.length - this.have);
    } catch (e) {
      throw new CliError(`cannot read ${this.name}: ${(e as Error).message}`);
    }
    if (n === 0) {
      this.eof = true;
      return false;
    }
    this.have += n;
    this.bytes += n;
    return true;
  }

  /**
   * Read the first bytes (kept for what follows), so that input that is not UTF-8 text (NOT_UTF8)
   * is refused (a CliError) before any output file is opened.
   */
  async start(): Promise<void> {
    if (this.atStart) await this.fill();
  }

  /** After the first read: drop a byte order mark the input starts with; refuse input that is not UTF-8 (NOT_UTF8). */
  private async skipBom(): Promise<void> {
    this.atStart = false;
    // a read may give fewer bytes than a byte order mark has (a pipe): read on while they could still be one
    const starts = [BOM, ...NOT_UTF8.map(([start]) => start)];
    const couldBe = (start: Buffer): boolean => this.have < start.length && start.subarray(0, this.have).equals(this.buf.subarray(0, this.have));
    while (starts.some(couldBe) && await this.readMore());
    const other = NOT_UTF8.find(([start]) => this.have >= start.length && start.equals(this.buf.subarray(0, start.length)));
    if (other) throw new CliError(`cannot read ${this.name}: it is ${other[1]}`);
    if (this.have >= BOM.length && BOM.equals(this.buf.subarray(0, BOM.length))) {
      this.buf.copyWithin(0, BOM.length, this.have);
      this.have -= BOM.length;
      this.skipped = BOM.length;
    }
  }

  /** Read ahead (kept for what follows, the buffer growing as needed) until `enough(head)` or the end. */
  async peek(enough: (head: Buffer) => boolean): Promise<Buffer> {
    while (!enough(this.buf.subarray(0, this.have)) && await this.fill());
    return this.buf.subarray(0, this.have);
  }

  /**
   * NDJSON chunks, each valid until the next one: each ends with "\n" (or is the end of the
   * input), except the pieces of a line longer than `maxLine` bytes: once that many bytes of a
   * line are held without its "\n", they are handed on, and so is the rest of the line as it is
   * read, never held whole (a record of that line is over the limit whatever follows).
   */
  async *lines(maxLine = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
    let from = 0; // no "\n" before this offset in what is held
    let longLine = false; // what is held continues a line whose start was handed on
    for (;;) {
      const nl = this.have > from ? this.buf.lastIndexOf(NL, this.have - 1) : -1;
      if (nl >= from) {
        yield this.buf.subarray(0, nl + 1);
        this.buf.copyWithin(0, nl + 1, this.have);
        this.have -= nl + 1;
        from = this.have; // what is left holds no "\n"
        longLine = false;
      } else if (this.have > 0 && (longLine || this.have > maxLine)) {
        yield this.buf.subarray(0, this.have);
        this.have = 0;
        from = 0;
        longLine = true;
      } else {
        from = this.have;
      }
      if (!await this.fill()) break;
    }
    if (this.have > 0) {
      const last = this.buf.subarray(0, this.have);
      this.have = 0;
      yield last;
    }
  }

  /** Fresh chunks (kept by whoever receives them). */
  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.have > 0) {
        let chunk: Buffer;
        if (this.buf.length > CHUNK) {
          // the buffer grew (peek read a long first line): hand it on rather than copy it
          chunk = this.buf.subarray(0, this.have);
          this.buf = Buffer.allocUnsafe(CHUNK);
        } else {
          chunk = Buffer.from(this.buf.subarray(0, this.have));
        }
        this.have = 0;
        yield chunk;
      }
      if (!await this.fill()) return;
    }
  }

  /**
   * A regular file's text again, read from disk from its start (after the byte order mark) up to
   * byte `end` or its end (see rereadable). The chunks are fresh, or with `scratch` all read into
   * it, each valid until the next one (fresh buffers would be garbage waiting for a collection).
   */
  async *reread(end = Number.POSITIVE_INFINITY, scratch?: Buffer): AsyncGenerator<Buffer> {
    if (!this.rereadable) throw new Error(`${this.name} cannot be read again`);
    const handle = this.handle!;
    for (let at = this.skipped; at < end;) {
      const size = Math.min(scratch?.length ?? CHUNK, end - at);
      const chunk = scratch ? scratch.subarray(0, size) : Buffer.allocUnsafe(size);
      let n: number;
      try {
        n = (await handle.read(chunk, 0, chunk.length, at)).bytesRead;
      } catch (e) {
        throw new CliError(`cannot read ${this.name}: ${(e as Error).message}`);
      }
      if (n === 0) return;
      at += n;
      yield chunk.subarray(0, n);
    }
  }

  /** Stop reading (the file is closed; stdin is simply not read any more). */
  async close(): Promise<void> {
    this.eof = true;
    await this.handle?.close().catch(() => undefined);
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Where the JSON text of a line (a whole line, its "\n" excluded) leaves off. */
interface LineEnd {
  /** The brackets not closed yet. */
  readonly open: readonly number[];
  /** The last byte outside strings that is not whitespace. */
  readonly last: number;
  /** The line ends inside a string. */
  readonly inString: boolean;
}

function lineEnd(line: Buffer): LineEnd {
  const open: number[] = [];
  let last = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (isSpace(c)) continue;
    last = c;
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) open.push(c);
    else if (c === 0x7d || c === 0x5d) open.pop();
  }
  return { open, last, inString };
}

/**
 * Can a document that starts with this line go on in the next one? Only when the line leaves a
 * bracket open outside a string. Not after a whole value (a record of its own: `{...}`, `null`,
 * `42`: JSON allows nothing after the top-level value), nor inside a string (a JSON string never
 * spans lines, so the line is a record cut short).
 */
function canGoOn(e: LineEnd): boolean {
  return !e.inString && e.open.length > 0;
}

/**
 * Could a `{` at the start of the next line continue the line, as in a document spanning lines?
 * Only where a value may come next inside an object or array: after a key's `:`, or after an
 * array's `[` or `,`. Not where an object needs a key (`{"id":1,`, `{"age":4`: a record cut short).
 */
function continuedByBrace(e: LineEnd): boolean {
  return canGoOn(e) && (e.last === 0x3a || (e.open[e.open.length - 1] === 0x5b && (e.last === 0x5b || e.last === 0x2c)));
}

/**
 * Is this the start of NDJSON? The first line is followed by another non-blank line, and one
 * document cannot span them: the first line cannot go on (canGoOn: a whole value, or a string
 * cut short), or the next line starts with a `{` that cannot continue it (continuedByBrace). So a
 * pretty-printed document is one document, and NDJSON whose first record is malformed or not an
 * object, or whose second record is (`null`, a garbled line), is still NDJSON: read as one
 * document it could only be rejected, for its trailing data, and its records would go uncounted.
 * An input whose first non-space byte is `[` is one document (an array), and so is an input with
 * one non-blank line. An input with nothing but whitespace is NDJSON: no records (not one empty
 * document, rejected). `undefined`: the bytes so far do not decide yet.
 */
export function looksLikeLines(head: Buffer, complete: boolean): boolean | undefined {
  let i = 0;
  while (i < head.length && isSpace(head[i])) i++;
  if (i === head.length) return complete ? true : undefined;
  if (head[i] === 0x5b) return false;
  const nl = head.indexOf(NL, i);
  if (nl < 0) return complete ? false : undefined;
  let next = nl + 1;
  while (next < head.length && isSpace(head[next])) next++;
  if (next === head.length) return complete ? false : undefined;
  const first = lineEnd(head.subarray(i, nl));
  return !canGoOn(first) || (head[next] === 0x7b && !continuedByBrace(first));
}

/**
 * NDJSON or one document (without --lines / --document): the extension, else the first bytes.
 * They are read as far as it takes to decide: up to the end of the first line when it starts
 * with `{` (however long, up to `maxLine` bytes), so a long first record does not turn NDJSON
 * into one document. The input is held meanwhile, as a document is anyway (the stream parser
 * keeps its text). A first line longer than `maxLine` is no record in either mode: the input is
 * then one document (rejected as too large), and that much is all that is held.
 */
export async function detectLines(input: Input, path: string, maxLine = Number.POSITIVE_INFINITY): Promise<boolean> {
  if (/\.(ndjson|jsonl)$/i.test(path)) return true;
  // (past maxLine bytes the first line is too long for a record in either mode: one document)
  const head = await input.peek((h) => looksLikeLines(h, false) !== undefined || h.length > maxLine);
  return looksLikeLines(head, true) ?? false;
}
