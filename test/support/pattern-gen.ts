// fast-check arbitraries for the pattern differential tests: RE2 patterns from a grammar (mostly
// valid, sometimes mutated into invalid ones) and inputs over an alphabet that hits the
// patterns' characters, case-folding pairs, non-ASCII text and emoji.
import fc from "fast-check";

// Code point ranges assigned (and cased) the same way in every Unicode version since 6, so that
// re2-wasm's older tables and this Node's agree on them.
const STABLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0x17f], // Latin-1, Latin Extended-A
  [0x370, 0x377],
  [0x37a, 0x37f],
  [0x384, 0x38a],
  [0x38c, 0x38c],
  [0x38e, 0x3a1],
  [0x3a3, 0x3ff], // Greek
  [0x400, 0x4ff], // Cyrillic
  [0x5d0, 0x5ea], // Hebrew letters
  [0x3041, 0x3096], // Hiragana
  [0x4e00, 0x4e80], // CJK
  [0x1f600, 0x1f64f], // emoticons
];

const stableChar: fc.Arbitrary<string> = fc
  .constantFrom(...STABLE_RANGES)
  .chain(([lo, hi]) => fc.integer({ min: lo, max: hi }))
  .map((c) => String.fromCodePoint(c));

/** Characters inputs are made of. */
export const INPUT_CHARS: readonly string[] = [
  "a", "b", "c", "A", "B", "C", "x", "y", "z", "0", "1", "9", "_", "-", " ", ".", "\n", "\t",
  "é", "É", "ü", "σ", "Σ", "ς", "λ", "k", "K", "\u212a", "ſ", "s", "S", "ß", "ẞ", "ж", "Ж",
  "日", "本", "😀", "😂", "!", "@", "#", ",", "(", ")", "[", "]", "{", "}", "*", "+", "?", "|",
  "\\", "^", "$", "µ", "Ω", "\u00a0", "\u2028", "\r",
];

export const inputArb: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...INPUT_CHARS) }, { weight: 1, arbitrary: stableChar }), {
    maxLength: 14,
  })
  .map((cs) => cs.join(""));

const LITERALS = [
  "a", "b", "c", "A", "B", "x", "é", "É", "σ", "Σ", "ς", "k", "K", "s", "S", "ß", "ſ", "0", "1",
  "9", "_", "-", " ", "😀", "日", "ж", "Ж", "µ", "Ω", "!", "@", ",",
  "\\.", "\\-", "\\n", "\\t", "\\x41", "\\x{e9}", "\\x{1F600}", "\\\\", "\\*", "\\Qa.b\\E", "\\(", "\\x{212A}",
];
const CLASSES = [
  "[abc]", "[^abc]", "[a-z]", "[^a-z0-9]", "[A-Z]", "[[:alpha:]]", "[[:^digit:]]", "[\\d\\s]",
  "[\\p{Greek}a]", "[é-ü]", "[^\\n]", "[a-]", "[]a]", "[α-ω]", "[\\w.-]", "[^\\W_]",
  "[[:upper:][:digit:]]", "[\\x{1F600}-\\x{1F64F}]", "[^\\x00-\\x7F]", "[^ab\\n]",
  "[[:punct:]]", "[[:space:]]", "[^[:alnum:]]",
];
const PERL = ["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"];
// re2-wasm takes ~100 ms to compile the big categories (\pL, \p{Lu}, ...): those stay rare.
const UNICODE = ["\\p{Greek}", "\\p{Han}", "\\p{Cyrillic}", "\\pZ", "\\p{Latin}", "\\p{Nd}", "\\p{Hebrew}"];
const UNICODE_BIG = ["\\pL", "\\p{Lu}", "\\p{Ll}", "\\pS", "\\pN", "\\pP", "\\P{Latin}", "\\p{^Greek}"];
const ANCHORS = ["^", "$", "\\A", "\\z", "\\b", "\\B"];
const REPEATS = ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "*?", "+?", "??", "{1,2}?", "{0}", "{3}"];
const FLAGS = ["(?i)", "(?s)", "(?m)", "(?U)", "(?-i)", "(?is)", "(?im)", "(?i-s)"];
const FLAG_GROUPS = ["(?i:", "(?s:", "(?m:", "(?-i:", "(?is:", "(?U:"];

function escapeLiteral(ch: string): string {
  return /[\\.+*?()|[\]{}^$]/.test(ch) ? `\\${ch}` : ch;
}

const atom: fc.Arbitrary<string> = fc.oneof(
  { weight: 60, arbitrary: fc.constantFrom(...LITERALS) },
  { weight: 20, arbitrary: stableChar.map(escapeLiteral) },
  { weight: 30, arbitrary: fc.constantFrom(...CLASSES) },
  { weight: 20, arbitrary: fc.constantFrom(...PERL) },
  { weight: 20, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE_BIG) },
  { weight: 20, arbitrary: fc.constant(".") },
  { weight: 20, arbitrary: fc.constantFrom(...ANCHORS) },
);

const { node } = fc.letrec<{ node: string; group: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: atom },
    { weight: 3, arbitrary: fc.array(tie("node"), { minLength: 2, maxLength: 4 }).map((xs) => xs.join("")) },
    { weight: 2, arbitrary: fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((xs) => xs.join("|")) },
    { weight: 2, arbitrary: tie("group") },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.oneof(atom, tie("group")), fc.constantFrom(...REPEATS)).map(([x, r]) => x + r),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FLAGS), tie("node")).map(([f, x]) => f + x) },
  ),
  group: fc.oneof(
    tie("node").map((x) => `(${x})`),
    tie("node").map((x) => `(?:${x})`),
    tie("node").map((x) => `(?P<@>${x})`),
    fc.tuple(fc.constantFrom(...FLAG_GROUPS), tie("node")).map(([f, x]) => `${f}${x})`),
  ),
}));

/** Numbers the named groups (placeholder "@") so that names are unique. */
function nameGroups(p: string): string {
  let n = 0;
  return p.replace(/\(\?P<@>/g, () => `(?P<g${++n}>`);
}

// Edits that usually make a pattern invalid (or oddly valid): RE2 and compilePattern must agree.
const BREAKERS = ["(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "\\", "{1001}", "\\1", "(?=", "**", "[z-a]", "\\p{Foo}"];

// Known acceptance deviations (ACCEPTANCE_DEVIATIONS): RE2's \C, and (?<name>, which re2-wasm's
// RE2 predates. Not generated.
const DEVIATIONS = /\\C|\(\?</;

export const patternArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: node.map(nameGroups) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(node.map(nameGroups), fc.constantFrom(...BREAKERS), fc.nat())
      .map(([p, b, at]) => {
        const cps = [...p]; // insert between code points, never inside a surrogate pair
        cps.splice(at % (cps.length + 1), 0, b);
        return cps.join("");
      }),
  },
).filter((p) => !DEVIATIONS.test(p));
