// The CLI streams: a generated 50 MB NDJSON file (the bundled sample repeated) is validated with
// flat memory (the child's peak RSS, from getrusage via CHECKER_CLI_STATS, against a run on the
// 0.4 MB sample), from a file and through a pipe, with no progress bar when stderr is not a
// terminal, and with one when it is (a pseudo-terminal from `script`).

import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, CLI, ROOT, runCli, SAMPLE, SAMPLE_MODEL, statsOf } from "./support/cli-run.js";

const REPEAT = 132; // 132 x 381,639 bytes = 50.4 MB
const MB = 1024 * 1024;
const sample = readFileSync(SAMPLE);
const sampleLines = sample.toString("utf8").split("\n").filter((l) => l !== "");

let dir: string;
let big: string;
let baseline: number;

function hasScript(): boolean {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-stream-"));
  big = join(dir, "big.ndjson");
  for (let i = 0; i < REPEAT; i++) appendFileSync(big, sample);
  const small = await runCli(["validate", "--model", SAMPLE_MODEL, SAMPLE], { env: { CHECKER_CLI_STATS: "1" } });
  baseline = statsOf(small.stderr).peakRss;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a 50 MB NDJSON file", () => {
  it("is streamed with flat memory, every record counted, rejects written, no bar when piped", async () => {
    const size = statSync(big).size;
    expect(size).toBeGreaterThanOrEqual(50e6);
    const rejects = join(dir, "rejects.ndjson");
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, big, "--rejects", rejects, "--json"], { env: { CHECKER_CLI_STATS: "1" } });
    expect(r.code).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ records: 2000 * REPEAT, accepted: 1805 * REPEAT, rejected: 195 * REPEAT, bytes: size });
    expect(s.errorsByCode.MIN_LENGTH).toBe(28 * REPEAT);
    // stderr holds the stats line only: no progress bar, no carriage returns
    expect(r.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("checker-stats "))).toEqual([]);
    expect(r.stderr).not.toContain("\r");
    const peak = statsOf(r.stderr).peakRss;
    console.log(`50 MB file: peak RSS ${(peak / MB).toFixed(1)} MiB (0.4 MB sample: ${(baseline / MB).toFixed(1)} MiB), ${s.seconds.toFixed(2)} s, ${Math.round(s.recordsPerSecond).toLocaleString("en-US")} records/s`);
    expect(peak - baseline).toBeLessThan(16 * MB); // the file is 50 MB
    // the rejects file: line numbers run through the whole file
    const lines = readFileSync(rejects, "utf8").split("\n").filter((l) => l !== "");
    expect(lines.length).toBe(195 * REPEAT);
    const last = JSON.parse(lines[lines.length - 1]);
    const lastInSample = JSON.parse(lines[194]);
    expect(last.line).toBe(lastInSample.line + 2000 * (REPEAT - 1));
    expect(last.record).toEqual(JSON.parse(sampleLines[lastInSample.line - 1]));
  });

  it("is streamed through a pipe (stdin) with flat memory", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json"], { stdin: readFileSync(big), env: { CHECKER_CLI_STATS: "1" } });
    expect(JSON.parse(r.stdout)).toMatchObject({ input: "stdin", mode: "ndjson", records: 2000 * REPEAT, accepted: 1805 * REPEAT });
    const peak = statsOf(r.stderr).peakRss;
    console.log(`50 MB through a pipe: peak RSS ${(peak / MB).toFixed(1)} MiB`);
    expect(peak - baseline).toBeLessThan(16 * MB);
  });

  it.skipIf(!hasScript())("shows a progress bar on a terminal (stderr a pseudo-terminal), then the summary", () => {
    const cmd = [process.execPath, CLI, "validate", "--model", SAMPLE_MODEL, big, "--exit-zero"].map((a) => `'${a}'`).join(" ");
    const out = execFileSync("script", ["-qfec", cmd, "/dev/null"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, COLUMNS: "120" } });
    expect(out).toMatch(/\d+% \| [\d.]+\/50\.4 MB \| [\d,]+ records \| eta/);
    expect(out).toContain("records   264,000");
    // and none for an input under 4 MB
    const small = execFileSync("script", ["-qfec", `'${process.execPath}' '${CLI}' validate --model '${SAMPLE_MODEL}' '${SAMPLE}' --exit-zero`, "/dev/null"], { cwd: ROOT, encoding: "utf8" });
    expect(small).not.toMatch(/% \|/);
    expect(small).toContain("records   2,000");
  });
});
