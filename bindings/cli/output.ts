// Where the CLI writes records (--rejects, --out): a file or stdout ("-"). Writes are gathered
// into 64 KiB blocks, and the reading loop waits while the destination is slower than the input
// (backpressure), so memory stays flat however many records are written.

import { once } from "node:events";
import { open } from "node:fs/promises";
import type { Writable } from "node:stream";
import { CliError } from "./errors.js";

const BLOCK = 64 * 1024;

export class RecordWriter {
  private parts: Buffer[] = [];
  private size = 0;
  private draining: Promise<void> | undefined;
  private failed: Error | undefined;

  private constructor(readonly name: string, private readonly stream: Writable) {
    stream.on("error", (e: Error) => { this.failed ??= e; });
  }

  /** Open (create or truncate) a file, or stdout for "-". */
  static async open(path: string, what: string): Promise<RecordWriter> {
    if (path === "-") return new RecordWriter("stdout", process.stdout);
    try {
      const handle = await open(path, "w");
      return new RecordWriter(path, handle.createWriteStream());
    } catch (e) {
      throw new CliError(`cannot write ${what} file ${path}: ${(e as Error).message}`);
    }
  }

  /** Append bytes or text (not written yet: see `ready`). */
  write(...parts: (Buffer | string)[]): void {
    for (const p of parts) {
      const b = typeof p === "string" ? Buffer.from(p) : p;
      this.parts.push(b);
      this.size += b.length;
    }
    if (this.size >= BLOCK) this.flush();
  }

  /** A promise while the destination is full (await it before reading on), else undefined. */
  get ready(): Promise<void> | undefined {
    if (this.failed) throw this.error(this.failed);
    return this.draining;
  }

  private flush(): void {
    if (this.size === 0) return;
    const block = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(block) && !this.draining) {
      this.draining = once(this.stream, "drain").then(() => { this.draining = undefined; }, () => { this.draining = undefined; });
    }
  }

  /** Write what is left and close the file (stdout is flushed, not closed). */
  async close(): Promise<void> {
    this.flush();
    if (this.stream === process.stdout) {
      await this.draining;
    } else {
      await new Promise<void>((resolve) => this.stream.end(resolve));
    }
    if (this.failed) throw this.error(this.failed);
  }

  private error(e: Error): CliError {
    return new CliError(`cannot write ${this.name}: ${e.message}`);
  }
}
