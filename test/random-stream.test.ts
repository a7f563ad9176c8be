// Properties of STREAMING over RANDOM MODELS (test/support/random-model.ts: nested models, ptrs,
// slices, fixed arrays, maps, any, time, extras, every directive, random options incl. forbid /
// allow, strictMissingFields false and a small maxErrors) and random documents (valid, with
// constraint and type errors, unknown and repeated keys, escapes; some cut short or with a byte
// broken). Each property is a promise of README "Streaming" / DESIGN.md "Streaming":
//  1. Every chunking (small documents: cut in two at every byte and every UTF-16 unit, and one
//     byte at a time; larger ones: random chunks of 1..64, as strings and as Uint8Arrays) ends as
//     one-shot safeUnmarshal with the same Validator: the same value, FieldErrors, syntax or type
//     error (test/support/stream-harness.ts `differences`).
//  2. Every early error reported at any chunk is in the final errors (field, code, message), and
//     a document that completes holds no early entry (the same `differences`).
//  3. Fed one byte at a time: each partial is an earlier state of the next; a container that did
//     not change between two results keeps its identity, one that changed has a new one (and no
//     earlier partial is changed in place); `state.complete(path)` is true exactly for the values
//     whose closing byte is in (test/support/json-spans.ts), and a value whose closing byte is in
//     is in the partial.
//  4. The same for a UnionStreamParser: it narrows at the byte where the discriminator's value
//     completes, and ends as one-shot UnionValidator.safeUnmarshal.
//  5. parseLines over random NDJSON of such documents (blank lines, CRLF, a last line without
//     "\n"), in random chunks: one record per non-blank line, its line number, and per-line
//     one-shot safeUnmarshal's result (a syntax or type error placed in the whole input).
// Seeds are fixed; RANDOM_MODELS_SEED / RANDOM_MODELS_RUNS explore further.

import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  JsonSyntaxError, parseLines, StreamParser, UnionStreamParser, UnmarshalTypeError, ValidationError, type FieldError, type StreamError, type StreamFieldError, type StreamResult, type UnionValidator, type Validator,
} from "../bindings/index.js";
import {
  caseArb, describeSetup, describeUnion, hasRepeatedKeys, objectArb, toUnion, unionArb, unionDocArb, writeJson,
  type Case, type FSpec, type J, type MSpec, type Setup, type TSpec, type UnionSetup,
} from "./support/random-model.js";
import { jsonSpans, type Span } from "./support/json-spans.js";
import {
  cut, differences, everySplit, feedAll, isEarlierState, oneShot, randomSizes, rng, singles, utf8, type Ending,
} from "./support/stream-harness.js";

const SEED = Number(process.env.RANDOM_MODELS_SEED ?? 0);
const SCALE = Number(process.env.RANDOM_MODELS_RUNS ?? 1);
const runs = (n: number, seed: number) => ({ numRuns: Math.round(n * SCALE), seed: seed + SEED });

/** Documents up to this many bytes are cut at every byte and unit; longer ones in random chunks. */
const EVERY_SPLIT_UP_TO = 160;

// ---------------------------------------------------------------- documents

/** How a text is damaged: not at all, cut short, or one byte replaced by one that cannot stand there. */
type Damage = "none" | "cut" | "broken";

function damaged(text: string, damage: Damage, at: number): string {
  if (damage === "cut" && text.length > 1) return text.slice(0, 1 + (at % (text.length - 1)));
  if (damage === "broken" && text.length > 2) {
    const i = 1 + (at % (text.length - 2));
    return text.slice(0, i) + ["}", ",", ":", "]", "x", '"', "\\"][at % 7] + text.slice(i + 1);
  }
  return text;
}

interface StreamCase extends Case {
  damage: Damage;
}

const damageArb = fc.constantFrom<Damage>("none", "none", "none", "none", "cut", "broken");

/** Random models, documents mostly valid or with constraint / type errors, some damaged. */
function streamCases(mutate: number): fc.Arbitrary<StreamCase> {
  return fc.tuple(caseArb({}, { mutate }), damageArb, fc.nat()).map(([c, damage, at]) => {
    const s: StreamCase = { ...c, damage, text: damaged(c.text, damage, at) };
    return Object.assign(s, { [fc.toStringMethod]: () => `${describeSetup(c.setup)} / ${s.text}` });
  });
}

const report = (setup: string, text: string, what: string) => `${what}\nmodel: ${setup}\ndocument: ${JSON.stringify(text)}`;

// ---------------------------------------------------------------- 1 and 2: endings

const errorKey = (e: { field: string; code: string; message: string }) => `${e.field} ${e.code} ${JSON.stringify(e.message)}`;

/**
 * What every result's list must look like: a syntax or type error alone; else at most maxErrors
 * field errors, then a TOO_MANY_ERRORS record if cut, then the early reports.
 */
function listShape(errors: readonly StreamError[], maxErrors: number): string | undefined {
  if (errors.some((e) => e instanceof Error)) return errors.length === 1 ? undefined : `a syntax or type error not alone: ${JSON.stringify(errors)}`;
  const fields = errors as readonly StreamFieldError[];
  const finals = fields.filter((e) => !e.early);
  const cutAt = finals.findIndex((e) => e.code === "TOO_MANY_ERRORS");
  if (cutAt >= 0 && cutAt !== finals.length - 1) return `TOO_MANY_ERRORS not last of the final records: ${JSON.stringify(errors)}`;
  if (finals.length - (cutAt >= 0 ? 1 : 0) > maxErrors) return `${finals.length} final records past maxErrors ${maxErrors}: ${JSON.stringify(errors)}`;
  if (fields.length - (cutAt >= 0 ? 1 : 0) > maxErrors) return `${fields.length} errors past maxErrors ${maxErrors}: ${JSON.stringify(errors)}`;
  const firstEarly = fields.findIndex((e) => e.early);
  if (firstEarly >= 0 && fields.slice(firstEarly).some((e) => !e.early)) return `a final record after an early one: ${JSON.stringify(errors)}`;
  return undefined;
}

/** Every chunking of property 1; returns the differences found. */
function chunkings(parser: StreamParser | UnionStreamParser, v: Validator | UnionValidator, text: string, repeated: boolean, seed: number, maxErrors: number): string[] {
  const bytes = utf8(text);
  const out: string[] = [];
  const run = (chunks: (string | Uint8Array)[], how: string, want: Ending) => {
    if (out.length > 0) return;
    const reported = new Map<string, number>();
    const r = feedAll(parser as StreamParser, chunks, {
      onResult: (x, i) => {
        for (const e of x.errors) if (!(e instanceof Error) && !reported.has(errorKey(e))) reported.set(errorKey(e), i);
        const bad = listShape(x.errors, maxErrors);
        if (bad) out.push(`${how}: after chunk ${i}: ${bad}`);
      },
    });
    for (const d of differences(r, want, { repeatedKeys: repeated })) out.push(`${how}: ${d.text}`);
    // every error reported (early or final) was certain: it is in the final list
    if (repeated || r.ending.status === "syntax" || r.ending.status === "type" || r.final.errors.some((e) => !(e instanceof Error) && e.code === "TOO_MANY_ERRORS")) return;
    const finals = new Set(r.final.errors.map((e) => errorKey(e as FieldError)));
    for (const [k, i] of reported) if (!finals.has(k)) out.push(`${how}: ${k} reported at chunk ${i} is not in the final errors ${JSON.stringify(r.final.errors)}`);
  };
  const wantString = oneShot(v as Validator, text);
  const wantBytes = oneShot(v as Validator, bytes);
  if (bytes.length <= EVERY_SPLIT_UP_TO) {
    for (const c of everySplit(bytes)) run(c, `bytes cut at ${c[0].length}`, wantBytes);
    for (const c of everySplit(text)) run(c, `string cut at ${c[0].length}`, wantString);
    run(singles(bytes), "one byte at a time", wantBytes);
  } else {
    const next = rng(seed);
    for (let k = 0; k < 3; k++) {
      const sizes = randomSizes(bytes.length, 64, next);
      run(cut(bytes, sizes), `byte chunks ${sizes.join(",")}`, wantBytes);
      run(cut(text, sizes), `string chunks ${sizes.join(",")}`, wantString);
    }
  }
  return out;
}

// ---------------------------------------------------------------- 3: partials, sharing, complete()

type Path = (string | number)[];

/**
 * The path in the typed value (TS keys) of a value at a JSON path; undefined: not in the typed value
 * as it is read (an ignored key; a key captured under allow, shown in the extras field once its
 * object closes).
 */
function typedPath(m: MSpec, json: Path): Path | undefined {
  const out: Path = [];
  let ts: TSpec = { k: "model", m, dirs: [] };
  for (let i = 0; i < json.length; i++) {
    const seg = json[i];
    while (ts.k === "ptr") ts = ts.elem;
    if (ts.k === "scalar" && ts.kind === "any") return [...out, ...json.slice(i)];
    if (ts.k === "model") {
      const f: FSpec | undefined = ts.m.fields.find((x) => !x.dash && x.type.k !== "extras" && (x.json ?? x.key) === seg);
      if (f) { out.push(f.key); ts = f.type; continue; }
      return undefined;
    }
    if ((ts.k === "slice" || ts.k === "array") && typeof seg === "number") {
      if (ts.k === "array" && seg >= ts.n) return undefined;
      out.push(seg);
      ts = ts.elem;
      continue;
    }
    if (ts.k === "map" && typeof seg === "string") { out.push(seg); ts = ts.elem; continue; }
    return undefined;
  }
  return out;
}

function at(root: unknown, path: Path): unknown {
  let v = root;
  for (const seg of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

const isContainer = (x: unknown): x is object => x !== null && typeof x === "object";

/**
 * Structural sharing between two results' partials: for every container in both at one path, the
 * same identity when its content did not change, a new one when it did; `before` (a deep copy of
 * `prev` taken when it was read) shows that `prev` was not changed in place.
 */
function sharing(prev: unknown, before: unknown, cur: unknown, repeated: boolean, path: Path = []): string | undefined {
  if (!isContainer(prev) || !isContainer(cur)) return undefined;
  if (!isDeepStrictEqual(prev, before)) return `the partial at ${JSON.stringify(path)} was changed in place: ${JSON.stringify(before)} became ${JSON.stringify(prev)}`;
  const same = isDeepStrictEqual(before, cur);
  // (a repeated key replaces its value with a new one, which may happen to be equal)
  if (same && prev !== cur && !repeated && !(prev instanceof Date)) return `unchanged ${JSON.stringify(path)} has a new identity: ${JSON.stringify(cur)}`;
  if (!same && prev === cur) return `changed ${JSON.stringify(path)} kept its identity: ${JSON.stringify(before)} -> ${JSON.stringify(cur)}`;
  if (prev === cur) return undefined;
  for (const k of Object.keys(cur)) {
    if (!Object.hasOwn(prev, k)) continue;
    const d = sharing((prev as Record<string, unknown>)[k], (before as Record<string, unknown>)[k], (cur as Record<string, unknown>)[k], repeated, [...path, Array.isArray(cur) ? Number(k) : k]);
    if (d) return d;
  }
  return undefined;
}

/** Every path in a partial value (containers and leaves), below the root. */
function pathsOf(v: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (!isContainer(v) || v instanceof Date) return out;
  for (const [k, x] of Object.entries(v)) {
    const p = [...path, Array.isArray(v) ? Number(k) : k];
    out.push(p);
    pathsOf(x, p, out);
  }
  return out;
}

const key = (p: Path) => JSON.stringify(p.map(String));

interface Spans {
  /** Typed path -> the span of its value (a value of the document). */
  own: Map<string, Span>;
}

function typedSpans(root: MSpec, bytes: Uint8Array): Spans {
  const own = new Map<string, Span>();
  for (const s of jsonSpans(bytes)) {
    const t = typedPath(root, s.path);
    if (!t) continue;
    own.set(key(t), s);
  }
  return { own };
}

/**
 * Property 3 for one stream fed one unit at a time: `results[k]` is the result after k + 1 units
 * (the last one: after end()); `spans` (bytes fed: no complete() check when undefined) places each
 * value of the document; `repeated`: the document repeats a key (a value may be replaced). Returns
 * the first failure.
 */
function partialsAndComplete(results: readonly StreamResult<unknown>[], bytes: Uint8Array, spans: Spans | undefined, repeated: boolean): string | undefined {
  let prev: unknown;
  let before: unknown;
  for (let k = 0; k < results.length; k++) {
    const r = results[k];
    const p = r.partial;
    if (k > 0 && !repeated && prev !== undefined && !isEarlierState(prev, p)) {
      return `after ${k} bytes the partial ${JSON.stringify(prev)} is not an earlier state of the next ${JSON.stringify(p)}`;
    }
    const d = sharing(prev, before, p, repeated);
    if (d) return `after ${k + 1} bytes: ${d}`;
    prev = p;
    before = structuredClone(p);
    // the value being written is not complete
    const open = r.state.openPath;
    if (!r.done && open.length > 0 && r.state.complete(open)) return `after ${k + 1} units the open path ${JSON.stringify(open)} is complete (partial ${JSON.stringify(p)})`;
    if (!spans || p === undefined) continue;
    const fed = Math.min(k + 1, bytes.length);
    const complete = (path: Path) => r.state.complete(path);
    // the values of the document received so far
    for (const [kp, s] of spans.own) {
      if (s.start >= fed) continue;
      const typed = JSON.parse(kp) as string[];
      const present = at(p, typed) !== undefined;
      // a number is complete once the byte after it shows it ended (or the input did: end())
      const closed = s.kind === "number" ? s.last + 1 < fed || (k === results.length - 1 && s.last < fed) : s.last < fed;
      if (closed && !present) return `after ${fed} bytes the value at ${kp} (bytes ${s.start}..${s.last}) is closed but not in the partial ${JSON.stringify(p)}`;
      if (!present) continue;
      // (a number's last digit: ambiguous until the next byte)
      if (s.kind === "number" && s.last < fed && !closed) continue;
      if (complete(typed) !== closed) return `after ${fed} bytes complete(${kp}) is ${!closed}, its closing byte is at ${s.last} (partial ${JSON.stringify(p)})`;
    }
    // values the document does not hold (defaults, zero values, captured extras): shown when their object closes
    for (const path of pathsOf(p)) {
      if (spans.own.has(key(path))) continue;
      const parent = nearestOwn(spans.own, path);
      if (parent && parent.last < fed && !complete(path)) return `after ${fed} bytes complete(${key(path)}) is false in a closed value (partial ${JSON.stringify(p)})`;
    }
  }
  return undefined;
}

/** The span of the nearest value of the document at or above a path. */
function nearestOwn(own: Map<string, Span>, path: Path): Span | undefined {
  for (let n = path.length; n >= 0; n--) {
    const s = own.get(key(path.slice(0, n)));
    if (s) return s;
  }
  return undefined;
}

/** Codes of the checks that run when the object holding the field closes (README "Order of errors"). */
const OBJECT_CHECKS = new Set(["REQUIRED", "MISSING_FIELD", "REQUIRED_IF", "REQUIRED_WITH", "MUST_BE_GT_FIELD", "MUST_BE_LT_FIELD"]);

/** An error path as the errors write it: JSON names joined by ".", indexes in brackets. */
const fieldPath = (path: Path) => path.reduce<string>((out, seg) => (typeof seg === "number" ? `${out}[${seg}]` : out === "" ? seg : `${out}.${seg}`), "");

/**
 * The byte by which a final error is certain: a value's own check once the value is complete (its
 * closing byte; a number's next byte), an object's check (or an error of a value the document does
 * not hold: a default, a zero item) once the object holding it closes. Undefined: not placed (a
 * path two values write alike).
 */
function deadline(e: { field: string; code: string }, byField: Map<string, Span | null>): number | undefined {
  let path = e.field;
  let own = !OBJECT_CHECKS.has(e.code);
  for (;;) {
    const s = byField.get(path);
    if (s === null) return undefined;
    if (s && !(own === false && path === e.field)) return s.kind === "number" ? s.last + 1 : s.last;
    if (path === "") return undefined;
    // the value holding it: drop the last segment
    const cutAt = Math.max(path.lastIndexOf("."), path.endsWith("]") ? path.lastIndexOf("[") : -1);
    path = cutAt < 0 ? "" : path.slice(0, cutAt);
    own = true;
  }
}

/**
 * Each error of the final list (one byte at a time) is reported, early or final, by the byte that
 * makes it certain; `results[k]` is after k + 1 bytes.
 */
function reportedInTime(results: readonly StreamResult<unknown>[], bytes: Uint8Array): string | undefined {
  const final = results[results.length - 1].errors;
  if (final.some((e) => e instanceof Error) || final.some((e) => (e as { code: string }).code === "TOO_MANY_ERRORS")) return undefined;
  const byField = new Map<string, Span | null>();
  for (const s of jsonSpans(bytes)) {
    const f = fieldPath(s.path);
    byField.set(f, byField.has(f) ? null : s);
  }
  for (const e of final as readonly StreamFieldError[]) {
    const by = deadline(e, byField);
    if (by === undefined || by >= bytes.length) continue;
    const first = results.findIndex((r) => r.errors.some((x) => !(x instanceof Error) && x.field === e.field && x.code === e.code));
    if (first > by) return `${e.field} ${e.code} is certain at byte ${by} but reported after ${first + 1} bytes`;
  }
  return undefined;
}

/** Feed one byte at a time, keeping every result (the last: end()). */
function byteByByte(parser: StreamParser | UnionStreamParser, data: Uint8Array | string): StreamResult<unknown>[] {
  const results: StreamResult<unknown>[] = [];
  feedAll(parser as StreamParser, singles(data), { onResult: (r) => { results.push(r); void r.partial; } });
  return results;
}

// ---------------------------------------------------------------- the properties

describe("random models streamed", () => {
  it("1-2. every chunking ends as one-shot safeUnmarshal; early errors are confirmed, none left in a final list", () => {
    const endings: Record<string, number> = {};
    fc.assert(
      fc.property(streamCases(0.3), fc.nat(), (c, seed) => {
        const parser = new StreamParser(c.v);
        const e = oneShot(c.v, c.text).status;
        endings[e] = (endings[e] ?? 0) + 1;
        const diffs = chunkings(parser, c.v, c.text, hasRepeatedKeys(c.doc), seed, c.setup.maxErrors);
        if (diffs.length > 0) throw new Error(report(describeSetup(c.setup), c.text, diffs.join("\n")));
      }),
      runs(250, 21),
    );
    expect(endings.valid).toBeGreaterThan(10);
    expect(endings.invalid).toBeGreaterThan(30);
    expect(endings.syntax).toBeGreaterThan(30);
    expect(endings.type).toBeGreaterThan(10);
  });

  it("3. one byte at a time: partials grow, share what did not change, and complete() follows the closing bytes", () => {
    let checked = 0;
    fc.assert(
      fc.property(streamCases(0.1), (c) => {
        const bytes = utf8(c.text);
        const results = byteByByte(new StreamParser(c.v), bytes);
        const ending = oneShot(c.v, bytes).status;
        const repeated = hasRepeatedKeys(c.doc);
        // complete() where the typed value was written to the end (no type or syntax error cut it)
        const spans = !repeated && (ending === "valid" || ending === "invalid") ? typedSpans(c.setup.root, bytes) : undefined;
        if (spans) checked++;
        // (one UTF-16 unit at a time: surrogate pairs cut; the partials only)
        const units = byteByByte(new StreamParser(c.v), c.text);
        const d = partialsAndComplete(results, bytes, spans, repeated) ?? (spans && reportedInTime(results, bytes)) ?? partialsAndComplete(units, bytes, undefined, repeated);
        if (d) throw new Error(report(describeSetup(c.setup), c.text, d));
      }),
      runs(200, 22),
    );
    expect(checked).toBeGreaterThan(40);
  });
});

// ---------------------------------------------------------------- 4: unions

interface UnionCase {
  setup: UnionSetup;
  u: UnionValidator;
  doc: J;
  text: string;
}

function unionCases(): fc.Arbitrary<UnionCase> {
  return unionArb({})
    .map((setup) => {
      try {
        return { setup, u: toUnion(setup) };
      } catch {
        return undefined;
      }
    })
    .filter((x): x is { setup: UnionSetup; u: UnionValidator } => x !== undefined)
    .chain(({ setup, u }) => fc.tuple(unionDocArb(setup, { mutate: 0.2 }), fc.nat(), damageArb, fc.nat()).map(([d, seed, damage, where]) => {
      const c: UnionCase = { setup, u, doc: d.doc, text: damaged(writeJson(d.doc, seed), damage, where) };
      return Object.assign(c, { [fc.toStringMethod]: () => `${describeUnion(setup)} / ${c.text}` });
    }));
}

/** The byte after which the stream must have narrowed: the closing quote of the only top-level discriminator naming a variant. */
function narrowsAt(c: UnionCase, bytes: Uint8Array): { at: number; variant: string } | undefined {
  const top = jsonSpans(bytes).filter((s) => s.path.length === 1 && s.path[0] === c.setup.discriminator);
  if (top.length !== 1 || top[0].kind !== "string" || top[0].last === Infinity) return undefined;
  const value = JSON.parse(new TextDecoder().decode(bytes.subarray(top[0].start, top[0].last + 1))) as string;
  const v = c.setup.variants.find((x) => x.value === value);
  return v && { at: top[0].last, variant: v.value };
}

describe("random unions streamed", () => {
  it("4. every chunking ends as one-shot; one byte at a time it narrows where the discriminator completes, partials grow and share", () => {
    let narrowed = 0;
    fc.assert(
      fc.property(unionCases(), fc.nat(), (c, seed) => {
        const parser = new UnionStreamParser(c.u);
        const repeated = hasRepeatedKeys(c.doc);
        const diffs = chunkings(parser, c.u, c.text, repeated, seed, c.setup.maxErrors);
        if (diffs.length > 0) throw new Error(report(describeUnion(c.setup), c.text, diffs.join("\n")));
        const bytes = utf8(c.text);
        const results = byteByByte(parser, bytes);
        // (narrowing is checked on well-formed texts: the spans of a malformed one mean nothing)
        const n = oneShot(c.u as unknown as Validator, bytes).status === "syntax" ? undefined : narrowsAt(c, bytes);
        if (n) {
          narrowed++;
          const variants = results.map((r) => (r as unknown as { variant: string | undefined }).variant);
          const first = variants.findIndex((x) => x !== undefined);
          if (first !== n.at || variants[first] !== n.variant) {
            throw new Error(report(describeUnion(c.setup), c.text, `narrowed to ${JSON.stringify(variants[first])} after ${first + 1} bytes, want ${JSON.stringify(n.variant)} after ${n.at + 1}`));
          }
        }
        // partials (after narrowing: the variant's) grow and share
        const narrowedResults = results.filter((r) => (r as unknown as { variant?: string }).variant !== undefined);
        const sameVariant = narrowedResults.every((r) => (r as unknown as { variant: string }).variant === (narrowedResults[0] as unknown as { variant: string }).variant);
        const d = sameVariant ? partialsAndComplete(narrowedResults, bytes, undefined, repeated) : undefined;
        if (d) throw new Error(report(describeUnion(c.setup), c.text, d));
      }),
      runs(120, 24),
    );
    expect(narrowed).toBeGreaterThan(30);
  });
});

// ---------------------------------------------------------------- 5: parseLines

interface LinesCase {
  setup: Setup;
  v: Validator;
  lines: string[];
  crlf: boolean;
  lastNewline: boolean;
}

function linesCases(): fc.Arbitrary<LinesCase> {
  return caseArb({}, { mutate: 0.3 }).chain((c) =>
    fc.tuple(
      fc.array(fc.tuple(objectText(c), damageArb, fc.nat(), fc.constantFrom("", "", "", " ", "\t")), { minLength: 1, maxLength: 6 }),
      fc.boolean(), fc.boolean(),
    ).map(([docs, crlf, lastNewline]) => ({
      setup: c.setup,
      v: c.v,
      // a damaged document may not hold a newline: none is written inside JSON text but whitespace
      lines: docs.map(([text, damage, where, blank]) => (blank !== "" ? blank : damaged(text, damage, where))),
      crlf,
      lastNewline,
    })),
  );
}

/** Documents of the case's model, on one line (whitespace newlines turned into spaces). */
function objectText(c: Case): fc.Arbitrary<string> {
  return fc.tuple(objectArb(c.setup.root, { mutate: 0.3 }), fc.nat()).map(([j, seed]) => writeJson(j, seed).replace(/[\r\n]/g, " "));
}

describe("random NDJSON read by parseLines", () => {
  it("5. one record per non-blank line, its line number, and per-line one-shot's result", async () => {
    const samples = fc.sample(fc.tuple(linesCases(), fc.nat(), fc.boolean()), runs(150, 25));
    let records = 0;
    for (const [c, seed, asBytes] of samples) {
      const nl = c.crlf ? "\r\n" : "\n";
      const input = c.lines.join(nl) + (c.lastNewline ? nl : "");
      const data: string | Uint8Array = asBytes ? utf8(input) : input;
      const chunks = cut(data, randomSizes(data.length, 64, rng(seed)));
      const got: unknown[] = [];
      for await (const r of parseLines(c.v, (async function* () { yield* chunks; })())) got.push(describeRecord(r));
      const want: unknown[] = [];
      let start = 0;
      c.lines.forEach((text, i) => {
        const line = asBytes ? utf8(text) : text;
        if (text.trim() !== "") want.push(describeRecord({ line: i + 1, text: line, ...placed(c.v.safeUnmarshal(line), i + 1, start) }));
        start += utf8(text).length + nl.length;
      });
      records += want.length;
      if (!isDeepStrictEqual(got, want)) {
        throw new Error(report(describeSetup(c.setup), input, `parseLines ${JSON.stringify(got, null, 1)}\nper line ${JSON.stringify(want, null, 1)}`));
      }
    }
    expect(records).toBeGreaterThan(250);
  });
});

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };

/** A one-shot error placed in the whole input (the record's line; offsets from the input's start). */
function placed(r: Outcome, line: number, start: number): Outcome {
  if (r.ok) return r;
  const e = r.error;
  if (e instanceof JsonSyntaxError) return { ok: false, error: new JsonSyntaxError(e.reason, start + e.offset, line + e.line - 1, e.column) };
  if (e instanceof UnmarshalTypeError) return { ok: false, error: new UnmarshalTypeError(e.field, e.expected, e.got, start + e.offset) };
  return r;
}

function describeRecord(r: { line: number; text: string | Uint8Array } & Outcome): unknown {
  const text = typeof r.text === "string" ? r.text : new TextDecoder().decode(r.text);
  if (r.ok) return { line: r.line, text, value: r.value };
  const e = r.error;
  if (e instanceof ValidationError) return { line: r.line, text, errors: e.errors.map((x) => ({ ...x })) };
  if (e instanceof JsonSyntaxError) return { line: r.line, text, syntax: [e.message, e.offset, e.line, e.column] };
  if (e instanceof UnmarshalTypeError) return { line: r.line, text, type: [e.message, e.field, e.offset] };
  return { line: r.line, text, other: String(e) };
}
