// Run: npm run bench:peers   (= node --expose-gc --import tsx bench/peers-only.ts)
// Options: --records N (default 100000), --rounds N (default 10), --warmup N (default 3),
//          --seed N (default the corpus's DEFAULT_SEED).
//
// Times the peers alone (no checker) on the deterministic user corpus, after checking that every
// validating peer accepts and rejects exactly the records the generator labels valid/invalid.
// Writes bench/results/peers-baseline.{json,md}.
import { DEFAULT_SEED, generateLabeledUsers, countKinds } from "./corpus.js";
import {
  assertAgreement,
  formatAgreement,
  timeValidators,
  writeResults,
  type Validator,
} from "./harness.js";
import { peers, validatingPeers } from "./peers.js";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}

const count = option("records", 100_000);
const rounds = option("rounds", 10);
const warmup = option("warmup", 3);
const seed = option("seed", DEFAULT_SEED);

const labeled = generateLabeledUsers(count, seed);
const records = labeled.map((r) => r.text);
const bytes = records.reduce((n, r) => n + Buffer.byteLength(r), 0);
const kinds = countKinds(labeled);
const valid = kinds.valid + kinds["valid-unicode"];
console.log(
  `corpus: ${count} records, seed ${seed}, ${(bytes / count).toFixed(1)} bytes/record, ` +
    `${valid} valid, ${count - valid} invalid`,
);

// The generator's labels take part in the agreement check as one more validator.
const expected = new Map(labeled.map((r) => [r.text, r.valid]));
const labels: Validator = {
  name: "corpus labels",
  validate: (text) => expected.get(text) ?? false,
};
// Throws (and so reports no timings) if any two disagree on any record.
const agreement = assertAgreement([labels, ...validatingPeers], records);
console.log(formatAgreement(agreement));
const baseline = peers.find((p) => !p.validates);
if (baseline && records.some((r) => !baseline.validate(r))) {
  throw new Error(`${baseline.name} rejected a record: the corpus must be well-formed JSON`);
}

console.log(`timing ${peers.length} peers: ${warmup} warm-up + ${rounds} rounds each ...`);
const timings = timeValidators(peers, records, { rounds, warmup });
for (const t of timings) {
  const s = t.nsPerRecord;
  console.log(
    `  ${t.name.padEnd(24)} median ${s.median.toFixed(0).padStart(6)} ns/record  ` +
      `(p10..p90 ${s.p10.toFixed(0)}..${s.p90.toFixed(0)}, min..max ${s.min.toFixed(0)}..${s.max.toFixed(0)})`,
  );
}

const fastestPeer = timings
  .filter((t) => validatingPeers.some((p) => p.name === t.name))
  .sort((a, b) => a.nsPerRecord.median - b.nsPerRecord.median)[0];
const { md } = writeResults("peers-baseline", {
  title: "Peers baseline: JSON.parse + validator, per NDJSON user record",
  corpus: {
    records: count,
    seed,
    bytesPerRecord: bytes / count,
    description: `${valid} valid, ${count - valid} invalid; bench/corpus.ts`,
  },
  agreement,
  timings,
  ratioTo: ["JSON.parse", ...(fastestPeer ? [fastestPeer.name] : [])],
  notes: [
    "Each peer parses the text with JSON.parse, then validates (zod and valibot: safeParse; " +
      "ajv and TypeBox: compiled check). Rules and per-library handling: bench/peers.ts.",
    `Run: npm run bench:peers -- --records ${count} --rounds ${rounds} --warmup ${warmup}`,
  ],
});
console.log(`wrote ${md} (and .json)`);
