// `min=N`: strings MIN_LENGTH `must be at least N characters` (code points), numbers MIN_VALUE
// `must be at least N`, lists and maps MIN_ITEMS `must have at least N items`.
import { boundDirective } from "./bounds.js";

export const min = boundDirective("min");
