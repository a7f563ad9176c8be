// `required_with=F`: REQUIRED_WITH `field is required when F is present`. F is present when it is
// not zero; the field then fails when it is zero (missing, null, "", 0, false, empty list or map).
import { OP_REQUIRED_WITH } from "../layout.js";
import type { DirectiveSpec } from "./directive.js";
import { isZero, otherField, targetName } from "./cross-field.js";

export const requiredWith: DirectiveSpec = {
  names: ["required_with"],
  build(name, value, raw, field) {
    const target = targetName(name, value);
    const other = otherField(name, target, field);
    return {
      phase: "object", directive: raw, code: "REQUIRED_WITH", message: `field is required when ${target} is present`, other,
      wasm: () => [OP_REQUIRED_WITH, other.slot, 0, 0],
      test: (self, o) => isZero(o, other.kind) || !isZero(self, field.kind),
    };
  },
};
