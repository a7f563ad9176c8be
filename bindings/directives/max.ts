// `max=N`: strings MAX_LENGTH `must be at most N characters` (code points), numbers MAX_VALUE
// `must be at most N`, lists and maps MAX_ITEMS `must have at most N items`.
import { boundDirective } from "./bounds.js";

export const max = boundDirective("max");
