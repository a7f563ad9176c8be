// `lte=N` on numbers: MAX_VALUE `must be at most N`.
import { comparisonDirective } from "./bounds.js";

export const lte = comparisonDirective("lte", "le");
