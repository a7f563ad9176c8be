// Streaming a discriminated union: a probe reads the chunks until the discriminator's value is
// complete; then the stream narrows to that variant (the text so far is replayed once into the
// variant's parser, so the whole stream stays O(total bytes)) and the rest is validated as it.

import { joinChunks } from "./text-store.js";
import { StreamParser, type StreamFieldError, type StreamResult } from "./stream.js";
import { PROBE_KEY, type UnionValidator, type UnionValue, type UnionVariants, type VariantModels } from "./union.js";
import type { Model } from "./model.js";

export interface UnionStreamResult<V extends VariantModels> extends Omit<StreamResult<unknown>, "value"> {
  /** The variant, once the discriminator's value is complete and names one. */
  readonly variant: Extract<keyof V, string> | undefined;
  readonly value?: UnionValue<V>;
}

export class UnionStreamParser<A extends UnionVariants = UnionVariants, V extends VariantModels = VariantModels> {
  private probe: StreamParser<Model>;
  private inner: StreamParser<Model> | undefined;
  private variantName: string | undefined;
  /** The chunks the probe read, replayed into the variant's parser when the stream narrows. */
  private chunks: (string | Uint8Array)[] = [];
  private discriminatorError: StreamFieldError | undefined;

  constructor(private readonly union: UnionValidator<A, V>) {
    this.probe = new StreamParser(union.probe);
  }

  reset(): void {
    this.probe.reset();
    this.inner = undefined;
    this.variantName = undefined;
    this.discriminatorError = undefined;
    this.chunks = [];
  }

  buffer(): string {
    return (this.inner ?? this.probe).buffer();
  }

  feed(chunk: string | Uint8Array): UnionStreamResult<V> {
    if (this.inner) return this.wrap(this.inner.feed(chunk));
    this.chunks.push(chunk);
    const r = this.probe.feed(chunk);
    const found = (r.partial as Record<string, unknown> | undefined)?.[PROBE_KEY];
    if (found !== undefined && this.discriminatorError === undefined) {
      const v = typeof found === "string" ? this.union.variant(found as never) : undefined;
      if (v) {
        // narrow: replay the chunks so far (as they came: a UTF-8 sequence or a surrogate pair cut
        // by the last chunk is completed by the next one) into the variant's parser
        this.variantName = found as string;
        this.inner = new StreamParser(v as never);
        const r2 = this.inner.feed(joinChunks(this.chunks));
        this.chunks = [];
        return this.wrap(r2);
      }
      this.discriminatorError = { ...this.union.discriminatorError(found).errors[0], offset: r.state.bytesReceived };
    }
    if (r.done && found === undefined && this.discriminatorError === undefined && !r.errors.some((e) => e instanceof Error)) {
      this.discriminatorError = { ...this.union.discriminatorError(undefined).errors[0], offset: r.state.bytesReceived };
    }
    const errors = [...r.errors, ...(this.discriminatorError ? [this.discriminatorError] : [])];
    return { done: r.done, partial: undefined, errors, state: r.state, variant: undefined };
  }

  /** The input is over (a document still open becomes a syntax error). */
  end(): UnionStreamResult<V> {
    if (this.inner) return this.wrap(this.inner.end());
    const r = this.probe.end();
    return { done: r.done, partial: undefined, errors: [...r.errors, ...(this.discriminatorError ? [this.discriminatorError] : [])], state: r.state, variant: undefined };
  }

  private wrap(r: StreamResult<unknown>): UnionStreamResult<V> {
    return new VariantResult<V>(r, this.variantName as Extract<keyof V, string>);
  }
}

/** A result of the variant's parser, named by its variant; `partial` stays a getter (built only if read). */
class VariantResult<V extends VariantModels> implements UnionStreamResult<V> {
  readonly #inner: StreamResult<unknown>;
  readonly done: boolean;
  readonly errors: StreamResult<unknown>["errors"];
  readonly state: StreamResult<unknown>["state"];
  declare readonly value?: UnionValue<V>;

  constructor(r: StreamResult<unknown>, readonly variant: Extract<keyof V, string>) {
    this.#inner = r;
    this.done = r.done;
    this.errors = r.errors;
    this.state = r.state;
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
