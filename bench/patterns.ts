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
const MIN_SAMPLE_MS = QUICK ? 50 : 1000; // time each measurement over at least this long

// Best time per call over batches of >= 1 ms (short batches often run without being preempted,
// so the minimum resists other load on the machine).
// The same code runs in the RegExp worker (it is passed there as text).
const MEASURE = `function measure(fn, minMs) {
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    if (performance.now() - t0 >= 1 || reps >= 1 << 20) break;
    reps *= 2;
  }
  let best = Infinity;
  const start = performance.now();
  for (let batches = 0; batches < 10 || performance.now() - start < minMs; batches++) {
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

// Each input size is laid out in enough copies to fill STREAM_BYTES, and a timed call visits the
// copies in turn: every size then reads its input from memory as a validator would, instead of
// the small ones staying in the L1 cache across repetitions (which made them look faster per byte).
const STREAM_BYTES = 4_000_000;
const copiesOf = (n: number): number => Math.max(1, Math.ceil(STREAM_BYTES / n));

/**
 * checker's time per call on each input size. All inputs sit in memory at once and the sizes are
 * timed in interleaved rounds (best batch kept), so a change in machine load hits every size alike.
 */
function timeChecker(c: Case, precomputeDfa: boolean): Array<{ ms: number; matched: boolean }> {
  const p = compilePattern(c.pattern, { precomputeDfa });
  const prog = (heapBase + 15) & ~15;
  let at = (prog + p.program.byteLength + 15) & ~15;
  const runs = SIZES.map((n) => {
    const input = new TextEncoder().encode(c.input(n));
    const starts: number[] = [];
    for (let i = 0; i < copiesOf(n); i++) {
      starts.push(at);
      at = (at + input.length + 15) & ~15;
    }
    return { input, starts };
  });
  const scratch = at;
  const need = scratch + p.scratchBytes - memory.buffer.byteLength;
  if (need > 0) memory.grow(Math.ceil(need / 65536));
  new Uint32Array(memory.buffer, prog, p.program.length).set(p.program);
  for (const r of runs) for (const start of r.starts) new Uint8Array(memory.buffer, start, r.input.length).set(r.input);
  const best = runs.map(() => Infinity);
  const ROUNDS = 12;
  for (let round = 0; round < ROUNDS; round++) {
    runs.forEach((r, i) => {
      const len = r.input.length;
      const all = (): void => {
        for (const start of r.starts) patternMatch(prog, start, len, scratch);
      };
      best[i] = Math.min(best[i]!, measure(all, MIN_SAMPLE_MS / ROUNDS) / r.starts.length);
    });
  }
  return runs.map((r, i) => ({ ms: best[i]!, matched: patternMatch(prog, r.starts[0]!, r.input.length, scratch) !== 0 }));
}

// ---- JavaScript RegExp, in a worker with a time budget ------------------------------------

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
${MEASURE}
const { pattern, input, copies, minMs } = workerData;
const re = new RegExp(pattern);
const matched = re.test(input);
// distinct copies (slices of one long string), read in turn, as on the checker side
const big = input.repeat(copies);
const all = Array.from({ length: copies }, (_, i) => big.slice(i * input.length, (i + 1) * input.length));
parentPort.postMessage({ ms: measure(() => { for (const s of all) re.test(s); }, minMs) / copies, matched });
`;

function timeRegExp(c: Case, n: number): Promise<{ ms: number; matched: boolean } | undefined> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { pattern: c.pattern, input: c.input(n), copies: copiesOf(n), minMs: MIN_SAMPLE_MS } });
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
  lazyMs: number; // the same with the DFA built lazily in scratch (what patterns too big to precompute get)
  lazyGrowth: number | null;
  regexpMs: number | null; // null: over budget
  checkerGrowth: number | null; // time(size) / time(size / 10)
  regexpGrowth: number | null;
  perByteRatio: number | null; // checker / RegExp
}

const results: Array<Case & { programWords: number; scratchBytes: number; lazyProgramWords: number; lazyScratchBytes: number; rows: Row[] }> = [];
for (const c of CASES) {
  const p = compilePattern(c.pattern);
  const lazy = compilePattern(c.pattern, { precomputeDfa: false });
  const rows: Row[] = [];
  let regexpOver = false;
  const checker = timeChecker(c, true);
  const lazyTimes = timeChecker(c, false);
  for (const [i, n] of SIZES.entries()) {
    const ck = checker[i]!;
    const lz = lazyTimes[i]!;
    if (lz.matched !== ck.matched) throw new Error(`${c.name} @${n}: lazy DFA ${lz.matched}, precomputed ${ck.matched}`);
    const js = regexpOver ? undefined : await timeRegExp(c, n);
    if (js === undefined) regexpOver = true; // bigger inputs only take longer
    else if (js.matched !== ck.matched) throw new Error(`${c.name} @${n}: RegExp ${js.matched}, checker ${ck.matched}`);
    const prev = rows[rows.length - 1];
    rows.push({
      size: n,
      checkerMs: ck.ms,
      lazyMs: lz.ms,
      lazyGrowth: prev ? lz.ms / prev.lazyMs : null,
      regexpMs: js?.ms ?? null,
      checkerGrowth: prev ? ck.ms / prev.checkerMs : null,
      regexpGrowth: prev && prev.regexpMs !== null && js ? js.ms / prev.regexpMs : null,
      perByteRatio: js ? ck.ms / js.ms : null,
    });
    console.log(
      `${c.name.padEnd(24)} ${String(n).padStart(8)} B  checker ${ck.ms.toFixed(4).padStart(10)} ms  lazy ${lz.ms.toFixed(4).padStart(10)} ms  RegExp ${
        js ? js.ms.toFixed(4).padStart(10) + " ms" : `> ${BUDGET_S} s`.padStart(13)
      }`,
    );
  }
  results.push({
    ...c,
    programWords: p.program.length,
    scratchBytes: p.scratchBytes,
    lazyProgramWords: lazy.program.length,
    lazyScratchBytes: lazy.scratchBytes,
    rows,
  });
}

// ---- report ----------------------------------------------------------------------------------

const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, Node ${process.version}`;
const date = new Date().toISOString();
const fmtMs = (ms: number | null): string => (ms === null ? `> ${BUDGET_S} s` : ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const fmtX = (x: number | null): string => (x === null ? "–" : `${x.toFixed(1)}x`);
const size = (n: number): string => (n >= 1e6 ? `${n / 1e6} MB` : `${n / 1e3} KB`);

const worstGrowth = Math.max(...results.flatMap((r) => r.rows.flatMap((row) => [row.checkerGrowth ?? 0, row.lazyGrowth ?? 0])));
const everydayRatios = results.filter((r) => r.kind === "everyday").flatMap((r) => r.rows.map((row) => row.perByteRatio ?? Infinity));

const md: string[] = [
  "# Pattern engine benchmark",
  "",
  `Date: ${date}  `,
  `Machine: ${machine}  `,
  `Command: \`node --import tsx bench/patterns.ts\` (RegExp budget ${BUDGET_S} s per input; each time is the best per-call mean over batches of >= 1 ms, during >= ${MIN_SAMPLE_MS} ms)`,
  "",
  "checker = `patternMatch` in build/checker.wasm on bytes already in WASM memory, with the DFA",
  "that `compilePattern` precomputes for patterns this small; lazy = the same pattern compiled with",
  "`precomputeDfa: false`, so the DFA is built in scratch during each call (what bigger patterns get).",
  "No backtracking either way. RegExp = V8's `RegExp.prototype.test` on the same string, in a worker stopped",
  "after the budget. Both read each input from memory: a timed call goes through enough copies of",
  `the input to fill ${STREAM_BYTES / 1e6} MB. Growth = time(size) / time(size / 10); linear is 10x.`,
  "",
  `Worst checker growth per 10x input (precomputed or lazy DFA): **${worstGrowth.toFixed(1)}x** (limit 12x). ` +
    `Everyday patterns, checker / RegExp time: ${Math.min(...everydayRatios).toFixed(2)}x to ${Math.max(...everydayRatios).toFixed(2)}x.`,
  "",
];
for (const r of results) {
  md.push(
    `## ${r.name}: \`${r.pattern}\``,
    "",
    `Input: ${r.note}. Program: ${r.programWords} words with its DFA, scratch ${r.scratchBytes} bytes; ` +
      `lazy: ${r.lazyProgramWords} words, scratch ${r.lazyScratchBytes} bytes (neither depends on the input size).`,
    "",
    "| input | checker | growth | lazy DFA | growth | RegExp | growth | checker / RegExp |",
    "|---|---|---|---|---|---|---|---|",
    ...r.rows.map(
      (row) =>
        `| ${size(row.size)} | ${fmtMs(row.checkerMs)} | ${fmtX(row.checkerGrowth)} | ${fmtMs(row.lazyMs)} | ${fmtX(row.lazyGrowth)} | ${fmtMs(row.regexpMs)} | ${fmtX(row.regexpGrowth)} | ${
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
