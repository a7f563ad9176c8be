// The validator `checker validate` uses: the model (or Validator) of the --model module with the
// options given on the command line (a UnionValidator is refused: validate reads one model).

import { ModelError } from "../errors.js";
import type { ValidatorOptions } from "../resolve.js";
import { Validator } from "../validator.js";
import { CliError } from "./errors.js";
import type { Loaded } from "./load.js";

export function makeValidator(loaded: Loaded, options: ValidatorOptions): Validator {
  if (loaded.kind === "union") {
    throw new CliError(`${loaded.name} is a UnionValidator: validate reads records of a model or a Validator (parseLines)`);
  }
  try {
    if (loaded.kind === "model") return new Validator(loaded.model, options);
    if (Object.keys(options).length === 0) return loaded.validator;
    return new Validator(loaded.validator.model, { ...loaded.validator.options, ...options });
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(`model ${e.model}: ${e.message}`);
    throw e;
  }
}
