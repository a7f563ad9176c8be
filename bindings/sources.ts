// Adapters from the sources users have to the stream parser: an AsyncIterable of string or bytes
// chunks (Node streams, AI SDK text streams) or a WHATWG ReadableStream (fetch bodies), read as
// one JSON document (parseStream) or as NDJSON / JSON lines, one result per record (parseLines).

import type { Infer, Model } from "./model.js";
import type { ValidatorOptions } from "./resolve.js";
import { StreamParser, type StreamResult } from "./stream.js";
import { joinChunks } from "./text-store.js";
import { UnionStreamParser, type UnionStreamResult } from "./union-stream.js";
import type { UnionValidator, UnionVariants, VariantModels } from "./union.js";
import { Validator, type Result } from "./validator.js";

export type ChunkSource = AsyncIterable<string | Uint8Array> | ReadableStream<string | Uint8Array>;

export interface ParseStreamOptions extends ValidatorOptions {
  /** Stop reading when this signal aborts (the generator returns). */
  signal?: AbortSignal;
  /**
   * Stop at the first error that is certain: `true` stops reading; an AbortController is also
   * aborted (with the error as its reason), e.g. to cancel the LLM request producing the stream.
   */
  abortOnError?: boolean | AbortController;
}

/**
 * The chunks of a source, stopping as soon as `signal` aborts, even while a read is pending (the
 * reader is cancelled, the iterator returned).
 */
async function* chunksOf(source: ChunkSource, signal: AbortSignal | undefined): AsyncGenerator<string | Uint8Array> {
  let next: () => Promise<IteratorResult<string | Uint8Array>>;
  let stop: () => void;
  if (typeof (source as ReadableStream).getReader === "function") {
    const reader = (source as ReadableStream<string | Uint8Array>).getReader();
    next = () => reader.read() as Promise<IteratorResult<string | Uint8Array>>;
    stop = () => { reader.cancel().catch(() => undefined); };
  } else {
    const it = (source as AsyncIterable<string | Uint8Array>)[Symbol.asyncIterator]();
    next = () => it.next();
    stop = () => { it.return?.()?.catch?.(() => undefined); };
  }
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
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
    if (!finished) stop();
  }
}

type Parser<R> = { feed(chunk: string | Uint8Array): R; end(): R };

async function* drive<R extends { done: boolean; errors: readonly unknown[] }>(parser: Parser<R>, source: ChunkSource, opts: ParseStreamOptions): AsyncGenerator<R> {
  let last: R | undefined;
  for await (const chunk of chunksOf(source, opts.signal)) {
    last = parser.feed(chunk);
    yield last;
    if (opts.abortOnError && last.errors.length > 0) {
      if (typeof opts.abortOnError === "object") opts.abortOnError.abort(last.errors[0]);
      return;
    }
    if (last.done) return;
  }
  if (opts.signal?.aborted) return;
  const end = parser.end();
  if (end !== last) yield end;
}

/**
 * Validate one JSON document while it arrives, yielding the result after every chunk (typed
 * partial value, errors certain so far, state); the last result has `done: true`.
 */
export function parseStream<M extends Model>(model: M | Validator<M>, source: ChunkSource, options: ParseStreamOptions = {}): AsyncGenerator<StreamResult<Infer<M>>> {
  return drive(new StreamParser<M>(model, options), source, options);
}

/** parseStream for a discriminated union: narrows to the variant once the discriminator is read. */
export function parseUnionStream<A extends UnionVariants, V extends VariantModels>(union: UnionValidator<A, V>, source: ChunkSource, options: ParseStreamOptions = {}): AsyncGenerator<UnionStreamResult<V>> {
  return drive(new UnionStreamParser(union), source, options);
}

/** One record of an NDJSON stream: its 1-based line number, its text as read, and its result. */
export type LineResult<T> = { line: number; text: string | Uint8Array } & Result<T>;

/**
 * Validate NDJSON / JSON lines: one result per non-blank line, with its line number, reading the
 * source chunk by chunk (only the current line is buffered, never the whole input).
 */
export async function* parseLines<M extends Model>(model: M | Validator<M>, source: ChunkSource, options: ParseStreamOptions = {}): AsyncGenerator<LineResult<Infer<M>>> {
  const v = model instanceof Validator ? model : new Validator(model, options);
  let line = 0;
  let pending: (string | Uint8Array)[] = [];
  const record = (parts: (string | Uint8Array)[]): LineResult<Infer<M>> | undefined => {
    line++;
    const data = joinChunks(parts);
    if (isBlank(data)) return undefined;
    return { line, text: data, ...v.safeUnmarshal(data) };
  };
  for await (const chunk of chunksOf(source, options.signal)) {
    let start = 0;
    for (;;) {
      const nl = typeof chunk === "string" ? chunk.indexOf("\n", start) : chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      pending.push(chunk.slice(start, nl));
      const r = record(pending);
      pending = [];
      start = nl + 1;
      if (r) {
        yield r;
        if (!r.ok && options.abortOnError) {
          if (typeof options.abortOnError === "object") options.abortOnError.abort(r.error);
          return;
        }
      }
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  }
  if (pending.length > 0) {
    const r = record(pending);
    if (r) yield r;
  }
}

function isBlank(data: string | Uint8Array): boolean {
  for (let i = 0; i < data.length; i++) {
    const c = typeof data === "string" ? data.charCodeAt(i) : data[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}
