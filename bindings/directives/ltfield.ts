// `ltfield=F`: MUST_BE_LT_FIELD `must be less than field F`; numbers, strings (code point order)
// or times; skipped when either side is null. Runs when the object closes.
import { fieldComparison } from "./cross-field.js";

export const ltfield = fieldComparison("ltfield");
