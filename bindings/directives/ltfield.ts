// `ltfield=F`: MUST_BE_LT_FIELD `must be less than field F`; numbers, strings (code point order)
// or times; skipped when either side is null. Runs when the object closes.
import { OP_LT_FIELD } from "../layout.js";
import type { DirectiveSpec } from "./directive.js";
import { comparableKinds, compareValues, otherField, targetName } from "./cross-field.js";

export const ltfield: DirectiveSpec = {
  names: ["ltfield"],
  build(name, value, raw, field) {
    const target = targetName(name, value);
    const other = otherField(name, target, field);
    comparableKinds(name, field, other);
    return {
      phase: "object", directive: raw, code: "MUST_BE_LT_FIELD", message: `must be less than field ${target}`, other,
      wasm: () => [OP_LT_FIELD, other.slot, 0, 0],
      test: (self, o) => self === null || self === undefined || o === null || o === undefined || compareValues(self, o) < 0,
    };
  },
};
