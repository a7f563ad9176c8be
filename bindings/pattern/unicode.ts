// Named character tables of RE2 syntax: \p{...} names (generated Unicode data), Perl classes
// (\d \s \w) and POSIX classes ([:alpha:]), as they are defined by RE2 and Go's regexp/syntax.
import { MAX_RUNE, negate, normalize, type Ranges } from "./charclass.js";
import { unicodeRanges } from "../unicode-data.js";

function decodeRanges(text: string): number[] {
  const out: number[] = [];
  if (text === "") return out;
  const nums = text.split(" ");
  let next = 0;
  for (let i = 0; i < nums.length; i += 2) {
    const lo = next + parseInt(nums[i]!, 36);
    const hi = lo + parseInt(nums[i + 1]!, 36);
    out.push(lo, hi);
    next = hi + 1;
  }
  return out;
}

// One-letter groups: the union of their two-letter categories (C leaves out Cn, as RE2 and Go do).
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  C: ["Cc", "Cf", "Co", "Cs"],
  L: ["Ll", "Lm", "Lo", "Lt", "Lu"],
  M: ["Mc", "Me", "Mn"],
  N: ["Nd", "Nl", "No"],
  P: ["Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps"],
  S: ["Sc", "Sk", "Sm", "So"],
  Z: ["Zl", "Zp", "Zs"],
};

// The long names of the general categories and their other aliases (Unicode's
// PropertyValueAliases.txt, gc; Go's unicode.CategoryAliases), by their canonical names.
const CATEGORY_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  Other: "C", Control: "Cc", cntrl: "Cc", Format: "Cf", Unassigned: "Cn", Private_Use: "Co", Surrogate: "Cs",
  Letter: "L", Cased_Letter: "LC", Lowercase_Letter: "Ll", Modifier_Letter: "Lm", Other_Letter: "Lo",
  Titlecase_Letter: "Lt", Uppercase_Letter: "Lu",
  Mark: "M", Combining_Mark: "M", Spacing_Mark: "Mc", Enclosing_Mark: "Me", Nonspacing_Mark: "Mn",
  Number: "N", Decimal_Number: "Nd", digit: "Nd", Letter_Number: "Nl", Other_Number: "No",
  Punctuation: "P", punct: "P", Connector_Punctuation: "Pc", Dash_Punctuation: "Pd", Close_Punctuation: "Pe",
  Final_Punctuation: "Pf", Initial_Punctuation: "Pi", Other_Punctuation: "Po", Open_Punctuation: "Ps",
  Symbol: "S", Currency_Symbol: "Sc", Modifier_Symbol: "Sk", Math_Symbol: "Sm", Other_Symbol: "So",
  Separator: "Z", Line_Separator: "Zl", Paragraph_Separator: "Zp", Space_Separator: "Zs",
}).map(([alias, category]) => [canonicalName(alias), category]));

/**
 * Go's regexp/syntax canonicalName (Go >= 1.25): the name without `_`, `-` and spaces, its first
 * letter in upper case and the others in lower case (`old italic` -> `Olditalic`).
 */
function canonicalName(name: string): string {
  let out = "";
  for (const c of name) {
    if (c === "_" || c === "-" || c === " ") continue;
    out += out === "" ? (c >= "a" && c <= "z" ? c.toUpperCase() : c) : c >= "A" && c <= "Z" ? c.toLowerCase() : c;
  }
  return out;
}

const cache = new Map<string, Ranges>();

/**
 * The code points of a \p{name} table, or undefined. The name as written is what every Go reads:
 * Any, a general category or its one-letter group, a script. Failing that, the name as Go 1.25
 * and later read it (Unicode TR18): case, `_`, `-` and spaces do not count, and it may be Any,
 * Assigned, ASCII, LC, Cn, a category or group, a one-word script, or a category's long name or
 * alias (Letter, Decimal_Number, digit). (Those Go versions look a script up by its canonical
 * name alone, so they refuse the scripts of several words, \p{Old_Italic}, that older ones and
 * checker read by the name as written.)
 */
export function unicodeTable(name: string): Ranges | undefined {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const r = tableAsWritten(name) ?? tableByCanonicalName(canonicalName(name));
  if (r !== undefined) cache.set(name, r);
  return r;
}

/** A table by the name as Go (every version) looks it up. */
function tableAsWritten(name: string): Ranges | undefined {
  if (name === "Any") return [0, MAX_RUNE];
  const { categories, scripts } = unicodeRanges(`\\p{${name}}`);
  if (Object.hasOwn(GROUPS, name)) return normalize(GROUPS[name]!.flatMap((c) => decodeRanges(categories[c]!)));
  if (Object.hasOwn(categories, name)) return decodeRanges(categories[name]!);
  if (Object.hasOwn(scripts, name)) return decodeRanges(scripts[name]!);
  return undefined;
}

/** A table by its canonical name, as Go >= 1.25 looks it up (regexp/syntax unicodeTable). */
function tableByCanonicalName(name: string): Ranges | undefined {
  switch (name) {
    case "Any": return [0, MAX_RUNE];
    case "Ascii": return [0, 0x7f];
    case "Assigned": return negate(unassigned());
    case "Lc": return casedLetters();
  }
  return categoryOrScript(name) ?? categoryOrScript(CATEGORY_ALIASES.get(name));
}

function categoryOrScript(name: string | undefined): Ranges | undefined {
  if (name === undefined) return undefined;
  if (name === "Cn") return unassigned();
  if (name === "LC") return casedLetters();
  return tableAsWritten(name);
}

/** LC: the cased letters, Lu, Ll and Lt. */
function casedLetters(): Ranges {
  const { categories } = unicodeRanges("\\p{LC}");
  return normalize(["Lu", "Ll", "Lt"].flatMap((c) => decodeRanges(categories[c]!)));
}

/** Cn: the code points of no other general category (unassigned; noncharacters included). */
function unassigned(): Ranges {
  const { categories } = unicodeRanges("\\p{Cn}");
  return negate(normalize(Object.values(categories).flatMap(decodeRanges)));
}

const ch = (s: string): number => s.codePointAt(0)!;
const span = (a: string, b: string): number[] => [ch(a), ch(b)];

/** Perl classes; a negative one (\D \S \W) is the complement of its positive one. */
export const PERL_CLASSES: Readonly<Record<string, { negated: boolean; ranges: Ranges }>> = {
  d: { negated: false, ranges: span("0", "9") },
  D: { negated: true, ranges: span("0", "9") },
  s: { negated: false, ranges: normalize([9, 10, 12, 13, 32, 32]) },
  S: { negated: true, ranges: normalize([9, 10, 12, 13, 32, 32]) },
  w: { negated: false, ranges: normalize([...span("0", "9"), ...span("A", "Z"), ch("_"), ch("_"), ...span("a", "z")]) },
  W: { negated: true, ranges: normalize([...span("0", "9"), ...span("A", "Z"), ch("_"), ch("_"), ...span("a", "z")]) },
};

/** The ASCII word characters, as \b and \B see them. */
export const WORD_CHARS: Ranges = PERL_CLASSES.w!.ranges;

const POSIX: Readonly<Record<string, Ranges>> = {
  alnum: normalize([...span("0", "9"), ...span("A", "Z"), ...span("a", "z")]),
  alpha: normalize([...span("A", "Z"), ...span("a", "z")]),
  ascii: [0, 0x7f],
  blank: normalize([9, 9, 32, 32]),
  cntrl: normalize([0, 0x1f, 0x7f, 0x7f]),
  digit: span("0", "9"),
  graph: span("!", "~"),
  lower: span("a", "z"),
  print: span(" ", "~"),
  punct: normalize([...span("!", "/"), ...span(":", "@"), ...span("[", "`"), ...span("{", "~")]),
  space: normalize([9, 13, 32, 32]),
  upper: span("A", "Z"),
  word: WORD_CHARS,
  xdigit: normalize([...span("0", "9"), ...span("A", "F"), ...span("a", "f")]),
};

/** A POSIX class by its bracketed name, e.g. "[:alpha:]" or "[:^alpha:]". */
export function posixClass(name: string): { negated: boolean; ranges: Ranges } | undefined {
  const m = /^\[:(\^?)([a-z]+):\]$/.exec(name);
  if (m === null || !Object.hasOwn(POSIX, m[2]!)) return undefined;
  return { negated: m[1] === "^", ranges: POSIX[m[2]!]! };
}
