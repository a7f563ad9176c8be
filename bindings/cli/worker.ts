// A worker thread of `checker validate --workers N`: it loads the model module itself (its own
// WASM instance and validator, or union) and validates the batches of NDJSON lines the main thread sends,
// answering with what the main thread needs to count and write each record, in line order.

import { parentPort, workerData } from "node:worker_threads";
import { httpErrorBody } from "../http.js";
import { messageOf } from "./errors.js";
import { lineRecord } from "../sources.js";
import { loadModel } from "./load.js";
import { makeChecker } from "./make-checker.js";
import { ACCEPTED, BLANK, REJECTED, type Batch, type BatchResult, type WorkerSetup } from "./batch.js";

async function main(): Promise<void> {
  const setup = workerData as WorkerSetup;
  const checker = makeChecker(await loadModel(setup.model, setup.export), setup.options);
  parentPort!.on("message", (batch: Batch) => {
    const result: BatchResult = { seq: batch.seq, status: [], errors: {}, variants: {}, marshaled: setup.marshal ? {} : undefined };
    const b = batch.bytes;
    let start = 0;
    for (let i = 0; start < b.length; i++) {
      let end = b.indexOf(0x0a, start);
      if (end < 0) end = b.length;
      // (as parseLines reads it, so errors name the line and byte offset in the whole input)
      const r = lineRecord(checker, b.subarray(start, end), batch.firstLine + i, batch.start + start);
      start = end + 1;
      if (r === undefined) {
        result.status.push(BLANK);
        continue;
      }
      if (r.ok) {
        result.status.push(ACCEPTED);
        const variant = checker.variantOf(r.value);
        if (variant !== undefined) result.variants[i] = variant;
        if (result.marshaled) result.marshaled[i] = checker.marshal(r.value);
      } else {
        result.status.push(REJECTED);
        result.errors[i] = { errors: httpErrorBody(r.error).details, malformed: r.error.name === "JsonSyntaxError" };
      }
    }
    parentPort!.postMessage(result);
  });
  parentPort!.postMessage("ready");
}

main().catch((e: unknown) => {
  parentPort!.postMessage({ failed: messageOf(e) });
});
