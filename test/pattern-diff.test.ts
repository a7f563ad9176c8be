// Differential test of the pattern engine against Google's RE2 (re2-wasm): hand-picked patterns
// and generated (pattern, input) pairs must agree on acceptance and on match / no match, for
// both the TS reference matcher and the WASM patternMatch of build/checker.wasm.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compilePattern, matchPattern, PatternSyntaxError, type CompiledPattern } from "../bindings/pattern/index.js";
import { ACCEPTANCE_DEVIATIONS, COMMON_INPUTS, MATCH_DEVIATIONS, PATTERN_CASES, REJECTED_PATTERNS } from "./support/pattern-cases.js";
import { inputArb, patternArb } from "./support/pattern-gen.js";
import { re2Accepts, withRE2, type Oracle } from "./support/pattern-oracle.js";
import { loadPatternWasm, type PatternWasm } from "./support/pattern-wasm.js";

let wasm: PatternWasm;
beforeAll(async () => {
  wasm = await loadPatternWasm();
});

function tryCompile(pattern: string): CompiledPattern | PatternSyntaxError {
  try {
    return compilePattern(pattern);
  } catch (e) {
    if (e instanceof PatternSyntaxError) return e;
    throw e;
  }
}

const show = (s: string): string => JSON.stringify(s);

let compared = 0; // (pattern, input) pairs actually compared with RE2, for the counts below

/** RE2 tests \B inside multi-byte characters too; Go does not (see MATCH_DEVIATIONS). */
const comparable = (pattern: string, input: string): boolean => !(pattern.includes("\\B") && /[^\x00-\x7f]/.test(input));

/** Compares one pattern (as RE2 compiled it) on some inputs; returns the disagreements. */
function compareWith(oracle: Oracle, pattern: string, inputs: readonly string[]): string[] {
  const ours = tryCompile(pattern);
  if (!oracle.ok || ours instanceof PatternSyntaxError) {
    if (oracle.ok) return [`${show(pattern)}: RE2 accepts, compilePattern rejects (${(ours as PatternSyntaxError).reason})`];
    if (!(ours instanceof PatternSyntaxError)) return [`${show(pattern)}: RE2 rejects (${oracle.error}), compilePattern accepts`];
    return [];
  }
  // WASM runs both the precomputed DFA (when the pattern got one) and the lazy one
  const lazy = compilePattern(pattern, { precomputeDfa: false });
  const out: string[] = [];
  for (const input of inputs) {
    if (!comparable(pattern, input)) continue;
    compared++;
    const want = oracle.test(input);
    const ts = matchPattern(ours, input);
    const wa = wasm.match(ours, input);
    const wl = wasm.match(lazy, input);
    if (ts !== want || wa !== want || wl !== want) {
      out.push(`${show(pattern)} on ${show(input)}: RE2 ${want}, TS ${ts}, WASM ${wa}, WASM lazy DFA ${wl}`);
    }
  }
  return out;
}

describe("hand-picked patterns", () => {
  it("has at least 200 accepted and many rejected patterns", () => {
    expect(PATTERN_CASES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(PATTERN_CASES.map((c) => c.pattern)).size).toBe(PATTERN_CASES.length);
    expect(REJECTED_PATTERNS.length).toBeGreaterThanOrEqual(50);
  });

  it("agree with RE2 on every input (TS and WASM)", () => {
    const bad: string[] = [];
    const before = compared;
    for (const c of PATTERN_CASES) {
      const inputs = [...COMMON_INPUTS, ...(c.inputs ?? [])];
      bad.push(
        ...withRE2(c.pattern, (o) => (o.ok ? compareWith(o, c.pattern, inputs) : [`${show(c.pattern)}: RE2 rejects (${o.error})`])),
      );
    }
    expect(bad).toEqual([]);
    expect(compared - before).toBeGreaterThan(7000);
  });

  it("rejects what RE2 rejects, quoting the pattern", () => {
    for (const p of REJECTED_PATTERNS) {
      expect(re2Accepts(p), `RE2 should reject ${p}`).toBe(false);
      const e = tryCompile(p);
      expect(e, `compilePattern should reject ${p}`).toBeInstanceOf(PatternSyntaxError);
      const err = e as PatternSyntaxError;
      expect(err.pattern).toBe(p);
      expect(err.message).toContain(p);
      expect(err.reason.length).toBeGreaterThan(0);
    }
  });

  it("deviates from re2-wasm only where listed", () => {
    for (const d of ACCEPTANCE_DEVIATIONS) {
      expect(re2Accepts(d.pattern), d.pattern).toBe(!d.ours);
      expect(!(tryCompile(d.pattern) instanceof PatternSyntaxError), d.pattern).toBe(d.ours);
    }
    for (const d of MATCH_DEVIATIONS) {
      withRE2(d.pattern, (o) => expect(o.ok && o.test(d.input), d.pattern).toBe(!d.ours));
      const p = compilePattern(d.pattern);
      expect(matchPattern(p, d.input), d.pattern).toBe(d.ours);
      expect(wasm.match(p, d.input), d.pattern).toBe(d.ours);
    }
  });
});

describe("generated patterns (fast-check)", () => {
  const seed = Number(process.env.PATTERN_FUZZ_SEED ?? 20261123);
  const RUNS = 1700;
  const INPUTS = 15;

  it(`agree with RE2 on >= 20,000 (pattern, input) pairs (seed ${seed})`, () => {
    const before = compared;
    let matches = 0;
    let rejected = 0;
    fc.assert(
      fc.property(patternArb, fc.array(inputArb, { minLength: INPUTS, maxLength: INPUTS }), (pattern, inputs) => {
        const bad = withRE2(pattern, (o) => {
          if (o.ok) {
            matches += inputs.filter((s) => comparable(pattern, s) && o.test(s)).length;
          } else {
            rejected++;
          }
          return compareWith(o, pattern, inputs);
        });
        if (bad.length > 0) throw new Error(bad.join("\n"));
      }),
      { seed, numRuns: RUNS },
    );
    const pairs = compared - before;
    console.log(`generated: ${pairs} pairs compared (${matches} matches), ${rejected} patterns rejected by both`);
    expect(pairs).toBeGreaterThanOrEqual(20_000);
    // the generator must exercise both outcomes, and some invalid patterns
    expect(matches).toBeGreaterThan(pairs * 0.15);
    expect(pairs - matches).toBeGreaterThan(pairs * 0.15);
    expect(rejected).toBeGreaterThan(50);
  });
});
