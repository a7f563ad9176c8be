// A stream ends as one-shot does: 1,000 generated documents (four models: nested objects, arrays,
// maps, ptrs, any, time, fixed arrays, extras captured under allow, unknown keys under forbid,
// unique, max / maxItems / oneof, escapes, non-ASCII, emoji, lone surrogates; some with wrong
// types, some truncated or broken) are fed to a StreamParser in every way this file cuts them:
//  - small documents: cut in two at every UTF-16 unit (so surrogate pairs too) as strings, and at
//    every byte (so UTF-8 sequences too) as Uint8Arrays; and fed one unit / one byte at a time;
//  - large documents: random chunks of 1..64 bytes (and units), a few different cuts each.
// For each run: the ending (value, FieldErrors without offset, the syntax or type error) equals
// safeUnmarshal's; the final list of a document that completed has no early entries; every early
// error reported along the way (field, code, message) is in the final errors; and (one byte at a
// time) every partial value is an earlier state of the last one. A parser that only checks
// (validateOnly, the CLI's --document) is fed the same chunks once per document: the same ending,
// without a value, and no partial or early report on the way.
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { model, t, type Model } from "../bindings/model.js";
import { StreamParser, type StreamResult } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import type { ValidatorOptions } from "../bindings/resolve.js";
import {
  cut, differences, type Difference, everySplit, feedAll, isEarlierState, oneShot, randomSizes, renewals, rng, singles, utf8, type Ending,
} from "./support/stream-harness.js";

// ---------------------------------------------------------------- models

const Author = model("Author", {
  name: t.string("required,max=12"),
  email: t.ptr(t.string(), "email"),
});

const Section = model("Section", {
  heading: t.string("required,max=16"),
  paragraphs: t.slice(t.string(), "max=3"),
  level: t.uint8("min=1,max=6"),
});

const Article = model("Article", {
  title: t.string("required,min=1,max=24"),
  kind: t.string("oneof=news blog 日記 😀x"),
  sections: t.slice(Section, "max=4"),
  tags: t.slice(t.string(), "unique,max=5"),
  scores: t.map(t.float64(), "max=4"),
  author: t.ptr(Author),
  rating: t.ptr(t.int8(), "min=-5,max=5"),
  meta: t.any(),
  published: t.ptr(t.time()),
  flags: t.array(2, t.bool()),
});

/** LLM-like output, for the large documents: long paragraphs, loose bounds. */
const Chapter = model("Chapter", {
  heading: t.string("required,max=80"),
  paragraphs: t.slice(t.string(), "min=1,max=8"),
  level: t.uint8("min=1,max=6"),
});
const Report = model("Report", {
  title: t.string("required,max=120"),
  summary: t.string("max=2000"),
  chapters: t.slice(Chapter, "max=16"),
  tags: t.slice(t.string(), "unique,max=8"),
  scores: t.map(t.float64()),
  meta: t.any(),
});

const Inner = model("Inner", { x: t.int16("gte=0"), label: t.string("max=6"), rest: t.extras() });
const Open = model("Open", {
  name: t.string("max=8"),
  inner: t.ptr(Inner),
  items: t.slice(Inner, "max=3"),
  rest: t.extras(),
});

const Tree: Model = model("Tree", {
  label: t.string("oneof=a b ccc é😀"),
  children: t.slice(t.lazy((): Model => Tree), "max=3"),
  attrs: t.map(t.string(), "max=2"),
});

// ---------------------------------------------------------------- documents

/** Characters that make strings interesting: escapes, control characters, non-ASCII, emoji, lone surrogates. */
const CHARS = ["a", "b", "z", "Q", " ", "é", "日", "€", "😀", "👩‍👩‍👧", '"', "\\", "/", "\n", "\t", "\u0001", "\u2028", "\uD800", "\uDC00", "𝄞"];
const text = (min: number, max: number) => fc.array(fc.constantFrom(...CHARS), { minLength: min, maxLength: max }).map((a) => a.join(""));
const shortText = (max: number) => fc.oneof({ arbitrary: text(0, max), weight: 3 }, { arbitrary: fc.constantFrom("news", "blog", "日記", "😀x", "a", "ccc", "é😀"), weight: 2 });

/** Any JSON value, small (a few scalars deep). */
const scalar = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), text(0, 4), fc.boolean(), fc.constant(null));
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: scalar, weight: 4 },
  { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(text(0, 3), fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })), { maxKeys: 3 }), weight: 1 },
);
const wrong = fc.oneof(fc.integer({ min: -300, max: 300 }), fc.double({ noNaN: true, noDefaultInfinity: true }), text(0, 3), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
/** Mostly the right type (in or out of bounds), now and then any value: a type error. */
const ok = <T>(arb: fc.Arbitrary<T>, wrongWeight = 1) => fc.oneof({ arbitrary: arb, weight: 80 }, { arbitrary: wrong as fc.Arbitrary<unknown>, weight: wrongWeight });
/** Mostly a value within the field's constraints, sometimes one that breaks them. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: bad, weight: 1 });
const unknownKeys = fc.dictionary(fc.oneof(text(1, 3), fc.constantFrom("zz", "extra", "é", "😀")), jsonValue, { maxKeys: 2 });

function withUnknown(arb: fc.Arbitrary<Record<string, unknown>>, weight = 1): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(arb, fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: unknownKeys, weight })).map(([known, extra]) => {
    const out: Record<string, unknown> = { ...known };
    for (const [k, v] of Object.entries(extra)) if (!(k in out)) out[k] = v;
    return out;
  });
}

const authorArb = withUnknown(fc.record({ name: ok(mostly(text(1, 12), text(0, 14))), email: ok(mostly(fc.constantFrom(null, "a@b.co", "x.y@example.org"), fc.constant("bad"))) }, { requiredKeys: ["name"] }));
const sectionArb = (paragraph: fc.Arbitrary<string>, maxParagraphs: number) => withUnknown(fc.record({
  heading: ok(mostly(text(1, 16), text(0, 18))),
  paragraphs: ok(fc.oneof(mostly(fc.array(paragraph, { maxLength: Math.min(3, maxParagraphs) }), fc.array(paragraph, { maxLength: maxParagraphs })), fc.constant(null))),
  level: ok(mostly(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 7 }))),
}, { requiredKeys: ["heading", "paragraphs", "level"] }));

const articleArb = (paragraph: fc.Arbitrary<string>, maxSections: number, maxParagraphs: number) => withUnknown(fc.record({
  title: ok(mostly(text(1, 24), text(0, 26))),
  kind: ok(mostly(fc.constantFrom("news", "blog", "日記", "😀x"), shortText(3))),
  sections: ok(fc.oneof({ arbitrary: mostly(fc.array(sectionArb(paragraph, maxParagraphs), { maxLength: Math.min(4, maxSections) }), fc.array(sectionArb(paragraph, maxParagraphs), { maxLength: maxSections })), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 })),
  tags: ok(mostly(fc.uniqueArray(fc.constantFrom("a", "b", "é", "😀", "\uD800", "x/y"), { maxLength: 5 }), fc.array(fc.constantFrom("a", "b", "é", "😀", "\uD800", "x/y"), { maxLength: 6 }))),
  scores: ok(fc.dictionary(text(0, 3), ok(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer())), { maxKeys: 4 })),
  author: ok(fc.option(authorArb, { nil: null })),
  rating: ok(fc.option(mostly(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -7, max: 7 })), { nil: null })),
  meta: jsonValue,
  published: ok(mostly(fc.constantFrom(null, "2024-02-29T12:34:56.789+01:00", "2024-01-01T00:00:00Z"), fc.constant("2023-02-29T00:00:00Z"))),
  flags: ok(fc.array(fc.boolean(), { maxLength: 3 })),
}, { requiredKeys: ["title", "kind", "sections", "tags", "scores", "meta", "flags"] }));

const innerArb = withUnknown(fc.record({ x: ok(mostly(fc.integer({ min: 0, max: 40 }), fc.integer({ min: -2, max: 40 }))), label: ok(mostly(text(0, 6), text(0, 8))) }), 2);
const openArb = withUnknown(fc.record({
  name: ok(mostly(text(0, 8), text(0, 10))),
  inner: ok(fc.option(innerArb, { nil: null })),
  items: ok(mostly(fc.array(innerArb, { maxLength: 3 }), fc.array(innerArb, { maxLength: 4 }))),
}), 2);

const treeArb: fc.Arbitrary<unknown> = fc.letrec<{ tree: Record<string, unknown> }>((tie) => ({
  tree: withUnknown(fc.record({
    label: ok(mostly(fc.constantFrom("a", "b", "ccc", "é😀"), shortText(2))),
    children: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant([]), mostly(fc.array(tie("tree"), { maxLength: 3 }), fc.array(tie("tree"), { maxLength: 4 }))),
    attrs: ok(mostly(fc.dictionary(text(0, 2), ok(text(0, 4)), { maxKeys: 2 }), fc.dictionary(text(0, 2), ok(text(0, 4)), { maxKeys: 3 }))),
  }, { requiredKeys: ["label"] })),
})).tree;

/** How the text is written: raw, non-ASCII (UTF-16 units, so pairs too) as \u escapes, some of them and \/. */
const writeArb = fc.record({
  indent: fc.constantFrom(undefined, undefined, 0, 1, "\t", " \r\n"),
  escape: fc.constantFrom("raw", "raw", "all", "some"),
  order: fc.nat(),
  /** 0..7: a whole document; 8: cut short; 9: a byte broken. */
  damage: fc.integer({ min: 0, max: 9 }),
  at: fc.nat(),
});

function shuffleKeys(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x) => shuffleKeys(x, seed));
  if (v === null || typeof v !== "object") return v;
  const next = rng(seed);
  const entries = Object.entries(v).map(([k, x]) => [k, shuffleKeys(x, seed + 1)] as const);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  return Object.fromEntries(entries);
}

interface Doc {
  text: string;
  damage: string;
}

type Writing = { indent: string | number | undefined; escape: string; order: number; damage: number; at: number };

function write(value: unknown, w: Writing): Doc {
  let s = JSON.stringify(w.order % 3 === 0 ? shuffleKeys(value, w.order) : value, null, w.indent);
  let k = 0;
  // non-ASCII and '/' only occur inside strings (keys too) in JSON text, so escaping them here is safe
  if (w.escape === "all") s = s.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (w.escape === "some") s = s.replace(/[^\x00-\x7f]|\//g, (c) => (k++ % 2 === 0 ? (c === "/" ? "\\/" : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`) : c));
  if (w.damage === 8 && s.length > 1) return { text: s.slice(0, 1 + (w.at % (s.length - 1))), damage: "cut short" };
  if (w.damage === 9 && s.length > 2) {
    // replace a structural or value character with one that cannot stand there
    const i = 1 + (w.at % (s.length - 2));
    const bad = ["}", ",", ":", "]", "x", '"', "\\"][w.at % 7];
    return { text: s.slice(0, i) + bad + s.slice(i + 1), damage: "broken" };
  }
  return { text: s, damage: "" };
}

interface Target {
  name: string;
  validator: Validator;
  parser: StreamParser;
  /** A parser that only checks (the CLI's --document): no value, partial or early reports. */
  checker: StreamParser;
}

function target(name: string, m: Model, options: ValidatorOptions = {}): Target {
  const validator = new Validator(m, options);
  return { name, validator, parser: new StreamParser(validator), checker: new StreamParser(validator).validateOnly() };
}

const articleStrict = target("Article (strict missing, ignore)", Article);
const articleForbid = target("Article (forbid, lax missing)", Article, { extraFields: "forbid", strictMissingFields: false });
const openAllow = target("Open (allow: extras)", Open, { extraFields: "allow", strictMissingFields: false });
const treeForbid = target("Tree (forbid)", Tree, { extraFields: "forbid", strictMissingFields: false });
const reportStrict = target("Report (strict missing, ignore)", Report);
const reportForbid = target("Report (forbid)", Report, { extraFields: "forbid" });

// ---------------------------------------------------------------- the runs

/** Documents up to this many bytes are cut at every byte; longer ones in random chunks. */
const EVERY_SPLIT_UP_TO = 400;

const stats = { documents: 0, largeBytes: 0, runs: 0, checkedOnly: 0, bytes: 0, endings: {} as Record<string, number>, early: 0, earlyDocs: 0, skippedTrailing: 0, maxBytes: 0 };
afterAll(() => console.log(`stream-equivalence: ${JSON.stringify(stats)}`));

/**
 * Every way of feeding `doc` this file tries; returns the differences found (at most a few).
 * `small`: every two-chunk split and one unit at a time; otherwise `cuts` random cuts of 1..64.
 */
function check(tg: Target, doc: Doc, small: boolean, seed: number, cuts = 3): Difference[] {
  const bytes = utf8(doc.text);
  const wantString = oneShot(tg.validator, doc.text);
  const wantBytes = oneShot(tg.validator, bytes);
  // a document that closes before its end: a known divergence, tested on its own (stream-early)
  if ([wantString, wantBytes].some((w) => w.status === "syntax" && w.message.startsWith("unexpected data after the document"))) {
    stats.skippedTrailing++;
    return [];
  }
  stats.documents++;
  stats.bytes += bytes.length;
  stats.maxBytes = Math.max(stats.maxBytes, bytes.length);
  stats.endings[wantBytes.status] = (stats.endings[wantBytes.status] ?? 0) + 1;
  const out: Difference[] = [];
  let sawEarly = false;
  const run = (chunks: (string | Uint8Array)[], how: string, want: Ending, partials = false) => {
    if (out.length >= 3) return;
    stats.runs++;
    const states: unknown[] = [];
    let fed = 0;
    let prefix = "";
    let stateError = "";
    const onResult = (x: StreamResult<unknown>, i: number) => {
      states.push(x.partial);
      if (i === chunks.length || x.done) return;
      // before the end: every byte fed is counted (a string's trailing high surrogate waits for its pair)
      const c = chunks[i];
      if (typeof c === "string") { prefix += c; fed = utf8(prefix).length; } else fed += c.length;
      const held = typeof c === "string" && /[\uD800-\uDBFF]$/.test(c) ? 3 : 0;
      if (!stateError && (x.state.chunks !== i + 1 || x.state.bytesReceived < fed - held || x.state.bytesReceived > fed)) {
        stateError = `after chunk ${i}: state ${JSON.stringify(x.state)}, ${fed} bytes fed`;
      }
    };
    const r = feedAll(tg.parser, chunks, partials ? { onResult } : {});
    if (stateError) out.push({ kind: "state counts", text: `${tg.name}, ${how}: ${stateError}\n  document ${JSON.stringify(doc.text)}` });
    if (r.early.length > 0) { stats.early += r.early.length; sawEarly = true; }
    for (const d of differences(r, want)) out.push({ kind: d.kind, text: `${tg.name}, ${how}: ${d.text}\n  document ${JSON.stringify(doc.text)}` });
    if (partials) {
      // the same chunks, only checked: the same ending without the value, and nothing on the way
      // (field errors compared without their offsets: with no early report, one is dated when its record comes)
      stats.checkedOnly++;
      let built = "";
      const c = feedAll(tg.checker, chunks, { onResult: (x) => { if (x.partial !== undefined || x.value !== undefined) built ||= `built ${JSON.stringify(x)}; `; } });
      const ending = r.ending.status === "valid" ? { status: "valid", value: undefined } : r.ending;
      if (built || c.early.length > 0 || !isDeepStrictEqual(c.ending, ending)) {
        out.push({ kind: "checked only: not the same ending", text: `${tg.name}, ${how}: ${built}${JSON.stringify(c.ending)} vs ${JSON.stringify(ending)}\n  document ${JSON.stringify(doc.text)}` });
      }
    }
    if (partials && (r.ending.status === "valid" || r.ending.status === "invalid")) {
      const last = r.final.partial;
      // each partial an earlier state of the last one and of the next one
      const i = states.findIndex((p, k) => p !== undefined && (!isEarlierState(p, last) || (k + 1 < states.length && !isEarlierState(p, states[k + 1]))));
      if (i >= 0) out.push({ kind: "partial not an earlier state", text: `${tg.name}, ${how}: partial after chunk ${i} ${JSON.stringify(states[i])} is not an earlier state of ${JSON.stringify(last)}\n  document ${JSON.stringify(doc.text)}` });
    }
  };
  if (small && bytes.length <= EVERY_SPLIT_UP_TO) {
    for (const c of everySplit(bytes)) run(c, `bytes cut at ${c[0].length}`, wantBytes);
    for (const c of everySplit(doc.text)) run(c, `string cut at ${c[0].length}`, wantString);
    run(singles(bytes), "one byte at a time", wantBytes, true);
    run(singles(doc.text), "one UTF-16 unit at a time", wantString, true);
  } else {
    stats.largeBytes += bytes.length;
    const next = rng(seed);
    for (let k = 0; k < cuts; k++) {
      const sizes = randomSizes(bytes.length, 64, next);
      run(cut(bytes, sizes), `byte chunks ${sizes.slice(0, 8).join(",")}...`, wantBytes, k === 0);
      run(cut(doc.text, sizes), `string chunks ${sizes.slice(0, 8).join(",")}...`, wantString);
    }
  }
  if (sawEarly) stats.earlyDocs++;
  return out;
}

/**
 * Generate `count` documents (fixed seed: the same documents every run) and check each; returns
 * the differences by kind: how many runs showed it, and the one on the shortest document.
 */
function checkMany(tg: Target, arb: fc.Arbitrary<unknown>, count: number, seed: number, small: boolean): string[] {
  const docs = fc.sample(fc.tuple(arb, writeArb).map(([v, w]) => write(v, w)), { seed, numRuns: count });
  const kinds = new Map<string, { runs: number; example: string }>();
  docs.forEach((doc, i) => {
    for (const d of check(tg, doc, small, seed + i)) {
      const k = kinds.get(d.kind);
      if (!k) kinds.set(d.kind, { runs: 1, example: d.text });
      else {
        k.runs++;
        if (d.text.length < k.example.length) k.example = d.text;
      }
    }
  });
  return [...kinds].map(([kind, { runs, example }]) => `${kind} (${runs} runs), e.g. ${example}`);
}

const smallParagraph = text(0, 12);
const longParagraph = fc.tuple(fc.lorem({ maxCount: 80 }), text(0, 20)).map(([a, b]) => a + b);
const chapterArb = withUnknown(fc.record({
  heading: ok(mostly(fc.lorem({ maxCount: 6 }), text(70, 90))),
  paragraphs: ok(mostly(fc.array(longParagraph, { minLength: 1, maxLength: 8 }), fc.array(longParagraph, { maxLength: 10 }))),
  level: ok(mostly(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 7 }))),
}));
const reportArb = withUnknown(fc.record({
  title: ok(mostly(fc.lorem({ maxCount: 10 }), text(100, 130))),
  summary: ok(fc.tuple(fc.lorem({ maxCount: 120 }), text(0, 30)).map(([a, b]) => b + a + b)),
  chapters: ok(mostly(fc.array(chapterArb, { minLength: 2, maxLength: 16 }), fc.array(chapterArb, { maxLength: 18 }))),
  tags: ok(mostly(fc.uniqueArray(fc.lorem({ maxCount: 1 }), { maxLength: 8 }), fc.array(fc.constantFrom("a", "b", "😀"), { maxLength: 9 }))),
  scores: ok(fc.dictionary(text(0, 4), fc.double({ noNaN: true, noDefaultInfinity: true }), { maxKeys: 6 })),
  meta: jsonValue,
}, { requiredKeys: ["title", "summary", "chapters", "tags", "scores", "meta"] }));

describe("1,000 generated documents: streamed in every way, the same ending as one-shot", () => {
  it("Article, default options: 300 small documents, every byte and UTF-16 split, one unit at a time", () => {
    expect(checkMany(articleStrict, articleArb(smallParagraph, 2, 2), 300, 4001, true)).toEqual([]);
  });

  it("Article under forbid (unknown keys): 200 small documents, every split", () => {
    expect(checkMany(articleForbid, articleArb(smallParagraph, 2, 2), 200, 4002, true)).toEqual([]);
  });

  it("Open under allow (extras captured at each level): 200 small documents, every split", () => {
    expect(checkMany(openAllow, openArb, 200, 4003, true)).toEqual([]);
  });

  it("Tree under forbid (recursive, maps, oneof): 200 small documents, every split", () => {
    expect(checkMany(treeForbid, treeArb, 200, 4004, true)).toEqual([]);
  });

  it("large LLM-like reports (long paragraphs, many chapters): 100 documents, random chunks of 1..64", () => {
    const failures = [
      ...checkMany(reportStrict, reportArb, 50, 4005, false),
      ...checkMany(reportForbid, reportArb, 50, 4006, false),
    ];
    expect(failures).toEqual([]);
  });
});

// ---------------------------------------------------------------- partials read late

/** For each partial after the first, the containers it renewed (new identities) against the one before. */
function renewedSequence(partials: readonly unknown[]): (string | number)[][][] {
  return partials.slice(1).map((p, i) => renewals(partials[i], p).renewed);
}

describe("partials read late: a result's partial is its own moment, whenever it is read", () => {
  // the reference reads each partial right after its chunk; the others read them after the whole
  // stream, in order and in a shuffled order
  const cases: [Target, fc.Arbitrary<unknown>, number][] = [
    [articleStrict, articleArb(smallParagraph, 3, 3), 5001],
    [openAllow, openArb, 5002],
    [treeForbid, treeArb, 5003],
  ];
  for (const [tg, arb, seed] of cases) {
    it(`${tg.name}: 60 documents in random chunks of 1..12 bytes`, () => {
      const docs = fc.sample(fc.tuple(arb, writeArb).map(([v, w]) => write(v, w)), { seed, numRuns: 60 });
      const next = rng(seed);
      let reads = 0;
      for (const doc of docs) {
        const chunks = cut(utf8(doc.text), randomSizes(utf8(doc.text).length, 12, next));
        const atOnce = feedAll(tg.parser, chunks, { keep: true, onResult: (r) => void r.partial }).results.map((r) => r.partial);
        const late = feedAll(tg.parser, chunks, { keep: true }).results;
        const order = late.map((_, i) => i);
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
        const shuffled = new Map(order.map((i) => [i, late[i].partial]));
        late.forEach((r, i) => {
          expect(shuffled.get(i), `${tg.name}: partial after chunk ${i} of ${JSON.stringify(doc.text)}`).toEqual(atOnce[i]);
          expect(r.partial).toBe(shuffled.get(i)); // read again: the same value
          reads++;
        });
        // read in order after the fact, partials share exactly what they share when read at once
        const lateInOrder = feedAll(tg.parser, chunks, { keep: true }).results.map((r) => r.partial);
        expect(renewedSequence(lateInOrder), `${tg.name}: ${JSON.stringify(chunks.map((c) => new TextDecoder().decode(c)))}`).toEqual(renewedSequence(atOnce));
        expect(lateInOrder).toEqual(atOnce);
      }
      expect(reads).toBeGreaterThan(1000);
    });
  }

  it("spreading drops the getter, JSON and toJSON keep it; no value until complete", () => {
    const p = new StreamParser(model("Tiny", { title: t.string("max=5"), n: t.int() }));
    const r = p.feed('{"title":"ab');
    expect(JSON.parse(JSON.stringify(r)).partial).toEqual({ title: "ab" });
    expect(r.partial).toEqual({ title: "ab" });
    expect(Object.keys(r)).not.toContain("partial"); // a getter on the result's prototype
    expect("value" in r).toBe(false); // no value until the document is complete and valid
    const done = p.feed('","n":1}');
    expect(done.errors).toEqual([]);
    expect(done.value).toEqual({ title: "ab", n: 1 });
    expect(JSON.parse(JSON.stringify(done))).toEqual({ done: true, partial: { title: "ab", n: 1 }, value: { title: "ab", n: 1 }, errors: [], state: JSON.parse(JSON.stringify(done.state)) });
  });
});
