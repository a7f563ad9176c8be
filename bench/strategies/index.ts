/** The value-building strategies bench/strategies/run.ts measures; B is what the bindings do. */
import type { Strategy } from "./common.js";
import { generatedStrategy } from "./generated.js";
import { genericWalkStrategy, templateWalkStrategy } from "./generic-walk.js";
import { parseFixupStrategy } from "./parse-fixup.js";
import { bindingsStrategy } from "./bindings.js";

export type { Strategy } from "./common.js";
export const strategies: readonly Strategy[] = [
  parseFixupStrategy,
  bindingsStrategy,
  generatedStrategy,
  templateWalkStrategy,
  genericWalkStrategy,
];
/** What the others are checked against. */
export const reference: Strategy = bindingsStrategy;
