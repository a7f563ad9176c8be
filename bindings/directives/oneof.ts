// `oneof=a b c`: INVALID_ENUM `must be one of: a, b, c`. Values are space-separated; a number or
// bool matches when its Go text (FormatInt / FormatFloat 'f' -1 / FormatBool) is one of them.
import { OP_ONEOF_BOOL, OP_ONEOF_NUM, OP_ONEOF_STR } from "../layout.js";
import { goFields } from "../tags.js";
import { kindError, requireValue, type DirectiveSpec } from "./directive.js";
import { formatGo, goString, numberWithGoText } from "./go-format.js";

export const oneof: DirectiveSpec = {
  names: ["oneof"],
  build(name, value, raw, field) {
    const values = goFields(requireValue(name, value));
    const message = `must be one of: ${values.join(", ")}`;
    const base = { phase: "value" as const, directive: raw, code: "INVALID_ENUM", message };
    switch (field.kind) {
      case "string": {
        // compared as Go strings (a lone surrogate, in the value or in the tag, is U+FFFD)
        const texts = values.map(goString);
        return {
          ...base, schema: { enum: values },
          wasm: (pool) => [OP_ONEOF_STR, pool.strings(values), values.length, 0],
          test: (v: unknown) => texts.includes(goString(v as string)),
        };
      }
      case "number": {
        const nums = values.map(numberWithGoText).filter((n): n is number => n !== undefined);
        return {
          ...base, schema: { enum: nums },
          wasm: (pool) => [OP_ONEOF_NUM, pool.numbers(nums), nums.length, 0],
          test: (v: unknown) => values.includes(formatGo(v)),
        };
      }
      case "bool": {
        const mask = (values.includes("false") ? 1 : 0) | (values.includes("true") ? 2 : 0);
        return {
          ...base, schema: { enum: [false, true].filter((b, i) => (mask >> i) & 1) },
          wasm: () => [OP_ONEOF_BOOL, mask, 0, 0],
          test: (v: unknown) => values.includes(formatGo(v)),
        };
      }
      default:
        throw kindError(name, field, "string, number or bool");
    }
  },
};
