// A worker thread of `checker validate --workers N`: it loads the model module itself (its own
// WASM instance and validator, or union) and checks the batches of NDJSON lines the main thread
// sends (cli/check-batch.ts), answering with each batch's result.

import { parentPort, workerData } from "node:worker_threads";
import { messageOf } from "./errors.js";
import { loadModel } from "./load.js";
import { makeChecker } from "./make-checker.js";
import type { Batch, WorkerSetup } from "./batch.js";
import { checkBatch } from "./check-batch.js";

async function main(): Promise<void> {
  const setup = workerData as WorkerSetup;
  const checker = makeChecker(await loadModel(setup.model, setup.export), setup.options);
  parentPort!.on("message", (batch: Batch) => {
    parentPort!.postMessage(checkBatch(checker, batch, setup.marshal));
  });
  parentPort!.postMessage("ready");
}

main().catch((e: unknown) => {
  parentPort!.postMessage({ failed: messageOf(e) });
});
