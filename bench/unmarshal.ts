// Run: npm run bench:unmarshal   (= node --expose-gc --import tsx bench/unmarshal.ts)
// Options: --records N (default 100000), --rounds N (default 20), --warmup N (default 3),
//          --seed N (default the corpus's DEFAULT_SEED), --only TEXT (time only the benchmarks
//          whose name contains TEXT, e.g. for `node --cpu-prof`; writes no results).
//
// checker's unmarshal vs JSON.parse alone and JSON.parse + ajv / zod / valibot on the
// deterministic user corpus (bench/corpus.ts), with the model of bench/user-model.ts:
//  1. agreement: checker's safeUnmarshal (string and bytes input), the peers and the corpus labels
//     must accept and reject exactly the same records, or nothing is timed;
//  2. records beyond the corpus where the rule sets are known to part (printed and written as
//     notes, never a reason to stop: see EDGE_RECORDS);
//  3. ns/record, interleaved rounds in one process: checker with each record as a JS string and as
//     a Uint8Array (pre-encoded: views into one UTF-8 NDJSON buffer, as a pipeline reading a file
//     has them), vs the peers on the strings; plus TextDecoder + JSON.parse, what the peers would
//     pay on top for those bytes.
// Writes bench/results/unmarshal.{json,md}.
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { safeUnmarshal } from "./checker.js";
import { DEFAULT_SEED, countKinds, generateLabeledUsers, type LabeledRecord } from "./corpus.js";
import {
  assertAgreement,
  formatAgreement,
  overRecords,
  runBenchmarks,
  spread,
  writeResults,
  type Benchmark,
  type CorpusInfo,
  type Spread,
  type Timing,
  type Validator,
} from "./harness.js";
import { peers } from "./peers.js";
import { User } from "./user-model.js";

/** The peers measured here: the JSON.parse baseline and the validating peers the issue names. */
export const PEER_NAMES = ["JSON.parse", "JSON.parse + ajv", "JSON.parse + zod", "JSON.parse + valibot"];
const benchPeers = peers.filter((p) => PEER_NAMES.includes(p.name));
const validatingBenchPeers = benchPeers.filter((p) => p.validates);

export const CHECKER_STRING = "checker safeUnmarshal (string)";
export const CHECKER_BYTES = "checker safeUnmarshal (Uint8Array)";

export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}

export function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`);
  return value;
}

export interface BenchCorpus {
  labeled: LabeledRecord[];
  texts: string[];
  /** Record i as UTF-8: a view into one NDJSON buffer holding every record, a newline after each. */
  bytes: Uint8Array[];
  /** The record's bytes by its text (every record's text is unique: ids are). */
  bytesOf: Map<string, Uint8Array>;
  valid: number;
  info: CorpusInfo;
}

export function benchCorpus(count: number, seed: number): BenchCorpus {
  const labeled = generateLabeledUsers(count, seed);
  const texts = labeled.map((r) => r.text);
  const ndjson = new TextEncoder().encode(texts.join("\n") + "\n");
  const bytes: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    const end = ndjson.indexOf(0x0a, at);
    bytes.push(ndjson.subarray(at, end));
    at = end + 1;
  }
  const bytesOf = new Map(texts.map((t, i) => [t, bytes[i] as Uint8Array]));
  if (bytesOf.size !== texts.length) throw new Error("corpus: two records with the same text");
  const kinds = countKinds(labeled);
  const valid = kinds.valid + kinds["valid-unicode"];
  return {
    labeled,
    texts,
    bytes,
    bytesOf,
    valid,
    info: {
      records: count,
      seed,
      bytesPerRecord: (ndjson.length - count) / count,
      description: `${valid} valid, ${count - valid} invalid; bench/corpus.ts`,
    },
  };
}

/** The corpus labels as one more validator in the agreement check. */
export function labelValidator(corpus: BenchCorpus): Validator {
  const expected = new Map(corpus.labeled.map((r) => [r.text, r.valid]));
  return { name: "corpus labels", validate: (text) => expected.get(text) ?? false };
}

/** checker as a harness validator, fed the text or (when `bytesOf` is given) its bytes. */
export function checkerValidator(name: string, bytesOf?: Map<string, Uint8Array>): Validator {
  const encoder = new TextEncoder();
  return {
    name,
    validate: bytesOf
      ? (text) => safeUnmarshal(User, bytesOf.get(text) ?? encoder.encode(text)).ok
      : (text) => safeUnmarshal(User, text).ok,
  };
}

// --- beyond the corpus -------------------------------------------------------------------------

const BASE = { id: 7, name: "Ada Lovelace", email: "ada@example.com", age: 36, tags: ["math", "poetry", "engines"], active: true };
const base = JSON.stringify(BASE);
const withField = (over: Record<string, unknown>) => JSON.stringify({ ...BASE, ...over });

/**
 * Records the corpus leaves out because the rule sets part on them (each with why). Each is run
 * through checker and every validating peer and the verdicts are reported; a difference here is
 * a documented semantic choice, not a failure of the bench.
 */
export const EDGE_RECORDS: readonly { text: string; why: string }[] = [
  { text: withField({ email: "" }), why: "format checks pass the empty string (DESIGN.md, Strings); the peers' email pattern needs 1+ characters" },
  { text: base.replace('"id":7', '"id":7.0'), why: "an int field rejects a number written with a fraction or exponent (Go's Unmarshal: UnmarshalTypeError); JSON.parse makes it 7" },
  { text: base.replace('"id":7', '"id":7e0'), why: "as above, exponent form" },
  { text: base.replace('"id":7', '"id":9007199254740993'), why: "int is bounded to JS safe integers (type error); JSON.parse rounds to 2^53 and ajv/valibot accept it, zod's z.int() requires a safe integer" },
  { text: base.replace('"id":7', '"id":0').replace(/}$/, ',"id":5}'), why: "duplicate key: the last occurrence wins in checker (as in Go: the errors of id 0 are taken back) and in JSON.parse (5), so all accept" },
  { text: withField({ tags: ["a", null] }), why: "null in a []string is accepted as the zero value \"\" (DESIGN.md, Missing and null; Go does the same); the peers want strings" },
  { text: withField({ age: null }), why: "null on a required field: rejected by all" },
  { text: withField({ tags: null }), why: "null slice on a required field: rejected by all" },
  { text: withField({ tags: ["a-b", "x"] }).replace('"x"', '"a\\u002db"'), why: "duplicate after unescaping: rejected by all (unique compares decoded values)" },
  { text: withField({ name: "\ud800x" }), why: "a lone surrogate counts as one code point: accepted by all" },
  { text: withField({ extra: { x: 1 } }), why: "unknown key: ignored by all" },
  { text: base.replace('"age":36', '"age":-0'), why: "-0 is an integer in range: accepted by all" },
];

export interface EdgeVerdict {
  text: string;
  why: string;
  checker: boolean;
  peers: Record<string, boolean>;
  /** checker and every peer agree. */
  agree: boolean;
}

export function edgeVerdicts(): EdgeVerdict[] {
  return EDGE_RECORDS.map(({ text, why }) => {
    const checker = safeUnmarshal(User, text).ok;
    if (safeUnmarshal(User, new TextEncoder().encode(text)).ok !== checker) throw new Error(`checker: string and bytes differ on ${text}`);
    const verdicts = Object.fromEntries(validatingBenchPeers.map((p) => [p.name, p.validate(text)]));
    return { text, why, checker, peers: verdicts, agree: Object.values(verdicts).every((v) => v === checker) };
  });
}

export function formatEdge(e: EdgeVerdict): string {
  const peersSay = Object.entries(e.peers).map(([n, ok]) => `${n.replace("JSON.parse + ", "")} ${ok ? "accept" : "reject"}`).join(", ");
  return `${e.agree ? "same" : "DIFFERENT"}: checker ${e.checker ? "accepts" : "rejects"}, ${peersSay}: ${e.text} -- ${e.why}`;
}

// --- timing ------------------------------------------------------------------------------------

function checkerBenchmark(name: string, inputs: readonly (string | Uint8Array)[]): Benchmark {
  return {
    name,
    round() {
      let accepted = 0;
      for (let i = 0; i < inputs.length; i++) if (safeUnmarshal(User, inputs[i] as string | Uint8Array).ok) accepted++;
      return accepted;
    },
  };
}

/** What a peer would pay first on the bytes: TextDecoder, then JSON.parse. */
function decodeParseBenchmark(bytes: readonly Uint8Array[]): Benchmark {
  const decoder = new TextDecoder();
  return {
    name: "TextDecoder + JSON.parse (Uint8Array)",
    round() {
      let n = 0;
      for (let i = 0; i < bytes.length; i++) if (JSON.parse(decoder.decode(bytes[i])) !== null) n++;
      return n;
    },
  };
}

/**
 * Also measures each benchmark's rounds in process CPU time (user + system, all threads of this
 * process), beside the harness's wall clock: on a machine shared with other work, wall time
 * counts the time this process waits for a core, CPU time does not.
 */
export class CpuClock {
  private readonly samples = new Map<string, number[]>();
  constructor(private readonly records: number) {}

  wrap(bench: Benchmark): Benchmark {
    const own: number[] = [];
    this.samples.set(bench.name, own);
    return {
      name: bench.name,
      round: () => {
        const c0 = process.cpuUsage();
        const accepted = bench.round();
        const c = process.cpuUsage(c0);
        own.push(((c.user + c.system) * 1000) / this.records);
        return accepted;
      },
    };
  }

  /** Spread of ns/record in CPU time over the measured rounds (the first `warmup` are dropped). */
  spreadOf(name: string, warmup: number): Spread {
    return spread((this.samples.get(name) ?? []).slice(warmup));
  }

  /** One line per timing: CPU-time median and p10..p90, and the ratio of medians to `ratioTo`. */
  describe(timings: readonly Timing[], ratioTo: readonly string[]): string[] {
    const med = (name: string) => this.spreadOf(name, timings[0]?.warmup ?? 0).median;
    return timings.map((t) => {
      const s = this.spreadOf(t.name, t.warmup);
      const ratios = ratioTo.map((r) => `${(s.median / med(r)).toFixed(2)} x ${r}`).join(", ");
      return `${t.name}: ${s.median.toFixed(0)} (p10..p90 ${s.p10.toFixed(0)}..${s.p90.toFixed(0)})${ratios ? `, ${ratios}` : ""}`;
    });
  }
}

export function describeTiming(t: Timing): string {
  const s = t.nsPerRecord;
  return (
    `  ${t.name.padEnd(38)} median ${s.median.toFixed(0).padStart(6)} ns/record  ` +
    `(p10..p90 ${s.p10.toFixed(0)}..${s.p90.toFixed(0)}, min..max ${s.min.toFixed(0)}..${s.max.toFixed(0)})`
  );
}

/**
 * checker (string) and one peer timed on the accepted and on the rejected records apart: a
 * rejected record costs checker its error objects (messages, paths, an Error with a stack).
 */
function splitTimings(corpus: BenchCorpus, peerName: string, rounds: number, warmup: number): string[] {
  const peer = benchPeers.find((p) => p.name === peerName);
  if (!peer) throw new Error(`no peer ${peerName}`);
  return [true, false].map((valid) => {
    const texts = corpus.labeled.filter((r) => r.valid === valid).map((r) => r.text);
    const timings = runBenchmarks([checkerBenchmark(CHECKER_STRING, texts), overRecords(peer, texts)], texts.length, { rounds, warmup });
    const cells = timings.map((t) => `${t.name} ${t.nsPerRecord.median.toFixed(0)} (p10..p90 ${t.nsPerRecord.p10.toFixed(0)}..${t.nsPerRecord.p90.toFixed(0)})`);
    return `${valid ? "accepted" : "rejected"} records (${texts.length}): ${cells.join(", ")}`;
  });
}

/** The code measured: the commit, and whether bindings/ or assembly/ differ from it (or "unknown"). */
export function codeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: new URL("..", import.meta.url), encoding: "utf8" }).trim();
    const dirty = git("status", "--porcelain", "--", "bindings", "assembly");
    return `commit ${git("rev-parse", "--short", "HEAD")}${dirty ? ", with uncommitted changes in bindings/ or assembly/" : ""}`;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/** The command-line options both bench scripts take. */
export function benchOptions(): { count: number; rounds: number; warmup: number; seed: number; only: string | undefined } {
  return {
    count: option("records", 100_000),
    rounds: option("rounds", 20),
    warmup: option("warmup", 3),
    seed: option("seed", DEFAULT_SEED),
    only: textOption("only"),
  };
}

function main(): void {
  const { count, rounds, warmup, seed, only } = benchOptions();

  const loadStart = loadavg()[0]?.toFixed(2);
  const corpus = benchCorpus(count, seed);
  console.log(
    `corpus: ${count} records, seed ${seed}, ${corpus.info.bytesPerRecord.toFixed(1)} bytes/record, ` +
      `${corpus.valid} valid, ${count - corpus.valid} invalid`,
  );

  // 1. agreement: throws (and so times nothing) if any two verdicts differ on any record
  const agreement = assertAgreement(
    [
      labelValidator(corpus),
      checkerValidator(CHECKER_STRING),
      checkerValidator(CHECKER_BYTES, corpus.bytesOf),
      ...validatingBenchPeers,
    ],
    corpus.texts,
  );
  console.log(formatAgreement(agreement));
  const baseline = benchPeers.find((p) => !p.validates);
  if (baseline && corpus.texts.some((r) => !baseline.validate(r))) {
    throw new Error(`${baseline.name} rejected a record: the corpus must be well-formed JSON`);
  }

  // 2. beyond the corpus
  const edges = edgeVerdicts();
  console.log(`beyond the corpus (${edges.filter((e) => !e.agree).length} of ${edges.length} differ, by design):`);
  for (const e of edges) console.log(`  ${formatEdge(e)}`);

  // 3. timing
  const benches: Benchmark[] = [
    ...benchPeers.map((p) => overRecords(p, corpus.texts)),
    checkerBenchmark(CHECKER_STRING, corpus.texts),
    checkerBenchmark(CHECKER_BYTES, corpus.bytes),
    decodeParseBenchmark(corpus.bytes),
  ].filter((b) => only === undefined || b.name.includes(only));
  console.log(`timing ${benches.length} benchmarks: ${warmup} warm-up + ${rounds} rounds each ...`);
  const cpu = new CpuClock(count);
  const timings = runBenchmarks(benches.map((b) => cpu.wrap(b)), count, { rounds, warmup });
  for (const t of timings) console.log(describeTiming(t));
  if (only !== undefined) {
    console.log("--only: no results written");
    return;
  }

  const median = (name: string) => timings.find((t) => t.name === name)?.nsPerRecord.median ?? NaN;
  const fastestPeer = timings
    .filter((t) => validatingBenchPeers.some((p) => p.name === t.name))
    .sort((a, b) => a.nsPerRecord.median - b.nsPerRecord.median)[0];
  if (!fastestPeer) throw new Error("no validating peer timed");
  const ratios = [CHECKER_STRING, CHECKER_BYTES].map(
    (name) =>
      `${name}: ${(median(name) / median("JSON.parse")).toFixed(2)} x JSON.parse, ` +
      `${(median(name) / fastestPeer.nsPerRecord.median).toFixed(2)} x ${fastestPeer.name} (the fastest peer)`,
  );
  for (const r of ratios) console.log(r);
  const cpuLines = cpu.describe(timings, ["JSON.parse", fastestPeer.name]);
  console.log("CPU time, ns/record:");
  for (const line of cpuLines) console.log(`  ${line}`);

  // where checker's time goes by verdict: accepted and rejected records timed apart
  const split = splitTimings(corpus, fastestPeer.name, Math.max(3, Math.ceil(rounds / 2)), warmup);
  for (const line of split) console.log(line);

  const { md } = writeResults("unmarshal", {
    title: "checker unmarshal vs JSON.parse + peers, per NDJSON user record",
    corpus: corpus.info,
    agreement,
    timings,
    ratioTo: ["JSON.parse", fastestPeer.name],
    notes: [
      "checker: `safeUnmarshal(User, record)` with the model in bench/user-model.ts (the simple API: " +
        "cached validator; one WASM call tokenizes, validates and writes a tape; the value is built in JS). " +
        "(string): the record as a JS string (UTF-8 encoded into WASM memory by the call); " +
        "(Uint8Array): views into one UTF-8 NDJSON buffer, as a pipeline reading a file has them " +
        "(the value's strings are then sliced from a TextDecoder copy of the record).",
      "Peers parse the JS string with JSON.parse, then validate (zod and valibot: safeParse; ajv: compiled " +
        "check); rules in bench/peers.ts. `TextDecoder + JSON.parse (Uint8Array)` is what a peer pays " +
        "before validating when its input is bytes too.",
      `Ratios (wall clock, medians): ${ratios.join("; ")}.`,
      `The same rounds in process CPU time (user + system; not counting time spent waiting for a core), ` +
        `median ns/record (p10..p90) and ratios: ${cpuLines.join("; ")}.`,
      `By verdict (separate interleaved run over each subset, median ns/record): ${split.join("; ")}.`,
      ...edges.map((e) => `Beyond the corpus, ${formatEdge(e)}`),
      `Code: ${codeVersion()} (build/checker.wasm as built from it).`,
      `Load average (1 min) at start / end: ${loadStart} / ${loadavg()[0]?.toFixed(2)} ` +
        "(other work on the machine widens the spread; rounds are interleaved so the ratios stay fair)",
      `Run: npm run bench:unmarshal -- --records ${count} --rounds ${rounds} --warmup ${warmup}`,
    ],
  });
  console.log(`wrote ${md} (and .json)`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
