// fast-check arbitraries for the generative pattern review (test/pattern-fuzz.test.ts): RE2
// patterns from a grammar that covers the whole syntax (flags, scoped flags, \Q...\E, POSIX and
// Unicode classes, astral characters, empty alternatives, every repetition form, counts near
// RE2's 1000 limit), each with inputs derived from it so that many of them match, plus random
// strings with newlines, surrogate pairs and lone surrogates.
import fc from "fast-check";

const r = String.raw;

/** A generated pattern: its text, and a sampler writing a string it probably matches. */
export interface GenPattern {
  readonly source: string;
  /**
   * Every comma is inside [...], {...}, (...) or \Q...\E, or written `\,`: the pattern can be
   * a directive value as it is (README "Patterns"). False for mutated patterns.
   */
  readonly commasEnclosed?: false;
  /** A string drawn from the pattern's language (assertions and flags aside); pick(n) is in 0..n-1. */
  readonly sample: (pick: (n: number) => number) => string;
}

const lit = (source: string, ...samples: string[]): GenPattern => ({
  source,
  sample: (pick) => samples[pick(samples.length)] ?? "",
});

// Atoms with strings they match. Astral characters (U+1F600, U+1D538, U+10FFFF) are surrogate
// pairs in the pattern text and in the inputs.
const ATOMS: readonly GenPattern[] = [
  lit("a", "a"), lit("b", "b"), lit("A", "A"), lit("z", "z"), lit("0", "0"), lit("_", "_"), lit("-", "-"),
  lit(" ", " "), lit("é", "é"), lit("É", "É"), lit("σ", "σ"), lit("ς", "ς"), lit("ß", "ß"), lit("日", "日"),
  lit("😀", "😀"), lit("\u{1D538}", "\u{1D538}"), lit("\u{10FFFF}", "\u{10FFFF}"), lit("ж", "ж"),
  // escapes
  lit(r`\.`, "."), lit(r`\*`, "*"), lit(r`\\`, "\\"), lit(r`\n`, "\n"), lit(r`\t`, "\t"), lit(r`\x41`, "A"),
  lit(r`\x{e9}`, "é"), lit(r`\x{1F600}`, "😀"), lit(r`\x{10FFFF}`, "\u{10FFFF}"), lit(r`\x{0}`, "\0"), lit(r`\101`, "A"),
  lit(r`\Qa.b\E`, "a.b"), lit(r`\Q*+?\E`, "*+?"), lit(r`\Q\E`, ""), lit(r`\Q😀|\E`, "😀|"), lit(r`\{`, "{"),
  // Perl, Unicode and POSIX classes
  lit(r`\d`, "0", "7"), lit(r`\D`, "a", "é", "\n"), lit(r`\w`, "a", "Z", "_", "5"), lit(r`\W`, "-", "é", " "),
  lit(r`\s`, " ", "\n", "\t"), lit(r`\S`, "x", "😀"), lit(r`\pL`, "a", "é", "日", "ж"), lit(r`\p{Greek}`, "σ", "Ω"),
  lit(r`\PN`, "a", "-", "😀"), lit(r`\pN`, "1", "٣"), lit(r`\p{Lu}`, "A", "Σ"), lit(r`\P{Greek}`, "a", "ж"),
  lit(r`\p{^Greek}`, "a"), lit(r`\pZ`, " ", "\u00a0"), lit(r`\p{Han}`, "日"), lit(r`\p{Any}`, "x", "😀"),
  // bracketed classes
  lit("[abc]", "a", "c"), lit("[^abc]", "d", "\n", "😀"), lit("[a-z]", "m"), lit("[^a-z0-9]", "-", "A", "\n"),
  lit("[[:alpha:]]", "q", "Q"), lit("[^[:space:]]", "x", "é"), lit("[[:^digit:]]", "x"), lit("[[:word:][:punct:]]", "_", "!"),
  lit(r`[\d\s]`, "3", " "), lit("[α-ω]", "λ"), lit("[😀-😂]", "😁"), lit(r`[\x{10000}-\x{10FFFF}]`, "😀", "\u{10FFFF}"),
  lit(r`[^\n]`, "a", "😀"), lit("[]a]", "]", "a"), lit("[a-]", "-", "a"), lit("[-a]", "-"), lit(r`[\]]`, "]"),
  lit(r`[^\x00-\x7F]`, "é", "😀"), lit(r`[\p{Greek}\d]`, "σ", "4"), lit(r`[^\pL]`, "1", "-"), lit("[.]", "."),
  lit("[$^]", "$", "^"), lit(r`[\Q]\E]`, "]"), lit("[^[:ascii:]]", "é"), lit("[[:upper:]é]", "Q", "é"),
  lit(".", "a", "😀", "é"),
  // assertions
  lit("^", ""), lit("$", ""), lit(r`\A`, ""), lit(r`\z`, ""), lit(r`\b`, ""), lit(r`\B`, ""),
  // text RE2 reads literally
  lit("{", "{"), lit("x{,3}", "x{,3}"), lit("}", "}"), lit("]", "]"), lit("a{01}", "a{01}"),
  // commas, as a directive value may hold them
  lit(r`\,`, ","), lit("[,;]", ",", ";"), lit("[[:alpha:],]", ",", "q"), lit("[^,]", "a"), lit(r`\Qa,b\E`, "a,b"),
  lit("(?:,)", ","), lit("x{1,2}", "x"),
];

const atom: fc.Arbitrary<GenPattern> = fc.constantFrom(...ATOMS);

// Samples hold at most this many copies of a repeated part: re2-wasm takes seconds on a
// 2,000-character match of x{992,}, and a near miss is as good an input as a match.
const MAX_COPIES = 40;

/** Picks a count in min..max (max -1: unbounded), staying near min, at most MAX_COPIES. */
function count(pick: (n: number) => number, min: number, max: number): number {
  const hi = max < 0 ? min + 2 : Math.min(max, min + 2);
  return Math.min(MAX_COPIES, min + pick(hi - min + 1));
}

const repeat = (sub: GenPattern, op: string, min: number, max: number): GenPattern => ({
  source: sub.source + op,
  sample: (pick) => {
    let s = "";
    for (let n = count(pick, min, max); n > 0; n--) s += sub.sample(pick);
    return s;
  },
});

const REPEATS: ReadonlyArray<readonly [string, number, number]> = [
  ["*", 0, -1], ["+", 1, -1], ["?", 0, 1], ["{2}", 2, 2], ["{0}", 0, 0], ["{1,3}", 1, 3], ["{0,2}", 0, 2],
  ["{2,}", 2, -1], ["{0,}", 0, -1], ["{3,3}", 3, 3],
];

const repeatOp: fc.Arbitrary<readonly [string, number, number]> = fc.constantFrom(...REPEATS);

// Counts near the limit, {n} {n,} {n,m} with n, m up to 1001, on atoms that stay small in RE2
// (1000 copies of \pL outgrow re2-wasm's 16 MB heap, which aborts for good).
const bigCount: fc.Arbitrary<readonly [string, number, number]> = fc
  .tuple(fc.integer({ min: 0, max: 1001 }), fc.constantFrom("", ",", ",m"), fc.integer({ min: 0, max: 1001 }))
  .map(([n, form, m]) => (form === "" ? [`{${n}}`, n, n] : form === "," ? [`{${n},}`, n, -1] : [`{${n},${m}}`, n, m]));
const SMALL_ATOMS: readonly GenPattern[] = [lit("a", "a"), lit("[a-c]", "b"), lit(r`\d`, "5"), lit("(?:ab)", "ab"), lit("(é)", "é"), lit("(?i:x)", "X")];
const bigRepeat: fc.Arbitrary<GenPattern> = fc
  .tuple(fc.constantFrom(...SMALL_ATOMS), bigCount, fc.boolean())
  .map(([x, [op, min, max], lazy]) => repeat(x, op + (lazy ? "?" : ""), min, max));

const GROUP_OPENERS = ["(", "(?:", "(?P<@>", "(?i:", "(?s:", "(?m:", "(?U:", "(?-i:", "(?i-s:", "(?ims:", "(?sU:"];
const FLAGS = ["(?i)", "(?s)", "(?m)", "(?U)", "(?-i)", "(?im)", "(?i-m)", "(?msU)"];

const concatOf = (xs: readonly GenPattern[]): GenPattern => ({
  source: xs.map((x) => x.source).join(""),
  sample: (pick) => xs.map((x) => x.sample(pick)).join(""),
});

const { node } = fc.letrec<{ node: GenPattern; group: GenPattern }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: atom },
    { weight: 3, arbitrary: fc.array(tie("node"), { minLength: 2, maxLength: 4 }).map(concatOf) },
    {
      weight: 2,
      // alternation; an empty alternative now and then
      arbitrary: fc
        .array(fc.oneof({ weight: 5, arbitrary: tie("node") }, { weight: 1, arbitrary: fc.constant(lit("", "")) }), {
          minLength: 2,
          maxLength: 3,
        })
        .map((xs): GenPattern => ({
          source: xs.map((x) => x.source).join("|"),
          sample: (pick) => xs[pick(xs.length)]!.sample(pick),
        })),
    },
    { weight: 2, arbitrary: tie("group") },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.oneof(atom, tie("group")), repeatOp, fc.boolean())
        .map(([x, [op, min, max], lazy]) => repeat(x, op + (lazy ? "?" : ""), min, max)),
    },
    { weight: 1, arbitrary: bigRepeat },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...FLAGS), tie("node")).map(([f, x]) => ({ source: f + x.source, sample: x.sample })),
    },
  ),
  group: fc
    .tuple(fc.constantFrom(...GROUP_OPENERS), fc.oneof({ weight: 8, arbitrary: tie("node") }, { weight: 1, arbitrary: fc.constant(lit("", "")) }))
    .map(([open, x]) => ({ source: `${open}${x.source})`, sample: x.sample })),
}));

/** Numbers the named groups (placeholder "@") so that names are unique. */
function nameGroups(p: GenPattern): GenPattern {
  let n = 0;
  return { source: p.source.replace(/\(\?P<@>/g, () => `(?P<g${++n}>`), sample: p.sample };
}

// Edits that usually make a pattern invalid (or oddly valid); a lone surrogate is invalid UTF-8 to both.
const BREAKERS = ["(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "\\", "{1001}", "\\1", "(?=", "**", "[z-a]",
  "\\p{Foo}", "(?P<>", "(?i", "\\x{110000}", "\\Q", "[[:foo:]]", "\\8", "(?P<g1>x)(?P<g1>y)", "x{2}{3}", "\\pX", "+?+", "(?-)", "\ud800", "\udc00"];

/**
 * Patterns: mostly generated from the grammar, sometimes the empty pattern, sometimes a generated
 * one with a breaker inserted between two code points.
 */
export const fuzzPatternArb: fc.Arbitrary<GenPattern> = fc.oneof(
  { weight: 12, arbitrary: node.map(nameGroups) },
  { weight: 1, arbitrary: fc.constant(lit("", "")) },
  {
    weight: 2,
    arbitrary: fc.tuple(node.map(nameGroups), fc.constantFrom(...BREAKERS), fc.nat()).map(([p, b, at]) => {
      const cps = [...p.source];
      cps.splice(at % (cps.length + 1), 0, b);
      return { source: cps.join(""), sample: p.sample, commasEnclosed: false as const };
    }),
  },
);

/** Characters random inputs are made of: ASCII, case-fold partners, newlines, astral and lone surrogates. */
const NOISE = [
  "a", "b", "z", "A", "Z", "0", "7", "_", "-", " ", ".", "\n", "\r", "\t", "é", "É", "σ", "Σ", "ς", "ß", "ж",
  "日", "😀", "😁", "\u{1D538}", "\u{10FFFF}", "\u00a0", "\u2028", "٣", "]", "{", "}", "$", "^", "*", "\0",
  "\ud800", "\udfff", "\ufffd",
];
const noise: fc.Arbitrary<string> = fc.array(fc.constantFrom(...NOISE), { maxLength: 8 }).map((cs) => cs.join(""));

/** Deterministic picks from a seed (a small LCG), so a sample is reproducible and shrinkable by its seed. */
export function picker(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return n <= 1 ? 0 : (s >>> 8) % n;
  };
}

/**
 * Inputs for a pattern: samples of its language, samples wrapped in noise (which an unanchored
 * search must still find, unless the pattern anchors), and pure noise.
 */
export function inputsArb(p: GenPattern): fc.Arbitrary<string[]> {
  const sample = fc.integer().map((seed) => p.sample(picker(seed)));
  return fc.tuple(
    fc.array(sample, { minLength: 3, maxLength: 3 }),
    fc.array(fc.tuple(noise, sample, noise).map(([a, s, b]) => a + s + b), { minLength: 3, maxLength: 3 }),
    fc.array(noise, { minLength: 3, maxLength: 3 }),
  ).map(([a, b, c]) => [...a, ...b, ...c]);
}
