// Checking one batch of NDJSON lines (cli/batch.ts): each line read as parseLines reads it (its
// errors placed in the whole input), answered with what the main thread needs to count and write
// each record, in line order. Worker threads (cli/worker.ts) run it on the batches sent to them;
// without workers the main thread runs it itself (cli/line-batches.ts).

import { httpErrorBody } from "../http.js";
import { lineRecord } from "../sources.js";
import { ACCEPTED, BLANK, REJECTED, type Batch, type BatchResult } from "./batch.js";
import type { RecordChecker } from "./record-checker.js";

export function checkBatch(checker: RecordChecker<unknown>, batch: Batch, marshal: boolean): BatchResult {
  const result: BatchResult = { seq: batch.seq, status: [], errors: {}, variants: {}, marshaled: marshal ? {} : undefined };
  // (lines are found with a Buffer's indexOf, a native search: a Uint8Array's is 2.5x slower; and
  // cut from a plain view: a Buffer's subarray makes a Buffer, slower to make for every line)
  const { buffer, byteOffset, length } = batch.bytes;
  const search = Buffer.from(buffer, byteOffset, length);
  const b = new Uint8Array(buffer, byteOffset, length);
  let start = 0;
  for (let i = 0; start < b.length; i++) {
    let end = search.indexOf(0x0a, start);
    if (end < 0) end = b.length;
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
  return result;
}
