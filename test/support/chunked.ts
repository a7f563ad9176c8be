// Run a validator's program (or the any-value program of the syntax check) over a list of chunks
// with one Session, the way a stream parser would: begin, then append + run(false) per chunk, then
// run(true). The result is a plain comparable record, so a chunked run can be compared with the
// one-shot run of the same document (a single chunk) and with Validator.safeUnmarshal.

import fc from "fast-check";
import { TapeReader } from "../../bindings/build.js";
import { anyProgram } from "../../bindings/compile.js";
import { getEngine, loadProgram, type LoadedProgram } from "../../bindings/engine.js";
import type { FieldError } from "../../bindings/errors.js";
import * as L from "../../bindings/layout.js";
import { renderErrors, syntaxError, typeError } from "../../bindings/render.js";
import type { RType } from "../../bindings/resolve.js";
import { Session } from "../../bindings/session.js";
import { syntaxOnly } from "../../bindings/syntax.js";
import type { Validator } from "../../bindings/validator.js";

export type Outcome =
  | { status: "valid"; value: unknown }
  | { status: "invalid"; errors: FieldError[] }
  | { status: "syntax"; message: string; offset: number; line: number; column: number }
  | { status: "type"; message: string; field: string; expected: string; got: string; offset: number };

/** What runs: a validator's program, or the program that accepts any JSON value. */
export type Target = Validator | { readonly any: true; readonly maxDepth?: number };

export const ANY: Target = { any: true };

const decoder = new TextDecoder();
let anyLoaded: LoadedProgram | undefined;
const anyOwner = {};
let session: Session | undefined;

function isAny(target: Target): target is { any: true; maxDepth?: number } {
  return "any" in target;
}

function toBytes(chunk: string | Uint8Array): Uint8Array {
  return typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
}

function concat(chunks: readonly (string | Uint8Array)[]): Uint8Array {
  const parts = chunks.map(toBytes);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function syntaxOutcome(e: { message: string; offset: number; line: number; column: number }): Outcome {
  return { status: "syntax", message: e.message, offset: e.offset, line: e.line, column: e.column };
}

/**
 * Feed `chunks` to the target's program through one Session and return the outcome. A syntax or
 * type stop ends the run early (what follows cannot change it). As in Validator.safeUnmarshal, a
 * syntax error anywhere in the whole document wins over a type error (checked with syntaxOnly at
 * the target's maxDepth).
 */
export function runChunks(target: Target, chunks: readonly (string | Uint8Array)[]): Outcome {
  session ??= new Session();
  const s = session;
  const any = isAny(target);
  const maxDepth = any ? (target.maxDepth ?? 1000) : target.options.maxDepth;
  if (any) {
    anyLoaded ??= loadProgram(anyProgram(), anyOwner);
    s.begin(anyLoaded.address, { maxErrors: 1, maxDepth, strictMissingFields: false });
  } else {
    s.begin(target.loaded.address, target.options);
  }
  let status: number = L.ST_NEED_MORE;
  for (const chunk of chunks) {
    s.append(chunk);
    status = s.run(false);
    if (status === L.ST_SYNTAX || status === L.ST_TYPE) break;
  }
  if (status !== L.ST_SYNTAX && status !== L.ST_TYPE) status = s.run(true);
  if (status === L.ST_SYNTAX) return syntaxOutcome(syntaxError(s));
  if (status === L.ST_TYPE) {
    if (any) throw new Error("the any-value program reported a type error");
    const t = typeError(target.program, s);
    const sx = syntaxOnly(concat(chunks), maxDepth);
    if (sx) return syntaxOutcome(sx);
    return { status: "type", message: t.message, field: t.field, expected: t.expected, got: t.got, offset: t.offset };
  }
  if (status !== L.ST_DONE) throw new Error(`unexpected run status ${status}`);
  if (!any && s.get(L.S_ERR_COUNT) > 0) return { status: "invalid", errors: renderErrors(target.program, s) };
  // the value, built as Validator.build does: the tape read over the document text
  const src = chunks.every((c) => typeof c === "string") ? chunks.join("") : decoder.decode(s.inputBytes());
  const heap = getEngine().heap.views();
  const reader = new TapeReader(heap.u32, heap.f64, s.get(L.S_TAPE) >>> 2, src);
  const type: RType = any ? { kind: "scalar", scalar: "any" } : { kind: "model", model: target.program.resolved.root };
  return { status: "valid", value: reader.value(type) };
}

/** The outcome of Validator.safeUnmarshal, in the same form. */
export function unmarshalOutcome(v: Validator, data: string | Uint8Array): Outcome {
  const r = v.safeUnmarshal(data);
  if (r.ok) return { status: "valid", value: r.value };
  const e = r.error as unknown as Record<string, unknown> & { name: string; message: string };
  switch (e.name) {
    case "ValidationError": return { status: "invalid", errors: e.errors as FieldError[] };
    case "JsonSyntaxError":
      return { status: "syntax", message: e.message, offset: e.offset as number, line: e.line as number, column: e.column as number };
    default:
      return { status: "type", message: e.message, field: e.field as string, expected: e.expected as string, got: e.got as string, offset: e.offset as number };
  }
}

// ---------------------------------------------------------------- ways to split a document

/** Split points of a string that never cut a surrogate pair (a JS string chunk cannot hold half a code point). */
export function stringBoundaries(text: string): number[] {
  const out: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) continue;
    out.push(i);
  }
  return out;
}

/** Every way to cut `data` into two chunks (bytes: at every byte; strings: at every code-point boundary). */
export function* twoChunkSplits<T extends string | Uint8Array>(data: T): Generator<[T, T]> {
  if (typeof data === "string") {
    for (const i of stringBoundaries(data)) yield [data.slice(0, i), data.slice(i)] as [T, T];
  } else {
    for (let i = 1; i < data.length; i++) yield [data.subarray(0, i), data.subarray(i)] as [T, T];
  }
}

/** Cut bytes into chunks of the given sizes (cycled), the last one shorter. */
export function cutBytes(data: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  for (let k = 0; at < data.length; k++) {
    const n = Math.max(1, sizes[k % sizes.length]);
    out.push(data.subarray(at, at + n));
    at += n;
  }
  return out;
}

// ---------------------------------------------------------------- documents to feed

const WS = ["", "", "", "", " ", "\n", "\t", "\r\n", "  ", " \n  "];
const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: "\\\\", 0x2f: "\\/", 0x08: "\\b", 0x0c: "\\f", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t" };

/** A JSON string literal of `s`, each UTF-16 unit written raw or escaped as choices[i] says. */
export function quote(s: string, choices: readonly number[]): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const choice = choices.length === 0 ? 0 : choices[i % choices.length];
    const must = c < 0x20 || c === 0x22 || c === 0x5c;
    if (!must && choice < 5) { out += s[i]; continue; }
    if (choice < 7 && SHORT_ESCAPES[c] !== undefined) { out += SHORT_ESCAPES[c]; continue; }
    const hex = c.toString(16).padStart(4, "0");
    out += "\\u" + (choice % 2 === 0 ? hex : hex.toUpperCase());
  }
  return out + '"';
}

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

/** Numbers near the edges of binary64: overflow, subnormals, halfway cases. */
export const EDGE_NUMBERS = [
  "0", "-0", "0.0", "-0.0", "0e0", "0E+5", "-0e-5", "1", "-1", "9007199254740991", "9007199254740992", "9007199254740993",
  "-9007199254740993", "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
  "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308", "1.8e308", "1e309",
  "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
  "4.9e-324", "5e-324", "-5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.47032822920623272e-324", "3e-324", "7.4e-324",
  "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201136057409796709131975934819546351645648e-308",
  "1e-400", "-1e-400", "1e-323", "0.1", "0.2", "0.3", "1e22", "1e23", "9.999999999999999e22", "8.98846567431158e307",
  "1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203124",
  "1.00000000000000011102230246251565404236316680908203126", "9007199254740993.0000000000000000000001",
  "0.000000000000000000000000000000000000000000000000000000000000000000000000000001e78", "123e-2", "1E2", "1e+2", "1e-0", "1e00001",
];

/** The exact decimal expansion of the point halfway between x (> 0, finite) and the next double up. */
export function halfwayText(x: number): string {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const bits = buf.getBigUint64(0);
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  // x = m * 2^e exactly; the halfway point is (2m + 1) * 2^(e - 1)
  const m = expBits === 0 ? frac : frac | (1n << 52n);
  const e = (expBits === 0 ? 1 : expBits) - 1075;
  const mid = 2n * m + 1n;
  const k = e - 1;
  if (k >= 0) return (mid << BigInt(k)).toString();
  const scaled = (mid * 5n ** BigInt(-k)).toString().padStart(-k + 1, "0"); // mid * 2^k = mid * 5^-k / 10^-k
  return `${scaled.slice(0, scaled.length + k)}.${scaled.slice(scaled.length + k)}`;
}

/** JSON number texts: plain, many digits, exponents, formatted doubles, halfway points, edge cases. */
export const numberTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.boolean(), fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 24)).map(([a, b]) => a + b)),
    fc.option(digits(1, 25), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 4)).map((p) => p.join("")), { nil: undefined }))
    .map(([neg, int, frac, exp]) => `${neg ? "-" : ""}${int}${frac !== undefined ? "." + frac : ""}${exp ?? ""}`),
  fc.tuple(fc.boolean(), fc.constantFrom(..."123456789"), digits(90, 400), fc.integer({ min: -700, max: 400 }))
    .map(([neg, a, b, e]) => `${neg ? "-" : ""}${a}.${b}e${e}`),
  fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 21 }))
    .map(([x, how, p]) => {
      const s = how === 0 ? String(x) : how === 1 ? x.toExponential(p - 1) : how === 2 ? x.toPrecision(p) : how === 3 ? x.toExponential() : String(x).replace("e+", "E");
      return s.replace("e+", how % 2 === 0 ? "e+" : "e");
    }),
  fc.tuple(fc.double({ min: Number.MIN_VALUE, max: 1.7976931348623155e308, noNaN: true }), fc.integer({ min: 0, max: 3 }), fc.boolean())
    .map(([x, nudge, neg]) => {
      const h = halfwayText(x);
      const t = nudge === 0 ? h : nudge === 1 ? h + (h.includes(".") ? "" : ".") + "0000000000000000000001" : nudge === 2 ? h + (h.includes(".") ? "" : ".") + "00" : h.replace(/(\d)$/, (d) => (d === "0" ? d : String(Number(d) - 1)));
      return (neg ? "-" : "") + t;
    }),
  fc.constantFrom(...EDGE_NUMBERS),
);

const stringUnitArb = fc.constantFrom("grapheme", "grapheme-composite", "grapheme-ascii", "binary", "binary-ascii") as fc.Arbitrary<"grapheme">;
const choicesArb = fc.array(fc.nat(9), { minLength: 1, maxLength: 12 });

/** A JSON string literal: any unicode (lone surrogates too), escaped at random. */
export const stringTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(stringUnitArb.chain((unit) => fc.string({ unit, maxLength: 12 })), choicesArb).map(([s, c]) => quote(s, c)),
  fc.tuple(fc.constantFrom("\uD83D\uDE00", "\uD800", "\uDFFF", "\uDC00\uD800", "é", "€", "\u0000", "\u001f", "\u007f", "\u2028", "\uFEFF", "\"\\/\b\f\n\r\t", "𝄞x", "a"), choicesArb)
    .map(([s, c]) => quote(s, c)),
);

function joinWs(parts: readonly string[], ws: readonly number[]): string {
  let out = "";
  for (let i = 0; i < parts.length; i++) out += WS[ws[i % ws.length]] + parts[i];
  return out;
}

const wsArb = fc.array(fc.nat(WS.length - 1), { minLength: 1, maxLength: 16 });

/** JSON texts written token by token: random whitespace, escapes, number spellings, nesting. */
export const jsonTextArb: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true },
    fc.constantFrom("true", "false", "null"), numberTextArb, stringTextArb, tie("array"), tie("object")),
  array: fc.tuple(fc.array(tie("value"), { maxLength: 5 }), wsArb).map(([items, ws]) => {
    const parts = ["["];
    items.forEach((v, i) => { if (i > 0) parts.push(","); parts.push(v as string); });
    parts.push("]");
    return joinWs(parts, ws);
  }),
  object: fc.tuple(fc.array(fc.tuple(stringTextArb, tie("value")), { maxLength: 5 }), wsArb).map(([members, ws]) => {
    const parts = ["{"];
    members.forEach(([k, v], i) => { if (i > 0) parts.push(","); parts.push(k, ":", v as string); });
    parts.push("}");
    return joinWs(parts, ws);
  }),
})).value.chain((v) => wsArb.map((ws) => WS[ws[0]] + (v as string) + WS[ws[ws.length - 1]]));

/** Generated documents of every kind the tests use, as text. */
export const documentArb: fc.Arbitrary<string> = fc.oneof(
  jsonTextArb,
  fc.json({ maxDepth: 4 }),
  fc.json({ maxDepth: 3, stringUnit: "binary" }),
  fc.tuple(fc.jsonValue({ maxDepth: 4, stringUnit: "grapheme" }), fc.constantFrom(undefined, 0, 1, 2, "\t", " \n")).map(([v, indent]) => JSON.stringify(v, null, indent)),
  fc.tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom("[", "{\"a\":", "[{\"k\":"), fc.constantFrom("1", "\"x\"", "[]", "{}"))
    .map(([n, open, leaf]) => open.repeat(n) + leaf + (open === "[" ? "]" : open === "{\"a\":" ? "}" : "}]").repeat(n)),
);
