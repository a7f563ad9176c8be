// The CLI's input: a file or stdin ("-"), read chunk by chunk (never whole), with the first bytes
// peeked to tell NDJSON from one JSON document.

import { fstatSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { CliError } from "./errors.js";

export interface Input {
  /** The name to print: the path, or "stdin". */
  readonly name: string;
  /** Size in bytes when known (a regular file, stdin redirected from one). */
  readonly size: number | undefined;
  /** The bytes, chunk by chunk; peeked chunks come first. */
  readonly chunks: AsyncIterable<Buffer>;
  /** Stop reading (what is left of the input is not needed). */
  close(): void;
  /** Read ahead (kept for `chunks`) until `enough(head)` or `limit` bytes or the end of the input. */
  peek(enough: (head: Buffer) => boolean, limit?: number): Promise<Buffer>;
}

const CHUNK = 256 * 1024;

/** Open a file, or stdin for "-". I/O failures are CliErrors (exit code 2). */
export async function openInput(path: string): Promise<Input> {
  if (path === "-") {
    let size: number | undefined;
    try {
      const s = fstatSync(0);
      if (s.isFile()) size = s.size;
    } catch { /* no size: no progress bar */ }
    return fromStream("stdin", size, process.stdin);
  }
  let handle;
  try {
    handle = await open(path, "r");
    const s = await handle.stat();
    if (s.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory`), { code: "EISDIR" });
    return fromStream(path, s.isFile() ? s.size : undefined, handle.createReadStream({ highWaterMark: CHUNK }));
  } catch (e) {
    await handle?.close().catch(() => undefined);
    throw new CliError(`cannot read ${path}: ${(e as Error).message}`);
  }
}

function fromStream(name: string, size: number | undefined, stream: Readable): Input {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const peeked: Buffer[] = [];
  let ended = false;
  const read = async (): Promise<Buffer | undefined> => {
    if (ended) return undefined;
    let r: IteratorResult<Buffer>;
    try {
      r = await it.next();
    } catch (e) {
      throw new CliError(`cannot read ${name}: ${(e as Error).message}`);
    }
    if (r.done) { ended = true; return undefined; }
    return typeof r.value === "string" ? Buffer.from(r.value) : r.value;
  };
  // ending the iterator destroys the stream (the file is closed, stdin is no longer read)
  const close = (): void => {
    if (!ended) { ended = true; void it.return?.(); }
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      while (peeked.length > 0) yield peeked.shift()!;
      for (let c = await read(); c !== undefined; c = await read()) yield c;
    } finally {
      close();
    }
  }
  return {
    name,
    size,
    chunks: chunks(),
    close,
    async peek(enough: (head: Buffer) => boolean, limit = 1 << 20): Promise<Buffer> {
      let head: Buffer = Buffer.concat(peeked);
      while (!enough(head) && head.length < limit) {
        const c = await read();
        if (c === undefined) break;
        peeked.push(c);
        head = peeked.length === 1 ? c : Buffer.concat(peeked);
      }
      return head;
    },
  };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Is this the start of NDJSON? The first non-space byte is `{`, the first line ends with `}` (a
 * whole document on one line, not the `{` of a pretty-printed one) and the next non-blank line
 * starts with `{`. `undefined`: the bytes so far do not decide yet.
 */
export function looksLikeLines(head: Buffer, complete: boolean): boolean | undefined {
  let i = 0;
  while (i < head.length && isSpace(head[i])) i++;
  if (i === head.length) return complete ? false : undefined;
  if (head[i] !== 0x7b) return false;
  const nl = head.indexOf(0x0a, i);
  if (nl < 0) return complete ? false : undefined;
  let end = nl - 1;
  while (end > i && isSpace(head[end])) end--;
  if (head[end] !== 0x7d) return false;
  let next = nl + 1;
  while (next < head.length && isSpace(head[next])) next++;
  if (next === head.length) return complete ? false : undefined;
  return head[next] === 0x7b;
}

/** NDJSON or one document: --lines / --document, else the extension, else the first bytes. */
export async function detectLines(input: Input, path: string): Promise<boolean> {
  if (/\.(ndjson|jsonl)$/i.test(path)) return true;
  const head = await input.peek((h) => looksLikeLines(h, false) !== undefined);
  return looksLikeLines(head, true) ?? false; // undecided at the end or after 1 MiB: one document
}
