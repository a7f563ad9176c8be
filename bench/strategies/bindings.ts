/**
 * Strategy B: the bindings' current way (bindings/build.ts TapeReader, via
 * Validator.safeUnmarshal as it is): walk the tape the core wrote, one generic `value(type)` call
 * per entry, slicing strings out of the source text by their UTF-16 spans, numbers read as f64.
 */
import type { Strategy } from "./common.js";

export const tapeWalkStrategy: Strategy = {
  name: "B: tape walk (TapeReader)",
  description: "Validator.safeUnmarshal as it is: bindings/build.ts TapeReader walks the tape generically",
  make(validator) {
    return (data) => validator.safeUnmarshal(data);
  },
};
