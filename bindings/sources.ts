// Adapters from the sources users have to the stream parser: an AsyncIterable of string or bytes
// chunks (Node streams, AI SDK text streams) or a WHATWG ReadableStream (fetch bodies), read as
// one JSON document (parseStream) or as NDJSON / JSON lines, one result per record (parseLines).

import { JsonSyntaxError, ModelError, UnmarshalTypeError, ValidationError, withoutStack, type FieldError } from "./errors.js";
import { isModel, wrongArgument, type Infer, type Model } from "./model.js";
import type { ValidatorOptions } from "./resolve.js";
import { checkStreamModel, ownOptionsOnly, StreamParser, VALIDATOR_HAS_OPTIONS, type StreamResult } from "./stream.js";
import { jsonInput, copyChunk, joinChunks, kindOf, partOf } from "./text-store.js";
import { checkUnion, UnionStreamParser, type UnionStreamResult } from "./union-stream.js";
import { UnionValidator, type UnionValue, type UnionVariants, type VariantModels } from "./union.js";
import { Validator, VALIDATOR_OPTION_NAMES, type Result, type UnmarshalError } from "./validator.js";
import { validatorOf as simpleValidatorOf } from "./api.js";

export type ChunkSource = AsyncIterable<string | Uint8Array> | ReadableStream<string | Uint8Array>;

export interface ParseStreamOptions extends ValidatorOptions {
  /** Stop reading when this signal aborts (the generator returns). */
  signal?: AbortSignal | undefined;
  /**
   * Stop at the first error that is certain: `true` stops reading; an AbortController is also
   * aborted, e.g. to cancel the LLM request producing the stream. Its reason is an Error: the
   * JsonSyntaxError or UnmarshalTypeError itself, a field error inside a ValidationError.
   */
  abortOnError?: boolean | AbortController | undefined;
}

/**
 * The chunks of a source, stopping as soon as `signal` aborts, even while a read is pending (the
 * reader is cancelled, the iterator returned). However the iteration ends, the abort listener is
 * removed and a ReadableStream's reader releases its lock. A source of another kind is a
 * TypeError naming the call (`name`), at the first read as any generator's errors.
 */
async function* chunksOf(source: ChunkSource, signal: AbortSignal | undefined, name: string): AsyncGenerator<string | Uint8Array> {
  if (!isSource(source)) throw new TypeError(`checker: ${name} takes an AsyncIterable or a ReadableStream of string or Uint8Array chunks, not ${sourceKind(source)}`);
  let next: () => Promise<IteratorResult<string | Uint8Array>>;
  let stop: () => void;
  let release = (): void => undefined;
  if (typeof (source as ReadableStream).getReader === "function") {
    const reader = (source as ReadableStream<string | Uint8Array>).getReader();
    next = () => reader.read() as Promise<IteratorResult<string | Uint8Array>>;
    // cancel settles a pending read (done), so the lock can be released right after
    stop = () => { reader.cancel().catch(() => undefined); };
    release = () => reader.releaseLock();
  } else {
    const it = (source as AsyncIterable<string | Uint8Array>)[Symbol.asyncIterator]();
    next = () => it.next();
    stop = () => { it.return?.()?.catch?.(() => undefined); };
  }
  let onAbort = (): void => undefined;
  const aborted = new Promise<"aborted">((resolve) => { onAbort = () => resolve("aborted"); });
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) return;
      const r = signal ? await Promise.race([next(), aborted]) : await next();
      if (r === "aborted") return;
      if (r.done) { finished = true; return; }
      yield r.value;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished) stop();
    release();
  }
}

function isSource(x: unknown): x is ChunkSource {
  return typeof (x as ReadableStream | undefined)?.getReader === "function"
    || typeof (x as AsyncIterable<unknown> | undefined)?.[Symbol.asyncIterator] === "function";
}

/** What a source that is not one is, for the TypeError (a fetch Response: its body is the source). */
function sourceKind(x: unknown): string {
  if (typeof x === "string") return "a string";
  const response = (typeof Response === "function" && x instanceof Response) || isSource((x as { body?: unknown } | null | undefined)?.body);
  if (response) return "a Response (pass response.body)";
  const kind = kindOf(x);
  return kind === "object" ? "an object" : kind;
}

/** What drive needs of a parser's result. */
interface Outcome {
  readonly done: boolean;
  readonly errors: readonly unknown[];
  readonly value?: unknown;
}

type Parser<R> = { feed(chunk: string | Uint8Array): R; end(): R; free(): void };

/**
 * The options of the validator, without the ones of reading (signal, abortOnError), which are
 * checked here: a value of another kind is a TypeError naming the call (it crashed when first
 * used: at the first error for abortOnError).
 */
function validatorOptions(options: ParseStreamOptions, call: string): ValidatorOptions {
  // (an array, a Map or a Set goes as it is to the checks that refuse it: taken apart, it was no options)
  if (options === null || typeof options !== "object" || collectionKind(options) !== undefined) return options;
  const { signal, abortOnError, ...rest } = options;
  const o = signal as { aborted?: unknown; addEventListener?: unknown } | null | undefined;
  if (signal !== undefined && (typeof o !== "object" || o === null || typeof o.aborted !== "boolean" || typeof o.addEventListener !== "function")) {
    throw new TypeError(`checker: ${call}'s signal takes an AbortSignal, not ${kindOf(signal)}`);
  }
  const c = abortOnError as { abort?: unknown; aborted?: unknown } | null | undefined;
  if (abortOnError !== undefined && typeof abortOnError !== "boolean" && (typeof c !== "object" || c === null || typeof c.abort !== "function")) {
    const hint = typeof c?.aborted === "boolean" ? "an AbortSignal (pass the AbortController itself)" : kindOf(abortOnError);
    throw new TypeError(`checker: ${call}'s abortOnError takes true, false or an AbortController, not ${hint}`);
  }
  return rest;
}

/** "an array", "a Map", "a Set": objects whose entries are no options (their own keys hold none). */
function collectionKind(o: unknown): string | undefined {
  return Array.isArray(o) ? "an array" : o instanceof Map ? "a Map" : o instanceof Set ? "a Set" : undefined;
}

/** The options of reading, beside the validator's. */
const READING_OPTIONS = ["signal", "abortOnError"];

/**
 * A key of the options that is neither a reading nor a validator option (a misspelling, such as
 * abortOnErr), else undefined. (Through a model it was a ModelError listing the validator options
 * alone; with a Validator or a union, a TypeError calling it a validator option to be ignored.)
 */
function unknownOption(options: unknown): string | undefined {
  if (options === null || typeof options !== "object") return undefined;
  return Object.keys(options).find((k) => !VALIDATOR_OPTION_NAMES.includes(k) && !READING_OPTIONS.includes(k));
}

/**
 * The TypeError of options that are not an object, or of an unknown option, where only the
 * reading options may be given (null crashed reading its signal).
 */
function readingOptionsOnly(options: unknown, call: string): void {
  if (options === null || typeof options !== "object" || collectionKind(options) !== undefined) {
    throw new TypeError(`checker: ${call}'s options take an object (${READING_OPTIONS.join(", ")}), not ${collectionKind(options) ?? kindOf(options)}`);
  }
  const unknown = unknownOption(options);
  if (unknown !== undefined) throw new TypeError(`checker: ${call}: unknown option ${JSON.stringify(unknown)} (${READING_OPTIONS.join(", ")})`);
}

/**
 * The validator a stream of one model reads with: the Validator given (no validator options
 * beside it), or a new one for the model under the validator options; the reading options are
 * checked (validatorOptions). Anything else is a TypeError naming `call` (`unionHint` for a union).
 */
function validatorOf<M extends Model>(model: M | Validator<M>, options: ParseStreamOptions, call: string, unionHint: string): Validator<M> {
  checkStreamModel(model, call, unionHint);
  const own = validatorOptions(options, call);
  if (!(model instanceof Validator)) {
    const unknown = unknownOption(own);
    if (unknown !== undefined) {
      throw new ModelError(`unknown option ${JSON.stringify(unknown)} (${[...READING_OPTIONS, ...VALIDATOR_OPTION_NAMES].join(", ")})`, model.name);
    }
    // without options, the simple API's validator of the model: a new one per call compiled the
    // model again each time and held its program in WASM memory until garbage collection (which
    // a loop of calls awaiting only microtasks never lets run: memory grew with every call)
    const none = own !== null && typeof own === "object" && collectionKind(own) === undefined && Object.values(own).every((x) => x === undefined);
    return none ? simpleValidatorOf(model, call) : new Validator(model, own);
  }
  readingOptionsOnly(own, call);
  ownOptionsOnly(own, call, VALIDATOR_HAS_OPTIONS);
  return model;
}

/**
 * Feed every chunk of the source (also after the document is complete: what follows it must be
 * whitespace, as in one-shot unmarshal), then end(); yield the result of each chunk, and end()'s
 * when it tells more. Stops early (cancelling the source) after a syntax error, which nothing
 * read later can change, on the signal, or (see stopping) at the first error under abortOnError.
 */
function drive<R extends Outcome>(name: string, parser: Parser<R>, source: ChunkSource, opts: ParseStreamOptions): AsyncGenerator<R> {
  return stopping(outcomes(name, parser, source, opts.signal), opts, (r) => r.errors[0]);
}

async function* outcomes<R extends Outcome>(name: string, parser: Parser<R>, source: ChunkSource, signal: AbortSignal | undefined): AsyncGenerator<readonly R[]> {
  let last: R | undefined;
  try {
    for await (const chunk of chunksOf(source, signal, name)) {
      last = parser.feed(jsonInput(chunk, name)); // (feed checks too, but its TypeError would name feed)
      yield [last];
      if (last.done && last.errors.some((e) => e instanceof JsonSyntaxError)) break;
    }
    if (signal?.aborted) return;
    const end = parser.end();
    if (last === undefined || !sameOutcome(last, end)) yield [end];
  } finally {
    // (however the reading ends: the parser is this generator's alone, its results read no WASM memory)
    parser.free();
  }
}

/**
 * The stopping rules of the options, for every adapter (its results come in batches: one per
 * chunk read, in order): under abortOnError the first result with an error (`errorOf`) aborts the
 * controller before it is handed over (a caller that stops at it, with break, never asks for the
 * next one, and one that takes its time should not keep the generation running), and nothing
 * follows it; an abort of the signal while the caller holds a result ends the iteration too.
 * Ending returns `batches`, which releases the source.
 */
async function* stopping<R>(batches: AsyncGenerator<readonly R[]>, opts: ParseStreamOptions, errorOf: (r: R) => unknown): AsyncGenerator<R> {
  for await (const batch of batches) {
    for (const r of batch) {
      const error = opts.abortOnError ? errorOf(r) : undefined;
      if (error !== undefined && opts.abortOnError) abortWith(opts.abortOnError, error);
      yield r;
      if (error !== undefined || opts.signal?.aborted) return;
    }
  }
}

/** Do two results of one parser say the same (end() after a complete document adds nothing)? */
function sameOutcome(a: Outcome, b: Outcome): boolean {
  return a.done === b.done && (a.value === undefined) === (b.value === undefined)
    && a.errors.length === b.errors.length && a.errors.every((e, i) => e === b.errors[i]);
}

/** Abort the caller's controller with an Error: a field error is wrapped in a ValidationError. */
function abortWith(target: true | AbortController, error: unknown): void {
  if (target === true) return;
  target.abort(error instanceof Error ? error : new ValidationError([error as FieldError]));
}

/**
 * Validate one JSON document while it arrives, yielding the result after every chunk (typed
 * partial value, errors certain so far, state). The source is read to its end (or to a syntax
 * error), so the last result is one-shot unmarshal's outcome for the whole text (data after the
 * document included).
 */
/** The options of reading alone (with a Validator or a union, whose options are set already). */
export type StreamReadOptions = Pick<ParseStreamOptions, "signal" | "abortOnError">;

export function parseStream<M extends Model>(model: M, source: ChunkSource, options?: ParseStreamOptions): AsyncGenerator<StreamResult<Infer<M>>>;
export function parseStream<M extends Model>(validator: M | Validator<M>, source: ChunkSource, options?: StreamReadOptions): AsyncGenerator<StreamResult<Infer<M>>>;
export function parseStream<M extends Model>(model: M | Validator<M>, source: ChunkSource, options: ParseStreamOptions = {}): AsyncGenerator<StreamResult<Infer<M>>> {
  return drive("parseStream", new StreamParser<M>(validatorOf(model, options, "parseStream", "use parseUnionStream")), source, options);
}

/**
 * @internal parseStream of a document that is only checked (StreamParser.validateOnly): its
 * results have no partial and no value; the last one is done with no errors when it is valid.
 */
export function checkStream<M extends Model>(validator: Validator<M>, source: ChunkSource): AsyncGenerator<StreamResult<Infer<M>>> {
  return drive("parseStream", new StreamParser<M>(validator).validateOnly(), source, {});
}

/** Why validator options given with a union would be ignored. */
const UNION_HAS_OPTIONS = "the union's validators have theirs (new UnionValidator(definition, options))";

/**
 * parseStream for a discriminated union: narrows to the variant once the discriminator is read;
 * the last result is one-shot UnionValidator.safeUnmarshal's outcome (a repeated discriminator:
 * the last occurrence).
 */
export function parseUnionStream<A extends UnionVariants, V extends VariantModels>(union: UnionValidator<A, V>, source: ChunkSource, options: StreamReadOptions = {}): AsyncGenerator<UnionStreamResult<V>> {
  checkUnion(union, "parseUnionStream", "use parseStream");
  readingOptionsOnly(options, "parseUnionStream");
  ownOptionsOnly(validatorOptions(options, "parseUnionStream"), "parseUnionStream", UNION_HAS_OPTIONS);
  return drive("parseUnionStream", new UnionStreamParser(union), source, options);
}

/**
 * One record of an NDJSON stream: its 1-based line number, its text as read (without the line's
 * `\n` or `\r\n`; a line past maxDocumentBytes is not kept: its first maxDocumentBytes + 1 units),
 * and its result. A JsonSyntaxError or UnmarshalTypeError has its place in the whole input: `line`
 * is the record's line, `offset` a byte offset from the start of the input.
 */
export type LineResult<T> = { line: number; text: string | Uint8Array } & Result<T>;

/**
 * Validate NDJSON / JSON lines: one result per non-blank line, with its line number, reading the
 * source chunk by chunk (only the current line is buffered, never the whole input, and no more of
 * it than maxDocumentBytes).
 */
export function parseLines<M extends Model>(model: M, source: ChunkSource, options?: ParseStreamOptions): AsyncGenerator<LineResult<Infer<M>>>;
export function parseLines<M extends Model>(validator: M | Validator<M>, source: ChunkSource, options?: StreamReadOptions): AsyncGenerator<LineResult<Infer<M>>>;
export function parseLines<A extends UnionVariants, V extends VariantModels>(union: UnionValidator<A, V>, source: ChunkSource, options?: StreamReadOptions): AsyncGenerator<LineResult<UnionValue<V>>>;
export async function* parseLines(model: Model | Validator | UnionValidator, source: ChunkSource, options: ParseStreamOptions = {}): AsyncGenerator<LineResult<unknown>> {
  yield* stopping(recordBatches<unknown>(linesReader(model, options), source, options.signal), options, (r) => (r.ok ? undefined : r.error));
}

/** What reads parseLines' records: a union's reader, or a model's Validator; anything else is a TypeError. */
function linesReader(model: Model | Validator | UnionValidator, options: ParseStreamOptions): RecordReader<unknown> {
  if (model instanceof UnionValidator) return unionReader(model, options);
  if (!(model instanceof Validator) && !isModel(model)) throw wrongArgument("parseLines", "a model, a Validator or a UnionValidator", model);
  return validatorOf(model, options, "parseLines", "");
}

/**
 * A union's records: each line read by its safeUnmarshal (as the variant its discriminator
 * names), as the CLI reads them. The reading options alone may be given, as to parseUnionStream.
 */
function unionReader(union: UnionValidator, options: ParseStreamOptions): RecordReader<unknown> {
  readingOptionsOnly(options, "parseLines");
  ownOptionsOnly(validatorOptions(options, "parseLines"), "parseLines", UNION_HAS_OPTIONS);
  // (the probe has the union's options, maxDocumentBytes among them)
  return { safeUnmarshal: union.safeUnmarshal, options: union.probe.options };
}

/**
 * What reads the records of NDJSON: a Validator, or anything else that unmarshals one document
 * and has a document size limit (the CLI reads a UnionValidator's records through it).
 */
export interface RecordReader<T> {
  safeUnmarshal(data: string | Uint8Array): Result<T>;
  readonly options: { readonly maxDocumentBytes: number };
}

/** The records of NDJSON: those of each chunk read, as one batch. */
async function* recordBatches<T>(v: RecordReader<T>, source: ChunkSource, signal: AbortSignal | undefined): AsyncGenerator<readonly LineResult<T>[]> {
  /** The current line: its number, its byte offset in the input, what is read of it. */
  let line = 1;
  let start = 0;
  const pending = new PendingLine(v.options.maxDocumentBytes);
  /** The line is over: its record, if it has one still to give; the next line starts. */
  const lineEnd = (): LineResult<T> | undefined => {
    const r = pending.over ? undefined : lineRecord(v, joinChunks(pending.pieces), line, start);
    line++;
    start += pending.bytes + 1;
    pending.clear();
    return r;
  };
  for await (const given of chunksOf(source, signal, "parseLines")) {
    const chunk = jsonInput(given, "parseLines");
    const batch: LineResult<T>[] = [];
    for (let from = 0; ;) {
      const nl = typeof chunk === "string" ? chunk.indexOf("\n", from) : chunk.indexOf(0x0a, from);
      const to = nl < 0 ? chunk.length : nl;
      const tooLarge = pending.add(partOf(chunk, from, to));
      if (tooLarge !== undefined) batch.push(lineResult(v, tooLarge, line, start));
      if (nl < 0) break;
      const r = lineEnd();
      from = nl + 1;
      if (r) batch.push(r);
    }
    if (batch.length > 0) yield batch;
  }
  // an abort leaves the line read so far unfinished: it is not a record
  if (signal?.aborted) return;
  if (pending.bytes > 0) {
    const r = lineEnd();
    if (r) yield [r];
  }
}

/**
 * The line being read: its pieces and its length in UTF-8 bytes. Once its text (without a CR
 * ending it) passes `max` bytes, its record is certain whatever follows: one-shot unmarshal stops
 * at the limit, so the record is safeUnmarshal's of the line's first max + 1 units (bytes, or
 * UTF-16 units of a string: past the limit either way, and the same first max bytes). Only those
 * are kept then; the rest of the line is counted (the offsets of the lines after it) and dropped.
 */
class PendingLine {
  pieces: (string | Uint8Array)[] = [];
  /** UTF-8 bytes so far. */
  bytes = 0;
  /** Past the limit: its record is given (or will be, see head), not at the line's end. */
  over = false;
  /**
   * The first max + 1 units of a line past the limit while it is blank so far: a blank line is no
   * record, however long, so the record waits for something else than whitespace.
   */
  private head: string | Uint8Array | undefined;
  /** The last string piece ended in a high surrogate: a low one starting the next completes the pair. */
  private high = false;
  /** The line so far ends in a CR, which is not its text if the line ends there (CRLF). */
  private cr = false;

  constructor(private readonly max: number) {}

  /**
   * Take a piece of the line (kept as a copy: it may be a view of the source's buffer). Returns
   * the text of the line's record when this piece makes it certain to be too large.
   */
  add(part: string | Uint8Array): string | Uint8Array | undefined {
    const n = part.length;
    if (n === 0) return undefined;
    const text = typeof part === "string";
    // a pair split between two pieces is 4 bytes, not two lone surrogates' 3 + 3
    this.bytes += byteLength(part) - (this.high && text && isLowSurrogate(part.charCodeAt(0)) ? 2 : 0);
    this.high = text && isHighSurrogate(part.charCodeAt(n - 1));
    this.cr = (text ? part.charCodeAt(n - 1) : part[n - 1]) === 0x0d;
    if (this.over) {
      const head = this.head;
      if (head === undefined || isBlank(part)) return undefined;
      this.head = undefined;
      return head;
    }
    this.pieces.push(copyChunk(part));
    if (this.bytes - (this.cr ? 1 : 0) <= this.max) return undefined;
    const line = joinChunks(this.pieces);
    this.pieces = [];
    this.over = true;
    const head = line.slice(0, this.max + 1);
    if (!isBlank(line)) return head;
    this.head = head;
    return undefined;
  }

  clear(): void {
    this.pieces = [];
    this.bytes = 0;
    this.over = false;
    this.head = undefined;
    this.high = false;
    this.cr = false;
  }
}

function isHighSurrogate(c: number): boolean {
  return (c & 0xfc00) === 0xd800;
}

function isLowSurrogate(c: number): boolean {
  return (c & 0xfc00) === 0xdc00;
}

/**
 * One NDJSON line (without its "\n") validated: undefined when blank; errors placed in the whole
 * input (line `line`, which starts at byte `start`). The CLI reads each line with it too
 * (cli/check-batch.ts), so its results are the same as parseLines'.
 */
export function lineRecord<T>(v: RecordReader<T>, raw: string | Uint8Array, line: number, start: number): LineResult<T> | undefined {
  const data = withoutCr(raw);
  return isBlank(data) ? undefined : lineResult(v, data, line, start);
}

/** The record of a line's text: safeUnmarshal's result, its error placed in the whole input. */
function lineResult<T>(v: RecordReader<T>, data: string | Uint8Array, line: number, start: number): LineResult<T> {
  const r = v.safeUnmarshal(data);
  return r.ok ? { line, text: data, ok: true, value: r.value } : { line, text: data, ok: false, error: inInput(r.error, line, start) };
}

/** A line's text without the `\r` of a CRLF line end. */
function withoutCr(data: string | Uint8Array): string | Uint8Array {
  const n = data.length;
  if (typeof data === "string") return n > 0 && data.charCodeAt(n - 1) === 0x0d ? data.slice(0, n - 1) : data;
  return n > 0 && data[n - 1] === 0x0d ? data.subarray(0, n - 1) : data;
}

/** UTF-8 length of a line (a lone surrogate counts 3 bytes, as it is written: U+FFFD). */
function byteLength(data: string | Uint8Array): number {
  if (typeof data !== "string") return data.length;
  let n = data.length;
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (isHighSurrogate(c) && i + 1 < data.length && isLowSurrogate(data.charCodeAt(i + 1))) { n += 2; i++; }
    else n += 2;
  }
  return n;
}

/**
 * A record's error placed in the whole input: the record's line (a record is one line, so its
 * own line is 1) and the byte offset from the start of the input; the column stays.
 */
function inInput(e: UnmarshalError, line: number, start: number): UnmarshalError {
  if (e instanceof JsonSyntaxError) return withoutStack(() => new JsonSyntaxError(e.reason, start + e.offset, line + e.line - 1, e.column));
  if (e instanceof UnmarshalTypeError) return withoutStack(() => new UnmarshalTypeError(e.field, e.expected, e.got, start + e.offset));
  return e;
}

function isBlank(data: string | Uint8Array): boolean {
  for (let i = 0; i < data.length; i++) {
    const c = typeof data === "string" ? data.charCodeAt(i) : data[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}
