// Review of the speed-only commits ba84438, df81c99, 9c22d80 and be673e8: none may change a result.
// 1. Pinned: every case of test/support/perf-review-cases.ts (mismatches at each kind of site
//    followed by each kind of syntax error, limits, BOMs, invalid UTF-8, buffer growth; error
//    values and got texts; marshal / newModel / ~standard / dict of odd strings and leaf lists;
//    keys in and out of declaration order, one-shot and streamed) gives what the code at 0b2d404
//    gave (test/golden/perf-changes-review.json, written by running that code; the review's
//    old-vs-new script compared about 860,000 further generated cases and found no difference).
// 2. Differential, against oracles in this repository: the two-pass form (test/support/chunked.ts
//    runChunks: the run stops at the mismatch, then a separate syntax-only pass), JSON.parse for
//    error values, newModel's ConversionError for ~standard's issue, and unmarshal of
//    JSON.stringify's text for newModel's lists of leaves.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as api from "../bindings/index.js";
import { model, t } from "../bindings/model.js";
import { Validator } from "../bindings/validator.js";
import { ConversionError, UnmarshalTypeError, ValidationError } from "../bindings/errors.js";
import { issuesOf } from "../bindings/standard-schema.js";
import { runChunks, unmarshalOutcome } from "./support/chunked.js";
import { perfReviewCases, plain } from "./support/perf-review-cases.js";

const golden = JSON.parse(readFileSync(new URL("./golden/perf-changes-review.json", import.meta.url), "utf8")) as Record<string, unknown>;

describe("pinned cases: the results of 0b2d404", () => {
  const cases = perfReviewCases(api);
  it("one golden result per case", () => {
    expect(cases.map(([name]) => name)).toEqual(Object.keys(golden));
  });
  for (const [name, run] of cases) it(name, () => expect(run()).toEqual(golden[name]));
});

const Inner = model("Inner", { a: t.int8("gte=0"), tags: t.slice(t.string(), "unique"), at: t.time() });
const Node: ReturnType<typeof model> = model("Node", { v: t.int(), kids: t.slice(t.lazy(() => Node)) });
const Doc = model("Doc", {
  i: t.int(), u8: t.uint8(), f32: t.float32(), at: t.time(), s: t.string("max=3"), inner: Inner, list: t.slice(Inner),
  ints: t.slice(t.int16()), bools: t.slice(t.bool()), strs: t.slice(t.string(), "max=4"), times: t.slice(t.time()),
  pair: t.array(2, t.uint()), counts: t.map(t.int()), raw: t.any(), maybe: t.ptr(t.int32()), ptime: t.ptr(t.time()),
  node: Node, mm: t.map(t.slice(t.bool())), f: t.float64("gt=0"),
});

/** Where a mismatch stops the first pass: each kind of site (text up to and including the mismatched value). */
const SITES = [
  `"str"`, `123`, `[1,2`, `true`, `null`, `[{"i":1}`, `{"i":"x"`, `{"i":1.5`, `{"i":1e400`, `{"u8":300`, `{"u8":-1`,
  `{"f32":1e39`, `{"at":"bad"`, `{"at":5`, `{"maybe":"x"`, `{"maybe":1.5`, `{"ptime":"bad"`, `{"ptime":[1`,
  `{"inner":{"a":-1,"a":"x"`, `{"inner":{"a":300`, `{"inner":[1`, `{"ints":[1,2,"x"`, `{"ints":[1,2,1.5`, `{"ints":[70000`,
  `{"ints":[ 1 , 2 ,{`, `{"bools":[true,1`, `{"bools":[false,"t"`, `{"bools":[null,[`, `{"strs":["a",1`, `{"strs":["a\\n",{}`,
  `{"times":["2024-01-02T03:04:05Z","x"`, `{"times":[5`, `{"pair":[1,2,"x"`, `{"pair":[1,-1`, `{"pair":{`,
  `{"counts":{"a":"x"`, `{"counts":{"a":1,"b":1.5`, `{"counts":[`, `{"mm":{"a":[true,2`, `{"raw":[1,{"a":2}],"i":"x"`,
  `{"node":{"kids":[{"v":"x"`, `{"node":{"kids":[{"kids":[{"v":1.5`, `{"list":[{"tags":[1`, `{"s":"abcd","i":"x"`, `{"f":-1,"f":"x"`,
];
/** What follows the mismatch: nothing, or each kind of syntax error (some only where the context makes them one). */
const MIDDLES = [
  "", ",", `,"k":`, `,"k" 1`, `,"k":tru`, `,"k":01`, `,"k":-`, `,"k":1.`, `,"k":1e+`, `,"k":"\\q"`, `,"k":"\\u12g4"`,
  `,"k":"a\u0001"`, `,"k":[1,]`, `,"k":{"a":1,}`, `,"k":{"a"}`, `,"k":${"[".repeat(7)}${"]".repeat(7)}`,
  `,"k":${"[".repeat(1001)}${"]".repeat(1001)}`, `,"k":\uFEFF1`, `,"k":1 2`, `,1`, ` `, `]`, `}`,
];
const TAILS = ["", " \n\t\r", " x", "}", " {}"];

/** The brackets that close `text` (a string left open is closed first). */
function closers(text: string): string {
  const open: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") open.push(c === "{" ? "}" : "]");
    else if (c === "}" || c === "]") open.pop();
  }
  return (inString ? '"' : "") + open.reverse().join("");
}

describe("a mismatch at every kind of site, then every kind of syntax error: the two-pass oracle", () => {
  const validators = [new Validator(Doc), new Validator(Doc, { maxDepth: 5 }), new Validator(Doc, { maxErrors: 1, strictMissingFields: false })];
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  it("strings and bytes, 3 option sets", () => {
    const seen = { type: 0, syntaxAfterType: 0 };
    let compared = 0;
    for (const site of SITES) {
      const close = closers(site);
      const docs: (string | Uint8Array)[] = [site];
      for (const middle of MIDDLES) for (const tail of TAILS) docs.push(site + middle + close + tail);
      // invalid UTF-8 after the mismatch: in a string, and between tokens
      for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
        docs.push(new Uint8Array([...enc.encode(site + `,"k":"a`), ...bad, ...enc.encode(`b"` + close)]));
        docs.push(new Uint8Array([...enc.encode(site + ","), ...bad, ...enc.encode(close)]));
      }
      for (const doc of docs) {
        for (const v of validators) {
          const want = runChunks(v, [doc]);
          expect(unmarshalOutcome(v, doc), typeof doc === "string" ? doc.slice(0, 200) : String(doc.slice(0, 200))).toEqual(want);
          compared++;
          if (typeof doc === "string") {
            expect(unmarshalOutcome(v, enc.encode(doc))).toEqual(runChunks(v, [enc.encode(doc)]));
            compared++;
          }
          if (want.status === "type") seen.type++;
          // (the text before the syntax error, read without the syntax pass, stops at a mismatch)
          if (want.status === "syntax" && "mistyped" in v.safeUnmarshalOwnText(dec.decode((typeof doc === "string" ? enc.encode(doc) : doc).subarray(0, want.offset)))) seen.syntaxAfterType++;
        }
      }
    }
    // every site reaches both outcomes many times
    console.log(`two-pass oracle: ${compared} compared, ${seen.type} type, ${seen.syntaxAfterType} syntax after a mismatch`);
    expect(seen.type).toBeGreaterThan(500);
    expect(seen.syntaxAfterType).toBeGreaterThan(10000);
    expect(compared).toBeGreaterThan(30000);
  });
});

describe("error values and ~standard issues", () => {
  const S = model("S", { s: t.string("max=0"), m: t.map(t.string(), "max=0") });
  const v = new Validator(S, { strictMissingFields: false });
  /** A string's JSON text with some ASCII characters written as \u escapes. */
  const written = fc.tuple(fc.string({ unit: "binary", maxLength: 80 }), fc.array(fc.boolean(), { maxLength: 80 })).map(([s, esc]) => ({
    s,
    text: `"${Array.from({ length: s.length }, (_, i) => {
      const c = s[i]!;
      return esc[i] && c >= " " && c <= "~" ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : JSON.stringify(c).slice(1, -1);
    }).join("")}"`,
  }));

  it("a string's error value is JSON.parse of its text (2,000 strings, as values and as map keys)", () => {
    fc.assert(fc.property(written, ({ s, text }) => {
      const r = v.safeUnmarshal(`{"s":${text},"m":{${text}:${text}}}`);
      if (s === "") return; // max=0 holds
      expect(r.ok).toBe(false);
      const errors = (r as { error: ValidationError }).error.errors;
      expect(errors[0]).toMatchObject({ field: "s", value: JSON.parse(text) });
    }), { numRuns: 2000, seed: 20261125 });
  });

  const Typed = model("Typed", { i: t.int(), list: t.slice(t.uint8()), inner: Inner, by: t.map(t.time()) });
  const tv = new Validator(Typed, { strictMissingFields: false });
  const wrong = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer({ min: -300, max: 300 }), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "tags", "at", "x"), fc.oneof(fc.string(), fc.integer())));
  const objects = fc.dictionary(fc.constantFrom("i", "list", "inner", "by", "", "x"), wrong, { maxKeys: 4 });

  it("~standard's issue of a mismatch is the one newModel's ConversionError makes (3,000 objects)", () => {
    let conversions = 0;
    fc.assert(fc.property(objects, (o) => {
      const made = tv.safeNewModel(o as never);
      const got = tv["~standard"].validate(o);
      if (made.ok) return void expect(got).toEqual({ value: made.value });
      if (made.error instanceof ConversionError) conversions++;
      expect(got).toEqual({ issues: issuesOf(made.error, { kind: "model", model: tv.program.resolved.root }, o) });
    }), { numRuns: 3000, seed: 7 });
    expect(conversions).toBeGreaterThan(500);
  });
});

describe("newModel's lists of leaves: as unmarshal reads JSON.stringify's text", () => {
  const L = model("L", {
    ss: t.slice(t.string(), "max=2"), ns: t.slice(t.int8()), fs: t.slice(t.float64()), bs: t.array(2, t.bool()),
    ps: t.slice(t.ptr(t.string())), an: t.slice(t.any()), ls: t.slice(t.slice(t.int())), ts: t.slice(t.time()),
  });
  const leaf = fc.oneof(fc.string({ unit: "binary", maxLength: 70 }), fc.integer({ min: -200, max: 200 }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.double({ noNaN: true, noDefaultInfinity: true, noNegativeZero: true }), fc.constant("2024-01-02T03:04:05Z"));
  const list = fc.oneof(fc.array(leaf, { maxLength: 5 }), fc.sparseArray(leaf, { maxLength: 5 }));
  const objects = fc.record({ ss: list, ns: list, fs: list, bs: list, ps: list, an: list, ls: fc.array(list, { maxLength: 2 }), ts: list }, { requiredKeys: [] });

  for (const maxDepth of [1000, 2]) {
    it(`maxDepth ${maxDepth}: 3,000 objects`, () => {
      const v = new Validator(L, { strictMissingFields: false, maxDepth });
      fc.assert(fc.property(objects, (o) => {
        const made = v.safeNewModel(o as never);
        const read = v.safeUnmarshal(JSON.stringify(o));
        if (made.ok || !(made.error instanceof ConversionError)) {
          // (-0 and undefined are as JSON writes them; a ValidationError's values are the text's)
          return void expect(plain(made)).toEqual(plain(read));
        }
        // a mismatch: newModel's ConversionError says what unmarshal's UnmarshalTypeError says;
        // a list nested past maxDepth is newModel's error before any JSON is read
        const e = made.error;
        if (read.ok === false && read.error instanceof UnmarshalTypeError) {
          expect([e.field, e.expected, e.got]).toEqual([read.error.field, read.error.expected, read.error.got]);
        } else expect(e.message).toMatch(/nested deeper than 2 levels/);
      }), { numRuns: 3000, seed: maxDepth });
    });
  }
});
