// The Simple API: global functions with default options and one cached validator per model
// (exactly as if `new Validator(Model)` had been called). Changing the global tag name starts a
// new cache, since the tag name decides which directives a model has.

import { checkModel, type Infer, type Model } from "./model.js";
import { getTagName, setTagName as setGlobalTagName } from "./resolve.js";
import { Validator, type Result, type UnmarshalError } from "./validator.js";
import type { ValidationError } from "./errors.js";
import type { JsonSchema } from "./schema.js";
import type { MarshalOptions } from "./marshal.js";
import type { NewModelError, NewModelInput } from "./new-model.js";
import { setModelValidator } from "./standard-schema.js";

let cache = new WeakMap<Model, Validator>();
let cacheTag = getTagName();

/** @internal The validator the simple API uses for a model (default options, the tag name now), made once. */
export function validatorOf<M extends Model>(model: M, call: string): Validator<M> {
  if (cacheTag !== getTagName()) {
    cache = new WeakMap();
    cacheTag = getTagName();
  }
  let v = cache.get(model);
  if (!v) {
    checkModel(model, call);
    v = new Validator(model);
    cache.set(model, v);
  }
  return v as Validator<M>;
}

/**
 * The simple API always uses the default options: options given after the arguments a call takes
 * (`unmarshal(User, text, { extraFields: "forbid" })`) are a TypeError, never dropped. (Only an
 * object: `texts.map(unmarshal.bind(null, User))` passes an index and the array there.)
 */
function noOptions(call: string, third: unknown, second: string): void {
  if (typeof third !== "object" || third === null || Array.isArray(third)) return;
  const instead = call === "marshal" ? "marshalWithOptions(model, value, options)" : `new Validator(model, options).${call}(${second})`;
  throw new TypeError(`checker: ${call}(model, ${second}) takes no options (the simple API uses the defaults): write ${instead}`);
}

// a model's `~standard` validates with this same cached validator
setModelValidator((model) => validatorOf(model, "~standard.validate"));

export function unmarshal<M extends Model>(model: M, data: string | Uint8Array): Infer<M> {
  noOptions("unmarshal", arguments[2], "data");
  return validatorOf(model, "unmarshal").unmarshal(data);
}

export function safeUnmarshal<M extends Model>(model: M, data: string | Uint8Array): Result<Infer<M>, UnmarshalError> {
  noOptions("safeUnmarshal", arguments[2], "data");
  return validatorOf(model, "safeUnmarshal").safeUnmarshal(data);
}

export function validate<M extends Model>(model: M, value: Infer<M>): void {
  noOptions("validate", arguments[2], "value");
  validatorOf(model, "validate").validate(value);
}

export function safeValidate<M extends Model>(model: M, value: Infer<M>): Result<Infer<M>, ValidationError> {
  noOptions("safeValidate", arguments[2], "value");
  return validatorOf(model, "safeValidate").safeValidate(value);
}

/** Change the default tag name ("" restores `checker`). */
export function setTagName(name: string): void {
  setGlobalTagName(name);
}

export function dict<M extends Model>(model: M, value: Infer<M>): Record<string, unknown> {
  noOptions("dict", arguments[2], "value");
  return validatorOf(model, "dict").dict(value);
}

export function schema<M extends Model>(model: M): JsonSchema {
  return validatorOf(model, "schema").schema();
}

export function schemaJSON<M extends Model>(model: M): Uint8Array {
  return validatorOf(model, "schemaJSON").schemaJSON();
}

export function schemaOpenAPI<M extends Model>(model: M): JsonSchema {
  return validatorOf(model, "schemaOpenAPI").schemaOpenAPI();
}

export function schemaJSONOpenAPI<M extends Model>(model: M): Uint8Array {
  return validatorOf(model, "schemaJSONOpenAPI").schemaJSONOpenAPI();
}

export function marshal<M extends Model>(model: M, value: Infer<M>): Uint8Array {
  noOptions("marshal", arguments[2], "value");
  return validatorOf(model, "marshal").marshal(value);
}

export function marshalWithOptions<M extends Model>(model: M, value: Infer<M>, options: MarshalOptions): Uint8Array {
  return validatorOf(model, "marshalWithOptions").marshalWithOptions(value, options);
}

export function newModel<M extends Model>(model: M, input: NewModelInput<M>): Infer<M> {
  noOptions("newModel", arguments[2], "input");
  return validatorOf(model, "newModel").newModel(input);
}

export function safeNewModel<M extends Model>(model: M, input: NewModelInput<M>): Result<Infer<M>, NewModelError> {
  noOptions("safeNewModel", arguments[2], "input");
  return validatorOf(model, "safeNewModel").safeNewModel(input);
}
