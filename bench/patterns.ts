// Run: npm run build:wasm && node --import tsx bench/patterns.ts [--budget SECONDS] [--quick]
//
// Times checker's pattern engine (patternMatch in build/checker.wasm, on bytes already in WASM
// memory) against JavaScript's RegExp on the same inputs of 1 KB, 10 KB, 100 KB and 1 MB:
// three patterns that make backtracking engines blow up and three everyday ones. A RegExp run
// happens in a worker thread that is stopped after the time budget (reported as "> N s").
// Writes bench/results/patterns.json and bench/results/patterns.md.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { compilePattern } from "../bindings/pattern/index.js";

const argv = process.argv.slice(2);
const budgetIdx = argv.indexOf("--budget");
const BUDGET_S = budgetIdx >= 0 ? Number(argv[budgetIdx + 1]) : 2;
const QUICK = argv.includes("--quick");
const SIZES = [1_000, 10_000, 100_000, 1_000_000];
const MIN_SAMPLE_MS = QUICK ? 50 : 400; // time each measurement over at least this long

// Best time per call over batches of >= 5 ms (the minimum resists other load on the machine).
// The same code runs in the RegExp worker (it is passed there as text).
const MEASURE = `function measure(fn, minMs) {
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    if (performance.now() - t0 >= 5 || reps >= 1 << 20) break;
    reps *= 2;
  }
  let best = Infinity;
  const start = performance.now();
  for (let batches = 0; batches < 5 || performance.now() - start < minMs; batches++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    best = Math.min(best, (performance.now() - t0) / reps);
  }
  return best;
}`;
const measure = new Function(`${MEASURE}; return measure;`)() as (fn: () => void, minMs: number) => number;

interface Case {
  name: string;
  pattern: string; // RE2 syntax, also valid JavaScript RegExp syntax with the same meaning here
  kind: "pathological" | "everyday";
  input: (n: number) => string; // exactly n bytes of ASCII
  note: string;
}

const fill = (unit: string, n: number): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

const CASES: Case[] = [
  {
    name: "nested plus",
    pattern: "(a+)+$",
    kind: "pathological",
    input: (n) => "a".repeat(n - 1) + "!",
    note: "a…a! (no match)",
  },
  {
    name: "overlapping alternation",
    pattern: "(a|aa)+$",
    kind: "pathological",
    input: (n) => "a".repeat(n - 1) + "!",
    note: "a…a! (no match)",
  },
  {
    name: "repeated dot-star",
    pattern: "(.*a){20}",
    kind: "pathological",
    input: (n) => "a".repeat(19) + "b".repeat(n - 19),
    note: "19 a then b…b (no match)",
  },
  {
    name: "email-like",
    pattern: "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$",
    kind: "everyday",
    input: (n) => fill("john.doe_42+", n - 12) + "@example.com",
    note: "long local part, matches",
  },
  {
    name: "ISO date (search)",
    pattern: "\\d{4}-\\d{2}-\\d{2}",
    kind: "everyday",
    input: (n) => fill("log 12 34 567 2024-1 x ", n - 10) + "2024-01-31",
    note: "log text, date at the end",
  },
  {
    name: "slug",
    pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$",
    kind: "everyday",
    input: (n) => fill("abc-de1-fgh2-", n - 1) + "z",
    note: "one long slug, matches",
  },
];

// ---- checker (WASM) ----------------------------------------------------------------------

const wasmBytes = readFileSync(new URL("../build/checker.wasm", import.meta.url));
const { instance } = await WebAssembly.instantiate(wasmBytes, {});
const ex = instance.exports as Record<string, unknown>;
if (typeof ex._initialize === "function") (ex._initialize as () => void)();
const memory = ex.memory as WebAssembly.Memory;
const patternMatch = ex.patternMatch as (prog: number, input: number, len: number, scratch: number) => number;
const heapBase = (ex.heapBase as () => number)();

function timeChecker(c: Case, n: number): { ms: number; matched: boolean } {
  const p = compilePattern(c.pattern);
  const input = new TextEncoder().encode(c.input(n));
  const prog = (heapBase + 15) & ~15;
  const at = (prog + p.program.byteLength + 15) & ~15;
  const scratch = (at + input.length + 15) & ~15;
  const need = scratch + p.scratchBytes - memory.buffer.byteLength;
  if (need > 0) memory.grow(Math.ceil(need / 65536));
  new Uint32Array(memory.buffer, prog, p.program.length).set(p.program);
  new Uint8Array(memory.buffer, at, input.length).set(input);
  const matched = patternMatch(prog, at, input.length, scratch) !== 0;
  return { ms: measure(() => patternMatch(prog, at, input.length, scratch), MIN_SAMPLE_MS), matched };
}

// ---- JavaScript RegExp, in a worker with a time budget ------------------------------------

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
${MEASURE}
const { pattern, input, minMs } = workerData;
const re = new RegExp(pattern);
const matched = re.test(input);
parentPort.postMessage({ ms: measure(() => re.test(input), minMs), matched });
`;

function timeRegExp(c: Case, n: number): Promise<{ ms: number; matched: boolean } | undefined> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { pattern: c.pattern, input: c.input(n), minMs: MIN_SAMPLE_MS } });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve(undefined);
    }, BUDGET_S * 1000);
    w.once("message", (m: { ms: number; matched: boolean }) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(m);
    });
    w.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

// ---- run ------------------------------------------------------------------------------------

interface Row {
  size: number;
  checkerMs: number;
  regexpMs: number | null; // null: over budget
  checkerGrowth: number | null; // time(size) / time(size / 10)
  regexpGrowth: number | null;
  perByteRatio: number | null; // checker / RegExp
}

const results: Array<Case & { programWords: number; scratchBytes: number; rows: Row[] }> = [];
for (const c of CASES) {
  const p = compilePattern(c.pattern);
  const rows: Row[] = [];
  let regexpOver = false;
  for (const n of SIZES) {
    const ck = timeChecker(c, n);
    const js = regexpOver ? undefined : await timeRegExp(c, n);
    if (js === undefined) regexpOver = true; // bigger inputs only take longer
    else if (js.matched !== ck.matched) throw new Error(`${c.name} @${n}: RegExp ${js.matched}, checker ${ck.matched}`);
    const prev = rows[rows.length - 1];
    rows.push({
      size: n,
      checkerMs: ck.ms,
      regexpMs: js?.ms ?? null,
      checkerGrowth: prev ? ck.ms / prev.checkerMs : null,
      regexpGrowth: prev && prev.regexpMs !== null && js ? js.ms / prev.regexpMs : null,
      perByteRatio: js ? ck.ms / js.ms : null,
    });
    console.log(
      `${c.name.padEnd(24)} ${String(n).padStart(8)} B  checker ${ck.ms.toFixed(4).padStart(10)} ms  RegExp ${
        js ? js.ms.toFixed(4).padStart(10) + " ms" : `> ${BUDGET_S} s`.padStart(13)
      }`,
    );
  }
  results.push({ ...c, programWords: p.program.length, scratchBytes: p.scratchBytes, rows });
}

// ---- report ----------------------------------------------------------------------------------

const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, Node ${process.version}`;
const date = new Date().toISOString();
const fmtMs = (ms: number | null): string => (ms === null ? `> ${BUDGET_S} s` : ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const fmtX = (x: number | null): string => (x === null ? "–" : `${x.toFixed(1)}x`);
const size = (n: number): string => (n >= 1e6 ? `${n / 1e6} MB` : `${n / 1e3} KB`);

const worstGrowth = Math.max(...results.flatMap((r) => r.rows.map((row) => row.checkerGrowth ?? 0)));
const everydayRatios = results.filter((r) => r.kind === "everyday").flatMap((r) => r.rows.map((row) => row.perByteRatio ?? Infinity));

const md: string[] = [
  "# Pattern engine benchmark",
  "",
  `Date: ${date}  `,
  `Machine: ${machine}  `,
  `Command: \`node --import tsx bench/patterns.ts\` (RegExp budget ${BUDGET_S} s per input; each time is the best per-call mean over batches of >= 5 ms, during >= ${MIN_SAMPLE_MS} ms)`,
  "",
  "checker = `patternMatch` in build/checker.wasm on bytes already in WASM memory (lazy DFA; no",
  "backtracking). RegExp = V8's `RegExp.prototype.test` on the same string, in a worker stopped",
  "after the budget. Growth = time(size) / time(size / 10); linear is 10x.",
  "",
  `Worst checker growth per 10x input: **${worstGrowth.toFixed(1)}x** (limit 12x). ` +
    `Everyday patterns, checker / RegExp time: ${Math.min(...everydayRatios).toFixed(2)}x to ${Math.max(...everydayRatios).toFixed(2)}x.`,
  "",
];
for (const r of results) {
  md.push(
    `## ${r.name}: \`${r.pattern}\``,
    "",
    `Input: ${r.note}. Program: ${r.programWords} words (${r.programWords * 4} bytes); scratch: ${r.scratchBytes} bytes (independent of the input size).`,
    "",
    "| input | checker | growth | RegExp | growth | checker / RegExp |",
    "|---|---|---|---|---|---|",
    ...r.rows.map(
      (row) =>
        `| ${size(row.size)} | ${fmtMs(row.checkerMs)} | ${fmtX(row.checkerGrowth)} | ${fmtMs(row.regexpMs)} | ${fmtX(row.regexpGrowth)} | ${
          row.perByteRatio === null ? "–" : `${row.perByteRatio.toFixed(2)}x`
        } |`,
    ),
    "",
  );
}
const out = { date, machine, budgetSeconds: BUDGET_S, minSampleMs: MIN_SAMPLE_MS, worstCheckerGrowth: worstGrowth, cases: results.map(({ input: _input, ...rest }) => rest) };
if (!QUICK) {
  writeFileSync(new URL("./results/patterns.json", import.meta.url), JSON.stringify(out, null, 2) + "\n");
  writeFileSync(new URL("./results/patterns.md", import.meta.url), md.join("\n"));
}
console.log(`\nworst checker growth per 10x: ${worstGrowth.toFixed(1)}x; everyday checker/RegExp: ${everydayRatios.map((x) => x.toFixed(2)).join(" ")}`);
