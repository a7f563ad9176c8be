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
//   dropped), or after a syntax error its text up to the end of the error's line (at most 64 KiB
//   past the error), as a JSON string.
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
import { Compactor, rejectEnd, rejectStart, RecordWriter } from "./output.js";
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

/**
 * The document's text again, to write it. A regular file is read again from disk (into `scratch`
 * when given, see Input.reread), `whole`: up to the byte the parser read last (bytes added to the
 * file since were not validated; they made --out's line the document and more); stdin's chunks
 * were `kept`, and what the parser did not read (it stops at a syntax error) is read now.
 */
async function* documentText(input: Input, kept: Buffer[] | undefined, whole: boolean, scratch?: Buffer): AsyncGenerator<Buffer> {
  if (kept === undefined) {
    yield* input.reread(whole ? input.bytes : undefined, scratch);
    return;
  }
  yield* kept;
  yield* input.chunks();
}

/** How far past a syntax error the record of a malformed document goes at most, to the end of the error's line. */
const PAST_ERROR = 64 * 1024;
const NL = 0x0a;
const CR = 0x0d;
const CR_TEXT = Buffer.from([CR]);

/**
 * The text of a malformed document up to the end of the line of the syntax error at byte `at`
 * (without its "\r\n" or "\n"), and no more than PAST_ERROR bytes past it. Where the parser stopped
 * reading depends on the reads (256 KiB from a file, what a pipe gives), so that was no record
 * (a file and its text through a pipe gave different records); nor is the whole text, which may
 * never end.
 */
export async function* lineOfError(text: AsyncIterable<Buffer>, at: number): AsyncGenerator<Buffer> {
  const last = at + PAST_ERROR;
  let pos = 0; // of the chunk in the text
  let heldCr = false; // a "\r" ending the chunk before: text, unless a "\n" follows
  for await (const c of text) {
    const nl = c.indexOf(NL, Math.max(0, at - pos));
    if (heldCr && nl !== 0) yield CR_TEXT;
    heldCr = false;
    const ends = nl >= 0 || pos + c.length >= last;
    let end = Math.min(nl >= 0 ? nl : c.length, last - pos);
    if (end > 0 && c[end - 1] === CR && (nl === end || !ends)) {
      end--;
      heldCr = !ends;
    }
    if (end > 0) yield c.subarray(0, end);
    if (ends) return;
    pos += c.length;
  }
  if (heldCr) yield CR_TEXT;
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
  // (only --marshal writes the value: else a model's is not built, see RecordChecker.parseDocument)
  for await (const r of s.checker.parseDocument(counted(), s.out !== undefined && s.marshal)) last = r;
  if (last?.accepted) {
    s.tally.accept(last.value === undefined ? undefined : s.checker.variantOf(last.value));
    if (s.out && s.marshal) s.out.write(s.checker.marshal(last.value), "\n");
    else if (s.out) {
      const out = s.out;
      await out.wholeRecord(async () => {
        await writeCompact(out, documentText(input, kept, true, Buffer.allocUnsafe(SCRATCH)));
        out.write("\n");
      });
    }
    return;
  }
  const errors = last?.errors ?? [];
  const details = streamFieldErrors(errors);
  const malformed = errors.find((e): e is JsonSyntaxError => e instanceof JsonSyntaxError);
  // (the bytes read past a syntax error depend on the reads: 256 KiB from a file, what a pipe gives)
  if (malformed) s.tally.bytes = input.bomBytes + malformed.offset;
  s.tally.reject(1, details);
  if (s.rejects) await writeRejectedDocument(s.rejects, input, kept, malformed, details);
}

/**
 * A rejected document's line in the rejects file, its record written piece by piece as the text
 * is read again, as --out writes an accepted one (never a whole copy of the document: the parser
 * holds one already). After a syntax error (`malformed`) the record is the text up to the end
 * of the error's line (lineOfError), as a JSON string; else the whole document on one line.
 * (Without a syntax error the parser has read the whole text and found it well-formed JSON: after
 * a type error it goes on checking the syntax.)
 */
async function writeRejectedDocument(w: RecordWriter, input: Input, kept: Buffer[] | undefined, malformed: JsonSyntaxError | undefined, details: readonly FieldError[]): Promise<void> {
  const text = documentText(input, kept, malformed === undefined, Buffer.allocUnsafe(SCRATCH));
  await w.wholeRecord(async () => {
    w.write(rejectStart(1));
    await (malformed ? writeJsonString(w, lineOfError(text, malformed.offset)) : writeCompact(w, text));
    w.write(rejectEnd(details));
  });
}

/** Write a well-formed document on one line (no "\n" after it), compacted chunk by chunk. */
async function writeCompact(w: RecordWriter, text: AsyncIterable<Buffer>): Promise<void> {
  const compactor = new Compactor();
  for await (const c of text) {
    w.write(compactor.push(c));
    if (w.ready) await w.ready;
  }
}

/**
 * Bytes decoded at a time by writeJsonString: the strings of a whole chunk (256 KiB) are V8's
 * large objects, garbage kept until a full collection (a 24 MB record took 33 MB more, 22 MB so).
 */
const PIECE = 16 * 1024;

/**
 * Write text as one JSON string, chunk by chunk: as JSON.stringify of the whole text decoded,
 * invalid UTF-8 as U+FFFD (a streaming TextDecoder decodes a sequence cut between chunks as the
 * whole text's decoding does; ignoreBOM: a byte order mark after the one skipped is text).
 */
async function writeJsonString(w: RecordWriter, text: AsyncIterable<Buffer>): Promise<void> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  // (decoded text has no lone surrogate, so each piece's JSON is the whole's piece)
  const escaped = (s: string): string => JSON.stringify(s).slice(1, -1);
  w.write('"');
  for await (const c of text) {
    for (let i = 0; i < c.length; i += PIECE) w.write(escaped(decoder.decode(c.subarray(i, i + PIECE), { stream: true })));
    if (w.ready) await w.ready;
  }
  w.write(escaped(decoder.decode()), '"');
}
