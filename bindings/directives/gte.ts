// `gte=N` on numbers: MIN_VALUE `must be at least N`.
import { comparisonDirective } from "./bounds.js";

export const gte = comparisonDirective("gte", "ge");
