// `gtfield=F`: MUST_BE_GT_FIELD `must be greater than field F`; numbers, strings (code point
// order) or times; skipped when either side is null. Runs when the object closes.
import { OP_GT_FIELD } from "../layout.js";
import type { DirectiveSpec } from "./directive.js";
import { comparableKinds, compareValues, otherField, targetName } from "./cross-field.js";

export const gtfield: DirectiveSpec = {
  names: ["gtfield"],
  build(name, value, raw, field) {
    const target = targetName(name, value);
    const other = otherField(name, target, field);
    comparableKinds(name, field, other);
    return {
      phase: "object", directive: raw, code: "MUST_BE_GT_FIELD", message: `must be greater than field ${target}`, other,
      wasm: () => [OP_GT_FIELD, other.slot, 0, 0],
      test: (self, o) => self === null || self === undefined || o === null || o === undefined || compareValues(self, o) > 0,
    };
  },
};
