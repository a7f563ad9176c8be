// compilePattern's errors: PatternSyntaxError with Go's reason text, quoting the pattern.
import { describe, expect, it } from "vitest";
import { compilePattern, PatternSyntaxError } from "../bindings/pattern/index.js";

const r = String.raw;

function errorOf(pattern: string): PatternSyntaxError {
  try {
    compilePattern(pattern);
  } catch (e) {
    if (e instanceof PatternSyntaxError) return e;
    throw e;
  }
  throw new Error(`compilePattern accepted ${pattern}`);
}

// [pattern, the reason compilePattern gives]
const CASES: Array<[string, string]> = [
  [r`(a)\1`, "invalid escape sequence: `\\1` (backreferences are not supported)"],
  [r`\9`, "invalid escape sequence: `\\9` (backreferences are not supported)"],
  ["(?=a)", "invalid or unsupported Perl syntax: `(?=` (lookahead is not supported)"],
  ["x(?!a)", "invalid or unsupported Perl syntax: `(?!` (lookahead is not supported)"],
  // Go (>= 1.22) reads "(?<" as a named group, and these names are not names
  ["(?<=a)b", "invalid named capture: `(?<=a)b` (lookbehind is not supported)"],
  ["(?<!a)b", "invalid named capture: `(?<!a)b` (lookbehind is not supported)"],
  ["(?<=a>b)", "invalid named capture: `(?<=a>` (lookbehind is not supported)"],
  ["a*+", "invalid nested repetition operator: `*+` (possessive repetition is not supported)"],
  ["a++", "invalid nested repetition operator: `++` (possessive repetition is not supported)"],
  ["a{2}+", "invalid nested repetition operator: `{2}+` (possessive repetition is not supported)"],
  ["a**", "invalid nested repetition operator: `**`"],
  ["a{2}{3}", "invalid nested repetition operator: `{2}{3}`"],
  ["*a", "missing argument to repetition operator: `*`"],
  ["a|+", "missing argument to repetition operator: `+`"],
  ["(?:??)", "missing argument to repetition operator: `??`"],
  ["(abc", "missing closing ): `(abc`"],
  ["((a)", "missing closing ): `((a)`"],
  ["abc)", "unexpected ): `abc)`"],
  ["[abc", "missing closing ]: `[abc`"],
  ["[]", "missing closing ]: `[]`"],
  ["[z-a]", "invalid character class range: `z-a`"],
  [r`[\x{10FFFF}-a]`, "invalid character class range: `\\x{10FFFF}-a`"],
  ["a{1001}", "invalid repeat count: `{1001}`"],
  ["a{2,1}", "invalid repeat count: `{2,1}`"],
  ["a{999999999}", "invalid repeat count: `{999999999}`"],
  ["(a{100}){100}", "invalid repeat count: `{100}`"],
  [r`\8`, "invalid escape sequence: `\\8` (backreferences are not supported)"],
  [r`\x{110000}`, "invalid escape sequence: `\\x{110000`"],
  [r`\xZZ`, "invalid escape sequence: `\\xZZ`"],
  [r`\q`, "invalid escape sequence: `\\q`"],
  [r`\Z`, "invalid escape sequence: `\\Z`"],
  [r`\C`, "invalid escape sequence: `\\C` (matching single bytes is not supported)"],
  [r`[\b]`, "invalid escape sequence: `\\b`"],
  ["a\\", "trailing backslash at end of expression: ``"],
  [r`\p{Foo}`, "invalid character class range: `\\p{Foo}`"],
  [r`\pX`, "invalid character class range: `\\pX`"],
  [r`\p{Greek`, "invalid character class range: `\\p{Greek`"],
  ["[[:foo:]]", "invalid character class range: `[:foo:]`"],
  ["(?P<>a)", "invalid named capture: `(?P<>`"],
  ["(?P<a-b>x)", "invalid named capture: `(?P<a-b>`"],
  ["(?P<name", "invalid named capture: `(?P<name`"],
  ["(?P=name)", "invalid or unsupported Perl syntax: `(?P`"],
  // "(?P<" and "(?<" with nothing after them are flags to Go, refused at their first letter
  ["(?P<", "invalid or unsupported Perl syntax: `(?P`"],
  ["a(?<", "invalid or unsupported Perl syntax: `(?<`"],
  ["(?<a", "invalid named capture: `(?<a`"],
  ["(?i-)", "invalid or unsupported Perl syntax: `(?i-)`"],
  ["(?#c)", "invalid or unsupported Perl syntax: `(?#`"],
  ["(?x)a", "invalid or unsupported Perl syntax: `(?x`"],
  ["(?i", "invalid or unsupported Perl syntax: `(?i`"],
  // the flag that is none is quoted whole, as Go quotes its rune (was: half a surrogate pair, `(?\ud83d`)
  ["(?😀)", "invalid or unsupported Perl syntax: `(?😀`"],
  ["a(?i-😀:b)", "invalid or unsupported Perl syntax: `(?i-😀`"],
  ["a\ud800b", "invalid UTF-8: `\ud800b`"],
];

describe("compilePattern errors", () => {
  it.each(CASES)("%s", (pattern, reason) => {
    const e = errorOf(pattern);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("PatternSyntaxError");
    expect(e.pattern).toBe(pattern);
    expect(e.reason).toBe(reason);
    expect(e.message).toBe(`invalid pattern "${pattern}": ${reason}`);
    expect(e.message).toContain(pattern);
  });

  it("rejects nesting deeper than 1000", () => {
    const deep = "(".repeat(1001) + "a" + ")".repeat(1001);
    expect(errorOf(deep).reason).toMatch(/^expression nests too deeply/);
    expect(() => compilePattern("(".repeat(500) + "a" + ")".repeat(500))).not.toThrow();
  });

  it("rejects what Go's regexp/syntax builds taller than 1000 levels, as Go does", () => {
    const nest = (open: string, core: string, close: string, n: number) => open.repeat(n) + core + close.repeat(n);
    // was: accepted (checker counted groups only; Go counts its tree: captures, repetitions,
    // concatenations, alternations; a literal string or an alternation of classes is one node)
    for (const p of [nest("(", "", ")", 1000), nest("(?:", "", ")*", 1000), nest("(?:ab", "", ")*", 501), nest("(", "a|bc", ")", 999), nest("(a|", "", ")", 500), "x" + nest("(", "", ")", 999)]) {
      expect(errorOf(p).reason, p.slice(0, 12)).toBe(`expression nests too deeply: \`${p}\``);
    }
    for (const p of [nest("(", "", ")", 999), nest("(?:", "", ")*", 999), nest("(?:ab", "", ")*", 500), nest("(", "ab", ")", 999), nest("(", "a|b", ")", 999), nest("(a|", "", ")", 499), nest("(?:a|", "", ")", 1000), nest("(", "(?:ab)c", ")", 999)]) {
      expect(() => compilePattern(p), p.slice(0, 12)).not.toThrow();
    }
    // README "Patterns": groups nest at most 1000 deep, even where Go's tree stays lower
    const groups = nest("(?:", "a", ")", 1001);
    expect(errorOf(groups).reason).toBe(`expression nests too deeply: \`${groups}\``);
  });

  it("rejects programs past the size limit", () => {
    const big = `(?:${"[a-z]{1000}".repeat(201)})`;
    const e = errorOf(big);
    expect(e.reason).toMatch(/^expression too large/);
    expect(e.pattern).toBe(big);
  });

  it("accepts what RE2 accepts around the edges", () => {
    for (const ok of ["a{1000}", "(?:a{10}){100}", "a{,2}", "{", "a{01}", "x{", "(?)", "(?i)", "()", "a|", "^*", r`\Q*\E`, "[]a]", "[a-]", r`\_`, "(?P<n>a)(?P<n>b)", "(?<name>a)"]) {
      expect(() => compilePattern(ok), ok).not.toThrow();
    }
  });
});
