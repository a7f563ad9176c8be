// Run: node --expose-gc --import tsx bench/strategies/run.ts
// Options: as bench/unmarshal.ts (--records, --rounds, --warmup, --seed, --only).
//
// How should checker build the typed value of a document its core accepted? Tries the strategies
// of bench/strategies/ (A: JSON.parse + fix-ups, B: the tape walk the bindings use today, C: a
// generated tape reader, D: B with per-model template objects) on the bench corpus with the bench
// User model:
//  1. verification: every strategy gives the same verdict as B on every record and, for accepted
//     records, a deep-equal value (same key order) from string and from Uint8Array input; B's value
//     equals JSON.parse of the record (for this model it must); the same checks on a model using
//     every kind and on the accepted conformance `unmarshal` cases (bench/strategies/verify.ts).
//     Any mismatch stops the bench before timing.
//  2. timing, interleaved rounds in one process, over the accepted records only (a strategy only
//     changes how an accepted document's value is built; a rejected one costs the same in each):
//     each strategy on string and on Uint8Array input, and "vet only" (the WASM run with no value
//     built) as the floor every strategy shares.
// Writes bench/results/build-strategies.{json,md}.
import { loadavg } from "node:os";
import { Validator } from "../../bindings/index.js";
import * as L from "../../bindings/layout.js";
import { sharedSession } from "../../bindings/session.js";
import { checkAgreement, formatAgreement, runBenchmarks, writeResults, type Benchmark } from "../harness.js";
import { User } from "../user-model.js";
import { CpuClock, benchCorpus, benchOptions, codeVersion, describeTiming } from "../unmarshal.js";
import { reference, strategies } from "./index.js";
import { knownDifferences, sameValue, verifyBeyondCorpus, verifyOn, type VerifyReport } from "./verify.js";

const { count, rounds, warmup, seed, only } = benchOptions();

const loadStart = loadavg()[0]?.toFixed(2);
const corpus = benchCorpus(count, seed);
const validator = new Validator(User);
console.log(`corpus: ${count} records, seed ${seed}, ${corpus.valid} valid, ${count - corpus.valid} invalid`);

// 1. verification
const onCorpus: VerifyReport = { documents: 0, accepted: 0, mismatches: [] };
verifyOn(strategies, reference, validator, corpus.texts, onCorpus);
const ref = reference.make(validator);
for (const text of corpus.texts) {
  const r = ref(text);
  if (r.ok && !sameValue(r.value, JSON.parse(text)) && onCorpus.mismatches.length < 20) {
    onCorpus.mismatches.push({ strategy: `${reference.name} vs JSON.parse`, input: text, why: `value ${JSON.stringify(r.value)}` });
  }
}
const beyond = verifyBeyondCorpus(strategies, reference);
const mismatches = [...onCorpus.mismatches, ...beyond.mismatches];
for (const m of mismatches) console.log(`MISMATCH ${m.strategy}: ${m.input}\n  ${m.why}`);
if (mismatches.length > 0) throw new Error(`${mismatches.length} mismatches: not timing`);
const verified =
  `verified: ${strategies.map((s) => s.name.split(":")[0]).join(", ")} give the same verdicts, deep-equal values (same key order) ` +
  `and the same errors, from strings and from Uint8Arrays, on the ${onCorpus.documents} corpus records (${onCorpus.accepted} accepted; ` +
  `B's value also equals JSON.parse of each) and on ${beyond.documents} more documents (${beyond.accepted} accepted): ` +
  `a model with every kind under ExtraAllow and under the defaults, and ${beyond.cases} conformance unmarshal cases`;
console.log(verified);
const known = knownDifferences(strategies);
for (const k of known) console.log(`known difference: ${k}`);

// the agreement the results file records: each strategy as a validator of the strings
const agreement = checkAgreement(
  strategies.map((s) => {
    const run = s.make(validator);
    return { name: s.name, validate: (text: string) => run(text).ok };
  }),
  corpus.texts,
);
console.log(formatAgreement(agreement));

// 2. timing
function overInputs(name: string, run: (data: string | Uint8Array) => { ok: boolean }, inputs: readonly (string | Uint8Array)[]): Benchmark {
  return {
    name,
    round() {
      let accepted = 0;
      for (let i = 0; i < inputs.length; i++) if (run(inputs[i] as string | Uint8Array).ok) accepted++;
      return accepted;
    },
  };
}

/** The WASM run alone (Validator.safeUnmarshal up to the verdict): what every strategy pays first. */
function vetOnly(v: Validator): (data: string | Uint8Array) => { ok: boolean } {
  const { loaded, options } = v;
  return (data) => {
    const s = sharedSession();
    if (data.length > options.maxDocumentBytes) return { ok: false };
    s.begin(loaded.address, options);
    s.append(data);
    return { ok: s.run(true) === L.ST_DONE && s.get(L.S_ERR_COUNT) === 0 };
  };
}

const acceptedAt = corpus.labeled.flatMap((r, i) => (r.valid ? [i] : []));
const FORMS = [
  ["string", acceptedAt.map((i) => corpus.texts[i] as string)],
  ["Uint8Array", acceptedAt.map((i) => corpus.bytes[i] as Uint8Array)],
] as const;
const vet = vetOnly(validator);
const benches: Benchmark[] = [];
for (const [form, inputs] of FORMS) {
  benches.push(overInputs(`vet only, no value (${form})`, vet, inputs));
  for (const s of strategies) benches.push(overInputs(`${s.name} (${form})`, s.make(validator), inputs));
}
const timed = benches.filter((b) => only === undefined || b.name.includes(only));
console.log(`timing ${timed.length} benchmarks: ${warmup} warm-up + ${rounds} rounds each ...`);
const cpu = new CpuClock(acceptedAt.length);
const timings = runBenchmarks(timed.map((b) => cpu.wrap(b)), acceptedAt.length, { rounds, warmup });
for (const t of timings) console.log(describeTiming(t));
if (only !== undefined) {
  console.log("--only: no results written");
} else {
  const wallMedian = (name: string) => timings.find((t) => t.name === name)?.nsPerRecord.median ?? NaN;
  const cpuMedian = (name: string) => cpu.spreadOf(name, warmup).median;
  const summarize = (clock: string, median: (name: string) => number) => FORMS.map(([form]) => {
    const floor = median(`vet only, no value (${form})`);
    const parts = strategies.map((s) => {
      const m = median(`${s.name} (${form})`);
      return `${s.name.split(":")[0]} ${m.toFixed(0)} ns (build ${(m - floor).toFixed(0)} ns over vet-only)`;
    });
    const best = [...strategies].sort((a, b) => median(`${a.name} (${form})`) - median(`${b.name} (${form})`))[0];
    return `${clock}, ${form}: vet only ${floor.toFixed(0)} ns; ${parts.join(", ")}; fastest ${best?.name}`;
  });
  const summary = [...summarize("wall clock", wallMedian), ...summarize("CPU time", cpuMedian)];
  for (const s of summary) console.log(s);
  const cpuLines = cpu.describe(timings, [`${reference.name} (string)`]);
  const { md } = writeResults("build-strategies", {
    title: "Building the typed value: strategies, per NDJSON user record",
    corpus: corpus.info,
    agreement,
    timings,
    ratioTo: [`${reference.name} (string)`, `${reference.name} (Uint8Array)`],
    notes: [
      ...strategies.map((s) => `${s.name}: ${s.description} (bench/strategies/).`),
      "vet only: the WASM run up to the verdict, no value built (for Uint8Array input not even the " +
        "TextDecoder copy every strategy needs for its strings): the floor the strategies share.",
      `Timed over the ${acceptedAt.length} accepted records only (ns per accepted record): a strategy only ` +
        "changes how an accepted document's value is built; a rejected one goes to the validator's own " +
        "error path in every strategy.",
      "All strategies run interleaved in one process, so helpers they share (bindings/build.ts's scalar and " +
        "text readers) see every strategy's feedback, as in an application with several models.",
      `Code: ${codeVersion()}; B is whatever bindings/build.ts does there.`,
      verified,
      ...known.map((k) => `Checked apart (strategies reading different sources may part here): ${k}`),
      `Medians per accepted record: ${summary.join(" | ")}.`,
      `The same rounds in process CPU time (user + system; not counting time spent waiting for a core), ` +
        `median ns/record (p10..p90): ${cpuLines.join("; ")}.`,
      `Load average (1 min) at start / end: ${loadStart} / ${loadavg()[0]?.toFixed(2)} ` +
        "(other work on the machine widens the spread; rounds are interleaved so the ratios stay fair)",
      `Run: node --expose-gc --import tsx bench/strategies/run.ts --records ${count} --rounds ${rounds} --warmup ${warmup}`,
    ],
  });
  console.log(`wrote ${md} (and .json)`);
}
