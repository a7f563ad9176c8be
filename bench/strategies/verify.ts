/**
 * Checks that value-building strategies agree with the reference (B, the bindings' TapeReader):
 * same verdict, and for accepted documents a deep-equal value with the same key order; for
 * rejected ones the same error class and message. Run over the bench corpus, over a model that
 * uses every kind (ptr, time, fixed arrays, maps, any, nested and recursive models, json:"-",
 * defaults, a key named like an Object.prototype member, extras under ExtraAllow) with documents
 * aimed at the fix-ups, and over the accepted `unmarshal` cases of the conformance suite.
 */
import { existsSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { Validator, model, t, type Model, type ValidatorOptions } from "../../bindings/index.js";
import type { Result } from "../../bindings/validator.js";
import { buildModels, loadCases } from "../../test/support/cases.js";
import type { Strategy } from "./common.js";

export interface Mismatch {
  strategy: string;
  input: string;
  why: string;
}

export interface VerifyReport {
  /** Documents each strategy ran on (each as a string and as UTF-8 bytes). */
  documents: number;
  /** Of those, accepted (so values compared). */
  accepted: number;
  mismatches: Mismatch[];
}

const encoder = new TextEncoder();

/** Deep equality that also requires the same key order at every level. */
export function sameValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);
}

function describe(r: Result<unknown>): string {
  return r.ok ? `ok ${JSON.stringify(r.value)}` : `${r.error.constructor.name}: ${r.error.message}`;
}

function compare(a: Result<unknown>, b: Result<unknown>): string | undefined {
  if (a.ok !== b.ok) return `verdicts differ: ${describe(a)} vs ${describe(b)}`;
  if (a.ok && b.ok) return sameValue(a.value, b.value) ? undefined : `values differ: ${describe(a)} vs ${describe(b)}`;
  if (!a.ok && !b.ok && (a.error.constructor !== b.error.constructor || a.error.message !== b.error.message)) {
    return `errors differ: ${describe(a)} vs ${describe(b)}`;
  }
  return undefined;
}

/** Runs every strategy and the reference over `docs` under one validator; adds to `report`. */
export function verifyOn(
  strategies: readonly Strategy[],
  reference: Strategy,
  validator: Validator,
  docs: readonly string[],
  report: VerifyReport,
  maxListed = 20,
): void {
  const ref = reference.make(validator);
  const runs = strategies.filter((s) => s !== reference).map((s) => ({ s, run: s.make(validator) }));
  for (const doc of docs) {
    const bytes = encoder.encode(doc);
    const expected = ref(doc);
    report.documents++;
    if (expected.ok) report.accepted++;
    const fromBytes = ref(bytes);
    const selfWhy = compare(fromBytes, expected);
    if (selfWhy && report.mismatches.length < maxListed) {
      report.mismatches.push({ strategy: `${reference.name} (bytes vs string)`, input: doc, why: selfWhy });
    }
    for (const { s, run } of runs) {
      for (const [form, data] of [["string", doc], ["bytes", bytes]] as const) {
        const why = compare(run(data), expected);
        if (why && report.mismatches.length < maxListed) report.mismatches.push({ strategy: `${s.name} (${form})`, input: doc, why });
      }
    }
  }
}

// --- a model with every kind, and documents aimed at the fix-ups ----------------------------------

const Address = model("Address", {
  city: t.string("required"),
  zip: t.ptr(t.string()),
  rest: t.extras(),
});
const Tree: Model = model("Tree", {
  label: t.string('json:"label"'),
  kids: t.slice(t.lazy((): Model => Tree)),
});
const Rich = model("Rich", {
  id: t.int64('json:"ID"'),
  title: t.string("default=untitled"),
  score: t.float64(),
  count: t.uint8("default=7"),
  ok: t.bool(),
  nick: t.ptr(t.string()),
  born: t.time(),
  seen: t.ptr(t.time()),
  tags: t.slice(t.string()),
  grid: t.array(3, t.int()),
  scores: t.map(t.float64()),
  meta: t.any(),
  home: t.model(Address),
  work: t.ptr(t.model(Address)),
  tree: t.ptr(t.model(Tree)),
  secret: t.string('json:"-"'),
  toString: t.string(),
  rest: t.extras(),
});

const RICH_DOCS = [
  "{}",
  `{"ID":42,"title":"T","score":1.5,"count":3,"ok":true,"nick":"n","born":"2024-02-29T12:30:00Z","seen":"2000-01-01T00:00:00.5+02:00","tags":["a","b"],"grid":[1,2,3],"scores":{"x":1,"y":-0.25},"meta":{"deep":[1,{"k":null}]},"home":{"city":"Oslo","zip":"0150"},"work":{"city":"Bergen"},"tree":{"label":"r","kids":[{"label":"c","kids":null},{"label":"d","kids":[]}]},"toString":"s"}`,
  `{"ID":null,"title":null,"score":null,"count":null,"ok":null,"nick":null,"born":null,"seen":null,"tags":null,"grid":null,"scores":null,"meta":null,"home":null,"work":null,"tree":null,"toString":null}`,
  `{"tags":["x",null,"y"],"grid":[7],"scores":{"a":null,"b":2}}`,
  `{"grid":[1,2,3,4,5],"tags":[]}`,
  `{"title":"caf\\u00e9 \\"q\\" \\ud83d\\ude00","nick":"\\n\\t","home":{"city":"\\u0041"},"scores":{"k\\u00e9y":3}}`,
  `{"title":"Zoë 𠮷 李雷 🌸","home":{"city":"Zürich","zip":null}}`,
  `{"unknown":1,"also":{"nested":[true]},"home":{"city":"A","x":"y","z":[1]},"ID":1}`,
  `{"ID":1,"ID":2,"title":"first","title":"second"}`,
  `{"secret":"should be dropped","rest":{"not":"read"},"toString":"own"}`,
  `{"meta":"str","ID":-9007199254740991}`,
  `{"meta":12.5e3}`,
  `{"meta":[1,"two",null]}`,
  `{"score":0,"count":255,"born":"0001-01-01T00:00:00Z"}`,
  ` { "ok" : false , "home" : { "city" : "x" } } `,
  `{"tree":{"label":"a","kids":[{"label":"b","kids":[{"label":"c"}]}]}}`,
  `{"home":{"zip":"1"}}`, // home.city is required: rejected
  `{"grid":"no"}`, // type error
  `{"ID":1.5}`, // not an integer
  `{"title":"x"`, // syntax error
];

/**
 * Documents on which strategies reading different sources may part: reported with what each
 * strategy builds, not counted as mismatches.
 */
export const KNOWN_DIFFERENCES: readonly { doc: string; why: string }[] = [
  {
    doc: `{"score":-0}`,
    why: "A takes JSON.parse's -0 (as Go's strconv.ParseFloat gives for a float64); the tape strategies " +
      "take the f64 the core's number parser wrote",
  },
];

/** What each strategy builds for KNOWN_DIFFERENCES (under the every-kind model). */
export function knownDifferences(strategies: readonly Strategy[]): string[] {
  const validator = new Validator(Rich, { extraFields: "allow", strictMissingFields: false });
  const runs = strategies.map((s) => ({ s, run: s.make(validator) }));
  return KNOWN_DIFFERENCES.map(({ doc, why }) => {
    const got = runs.map(({ s, run }) => {
      const r = run(doc);
      const score = r.ok ? (r.value as { score: number }).score : undefined;
      return { s: s.name.split(":")[0], score: Object.is(score, -0) ? "-0" : String(score) };
    });
    const same = got.every((g) => g.score === got[0]?.score);
    return same
      ? `${doc}: every strategy gives score=${got[0]?.score} (${why})`
      : `${doc} DIFFERS: ${got.map((g) => `${g.s} score=${g.score}`).join(", ")} (${why})`;
  });
}

function verifyCases(strategies: readonly Strategy[], reference: Strategy, report: VerifyReport): number {
  if (!process.env.CHECKER_CASES && !existsSync(new URL("../../../shared/conformance/cases.json", import.meta.url))) return 0;
  let cases = 0;
  for (const c of loadCases()) {
    if (c.op !== "unmarshal" || c.scope !== "spec" || c.globalTagName !== undefined || c.root === null) continue;
    let validator: Validator;
    try {
      validator = new Validator(buildModels(c)[c.root] as Model, (c.options ?? {}) as ValidatorOptions);
    } catch {
      continue; // a case about a model error
    }
    verifyOn(strategies, reference, validator, [c.input as string], report);
    cases++;
  }
  return cases;
}

/**
 * Verifies the strategies against the reference beyond the corpus: the every-kind model under
 * ExtraAllow (missing fields allowed) and under the defaults, then the conformance cases.
 */
export function verifyBeyondCorpus(strategies: readonly Strategy[], reference: Strategy): VerifyReport & { cases: number } {
  const report: VerifyReport = { documents: 0, accepted: 0, mismatches: [] };
  verifyOn(strategies, reference, new Validator(Rich, { extraFields: "allow", strictMissingFields: false }), RICH_DOCS, report);
  const Plain = model("Plain", { ...Rich.shape, rest: t.any() });
  verifyOn(strategies, reference, new Validator(Plain, { strictMissingFields: false }), RICH_DOCS, report);
  const cases = verifyCases(strategies, reference, report);
  return { ...report, cases };
}
