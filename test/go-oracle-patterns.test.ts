// checker's pattern engine against Go's own regexp package (test/go-oracle/patterns.go), the
// original that `regexp=` / `pattern=` promise to follow (README "Patterns"). Hand-picked cases
// (those of the re2-wasm test in test/support/pattern-cases.ts: accepted patterns on
// COMMON_INPUTS and their own inputs, rejected patterns, the C++ RE2 deviations; and EDGES below,
// the corners of Go's parser) and thousands of generated (pattern, input) pairs
// (test/support/pattern-gen.ts, pattern-fuzz-gen.ts, and TOKENS below strung together at random)
// go in one batch to Go, and checker must agree on
//   1. acceptance: compilePattern accepts exactly what regexp.Compile accepts, and a refusal
//      gives Go's error text (checker may add a hint in parentheses);
//   2. matching: regexp.MatchString, for the TypeScript matcher and for WASM's patternMatch,
//      with the precomputed DFA and with the lazy one;
//   3. end to end: `t.string("regexp=P")` through safeUnmarshal and safeValidate.
// The Go here (Debian's, 1.19) is older than the Go checker follows, the newest: what Go changed
// since is listed in NEWER_GO, each with the Go version that changed it. What README documents as
// checker's own choice is applied as a rule (RULES, each citing its line). Generated inputs use
// only characters whose Unicode properties are the same in Go 1.19's Unicode 13 and the newer
// tables checker is generated from (STABLE_RANGES in pattern-gen.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { model, ModelError, t, ValidationError, Validator } from "../bindings/index.js";
import { compilePattern, matchPattern, PatternSyntaxError, type CompiledPattern } from "../bindings/pattern/index.js";
import { unicodeTable } from "../bindings/pattern/unicode.js";
import { buildGoOracle, ensureGo, type GoOracle, type GoPatternAnswer } from "./support/go-oracle.js";
import { ACCEPTANCE_DEVIATIONS, COMMON_INPUTS, MATCH_DEVIATIONS, PATTERN_CASES, REJECTED_PATTERNS } from "./support/pattern-cases.js";
import { fuzzPatternArb, inputsArb } from "./support/pattern-fuzz-gen.js";
import { inputArb, patternArb } from "./support/pattern-gen.js";
import { loadPatternWasm, type PatternWasm } from "./support/pattern-wasm.js";

const SEED = 20261126;
const GEN_PATTERNS = 1200; // pattern-gen.ts, 15 inputs each
const FUZZ_PATTERNS = 600; // pattern-fuzz-gen.ts, 9 inputs each (samples of the pattern, or noise)
const TOKEN_PATTERNS = 2500; // TOKENS strung together at random, 8 inputs each (inputArb)

const r = String.raw;
const nest = (open: string, core: string, close: string, n: number): string => open.repeat(n) + core + close.repeat(n);

/** Corners of Go's parser: error texts, counts, escapes, classes, flags, nesting and size limits. */
const EDGES: readonly string[] = [
  "(?P<", "(?<", "a(?P<", "(?P", "(?P<n", "(?P>", "(?P<n>", "(?P<n>a", "(?P<é>x)", "(?P<1>x)", "(?P< >x)", "(?i)(?P<n>",
  "x{1001", "x{2,1}", "x{01}", "x{1,02}", "x{00}", "x{0}", "x{,}", "x{}", "x{1,}}", "{1}", "a{1}{", "a{99999999999}",
  "a{1000,1001}", "a{1001,1000}", "a{1000}{2}", "(a{1000}){2}", "a{5,}?{2}", "x*?*", "x?+", "a|*", "()+?", "(|a)*",
  r`\z*`, "$+", r`\b+`, r`\Q\E*`, r`\Q`, r`\Qab`, r`\E`, r`\Q\\E`, r`(?i)\Q`, "a\\",
  "(?i)[a-Z]", "[a-Z]", "[a", "[a-", "[a-]", "[\\]", "[[:foo:]", "[[:alpha:]x", "[[:foo:]x]", r`[\x{10FFFF}-\x{0}]`,
  r`[\Q]\E]`, r`[\Qa-\E]`, r`[a-\d]`, r`[\C]`, r`[\é]`,
  r`\p`, r`\p{`, r`\P{^^L}`, r`\p{^}`, r`\p{}`, r`\pN`, r`\p{^L}`,
  r`\x{110000}`, r`\x{ffffffffff}`, r`\18`, r`\777`, r`\400`, r`\cA`, r`\N{x}`, r`\o{1}`, r`\_`, r`\#`, r`\ `, r`\é`, "\\😀",
  "(?:", "(?i", "(?i-", "(?-", "(?i-:a)", "((((", "(?m-m:a)", "(?U)", "(?Ui-:a)",
  // nesting: Go refuses a parse tree taller than 1000 levels
  nest("(", "", ")", 1000), nest("(", "", ")", 999), nest("(", "a", ")", 1000), nest("(", "ab", ")", 999), nest("(", "a*", ")", 999),
  nest("(", "a*", ")", 998), nest("(", "a|bc", ")", 999), nest("(", "a|b", ")", 999), nest("(", "^a", ")", 999), "x" + nest("(", "", ")", 999),
  nest("(?:", "", ")*", 1000), nest("(?:", "", ")*", 999), nest("(?:a", "", ")*", 998), nest("(?:ab", "", ")*", 500), nest("(?:ab", "", ")*", 501),
  nest("(a|", "", ")", 499), nest("(a|", "", ")", 500), nest("(?:a|", "", ")", 1000), nest("(?:", "", ")", 1000), nest("(?i:", "a", ")+", 999),
  nest("(?:", "a", ")", 1001), nest("(", "(?:ab)c", ")", 999), nest("(", "(?:(?:a|b)|c)d", ")", 998), nest("(", "(?:(?:a|b)|c)d", ")", 999),
  nest("(", "(?i)ab", ")", 999), nest("(", "a(?i)b", ")", 999), nest("(", "[Aa]b", ")", 999), nest("(", "(?:)a", ")", 999),
  // size
  `(?:${"[a-z]{1000}".repeat(199)})`, `(?:${"[a-z]{1000}".repeat(201)})`, "(xx?){1000}".repeat(1000), "\\pL".repeat(27000),
];

/** Pieces of syntax, whole and broken, strung together at random: most such patterns are refused,
 * which exercises Go's error texts. No "(?<": what Go 1.19 says of it is not what Go says now. */
const TOKENS: readonly string[] = [
  "(", ")", "(?", "(?P<", "(?P<n>", "(?:", "(?i)", "(?-i)", "(?i:", "(?s)", "(?m)", "(?U)", ">", "[", "]", "[^", "[]", "[^]", "[:", ":]",
  "[[:", "[[:^", "[[:alpha:]]", "[[:word:]]", "[a-z]", "[^a-z]", r`[\d\s]`, "{", "}", ",", "{1,2}", "{2}", "{0}", "{,3}", "{1000}", "{1001}",
  "|", "*", "+", "?", "??", "x*", "x+?", "^", "$", ".", "-", "=", "!", "#", " ", "\n", "i", "s", "m", "U", "n", "alpha", "word", "ff", "10FFFF",
  "a", "b", "z", "A", "K", "k", "S", "0", "1", "2", "9", "_", "é", "😀", "ſ", "\u212a", "ß", "σ", "ς", "Σ",
  "\\", r`\p`, r`\P`, r`\pL`, r`\pN`, r`\p{Greek}`, "{L}", "{Greek}", "{^Lu}", r`\Q`, r`\E`, r`\Qa.b\E`, r`\x`, r`\x{`, r`\x{10FFFF}`, r`\x41`,
  r`\101`, r`\1`, r`\0`, r`\d`, r`\W`, r`\S`, r`\b`, r`\B`, r`\z`, r`\A`, r`\C`, r`\n`, r`\v`, r`\f`, r`\a`, r`\r`, r`\t`,
];
const tokenPatternArb = fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 12 }).map((xs) => xs.join("")).filter((p) => !p.includes("(?<"));

/**
 * What the newest Go says where Go 1.19 (the oracle) says otherwise: `newest` is "" for a pattern
 * it accepts, else its error text; `like` is a pattern Go 1.19 matches the same strings with.
 */
const NEWER_GO: ReadonlyArray<{ pattern: string; since: string; newest: string; like?: string }> = [
  // (?<name>re) is a named group, as (?P<name>re); Go 1.19 refuses "(?<" as a flag
  { pattern: "(?<name>a)", since: "Go 1.22", newest: "", like: "(?P<name>a)" },
  { pattern: "(?<n1>a)(?<n2>b)", since: "Go 1.22", newest: "", like: "(?P<n1>a)(?P<n2>b)" },
  { pattern: "(?<=a)b", since: "Go 1.22", newest: "invalid named capture: `(?<=a)b`" },
  { pattern: "(?<!a)b", since: "Go 1.22", newest: "invalid named capture: `(?<!a)b`" },
  { pattern: "(?<=a>b)", since: "Go 1.22", newest: "invalid named capture: `(?<=a>`" },
  { pattern: "(?<a", since: "Go 1.22", newest: "invalid named capture: `(?<a`" },
  { pattern: "(?<é>x)", since: "Go 1.22", newest: "invalid named capture: `(?<é>`" },
  // scripts of Unicode 14 and 15 (Go 1.19 has Unicode 13 tables)
  { pattern: r`\p{Vithkuqi}`, since: "Go 1.21", newest: "" },
  { pattern: r`\p{Kawi}`, since: "Go 1.21", newest: "" },
  // \p{...} names as Unicode TR18 reads them (case, spaces, "_" and "-" ignored; long names of the
  // categories; Assigned, ASCII, Cn, LC). (Go 1.25 also stopped reading the scripts of several
  // words, \p{Old_Italic}, which checker reads by their name as written, as Go 1.19 does: README.)
  { pattern: r`\p{greek}`, since: "Go 1.25", newest: "", like: r`\p{Greek}` },
  { pattern: r`[\p{g_R-e e K}x]`, since: "Go 1.25", newest: "", like: r`[\p{Greek}x]` },
  { pattern: r`\pl`, since: "Go 1.25", newest: "", like: r`\pL` },
  { pattern: r`\p{Letter}`, since: "Go 1.25", newest: "", like: r`\pL` },
  { pattern: r`\P{uppercase_letter}`, since: "Go 1.25", newest: "", like: r`\P{Lu}` },
  { pattern: r`\p{digit}+`, since: "Go 1.25", newest: "", like: r`\p{Nd}+` },
  { pattern: r`\p{LC}`, since: "Go 1.25", newest: "", like: r`[\p{Lu}\p{Ll}\p{Lt}]` },
  { pattern: r`(?i)\p{Cased_Letter}`, since: "Go 1.25", newest: "", like: r`(?i)[\p{Lu}\p{Ll}\p{Lt}]` },
  { pattern: r`\p{Cn}`, since: "Go 1.25", newest: "", like: r`[^\pC\pL\pM\pN\pP\pS\pZ]` },
  { pattern: r`\p{Assigned}`, since: "Go 1.25", newest: "", like: r`[\pC\pL\pM\pN\pP\pS\pZ]` },
  { pattern: r`\P{assigned}`, since: "Go 1.25", newest: "", like: r`[^\pC\pL\pM\pN\pP\pS\pZ]` },
  { pattern: r`\p{ASCII}`, since: "Go 1.25", newest: "", like: r`[\x00-\x7f]` },
  { pattern: r`(?i)\p{ascii}`, since: "Go 1.25", newest: "", like: r`(?i)[\x00-\x7f]` },
  { pattern: r`\p{any}`, since: "Go 1.25", newest: "", like: r`\p{Any}` },
];

/** Go 1.20 gives a pattern too large for its parser the error ErrLarge; Go 1.19 had only ErrInternalError. */
const asNewestGo = (goError: string): string => goError.replace(/^regexp\/syntax: internal error: /, "expression too large: ");

/** The deepest nesting of parentheses in a pattern (the EDGES that reach 1000 are plain parentheses). */
const groupDepth = (p: string): number => [...p].reduce(([d, most], c) => (c === "(" ? [d + 1, Math.max(most, d + 1)] : c === ")" ? [d - 1, most] : [d, most]), [0, 0])[1];

/** README's choices where Go decides otherwise: why checker's refusal (or acceptance) stands. */
const RULES: ReadonlyArray<{ readme: string; applies: (pattern: string, go: string, ours: CompiledPattern | PatternSyntaxError) => boolean }> = [
  {
    readme: "Patterns: \"A pattern that compiles to more than 200,000 instructions ... is a ModelError, `expression too large`, where Go's limit is about 3.3 million\"",
    applies: (p, go, ours) => go === "" && ours instanceof PatternSyntaxError && ours.reason === `expression too large: \`${p}\``,
  },
  {
    readme: "Patterns: \"Go also refuses (`expression too large`) a pattern whose classes list more than 2^25 range ends in all (about 26,000 `\\pL`); checker ... does not count them\"",
    applies: (p, go, ours) => go === `expression too large: \`${p}\`` && !(ours instanceof PatternSyntaxError) && /\\p/.test(p),
  },
  {
    readme: "Patterns: \"Groups also nest at most 1000 deep, where Go lets non-capturing groups that add no level to its tree ... nest deeper\"",
    applies: (p, go, ours) => go === "" && ours instanceof PatternSyntaxError && ours.reason === `expression nests too deeply: \`${p}\`` && groupDepth(p) > 1000,
  },
  {
    readme: "Patterns: tables \"generated from Node's Unicode data\" (Unicode 16's scripts, which no Go has yet)",
    applies: (p, go, ours) => p === r`\p{Garay}` && go === `invalid character class range: \`${p}\`` && !(ours instanceof PatternSyntaxError),
  },
];

const show = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 60)}...(${s.length})` : s);

/** A lone surrogate is invalid UTF-8 to Go's regexp, a ModelError in checker (README "Strings");
 * the oracle cannot be asked, as JSON gives it U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Case { readonly pattern: string; readonly inputs: readonly string[]; readonly from: string }

function generatedCases(): Case[] {
  const gen = fc.sample(fc.tuple(patternArb, fc.array(inputArb, { minLength: 15, maxLength: 15 })), { seed: SEED, numRuns: GEN_PATTERNS })
    .map(([pattern, inputs]): Case => ({ pattern, inputs, from: "pattern-gen" }));
  const fuzz = fc.sample(fuzzPatternArb.chain((p) => fc.tuple(fc.constant(p.source), inputsArb(p))), { seed: SEED + 1, numRuns: FUZZ_PATTERNS })
    .map(([pattern, inputs]): Case => ({ pattern, inputs, from: "pattern-fuzz-gen" }));
  const tokens = fc.sample(fc.tuple(tokenPatternArb, fc.array(inputArb, { minLength: 8, maxLength: 8 })), { seed: SEED + 2, numRuns: TOKEN_PATTERNS })
    .map(([pattern, inputs]): Case => ({ pattern, inputs, from: "TOKENS" }));
  return [...gen, ...fuzz, ...tokens];
}

const HAND_PICKED: readonly Case[] = [
  ...PATTERN_CASES.map((c): Case => ({ pattern: c.pattern, inputs: [...COMMON_INPUTS, ...(c.inputs ?? [])], from: "PATTERN_CASES" })),
  ...REJECTED_PATTERNS.map((pattern): Case => ({ pattern, inputs: [], from: "REJECTED_PATTERNS" })),
  ...ACCEPTANCE_DEVIATIONS.map((d): Case => ({ pattern: d.pattern, inputs: COMMON_INPUTS, from: "ACCEPTANCE_DEVIATIONS" })),
  ...MATCH_DEVIATIONS.map((d): Case => ({ pattern: d.pattern, inputs: [d.input], from: "MATCH_DEVIATIONS" })),
  ...EDGES.map((pattern): Case => ({ pattern, inputs: pattern.length < 100 ? COMMON_INPUTS : ["a", "xx"], from: "EDGES" })),
  ...NEWER_GO.map((d): Case => ({ pattern: d.pattern, inputs: COMMON_INPUTS, from: "NEWER_GO" })),
  // what Go 1.19 is asked in place of a newer Go's pattern
  ...NEWER_GO.filter((d) => d.like !== undefined).map((d): Case => ({ pattern: d.like!, inputs: COMMON_INPUTS, from: `like ${d.pattern}` })),
];

const CASES: readonly Case[] = [...HAND_PICKED, ...generatedCases()].filter((c) => !LONE_SURROGATE.test(c.pattern));

let oracle: GoOracle | undefined;
const answers = new Map<string, GoPatternAnswer>(); // by pattern and inputs
let wasm: PatternWasm;

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const replies = oracle.ask(CASES.map((c) => ({ op: "pattern" as const, pattern: c.pattern, inputs: [...c.inputs] })));
  replies.forEach((a, i) => {
    const c = CASES[i]!;
    if (!a.ok || !a.pattern) throw new Error(`the oracle failed on ${show(c.pattern)}: ${a.error}`);
    answers.set(`${c.pattern}\u0000${c.inputs.join("\u0000")}`, a.pattern);
  });
  wasm = await loadPatternWasm();
}, 900_000);

afterAll(() => oracle?.dispose());

function goOn(c: Case): GoPatternAnswer {
  const a = answers.get(`${c.pattern}\u0000${c.inputs.join("\u0000")}`);
  if (a === undefined) throw new Error(`no answer for ${show(c.pattern)}`);
  return a;
}

const compiled = new Map<string, CompiledPattern | PatternSyntaxError>(); // both tests compile each pattern once

function tryCompile(pattern: string): CompiledPattern | PatternSyntaxError {
  let c = compiled.get(pattern);
  if (c === undefined) {
    try {
      c = compilePattern(pattern);
    } catch (e) {
      if (!(e instanceof PatternSyntaxError)) throw e;
      c = e;
    }
    compiled.set(pattern, c);
  }
  return c;
}

/** What the newest Go says of a case: its error text ("" when it accepts), and the answer its matches are read from. */
function newestGo(c: Case): { error: string; since?: string; matches?: readonly boolean[] } {
  const newer = NEWER_GO.find((d) => d.pattern === c.pattern);
  if (newer === undefined) {
    const go = goOn(c);
    return { error: asNewestGo(go.error), since: go.error.startsWith("regexp/syntax: internal error") ? "Go 1.20" : undefined, matches: go.matches };
  }
  const like = newer.like === undefined ? undefined : goOn({ pattern: newer.like, inputs: c.inputs, from: "" });
  return { error: newer.newest, since: newer.since, matches: like?.matches };
}

/**
 * Go 1.19 refused the pattern at a \p name that Go >= 1.25 reads (by its canonical name: `\pz`
 * in a generated pattern): what the newest Go says of the whole pattern is not known here (the
 * names themselves are pinned in NEWER_GO and test/pattern-unicode.test.ts).
 */
function refusedAtNewerName(goError: string): boolean {
  const m = /^invalid character class range: `\\[pP](?:\{\^?([^}]*)\}|(.))`$/u.exec(goError);
  return m !== null && unicodeTable(m[1] ?? m[2]!) !== undefined;
}

/** checker's reason is Go's error text, or Go's text and a hint in parentheses. */
const sameReason = (reason: string, go: string): boolean => reason === go || (reason.startsWith(`${go} (`) && reason.endsWith(")"));

function expectNone(disagreements: string[]): void {
  expect({ disagreements: disagreements.length, first: disagreements.slice(0, 40) }).toEqual({ disagreements: 0, first: [] });
}

describe("checker's patterns against Go's regexp (test/go-oracle/patterns.go)", () => {
  it("accepts exactly what regexp.Compile accepts, refusing with Go's error text", () => {
    const disagreements: string[] = [];
    const seen = { accepted: 0, refused: 0, newer: new Set<string>(), rules: new Set<string>(), newerNames: 0 };
    for (const c of CASES) {
      const go = newestGo(c);
      const ours = tryCompile(c.pattern);
      if (go.since !== undefined) seen.newer.add(`${go.since}: ${show(c.pattern)}`);
      const rule = RULES.find((x) => x.applies(c.pattern, go.error, ours));
      if (rule !== undefined) {
        seen.rules.add(rule.readme);
        continue;
      }
      if (go.since === undefined && refusedAtNewerName(go.error)) {
        seen.newerNames++;
        continue;
      }
      if (go.error === "") {
        seen.accepted++;
        if (ours instanceof PatternSyntaxError) disagreements.push(`${show(c.pattern)} (${c.from}): Go accepts, checker refuses (${ours.reason})`);
      } else {
        seen.refused++;
        if (!(ours instanceof PatternSyntaxError)) disagreements.push(`${show(c.pattern)} (${c.from}): Go refuses (${go.error}), checker accepts`);
        else if (!sameReason(ours.reason, go.error)) disagreements.push(`${show(c.pattern)} (${c.from}): Go says ${show(go.error)}, checker ${show(ours.reason)}`);
      }
    }
    expectNone(disagreements);
    expect(seen.accepted).toBeGreaterThan(2000);
    expect(seen.refused).toBeGreaterThan(300);
    // every listed difference and rule was met
    expect(seen.newer.size).toBe(NEWER_GO.length + 2); // and two patterns too large for Go 1.19's parser
    expect(seen.rules.size).toBe(RULES.length);
    console.log(`go-oracle-patterns: ${seen.newerNames} generated patterns refused by Go 1.19 at a \\p name Go >= 1.25 reads, not compared`);
  });

  it("matches as regexp.MatchString does: the TS matcher and WASM, with the precomputed and the lazy DFA", () => {
    const disagreements: string[] = [];
    let pairs = 0;
    let matches = 0;
    for (const c of CASES) {
      const go = newestGo(c);
      const ours = tryCompile(c.pattern);
      if (go.error !== "" || go.matches === undefined || ours instanceof PatternSyntaxError) continue; // compared above
      const lazy = compilePattern(c.pattern, { precomputeDfa: false });
      c.inputs.forEach((input, k) => {
        const want = go.matches![k]!;
        const ts = matchPattern(ours, input);
        const wa = wasm.match(ours, input);
        const wl = wasm.match(lazy, input);
        pairs++;
        if (want) matches++;
        if (ts !== want || wa !== want || wl !== want) {
          disagreements.push(`${show(c.pattern)} (${c.from}) on ${show(input)}: Go ${want}, TS ${ts}, WASM ${wa}, WASM lazy DFA ${wl}`);
        }
      });
    }
    console.log(`go-oracle-patterns: ${CASES.length} patterns, ${pairs} (pattern, input) pairs compared, ${matches} matches`);
    expectNone(disagreements);
    expect(pairs).toBeGreaterThan(25_000);
    expect(matches).toBeGreaterThan(pairs * 0.2);
    expect(pairs - matches).toBeGreaterThan(pairs * 0.2);
  });

  it("`regexp=P` end to end: a refused pattern is a ModelError with Go's reason; unmarshal and validate match as Go", () => {
    // patterns without a comma outside brackets, so each is a directive value as it is (README "Patterns")
    const picked = ["^[a-zA-Z0-9_]+$", r`\bfoo\b`, "(?i)straße", r`^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)*$`, "^.{3,8}$", "(?P<year>\\d{4})-(?P<month>\\d{2})", r`^\d{4}-\d{2}-\d{2}$`,
      "(?<name>a)", "a{1001}", "(?<=a)b", r`\8`, "(?P<", r`[[:foo:]]`, nest("(", "", ")", 1000)];
    let ran = 0;
    for (const pattern of picked) {
      const c = CASES.find((x) => x.pattern === pattern);
      if (c === undefined) throw new Error(`${show(pattern)} is not a case Go was asked`);
      const go = newestGo(c);
      const build = () => new Validator(model("P", { s: t.string(`regexp=${pattern}`) }));
      if (go.error !== "") {
        expect(build, show(pattern)).toThrow(ModelError);
        expect(build, show(pattern)).toThrow(`regexp=${pattern}: invalid pattern: ${go.error}`);
        continue;
      }
      const v = build();
      c.inputs.forEach((s, k) => {
        // README (Semantics, Strings): "Format checks (`email`, ..., `regexp`) pass the empty string"
        const pass = s === "" || go.matches![k]!;
        const want = pass ? { ok: true } : { ok: false, errors: [{ field: "s", code: "PATTERN_MISMATCH", message: `must match pattern ${pattern}`, value: s }] };
        for (const r of [v.safeUnmarshal(JSON.stringify({ s })), v.safeValidate({ s })]) {
          const got = r.ok ? { ok: true } : { ok: false, errors: r.error instanceof ValidationError ? r.error.errors.map((e) => ({ field: e.field, code: e.code, message: e.message, value: e.value })) : String(r.error) };
          expect(got, `${show(pattern)} on ${show(s)}`).toEqual(want);
          ran++;
        }
      });
    }
    expect(ran).toBeGreaterThan(300);
  });
});
