/**
 * Strategy C: the builder generated per model with `new Function` (bindings/build-generated.ts,
 * the one the library uses): the same tape as strategy B, read by straight-line code specialised
 * to the model. See the CSP caveat there: without code generation the library falls back to the
 * generic walk (strategy E).
 */
import { getEngine } from "../../bindings/engine.js";
import { generateBuilder } from "../../bindings/build-generated.js";
import type { Validator } from "../../bindings/validator.js";
import { safeUnmarshalWith, tapeBase, type Strategy } from "./common.js";

export { generateBuilder };

export const generatedStrategy: Strategy = {
  name: "C: generated tape reader",
  description:
    "the tape, read by a builder generated per model with new Function (locals per field, a switch " +
    "on the slot, one object literal per value); needs 'unsafe-eval' under a CSP",
  make(validator: Validator) {
    const { build } = generateBuilder(validator.program.resolved.root);
    return safeUnmarshalWith(validator, (text, s) => {
      const heap = getEngine().heap;
      return build(heap.u32, heap.f64, tapeBase(s), text);
    });
  },
};
