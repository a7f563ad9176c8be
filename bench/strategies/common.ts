/**
 * What every value-building strategy shares: the WASM run that vets a document, exactly as
 * Validator.safeUnmarshal does it (bindings/validator.ts), with the value built by a strategy of
 * our choosing instead of the bindings' TapeReader. Only the success path differs between
 * strategies; the error path (rendering ValidationError / UnmarshalTypeError / JsonSyntaxError) is
 * the bindings' own.
 *
 * This reaches into the Validator's internals (program, loaded, sharedSession) on purpose: the
 * strategies are candidates for bindings/build.ts, measured before one is chosen.
 */
import { JsonSyntaxError, ValidationError } from "../../bindings/errors.js";
import * as L from "../../bindings/layout.js";
import { renderErrors, syntaxError, typeError } from "../../bindings/render.js";
import { sharedSession, type Session } from "../../bindings/session.js";
import { syntaxOnly } from "../../bindings/syntax.js";
import type { Result, Validator } from "../../bindings/validator.js";

/**
 * Builds the typed value of an accepted document. `text` is the document as a JS string (decoded
 * from the bytes when the input was a Uint8Array); the tape the core wrote is in WASM memory
 * (`tapeBase(s)` and getEngine().heap) until the next WASM call. A strategy uses either or both.
 */
export type Builder = (text: string, s: Session) => unknown;

/** Word index of the tape's entry 0. */
export function tapeBase(s: Session): number {
  return s.get(L.S_TAPE) >>> 2;
}

export interface Strategy {
  name: string;
  /** Short description for the results. */
  description: string;
  /** safeUnmarshal of `validator` with this strategy's way of building the value. */
  make(validator: Validator): (data: string | Uint8Array) => Result<unknown>;
}

const decoder = new TextDecoder();

/** Validator.safeUnmarshal, with `build` in place of the TapeReader. */
export function safeUnmarshalWith(validator: Validator, build: Builder): (data: string | Uint8Array) => Result<unknown> {
  const { program, loaded, options } = validator;
  return (data) => {
    const s = sharedSession();
    if (data.length > options.maxDocumentBytes) {
      return {
        ok: false,
        error: new JsonSyntaxError(`document larger than maxDocumentBytes (${options.maxDocumentBytes})`, options.maxDocumentBytes, 1, 1),
      };
    }
    s.begin(loaded.address, options);
    s.append(data);
    const status = s.run(true);
    if (status === L.ST_DONE) {
      if (s.get(L.S_ERR_COUNT) === 0) {
        const text = typeof data === "string" ? data : decoder.decode(data);
        return { ok: true, value: build(text, s) };
      }
      return { ok: false, error: new ValidationError(renderErrors(program, s)) };
    }
    if (status === L.ST_TYPE) {
      const t = typeError(program, s);
      return { ok: false, error: syntaxOnly(data) ?? t };
    }
    return { ok: false, error: syntaxError(s) };
  };
}
