// `required_if=F V` (v2.1.3) or `required_if=F:V` (v0.1.x): REQUIRED_IF `field is required when
// F is V`. The condition holds when F's Go text (FormatInt/FormatFloat/FormatBool, or the string)
// equals V; the field then fails when it is zero.
import { OP_REQUIRED_IF } from "../layout.js";
import { goTrimSpace } from "../tags.js";
import { DirectiveError, requireValue, type DirectiveSpec } from "./directive.js";
import { isZero, otherField, zeroOf } from "./cross-field.js";
import { formatGo, goString, numberWithGoText } from "./go-format.js";

/** Pool reference meaning "the condition can never hold". */
export const NEVER = 0xffffffff;

export const requiredIf: DirectiveSpec = {
  names: ["required_if"],
  build(name, value, raw, field) {
    const text = goTrimSpace(requireValue(name, value));
    // F and V are split at the first space or colon, whichever comes first (`F:on hold`, `F 12:30`);
    // a field whose name holds the other separator is found by trying it next
    const seps = [text.indexOf(" "), text.indexOf(":")].filter((i) => i > 0).sort((a, b) => a - b);
    if (seps.length === 0) throw new DirectiveError(`${name}=${text}: expected ${name}=<Field> <Value>`);
    const sep = seps.find((i) => field.sibling(text.slice(0, i)) !== undefined) ?? seps[0];
    const target = text.slice(0, sep);
    const expected = goTrimSpace(text.slice(sep + 1));
    const other = otherField(name, target, field);
    const expectedText = goString(expected); // (formatGo gives a string's Go string too)
    if (other.kind !== "string" && other.kind !== "number" && other.kind !== "bool") {
      throw new DirectiveError(`${name}=${text}: ${target} must be a string, number or bool field`);
    }
    return {
      phase: "object", directive: raw, code: "REQUIRED_IF", message: `field is required when ${target} is ${expected}`, other,
      wasm: (pool) => {
        if (other.kind === "string") {
          const s = pool.utf8(expected);
          return [OP_REQUIRED_IF, other.slot, s.offset, s.length];
        }
        if (other.kind === "bool") {
          return [OP_REQUIRED_IF, other.slot, expected === "true" ? 1 : expected === "false" ? 0 : NEVER, 0];
        }
        const n = numberWithGoText(expected);
        return [OP_REQUIRED_IF, other.slot, n === undefined ? NEVER : pool.number(n), 0];
      },
      // a missing condition field takes its zero value, whose text is "", "0" or "false"
      test: (self, o) => {
        const otherText = formatGo(o === undefined || o === null ? zeroOf(other.kind) : o);
        return otherText !== expectedText || !isZero(self, field.kind);
      },
    };
  },
};
