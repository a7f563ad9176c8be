// `regexp=<P>` and its v0.1.2 alias `pattern=<P>`: PATTERN_MISMATCH `must match pattern P`
// (unquoted, as written). Go's RE2 syntax, unanchored unless the pattern anchors; the empty string
// passes. The linear-time engine lives in bindings/pattern/ and assembly/pattern.ts.
import { DirectiveError, kindError, requireValue, type DirectiveSpec } from "./directive.js";

export const regexp: DirectiveSpec = {
  names: ["regexp", "pattern"],
  build(name, value, _raw, field) {
    const source = requireValue(name, value);
    if (field.kind !== "string") throw kindError(name, field, "string");
    throw new DirectiveError(`${name}=${source}: patterns are not supported yet (the RE2 pattern engine is not built)`);
  },
};
