/**
 * Strategy B: the bindings as they are: Validator.safeUnmarshal, whose bindings/build.ts builds the
 * value from the tape (a TapeReader; with a generated reader per model where code generation is
 * allowed, once the bindings have one). The results record the commit and whether bindings/ had
 * uncommitted changes, since this strategy is whatever that code does.
 */
import type { Strategy } from "./common.js";

export const bindingsStrategy: Strategy = {
  name: "B: bindings as they are",
  description: "Validator.safeUnmarshal unchanged: bindings/build.ts builds the value from the tape",
  make(validator) {
    return (data) => validator.safeUnmarshal(data);
  },
};
