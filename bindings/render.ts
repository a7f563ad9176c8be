// Turn what the core recorded into the spec's errors: error records -> FieldErrors (messages from
// the directive that wrote each op), a syntax stop -> JsonSyntaxError, a type stop ->
// UnmarshalTypeError. Only rejected documents come here.

import type { Program } from "./compile.js";
import { JsonSyntaxError, UnmarshalTypeError, type FieldError } from "./errors.js";
import * as L from "./layout.js";
import { joinPath, zeroErrors, zeroItemErrors } from "./reference.js";
import { intZeroed, stripPtr, typeName } from "./resolve.js";
import type { Session } from "./session.js";
import { utf8Decoder } from "./text-store.js";

const decoder = utf8Decoder();

function keyText(raw: string): string {
  return raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/** Longest span read by spanText without the decoder (error values and keys are mostly short). */
const SHORT_SPAN = 64;
/** One array of char codes per span length (apply() takes its length from the array). */
const SPAN_CODES: number[][] = [];

/**
 * The text of input bytes [start, end): a short all-ASCII span is its bytes as char codes (what
 * the decoder gives, without a call into it: a document with many errors renders many spans).
 */
function spanText(input: Uint8Array, start: number, end: number): string {
  return shortAscii(input, start, end) ?? decoder.decode(input.subarray(start, end));
}

/** The text of a short span of ASCII bytes without a backslash, else undefined. */
function shortAscii(input: Uint8Array, start: number, end: number): string | undefined {
  const n = end - start;
  if (n > SHORT_SPAN) return undefined;
  const codes = (SPAN_CODES[n] ??= new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const b = input[start + i];
    if (b >= 0x80 || b === 0x5c) return undefined;
    codes[i] = b;
  }
  return String.fromCharCode.apply(null, codes);
}

/**
 * The JSON value at input bytes [start, end) (a whole value the core has read): a literal or a
 * number without a call into JSON.parse (Number reads a JSON number text as JSON.parse does).
 */
function spanValue(input: Uint8Array, start: number, end: number): unknown {
  const first = input[start];
  if (first === 0x2d || (first >= 0x30 && first <= 0x39)) return Number(spanText(input, start, end));
  if (first === 0x74) return true;
  if (first === 0x66) return false;
  if (first === 0x6e) return null;
  // a short ASCII string without escapes is its text between the quotes
  if (first === 0x22) return shortAscii(input, start + 1, end - 1) ?? JSON.parse(spanText(input, start, end));
  return JSON.parse(spanText(input, start, end));
}

/** Path of `count` path frames starting at arena frame `first` (`input`: the session's input bytes). */
function renderPath(program: Program, s: Session, first: number, count: number, input = s.inputBytes()): string {
  const u32 = s.engine.heap.u32;
  const arena = s.get(L.S_ARENA) >>> 2;
  let path = "";
  for (let i = 0; i < count; i++) {
    const w = arena + (first + i) * L.PF_WORDS;
    const type = u32[w];
    if (type === L.PF_FIELD) path = joinPath(path, program.frs[u32[w + 1]].field!.jsonName);
    else if (type === L.PF_INDEX) path += `[${u32[w + 1]}]`;
    else path = joinPath(path, keyText(spanText(input, u32[w + 1], u32[w + 2])));
  }
  return path;
}

const tooMany = (max: number): FieldError => ({
  field: "", code: "TOO_MANY_ERRORS", message: `too many errors: stopped after ${max}`, value: null,
});

/** FieldErrors of the error records from index `from` on (a stream renders them as they come). */
export function renderErrors(program: Program, s: Session, from = 0): FieldError[] {
  const u32 = s.engine.heap.u32;
  const base = s.get(L.S_ERRS) >>> 2;
  const count = s.get(L.S_ERR_COUNT);
  const maxErrors = program.resolved.options.maxErrors;
  const input = s.inputBytes(); // (one view for every record: the heap does not grow while rendering)
  const out: FieldError[] = [];
  for (let i = from; i < count; i++) {
    const r = base + i * L.ER_WORDS;
    const kind = u32[r + L.ER_KIND];
    if (kind === L.E_TOO_MANY) {
      out.push(tooMany(maxErrors));
      break;
    }
    const field = renderPath(program, s, u32[r + L.ER_PATH], u32[r + L.ER_PATH_LEN], input);
    const a = u32[r + L.ER_A];
    const value = u32[r + L.ER_VAL_KIND] === L.V_SPAN ? spanValue(input, u32[r + L.ER_VAL_START], u32[r + L.ER_VAL_END]) : null;
    switch (kind) {
      case L.E_OP: {
        const { check, field: f } = program.ops[a];
        out.push({ field, code: check.code, message: check.message, value: intZeroed(stripPtr(f.type), value) });
        break;
      }
      case L.E_REQUIRED:
        out.push({ field, code: "REQUIRED", message: "field is required", value: null });
        break;
      case L.E_MISSING:
        out.push({ field, code: "MISSING_FIELD", message: `${program.frs[a].field!.jsonName} field is missing and has no default`, value: null });
        break;
      case L.E_EXTRA:
        out.push({ field, code: "EXTRA_FIELD", message: "unknown field in JSON", value });
        break;
      case L.E_ZERO:
        // lax mode: the zero value of a missing field, checked by the reference checks
        out.push(...zeroErrors(program.frs[a].field!, field));
        break;
      case L.E_PAD: {
        // a fixed-size array read from fewer items: the zero items that fill it, checked
        const array = stripPtr(program.frs[a].type);
        if (array.kind !== "array") break;
        for (let i = u32[r + L.ER_VAL_START]; i < array.length; i++) out.push(...zeroItemErrors(array.elem, `${field}[${i}]`));
        break;
      }
    }
  }
  if (from === 0) cutAtMaxErrors(out, maxErrors, (e) => e);
  return out;
}

/**
 * Cut a list of errors to maxErrors, then one TOO_MANY_ERRORS (made by `mark` from the plain
 * record). The core counts records, and one E_ZERO or E_PAD record can render as several errors,
 * so a list the core cut (it ends with TOO_MANY_ERRORS) may hold more than maxErrors before it.
 */
export function cutAtMaxErrors<E extends FieldError>(list: E[], maxErrors: number, mark: (e: FieldError) => E): void {
  const errors = list.length > 0 && list[list.length - 1].code === "TOO_MANY_ERRORS" ? list.length - 1 : list.length;
  if (errors <= maxErrors) return;
  list.length = maxErrors;
  list.push(mark(tooMany(maxErrors)));
}

const SYNTAX_REASONS: Record<number, string> = {
  [L.SX_UNEXPECTED]: "unexpected character",
  [L.SX_EOF]: "unexpected end of JSON input",
  [L.SX_BAD_ESCAPE]: "invalid escape in string",
  [L.SX_CONTROL]: "control character in string",
  [L.SX_UTF8]: "invalid UTF-8",
  [L.SX_NUMBER]: "invalid number",
  [L.SX_TRAILING]: "unexpected data after the document",
  [L.SX_DEPTH]: "nesting too deep",
  [L.SX_LITERAL]: "invalid literal",
};

/** Byte offset -> 1-based line and column (in bytes). */
export function lineColumn(bytes: Uint8Array, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 0x0a) { line++; lineStart = i + 1; }
  }
  return [line, offset - lineStart + 1];
}

/** A document (or a stream so far) over maxDocumentBytes: reported at the limit, before reading it. */
export function documentTooLarge(bytes: Uint8Array, max: number): JsonSyntaxError {
  const [line, column] = lineColumn(bytes, max);
  return new JsonSyntaxError(`document larger than maxDocumentBytes (${max})`, max, line, column);
}

export function syntaxError(s: Session): JsonSyntaxError {
  const offset = s.get(L.S_ERR_OFFSET);
  const reason = s.get(L.S_ERR_REASON);
  const bytes = s.inputBytes();
  let message = SYNTAX_REASONS[reason] ?? "invalid JSON";
  if (reason === L.SX_UNEXPECTED || reason === L.SX_TRAILING || reason === L.SX_LITERAL || reason === L.SX_NUMBER) {
    const b = bytes[offset];
    if (b !== undefined) message += ` ${b >= 0x20 && b < 0x7f ? JSON.stringify(String.fromCharCode(b)) : `0x${b.toString(16).padStart(2, "0")}`}`;
  } else if (reason === L.SX_DEPTH) {
    message += ` (more than ${s.get(L.S_MAX_DEPTH)} levels)`;
  }
  const [line, column] = lineColumn(bytes, offset);
  return new JsonSyntaxError(message, offset, line, column);
}

const JSON_TYPES: Record<number, string> = {
  [L.J_STRING]: "string", [L.J_NUMBER]: "number", [L.J_BOOL]: "bool", [L.J_NULL]: "null", [L.J_OBJECT]: "object", [L.J_ARRAY]: "array",
};

/** The longest token an UnmarshalTypeError names whole (in bytes); a longer one is cut there and ends with "…". */
const GOT_TEXT_LIMIT = 1000;

export function typeError(program: Program, s: Session): UnmarshalTypeError {
  const { field, expected, got, offset } = typeErrorParts(program, s);
  return new UnmarshalTypeError(field, expected, got, offset);
}

/** What an UnmarshalTypeError of the session's type mismatch says (newModel makes a ConversionError of it). */
export interface TypeErrorParts { readonly field: string; readonly expected: string; readonly got: string; readonly offset: number }

/** A byte of a JSON number's text: 0-9 e E . + - */
function isNumberByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || b === 0x65 || b === 0x45 || b === 0x2e || b === 0x2b || b === 0x2d;
}

export function typeErrorParts(program: Program, s: Session): TypeErrorParts {
  const fr = program.frs[s.get(L.S_TYPE_FR)];
  const offset = s.get(L.S_ERR_OFFSET);
  const path = renderPath(program, s, s.get(L.S_TYPE_PATH), s.get(L.S_TYPE_PATH_LEN));
  const reason = s.get(L.S_ERR_REASON);
  let got = JSON_TYPES[s.get(L.S_TYPE_GOT)] ?? "value";
  if (reason !== L.TE_KIND) {
    // the token itself, as Go prints it: number 1.5, string "x"
    const bytes = s.inputBytes();
    let end = offset + 1;
    if (reason === L.TE_TIME) { while (end < bytes.length && bytes[end] !== 0x22) end += bytes[end] === 0x5c ? 2 : 1; end++; }
    else while (end < bytes.length && isNumberByte(bytes[end])) end++;
    end = Math.min(end, bytes.length);
    got += " " + (end - offset <= GOT_TEXT_LIMIT ? spanText(bytes, offset, end) : spanText(bytes, offset, offset + GOT_TEXT_LIMIT) + "…");
  }
  // Go names the type a pointer points to: its decoder indirects before it reports (decode.go)
  return { field: path, expected: typeName(stripPtr(fr.type)), got, offset };
}
