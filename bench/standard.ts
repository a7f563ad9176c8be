// Run: npm run bench:standard   (= node --expose-gc --import tsx bench/standard.ts)
// Options: --records N (default 100000), --rounds N (default 15), --warmup N (default 3),
//          --seed N (default the corpus's DEFAULT_SEED).
//
// Standard Schema validation of parsed objects, as tRPC, Hono, TanStack Form and the AI SDK call
// it: `schema["~standard"].validate(JSON.parse(body))`, on the deterministic user corpus
// (bench/corpus.ts) parsed once beforehand (records that are not JSON are left out).
//  - checker: the model of bench/user-model.ts (TS keys = JSON names, so a body is read by its
//    keys) and the same rules with TS keys other than the JSON names (`Id` for `id`, ...: the body
//    is read by JSON names). ~standard.validate is safeNewModel: a validated copy of the input.
//  - zod 4 and valibot 1: their ~standard.validate, with the rules of bench/peers.ts.
//  - (context) checker's validate() and ajv's compiled check of the same object: no Standard
//    Schema, no copy (validate() takes the object as a typed value of the model).
// First an agreement check (every tool accepts and rejects the same objects), then interleaved
// rounds in one process. Writes bench/results/standard.{json,md}.
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { model, t, Validator as CheckerValidator, type Infer } from "./checker.js";
import { DEFAULT_SEED, generateLabeledUsers } from "./corpus.js";
import { assertAgreement, formatAgreement, runBenchmarks, writeResults, type Benchmark, type Validator } from "./harness.js";
import { ajvValidate, ValibotUser, ZodUser } from "./peers.js";
import { CpuClock, codeVersion, describeTiming, option } from "./unmarshal.js";
import { User } from "./user-model.js";

/** bench/user-model.ts's rules with TS keys that are not the JSON names. */
const UserByJsonNames = model("UserByJsonNames", {
  Id: t.int('json:"id" checker:"required,gte=1"'),
  Name: t.string('json:"name" checker:"required,min=2,max=50"'),
  Email: t.string('json:"email" checker:"required,email"'),
  Age: t.int('json:"age" checker:"required,gte=0,lte=150"'),
  Tags: t.slice(t.string(), 'json:"tags" checker:"required,max=5,unique"'),
  Active: t.bool('json:"active" checker:"required"'),
});

/** validate() of the parsed object as a typed value: the checks alone, nothing converted or copied. */
const userValidator = new CheckerValidator(User);

interface StandardResult { readonly issues?: readonly unknown[] }
interface StandardSchema { readonly "~standard": { validate(value: unknown): StandardResult | Promise<StandardResult> } }

/** true iff the schema accepts the value (a Promise from a synchronous schema is a failure of the bench). */
function accepts(schema: StandardSchema, value: unknown): boolean {
  const r = schema["~standard"].validate(value);
  if (r instanceof Promise) throw new Error("a ~standard.validate returned a Promise for a synchronous schema");
  return r.issues === undefined;
}

export const TOOLS: { name: string; accepts(value: unknown): boolean }[] = [
  { name: "checker ~standard (keys = JSON names)", accepts: (x) => accepts(User, x) },
  { name: "checker ~standard (read by JSON names)", accepts: (x) => accepts(UserByJsonNames, x) },
  { name: "zod ~standard", accepts: (x) => accepts(ZodUser, x) },
  { name: "valibot ~standard", accepts: (x) => accepts(ValibotUser, x) },
  { name: "(context) checker validate(), no copy", accepts: (x) => userValidator.safeValidate(x as Infer<typeof User>).ok },
  { name: "(context) ajv compiled check, no copy", accepts: (x) => ajvValidate(x) },
];

function main(): void {
  const count = option("records", 100_000);
  const rounds = option("rounds", 15);
  const warmup = option("warmup", 3);
  const seed = option("seed", DEFAULT_SEED);
  const loadStart = loadavg()[0]?.toFixed(2);

  const texts: string[] = [];
  const objects: unknown[] = [];
  for (const r of generateLabeledUsers(count, seed)) {
    try {
      objects.push(JSON.parse(r.text));
      texts.push(r.text);
    } catch {
      // (not JSON: no object to validate)
    }
  }
  const objectOf = new Map(texts.map((text, i) => [text, objects[i]]));
  const bytes = texts.reduce((n, s) => n + Buffer.byteLength(s), 0);
  console.log(`corpus: ${objects.length} parsed objects (of ${count} records), seed ${seed}`);

  // 1. agreement (by the record's text, untimed)
  const asValidators: Validator[] = TOOLS.map((tool) => ({ name: tool.name, validate: (text) => tool.accepts(objectOf.get(text)) }));
  const agreement = assertAgreement(asValidators, texts);
  console.log(formatAgreement(agreement));

  // 2. timing
  const benches: Benchmark[] = TOOLS.map((tool) => ({
    name: tool.name,
    round() {
      let accepted = 0;
      for (let i = 0; i < objects.length; i++) if (tool.accepts(objects[i])) accepted++;
      return accepted;
    },
  }));
  const cpu = new CpuClock(objects.length);
  const timings = runBenchmarks(benches.map((b) => cpu.wrap(b)), objects.length, { rounds, warmup });
  for (const timing of timings) console.log(describeTiming(timing));
  const cpuLines = cpu.describe(timings, ["valibot ~standard"]);

  const { md } = writeResults("standard", {
    title: "Standard Schema ~standard.validate of parsed user objects: checker vs zod and valibot",
    corpus: {
      records: objects.length, seed, bytesPerRecord: bytes / objects.length,
      description: "the user corpus of bench/corpus.ts, each record parsed once with JSON.parse beforehand",
    },
    agreement,
    timings,
    ratioTo: ["valibot ~standard", "zod ~standard"],
    notes: [
      "Each tool gets the parsed object and returns a result; checker's ~standard.validate is safeNewModel " +
        "(a validated copy, converted as Go's JSON round trip: bindings/new-model.ts, and for a complete typed " +
        "object its direct copy, bindings/new-model-copy.ts). '(keys = JSON names)' is bench/user-model.ts, so " +
        "the object is read by its keys; '(read by JSON names)' has TS keys Id, Name, ... for the same JSON names.",
      "zod / valibot: their ~standard.validate with bench/peers.ts's rules (a new object too). checker validate() " +
        "(the object taken as a typed value of the model) and ajv's compiled check of the object: no Standard Schema " +
        "interface, nothing copied, as context.",
      `CPU time (user + system), median ns/object (p10..p90) and ratio: ${cpuLines.join("; ")}.`,
      `Code: ${codeVersion()} (build/checker.wasm as built from it).`,
      `Load average (1 min) at start / end: ${loadStart} / ${loadavg()[0]?.toFixed(2)}.`,
      `Run: npm run bench:standard -- --records ${count} --rounds ${rounds} --warmup ${warmup}`,
    ],
  });
  console.log(`wrote ${md} (and .json)`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
