// The public entry of checker. Nothing else is imported by users.

export { model, t, isModel } from "./model.js";
export type { Infer, InferShape, Model, Shape, Type, ScalarKind, TypeKind } from "./model.js";
export { Validator, disassemble } from "./validator.js";
export type { Result, UnmarshalError } from "./validator.js";
export { unmarshal, safeUnmarshal, validate, safeValidate, dict, setTagName } from "./api.js";
export {
  schema, schemaJSON, schemaOpenAPI, schemaJSONOpenAPI, marshal, marshalWithOptions, newModel, safeNewModel,
} from "./api.js";
export type { JsonSchema, JsonValue } from "./schema.js";
export { MarshalError } from "./marshal.js";
export type { MarshalOptions } from "./marshal.js";
export type { NewModelError, NewModelInput } from "./new-model.js";
export { UnionValidator } from "./union.js";
export type { UnionDefinition, UnionModels, UnionValue, UnionVariant, UnionVariants, VariantModels } from "./union.js";
export { httpErrorBody } from "./http.js";
export type { HttpErrorBody, HttpErrorBodyOptions, HttpErrorKey } from "./http.js";
export { defaultValidatorOptions, getTagName } from "./resolve.js";
export type { ValidatorOptions, ExtraFieldsMode } from "./resolve.js";
export { ValidationError, JsonSyntaxError, UnmarshalTypeError, ConversionError, ModelError } from "./errors.js";
export type { FieldError } from "./errors.js";
export { init, initSync } from "./wasm.js";
export type { WasmBytes, WasmSource } from "./wasm.js";
export { loadUnicodeTables } from "./unicode-data.js";
export type { UnicodeRanges } from "./unicode-data.js";
export type { CheckerStandard, StandardSchemaV1 } from "./standard-schema.js";
export { StreamParser } from "./stream.js";
export { UnionStreamParser } from "./union-stream.js";
export type { UnionStreamResult, VariantStreamResult } from "./union-stream.js";
export { parseStream, parseUnionStream, parseLines } from "./sources.js";
export type { ChunkSource, ParseStreamOptions, StreamReadOptions, LineResult } from "./sources.js";
export type { StreamResult, StreamState, StreamError, StreamFieldError, DeepPartial } from "./stream.js";

/** ExtraFieldsMode values (the spec's ExtraIgnore / ExtraForbid / ExtraAllow). */
export const extraIgnore = "ignore" as const;
export const extraForbid = "forbid" as const;
export const extraAllow = "allow" as const;
