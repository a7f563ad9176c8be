// What `checker validate` counts while it reads, and the summary it prints at the end (text for a
// person, or one JSON object with --json).

import type { FieldError } from "../errors.js";
import type { CheckedAgainst } from "./record-checker.js";

/** How many rejected records are shown under "first errors". */
const FIRST_RECORDS = 5;
/** How many errors of one record are shown there. */
const ERRORS_PER_RECORD = 3;
/** Longest error value (as JSON text) --json's first errors show whole; the rejects file has every value whole. */
const VALUE_PREVIEW = 200;

export interface FirstError {
  readonly line: number;
  readonly errors: readonly FieldError[];
}

export class Tally {
  records = 0;
  accepted = 0;
  bytes = 0;
  readonly byCode = new Map<string, number>();
  /** A union's accepted records by variant, every variant in declaration order (none for a model). */
  readonly byVariant = new Map<string, number>();
  readonly first: FirstError[] = [];
  private readonly start = process.hrtime.bigint();

  constructor(variants: readonly string[] = []) {
    for (const v of variants) this.byVariant.set(v, 0);
  }

  get rejected(): number {
    return this.records - this.accepted;
  }

  /** An accepted record; a union's names its variant. */
  accept(variant?: string): void {
    this.records++;
    this.accepted++;
    if (variant !== undefined) this.byVariant.set(variant, (this.byVariant.get(variant) ?? 0) + 1);
  }

  reject(line: number, errors: readonly FieldError[]): void {
    this.records++;
    for (const e of errors) this.byCode.set(e.code, (this.byCode.get(e.code) ?? 0) + 1);
    if (this.first.length < FIRST_RECORDS) this.first.push({ line, errors });
  }

  seconds(): number {
    return Number(process.hrtime.bigint() - this.start) / 1e9;
  }
}

export interface SummaryHeader {
  readonly input: string;
  readonly mode: "ndjson" | "document";
  readonly against: CheckedAgainst;
}

function n(x: number): string {
  return x.toLocaleString("en-US");
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "" : `  (${(100 * part / whole).toFixed(1)}%)`;
}

/** `model User`, or `union Cat | Dog by type`. */
function checkedWith(a: CheckedAgainst): string {
  return a.union ? `union ${a.name} by ${printable(a.union.discriminator)}` : `model ${a.name}`;
}

/** Lines of counts under a heading, names padded to one width. */
function countLines(heading: string, counts: readonly (readonly [string, number])[]): string[] {
  const w = Math.max(...counts.map(([name]) => name.length));
  return [heading, ...counts.map(([name, count]) => `  ${name.padEnd(w)}  ${n(count)}`)];
}

function codesByCount(t: Tally): [string, number][] {
  return [...t.byCode].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** The summary a person reads. */
export function textSummary(h: SummaryHeader, t: Tally): string {
  const s = t.seconds();
  const width = n(t.records).length;
  const out = [
    `${h.input}: ${h.mode === "ndjson" ? "NDJSON" : "one JSON document"}, ${checkedWith(h.against)}`,
    `records   ${n(t.records).padStart(width)}`,
    `accepted  ${n(t.accepted).padStart(width)}${percent(t.accepted, t.records)}`,
    `rejected  ${n(t.rejected).padStart(width)}${percent(t.rejected, t.records)}`,
  ];
  if (t.byVariant.size > 0) out.push(...countLines("accepted by variant:", [...t.byVariant].map(([v, count]) => [printable(v), count])));
  const codes = codesByCount(t);
  if (codes.length > 0) {
    out.push(...countLines("errors by code:", codes));
    out.push(`first errors:`);
    for (const f of t.first) {
      const where = h.mode === "ndjson" ? `line ${f.line}` : "document";
      for (const e of f.errors.slice(0, ERRORS_PER_RECORD)) {
        out.push(`  ${where}: ${e.field === "" ? "" : `${printable(e.field)}: `}${printable(e.message)} [${e.code}]`);
      }
      if (f.errors.length > ERRORS_PER_RECORD) out.push(`  ${where}: ... and ${f.errors.length - ERRORS_PER_RECORD} more errors`);
    }
  }
  const rate = s > 0 ? Math.round(t.records / s) : 0;
  const size = t.bytes >= 1e6 ? `${(t.bytes / 1e6).toFixed(1)} MB` : t.bytes >= 1e3 ? `${(t.bytes / 1e3).toFixed(1)} KB` : `${t.bytes} bytes`;
  const time = s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(0)} ms`;
  out.push(`${n(t.records)} ${t.records === 1 ? "record" : "records"} (${size}) in ${time}: ${n(rate)} records/s, ${(s > 0 ? t.bytes / 1e6 / s : 0).toFixed(1)} MB/s`);
  return out.join("\n") + "\n";
}

/** The summary as one JSON object (--json). */
export function jsonSummary(h: SummaryHeader, t: Tally): string {
  const s = t.seconds();
  return JSON.stringify({
    input: h.input,
    mode: h.mode,
    model: h.against.name,
    ...(h.against.union ? { discriminator: h.against.union.discriminator } : {}),
    records: t.records,
    accepted: t.accepted,
    rejected: t.rejected,
    ...(h.against.union ? { acceptedByVariant: Object.fromEntries(t.byVariant) } : {}),
    errorsByCode: Object.fromEntries(codesByCount(t)),
    firstErrors: t.first.map((f) => ({
      line: f.line,
      errors: f.errors.slice(0, ERRORS_PER_RECORD).map(previewError),
      ...(f.errors.length > ERRORS_PER_RECORD ? { moreErrors: f.errors.length - ERRORS_PER_RECORD } : {}),
    })),
    bytes: t.bytes,
    seconds: s,
    recordsPerSecond: s > 0 ? t.records / s : 0,
  }) + "\n";
}

/**
 * An error as --json's summary shows it: a value whose JSON text is longer than VALUE_PREVIEW
 * characters (a long string, a large object) is cut to a string of that many characters (one
 * less rather than half a surrogate pair) and "…", marked valueTruncated, so the summary stays
 * small whatever the records hold. A string is measured as its text (its JSON adds quotes).
 */
function previewError(e: FieldError): FieldError | (FieldError & { valueTruncated: true }) {
  const text = typeof e.value === "string" ? e.value : JSON.stringify(e.value) ?? "";
  if (text.length <= VALUE_PREVIEW) return e;
  const cut = (text.charCodeAt(VALUE_PREVIEW - 1) & 0xfc00) === 0xd800 ? VALUE_PREVIEW - 1 : VALUE_PREVIEW;
  return { ...e, value: `${text.slice(0, cut)}…`, valueTruncated: true };
}

/** Text for one line of the summary: with control characters (a key's "\n") it is written as a JSON string. */
function printable(s: string): string {
  return /[\u0000-\u001f\u007f]/.test(s) ? JSON.stringify(s) : s;
}
