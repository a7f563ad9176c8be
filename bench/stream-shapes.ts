// Run: npm run bench:stream-shapes [-- --rounds N --no-write]   (= node --expose-gc --import tsx bench/stream-shapes.ts)
//
// Streams whose open containers grow large, in 16-byte chunks: one long string with a max length,
// an array of 100k+ numbers, a map of 100k+ keys, an array of small objects. Each at 100 KB and
// 1 MB, with the partial value never read (a pipeline that watches `errors` and takes `value`),
// read after every 64th chunk (a UI repainting at its own pace) and, at 100 KB, after every chunk.
// What it shows: the stream itself costs O(total bytes) (time per byte flat from 100 KB to 1 MB
// when partials are not read); reading a partial costs the size of the containers that changed
// (a new array of N items is N copies), so a reader pays for what it reads.
// @streamparser/json (mutable partial, no validation) on the same chunks, for scale.
// First an agreement check: every run's final value equals JSON.parse's.
// Writes bench/results/stream-shapes.{json,md}.
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { model, StreamParser, t, type Model } from "./checker.js";
import { spread, writeResults, type AgreementReport, type Timing } from "./harness.js";
import { chunksOf, streamparserRoot } from "./stream.js";
import { codeVersion, option } from "./unmarshal.js";

interface Shape {
  name: string;
  model: Model;
  /** A document of about `bytes` bytes. */
  doc(bytes: number): string;
}

const SHAPES: Shape[] = [
  {
    name: "one long string (max=)",
    model: model("Text", { body: t.string("required,max=10000000") }),
    doc: (n) => JSON.stringify({ body: "the model streams tokens while validation keeps pace é ".repeat(Math.ceil(n / 56)) }),
  },
  {
    name: "array of numbers (max=)",
    model: model("Numbers", { values: t.slice(t.int(), "required,max=10000000") }),
    doc: (n) => JSON.stringify({ values: Array.from({ length: Math.ceil(n / 6) }, (_, i) => (i * 7919) % 100000) }),
  },
  {
    name: "map of numbers",
    model: model("Counts", { counts: t.map(t.int()) }),
    doc: (n) => JSON.stringify({ counts: Object.fromEntries(Array.from({ length: Math.ceil(n / 14) }, (_, i) => [`k${i}`, i % 1000])) }),
  },
  {
    name: "array of objects",
    model: model("Rows", { rows: t.slice(model("Row", { id: t.int("required"), name: t.string("required,max=20") })) }),
    doc: (n) => JSON.stringify({ rows: Array.from({ length: Math.ceil(n / 24) }, (_, i) => ({ id: i, name: `row ${i}` })) }),
  },
];

const SIZES = [100_000, 1_000_000];
const CHUNK = 16;
/** Reading after every chunk is quadratic in the open array's size: timed at 100 KB only. */
const EVERY_CHUNK_UP_TO = 100_000;

type Mode = { name: string; every: number } | { name: string; streamparser: true };
const MODES: Mode[] = [
  { name: "checker, partial never read", every: 0 },
  { name: "checker, partial read every 64th chunk", every: 64 },
  { name: "checker, partial read every chunk", every: 1 },
  { name: "@streamparser/json (mutable root, no validation)", streamparser: true },
];

let sink = 0;

/** Stream the chunks once; returns the final value. */
function run(mode: Mode, parser: StreamParser, chunks: readonly string[]): unknown {
  if ("streamparser" in mode) {
    return streamparserRoot(chunks, (root) => {
      if (root !== undefined) sink++;
    });
  }
  parser.reset();
  for (let i = 0; i < chunks.length; i++) {
    const r = parser.feed(chunks[i]);
    if (r.errors.length > 0) throw new Error(`checker: ${JSON.stringify(r.errors[0])}`);
    if (mode.every > 0 && i % mode.every === 0 && r.partial !== undefined) sink++;
  }
  const end = parser.end();
  return end.value;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const rounds = option("rounds", 5);
  const write = !process.argv.includes("--no-write");
  const loadStart = loadavg()[0]?.toFixed(2);
  const started = Date.now();
  const agreement: AgreementReport = {
    validators: MODES.map((m) => m.name), records: 0, accepted: 0, rejected: 0, agree: true, disagreementCount: 0, disagreements: [],
  };
  const timings: Timing[] = [];
  const perByte = new Map<string, number>();
  for (const shape of SHAPES) {
    const parser = new StreamParser(shape.model);
    for (const size of SIZES) {
      const doc = shape.doc(size);
      const bytes = new TextEncoder().encode(doc).length;
      const chunks = chunksOf(doc, CHUNK);
      const modes = MODES.filter((m) => !("every" in m && m.every === 1 && size > EVERY_CHUNK_UP_TO));
      const want = JSON.parse(doc) as unknown;
      const verdicts: Record<string, boolean> = {};
      for (const m of modes) verdicts[m.name] = isDeepStrictEqual(run(m, parser, chunks), want);
      agreement.records++;
      if (Object.values(verdicts).every(Boolean)) agreement.accepted++;
      else {
        agreement.agree = false;
        agreement.disagreementCount++;
        agreement.disagreements.push({ index: size, text: `${shape.name}: ${doc.slice(0, 60)}...`, verdicts });
      }
      const samples = new Map(modes.map((m) => [m.name, [] as number[]]));
      for (let k = 0; k < rounds + 1; k++) {
        for (const m of modes) {
          gc?.();
          const t0 = process.hrtime.bigint();
          run(m, parser, chunks);
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          if (k > 0) samples.get(m.name)!.push(ms); // round 0 warms up
        }
      }
      for (const m of modes) {
        const s = samples.get(m.name)!;
        const sp = spread(s);
        const label = `${shape.name}, ${size / 1000} KB: ${m.name}`;
        perByte.set(`${shape.name}|${size}|${m.name}`, (sp.median * 1e6) / bytes);
        timings.push({
          name: label, records: 1, warmup: 1, rounds: s.length,
          nsPerRecord: { median: sp.median * 1e6, min: sp.min * 1e6, p10: sp.p10 * 1e6, p90: sp.p90 * 1e6, max: sp.max * 1e6 },
          recordsPerSecond: 1000 / sp.median, accepted: 1, samples: s.map((x) => x * 1e6),
        });
        console.log(`${label.padEnd(80)} ${sp.median.toFixed(1).padStart(9)} ms  ${((sp.median * 1e6) / bytes).toFixed(0).padStart(7)} ns/B`);
      }
    }
  }
  const growth = SHAPES.map((s) => {
    const a = perByte.get(`${s.name}|${SIZES[0]}|${MODES[0].name}`)!;
    const b = perByte.get(`${s.name}|${SIZES[1]}|${MODES[0].name}`)!;
    return `${s.name}: ${(b / a).toFixed(2)}x`;
  });
  const verdict = `time per byte from 100 KB to 1 MB, partial never read: ${growth.join(", ")}`;
  console.log(verdict);
  if (!write || !agreement.agree) {
    if (!agreement.agree) process.exitCode = 1;
    return;
  }
  const { md } = writeResults("stream-shapes", {
    title: "Streaming large open containers in 16-byte chunks: the stream is O(total bytes); reading partials costs what they hold",
    corpus: {
      records: agreement.records,
      seed: 0,
      bytesPerRecord: SHAPES.reduce((n, s) => n + SIZES.reduce((m, z) => m + new TextEncoder().encode(s.doc(z)).length, 0), 0) / agreement.records,
      description: `${SHAPES.map((s) => s.name).join("; ")}; each at ${SIZES.map((z) => `${z / 1000} KB`).join(" and ")}; bench/stream-shapes.ts`,
    },
    agreement,
    timings,
    notes: [
      "A 'record' is one whole document streamed in 16-byte string chunks (ns/record = ns per document).",
      "Modes: the partial value never read (errors checked after every chunk, the value taken at the end); read after every 64th chunk; read after every chunk (100 KB only: each read of an open array of N items builds a new array of N items, so reading every chunk is quadratic in the array's size by nature). @streamparser/json keeps one mutable root (no new identities, no validation).",
      verdict,
      `Code: ${codeVersion()} (build/checker.wasm as built from it).`,
      `Load average (1 min) at start / end: ${loadStart} / ${loadavg()[0]?.toFixed(2)}; the run took ${Math.round((Date.now() - started) / 1000)} s.`,
      `Run: npm run bench:stream-shapes -- --rounds ${rounds}`,
    ],
  });
  console.log(`wrote ${md}`);
  if (sink < 0) console.log(sink);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
