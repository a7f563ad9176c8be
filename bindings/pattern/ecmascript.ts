// An RE2 pattern as an ECMAScript regular expression (with the `u` flag, as JSON Schema's
// `pattern` is read, e.g. by ajv) that matches exactly the same strings, for the schema writer.
// RE2 syntax is often no ECMAScript (`(?i)`, `\A`, `\z`, `[[:alpha:]]`, `\pL`, `\Q...\E`, `(?P<n>`,
// `x{,3}`, a lone `]` or `{`, ...) or means something else (`\s`, `.` and `(?m)` line breaks), so
// the pattern is written from its parsed tree, where flags, folding and classes are already
// resolved into plain code point sets; only sets, ^ $ \b \B, lookarounds for (?m) line
// assertions, groups, alternation and counted repeats are written.
//
// Lone surrogates: checker reads one as U+FFFD (as Go does with invalid UTF-8), while an
// ECMAScript `u` pattern sees code point D800..DFFF; so a set holds the surrogates exactly when it
// holds U+FFFD.
import { MAX_RUNE, negate, normalize, type Ranges } from "./charclass.js";
import {
  EMPTY_BEGIN_LINE, EMPTY_BEGIN_TEXT, EMPTY_END_LINE, EMPTY_END_TEXT, EMPTY_NO_WORD_BOUNDARY, EMPTY_WORD_BOUNDARY,
} from "./program.js";
import { parsePattern, type Node } from "./syntax.js";

/**
 * Not between the two halves of a surrogate pair: V8 (not ECMAScript) lets an empty match stand
 * there in a `u` pattern, where \B, and a line start and end together, hold (`/\B/u` finds one
 * in "A😂C"). A no-op elsewhere: a code point or the end follows every other position.
 */
const AT_CODE_POINT = "(?=[\\s\\S]|$)";

const ASSERTIONS: Record<number, string> = {
  [EMPTY_BEGIN_TEXT]: "^",
  [EMPTY_END_TEXT]: "$",
  [EMPTY_BEGIN_LINE]: `(?<![^\\n])${AT_CODE_POINT}`,
  [EMPTY_END_LINE]: `(?![^\\n])${AT_CODE_POINT}`,
  [EMPTY_WORD_BOUNDARY]: "\\b",
  [EMPTY_NO_WORD_BOUNDARY]: `\\B${AT_CODE_POINT}`,
};

/**
 * The ECMAScript (`u` flag) form of an RE2 pattern (throws PatternSyntaxError as compilePattern
 * does): the pattern as written when it keeps to the syntax both read alike, else rewritten.
 */
export function ecmaScriptPattern(source: string): string {
  const tree = parsePattern(source);
  return sharedSyntax(source) ? source : write(tree);
}

const SHARED_ESCAPES = new Set("dDwWbBtnfrv^$\\.*+?()[]{}|/");

/**
 * True when an RE2 pattern means the same as an ECMAScript `u` pattern: printable ASCII, no `.`
 * (ECMAScript's also stops at \r, U+2028, U+2029), `(?` only as `(?:`, no POSIX class, escapes
 * both read alike (not \s: ECMAScript's holds Unicode spaces; not \B, see AT_CODE_POINT), counts without leading zeros
 * (RE2 reads `a{01}` as text), and valid ECMAScript.
 */
function sharedSyntax(source: string): boolean {
  if (!/^[\x20-\x7e]*$/.test(source)) return false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const e = source[++i]!;
      if (!SHARED_ESCAPES.has(e) && !(inClass && e === "-")) return false;
      if (inClass && (e === "b" || e === "B")) return false;
      if (e === "B") return false; // (written with AT_CODE_POINT)
    } else if (inClass) {
      if (c === "[" && source[i + 1] === ":") return false;
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
    } else if (c === "." || (c === "(" && source[i + 1] === "?" && source[i + 2] !== ":")) {
      return false;
    } else if (c === "{" && !/^\{(0|[1-9]\d*)(,(0|[1-9]\d*)?)?\}/.test(source.slice(i))) {
      return false;
    }
  }
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

/** A group only groups: what it holds decides whether it needs `(?:...)` where it stands. */
function ungroup(n: Node): Node {
  return n.kind === "group" ? ungroup(n.sub) : n;
}

function write(node: Node): string {
  const n = ungroup(node);
  switch (n.kind) {
    case "empty": return "";
    case "fail": return "[]";
    case "chars": return charSet(n.ranges);
    case "assert": return ASSERTIONS[n.flag]!;
    case "concat": return n.subs.map((s) => (ungroup(s).kind === "alt" ? `(?:${write(s)})` : write(s))).join("");
    case "alt": return n.subs.map(write).join("|");
    case "group": return write(n.sub); // (not reached: ungroup)
    case "repeat": {
      const inner = ungroup(n.sub).kind;
      const sub = inner === "chars" || inner === "fail" ? write(n.sub) : `(?:${write(n.sub)})`;
      if (n.max === -1) return sub + (n.min === 0 ? "*" : n.min === 1 ? "+" : `{${n.min},}`);
      if (n.min === 0 && n.max === 1) return `${sub}?`;
      return sub + (n.min === n.max ? `{${n.min}}` : `{${n.min},${n.max}}`);
    }
  }
}

const SURROGATES: Ranges = [0xd800, 0xdfff];

/** A set of code points as one atom: a character, or a class (negated when that is shorter). */
function charSet(ranges: Ranges): string {
  const withoutSurrogates = normalize(negate(normalize([...negate(ranges), ...SURROGATES])));
  const set = holds(ranges, 0xfffd) ? normalize([...withoutSurrogates, ...SURROGATES]) : withoutSurrogates;
  if (set.length === 2 && set[0] === set[1]) return char(set[0]!, false);
  const complement = negate(set);
  if (complement.length === 0) return "[^]";
  return complement.length < set.length ? `[^${classItems(complement)}]` : `[${classItems(set)}]`;
}

function holds(r: Ranges, c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

function classItems(r: Ranges): string {
  let out = "";
  for (let i = 0; i < r.length; i += 2) {
    const lo = r[i]!, hi = r[i + 1]!;
    out += char(lo, true);
    if (hi > lo) out += (hi > lo + 1 ? "-" : "") + char(hi, true);
  }
  return out;
}

const SYNTAX = new Set("^$\\.*+?()[]{}|/");
const NAMED: Record<number, string> = { 0x09: "\\t", 0x0a: "\\n", 0x0b: "\\v", 0x0c: "\\f", 0x0d: "\\r" };

/** One code point, escaped where ECMAScript (u flag) needs it, in or out of a class. */
function char(c: number, inClass: boolean): string {
  if (NAMED[c] !== undefined) return NAMED[c]!;
  if (c > 0x20 && c < 0x7f) {
    const s = String.fromCharCode(c);
    return SYNTAX.has(s) || (inClass && s === "-") ? `\\${s}` : s;
  }
  if (c === 0x20 || (c > 0xa0 && c <= MAX_RUNE && /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(String.fromCodePoint(c)))) return String.fromCodePoint(c);
  return `\\u{${c.toString(16)}}`;
}
