// `checker validate`: read NDJSON (one record a line, as parseLines reads it) or one JSON document
// (through parseStream, or parseUnionStream), chunk by chunk, never the whole input, checking each
// record against a model or a discriminated union (record-checker.ts); count, write the rejected
// records with their errors (--rejects) and the accepted ones (--out), print a summary.
//
// Files written, one JSON document a line:
// - --rejects: `{"line":12,"record":{...},"errors":[{"field","code","message","value"}...]}`. The
//   record is the line's own text (byte for byte, so numbers keep every digit); a line that is not
//   well-formed JSON is kept as a JSON string. The errors are those of httpErrorBody: a
//   ValidationError's list, INVALID_JSON for malformed JSON, INVALID_TYPE for a value of the wrong
//   type. A single document is line 1: the whole document on one line (whitespace between tokens
//   dropped), or after a syntax error the text read up to it, as a JSON string.
// - --out: each accepted record as read (its line; a single document on one line), or with
//   --marshal re-encoded by marshal (JSON names, defaults applied, unknown keys dropped; a union's
//   record by its variant's, the discriminator first).
//
// One document is held in memory by the stream parser while it is validated. To write it, a
// regular file is read again from disk, and only stdin's chunks are kept: no second copy.

import { JsonSyntaxError, UnmarshalTypeError, type FieldError } from "../errors.js";
import { httpErrorBody } from "../http.js";
import type { ExtraFieldsMode, ValidatorOptions } from "../resolve.js";
import type { StreamError } from "../stream.js";
import { CliError } from "./errors.js";
import { detectLines, Input } from "./input.js";
import { loadModel } from "./load.js";
import { makeChecker } from "./make-checker.js";
import { inThisThread, readLineBatches, type BatchSinks } from "./line-batches.js";
import { startWorkers } from "./parallel.js";
import { availableParallelism } from "node:os";
import { Compactor, RecordWriter, writeReject } from "./output.js";
import { checkOutputPaths, isStdout } from "./paths.js";
import { progressBar, type Progress } from "./progress.js";
import type { DocumentResult, RecordChecker } from "./record-checker.js";
import { jsonSummary, Tally, textSummary } from "./summary.js";

export interface ValidateOptions {
  model: string;
  export?: string;
  lines?: boolean;
  document?: boolean;
  rejects?: string;
  out?: string;
  marshal?: boolean;
  json?: boolean;
  progress: boolean;
  exitZero?: boolean;
  extraFields?: ExtraFieldsMode;
  strictMissingFields: boolean;
  maxErrors?: number;
  /** Worker threads for NDJSON ("auto": every core for inputs over 4 MB). */
  workers?: number | "auto";
}

interface Sinks extends BatchSinks {
  readonly checker: RecordChecker<unknown>;
}

/** Run the command; the exit code: 0 all accepted, 1 some rejected (CliError for code 2). */
export async function validateCommand(path: string, o: ValidateOptions): Promise<number> {
  if (o.lines && o.document) throw new CliError("--lines and --document cannot be used together");
  if (o.marshal && o.out === undefined) throw new CliError("--marshal needs --out (it re-encodes the records --out writes)");
  checkOutputPaths(path, o.model, o.out, o.rejects);
  const loaded = await loadModel(o.model, o.export);
  const checker = makeChecker(loaded, validatorOptions(o));
  const input = await Input.open(path);
  try {
    await input.start();
  } catch (e) {
    await input.close();
    throw e;
  }
  let rejects: RecordWriter | undefined;
  let out: RecordWriter | undefined;
  let progress: Progress | undefined;
  const tally = new Tally(checker.against.union?.variants);
  let lines: boolean;
  try {
    [rejects, out] = await RecordWriter.openAll([[o.rejects, "rejects"], [o.out, "output"]]);
    const maxLine = longestLine(checker);
    lines = o.lines || (!o.document && await detectLines(input, path, maxLine));
    progress = await progressBar(input.size, o.progress);
    const sinks: Sinks = { tally, checker, rejects, out, marshal: o.marshal === true, progress };
    const workers = workerCount(o.workers, lines, input.size);
    if (lines) {
      const setup = { model: o.model, export: o.export, options: validatorOptions(o), marshal: sinks.marshal };
      const runner = workers > 1 ? await startWorkers(workers, setup) : inThisThread(checker, sinks.marshal);
      await readLineBatches(input, sinks, runner, maxLine);
    } else await readDocument(input, sinks);
  } finally {
    progress?.stop();
    await input.close();
  }
  await rejects?.close();
  await out?.close();
  const header = { input: input.name, mode: lines ? "ndjson" as const : "document" as const, against: checker.against };
  const summary = o.json ? jsonSummary(header, tally) : textSummary(header, tally);
  (isStdout(o.out) || isStdout(o.rejects) ? process.stderr : process.stdout).write(summary);
  return tally.rejected > 0 && !o.exitZero ? 1 : 0;
}

/**
 * The longest line held whole: a line of more bytes (a "\r\n" end counts 2) is a record over
 * maxDocumentBytes whatever follows, so the rest of it is handed on as it is read, never held.
 */
function longestLine(checker: RecordChecker<unknown>): number {
  return checker.options.maxDocumentBytes + 2;
}

/** How many worker threads: --workers N, or with "auto" every core for NDJSON over 4 MB. */
function workerCount(w: number | "auto" | undefined, lines: boolean, size: number | undefined): number {
  if (!lines) return 1;
  if (typeof w === "number") return w;
  return size !== undefined && size > 4 * 1024 * 1024 ? Math.min(availableParallelism(), 16) : 1;
}

/** The validator options the command line gives. */
function validatorOptions(o: ValidateOptions): ValidatorOptions {
  const options: ValidatorOptions = {};
  if (o.extraFields !== undefined) options.extraFields = o.extraFields;
  if (!o.strictMissingFields) options.strictMissingFields = false;
  if (o.maxErrors !== undefined) options.maxErrors = o.maxErrors;
  return options;
}

/** The FieldErrors of a rejected record (as httpErrorBody lists them). */
function fieldErrors(error: unknown): FieldError[] {
  return httpErrorBody(error).details;
}

function streamFieldErrors(errors: readonly StreamError[]): FieldError[] {
  return errors.flatMap((e) => e instanceof JsonSyntaxError || e instanceof UnmarshalTypeError
    ? fieldErrors(e)
    : [{ field: e.field, code: e.code, message: e.message, value: e.value }]);
}

/** The buffer a document file is read into again, chunk after chunk, to write it. */
const SCRATCH = 256 * 1024;

/** Well-formed JSON text without the whitespace between tokens (so it fits on one line); `b` is overwritten. */
export function compactJson(b: Buffer): Buffer {
  return new Compactor().push(b);
}

/** The chunks in one buffer (fresh chunks: see documentText). */
async function concat(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const c of chunks) all.push(c);
  return all.length === 1 ? all[0] : Buffer.concat(all);
}

/**
 * The document's text again, to write it: the whole input, or with `readSoFar` only what the
 * parser read (it reads no further after a syntax error). A
 * regular file is read again from disk (into `scratch` when given, see Input.reread); stdin's
 * chunks were `kept`, and the rest is read now.
 */
async function* documentText(input: Input, kept: Buffer[] | undefined, readSoFar: boolean, scratch?: Buffer): AsyncGenerator<Buffer> {
  if (kept === undefined) {
    yield* input.reread(readSoFar ? input.bytes : undefined, scratch);
    return;
  }
  yield* kept;
  if (!readSoFar) yield* input.chunks();
}

async function readDocument(input: Input, s: Sinks): Promise<void> {
  const kept: Buffer[] | undefined = (s.rejects || s.out) && !input.rereadable ? [] : undefined;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const c of input.chunks()) {
      s.tally.bytes = input.bytes;
      kept?.push(c);
      s.progress?.update(input.bytes, 0);
      yield c;
    }
  }
  let last: DocumentResult<unknown> | undefined;
  for await (const r of s.checker.parseDocument(counted())) last = r;
  if (last?.value !== undefined) {
    s.tally.accept(s.checker.variantOf(last.value));
    if (s.out && s.marshal) s.out.write(s.checker.marshal(last.value), "\n");
    else if (s.out) await writeCompact(s.out, documentText(input, kept, false, Buffer.allocUnsafe(SCRATCH)));
    return;
  }
  const errors = last?.errors ?? [];
  const details = streamFieldErrors(errors);
  s.tally.reject(1, details);
  if (s.rejects) writeReject(s.rejects, 1, await rejectedRecord(input, kept, errors), details);
}

/**
 * The record of a rejected document: after a syntax error, the text read up to it as a JSON
 * string; else the whole document on one line. (Without a syntax error the parser has read the
 * whole text and found it well-formed JSON: after a type error it goes on checking the syntax.)
 */
async function rejectedRecord(input: Input, kept: Buffer[] | undefined, errors: readonly StreamError[]): Promise<Buffer | string> {
  const malformed = errors.some((e) => e instanceof JsonSyntaxError);
  const text = await concat(documentText(input, kept, malformed));
  return malformed ? text.toString("utf8") : compactJson(text);
}

/** Write an accepted (so well-formed) document on one line, compacted chunk by chunk. */
async function writeCompact(w: RecordWriter, text: AsyncIterable<Buffer>): Promise<void> {
  const compactor = new Compactor();
  for await (const c of text) {
    w.write(compactor.push(c));
    if (w.ready) await w.ready;
  }
  w.write("\n");
}
