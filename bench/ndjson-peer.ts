// One peer's NDJSON pipeline, written as a user writes it: node:readline over a file stream, then
// JSON.parse and the peer's check per line (bench/peers.ts: the rules of bench/user-model.ts).
// bench/ndjson.ts bundles it with esbuild and runs it as a process of its own, like the CLI.
//
//   node ndjson-peer.mjs "JSON.parse + ajv" users.ndjson    prints {"records":N,"accepted":N,"rejected":N}
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { peers } from "./peers.js";

const [name, path] = process.argv.slice(2);
const peer = peers.find((p) => p.name === name);
if (peer === undefined || path === undefined) throw new Error(`usage: ndjson-peer <${peers.map((p) => p.name).join(" | ")}> <file.ndjson>`);
let records = 0;
let accepted = 0;
for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim() === "") continue;
  records++;
  if (peer.validate(line)) accepted++;
}
process.stdout.write(`${JSON.stringify({ records, accepted, rejected: records - accepted })}\n`);
