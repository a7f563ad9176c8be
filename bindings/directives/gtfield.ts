// `gtfield=F`: MUST_BE_GT_FIELD `must be greater than field F`; numbers, strings (code point
// order) or times; skipped when either side is null. Runs when the object closes.
import { fieldComparison } from "./cross-field.js";

export const gtfield = fieldComparison("gtfield");
