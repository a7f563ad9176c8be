// `checker validate` on NDJSON: the input is read in line-aligned chunks; each chunk is one batch
// of lines (cli/batch.ts), checked by worker threads (cli/parallel.ts, --workers N) or by this
// thread (cli/check-batch.ts); the results are counted and written in line order, so the output
// files and the summary are the same with any number of threads. At most 2 batches per thread are
// in flight, so memory stays bounded whatever the input size.

import type { Input } from "./input.js";
import { isSpace, trim, writeReject, type RecordWriter } from "./output.js";
import type { Progress } from "./progress.js";
import type { RecordChecker } from "./record-checker.js";
import type { Tally } from "./summary.js";
import { ACCEPTED, REJECTED, type Batch, type BatchResult } from "./batch.js";
import { checkBatch } from "./check-batch.js";

export interface BatchSinks {
  readonly tally: Tally;
  readonly rejects: RecordWriter | undefined;
  readonly out: RecordWriter | undefined;
  readonly marshal: boolean;
  readonly progress: Progress | undefined;
}

/** What checks the batches: worker threads, or this thread. */
export interface BatchRunner {
  /** Batches checked at once (those in flight: 2 per thread). */
  readonly threads: number;
  run(batch: Batch): Promise<BatchResult>;
  close(): Promise<void>;
}

/** The batches checked here, one after the other, by the command's own checker. */
export function inThisThread(checker: RecordChecker<unknown>, marshal: boolean): BatchRunner {
  return {
    threads: 1,
    run: (batch) => Promise.resolve(checkBatch(checker, batch, marshal)),
    close: () => Promise.resolve(),
  };
}

interface Job {
  readonly bytes: Buffer;
  readonly firstLine: number;
  readonly done: Promise<BatchResult>;
}

function countLines(b: Buffer): number {
  let n = 0;
  for (let i = b.indexOf(0x0a); i >= 0; i = b.indexOf(0x0a, i + 1)) n++;
  return b.length > 0 && b[b.length - 1] !== 0x0a ? n + 1 : n;
}

/**
 * Most lines in one batch. A chunk of whole lines is one batch, unless its lines are short
 * (`{}`, blank lines: a 256 KiB chunk of them is 87,000 records): then it is cut into batches of
 * this many, so the results in flight (each rejected record's errors, copied from a worker
 * thread) stay a few MB. Uncut, a run of 2 million `{}` lines rejected against a 6-field model
 * peaked at 1.8 GB with two workers and took four times as long as with one.
 */
const BATCH_LINES = 4096;

/** The end of the `n` lines of b that start at `from` (or b's end). */
function afterLines(b: Buffer, from: number, n: number): number {
  let end = from;
  for (let i = 0; i < n && end < b.length; i++) {
    const nl = b.indexOf(0x0a, end);
    end = nl < 0 ? b.length : nl + 1;
  }
  return end;
}

/** Index of the first byte of b[0, end) that is not JSON whitespace, or -1. */
function firstNonBlank(b: Uint8Array, end: number): number {
  for (let i = 0; i < end; i++) if (!isSpace(b[i])) return i;
  return -1;
}

/** Count and write the records of one finished batch, in order. */
function take(job: Job, r: BatchResult, s: BatchSinks): void {
  let start = 0;
  r.status.forEach((status, i) => {
    let end = job.bytes.indexOf(0x0a, start);
    if (end < 0) end = job.bytes.length;
    const text = job.bytes.subarray(start, end);
    start = end + 1;
    const line = job.firstLine + i;
    if (status === ACCEPTED) {
      s.tally.accept(r.variants[i]);
      if (s.out) s.out.write(s.marshal ? r.marshaled![i] : trim(text), "\n");
    } else if (status === REJECTED) {
      const { errors, malformed } = r.errors[i];
      s.tally.reject(line, errors);
      if (s.rejects) writeReject(s.rejects, line, malformed ? text.toString("utf8").replace(/\r$/, "") : trim(text), errors);
    }
  });
}

/** Read every line of the input as a record, checked by `runner` (closed at the end). */
export async function readLineBatches(input: Input, s: BatchSinks, runner: BatchRunner, maxLine: number): Promise<void> {
  const queue: Job[] = [];
  let line = 1;
  let seq = 0;
  let start = 0;
  const settle = async (): Promise<void> => {
    const job = queue.shift()!;
    take(job, await job.done, s);
    s.progress?.update(input.bytes, s.tally.records);
    if (s.rejects?.ready) await s.rejects.ready;
    if (s.out?.ready) await s.out.ready;
  };
  try {
    // what the input hands on is whole lines, or the start or the rest of a line longer than
    // maxLine (which holds no "\n"): the start is a record of its own, over maxDocumentBytes, and
    // the rest of that line is skipped up to its "\n" (midLine). A long start that is only
    // whitespace is held (blank) until the line shows something else, as parseLines reads it: a
    // blank line, however long, is no record
    let midLine = false;
    let blank: { head: Buffer; start: number } | undefined;
    const push = async (bytes: Buffer, at: number): Promise<void> => {
      queue.push({ bytes, firstLine: line, done: runner.run({ seq: seq++, bytes, firstLine: line, start: at }) });
      line += countLines(bytes);
      if (queue.length >= 2 * runner.threads) await settle();
    };
    for await (const piece of input.lines(maxLine)) {
      let skip = 0;
      if (midLine || blank) {
        const nl = piece.indexOf(0x0a);
        const end = nl < 0 ? piece.length : nl;
        if (blank) {
          const at = firstNonBlank(piece, end);
          if (at >= 0) {
            // the record of the line: its blank start, then its first other byte (past the limit)
            await push(Buffer.concat([blank.head, piece.subarray(at, at + 1)]), blank.start);
            blank = undefined;
            midLine = true;
          } else if (nl >= 0) {
            blank = undefined;
            line++;
          }
        }
        if (nl >= 0) midLine = false;
        skip = nl < 0 ? piece.length : nl + 1;
      }
      start += skip;
      const chunk = piece.subarray(skip);
      if (chunk.length === 0) continue;
      if (chunk[chunk.length - 1] === 0x0a) {
        for (let from = 0; from < chunk.length;) {
          const end = afterLines(chunk, from, BATCH_LINES);
          await push(Buffer.from(chunk.subarray(from, end)), start); // (a copy: the input reuses its buffer)
          start += end - from;
          from = end;
        }
        continue;
      }
      const bytes = Buffer.from(chunk);
      const at = start;
      start += bytes.length;
      if (firstNonBlank(bytes, bytes.length) < 0) blank = { head: bytes, start: at };
      else {
        await push(bytes, at);
        midLine = true;
      }
    }
    while (queue.length > 0) await settle();
  } finally {
    await runner.close();
  }
  s.tally.bytes = input.bytes;
}
