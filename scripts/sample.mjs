// `npm start`: validate the bundled sample NDJSON file with the sample model and print what a
// pipeline operator wants to see: accepted / rejected counts, the first errors, records per second.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { Validator } from "../dist/index.js";
import { User } from "../data/user-model.js";

const file = process.argv[2] ?? new URL("../data/sample-users.ndjson", import.meta.url);
const validator = new Validator(User);
const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });

let records = 0;
let accepted = 0;
const byCode = new Map();
const firstErrors = [];
const start = process.hrtime.bigint();
for await (const line of lines) {
  if (line.trim() === "") continue;
  records++;
  const r = validator.safeUnmarshal(line);
  if (r.ok) { accepted++; continue; }
  const errs = r.error.errors ?? [{ field: r.error.field ?? "", code: r.error.name, message: r.error.message }];
  for (const e of errs) byCode.set(e.code, (byCode.get(e.code) ?? 0) + 1);
  if (firstErrors.length < 5) firstErrors.push(`  line ${records}: ${r.error.name}: ${r.error.message}`);
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(`records:  ${records}`);
console.log(`accepted: ${accepted}`);
console.log(`rejected: ${records - accepted}`);
console.log(`errors by code: ${[...byCode].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(", ")}`);
console.log("first errors:");
console.log(firstErrors.join("\n"));
console.log(`${Math.round(records / seconds).toLocaleString("en-US")} records/s (${(seconds * 1000).toFixed(1)} ms, including reading the file)`);
