// RE2 syntax parser (the dialect of Go's regexp/syntax with Perl flags, as RE2 accepts it).
// It produces a small tree for the compiler; captures, names and greediness are checked but do
// not reach the tree, because a pattern here only answers "does it match".
import { foldClose, foldOrbitOf, MAX_RUNE, negate, normalize, type Ranges } from "./charclass.js";
import {
  EMPTY_BEGIN_LINE,
  EMPTY_BEGIN_TEXT,
  EMPTY_END_LINE,
  EMPTY_END_TEXT,
  EMPTY_NO_WORD_BOUNDARY,
  EMPTY_WORD_BOUNDARY,
} from "./program.js";
import { PERL_CLASSES, posixClass, unicodeTable } from "./unicode.js";

export type Node =
  | { readonly kind: "empty" }
  | { readonly kind: "fail" } // matches nothing (an empty character set)
  // one code point from the set; `literal`: written as one character (its fold flag), for GoHeights
  | { readonly kind: "chars"; readonly ranges: Ranges; readonly literal?: "fold" | "exact" }
  | { readonly kind: "assert"; readonly flag: number } // an EMPTY_* assertion
  | { readonly kind: "concat"; readonly subs: readonly Node[] }
  | { readonly kind: "alt"; readonly subs: readonly Node[] }
  // max -1 = unbounded; counted = written with braces (only those count toward the 1000 limit)
  | { readonly kind: "repeat"; readonly sub: Node; readonly min: number; readonly max: number; readonly counted: boolean }
  | { readonly kind: "group"; readonly sub: Node; readonly capture: boolean };

/** A pattern RE2 would reject. `reason` is Go's error text, e.g. "invalid escape sequence: `\8`". */
export class PatternSyntaxError extends Error {
  readonly pattern: string;
  readonly reason: string;
  constructor(pattern: string, reason: string) {
    super(`invalid pattern "${pattern}": ${reason}`);
    this.name = "PatternSyntaxError";
    this.pattern = pattern;
    this.reason = reason;
  }
}

// Error codes, worded as Go's regexp/syntax words them.
const ERR_INVALID_CHAR_RANGE = "invalid character class range";
const ERR_INVALID_ESCAPE = "invalid escape sequence";
const ERR_INVALID_NAMED_CAPTURE = "invalid named capture";
const ERR_INVALID_PERL_OP = "invalid or unsupported Perl syntax";
const ERR_INVALID_REPEAT_OP = "invalid nested repetition operator";
const ERR_INVALID_REPEAT_SIZE = "invalid repeat count";
const ERR_INVALID_UTF8 = "invalid UTF-8";
const ERR_MISSING_BRACKET = "missing closing ]";
const ERR_MISSING_PAREN = "missing closing )";
const ERR_MISSING_REPEAT_ARG = "missing argument to repetition operator";
const ERR_TRAILING_BACKSLASH = "trailing backslash at end of expression";
const ERR_UNEXPECTED_PAREN = "unexpected )";
const ERR_NESTING_DEPTH = "expression nests too deeply";

const MAX_REPEAT = 1000;
/** Groups nest at most this deep: bounds the parser's recursion (README "Patterns"). */
const MAX_DEPTH = 1000;
/** Go's maxHeight: the tallest parse tree regexp/syntax builds. */
const MAX_HEIGHT = 1000;

// Parse flags.
const FOLD = 1; // (?i)
const MULTILINE = 2; // (?m): ^ $ match at line breaks
const DOT_NL = 4; // (?s): . matches \n
const UNGREEDY = 8; // (?U): only changes which match is preferred, never whether one exists

const EMPTY: Node = { kind: "empty" };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isOctal = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "7";
const isAlnum = (cp: number): boolean =>
  (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);

function unhex(c: string | undefined): number {
  if (c === undefined || !/^[0-9A-Fa-f]$/.test(c)) return -1;
  return parseInt(c, 16);
}

function chars(ranges: Ranges): Node {
  return ranges.length === 0 ? { kind: "fail" } : { kind: "chars", ranges };
}

function concat(items: Node[]): Node {
  if (items.length === 0) return EMPTY;
  return items.length === 1 ? items[0]! : { kind: "concat", subs: items };
}

/** Go's repeatIsValid: nested counted repetitions may not multiply past 1000 copies. */
function repeatIsValid(node: Node, n: number): boolean {
  let limit = n;
  if (node.kind === "repeat" && node.counted) {
    let m = node.max;
    if (m === 0) return true;
    if (m < 0) m = node.min;
    if (m > limit) return false;
    if (m > 0) limit = Math.floor(limit / m);
  }
  switch (node.kind) {
    case "concat":
    case "alt":
      return node.subs.every((s) => repeatIsValid(s, limit));
    case "repeat":
    case "group":
      return repeatIsValid(node.sub, limit);
    default:
      return true;
  }
}

/** A node that Go's parser makes one literal (or literal string) of, and its fold flag. */
function literalOf(n: Node): "fold" | "exact" | undefined {
  if (n.kind !== "chars") return undefined;
  return n.literal ?? (n.ranges.length === 2 && n.ranges[0] === n.ranges[1] ? "exact" : undefined); // [a] is a literal to Go
}

/**
 * A concatenation's or alternation's parts as Go's parser has them (a non-capturing group adds no
 * node, and a concatenation inside one is spliced into the enclosing concatenation, an alternation
 * into the alternation): the tallest part, and the fold flag all parts share as literals
 * (`undefined` when some part is none, or they differ) or whether all are classes.
 */
interface Parts { readonly tallest: number; readonly literal: "fold" | "exact" | undefined; readonly classes: boolean }

/**
 * The height of the tree Go's regexp/syntax builds for a node, which Go refuses past 1000
 * ("expression nests too deeply"): a capture, a repetition, a concatenation and an alternation
 * are a level each; a non-capturing group is none; a concatenation of literals is one literal
 * string, and an alternation of single characters and classes is one class. (Go also factors
 * common prefixes and leading classes out of alternations, and makes [Aa] a folded literal,
 * which can change the height by a level or two: not modelled, README "Patterns" says so.)
 */
class GoHeights {
  private readonly heights = new WeakMap<Node, number>();
  private readonly parts = new WeakMap<Node, Parts>();

  height(n: Node): number {
    let h = this.heights.get(n);
    if (h !== undefined) return h;
    if (n.kind === "group") h = (n.capture ? 1 : 0) + this.height(n.sub);
    else if (n.kind === "repeat") h = 1 + this.height(n.sub);
    else if (n.kind === "concat" || n.kind === "alt") {
      const p = this.partsOf(n);
      h = (n.kind === "concat" ? p.literal !== undefined : p.classes) ? 1 : 1 + p.tallest;
    } else h = 1;
    this.heights.set(n, h);
    return h;
  }

  private partsOf(n: Node & { kind: "concat" | "alt" }): Parts {
    let p = this.parts.get(n);
    if (p !== undefined) return p;
    let tallest = 0;
    let literal: Parts["literal"] | null = null; // null: no part seen yet
    let classes = true;
    for (let sub of n.subs) {
      while (sub.kind === "group" && !sub.capture) sub = sub.sub;
      const q: Parts = sub.kind === n.kind
        ? this.partsOf(sub)
        : { tallest: this.height(sub), literal: literalOf(sub), classes: sub.kind === "chars" || sub.kind === "fail" };
      tallest = Math.max(tallest, q.tallest);
      literal = literal === null || literal === q.literal ? q.literal : undefined;
      classes &&= q.classes;
    }
    p = { tallest, literal: literal ?? undefined, classes };
    this.parts.set(n, p);
    return p;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

class Parser {
  private pos = 0;
  private flags = 0;
  private depth = 0;
  private readonly heights = new GoHeights();

  constructor(private readonly src: string) {}

  private fail(code: string, expr: string, hint?: string): never {
    throw new PatternSyntaxError(this.src, `${code}: \`${expr}\`${hint === undefined ? "" : ` (${hint})`}`);
  }

  /** The code point at index i and its length in UTF-16 units. */
  private cpAt(i: number): [number, number] {
    const cp = this.src.codePointAt(i)!;
    return [cp, cp > 0xffff ? 2 : 1];
  }

  parse(): Node {
    const bad = LONE_SURROGATE.exec(this.src);
    if (bad !== null) this.fail(ERR_INVALID_UTF8, this.src.slice(bad.index));
    const node = this.parseAlternation();
    if (this.pos < this.src.length) this.fail(ERR_UNEXPECTED_PAREN, this.src); // a ')' with no '('
    this.checkHeight(node);
    return node;
  }

  /** Go refuses a parse tree taller than 1000 as soon as it builds it (checked at each group and at the end). */
  private checkHeight(node: Node): void {
    if (this.heights.height(node) > MAX_HEIGHT) this.fail(ERR_NESTING_DEPTH, this.src);
  }

  private parseAlternation(): Node {
    const branches = [this.parseConcat()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      branches.push(this.parseConcat());
    }
    return branches.length === 1 ? branches[0]! : { kind: "alt", subs: branches };
  }

  private parseConcat(): Node {
    const src = this.src;
    const items: Node[] = [];
    let lastRepeat = -1; // start of the repetition operator just parsed, if the last token was one
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      let repeat = -1;
      switch (c) {
        case "|":
        case ")":
          return concat(items);
        case "(": {
          const group = this.parseGroup();
          if (group !== undefined) items.push(group);
          break;
        }
        case "^":
          items.push({ kind: "assert", flag: this.flags & MULTILINE ? EMPTY_BEGIN_LINE : EMPTY_BEGIN_TEXT });
          this.pos++;
          break;
        case "$":
          items.push({ kind: "assert", flag: this.flags & MULTILINE ? EMPTY_END_LINE : EMPTY_END_TEXT });
          this.pos++;
          break;
        case ".":
          items.push(chars(this.flags & DOT_NL ? [0, MAX_RUNE] : [0, 9, 11, MAX_RUNE]));
          this.pos++;
          break;
        case "[":
          items.push(this.parseClass());
          break;
        case "*":
        case "+":
        case "?": {
          const before = this.pos;
          this.pos++;
          const [min, max] = c === "*" ? [0, -1] : c === "+" ? [1, -1] : [0, 1];
          this.applyRepeat(items, before, lastRepeat, min, max, false);
          repeat = before;
          break;
        }
        case "{": {
          const before = this.pos;
          const r = this.parseRepeatCount();
          if (r === undefined) {
            items.push(this.literal(0x7b)); // not a valid {n,m}: a literal brace
            this.pos++;
            break;
          }
          const [min, max, end] = r;
          if (min < 0 || min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && min > max)) {
            this.fail(ERR_INVALID_REPEAT_SIZE, src.slice(before, end));
          }
          this.pos = end;
          this.applyRepeat(items, before, lastRepeat, min, max, true);
          repeat = before;
          break;
        }
        case "\\":
          this.parseBackslash(items);
          break;
        default: {
          const [cp, n] = this.cpAt(this.pos);
          items.push(this.literal(cp));
          this.pos += n;
        }
      }
      lastRepeat = repeat;
    }
    return concat(items);
  }

  /** Applies a repetition operator (already consumed, lazy '?' not yet) to the last item. */
  private applyRepeat(items: Node[], before: number, lastRepeat: number, min: number, max: number, counted: boolean): void {
    if (this.src[this.pos] === "?") this.pos++; // lazy form: same language
    if (lastRepeat >= 0) {
      // a** a*+ a{2}{3}: RE2 does not stack repetitions (and has no possessive forms)
      const op = this.src.slice(lastRepeat, this.pos);
      this.fail(ERR_INVALID_REPEAT_OP, op, /^[*+?}]\+$/.test(op.slice(-2)) ? "possessive repetition is not supported" : undefined);
    }
    if (items.length === 0) this.fail(ERR_MISSING_REPEAT_ARG, this.src.slice(before, this.pos));
    const node: Node = { kind: "repeat", sub: items[items.length - 1]!, min, max, counted };
    if (counted && (min >= 2 || max >= 2) && !repeatIsValid(node, MAX_REPEAT)) {
      this.fail(ERR_INVALID_REPEAT_SIZE, this.src.slice(before, this.pos));
    }
    items[items.length - 1] = node;
  }

  /** {n} {n,} {n,m} at pos: [min, max (-1 = none), end], min = -1 if a number is too big. */
  private parseRepeatCount(): [number, number, number] | undefined {
    const src = this.src;
    let i = this.pos + 1;
    const int = (): number | undefined => {
      if (!isDigit(src[i])) return undefined;
      if (src[i] === "0" && isDigit(src[i + 1])) return undefined; // no leading zeros
      const start = i;
      while (isDigit(src[i])) i++;
      const digits = src.slice(start, i);
      return digits.length > 8 ? -1 : Number(digits);
    };
    let min = int();
    if (min === undefined) return undefined;
    let max = min;
    if (src[i] === ",") {
      i++;
      if (src[i] === "}") {
        max = -1;
      } else {
        const m = int();
        if (m === undefined) return undefined;
        if (m < 0) min = -1;
        max = m;
      }
    }
    if (src[i] !== "}") return undefined;
    return [min, max, i + 1];
  }

  /** A group or a flag setting at pos ("("). Returns undefined for a bare flag group "(?i)". */
  private parseGroup(): Node | undefined {
    const src = this.src;
    const start = this.pos;
    const saved = this.flags;
    let capture = true;
    if (src[start + 1] === "?") {
      // As Go's parsePerlFlags: a name follows "(?P<" or "(?<" only when something follows them
      // ("(?P<" at the end is read as flags, refused at the P). So (?<=a) and (?<!a) are refused
      // as named groups, as Go (>= 1.22) refuses them.
      const rest = src.length - start;
      const named = src.startsWith("(?P<", start) && rest > 4 ? 4 : src.startsWith("(?<", start) && rest > 3 ? 3 : 0;
      if (named > 0) {
        const hint = named === 3 && (src[start + 3] === "=" || src[start + 3] === "!") ? "lookbehind is not supported" : undefined;
        const end = src.indexOf(">", start);
        if (end < 0) this.fail(ERR_INVALID_NAMED_CAPTURE, src.slice(start), hint);
        const name = src.slice(start + named, end);
        if (!/^[A-Za-z0-9_]+$/.test(name)) this.fail(ERR_INVALID_NAMED_CAPTURE, src.slice(start, end + 1), hint);
        this.pos = end + 1;
      } else {
        capture = false;
        // (?flags) or (?flags:re)
        let i = start + 2;
        let flags = this.flags;
        let negated = false;
        let sawFlag = false;
        for (;;) {
          // a code point, not a UTF-16 unit: the error quotes the whole character, as Go's rune does
          const c = i < src.length ? String.fromCodePoint(src.codePointAt(i)!) : undefined;
          i += c?.length ?? 1;
          const bit = c === "i" ? FOLD : c === "m" ? MULTILINE : c === "s" ? DOT_NL : c === "U" ? UNGREEDY : 0;
          if (bit !== 0) {
            flags = negated ? flags & ~bit : flags | bit;
            sawFlag = true;
            continue;
          }
          if (c === "-" && !negated) {
            negated = true;
            sawFlag = false;
            continue;
          }
          if ((c === ":" || c === ")") && !(negated && !sawFlag)) {
            this.pos = i;
            if (c === ")") {
              this.flags = flags; // lasts to the end of the enclosing group
              return undefined;
            }
            this.flags = flags;
            break;
          }
          const op = src.slice(start, Math.min(i, src.length));
          const hint = c === "=" || c === "!" ? "lookahead is not supported" : undefined;
          this.fail(ERR_INVALID_PERL_OP, c === undefined ? src.slice(start) : op, hint);
        }
      }
    } else {
      this.pos++;
    }
    if (++this.depth > MAX_DEPTH) this.fail(ERR_NESTING_DEPTH, src);
    const sub = this.parseAlternation();
    if (this.pos >= src.length) this.fail(ERR_MISSING_PAREN, src);
    this.pos++; // ')'
    this.depth--;
    this.flags = saved;
    const group: Node = { kind: "group", sub, capture };
    this.checkHeight(group);
    return group;
  }

  private literal(cp: number): Node {
    const fold = (this.flags & FOLD) !== 0;
    return { kind: "chars", ranges: fold ? normalize(foldOrbitOf(cp).flatMap((c) => [c, c])) : [cp, cp], literal: fold ? "fold" : "exact" };
  }

  /** A backslash sequence outside brackets. */
  private parseBackslash(items: Node[]): void {
    const src = this.src;
    const next = src[this.pos + 1];
    const assertion: Record<string, number> = {
      A: EMPTY_BEGIN_TEXT,
      z: EMPTY_END_TEXT,
      b: EMPTY_WORD_BOUNDARY,
      B: EMPTY_NO_WORD_BOUNDARY,
    };
    if (next !== undefined && Object.hasOwn(assertion, next)) {
      items.push({ kind: "assert", flag: assertion[next]! });
      this.pos += 2;
      return;
    }
    if (next === "C") this.fail(ERR_INVALID_ESCAPE, "\\C", "matching single bytes is not supported");
    if (next === "Q") {
      // \Q...\E: everything up to \E (or the end) is literal
      const end = src.indexOf("\\E", this.pos + 2);
      const text = src.slice(this.pos + 2, end < 0 ? src.length : end);
      for (const ch of text) items.push(this.literal(ch.codePointAt(0)!));
      this.pos = end < 0 ? src.length : end + 2;
      return;
    }
    const cls = this.maybeClassEscape();
    if (cls !== undefined) {
      items.push(chars(cls));
      return;
    }
    items.push(this.literal(this.parseEscape()));
  }

  /** \pX \p{Name} \PX \d \s \w \D \S \W at pos (as a set), or undefined if pos holds none. */
  private maybeClassEscape(): Ranges | undefined {
    const src = this.src;
    if (src[this.pos] !== "\\") return undefined;
    const c = src[this.pos + 1];
    if (c === "p" || c === "P") return this.parseUnicodeClass();
    if (c !== undefined && Object.hasOwn(PERL_CLASSES, c)) {
      const g = PERL_CLASSES[c]!;
      this.pos += 2;
      return this.group(g.ranges, g.negated);
    }
    return undefined;
  }

  /** A named group with the current flags: folded first (under (?i)), then negated if asked. */
  private group(ranges: Ranges, negated: boolean): Ranges {
    const r = this.flags & FOLD ? foldClose(ranges) : ranges;
    return negated ? negate(r) : r;
  }

  private parseUnicodeClass(): Ranges {
    const src = this.src;
    const start = this.pos;
    let negated = src[start + 1] === "P";
    let name: string;
    let seq: string;
    if (src[start + 2] === "{") {
      const end = src.indexOf("}", start);
      if (end < 0) this.fail(ERR_INVALID_CHAR_RANGE, src.slice(start));
      seq = src.slice(start, end + 1);
      name = src.slice(start + 3, end);
      this.pos = end + 1;
    } else {
      const n = start + 2 < src.length ? this.cpAt(start + 2)[1] : 0;
      seq = src.slice(start, start + 2 + n);
      name = seq.slice(2);
      this.pos = start + 2 + n;
    }
    if (name.startsWith("^")) {
      negated = !negated;
      name = name.slice(1);
    }
    const table = unicodeTable(name);
    if (table === undefined) this.fail(ERR_INVALID_CHAR_RANGE, seq);
    return this.group(table, negated);
  }

  /** A single-character escape at pos (a backslash); returns its code point. */
  private parseEscape(): number {
    const src = this.src;
    const start = this.pos;
    if (start + 1 >= src.length) this.fail(ERR_TRAILING_BACKSLASH, "");
    const [c, n] = this.cpAt(start + 1);
    let i = start + 1 + n;
    const bad = (): never => this.fail(ERR_INVALID_ESCAPE, src.slice(start, i));
    const ch = String.fromCodePoint(c);
    if (c < 0x80 && !isAlnum(c)) {
      this.pos = i; // escaped punctuation is itself
      return c;
    }
    if (ch >= "1" && ch <= "7" && !isOctal(src[i])) {
      this.fail(ERR_INVALID_ESCAPE, src.slice(start, i), "backreferences are not supported");
    }
    if (ch >= "0" && ch <= "7") {
      // octal: \0, \012, \123 (up to three digits)
      let r = c - 0x30;
      for (let k = 1; k < 3 && isOctal(src[i]); k++) r = r * 8 + (src.charCodeAt(i++) - 0x30);
      this.pos = i;
      return r;
    }
    if (ch === "8" || ch === "9") this.fail(ERR_INVALID_ESCAPE, src.slice(start, i), "backreferences are not supported");
    if (ch === "x") {
      if (i >= src.length) bad();
      if (src[i] === "{") {
        i++;
        let r = 0;
        let digits = 0;
        for (;;) {
          if (i >= src.length) bad();
          const d = src[i]!;
          i += src.codePointAt(i)! > 0xffff ? 2 : 1;
          if (d === "}") break;
          const v = unhex(d);
          if (v < 0) bad();
          r = r * 16 + v;
          if (r > MAX_RUNE) bad();
          digits++;
        }
        if (digits === 0) bad();
        this.pos = i;
        return r;
      }
      const x = unhex(src[i]);
      i += src.codePointAt(i)! > 0xffff ? 2 : 1;
      const y = unhex(src[i]);
      if (i < src.length) i += src.codePointAt(i)! > 0xffff ? 2 : 1;
      if (x < 0 || y < 0) bad();
      this.pos = i;
      return x * 16 + y;
    }
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (Object.hasOwn(simple, ch)) {
      this.pos = i;
      return simple[ch]!;
    }
    return bad();
  }

  /** A bracketed class at pos ("["). */
  private parseClass(): Node {
    const src = this.src;
    const start = this.pos;
    let i = start + 1;
    let negated = false;
    if (src[i] === "^") {
      negated = true;
      i++;
    }
    const acc: number[] = [];
    let first = true; // ']' is literal as the first member
    while (i >= src.length || src[i] !== "]" || first) {
      first = false;
      if (src.startsWith("[:", i)) {
        const close = src.indexOf(":]", i + 2);
        if (close >= 0) {
          const name = src.slice(i, close + 2);
          const g = posixClass(name);
          if (g === undefined) this.fail(ERR_INVALID_CHAR_RANGE, name);
          acc.push(...this.group(g.ranges, g.negated));
          i = close + 2;
          continue;
        }
      }
      this.pos = i;
      const cls = this.maybeClassEscape();
      if (cls !== undefined) {
        acc.push(...cls);
        i = this.pos;
        continue;
      }
      const rangeStart = i;
      const lo = this.parseClassChar(i, start);
      i = this.pos;
      let hi = lo;
      if (src[i] === "-" && i + 1 < src.length && src[i + 1] !== "]") {
        hi = this.parseClassChar(i + 1, start);
        i = this.pos;
        if (hi < lo) this.fail(ERR_INVALID_CHAR_RANGE, src.slice(rangeStart, i));
      }
      acc.push(...(this.flags & FOLD ? foldClose([lo, hi]) : [lo, hi]));
    }
    this.pos = i + 1; // ']'
    const set = normalize(acc);
    return chars(negated ? negate(set) : set);
  }

  private parseClassChar(i: number, classStart: number): number {
    const src = this.src;
    if (i >= src.length) this.fail(ERR_MISSING_BRACKET, src.slice(classStart));
    this.pos = i;
    if (src[i] === "\\") return this.parseEscape();
    const [cp, n] = this.cpAt(i);
    this.pos = i + n;
    return cp;
  }
}

/** Parses an RE2 pattern; throws PatternSyntaxError where RE2 reports a syntax error. */
export function parsePattern(source: string): Node {
  return new Parser(source).parse();
}
