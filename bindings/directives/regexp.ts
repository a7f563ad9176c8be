// `regexp=<P>` and its v0.1.2 alias `pattern=<P>`: PATTERN_MISMATCH `must match pattern P`
// (unquoted, as written). Go's RE2 syntax, unanchored unless the pattern anchors; the empty string
// passes. The linear-time engine: bindings/pattern/ (parser, compiler, TS reference matcher) and
// assembly/pattern.ts (the same program, run inside the evaluator pass).
import { OP_PATTERN } from "../layout.js";
import { ecmaScriptPattern } from "../pattern/ecmascript.js";
import { compilePattern, matchPattern, PatternSyntaxError, type CompiledPattern } from "../pattern/index.js";
import { UnicodeTablesNotLoaded } from "../unicode-data.js";
import { DirectiveError, kindError, requireValue, type DirectiveSpec } from "./directive.js";

export const regexp: DirectiveSpec = {
  names: ["regexp", "pattern"],
  build(name, value, raw, field) {
    const source = requireValue(name, value);
    if (field.kind !== "string") throw kindError(name, field, "string");
    let compiled: CompiledPattern;
    try {
      compiled = compilePattern(source);
    } catch (e) {
      if (e instanceof PatternSyntaxError) throw new DirectiveError(`${name}=${source}: invalid pattern: ${e.reason}`);
      if (e instanceof UnicodeTablesNotLoaded) throw new DirectiveError(`${name}=${source}: ${e.message}`);
      throw e;
    }
    return {
      phase: "value", directive: raw, code: "PATTERN_MISMATCH", message: `must match pattern ${source}`,
      schema: { pattern: ecmaScriptPattern(source) }, // (RE2 syntax is often no ECMAScript: the same language, written in it)
      scratchBytes: compiled.scratchBytes,
      wasm: (pool) => [OP_PATTERN, pool.words(compiled.program), compiled.scratchBytes, 0],
      test: (v) => (v as string) === "" || matchPattern(compiled, v as string),
    };
  },
};
