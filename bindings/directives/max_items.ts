// `maxItems=N` (the v0.1.2 spelling of max=N on arrays): MAX_ITEMS `must have at most N items`.
import { itemsDirective } from "./bounds.js";

export const maxItems = itemsDirective("maxItems");
