// `checker validate --workers N` on NDJSON: N worker threads (cli/worker.ts: each its own WASM
// instance and validator) check the batches of lines cli/line-batches.ts reads; each result comes
// back as its worker is done with it, and line-batches takes them in line order.

import { Worker } from "node:worker_threads";
import { CliError } from "./errors.js";
import { UNFINISHED_IMPORT, unfinishedImport } from "./load.js";
import type { Batch, BatchResult, WorkerSetup } from "./batch.js";
import type { BatchRunner } from "./line-batches.js";

class Pool implements BatchRunner {
  private readonly waiting = new Map<number, { resolve: (r: BatchResult) => void; reject: (e: Error) => void }>();
  private next = 0;
  private closing = false;

  readonly threads: number;

  private constructor(private readonly workers: Worker[]) {
    this.threads = workers.length;
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

/** Start n worker threads that check batches (ready once each has loaded the model module). */
export function startWorkers(n: number, setup: WorkerSetup): Promise<BatchRunner> {
  return Pool.start(n, setup);
}
