// What `checker validate` checks each record with: a model's Validator, or a UnionValidator (a
// discriminated union: each record is read as the variant its discriminator names). Everything
// else the command does (reading, counting, writing, worker threads) is the same for both; what
// differs is behind this interface.

import { checkStream, parseStream, parseUnionStream, type RecordReader } from "../sources.js";
import type { StreamError, StreamResult } from "../stream.js";
import type { UnionValidator, UnionValue } from "../union.js";
import type { Validator } from "../validator.js";

/** A result of reading one document: accepted (its value, when asked for), else its errors. */
export interface DocumentResult<T> {
  readonly accepted: boolean;
  readonly value?: T;
  readonly errors: readonly StreamError[];
}

/** What the summary says the records were checked against. */
export interface CheckedAgainst {
  /** The model's name, or a union's variant models (`Cat | Dog`, as its type errors name it). */
  readonly name: string;
  /** A union's discriminator key and its values in declaration order. */
  readonly union?: { readonly discriminator: string; readonly variants: readonly string[] };
}

export interface RecordChecker<T> extends RecordReader<T> {
  readonly against: CheckedAgainst;
  /** An accepted value's variant (a union), else undefined. */
  variantOf(value: T): string | undefined;
  /** An accepted value re-encoded (--marshal). */
  marshal(value: T): Uint8Array;
  /**
   * One JSON document read chunk by chunk: the stream parser's results. `withValue`: an accepted
   * document's value is wanted (--marshal); else a model's is not built (a union's always is).
   */
  parseDocument(source: AsyncIterable<Uint8Array>, withValue: boolean): AsyncGenerator<DocumentResult<T>>;
}

export function modelChecker(v: Validator): RecordChecker<unknown> {
  return {
    against: { name: v.model.name },
    options: v.options,
    safeUnmarshal: v.safeUnmarshal,
    variantOf: () => undefined,
    marshal: (value) => v.marshal(value as never),
    // (a document only checked is accepted when done with no errors, as a value is built then)
    parseDocument: (source, withValue) => documentResults(withValue ? parseStream(v, source) : checkStream(v, source), (r) => r.done && r.errors.length === 0),
  };
}

/** A stream's result, as a model's and a union's parser give it. */
type Outcome<T> = Pick<StreamResult<T>, "done" | "value" | "errors">;

async function* documentResults<T>(results: AsyncIterable<Outcome<T>>, accepted: (r: Outcome<T>) => boolean): AsyncGenerator<DocumentResult<T>> {
  for await (const r of results) yield { accepted: accepted(r), value: r.value, errors: r.errors };
}

const CLOSE_BRACE = 0x7d;

export function unionChecker(u: UnionValidator): RecordChecker<UnionValue> {
  const variants = u.values;
  const validatorOf = (variant: string): Validator => u.variant(variant)!;
  const encoder = new TextEncoder();
  return {
    against: { name: u.probe.model.name, union: { discriminator: u.discriminator, variants } },
    // (every variant has the union's options)
    options: validatorOf(variants[0]).options,
    safeUnmarshal: u.safeUnmarshal,
    variantOf: (value) => value.variant,
    marshal: (value) => {
      const v = validatorOf(value.variant);
      const bytes = v.marshal(value.value as never);
      // a variant's value leaves the discriminator out (unless the model has a field of that
      // name): written first, so the record reads back as the same variant
      if (v.program.resolved.root.byJson.has(u.discriminator)) return bytes;
      const key = encoder.encode(`{${JSON.stringify(u.discriminator)}:${JSON.stringify(value.variant)}${bytes[1] === CLOSE_BRACE ? "" : ","}`);
      const out = new Uint8Array(key.length + bytes.length - 1);
      out.set(key);
      out.set(bytes.subarray(1), key.length);
      return out;
    },
    parseDocument: (source) => documentResults(parseUnionStream(u, source), (r) => r.value !== undefined),
  };
}
