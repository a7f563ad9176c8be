// `lt=N` on numbers: EXCLUSIVE_MAX `must be less than N`.
import { comparisonDirective } from "./bounds.js";

export const lt = comparisonDirective("lt", "lt");
