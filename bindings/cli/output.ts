// Where the CLI writes records (--rejects, --out): a file or stdout ("-"). Pieces are copied into
// a 64 KiB block (the input's bytes are only valid until its next chunk is read); a full block is
// written while the next one fills, and two blocks are all there is: when both are busy the
// reading loop waits (`ready`), so memory stays flat however many records are written.

import type { FieldError } from "../errors.js";
import { open, type FileHandle } from "node:fs/promises";
import { CliError } from "./errors.js";

const BLOCK = 64 * 1024;

type Sink = (bytes: Buffer) => Promise<void>;

function stdoutSink(): Sink {
  return (bytes) => new Promise((resolve, reject) => {
    process.stdout.write(bytes, (e) => (e ? reject(e) : resolve()));
  });
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

  private constructor(readonly name: string, private readonly sink: Sink, private readonly handle: FileHandle | undefined) {}

  /** Open (create or truncate) a file, or stdout for "-". */
  static async open(path: string, what: string): Promise<RecordWriter> {
    if (path === "-") return new RecordWriter("stdout", stdoutSink(), undefined);
    try {
      const handle = await open(path, "w");
      return new RecordWriter(path, fileSink(handle), handle);
    } catch (e) {
      throw new CliError(`cannot write ${what} file ${path}: ${(e as Error).message}`);
    }
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
    if (this.failed) throw this.error(this.failed);
    if (this.used < BLOCK || this.inFlight === undefined) return undefined;
    return this.inFlight.then(() => this.flush());
  }

  /** Start writing the current block, unless a write is in flight. */
  private flush(): void {
    if (this.inFlight !== undefined || this.used === 0) return;
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
    await this.handle?.close();
    if (this.failed) throw this.error(this.failed);
  }

  private error(e: Error): CliError {
    return new CliError(`cannot write ${this.name}: ${e.message}`);
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
  w.write(`{"line":${line},"record":`, typeof record === "string" ? JSON.stringify(record) : record, `,"errors":${JSON.stringify(errors)}}\n`);
}
