// The union validator of the spec (NewUnion / Unmarshal): a JSON object whose discriminator key
// names the variant model it is read as.
//
//   const Pet = new UnionValidator({ discriminator: "pet_type", variants: [
//     { value: "cat", model: Cat }, { value: "dog", model: Dog }] });
//   const { variant, value } = Pet.unmarshal(bytes); // variant "cat" | "dog"
//
// `variants` may also be a record `{ cat: Cat, dog: Dog }`. `options` are ValidatorOptions for
// every variant (default: the defaults). Each variant has its own Validator that reads the
// discriminator key of the document's own object and skips it (never an unknown key, even under
// forbid; in a nested object of a model that recurs, it is a key like any other).
//
// unmarshal reads a document twice, both times in the WASM core: a probe validator (one `any`
// field under the discriminator's name, lax options) finds the discriminator's value and reports
// malformed JSON (JsonSyntaxError) and a document that is not an object (UnmarshalTypeError);
// then the variant's validator reads the document. The discriminator missing or null is
// `{ field: <discriminator>, code: "REQUIRED", message: "field is required", value: null }`; any
// other value that names no variant (compared exactly: case, type) is `{ field: <discriminator>,
// code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog", value }` (variants in
// declaration order).

import { bindMethods } from "./bind-methods.js";
import { ModelError, ValidationError, withoutStack, withStack, type FieldError } from "./errors.js";
import { argumentKind, isModel, model, t, type Infer, type Model } from "./model.js";
import type { ValidatorOptions } from "./resolve.js";
import { buildUnionSchema, SchemaCache, type JsonSchema } from "./schema.js";
import { checkOptions, Validator, type Result } from "./validator.js";
import { unionStandard, type CheckerStandard } from "./standard-schema.js";
import { jsonInput } from "./text-store.js";

/** One variant: the discriminator value that selects it and its model. */
export interface UnionVariant<K extends string = string, M extends Model = Model> {
  readonly value: K;
  readonly model: M;
}

/** Variant models by discriminator value (the record shorthand). */
export type VariantModels = { readonly [value: string]: Model };

/** The variants of a union: a list of `{ value, model }`, or a record `{ value: model }`. */
export type UnionVariants = readonly UnionVariant[] | VariantModels;

/** The definition of a union: its discriminator key and its variants. */
export interface UnionDefinition<A extends UnionVariants = UnionVariants> {
  readonly discriminator: string;
  readonly variants: A;
}

/** Variant models by discriminator value, from either form of `variants`. */
export type UnionModels<A extends UnionVariants> = A extends readonly UnionVariant[]
  ? { [E in A[number] as E["value"]]: E["model"] }
  : A;

/** A value read by a union: the variant's discriminator value and the variant's typed value. */
export type UnionValue<V extends VariantModels = VariantModels> = {
  [K in Extract<keyof V, string>]: { variant: K; value: Infer<V[K]> };
}[Extract<keyof V, string>];

export const PROBE_KEY = "discriminator";

function unionError(message: string, modelName = "union"): ModelError {
  return new ModelError(message, modelName);
}

function variantList(v: unknown): UnionVariant[] {
  if (Array.isArray(v)) return v as UnionVariant[];
  if (typeof v === "object" && v !== null) return Object.entries(v as VariantModels).map(([value, m]) => ({ value, model: m }));
  return [];
}

/** Where an item of a variants list is a model itself, how to write it. */
function variantHint(variant: unknown): string {
  return isModel(variant) ? `: an item of variants is a model (${variant.name}); write { value: "...", model: ${variant.name} }` : "";
}

/** What a variant gave instead of a model (nothing to add when it gave nothing). */
function modelHint(variant: UnionVariant): string {
  if (variant.model === undefined) return "";
  const kind = argumentKind(variant.model);
  const fix = kind === "a Validator" ? " (pass its model: validator.model)" : "";
  return ` (${JSON.stringify(variant.value)}: got ${kind}${fix})`;
}

/**
 * A definition holds `discriminator` and `variants` only: any other key is a ModelError, never
 * silently ignored (validator options written into it would leave every limit at its default).
 */
function checkDefinitionKeys(definition: object): void {
  for (const key of Object.keys(definition)) {
    if (key === "discriminator" || key === "variants") continue;
    const hint = key === "options" ? " (validator options are the second argument: new UnionValidator(definition, options))" : "";
    throw unionError(`unknown key ${JSON.stringify(key)} in the union definition (discriminator, variants)${hint}`);
  }
}

/** Go string-literal escaping for a tag value. */
function tagQuote(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/\r/g, "\\r");
}

export class UnionValidator<const A extends UnionVariants = UnionVariants, V extends VariantModels = UnionModels<A>> {
  readonly discriminator: string;
  /** Discriminator values in declaration order. */
  readonly values: readonly string[];
  private readonly validators = new Map<string, Validator>();
  /** @internal The probe that reads only the discriminator (used by UnionStreamParser too). */
  readonly probe: Validator;
  private readonly schemas: SchemaCache;
  private readonly oneOfMessage: string;
  /** Standard Schema v1 (bindings/standard-schema.ts): validate(object) reads it as the variant its discriminator names. */
  readonly "~standard": CheckerStandard<Record<string, unknown>, UnionValue<V>> = unionStandard<V>(() => this);

  /** Throws ModelError for a mistake in the definition or in a variant model. */
  constructor(definition: UnionDefinition<A>, options: ValidatorOptions = {}) {
    if (typeof definition !== "object" || definition === null || Array.isArray(definition)) {
      throw unionError(`the union definition must be an object, { discriminator, variants }, got ${argumentKind(definition)}`);
    }
    const discriminator = definition.discriminator;
    if (typeof discriminator !== "string" || discriminator === "") throw unionError("discriminator field is required");
    checkDefinitionKeys(definition);
    if (discriminator.includes(",")) throw unionError(`discriminator field ${JSON.stringify(discriminator)} cannot contain a comma`);
    const variants = variantList(definition.variants);
    if (variants.length === 0) throw unionError("at least one variant is required");
    const byModel = new Map<Model, Validator>();
    // (read once, so every variant and the probe have the same options)
    let given: ValidatorOptions | undefined;
    for (const variant of variants) {
      if (typeof variant?.value !== "string" || variant.value === "") throw unionError(`variant discriminator value cannot be empty${variantHint(variant)}`);
      if (!isModel(variant.model)) throw unionError(`variant model is required${modelHint(variant)}`);
      if (this.validators.has(variant.value)) throw unionError(`duplicate discriminator value: ${variant.value}`, variant.model.name);
      let v = byModel.get(variant.model);
      if (!v) {
        given ??= checkOptions(options, variant.model);
        v = new Validator(variant.model, given, { ignoredKeys: [discriminator] });
        byModel.set(variant.model, v);
      }
      this.validators.set(variant.value, v);
    }
    this.discriminator = discriminator;
    this.values = [...this.validators.keys()];
    this.oneOfMessage = `must be one of: ${this.values.join(", ")}`;
    // json:"-" would mean "skip"; Go spells the name "-" as json:"-,"
    const name = discriminator === "-" ? "-," : tagQuote(discriminator);
    // (named after the variants' models: a document that is not an object is an UnmarshalTypeError
    // "... into the document of type Cat | Dog")
    const probeName = [...new Set(variants.map((x) => x.model.name))].join(" | ");
    const probe = model(probeName, { [PROBE_KEY]: t.any(`json:"${name}"`) });
    this.probe = new Validator(probe, { ...given, strictMissingFields: false, extraFields: "ignore", tagName: "" });
    this.schemas = new SchemaCache((dialect) => buildUnionSchema(
      discriminator,
      this.values.map((value) => ({ value, resolved: this.validators.get(value)!.program.resolved })),
      dialect,
    ));
    bindMethods<UnionValidator<A, V>>(this, ["variant", "unmarshal", "safeUnmarshal", "validate", "safeValidate", "discriminatorError", "schema", "schemaJSON", "schemaOpenAPI", "schemaJSONOpenAPI"]);
  }

  /**
   * The validator of one variant: defined for a value the union's type names; `| undefined` only
   * where any string is a value (a union typed with VariantModels), since one may name none.
   */
  variant<K extends Extract<keyof V, string>>(value: K): string extends Extract<keyof V, string> ? Validator<V[K]> | undefined : Validator<V[K]> {
    return this.validators.get(value) as Validator<V[K]>;
  }

  /** Read a document as the variant its discriminator names; throws JsonSyntaxError, UnmarshalTypeError or ValidationError. */
  unmarshal(data: string | Uint8Array): UnionValue<V> {
    const r = this.safeUnmarshal(data);
    if (!r.ok) throw withStack(r.error, UnionValidator.prototype.unmarshal);
    return r.value;
  }

  safeUnmarshal(given: string | Uint8Array): Result<UnionValue<V>> {
    const data = jsonInput(given, "unmarshal");
    const named = this.variantOfText(data);
    if (!named.ok) return named;
    const { variant, validator } = named.value;
    const r = validator.safeUnmarshal(data);
    return r.ok ? { ok: true, value: { variant, value: r.value } as UnionValue<V> } : r;
  }

  /**
   * @internal The variant a document's discriminator names, read by the probe: its value and
   * Validator, or the probe's error (malformed JSON, not an object) or the discriminator's.
   */
  variantOfText(data: string | Uint8Array): Result<{ variant: string; validator: Validator }> {
    const probed = this.probe.safeUnmarshal(data);
    if (!probed.ok) return probed;
    return this.variantOfValue((probed.value as Record<string, unknown>)[PROBE_KEY]);
  }

  /** @internal The variant a discriminator value names, else the discriminator's error. */
  variantOfValue(found: unknown): Result<{ variant: string; validator: Validator }> {
    const v = typeof found === "string" ? this.validators.get(found) : undefined;
    return v === undefined ? { ok: false, error: this.discriminatorError(found) } : { ok: true, value: { variant: found as string, validator: v } };
  }

  /** Validate a typed value as its variant (what unmarshal returns); throws ValidationError. */
  validate(item: UnionValue<V>): void {
    const r = this.safeValidate(item);
    if (!r.ok) throw withStack(r.error, UnionValidator.prototype.validate);
  }

  safeValidate(item: UnionValue<V>): Result<UnionValue<V>, ValidationError> {
    // not what unmarshal returns: validate's error is still a ValidationError, never a TypeError; an
    // object with neither key (the document itself, { pet_type: "cat", ... }) is no { variant, value }
    // either (it was REQUIRED at the discriminator, which the document has)
    if (typeof item !== "object" || item === null || (!("variant" in item) && !("value" in item))) {
      const value = typeof item === "string" || typeof item === "number" || typeof item === "boolean" ? item : null;
      return { ok: false, error: withoutStack(() => new ValidationError([{ field: "", code: "INVALID_TYPE", message: "must be of type { variant, value }", value }])) };
    }
    const v = this.validators.get(item.variant);
    if (v === undefined) return { ok: false, error: this.discriminatorError(item.variant) };
    const r = v.safeValidate(item.value as never);
    return r.ok ? { ok: true, value: item } : r;
  }

  /** @internal The error for a discriminator that names no variant (null/undefined: missing), made without a stack trace (a value). */
  discriminatorError(found: unknown): ValidationError {
    const e: FieldError = found === null || found === undefined
      ? { field: this.discriminator, code: "REQUIRED", message: "field is required", value: null }
      : { field: this.discriminator, code: "INVALID_DISCRIMINATOR", message: this.oneOfMessage, value: found };
    return withoutStack(() => new ValidationError([e]));
  }

  /** JSON Schema 2020-12: oneOf the variants with an OpenAPI-style discriminator mapping (cached, frozen). */
  schema(): JsonSchema {
    return this.schemas.schema("json-schema");
  }

  schemaJSON(): Uint8Array {
    return this.schemas.json("json-schema");
  }

  /** OpenAPI 3.1 component schema of the union (nested models in $defs). */
  schemaOpenAPI(): JsonSchema {
    return this.schemas.schema("openapi");
  }

  schemaJSONOpenAPI(): Uint8Array {
    return this.schemas.json("openapi");
  }
}


