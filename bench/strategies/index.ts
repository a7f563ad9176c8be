/** The value-building strategies bench/strategies/run.ts measures; B is what the bindings do today. */
import type { Strategy } from "./common.js";
import { generatedStrategy } from "./generated.js";
import { parseFixupStrategy } from "./parse-fixup.js";
import { tapeWalkStrategy } from "./tape-walk.js";
import { templateWalkStrategy } from "./template-walk.js";

export type { Strategy } from "./common.js";
export const strategies: readonly Strategy[] = [parseFixupStrategy, tapeWalkStrategy, generatedStrategy, templateWalkStrategy];
export const reference: Strategy = tapeWalkStrategy;
