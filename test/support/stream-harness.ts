// Feed a document to a StreamParser in a given list of chunks and compare the end of the stream
// with one-shot Validator.safeUnmarshal: the final value, the final errors as FieldErrors (field,
// code, message, value; the stream's `offset` ignored), the syntax or type error that ended it.
// Along the way it collects every early error (an error marked `early`, reported before its value
// completed), so that a test can check that each one is confirmed by the final list.

import { isDeepStrictEqual } from "node:util";
import { JsonSyntaxError, UnmarshalTypeError, type FieldError } from "../../bindings/errors.js";
import type { StreamError, StreamParser, StreamResult } from "../../bindings/stream.js";
import type { Validator } from "../../bindings/validator.js";
import { mulberry32 } from "../../bench/corpus.js";

const encoder = new TextEncoder();

/** How a document ended, in a form one-shot and streamed runs share. */
export type Ending =
  | { status: "valid"; value: unknown }
  | { status: "invalid"; errors: FieldError[] }
  | { status: "syntax"; message: string; offset: number; line: number; column: number }
  | { status: "type"; message: string; field: string; expected: string; got: string; offset: number };

function terminal(e: JsonSyntaxError | UnmarshalTypeError): Ending {
  if (e instanceof JsonSyntaxError) return { status: "syntax", message: e.message, offset: e.offset, line: e.line, column: e.column };
  return { status: "type", message: e.message, field: e.field, expected: e.expected, got: e.got, offset: e.offset };
}

/** The four keys of a FieldError (a stream's error also has offset, maybe early). */
export function fieldError(e: FieldError): FieldError {
  return { field: e.field, code: e.code, message: e.message, value: e.value };
}

export function isTerminal(e: StreamError): e is JsonSyntaxError | UnmarshalTypeError {
  return e instanceof JsonSyntaxError || e instanceof UnmarshalTypeError;
}

/** safeUnmarshal's outcome as an Ending. */
export function oneShot(v: Validator, data: string | Uint8Array): Ending {
  const r = v.safeUnmarshal(data);
  if (r.ok) return { status: "valid", value: r.value };
  const e = r.error;
  if (e instanceof JsonSyntaxError || e instanceof UnmarshalTypeError) return terminal(e);
  return { status: "invalid", errors: e.errors.map(fieldError) };
}

export interface EarlyReport {
  chunk: number;
  error: StreamError & { early?: boolean };
}

export interface StreamRun {
  ending: Ending;
  final: StreamResult<unknown>;
  /** Every early error reported, with the chunk index at which it was first seen. */
  early: EarlyReport[];
  /** Result after each chunk (only when asked for: `keep`). */
  results: StreamResult<unknown>[];
  /** Index of the chunk at which `done` first became true (chunks.length: at end()). */
  doneAt: number;
}

const earlyKey = (e: { field?: string; code?: string; message: string }) => `${e.field}\u0000${e.code}\u0000${e.message}`;

/**
 * reset(), feed every chunk, end(). `onResult` sees every result (after each chunk, then end()).
 * The parser is reused across runs (each one holds WASM memory).
 */
export function feedAll(
  parser: StreamParser,
  chunks: readonly (string | Uint8Array)[],
  options: { keep?: boolean; onResult?: (r: StreamResult<unknown>, i: number) => void } = {},
): StreamRun {
  parser.reset();
  const early: EarlyReport[] = [];
  const seen = new Set<string>();
  const results: StreamResult<unknown>[] = [];
  let doneAt = -1;
  const note = (r: StreamResult<unknown>, i: number) => {
    for (const e of r.errors) {
      if (!("early" in e) || !e.early) continue;
      const k = earlyKey(e);
      if (!seen.has(k)) {
        seen.add(k);
        early.push({ chunk: i, error: e });
      }
    }
    if (r.done && doneAt < 0) doneAt = i;
    if (options.keep) results.push(r);
    options.onResult?.(r, i);
  };
  for (let i = 0; i < chunks.length; i++) note(parser.feed(chunks[i]), i);
  const final = parser.end();
  note(final, chunks.length);
  return { ending: streamEnding(final), final, early, results, doneAt };
}

/** The Ending of a finished stream (throws if it is not finished). */
export function streamEnding(r: StreamResult<unknown>): Ending {
  if (!r.done) throw new Error("the stream is not done after end()");
  const last = r.errors[r.errors.length - 1];
  if (last && isTerminal(last)) return terminal(last);
  if (r.errors.length > 0) return { status: "invalid", errors: r.errors.map((e) => fieldError(e as FieldError)) };
  return { status: "valid", value: r.value };
}

function lastOf<T>(list: readonly T[]): T | undefined {
  return list[list.length - 1];
}

/** A difference between a streamed run and one-shot: `kind` names its class (for grouping), `text` shows it. */
export interface Difference {
  kind: string;
  text: string;
}

/**
 * Differences between a streamed run and the one-shot ending (empty: none):
 *  - the endings are equal, and a syntax or type error is the final list's only entry (as
 *    one-shot reports it alone);
 *  - a stream that ended as a document (valid or invalid) holds no early entry in its final list;
 *  - every early error (field, code, message) reported along the way is in the final errors of a
 *    stream that ended as a document, unless that list was cut at maxErrors (TOO_MANY_ERRORS last)
 *    or (`repeatedKeys`: documents that repeat keys) a later occurrence of its key took it back.
 */
export function differences(run: StreamRun, want: Ending, options: { repeatedKeys?: boolean } = {}): Difference[] {
  const out: Difference[] = [];
  const got = run.ending;
  if ((got.status === "syntax" || got.status === "type") && run.final.errors.length !== 1) {
    out.push({ kind: "terminal error not alone", text: `final errors: ${JSON.stringify(run.final.errors)}` });
  }
  if (!isDeepStrictEqual(got, want)) {
    out.push({ kind: `ending ${got.status} where one-shot is ${want.status}`, text: `ending ${JSON.stringify(got)} vs one-shot ${JSON.stringify(want)}` });
  }
  if (got.status === "valid" || got.status === "invalid") {
    const stale = run.final.errors.filter((e) => "early" in e && e.early);
    if (stale.length > 0) out.push({ kind: "early entries in a final list", text: `final errors hold early entries: ${JSON.stringify(stale)}` });
    if (got.status === "valid" && run.final.value === undefined) out.push({ kind: "valid without value", text: "valid ending without value" });
  }
  if (options.repeatedKeys || got.status === "syntax" || got.status === "type" || (lastOf(run.final.errors) as FieldError | undefined)?.code === "TOO_MANY_ERRORS") return out;
  const finals = new Set(run.final.errors.map((e) => earlyKey(e as FieldError)));
  for (const { chunk, error } of run.early) {
    if (!finals.has(earlyKey(error as FieldError))) {
      out.push({ kind: `early ${(error as FieldError).code} not confirmed`, text: `early error at chunk ${chunk} not in the final errors: ${JSON.stringify(error)}` });
    }
  }
  return out;
}

// ---------------------------------------------------------------- ways to cut a document

export function utf8(doc: string | Uint8Array): Uint8Array {
  return typeof doc === "string" ? encoder.encode(doc) : doc;
}

/** The two-chunk splits at every index (strings: every UTF-16 unit, so surrogate pairs too; bytes: every byte). */
export function* everySplit<T extends string | Uint8Array>(data: T): Generator<T[]> {
  for (let i = 1; i < data.length; i++) yield [data.slice(0, i), data.slice(i)] as T[];
}

/** One chunk per unit (UTF-16 unit or byte). */
export function singles<T extends string | Uint8Array>(data: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < data.length; i++) out.push(data.slice(i, i + 1) as T);
  return out;
}

/** Cut into chunks of the given sizes (cycled; UTF-16 units for strings, bytes for bytes). */
export function cut<T extends string | Uint8Array>(data: T, sizes: readonly number[]): T[] {
  const out: T[] = [];
  let at = 0;
  for (let k = 0; at < data.length; k++) {
    const n = Math.max(1, sizes[k % sizes.length]);
    out.push(data.slice(at, at + n) as T);
    at += n;
  }
  return out;
}

/** A deterministic PRNG for random chunk sizes (the benchmarks' mulberry32). */
export const rng = mulberry32;

/** Random chunk sizes 1..max covering `length` units. */
export function randomSizes(length: number, max: number, next: () => number): number[] {
  const out: number[] = [];
  for (let n = 0; n < length;) {
    const k = 1 + Math.floor(next() * max);
    out.push(k);
    n += k;
  }
  return out;
}

/**
 * Is `partial` a possible earlier state of `final`? Strings: a prefix; arrays: no more items, each
 * an earlier state of the final item (the last one may be open); objects: every key present in
 * the final value too (fields not yet seen are absent), values earlier states; other values equal.
 */
export function isEarlierState(partial: unknown, final: unknown): boolean {
  if (typeof partial === "string") return typeof final === "string" && final.startsWith(partial);
  if (partial === null || typeof partial !== "object" || partial instanceof Date) return isDeepStrictEqual(partial, final);
  if (Array.isArray(partial)) {
    if (!Array.isArray(final) || partial.length > final.length) return false;
    return partial.every((x, i) => isEarlierState(x, final[i]));
  }
  if (final === null || typeof final !== "object" || Array.isArray(final)) return false;
  const f = final as Record<string, unknown>;
  return Object.entries(partial).every(([k, v]) => Object.hasOwn(f, k) && isEarlierState(v, f[k]));
}

export interface Renewal {
  /** Containers that existed before the chunk and have a new identity after it. */
  renewed: (string | number)[][];
  /** Their sizes summed (what copying them cost). */
  slots: number;
}

/** Containers of `prev` that `cur` holds under a new identity (walking only into changed ones). */
export function renewals(prev: unknown, cur: unknown, path: (string | number)[] = [], out: Renewal = { renewed: [], slots: 0 }): Renewal {
  if (prev === cur || prev === null || cur === null || typeof prev !== "object" || typeof cur !== "object") return out;
  out.renewed.push(path);
  const p = prev as Record<string, unknown>;
  const c = cur as Record<string, unknown>;
  const keys = Array.isArray(c) ? c.keys() : Object.keys(c);
  for (const k of keys) {
    out.slots++;
    if (Object.hasOwn(p, k)) renewals(p[k], c[k], [...path, k], out);
  }
  return out;
}
