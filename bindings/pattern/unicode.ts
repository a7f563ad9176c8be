// Named character tables of RE2 syntax: \p{...} names (generated Unicode data), Perl classes
// (\d \s \w) and POSIX classes ([:alpha:]), as they are defined by RE2 and Go's regexp/syntax.
import { MAX_RUNE, normalize, type Ranges } from "./charclass.js";
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

const cache = new Map<string, Ranges>();

/** The code points of a \p{name} table (Any, a general category or group, a script), or undefined. */
export function unicodeTable(name: string): Ranges | undefined {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  if (name === "Any") return [0, MAX_RUNE];
  const { categories, scripts } = unicodeRanges(`\\p{${name}}`);
  let r: number[] | undefined;
  if (Object.hasOwn(GROUPS, name)) {
    r = normalize(GROUPS[name]!.flatMap((c) => decodeRanges(categories[c]!)));
  } else if (Object.hasOwn(categories, name)) {
    r = decodeRanges(categories[name]!);
  } else if (Object.hasOwn(scripts, name)) {
    r = decodeRanges(scripts[name]!);
  }
  if (r !== undefined) cache.set(name, r);
  return r;
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
