// What `checker validate` checks records with: the model, Validator or UnionValidator of the
// --model module, with the validator options given on the command line (over a Validator's or a
// union's own).

import { ModelError } from "../errors.js";
import type { ValidatorOptions } from "../resolve.js";
import { UnionValidator } from "../union.js";
import { Validator } from "../validator.js";
import { CliError } from "./errors.js";
import type { Loaded } from "./load.js";
import { modelChecker, unionChecker, type RecordChecker } from "./record-checker.js";

export function makeChecker(loaded: Loaded, options: ValidatorOptions): RecordChecker<unknown> {
  const given = Object.keys(options).length > 0;
  try {
    if (loaded.kind === "model") return modelChecker(new Validator(loaded.model, options));
    if (loaded.kind === "validator") return modelChecker(given ? new Validator(loaded.validator.model, { ...loaded.validator.options, ...options }) : loaded.validator);
    return unionChecker(given ? withOptions(loaded.union, options) : loaded.union);
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(`model ${e.model}: ${e.message}`);
    throw e;
  }
}

/** The same union with these options over its own (which every variant has). */
function withOptions(u: UnionValidator, options: ValidatorOptions): UnionValidator {
  const variants = u.values.map((value) => ({ value, model: u.variant(value)!.model }));
  return new UnionValidator({ discriminator: u.discriminator, variants }, { ...u.variant(u.values[0])!.options, ...options });
}
