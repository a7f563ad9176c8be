/**
 * A small timing harness for per-record validation benchmarks, run in ONE process:
 *  - `runBenchmarks` runs each benchmark's round (one pass over all records) `warmup` times, then
 *    `rounds` times with the benchmarks interleaved (rotating order, so drift and GC pressure
 *    spread evenly), and reports per benchmark the median and spread (min, p10, p90, max) of
 *    ns/record over the measured rounds;
 *  - `checkAgreement` / `assertAgreement` run several validators over the records and list every
 *    record on which their accept/reject verdicts differ;
 *  - `writeResults` writes bench/results/<name>.json and .md, and refuses to write timings whose
 *    agreement check failed.
 * If node runs with --expose-gc, a full GC runs before every round (outside the timed region).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, platform, arch } from "node:os";
import { fileURLToPath } from "node:url";

/** Anything that accepts or rejects one JSON text (every peer, and checker's bindings). */
export interface Validator {
  name: string;
  validate(text: string): boolean;
}

/** One benchmark: `round()` processes every record once and returns how many it accepted. */
export interface Benchmark {
  name: string;
  round(): number;
}

export interface RoundOptions {
  /** Measured rounds (default 10). */
  rounds?: number;
  /** Unmeasured rounds run first, per benchmark (default 3). */
  warmup?: number;
  /** Called after each measured round, e.g. for progress output. */
  onRound?: (name: string, round: number, nsPerRecord: number) => void;
}

export interface Spread {
  median: number;
  min: number;
  p10: number;
  p90: number;
  max: number;
}

export interface Timing {
  name: string;
  records: number;
  warmup: number;
  rounds: number;
  /** ns per record over the measured rounds. */
  nsPerRecord: Spread;
  /** Records per second at the median. */
  recordsPerSecond: number;
  /** Records accepted in one round (identical in every round, or the harness throws). */
  accepted: number;
  /** ns/record of each measured round, in order. */
  samples: number[];
}

/** Turns a validator into a benchmark over `records`. */
export function overRecords(validator: Validator, records: readonly string[]): Benchmark {
  const validate = validator.validate.bind(validator);
  return {
    name: validator.name,
    round() {
      let accepted = 0;
      for (let i = 0; i < records.length; i++) if (validate(records[i] as string)) accepted++;
      return accepted;
    },
  };
}

/** Linear-interpolated percentile of ascending `sorted` (q in 0..1). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export function spread(samples: readonly number[]): Spread {
  const s = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(s, 0.5),
    min: s[0] ?? NaN,
    p10: percentile(s, 0.1),
    p90: percentile(s, 0.9),
    max: s[s.length - 1] ?? NaN,
  };
}

const gc = (globalThis as { gc?: () => void }).gc;

function timeRound(bench: Benchmark): { ns: number; accepted: number } {
  gc?.();
  const t0 = process.hrtime.bigint();
  const accepted = bench.round();
  const ns = Number(process.hrtime.bigint() - t0);
  return { ns, accepted };
}

/** Times `benches` (each round covering `recordCount` records), interleaved, in this process. */
export function runBenchmarks(
  benches: readonly Benchmark[],
  recordCount: number,
  options: RoundOptions = {},
): Timing[] {
  const rounds = options.rounds ?? 10;
  const warmup = options.warmup ?? 3;
  if (recordCount <= 0 || rounds <= 0) throw new RangeError("need records and rounds > 0");
  const accepted = new Map<string, number>();
  const samples = new Map<string, number[]>(benches.map((b) => [b.name, []]));
  const noteAccepted = (bench: Benchmark, n: number) => {
    const before = accepted.get(bench.name);
    if (before !== undefined && before !== n) {
      throw new Error(`${bench.name}: accepted ${n} records in one round, ${before} in another`);
    }
    accepted.set(bench.name, n);
  };
  for (const bench of benches) {
    for (let i = 0; i < warmup; i++) noteAccepted(bench, timeRound(bench).accepted);
  }
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < benches.length; k++) {
      const bench = benches[(r + k) % benches.length] as Benchmark;
      const { ns, accepted: n } = timeRound(bench);
      noteAccepted(bench, n);
      const perRecord = ns / recordCount;
      samples.get(bench.name)?.push(perRecord);
      options.onRound?.(bench.name, r, perRecord);
    }
  }
  return benches.map((bench) => {
    const own = samples.get(bench.name) ?? [];
    const s = spread(own);
    return {
      name: bench.name,
      records: recordCount,
      warmup,
      rounds,
      nsPerRecord: s,
      recordsPerSecond: 1e9 / s.median,
      accepted: accepted.get(bench.name) ?? 0,
      samples: own,
    };
  });
}

/** Times validators over all `records` (see runBenchmarks). */
export function timeValidators(
  validators: readonly Validator[],
  records: readonly string[],
  options: RoundOptions = {},
): Timing[] {
  return runBenchmarks(
    validators.map((v) => overRecords(v, records)),
    records.length,
    options,
  );
}

// --- agreement -------------------------------------------------------------------------------

export interface Disagreement {
  index: number;
  text: string;
  /** Validator name -> accepted? */
  verdicts: Record<string, boolean>;
}

export interface AgreementReport {
  validators: string[];
  records: number;
  /** Records every validator accepted / rejected. */
  accepted: number;
  rejected: number;
  agree: boolean;
  /** Number of records with differing verdicts; `disagreements` lists at most `maxListed`. */
  disagreementCount: number;
  disagreements: Disagreement[];
}

/** Runs every validator over every record and collects the records whose verdicts differ. */
export function checkAgreement(
  validators: readonly Validator[],
  records: readonly string[],
  maxListed = 20,
): AgreementReport {
  const report: AgreementReport = {
    validators: validators.map((v) => v.name),
    records: records.length,
    accepted: 0,
    rejected: 0,
    agree: true,
    disagreementCount: 0,
    disagreements: [],
  };
  records.forEach((text, index) => {
    const verdicts: Record<string, boolean> = {};
    for (const v of validators) verdicts[v.name] = v.validate(text);
    const values = Object.values(verdicts);
    if (values.every((x) => x === values[0])) {
      if (values[0] === false) report.rejected++;
      else report.accepted++;
      return;
    }
    report.agree = false;
    report.disagreementCount++;
    if (report.disagreements.length < maxListed) report.disagreements.push({ index, text, verdicts });
  });
  return report;
}

export function formatAgreement(report: AgreementReport): string {
  if (report.agree) {
    return (
      `agreement: ${report.validators.join(", ")} accept the same ${report.accepted} ` +
      `and reject the same ${report.rejected} of ${report.records} records`
    );
  }
  const lines = [
    `DISAGREEMENT on ${report.disagreementCount} of ${report.records} records ` +
      `(${report.validators.join(", ")}):`,
  ];
  for (const d of report.disagreements) {
    const accepts = Object.entries(d.verdicts)
      .map(([name, ok]) => `${name}=${ok ? "accept" : "reject"}`)
      .join(" ");
    lines.push(`  #${d.index}: ${accepts}`, `    ${d.text}`);
  }
  if (report.disagreementCount > report.disagreements.length) {
    lines.push(`  ... and ${report.disagreementCount - report.disagreements.length} more`);
  }
  return lines.join("\n");
}

export class AgreementError extends Error {
  constructor(readonly report: AgreementReport) {
    super(formatAgreement(report));
    this.name = "AgreementError";
  }
}

/** checkAgreement, throwing an AgreementError (listing the records) when verdicts differ. */
export function assertAgreement(
  validators: readonly Validator[],
  records: readonly string[],
  maxListed = 20,
): AgreementReport {
  const report = checkAgreement(validators, records, maxListed);
  if (!report.agree) throw new AgreementError(report);
  return report;
}

// --- results ---------------------------------------------------------------------------------

export interface CorpusInfo {
  records: number;
  seed: number;
  /** Average UTF-8 bytes per record. */
  bytesPerRecord: number;
  description?: string;
}

export interface BenchResults {
  title: string;
  corpus: CorpusInfo;
  /** The agreement check the timings depend on; writeResults refuses a failed one. */
  agreement: AgreementReport;
  timings: Timing[];
  /** Names of timings to add a "x <name>" ratio column for (median over median). */
  ratioTo?: string[];
  notes?: string[];
}

export interface Environment {
  date: string;
  node: string;
  v8: string;
  cpu: string;
  cores: number;
  platform: string;
}

export function environment(): Environment {
  const cpuList = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    cpu: cpuList[0]?.model.trim() ?? "unknown",
    cores: cpuList.length,
    platform: `${platform()}-${arch()}`,
  };
}

export const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function resultsMarkdown(data: BenchResults, env: Environment): string {
  const ratioTo = (data.ratioTo ?? []).filter((n) => data.timings.some((t) => t.name === n));
  const medianOf = (name: string) => data.timings.find((t) => t.name === name)?.nsPerRecord.median;
  const header = ["", "median ns/record", "p10..p90", "min..max", "records/s", "accepted"];
  const lines = [
    `# ${data.title}`,
    "",
    `- Date: ${env.date}`,
    `- Node: ${env.node} (V8 ${env.v8}), ${env.platform}`,
    `- CPU: ${env.cpu} (${env.cores} cores)`,
    `- Corpus: ${fmt(data.corpus.records)} records, seed ${data.corpus.seed}, ` +
      `${fmt(data.corpus.bytesPerRecord, 1)} bytes/record` +
      (data.corpus.description ? ` (${data.corpus.description})` : ""),
    `- ${formatAgreement(data.agreement)}`,
  ];
  const first = data.timings[0];
  if (first) {
    lines.push(
      `- Method: one process; ${first.warmup} warm-up rounds each, then ${first.rounds} ` +
        "measured rounds interleaved; a round = every record once; median and spread over rounds",
    );
  }
  for (const note of data.notes ?? []) lines.push(`- ${note}`);
  lines.push(
    "",
    `| ${[...header, ...ratioTo.map((n) => `x ${n}`)].join(" | ")} |`,
    `|${[...header, ...ratioTo].map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
  );
  for (const t of data.timings) {
    const s = t.nsPerRecord;
    const cells = [
      t.name,
      fmt(s.median),
      `${fmt(s.p10)}..${fmt(s.p90)}`,
      `${fmt(s.min)}..${fmt(s.max)}`,
      fmt(t.recordsPerSecond),
      fmt(t.accepted),
      ...ratioTo.map((n) => `${fmt(s.median / (medianOf(n) ?? NaN), 2)}`),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n") + "\n";
}

/**
 * Writes bench/results/<name>.json (everything, with per-round samples and the environment)
 * and bench/results/<name>.md (a table). Throws, writing nothing, if the agreement failed.
 * Returns the two paths.
 */
export function writeResults(name: string, data: BenchResults): { json: string; md: string } {
  if (!data.agreement.agree) {
    throw new AgreementError(data.agreement);
  }
  const env = environment();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${RESULTS_DIR}${name}.json`;
  const md = `${RESULTS_DIR}${name}.md`;
  writeFileSync(json, JSON.stringify({ environment: env, ...data }, null, 2) + "\n");
  writeFileSync(md, resultsMarkdown(data, env));
  return { json, md };
}
