// `extra_fields`: marks the `map[string]any` field (t.extras()) that captures unknown keys under
// ExtraAllow. t.extras() implies it; written on any other kind it is a model error.
import { forbidValue, kindError, type DirectiveSpec } from "./directive.js";

export const extraFields: DirectiveSpec = {
  names: ["extra_fields"],
  build(name, value, _raw, field) {
    forbidValue(name, value);
    if (field.kind !== "extras") throw kindError(name, field, "t.extras()");
    return { phase: "flag", flag: "extras" };
  },
};
