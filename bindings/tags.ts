// Field tags: a bare directive list ("required,min=2") or a Go-style tag string
// (`json:"email,omitempty" checker:"required,email"`).

export class TagSyntaxError extends Error {}

export interface FieldTag {
  /** JSON name from `json:"name"`; undefined when the tag gives none. */
  readonly jsonName: string | undefined;
  readonly omitEmpty: boolean;
  /** `json:"-"`: never read from or written to JSON. */
  readonly skip: boolean;
  /** The directive list that applies, or undefined when there is none. */
  readonly directives: string | undefined;
}

export interface Directive {
  /** Name as written (`min`, `required_if`). */
  readonly name: string;
  /** Value after `=`, with `\,` unescaped; undefined for a bare directive. */
  readonly value: string | undefined;
  /** The directive exactly as written, for messages. */
  readonly raw: string;
}

const GO_STYLE = /^\s*[^\s:"=,]+:"/;

/**
 * Go's unicode.IsSpace, which strings.TrimSpace and strings.Fields use: JavaScript's \s without
 * U+FEFF, with U+0085 (NEL).
 */
const GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, "g");
const GO_FIELDS = new RegExp(`${GO_SPACE}+`);

/** s without leading and trailing spaces, as Go's strings.TrimSpace (a directive's name and most values). */
export function goTrimSpace(s: string): string {
  return s.replace(GO_TRIM, "");
}

/** The words of s between runs of spaces, as Go's strings.Fields (oneof's values). */
export function goFields(s: string): string[] {
  return s.split(GO_FIELDS).filter((w) => w !== "");
}

/** Parse `key:"value" key2:"value2"` as Go's reflect.StructTag does; values are Go string literals. */
export function parseStructTag(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < tag.length) {
    while (i < tag.length && tag[i] === " ") i++;
    if (i >= tag.length) break;
    let j = i;
    while (j < tag.length && tag[j] !== ":" && tag[j] !== '"' && tag.charCodeAt(j) > 0x20 && tag.charCodeAt(j) !== 0x7f) j++;
    if (j === i || tag[j] !== ":" || tag[j + 1] !== '"') {
      throw new TagSyntaxError(`malformed tag ${JSON.stringify(tag)}: expected key:"value" at offset ${i}`);
    }
    const key = tag.slice(i, j);
    // the value runs to the first '"' not escaped by a backslash, as in Go's Lookup
    let k = j + 2;
    while (k < tag.length && tag[k] !== '"') k += tag[k] === "\\" ? 2 : 1;
    if (k >= tag.length) throw new TagSyntaxError(`malformed tag ${JSON.stringify(tag)}: unterminated value of ${key}`);
    const value = unquoteGo(tag.slice(j + 2, k), (why) => new TagSyntaxError(`malformed tag ${JSON.stringify(tag)}: ${why} in ${key}`));
    if (!out.has(key)) out.set(key, value); // Go's Lookup returns the first occurrence
    i = k + 1;
    if (i < tag.length && tag[i] !== " ") {
      throw new TagSyntaxError(`malformed tag ${JSON.stringify(tag)}: expected a space after the value of ${key}`);
    }
  }
  return out;
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, '"': 34 };

/**
 * The text of a Go double-quoted string literal's body, as strconv.Unquote reads it: \a \b \f \n
 * \r \t \v \\ \" (not \'), \xhh and \ooo (bytes), \uhhhh and \Uhhhhhhhh (code points, not
 * surrogates); no raw newline. The bytes must be UTF-8, since a JS string cannot hold others.
 */
function unquoteGo(body: string, fail: (why: string) => TagSyntaxError): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let k = 0; k < body.length; ) {
    const ch = body[k]!;
    if (ch === "\n") throw fail("a raw newline");
    if (ch !== "\\") {
      const cp = body.codePointAt(k)!;
      bytes.push(...encoder.encode(String.fromCodePoint(cp)));
      k += cp > 0xffff ? 2 : 1;
      continue;
    }
    const e = body[k + 1] ?? "";
    const digits = (n: number, re: RegExp, radix: number): number => {
      const text = body.slice(k + 2, k + 2 + n);
      if (text.length !== n || !re.test(text)) throw fail(`bad escape \\${e}${text}`);
      k += 2 + n;
      return parseInt(text, radix);
    };
    if (e in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[e]!);
      k += 2;
    } else if (e === "x") bytes.push(digits(2, /^[0-9a-fA-F]+$/, 16));
    else if (e >= "0" && e <= "7") {
      k--; // the first octal digit is e itself
      const byte = digits(3, /^[0-7]+$/, 8);
      if (byte > 255) throw fail(`bad escape \\${body.slice(k - 3, k)}`);
      bytes.push(byte);
    } else if (e === "u" || e === "U") {
      const n = e === "u" ? 4 : 8;
      const cp = digits(n, /^[0-9a-fA-F]+$/, 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw fail(`bad escape \\${e}${body.slice(k - n, k)}`);
      bytes.push(...encoder.encode(String.fromCodePoint(cp)));
    } else throw fail(`bad escape \\${e}`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    throw fail("escapes that make bytes that are not UTF-8");
  }
}

/** Go json tag options checker refuses, with what to do instead. */
const UNSUPPORTED_JSON_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["string", "numbers and bools are read and written as JSON numbers and booleans only (declare a t.string() field with a pattern, or drop the option)"],
  ["omitzero", "marshal leaves out empty fields by omitempty's rule only (use omitempty, or drop the option)"],
]);

/**
 * Read a field's tag under the given tag names (first found wins). A bare list is the directive
 * list whatever the tag name.
 */
export function readFieldTag(tag: string | undefined, tagNames: readonly string[]): FieldTag {
  if (tag === undefined || tag.trim() === "") {
    return { jsonName: undefined, omitEmpty: false, skip: false, directives: undefined };
  }
  if (!GO_STYLE.test(tag)) {
    return { jsonName: undefined, omitEmpty: false, skip: false, directives: tag };
  }
  const parts = parseStructTag(tag);
  let directives: string | undefined;
  for (const name of tagNames) {
    const list = parts.get(name);
    if (list !== undefined) {
      directives = list;
      break;
    }
  }
  const json = parts.get("json");
  if (json === undefined) return { jsonName: undefined, omitEmpty: false, skip: false, directives };
  if (json === "-") return { jsonName: undefined, omitEmpty: false, skip: true, directives };
  const [name, ...options] = json.split(",");
  // Go options whose meaning checker does not implement are refused, not ignored: read or written
  // without them, the field would differ from Go's in both directions. (Unknown options are
  // ignored, as Go ignores them.)
  for (const option of options) {
    const why = UNSUPPORTED_JSON_OPTIONS.get(option);
    if (why !== undefined) throw new TagSyntaxError(`json option "${option}" is not supported: ${why}`);
  }
  // Any name is used as written, also one Go's encoding/json ignores for the field's own name
  // (isValidTag: a quote, a backslash, an emoji): a JSON key can be any string.
  return {
    jsonName: name === "" ? undefined : name,
    omitEmpty: options.includes("omitempty"),
    skip: false,
    directives,
  };
}

/** Directives whose value is a pattern: it runs to the next comma outside [...], {...} and (...). */
const PATTERN_DIRECTIVES = new Set(["regexp", "pattern"]);

/** The index of the first comma at or after k that is not escaped as `\,` (or the end). */
function nextComma(list: string, k: number): number {
  while (k < list.length && list[k] !== ",") k += list[k] === "\\" && list[k + 1] === "," ? 2 : 1;
  return k;
}

/**
 * A pattern value from list[k]: up to the next comma outside [...] (a POSIX [:name:] inside is
 * part of the class), {...} (a `{` that no `}` follows is a literal), (...) and \Q...\E (an
 * unclosed \Q runs to the next comma), with `\,` unescaped. Returns the value and the index of
 * the comma that ends it (or the end of the list).
 */
function scanPattern(list: string, k: number): [string, number] {
  let value = "";
  let depth = 0;
  let inClass = false;
  const copyTo = (end: number): void => {
    value += list.slice(k, end).replace(/\\,/g, ",");
    k = end;
  };
  while (k < list.length) {
    const ch = list[k];
    if (ch === "\\" && list[k + 1] === ",") {
      value += ",";
      k += 2;
      continue;
    }
    if (!inClass && ch === "\\" && list[k + 1] === "Q") {
      // all literal, brackets included: to \E, or else (as RE2 reads it) to the end of the pattern
      const close = list.indexOf("\\E", k + 2);
      if (close >= 0) {
        copyTo(close + 2);
        continue;
      }
      copyTo(nextComma(list, k + 2));
      break;
    }
    if (ch === "\\" && k + 1 < list.length) {
      value += ch + list[k + 1];
      k += 2;
      continue;
    }
    if (inClass) {
      if (ch === "[" && list[k + 1] === ":") {
        const close = list.indexOf(":]", k + 2);
        if (close >= 0) {
          copyTo(close + 2);
          continue;
        }
      }
      if (ch === "]") inClass = false;
    } else if (ch === "[") {
      inClass = true;
      // a ']' right after '[' or '[^' is a literal member, not the end of the class
      const first = list[k + 1] === "^" ? k + 2 : k + 1;
      if (list[first] === "]") {
        copyTo(first + 1);
        continue;
      }
    } else if (ch === "(" || (ch === "{" && list.includes("}", k + 1))) depth++;
    else if ((ch === ")" || ch === "}") && depth > 0) depth--;
    else if (ch === "," && depth === 0) break;
    value += ch;
    k++;
  }
  return [value, k];
}

/** Split a directive list on commas. `\,` is a literal comma in any value. */
export function splitDirectives(list: string): Directive[] {
  const out: Directive[] = [];
  let i = 0;
  while (i <= list.length) {
    // name
    let j = i;
    while (j < list.length && list[j] !== "," && list[j] !== "=") j++;
    const name = goTrimSpace(list.slice(i, j));
    if (j >= list.length || list[j] === ",") {
      if (name !== "") out.push({ name, value: undefined, raw: name });
      else if (goTrimSpace(list) !== "") throw new TagSyntaxError(`empty directive in ${JSON.stringify(list)}`);
      i = j + 1;
      continue;
    }
    // value after '='
    let k = j + 1;
    let value = "";
    if (PATTERN_DIRECTIVES.has(name)) {
      [value, k] = scanPattern(list, k);
    } else {
      while (k < list.length && list[k] !== ",") {
        if (list[k] === "\\" && list[k + 1] === ",") {
          value += ",";
          k += 2;
          continue;
        }
        value += list[k];
        k++;
      }
    }
    out.push({ name, value, raw: goTrimSpace(list.slice(i, k)) });
    i = k + 1;
  }
  return out;
}
