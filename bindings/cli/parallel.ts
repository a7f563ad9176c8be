// `checker validate --workers N` on NDJSON: the main thread reads the input in line-aligned
// chunks and hands each to a worker thread (cli/worker.ts: its own WASM instance and validator);
// results come back as they are done and are counted and written in line order, so the output
// files and the summary are the same as with one thread. At most 2 batches per worker are in
// flight, so memory stays bounded whatever the input size.

import { Worker } from "node:worker_threads";
import { CliError } from "./errors.js";
import { UNFINISHED_IMPORT, unfinishedImport } from "./load.js";
import type { Input } from "./input.js";
import { trim, writeReject, type RecordWriter } from "./output.js";
import type { Progress } from "./progress.js";
import type { Tally } from "./summary.js";
import { ACCEPTED, REJECTED, type Batch, type BatchResult, type WorkerSetup } from "./batch.js";

export interface ParallelSinks {
  readonly tally: Tally;
  readonly rejects: RecordWriter | undefined;
  readonly out: RecordWriter | undefined;
  readonly marshal: boolean;
  readonly progress: Progress | undefined;
}

interface Job {
  readonly bytes: Buffer;
  readonly firstLine: number;
  readonly done: Promise<BatchResult>;
}

class Pool {
  private readonly waiting = new Map<number, { resolve: (r: BatchResult) => void; reject: (e: Error) => void }>();
  private next = 0;
  private closing = false;

  private constructor(private readonly workers: Worker[]) {
    for (const w of workers) {
      w.on("message", (r: BatchResult) => {
        const job = this.waiting.get(r.seq);
        this.waiting.delete(r.seq);
        job?.resolve(r);
      });
      w.on("error", (e) => this.failAll(`worker: ${e.message}`));
      w.on("exit", (code) => {
        if (!this.closing) this.failAll(`worker: a worker thread exited (code ${code}) while records were being validated`);
      });
    }
  }

  /**
   * Start n workers; they are ready once each has loaded the model module. If one cannot (the
   * module throws there, or its top-level await never finishes), every worker is stopped and the
   * run fails with that one line (the others would keep the process alive, or it would end with
   * code 0 and no summary).
   */
  static async start(n: number, setup: WorkerSetup): Promise<Pool> {
    const url = new URL("./worker.js", import.meta.url);
    const workers = Array.from({ length: n }, () => new Worker(url, { workerData: setup }));
    const cleanups: (() => void)[] = [];
    try {
      await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
        const onMessage = (m: unknown): void => {
          if (m === "ready") resolve();
          else reject(new CliError((m as { failed: string }).failed));
        };
        const onError = (e: Error): void => reject(new CliError(`worker: ${e.message}`));
        const onExit = (code: number): void => reject(new CliError(code === UNFINISHED_IMPORT
          ? unfinishedImport(setup.model)
          : `cannot load model module ${setup.model} in a worker thread: it exited (code ${code}) before it finished loading`));
        w.once("message", onMessage).once("error", onError).once("exit", onExit);
        // (only these: a Worker keeps listeners of its own)
        cleanups.push(() => w.off("message", onMessage).off("error", onError).off("exit", onExit));
      })));
    } catch (e) {
      await Promise.all(workers.map((w) => w.terminate()));
      throw e;
    }
    for (const cleanup of cleanups) cleanup();
    return new Pool(workers);
  }

  run(batch: Batch): Promise<BatchResult> {
    const done = new Promise<BatchResult>((resolve, reject) => this.waiting.set(batch.seq, { resolve, reject }));
    this.workers[this.next++ % this.workers.length].postMessage(batch);
    return done;
  }

  private failAll(message: string): void {
    for (const j of this.waiting.values()) j.reject(new CliError(message));
    this.waiting.clear();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function countLines(b: Buffer): number {
  let n = 0;
  for (let i = b.indexOf(0x0a); i >= 0; i = b.indexOf(0x0a, i + 1)) n++;
  return b.length > 0 && b[b.length - 1] !== 0x0a ? n + 1 : n;
}

/** Count and write the records of one finished batch, in order. */
function take(job: Job, r: BatchResult, s: ParallelSinks): void {
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

export async function readLinesParallel(input: Input, s: ParallelSinks, workers: number, setup: WorkerSetup, maxLine: number): Promise<void> {
  const pool = await Pool.start(workers, setup);
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
    // a piece that does not end with "\n" starts a line longer than maxLine (or is the last line):
    // a worker has it as a record of its own, over maxDocumentBytes, and the rest of that line,
    // read on, is skipped up to its "\n"
    let midLine = false;
    for await (const piece of input.lines(maxLine)) {
      const nl: number = midLine ? piece.indexOf(0x0a) : -1;
      const skip = !midLine ? 0 : nl < 0 ? piece.length : nl + 1;
      const chunk = piece.subarray(skip);
      start += skip;
      midLine = (midLine && nl < 0) || (chunk.length > 0 && chunk[chunk.length - 1] !== 0x0a);
      if (chunk.length === 0) continue;
      const bytes = Buffer.from(chunk); // the input reuses its buffer for the next chunk
      queue.push({ bytes, firstLine: line, done: pool.run({ seq: seq++, bytes, firstLine: line, start }) });
      line += countLines(bytes);
      start += bytes.length;
      if (queue.length >= 2 * workers) await settle();
    }
    while (queue.length > 0) await settle();
  } finally {
    await pool.close();
  }
  s.tally.bytes = input.bytes;
}
