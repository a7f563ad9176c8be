// Where the CLI writes records (--rejects, --out): a file or stdout ("-"). Pieces are copied into
// a 64 KiB block (the input's bytes are only valid until its next chunk is read); a full block is
// written while the next one fills, and two blocks are all there is: when both are busy the
// reading loop waits (`ready`), so memory stays flat however many records are written.
//
// The files are opened together (openAll) and emptied only once all of them could be opened, so
// a failure leaves every existing file as it was. On Ctrl-C (interrupt.ts) the write under way
// completes and no other starts: the file ends at a record.

import type { FieldError } from "../errors.js";
import { constants } from "node:fs";
import { open, unlink, type FileHandle } from "node:fs/promises";
import { CliError, exitOnOutputError } from "./errors.js";
import { halted, interrupted, onInterrupt } from "./interrupt.js";

const BLOCK = 64 * 1024;

type Sink = (bytes: Buffer) => Promise<void>;

function stdoutSink(): Sink {
  // a failed write (the reader went away: EPIPE) ends the process here, as stdout's 'error' event
  // would a moment later (main.ts), whichever comes first
  return (bytes) => new Promise((resolve) => {
    process.stdout.write(bytes, (e) => (e ? exitOnOutputError("stdout", e) : resolve()));
  });
}

/** A file opened for writing, not emptied yet; `created`: it did not exist before. */
interface Opened {
  readonly path: string;
  readonly handle: FileHandle;
  readonly created: boolean;
}

/** Open a file for writing without emptying it: create it, or open the one there is. */
async function openUntruncated(path: string): Promise<Opened> {
  try {
    return { path, handle: await open(path, "wx"), created: true };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  return { path, handle: await open(path, constants.O_WRONLY), created: false };
}

/** Close files opened by openUntruncated, and remove those it created. */
async function abandon(files: readonly Opened[]): Promise<void> {
  for (const f of files) {
    await f.handle.close().catch(() => undefined);
    if (f.created) await unlink(f.path).catch(() => undefined);
  }
}

function fileSink(handle: FileHandle): Sink {
  return async (bytes) => {
    for (let at = 0; at < bytes.length;) at += (await handle.write(bytes, at, bytes.length - at)).bytesWritten;
  };
}

export class RecordWriter {
  private block: Buffer = Buffer.allocUnsafe(2 * BLOCK);
  private used = 0;
  /** The other block, free when no write is in flight. */
  private spare: Buffer | undefined = Buffer.allocUnsafe(2 * BLOCK);
  private inFlight: Promise<void> | undefined;
  private failed: Error | undefined;
  private readonly unregister = onInterrupt(() => this.inFlight);
  /** Records being written in pieces (wholeRecord), which a signal lets complete. */
  private piecewise = 0;

  private constructor(readonly name: string, private readonly sink: Sink, private readonly handle: FileHandle | undefined) {}

  /**
   * Open (create or empty) files, or stdout for "-", for each [path, what] (undefined: no
   * writer). No file is emptied, nor left created, unless every one of them could be opened.
   */
  static async openAll(specs: readonly (readonly [path: string | undefined, what: string])[]): Promise<(RecordWriter | undefined)[]> {
    const opened: Opened[] = []; // the files of specs, in order
    const fail = async (what: string, path: string, e: unknown): Promise<never> => {
      await abandon(opened);
      throw new CliError(`cannot write ${what} file ${path}: ${(e as Error).message}`);
    };
    const files = specs.filter((s): s is readonly [string, string] => s[0] !== undefined && s[0] !== "-");
    for (const [path, what] of files) {
      try {
        opened.push(await openUntruncated(path));
      } catch (e) {
        await fail(what, path, e);
      }
    }
    for (const [i, f] of opened.entries()) {
      try {
        // only regular files: /dev/null, a FIFO or a terminal cannot be truncated
        if ((await f.handle.stat()).isFile()) await f.handle.truncate(0);
      } catch (e) {
        await fail(files[i][1], f.path, e);
      }
    }
    let next = 0;
    return specs.map(([path]) => {
      if (path === undefined) return undefined;
      if (path === "-") return new RecordWriter("stdout", stdoutSink(), undefined);
      const { handle } = opened[next++];
      return new RecordWriter(path, fileSink(handle), handle);
    });
  }

  /** Append bytes (copied) or text; see `ready`. */
  write(...parts: (Uint8Array | string)[]): void {
    for (const p of parts) {
      const n = typeof p === "string" ? Buffer.byteLength(p) : p.length;
      if (this.used + n > this.block.length) {
        const bigger = Buffer.allocUnsafe(Math.max(2 * this.block.length, this.used + n));
        this.block.copy(bigger, 0, 0, this.used);
        this.block = bigger;
      }
      if (typeof p === "string") this.block.write(p, this.used);
      else this.block.set(p, this.used);
      this.used += n;
    }
    if (this.used >= BLOCK) this.flush();
  }

  /** Await it (when defined) before writing more: both blocks are busy. */
  get ready(): Promise<void> | undefined {
    if (this.stopped()) return halted;
    if (this.failed) throw this.error(this.failed);
    if (this.used < BLOCK || this.inFlight === undefined) return undefined;
    return this.inFlight.then(() => this.flush());
  }

  /**
   * Write one record in pieces, `write` awaiting `ready` between them (a document, never held
   * whole). A signal does not cut it: it completes and is written out before the process ends, as
   * a record written at once is; none starts after a signal.
   */
  async wholeRecord(write: () => Promise<void>): Promise<void> {
    if (interrupted()) return halted;
    this.piecewise++;
    const done = write().finally(() => { this.piecewise--; });
    // (after a signal nothing else writes out the end of the record)
    const written = done.then(async () => { if (interrupted()) await this.drain(); });
    const unregister = onInterrupt(() => written);
    try {
      await written;
    } finally {
      unregister();
    }
    if (interrupted()) return halted;
  }

  /** A signal came, and no record written in pieces is to complete first: nothing more is written. */
  private stopped(): boolean {
    return interrupted() && this.piecewise === 0;
  }

  /** Write out all that is held, whether or not a signal came. */
  private async drain(): Promise<void> {
    await this.inFlight;
    this.flush(true);
    await this.inFlight;
  }

  /** Start writing the current block, unless a write is in flight (or a signal came: `force` writes it still). */
  private flush(force = false): void {
    if (this.inFlight !== undefined || this.used === 0 || (this.stopped() && !force)) return;
    const full = this.block;
    const n = this.used;
    this.block = this.spare ?? Buffer.allocUnsafe(full.length);
    this.spare = undefined;
    this.used = 0;
    this.inFlight = this.sink(full.subarray(0, n)).then(
      () => { this.spare = full; },
      (e: Error) => { this.failed ??= e; },
    ).finally(() => { this.inFlight = undefined; });
  }

  /** Write what is left and close the file (stdout is flushed, not closed). */
  async close(): Promise<void> {
    await this.inFlight;
    this.flush();
    await this.inFlight;
    if (interrupted()) return halted; // (the process ends by the signal: no summary after this)
    this.unregister();
    await this.handle?.close();
    if (this.failed) throw this.error(this.failed);
  }

  private error(e: Error): CliError {
    return new CliError(`cannot write ${this.name}: ${e.message}`);
  }
}

/**
 * Drops the whitespace between the tokens of well-formed JSON text, so it fits on one line, chunk
 * by chunk (a string may run across chunks). In place: a chunk is overwritten, and the result is
 * a view of it.
 */
export class Compactor {
  private inString = false;
  /** Inside a string, after a backslash: the next byte is escaped. */
  private escaped = false;

  push(b: Buffer): Buffer {
    let n = 0;
    for (let i = 0; i < b.length; i++) {
      const c = b[i];
      if (this.escaped) {
        b[n++] = c;
        this.escaped = false;
      } else if (this.inString) {
        b[n++] = c;
        if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (!isSpace(c)) {
        b[n++] = c;
        if (c === 0x22) this.inString = true;
      }
    }
    return b.subarray(0, n);
  }
}

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** A line without the whitespace around it. */
export function trim(b: Buffer): Buffer {
  let s = 0;
  let e = b.length;
  while (s < e && isSpace(b[s])) s++;
  while (e > s && isSpace(b[e - 1])) e--;
  return b.subarray(s, e);
}

/** One line of the rejects file: {"line", "record", "errors"}. */
export function writeReject(w: RecordWriter, line: number, record: Buffer | string, errors: FieldError[]): void {
  w.write(rejectStart(line), typeof record === "string" ? JSON.stringify(record) : record, rejectEnd(errors));
}

/** A line of the rejects file up to its record (see writeReject), for a record written in pieces. */
export function rejectStart(line: number): string {
  return `{"line":${line},"record":`;
}

/** A line of the rejects file after its record. */
export function rejectEnd(errors: readonly FieldError[]): string {
  return `,"errors":${JSON.stringify(errors)}}\n`;
}
