// `minItems=N` (the v0.1.2 spelling of min=N on arrays): MIN_ITEMS `must have at least N items`.
import { itemsDirective } from "./bounds.js";

export const minItems = itemsDirective("minItems");
