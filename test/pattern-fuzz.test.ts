// Generative differential review of `regexp=` against Google's RE2 (re2-wasm), through the public
// API: generated patterns (test/support/pattern-fuzz-gen.ts) must be accepted or refused as RE2
// does (a refusal is a ModelError quoting the pattern and RE2's reason), an accepted one must
// accept and reject the same strings in unmarshal (WASM) and validate() (TypeScript), the
// schema's ECMAScript rewrite must too, and no pattern or input may take more than linear time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, ModelError, t, ValidationError, Validator } from "../bindings/index.js";
import { ecmaScriptPattern } from "../bindings/pattern/ecmascript.js";
import { compilePattern, matchPattern } from "../bindings/pattern/index.js";
import { lazyDfaOf } from "../bindings/pattern/lazy-dfa.js";
import { H_NINST } from "../bindings/pattern/program.js";
import { expectTyped, fe, one } from "./support/directive-harness.js";
import { fuzzPatternArb, inputsArb, type GenPattern } from "./support/pattern-fuzz-gen.js";
import { re2Accepts, withRE2, type Oracle } from "./support/pattern-oracle.js";

const show = (s: string): string => JSON.stringify(s);

/**
 * The `regexp=` directive for a pattern and the pattern checker reads from it (README
 * "Patterns": `\,` is a literal comma). A pattern whose commas are all enclosed is written as it
 * is; any other has every comma escaped.
 */
function directiveOf(p: GenPattern): { tag: string; read: string } {
  let tag = "";
  let read = "";
  for (let i = 0; i < p.source.length; i++) {
    const c = p.source[i]!;
    if (c === "\\" && i + 1 < p.source.length) {
      const pair = c + p.source[++i]!;
      tag += pair;
      read += pair === "\\," ? "," : pair;
    } else {
      tag += c === "," && p.commasEnclosed === false ? "\\," : c;
      read += c;
    }
  }
  return { tag: `regexp=${tag}`, read };
}

/** RE2 sees what Go's encoding/json gives: a lone surrogate as U+FFFD. */
const asGoString = (s: string): string => s.toWellFormed();

type Built = { ok: true; v: Validator } | { ok: false; error: unknown };

function build(tag: string): Built {
  try {
    return { ok: true, v: new Validator(model("P", { s: t.string(tag) })) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** What checker says about s: passes (true) or a PATTERN_MISMATCH (false); anything else throws. */
function checkerSays(v: Validator, pattern: string, s: string, via: "unmarshal" | "validate"): boolean {
  const r = via === "unmarshal" ? v.safeUnmarshal(JSON.stringify({ s })) : v.safeValidate({ s });
  if (r.ok) return true;
  if (!(r.error instanceof ValidationError)) throw r.error;
  const [e, ...rest] = r.error.errors;
  expect(rest).toEqual([]);
  expect({ field: e!.field, code: e!.code, message: e!.message, value: e!.value }).toEqual({
    field: "s",
    code: "PATTERN_MISMATCH",
    message: `must match pattern ${pattern}`,
    value: s,
  });
  return false;
}

function ecmaSays(rewritten: string, s: string): boolean {
  return new RegExp(rewritten, "u").test(s);
}

/** Known differences of re2-wasm from Go (test/support/pattern-cases.ts MATCH_DEVIATIONS). */
function comparable(pattern: string, input: string): boolean {
  if (pattern.includes("\\B") && /[^\x00-\x7f]/.test(input)) return false;
  return true;
}

/**
 * `regexp=` with no pattern is a ModelError (README "Patterns"): the empty pattern, which RE2
 * matches everywhere, is checked on the engine (validate's matcher) and the ECMAScript rewrite.
 */
function emptyPatternDisagreements(inputs: readonly string[], o: Oracle): string[] {
  const built = build("regexp=");
  if (built.ok || !(built.error instanceof ModelError) || !built.error.message.includes("regexp needs a value")) {
    return [`regexp=: not the ModelError "regexp needs a value" (${built.ok ? "accepted" : String(built.error)})`];
  }
  const p = compilePattern("");
  const rewritten = ecmaScriptPattern("");
  return inputs
    .filter((s) => !o.ok || o.test(asGoString(s)) !== matchPattern(p, s) || o.test(asGoString(s)) !== ecmaSays(rewritten, s))
    .map((s) => `"" on ${show(s)}: RE2 ${o.ok && o.test(asGoString(s))}, matchPattern ${matchPattern(p, s)}, ECMAScript ${ecmaSays(rewritten, s)}`);
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A lone surrogate in a pattern is invalid UTF-8 to Go's regexp, so a ModelError (README
 * "Strings"). re2-wasm cannot judge: its UTF-8 conversion pairs a lone surrogate with the next
 * code unit, whatever that is.
 */
function loneSurrogateDisagreements(tag: string, pattern: string): string[] {
  const built = build(tag);
  const ok = !built.ok && built.error instanceof ModelError && built.error.message.includes(`regexp=${pattern}: invalid pattern: invalid UTF-8: `);
  return ok ? [] : [`${show(pattern)}: not the ModelError "invalid UTF-8" (${built.ok ? "accepted" : String(built.error)})`];
}

/** Every disagreement of checker with RE2 (which compiled `pattern`) on one directive and its inputs. */
function disagreements({ tag, read: pattern }: { tag: string; read: string }, inputs: readonly string[], o: Oracle): string[] {
  if (pattern === "") return emptyPatternDisagreements(inputs, o);
  if (LONE_SURROGATE.test(pattern)) return loneSurrogateDisagreements(tag, pattern);
  const built = build(tag);
  if (!o.ok) {
    if (built.ok) return [`${show(pattern)}: RE2 rejects (${o.error}), checker accepts`];
    if (!(built.error instanceof ModelError)) return [`${show(pattern)}: not a ModelError: ${String(built.error)}`];
    if (!built.error.message.includes(`regexp=${pattern}: invalid pattern: `)) {
      return [`${show(pattern)}: ModelError does not quote the pattern: ${built.error.message}`];
    }
    return [];
  }
  if (!built.ok) return [`${show(pattern)}: RE2 accepts, checker rejects (${String(built.error)})`];
  const out: string[] = [];
  const rewritten = ecmaScriptPattern(pattern);
  for (const input of inputs) {
    if (!comparable(pattern, input)) continue;
    const want = o.test(asGoString(input));
    const viaUnmarshal = checkerSays(built.v, pattern, input, "unmarshal");
    const viaValidate = checkerSays(built.v, pattern, input, "validate");
    const ecma = ecmaSays(rewritten, input);
    const pass = input === "" || want;
    if (viaUnmarshal !== pass || viaValidate !== pass || (input !== "" && ecma !== want)) {
      out.push(
        `${show(pattern)} on ${show(input)}: RE2 ${want}, unmarshal ${viaUnmarshal}, validate ${viaValidate}, ` +
          `ECMAScript ${show(rewritten)} ${ecma}`,
      );
    }
  }
  return out;
}

describe("generated patterns agree with RE2 (fast-check)", () => {
  const seed = Number(process.env.PATTERN_FUZZ_SEED ?? 20261124);
  const runs = Number(process.env.PATTERN_FUZZ_RUNS ?? 400);

  it(`acceptance, unmarshal, validate and the ECMAScript rewrite (seed ${seed}, ${runs} runs)`, () => {
    const seen = { pairs: 0, matches: 0, refused: 0, commas: 0 };
    fc.assert(
      fc.property(
        fuzzPatternArb.chain((p) => fc.tuple(fc.constant(p), inputsArb(p))),
        ([p, inputs]: [GenPattern, string[]]) => {
          // RE2 gets the pattern checker reads from the tag (`\,` there is `,`: `{2\,}` is `{2,}`)
          const directive = directiveOf(p);
          const bad = withRE2(directive.read, (o) => {
            if (!o.ok) seen.refused++;
            else {
              seen.pairs += inputs.length;
              seen.matches += inputs.filter((s) => o.test(asGoString(s))).length;
              if (p.source.includes(",") && p.commasEnclosed !== false) seen.commas++;
            }
            return disagreements(directive, inputs, o);
          });
          if (bad.length > 0) throw new Error(bad.join("\n"));
        },
      ),
      { seed, numRuns: runs },
    );
    if (process.env.PATTERN_FUZZ_RUNS) console.log(seen);
    // the generator exercises matches, non-matches, refusals and commas left as written in the tag
    expect(seen.matches).toBeGreaterThan(seen.pairs * 0.25);
    expect(seen.pairs - seen.matches).toBeGreaterThan(seen.pairs * 0.15);
    expect(seen.refused).toBeGreaterThan(runs * 0.05);
    expect(seen.commas).toBeGreaterThan(runs * 0.05);
  });
});

describe("what re2-wasm cannot judge", () => {
  it("a lone surrogate in a pattern is a ModelError (invalid UTF-8), wherever it stands", () => {
    for (const pattern of ["a\uD800", "\uDC00a", "[\uDBFF]", "(?i)x\uDFFF+"]) {
      expect(loneSurrogateDisagreements(`regexp=${pattern}`, pattern)).toEqual([]);
    }
  });

  it("the empty pattern: `regexp=` is a ModelError; the engine and the rewrite match everything", () => {
    withRE2("", (o) => expect(emptyPatternDisagreements(["", "a", "\n", "\uD800", "😀"], o)).toEqual([]));
  });
});

describe("the pattern in a directive list (README \"Patterns\"), pinned from the review", () => {
  /** `regexp=...,max=N`: the pattern read is `pattern`, and max=N still applies. */
  function expectSplit(tag: string, pattern: string, max: number, v: { pass: string; mismatch: string; tooLong: string }): void {
    const m = one(t.string(tag));
    expectTyped(m, { f: v.pass }, []);
    expectTyped(m, { f: v.mismatch }, [fe("f", "PATTERN_MISMATCH", `must match pattern ${pattern}`, v.mismatch)]);
    expectTyped(m, { f: v.tooLong }, [fe("f", "MAX_LENGTH", `must be at most ${max} characters`, v.tooLong)]);
  }

  it("a POSIX class inside brackets does not end the class: the comma after it is the pattern's", () => {
    // was: the value stopped at `^[[:alpha:]`, a ModelError (missing closing ])
    expectSplit("regexp=^[[:alpha:],]+$,max=5", "^[[:alpha:],]+$", 5, { pass: "a,b", mismatch: "a;b", tooLong: "ab,cde" });
  });

  it("brackets inside \\Q...\\E are text: a ( there does not swallow the next directive", () => {
    // was: `(` opened a group for the splitter, so `,max=2` became part of the pattern
    expectSplit("regexp=^\\Q(\\E,max=2", "^\\Q(\\E", 2, { pass: "((", mismatch: "x(", tooLong: "(((" });
  });

  it("a comma inside \\Q...\\E is the pattern's; an unclosed \\Q runs to the next comma", () => {
    // was: `\Qa,b\E` split into `\Qa` and an unknown directive `b\E`
    expectSplit("regexp=\\Qa,b\\E,max=4", "\\Qa,b\\E", 4, { pass: "a,b", mismatch: "a", tooLong: "a,b!!" });
    expectSplit("regexp=\\Q(,max=2", "\\Q(", 2, { pass: "x(", mismatch: "x", tooLong: "x((" });
  });

  it("a { that no } follows is a literal and does not swallow the next directive", () => {
    // was: the value was `a{,max=2` (RE2 reads it as text), and max=2 was lost
    expectSplit("regexp=a{,max=2", "a{", 2, { pass: "a{", mismatch: "ab", tooLong: "a{{" });
  });
});

describe("linear time and bounded memory", () => {
  const KB100 = 100_000;
  // The bound is on this process's CPU time, not the wall clock, which also counts the time other
  // processes had the core: on 2 cores with 4 busy loops and a second run of this file, the wall
  // clock read 2.0-6.9 s for the unmarshal of a{1000} or (?i)(?:.{1000})*z (10 runs of 10
  // failed), their CPU time 0.32-0.43 s.
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const cases: ReadonlyArray<{ pattern: string; input: string; want: boolean }> = [
    { pattern: "(a*)*b", input: "a".repeat(KB100), want: false },
    { pattern: "(a|a)*b", input: "a".repeat(KB100), want: false },
    { pattern: "(x+x+)+y", input: "x".repeat(KB100), want: false },
    { pattern: "(x+x+)+y", input: "x".repeat(KB100) + "y", want: true },
    { pattern: "a{1000}", input: ("a".repeat(999) + "b").repeat(100), want: false },
    { pattern: "a{1000}", input: ("a".repeat(999) + "b").repeat(100) + "a".repeat(1000), want: true },
    { pattern: "(a{999}|b)*c", input: "a".repeat(KB100), want: false },
    { pattern: "(?i)(?:.{1000})*z", input: ("é".repeat(999) + "\n").repeat(100), want: false },
    { pattern: "[\\x{80}-\\x{10FFFF}]{1000}x", input: "😀".repeat(KB100 / 2), want: false },
    { pattern: "^((a{10}){10}){10}$", input: "a".repeat(KB100), want: false },
    { pattern: "^((a{10}){10}){10}$", input: "a".repeat(1000), want: true },
  ];

  it.each(cases)("$pattern on $input.length characters: unmarshal and validate each under 2 s", ({ pattern, input, want }) => {
    const v = new Validator(model("P", { s: t.string(`regexp=${pattern}`) }));
    const doc = JSON.stringify({ s: input });
    for (const [via, run] of [["unmarshal", () => v.safeUnmarshal(doc).ok], ["validate", () => v.safeValidate({ s: input }).ok]] as const) {
      const t0 = performance.now();
      const c0 = cpuMs();
      expect(run(), via).toBe(want);
      const ms = cpuMs() - c0;
      if (process.env.PATTERN_TIMES) console.log(`${pattern} ${via} ${ms.toFixed(0)} ms cpu ${(performance.now() - t0).toFixed(0)} ms wall`);
      expect(ms, via).toBeLessThan(2000);
    }
  });

  it("the TS matcher (validate) caches DFA states: a{1000} on 100 KB costs 2 passes over the NFA per state, not per character", () => {
    // was: an NFA simulation, ~500 instruction visits per character (5e7 in all, 4 s)
    const p = compilePattern("a{1000}", { precomputeDfa: false });
    const input = ("a".repeat(999) + "b").repeat(100);
    expect(matchPattern(p, input)).toBe(false);
    const n = p.program[H_NINST]!;
    const visits = lazyDfaOf(p.program).stepper.visits;
    expect(visits).toBeGreaterThan(1000 * n / 2); // matchPattern ran on it: ~1000 states of ~500 instructions
    expect(visits).toBeLessThan(2 * 1000 * n); // 1000 states, 2 classes
    expect(matchPattern(p, input)).toBe(false); // the states stay for the next call
    expect(lazyDfaOf(p.program).stepper.visits).toBe(visits);
  });

  it("a DFA whose states hardly repeat drops its cache and runs on as an NFA, with the same answers", () => {
    // a[ab]{19}c has 2^20 states: on random a/b text every character makes a new one
    let seed = 7;
    const random = Array.from({ length: 300_000 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) & 1 ? "a" : "b").join("");
    const p = compilePattern("a[ab]{19}c", { precomputeDfa: false });
    const v = new Validator(model("P", { s: t.string("regexp=a[ab]{19}c") }));
    for (const input of [`${random}c`, `${random}a${"b".repeat(19)}c`]) {
      const want = input[input.length - 21] === "a";
      const before = lazyDfaOf(p.program).stepper.visits;
      expect(matchPattern(p, input)).toBe(want);
      // linear work, counted rather than timed: at most two passes over the NFA's instructions a character
      const n = p.program[H_NINST]!;
      expect(lazyDfaOf(p.program).stepper.visits - before).toBeLessThanOrEqual(2 * n * input.length);
      expect(v.safeUnmarshal(JSON.stringify({ s: input })).ok).toBe(want);
    }
    expect(lazyDfaOf(p.program).flushes).toBeGreaterThan(0);
  });

  it("mirrors RE2's refusal of repetitions past 1000 copies, nested ones multiplied", () => {
    const refused = ["a{1001}", "a{0,1001}", "a{1001,}", "(a{100}){11}", "((a{10}){10}){11}", "(a{2}){501}", "(?:a{2,3}){334}", "((a{0,2}){0,2}){251}", "x{2}{3}"];
    const accepted = ["a{1000}", "a{0,1000}", "(a{10}){100}", "((a{10}){10}){10}", "(a{2}){500}", "(a{1000}){0,1}", "(a{1000}){0}", "(a*){1000}", "(a{1000})*"];
    for (const p of refused) {
      expect(re2Accepts(p), p).toBe(false);
      expect(() => new Validator(model("P", { s: t.string(`regexp=${p}`) })), p).toThrow(ModelError);
      expect(() => new Validator(model("P", { s: t.string(`regexp=${p}`) })), p).toThrow(
        new RegExp(`regexp=${p.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}: invalid pattern: invalid (repeat count|nested repetition operator)`),
      );
    }
    for (const p of accepted) {
      expect(re2Accepts(p), p).toBe(true);
      expect(new Validator(model("P", { s: t.string(`regexp=${p}`) })).safeValidate({ s: "a".repeat(1000) }).ok, p).toBe(true);
    }
  });
});
