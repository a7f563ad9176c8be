/**
 * What every value-building strategy shares: the WASM run that vets a document, as
 * Validator.safeUnmarshal does it (bindings/validator.ts), with the value of an accepted document
 * built by a strategy of our choosing. A rejected document is handed to the validator's own
 * safeUnmarshal, which runs the core again and renders the error exactly as the bindings do: only
 * the success path differs between strategies, and only accepted documents are timed.
 *
 * This reaches into the Validator's internals (program, loaded, sharedSession) on purpose: the
 * strategies are candidates for bindings/build.ts, measured before one is chosen.
 */
import * as L from "../../bindings/layout.js";
import { sharedSession, type Session } from "../../bindings/session.js";
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

/** Validator.safeUnmarshal, with `build` in place of the bindings' builder for accepted documents. */
export function safeUnmarshalWith(validator: Validator, build: Builder): (data: string | Uint8Array) => Result<unknown> {
  const { loaded, options } = validator;
  return (data) => {
    if (data.length <= options.maxDocumentBytes) {
      const s = sharedSession();
      s.begin(loaded.address, options);
      if (s.append(data) <= options.maxDocumentBytes && s.run(true) === L.ST_DONE && s.get(L.S_ERR_COUNT) === 0) {
        const text = typeof data === "string" ? data : decoder.decode(data);
        return { ok: true, value: build(text, s) };
      }
    }
    return validator.safeUnmarshal(data);
  };
}
