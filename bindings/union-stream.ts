// Streaming a discriminated union: a probe reads the chunks until the discriminator's value is
// complete; then the stream narrows to that variant (the text so far is replayed once into the
// variant's parser) and the rest is validated as it.
//
// A repeated discriminator key: one-shot unmarshal reads the last occurrence (the last occurrence
// of a key wins). Before narrowing, every chunk goes to the probe, so a later occurrence that names
// a variant narrows then (a REQUIRED / INVALID_DISCRIMINATOR reported for an earlier one is
// dropped). After narrowing, the probe is not run per chunk: the chunks are kept, and when the
// variant's parser reports done (or at end()) the probe reads everything it has not seen in one
// go; once the probe is done too, its discriminator is final. If it is not the variant chosen,
// the result becomes one-shot's: all the chunks are replayed once into the right variant's parser,
// or the discriminator's error is reported. Each chunk is read at most three times (probe, first
// variant, right variant), so the stream stays O(total bytes). Results before the document
// completes follow the first discriminator seen at a chunk's end that names a variant (the last
// complete occurrence then: of two in one chunk, the later); the final result follows the last one.

import { bindMethods } from "./bind-methods.js";
import { jsonInput, copyChunk, joinChunks } from "./text-store.js";
import { checkPath, StreamParser, type StreamError, type StreamFieldError, type StreamResult, type StreamState } from "./stream.js";
import { PROBE_KEY, UnionValidator, type UnionValue, type UnionVariants, type VariantModels } from "./union.js";
import { isModel, wrongArgument, type Infer, type Model } from "./model.js";
import type { Validator } from "./validator.js";

/**
 * A result of a union stream. Until the discriminator's value is complete and names a variant:
 * `variant` and `partial` are undefined. Then `variant` names it and `partial` is that variant's
 * typed partial value, so checking `r.variant === "cat"` narrows `r.partial` (and `r.value`).
 */
export type UnionStreamResult<V extends VariantModels> =
  | (Omit<StreamResult<unknown>, "value" | "partial"> & { readonly variant: undefined; readonly partial: undefined; readonly value?: undefined })
  | VariantStreamResult<V>;

/** A union stream's result once it has narrowed: one member per variant. */
export type VariantStreamResult<V extends VariantModels> = {
  [K in Extract<keyof V, string>]: Omit<StreamResult<Infer<V[K]>>, "value"> & { readonly variant: K; readonly value?: { variant: K; value: Infer<V[K]> } };
}[Extract<keyof V, string>];

/** @internal A UnionValidator, else a TypeError naming `call` (`modelHint` for a model or a Validator). */
export function checkUnion(union: unknown, call: string, modelHint: string): void {
  if (union instanceof UnionValidator) return;
  const single = isModel(union) || isModel((union as { model?: unknown } | null)?.model);
  throw wrongArgument(call, "a UnionValidator", union, single ? modelHint : undefined);
}

export class UnionStreamParser<A extends UnionVariants = UnionVariants, V extends VariantModels = VariantModels> {
  private probe: StreamParser<Model>;
  /** The probe's latest result. */
  private probed: StreamResult<unknown> | undefined;
  /** How many of `chunks` the probe has read. */
  private probeRead = 0;
  private inner: StreamParser<Model> | undefined;
  private variantName: string | undefined;
  /** The variants' parsers, made once and reset for each use (a parser costs more to make than to reset). */
  private readonly parsers = new Map<string, StreamParser<Model>>();
  /** The chunks of the document, replayed into a variant's parser when the stream narrows. */
  private chunks: (string | Uint8Array)[] = [];
  /** Chunks fed (the parsers inside count their own feeds: a replay is one). */
  private fed = 0;
  /** The error for the discriminator value seen last (while no variant is chosen). */
  private discriminatorError: { found: unknown; error: StreamFieldError } | undefined;
  /** The state of the last result (feed or end), what currentState() gives until the next one. */
  private lastState: StreamState | undefined;

  constructor(private readonly union: UnionValidator<A, V>) {
    checkUnion(union, "new UnionStreamParser", "use StreamParser");
    this.probe = new StreamParser(union.probe).completeAnyOnly();
    bindMethods<UnionStreamParser<A, V>>(this, ["reset", "buffer", "feed", "end", "currentState"]);
  }

  reset(): void {
    this.fed = 0;
    this.probe.reset();
    this.probed = undefined;
    this.probeRead = 0;
    this.inner = undefined;
    this.variantName = undefined;
    this.discriminatorError = undefined;
    this.lastState = undefined;
    this.chunks = [];
  }

  /** @internal Give the parsers' WASM memory back now (see StreamParser.free). */
  free(): void {
    this.probe.free();
    for (const p of this.parsers.values()) p.free();
  }

  buffer(): string {
    return (this.inner ?? this.probe).buffer();
  }

  feed(given: string | Uint8Array): UnionStreamResult<V> {
    const chunk = jsonInput(given, "feed");
    this.fed++;
    // bytes are kept as a copy: the caller may reuse its buffer for the next chunk (a file read
    // into one Buffer), and the chunks are replayed later
    this.chunks.push(copyChunk(chunk));
    return this.keep(this.inner ? this.variantFeed(this.inner, chunk) : this.probing(false));
  }

  /** The input is over (a document still open becomes a syntax error). */
  end(): UnionStreamResult<V> {
    return this.keep(this.inner ? this.check(this.inner.end(), true) : this.probing(true));
  }

  /**
   * The state now (the last result's: it changes only with feed, end and reset), as
   * StreamParser.currentState gives it; before the first chunk, the empty state of no variant.
   */
  currentState(): StreamState {
    return this.lastState ?? new UnionState(this.probe.currentState(), this.fed, [], false);
  }

  private variantFeed(inner: StreamParser<Model>, chunk: string | Uint8Array): UnionStreamResult<V> {
    const r = inner.feed(chunk);
    return r.done ? this.check(r, false) : this.wrap(r);
  }

  private keep(r: UnionStreamResult<V>): UnionStreamResult<V> {
    this.lastState = r.state;
    return r;
  }

  /** No variant chosen: the probe reads what it has not read; narrow if the discriminator names a variant. */
  private probing(final: boolean): UnionStreamResult<V> {
    const r = this.catchUp(final);
    const found = discriminatorOf(r);
    const v = typeof found === "string" ? this.union.variant(found as never) : undefined;
    if (v) {
      // narrow: replay the chunks so far (as they came: a UTF-8 sequence or a surrogate pair cut
      // by the last chunk is completed by the next one) into the variant's parser
      this.variantName = found as string;
      this.inner = this.parserOf(found as string, v as never);
      this.discriminatorError = undefined;
      let r2 = this.inner.feed(joinChunks(this.chunks));
      if (final) r2 = this.inner.end();
      return r2.done ? this.check(r2, final) : this.wrap(r2);
    }
    return this.failure(r, found);
  }

  /**
   * The variant's parser is done: let the probe read the rest and, once it is done too, follow
   * its discriminator (the last occurrence) if it differs from the variant chosen.
   */
  private check(r: StreamResult<unknown>, final: boolean): UnionStreamResult<V> {
    const p = this.catchUp(final);
    // a type error can end the variant's parser before the document does: wait for the probe
    if (!p.done) return this.wrap(r);
    if (discriminatorOf(p) === this.variantName) {
      this.probeRead = 0;
      this.chunks = []; // the discriminator is final: no replay can follow
      return this.wrap(r);
    }
    this.inner = undefined;
    this.variantName = undefined;
    return this.probing(final);
  }

  /**
   * Feed the probe the chunks it has not read (in one go: the strings they start with, then the
   * rest), and end it when the input is over. The leading strings go first on their own: the
   * probe may hold the high half of a surrogate pair from its last chunk, which a string completes,
   * while joined with bytes the low half would be encoded alone (U+FFFD).
   */
  private catchUp(final: boolean): StreamResult<unknown> {
    if (this.probeRead < this.chunks.length) {
      let unread = this.chunks.slice(this.probeRead);
      const strings = unread.findIndex((c) => typeof c !== "string");
      if (strings > 0) {
        this.probe.feed(joinChunks(unread.slice(0, strings)));
        unread = unread.slice(strings);
      }
      this.probed = this.probe.feed(joinChunks(unread));
      this.probeRead = this.chunks.length;
    }
    if (final) this.probed = this.probe.end();
    // set by now: feed adds a chunk before anything asks, and end() ends the probe
    return this.probed as StreamResult<unknown>;
  }

  /**
   * The result while no variant is chosen: the probe's syntax or type error (one-shot reports
   * only that), else the error of the discriminator value seen last (REQUIRED for none or null,
   * INVALID_DISCRIMINATOR for another), else nothing yet.
   */
  private failure(r: StreamResult<unknown>, found: unknown): UnionStreamResult<V> {
    let errors: StreamResult<unknown>["errors"] = r.errors;
    if (errors.length === 0 && (found !== undefined || r.done)) {
      // keep the error (and its offset) while the value stays the same
      if (this.discriminatorError === undefined || !sameJson(this.discriminatorError.found, found)) {
        const error = { ...this.union.discriminatorError(found).errors[0], offset: r.state.bytesReceived };
        this.discriminatorError = { found, error };
      }
      errors = [this.discriminatorError.error];
    }
    return { done: r.done, partial: undefined, errors, state: new UnionState(r.state, this.fed, errors, false), variant: undefined };
  }

  /** The variant's parser, ready for a new document (each variant is chosen at most once per document). */
  private parserOf(name: string, v: Validator<Model>): StreamParser<Model> {
    let p = this.parsers.get(name);
    if (p) p.reset();
    else this.parsers.set(name, p = new StreamParser(v));
    return p;
  }

  private wrap(r: StreamResult<unknown>): UnionStreamResult<V> {
    return new VariantResult<V>(r, this.variantName as Extract<keyof V, string>, new UnionState(r.state, this.fed, r.errors, true)) as unknown as VariantStreamResult<V>;
  }
}

/** The probe's discriminator value: the last complete occurrence (undefined before the first). */
function discriminatorOf(r: StreamResult<unknown>): unknown {
  return (r.partial as Record<string, unknown> | undefined)?.[PROBE_KEY];
}

/** Are two JSON values (the partial values of the discriminator) equal? */
function sameJson(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
}

/** A result of the variant's parser, named by its variant; `partial` stays a getter (built only if read). */
class VariantResult<V extends VariantModels> {
  readonly #inner: StreamResult<unknown>;
  readonly done: boolean;
  readonly errors: StreamResult<unknown>["errors"];
  readonly state: StreamResult<unknown>["state"];
  declare readonly value?: UnionValue<V>;

  constructor(r: StreamResult<unknown>, readonly variant: Extract<keyof V, string>, state: StreamState) {
    this.#inner = r;
    this.done = r.done;
    this.errors = r.errors;
    this.state = state;
    if (r.value !== undefined) this.value = { variant, value: r.value } as UnionValue<V>;
  }

  get partial(): unknown {
    return this.#inner.partial;
  }

  toJSON(): object {
    const { done, partial, errors, state, variant, value } = this;
    return value !== undefined ? { done, partial, errors, state, variant, value } : { done, partial, errors, state, variant };
  }
}

/**
 * The state of a union stream: the state of the parser reading now (the probe, then the
 * variant's), with the union's own chunk count and the last of the result's errors (the
 * discriminator's error is the union's own: the probe never reports it). Before a variant is
 * chosen nothing of it is shown: no open path (the probe's is its own internal key), and no path
 * is complete.
 */
class UnionState implements StreamState {
  readonly #inner: StreamState;
  readonly #narrowed: boolean;
  readonly bytesReceived: number;
  readonly depth: number;
  readonly done: boolean;
  readonly lastError: StreamError | undefined;
  readonly openPath: readonly (string | number)[];

  constructor(inner: StreamState, readonly chunks: number, errors: readonly StreamError[], narrowed: boolean) {
    this.#inner = inner;
    this.#narrowed = narrowed;
    this.bytesReceived = inner.bytesReceived;
    this.depth = inner.depth;
    this.done = inner.done;
    this.lastError = errors[errors.length - 1];
    this.openPath = narrowed ? inner.openPath : NO_PATH;
  }

  complete(path: readonly (string | number)[] | string): boolean {
    checkPath(path);
    return this.#narrowed && this.#inner.complete(path);
  }
}

const NO_PATH: readonly (string | number)[] = Object.freeze([]);
