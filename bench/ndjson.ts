// Run: npm run bench:ndjson   (= node --import tsx bench/ndjson.ts)
// Options: --records N (default 200,000), --rounds N (default 5), --seed N.
//
// The NDJSON ingestion job end to end, each tool a process of its own reading the same file of
// user records (bench/corpus.ts, one in ten breaking a rule): checker's CLI (`checker validate`,
// one thread and every core), against the pipeline a user writes with a peer (node:readline,
// JSON.parse and the peer's check per line: bench/ndjson-peer.ts). Every tool must count the
// same accepted and rejected records as the corpus labels before anything is timed. Wall time of
// the whole process (start-up included: each tool's start-up alone is measured too), interleaved
// rounds. checker's CLI does more than the peers: it keeps every rejected record's errors (codes,
// paths, messages) for its summary, and it reads, counts and prints as the README describes.
// Writes bench/results/ndjson.{json,md}.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { DEFAULT_SEED, writeCorpus } from "./corpus.js";
import { environment, spread, type Spread } from "./harness.js";
import { codeVersion, option } from "./unmarshal.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const records = option("records", 200_000);
const rounds = option("rounds", 5);
const seed = option("seed", DEFAULT_SEED);

interface Tool {
  readonly name: string;
  readonly args: (file: string) => string[];
  /** The tool's counts from what it printed. */
  readonly counts: (stdout: string) => { records: number; accepted: number; rejected: number };
}

const cliCounts = (stdout: string) => {
  const s = JSON.parse(stdout) as { records: number; accepted: number; rejected: number };
  return { records: s.records, accepted: s.accepted, rejected: s.rejected };
};
const cli = (workers: string) => (file: string) => [join(root, "dist/cli/main.js"), "validate", "--model", join(root, "data/user-model.js"), file, "--json", "--exit-zero", "--no-progress", "--workers", workers];

function tools(peerScript: string): Tool[] {
  const peer = (name: string): Tool => ({ name: `readline + ${name}`, args: (file) => [peerScript, name, file], counts: (out) => JSON.parse(out) });
  return [
    { name: "checker validate (1 thread)", args: cli("1"), counts: cliCounts },
    { name: `checker validate (--workers ${availableParallelism()})`, args: cli(String(availableParallelism())), counts: cliCounts },
    peer("JSON.parse + ajv"),
    peer("JSON.parse + valibot"),
    peer("JSON.parse + zod"),
  ];
}

function run(tool: Tool, file: string): { ms: number; counts: ReturnType<Tool["counts"]> } {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, tool.args(file), { encoding: "utf8", maxBuffer: 1 << 24 });
  return { ms: performance.now() - t0, counts: tool.counts(out) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "checker-bench-ndjson-"));
  try {
    const file = join(dir, "users.ndjson");
    const kinds = writeCorpus(file, records, seed);
    const valid = kinds.valid + kinds["valid-unicode"];
    const one = join(dir, "one.ndjson");
    writeFileSync(one, '{"id":1,"name":"Ada","email":"ada@example.com","age":36,"tags":[],"active":true}\n');
    const peerScript = join(dir, "ndjson-peer.mjs");
    // (import.meta.url defined away: corpus.ts, which peers.ts imports, runs as a script when it is the file run)
    await build({ entryPoints: [join(root, "bench/ndjson-peer.ts")], bundle: true, platform: "node", format: "esm", outfile: peerScript, logLevel: "error", define: { "import.meta.url": JSON.stringify("bundled:ndjson-peer") } });
    const list = tools(peerScript);
    // agreement: every tool counts the corpus labels
    for (const tool of list) {
      const { counts } = run(tool, file);
      if (counts.records !== records || counts.accepted !== valid) {
        throw new Error(`${tool.name} counts ${JSON.stringify(counts)}, the corpus has ${records} records, ${valid} valid`);
      }
    }
    const times = new Map<string, number[]>(list.map((t) => [t.name, []]));
    const startup = new Map<string, number[]>(list.map((t) => [t.name, []]));
    const load0 = loadavg()[0];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? list : [...list].reverse();
      for (const tool of order) {
        times.get(tool.name)!.push(run(tool, file).ms);
        startup.get(tool.name)!.push(run(tool, one).ms);
      }
    }
    const load1 = loadavg()[0];
    const size = statSync(file).size;
    const rows = list.map((t) => ({ name: t.name, wall: spread(times.get(t.name)!), startup: spread(startup.get(t.name)!) }));
    const fastestPeer = rows.filter((r) => r.name.startsWith("readline")).reduce((a, b) => (a.wall.median <= b.wall.median ? a : b));
    const env = environment();
    const recordsPerSecond = (s: Spread) => Math.round(records / (s.median / 1000));
    const lines = [
      "# NDJSON ingestion end to end: checker's CLI vs a readline + JSON.parse + peer pipeline",
      "",
      `- Date: ${new Date().toISOString()}`,
      `- Node: ${env.node}, ${env.platform}; CPU: ${env.cpu} (${availableParallelism()} cores)`,
      `- Input: ${records.toLocaleString("en-US")} user records (bench/corpus.ts, seed ${seed}), ${(size / 1e6).toFixed(1)} MB, ${valid.toLocaleString("en-US")} valid; every tool counts the same accepted and rejected records (checked before timing)`,
      `- Method: each tool a process of its own (wall time, start-up included), ${rounds} rounds interleaved (order reversed every other round); median and p10..p90 over rounds. Start-up: the same tool on a file of one record.`,
      "- checker: `checker validate --model data/user-model.js FILE --json` (one thread, and worker threads on every core); it keeps each rejected record's errors for its summary. Peers: bench/ndjson-peer.ts (node:readline, JSON.parse and the peer's check of bench/peers.ts per line, counting only).",
      `- Code: ${codeVersion()}. Load average (1 min) at start / end: ${load0.toFixed(2)} / ${load1.toFixed(2)}.`,
      `- Run: npm run bench:ndjson -- --records ${records} --rounds ${rounds} --seed ${seed}`,
      "",
      `| tool | median s | p10..p90 s | records/s | x ${fastestPeer.name} | start-up ms | records/s after start-up |`,
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.name} | ${(r.wall.median / 1000).toFixed(2)} | ${(r.wall.p10 / 1000).toFixed(2)}..${(r.wall.p90 / 1000).toFixed(2)} | ${recordsPerSecond(r.wall).toLocaleString("en-US")} | ${(r.wall.median / fastestPeer.wall.median).toFixed(2)} | ${r.startup.median.toFixed(0)} | ${Math.round(records / ((r.wall.median - r.startup.median) / 1000)).toLocaleString("en-US")} |`),
      "",
    ];
    const md = lines.join("\n");
    const out = join(root, "bench", "results");
    writeFileSync(join(out, "ndjson.md"), md);
    writeFileSync(join(out, "ndjson.json"), `${JSON.stringify({ generated: new Date().toISOString(), env, records, bytes: size, seed, rounds, loadavg: [load0, load1], code: codeVersion(), rows }, null, 2)}\n`);
    console.log(md);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
