// `default=<value>`: the value a missing field takes. Parsed by the field's kind when the validator
// is created (bindings/resolve.ts parses and checks it against the field's own checks).
import { requireValue, kindError, type DirectiveSpec } from "./directive.js";

export const defaultValue: DirectiveSpec = {
  names: ["default"],
  build(name, value, _raw, field) {
    if (field.kind !== "string" && field.kind !== "number" && field.kind !== "bool") {
      throw kindError(name, field, "string, number or bool");
    }
    if (field.kind !== "string") requireValue(name, value);
    return { phase: "default", text: value ?? "" };
  },
};
