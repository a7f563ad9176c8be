// Run: npm run bench:shapes   (= node --expose-gc --import tsx bench/shapes.ts)
// Options: --rounds N (default 15), --warmup N (default 3), --seed N (default 7).
//
// One-shot unmarshal of document shapes other than the small flat user records of
// bench/unmarshal.ts, against JSON.parse + ajv / zod / valibot with the same rules:
//  - ints: { xs: 10,000 integers }, at most 20,000 items;
//  - floats: an embedding, { id, embedding: exactly 1,536 float64 };
//  - any: a small record whose `meta` is any JSON (nested object, array, numbers, null);
//  - objects: an order of 100 line items { sku 3..20 chars, qty 1..1000, price >= 0 };
//  - strings: { title 1..200 chars, body: 10 KB of ASCII text with escapes, at most 20,000 }.
// Each shape has one document in 20 that breaks one rule (an item 1.5, 1,535 floats, id 0, qty
// 0, an empty title): every tool must accept and reject the same documents (the agreement check)
// before anything is timed. Documents are JS strings, as the peers get them. CPU time per
// document, interleaved rounds in one process. Writes bench/results/shapes.{json,md}.
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as v from "valibot";
import { z } from "zod";
import { model, t, Validator as CheckerValidator, type Model } from "./checker.js";
import { mulberry32 } from "./corpus.js";
import { assertAgreement, runBenchmarks, writeResults, type AgreementReport, type Timing, type Validator } from "./harness.js";
import { CpuClock, codeVersion, describeTiming, option } from "./unmarshal.js";

/** A shape: its documents' generator, checker's model, and each peer's check of a parsed value. */
interface Shape {
  readonly name: string;
  readonly what: string;
  readonly documents: number;
  /** Document i (a rule broken when bad). */
  make(i: number, bad: boolean, random: () => number): unknown;
  readonly model: Model;
  readonly ajv: object;
  readonly zod: z.ZodType;
  readonly valibot: v.GenericSchema;
}

const Item = model("Item", { sku: t.string("required,min=3,max=20"), qty: t.int("required,gte=1,lte=1000"), price: t.float64("required,gte=0") });
const AjvItem = {
  type: "object", required: ["sku", "qty", "price"],
  properties: { sku: { type: "string", minLength: 3, maxLength: 20 }, qty: { type: "integer", minimum: 1, maximum: 1000 }, price: { type: "number", minimum: 0 } },
};
const WORDS = ["the", "model", "answer", "stream", "value", "check", "field", "token", "quoted \"word\"", "line\\nbreak", "tab\\t"];

function sentence(random: () => number, bytes: number): string {
  let s = "";
  while (s.length < bytes) s += WORDS[Math.floor(random() * WORDS.length)] + " ";
  return s.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
}

export const SHAPES: Shape[] = [
  {
    name: "ints", what: "{ xs: 10,000 integers 0..999,999 }", documents: 40,
    make: (_, bad, random) => ({ xs: Array.from({ length: 10_000 }, (_, k) => (bad && k === 5_000 ? 1.5 : Math.floor(random() * 1e6))) }),
    model: model("Ints", { xs: t.slice(t.int(), "required,max=20000") }),
    ajv: { type: "object", required: ["xs"], properties: { xs: { type: "array", items: { type: "integer" }, maxItems: 20_000 } } },
    zod: z.object({ xs: z.array(z.int()).max(20_000) }),
    valibot: v.object({ xs: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20_000)) }),
  },
  {
    name: "floats", what: "{ id, embedding: 1,536 float64 }", documents: 200,
    make: (i, bad, random) => ({ id: `doc-${i}`, embedding: Array.from({ length: bad ? 1_535 : 1_536 }, () => random() * 2 - 1) }),
    model: model("Embedding", { id: t.string("required,min=1"), embedding: t.slice(t.float64(), "required,min=1536,max=1536") }),
    ajv: { type: "object", required: ["id", "embedding"], properties: { id: { type: "string", minLength: 1 }, embedding: { type: "array", items: { type: "number" }, minItems: 1536, maxItems: 1536 } } },
    zod: z.object({ id: z.string().min(1), embedding: z.array(z.number()).length(1536) }),
    valibot: v.object({ id: v.pipe(v.string(), v.minLength(1)), embedding: v.pipe(v.array(v.number()), v.length(1536)) }),
  },
  {
    name: "any", what: "{ id, meta: any JSON (a nested object), tags }", documents: 5_000,
    make: (i, bad, random) => ({
      id: bad ? 0 : i + 1,
      meta: { source: random() < 0.5 ? "web" : "api", score: Math.round(random() * 1e4) / 100, flags: [random() < 0.5, true], nested: { a: `x${i}`, b: null, n: [1, 2, 3] } },
      tags: ["a", "b"],
    }),
    model: model("WithAny", { id: t.int("required,gte=1"), meta: t.any(), tags: t.slice(t.string(), "max=5") }),
    ajv: { type: "object", required: ["id", "meta", "tags"], properties: { id: { type: "integer", minimum: 1 }, meta: {}, tags: { type: "array", items: { type: "string" }, maxItems: 5 } } },
    zod: z.object({ id: z.int().min(1), meta: z.any(), tags: z.array(z.string()).max(5) }),
    valibot: v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)), meta: v.any(), tags: v.pipe(v.array(v.string()), v.maxLength(5)) }),
  },
  {
    name: "objects", what: "{ items: 100 x { sku, qty, price } }", documents: 400,
    make: (i, bad, random) => ({
      items: Array.from({ length: 100 }, (_, k) => ({ sku: `SKU-${i}-${k}`, qty: bad && k === 50 ? 0 : 1 + Math.floor(random() * 999), price: Math.round(random() * 1e5) / 100 })),
    }),
    model: model("Order", { items: t.slice(Item, "required,max=1000") }),
    ajv: { type: "object", required: ["items"], properties: { items: { type: "array", items: AjvItem, maxItems: 1000 } } },
    zod: z.object({ items: z.array(z.object({ sku: z.string().min(3).max(20), qty: z.int().min(1).max(1000), price: z.number().min(0) })).max(1000) }),
    valibot: v.object({
      items: v.pipe(v.array(v.object({
        sku: v.pipe(v.string(), v.minLength(3), v.maxLength(20)),
        qty: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
        price: v.pipe(v.number(), v.minValue(0)),
      })), v.maxLength(1000)),
    }),
  },
  {
    name: "strings", what: "{ title, body: 10 KB of text with escapes }", documents: 1_000,
    make: (i, bad, random) => ({ title: bad ? "" : `Report ${i}`, body: sentence(random, 10_000) }),
    model: model("Article", { title: t.string("required,min=1,max=200"), body: t.string("required,max=20000") }),
    ajv: { type: "object", required: ["title", "body"], properties: { title: { type: "string", minLength: 1, maxLength: 200 }, body: { type: "string", maxLength: 20_000 } } },
    zod: z.object({ title: z.string().min(1).max(200), body: z.string().max(20_000) }),
    valibot: v.object({ title: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), body: v.pipe(v.string(), v.maxLength(20_000)) }),
  },
];

/** The documents of a shape: one in 20 bad. */
export function documentsOf(shape: Shape, seed: number): string[] {
  const random = mulberry32(seed);
  return Array.from({ length: shape.documents }, (_, i) => JSON.stringify(shape.make(i, i % 20 === 19, random)));
}

/** The tools timed on a shape (checker first, then the peers). */
export function toolsOf(shape: Shape): Validator[] {
  const checker = new CheckerValidator(shape.model);
  const ajv = new Ajv2020({ allErrors: false }).compile(shape.ajv);
  const parsed = (check: (x: unknown) => boolean) => (text: string) => check(JSON.parse(text));
  return [
    { name: "checker safeUnmarshal", validate: (text) => checker.safeUnmarshal(text).ok },
    { name: "JSON.parse + ajv", validate: parsed((x) => ajv(x)) },
    { name: "JSON.parse + zod", validate: parsed((x) => shape.zod.safeParse(x).success) },
    { name: "JSON.parse + valibot", validate: parsed((x) => v.safeParse(shape.valibot, x).success) },
  ];
}

function main(): void {
  const rounds = option("rounds", 15);
  const warmup = option("warmup", 3);
  const seed = option("seed", 7);
  const loadStart = loadavg()[0]?.toFixed(2);
  const timings: Timing[] = [];
  const notes: string[] = [];
  const agreement: AgreementReport = { validators: [], records: 0, accepted: 0, rejected: 0, agree: true, disagreementCount: 0, disagreements: [] };
  let bytes = 0;
  for (const shape of SHAPES) {
    const docs = documentsOf(shape, seed);
    bytes += docs.reduce((n, s) => n + Buffer.byteLength(s), 0);
    const tools = toolsOf(shape);
    const report = assertAgreement(tools, docs);
    agreement.validators = report.validators;
    agreement.records += report.records;
    agreement.accepted += report.accepted;
    agreement.rejected += report.rejected;
    console.log(`${shape.name}: ${docs.length} documents, ${report.accepted} accepted, ${report.rejected} rejected by every tool`);
    const cpu = new CpuClock(docs.length);
    const benches = tools.map((tool) => cpu.wrap({
      name: `${shape.name}: ${tool.name}`,
      round: () => {
        let accepted = 0;
        for (const d of docs) if (tool.validate(d)) accepted++;
        return accepted;
      },
    }));
    const own = runBenchmarks(benches, docs.length, { rounds, warmup });
    for (const timing of own) console.log(describeTiming(timing));
    timings.push(...own);
    // (each tool against the fastest peer, in CPU time)
    const peerNames = own.slice(1).map((x) => x.name);
    const fastest = peerNames.reduce((a, b) => (cpu.spreadOf(a, warmup).median <= cpu.spreadOf(b, warmup).median ? a : b));
    const line = `${shape.name} (${shape.what}, ${Math.round(Buffer.byteLength(docs[0]!) / 100) / 10} KB a document), CPU ns/document, median (p10..p90), x the fastest peer (${fastest.slice(shape.name.length + 2)}): ` +
      cpu.describe(own, [fastest]).map((s) => s.slice(shape.name.length + 2).replace(` x ${fastest}`, "")).join("; ");
    console.log(line);
    notes.push(line);
  }
  const { md } = writeResults("shapes", {
    title: "Document shapes: checker safeUnmarshal vs JSON.parse + ajv / zod / valibot",
    corpus: { records: agreement.records, seed, bytesPerRecord: bytes / agreement.records, description: `${SHAPES.length} shapes (bench/shapes.ts), one document in 20 breaks one rule` },
    agreement,
    timings,
    notes: [
      ...notes,
      "A record is one document; ns/record below is wall time per document, the notes above give CPU time.",
      `Code: ${codeVersion()} (build/checker.wasm as built from it).`,
      `Load average (1 min) at start / end: ${loadStart} / ${loadavg()[0]?.toFixed(2)}.`,
      `Run: npm run bench:shapes -- --rounds ${rounds} --warmup ${warmup} --seed ${seed}`,
    ],
  });
  console.log(`wrote ${md} (and .json)`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
