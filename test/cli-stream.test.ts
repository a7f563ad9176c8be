// The CLI streams: a generated 50 MB NDJSON file (the bundled sample repeated) is validated with
// flat memory (the child's peak RSS, from getrusage via CHECKER_CLI_STATS, against a run on the
// 0.4 MB sample), from a file and through a pipe, with no progress bar when stderr is not a
// terminal, and with one when it is (a pseudo-terminal from `script`).

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCount } from "../bindings/cli/progress.js";
import { assertBuilt, CLI, ROOT, runCli, SAMPLE, SAMPLE_MODEL, statsOf, writeModelModule } from "./support/cli-run.js";

const REPEAT = 132; // 132 x 381,639 bytes = 50.4 MB
const MB = 1024 * 1024;
const sample = readFileSync(SAMPLE);
const sampleLines = sample.toString("utf8").split("\n").filter((l) => l !== "");

let dir: string;
let big: string;
let baseline: number;
let half: string;

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
  half = join(dir, "half.ndjson");
  for (let i = 0; i < REPEAT / 2; i++) appendFileSync(half, sample);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a 50 MB NDJSON file", () => {
  it("is streamed with flat memory, every record counted, rejects written, no bar when piped", async () => {
    const size = statSync(big).size;
    expect(size).toBeGreaterThanOrEqual(50e6);
    const rejects = join(dir, "rejects.ndjson");
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, big, "--rejects", rejects, "--json", "--workers", "1"], { env: { CHECKER_CLI_STATS: "1" } });
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

  it("with 2 worker threads: the same counts and files as one thread; memory does not grow with the input", async () => {
    const one = join(dir, "rejects-1.ndjson");
    const two = join(dir, "rejects-2.ndjson");
    const out1 = join(dir, "out-1.ndjson");
    const out2 = join(dir, "out-2.ndjson");
    const a = await runCli(["validate", "--model", SAMPLE_MODEL, big, "--rejects", one, "--out", out1, "--json", "--workers", "1"]);
    const b = await runCli(["validate", "--model", SAMPLE_MODEL, big, "--rejects", two, "--out", out2, "--json", "--workers", "2"]);
    const sa = JSON.parse(a.stdout);
    const sb = JSON.parse(b.stdout);
    expect({ ...sb, seconds: 0, recordsPerSecond: 0 }).toEqual({ ...sa, seconds: 0, recordsPerSecond: 0 });
    expect(readFileSync(two).equals(readFileSync(one))).toBe(true);
    expect(readFileSync(out2).equals(readFileSync(out1))).toBe(true);
    // worker threads cost memory of their own (an isolate and a WASM instance each): flat means the
    // 50 MB file needs no more than the 25 MB one
    const c = await runCli(["validate", "--model", SAMPLE_MODEL, half, "--json", "--workers", "2"], { env: { CHECKER_CLI_STATS: "1" } });
    const d = await runCli(["validate", "--model", SAMPLE_MODEL, big, "--json", "--workers", "2"], { env: { CHECKER_CLI_STATS: "1" } });
    const [peakHalf, peak] = [statsOf(c.stderr).peakRss, statsOf(d.stderr).peakRss];
    console.log(`50 MB, 2 workers: ${sb.seconds.toFixed(2)} s (1 thread: ${sa.seconds.toFixed(2)} s), peak RSS ${(peak / MB).toFixed(1)} MiB (25 MB: ${(peakHalf / MB).toFixed(1)} MiB)`);
    expect(peak - peakHalf).toBeLessThan(16 * MB);
    // four runs over 50 MB and one over 25 MB: 7 s in the whole suite on 2 cores with 2 busy loops,
    // 39 s with 4 and a second run of the file
  }, 240_000);

  it("is streamed through a pipe (stdin) with flat memory", () => {
    // a real pipe, as a shell makes it: cat file | checker validate ... -
    const viaPipe = (file: string) => {
      const cmd = `cat '${file}' | '${process.execPath}' '${CLI}' validate --model '${SAMPLE_MODEL}' - --json --workers 1`;
      const r = spawnSync("sh", ["-c", cmd], { cwd: ROOT, encoding: "utf8", env: { ...process.env, CHECKER_CLI_STATS: "1" }, maxBuffer: 64 * MB });
      return { summary: JSON.parse(r.stdout), peak: statsOf(r.stderr).peakRss };
    };
    const full = viaPipe(big);
    expect(full.summary).toMatchObject({ input: "stdin", mode: "ndjson", records: 2000 * REPEAT, accepted: 1805 * REPEAT });
    console.log(`50 MB through a pipe: peak RSS ${(full.peak / MB).toFixed(1)} MiB`);
    expect(full.peak - baseline).toBeLessThan(16 * MB);
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

it("the bar counts records in words: 0 records, 1 record, 12,345 records", () => {
  expect([0, 1, 2, 12345].map(recordCount)).toEqual(["0 records", "1 record", "2 records", "12,345 records"]);
});

describe("the progress bar is taken down however the run ends (cursor shown, line wrapping on again)", () => {
  const HIDE_CURSOR = "\x1b[?25l";
  const SHOW_CURSOR = "\x1b[?25h";
  const WRAP_OFF = "\x1b[?7l";
  const WRAP_ON = "\x1b[?7h";
  /** The terminal's output of a shell command run in a pseudo-terminal. */
  const inTerminal = (cmd: string) => execFileSync("script", ["-qfec", cmd, "/dev/null"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, COLUMNS: "120" } });
  const cli = () => [process.execPath, CLI, "validate", "--model", SAMPLE_MODEL, big, "--workers", "1"].map((a) => `'${a}'`).join(" ");
  const restored = (out: string) => {
    expect(out).toContain(HIDE_CURSOR);
    expect(out.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(out.lastIndexOf(HIDE_CURSOR));
    expect(out.lastIndexOf(WRAP_ON)).toBeGreaterThan(out.lastIndexOf(WRAP_OFF));
  };

  it.skipIf(!hasScript())("stdout closed by its reader (| head): the bar is cleared, then the one-line error on a line of its own", () => {
    const out = inTerminal(`${cli()} --out - | head -c 10 > /dev/null`);
    restored(out);
    // the line the terminal shows last: the error alone (the bar's line was cleared before it)
    const shown = out.split(/\r?\n/).filter((l) => l.trim() !== "").pop()!;
    expect(shown.split("\x1b[2K").pop()!.trimEnd()).toBe("checker: cannot write stdout: the reader closed the pipe (EPIPE)");
  });

  it.skipIf(!hasScript())("Ctrl-C (SIGINT): the bar is cleared and the process ends as interrupted (130)", async () => {
    // the signal goes out when the bar is on screen, not after a fixed time: a fast machine reads
    // the whole 50 MB before a timer fires (the shell prints the CLI's pid first; a background job
    // still takes SIGINT, as Node resets signal dispositions when it starts)
    const child = spawn("script", ["-qfec", `${cli()} & echo "pid=$!"; wait $!; echo "exit=$?"`, "/dev/null"], { cwd: ROOT, env: { ...process.env, COLUMNS: "120" } });
    let out = "";
    let signalled = false;
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      out += text;
      const pid = /pid=(\d+)/.exec(out);
      if (!signalled && pid && /\d+% \|/.test(out.slice(pid.index))) {
        signalled = true;
        process.kill(Number(pid[1]), "SIGINT");
      }
    });
    await new Promise((done) => child.on("close", done));
    expect(signalled).toBe(true); // the bar was there when the signal came
    restored(out);
    expect(out).not.toContain("records   264,000"); // no summary: the run was cut short
    expect(out.trimEnd().endsWith("exit=130")).toBe(true);
  });
});

describe("a 24 MB JSON document", () => {
  it("from a file, --out costs no second copy of the document in memory (the file is read again to write it)", async () => {
    const mod = writeModelModule(dir, "list.js", `export default model("List", { items: t.slice(t.string()) });`);
    const path = join(dir, "list.json");
    const items = Array.from({ length: 400_000 }, (_, i) => `item ${i} ${"x".repeat(42)}`);
    writeFileSync(path, JSON.stringify({ items }, null, 2));
    expect(statSync(path).size).toBeGreaterThan(24e6);
    const out = join(dir, "list-out.ndjson");
    const run = (...args: string[]) => runCli(["validate", "--model", mod, path, "--json", ...args], { env: { CHECKER_CLI_STATS: "1" } });
    const plain = await run();
    const withOut = await run("--out", out);
    expect(plain.code).toBe(0);
    expect(withOut.code).toBe(0);
    expect(JSON.parse(withOut.stdout)).toMatchObject({ mode: "document", records: 1, accepted: 1 });
    expect(readFileSync(out, "utf8")).toBe(JSON.stringify({ items }) + "\n");
    const [a, b] = [statsOf(plain.stderr).peakRss, statsOf(withOut.stderr).peakRss];
    console.log(`24 MB document: peak RSS ${(a / MB).toFixed(1)} MiB, with --out ${(b / MB).toFixed(1)} MiB`);
    expect(b - a).toBeLessThan(12 * MB);
  });
});
