// `gt=N` on numbers: EXCLUSIVE_MIN `must be greater than N`.
import { comparisonDirective } from "./bounds.js";

export const gt = comparisonDirective("gt", "gt");
