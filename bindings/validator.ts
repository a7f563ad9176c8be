// The Validator API: New[T](opts) and its methods. A validator resolves and compiles its model
// once, copies the program into WASM memory once, and reuses the shared session for every call.

import { compile, type Program } from "./compile.js";
import { getEngine, loadProgram, type LoadedProgram } from "./engine.js";
import { JsonSyntaxError, ModelError, UnmarshalTypeError, ValidationError, withoutStack, type FieldError } from "./errors.js";
import * as L from "./layout.js";
import { checkModel, isModel, wrongArgument, type Infer, type Model } from "./model.js";
import { referenceValidate } from "./reference.js";
import { surelyValid } from "./reference-generated.js";
import { objectToJsonForm } from "./json-form.js";
import { resolve, type InternalOptions, type ResolvedOptions, type ValidatorOptions } from "./resolve.js";
import { documentTooLarge, renderErrors, syntaxError, typeError, typeErrorParts, type TypeErrorParts } from "./render.js";
import { TapeReader } from "./build.js";
import { disassembleProgram } from "./disassemble.js";
import { generatedBuilder, type TapeBuilder } from "./build-generated.js";
import { modelReadsText } from "./tape-text.js";
import { sharedSession, type Session, type SessionLimits } from "./session.js";
import { schemaCacheOf, type JsonSchema } from "./schema.js";
import { marshalWith, type MarshalOptions } from "./marshal.js";
import { newModelWith, safeNewModelWith, type NewModelError, type NewModelInput } from "./new-model.js";
import { validatorStandard, type CheckerStandard } from "./standard-schema.js";
import { jsonInput, kindOf, utf8Decoder } from "./text-store.js";
import { bindMethods } from "./bind-methods.js";

export type UnmarshalError = ValidationError | JsonSyntaxError | UnmarshalTypeError;

export type Result<T, E = UnmarshalError> = { ok: true; value: T } | { ok: false; error: E };

const decoder = utf8Decoder();
const OK = -1;
const TOO_LARGE = -2;

/** The largest maxErrors or maxDocumentBytes (the core's 32-bit counters). */
const LIMIT_MAX = 0xffffffff;

/**
 * The largest maxDepth (its default): validate, newModel, marshal and dict walk a value by
 * recursion, and a recursive model's value some 1,900 levels deep overflows Node's call stack;
 * a larger maxDepth would let a hostile value through to a RangeError.
 */
const MAX_DEPTH = 1000;

/** Why a limit may be no larger, for the error. */
function limitMax(key: string): string {
  return key === "maxDepth" ? `${MAX_DEPTH}: a value nested deeper would overflow the JavaScript call stack in validate, newModel, marshal or dict` : String(LIMIT_MAX);
}

/** What each option takes, for a plain JavaScript caller's mistakes. */
const OPTION_KINDS: Readonly<Record<keyof ValidatorOptions, "boolean" | "string" | "limit">> = {
  strictMissingFields: "boolean", extraFields: "string", tagName: "string", maxErrors: "limit", maxDepth: "limit", maxDocumentBytes: "limit",
};

/** The names of the validator options, for the lists of known options in messages. */
export const VALIDATOR_OPTION_NAMES: readonly string[] = Object.keys(OPTION_KINDS);

/**
 * Options of the wrong shape are ModelErrors at creation, never silently ignored: not an object
 * (a Map or a Set holds its entries where no option is read), an unknown key (a misspelled
 * option), a value of the wrong type, a limit out of range. Gives the options as read, once: a
 * getter read again later could give a value these checks never saw (maxDepth past its limit).
 */
export function checkOptions(options: unknown, model: unknown): ValidatorOptions {
  const name = isModel(model) ? model.name : "";
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new ModelError(`validator options must be an object, got ${kindOf(options)}`, name);
  }
  if (options instanceof Map || options instanceof Set) {
    throw new ModelError(`validator options must be a plain object, got a ${options instanceof Map ? "Map" : "Set"}`, name);
  }
  const own: Record<string, unknown> = Object.fromEntries(Object.entries(options));
  for (const [key, value] of Object.entries(own)) {
    if (!Object.hasOwn(OPTION_KINDS, key)) {
      const reading = key === "signal" || key === "abortOnError" ? `; ${key} is an option of parseStream, parseLines and parseUnionStream` : "";
      throw new ModelError(`unknown option ${JSON.stringify(key)} (${Object.keys(OPTION_KINDS).join(", ")}${reading})`, name);
    }
    if (value === undefined) continue;
    const kind = OPTION_KINDS[key as keyof ValidatorOptions];
    // (the core counts in 32 bits: a larger limit would wrap around, NaN would turn a limit off)
    if (kind === "limit" && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= (key === "maxDepth" ? MAX_DEPTH : LIMIT_MAX))) {
      throw new ModelError(`${key} must be a positive integer (at most ${limitMax(key)}), got ${typeof value === "string" ? JSON.stringify(value) : String(value)}`, name);
    }
    if (kind !== "limit" && typeof value !== kind) throw new ModelError(`${key} must be a ${kind}, got ${kindOf(value)}`, name);
  }
  return own as ValidatorOptions;
}

export class Validator<M extends Model = Model> {
  readonly model: M;
  /** The options in force (every one set; frozen: they are fixed when the validator is made). */
  readonly options: Readonly<ResolvedOptions>;
  /** @internal */ readonly program: Program;
  /** @internal */ readonly loaded: LoadedProgram;
  /** The generated value builder (null where code generation is not allowed; made on first use). */
  private builder: TapeBuilder | null | undefined;
  /** Does the value built read the source text (else UTF-8 input is not decoded to build it)? */
  private readsText: boolean | undefined;
  /** Standard Schema v1 (bindings/standard-schema.ts): validate(value) is safeNewModel(value) with this validator's options. */
  readonly "~standard": CheckerStandard<Infer<M>, Infer<M>> = validatorStandard(() => this);

  /** A validator of a model under these options (defaultValidatorOptions() for those not given). */
  constructor(model: M, options?: ValidatorOptions);
  /** @internal `internal` is for the library's own use (union variants); not in the public types. */
  constructor(model: M, options: ValidatorOptions, internal: InternalOptions);
  constructor(model: M, options: ValidatorOptions = {}, internal: InternalOptions = {}) {
    checkModel(model, "new Validator");
    const given = checkOptions(options, model);
    this.model = model;
    const resolved = resolve(model, given, internal);
    this.options = resolved.options;
    this.program = compile(resolved);
    this.loaded = loadProgram(this.program.words, this);
    bindMethods<Validator<M>>(this, [
      "unmarshal", "safeUnmarshal", "validate", "safeValidate", "dict", "schema", "schemaJSON", "schemaOpenAPI", "schemaJSONOpenAPI",
      "marshal", "marshalWithOptions", "newModel", "safeNewModel",
    ]);
  }

  /** Parse and validate JSON; throws JsonSyntaxError, UnmarshalTypeError or ValidationError. */
  unmarshal(given: string | Uint8Array): Infer<M> {
    const data = jsonInput(given, "unmarshal");
    const status = this.run(data);
    if (status === OK) return this.build(sharedSession(), data) as Infer<M>;
    throw this.failure(status, data);
  }

  /** unmarshal without throwing (and without a stack trace on the error: it is a value here). */
  safeUnmarshal(given: string | Uint8Array): Result<Infer<M>> {
    const data = jsonInput(given, "unmarshal");
    const status = this.run(data);
    if (status === OK) return { ok: true, value: this.build(sharedSession(), data) as Infer<M> };
    return { ok: false, error: withoutStack(() => this.failure(status, data)) };
  }

  /**
   * @internal safeUnmarshal of JSON text the library wrote itself (newModel's round trip): well
   * formed by construction, so a type mismatch needs no syntax check of the whole text, and it
   * comes as its parts (newModel reports it as a ConversionError: one error made, not two).
   */
  safeUnmarshalOwnText(text: string): Result<Infer<M>> | { ok: false; mistyped: TypeErrorParts } | { ok: false; errors: FieldError[] } {
    const status = this.run(text, false);
    if (status === OK) return { ok: true, value: this.build(sharedSession(), text) as Infer<M> };
    if (status === L.ST_TYPE) return { ok: false, mistyped: typeErrorParts(this.program, sharedSession()) };
    // (the errors as they are: ~standard.validate makes issues of them, with no Error between)
    if (status === L.ST_DONE) return { ok: false, errors: renderErrors(this.program, sharedSession()) };
    return { ok: false, error: withoutStack(() => this.failure(status, text)) };
  }

  /**
   * Run the core over a whole document (checked by jsonInput) in the shared session; OK or an
   * ST_* failure status. `checkSyntax`: after a type mismatch the core reads the rest of the
   * document for its syntax (ST_SYNTAX wins over ST_TYPE); text the library wrote needs no check.
   */
  private run(data: string | Uint8Array, checkSyntax = true): number {
    const s = sharedSession();
    const max = this.options.maxDocumentBytes;
    // a string has at least as many UTF-8 bytes as UTF-16 units: count its bytes once written
    if (data.length > max) return TOO_LARGE;
    this.begin(s, this.options, checkSyntax);
    if (s.append(data) > max) return TOO_LARGE;
    let status = s.run(true);
    for (let room = this.options.maxErrors; status === L.ST_DONE && s.errorsLost() && room < this.options.maxErrors + s.get(L.S_ERR_RETRACTED);) {
      room = this.options.maxErrors + s.get(L.S_ERR_RETRACTED);
      this.begin(s, { ...this.options, maxErrors: room }, checkSyntax);
      s.append(data);
      status = s.run(true);
    }
    return status === L.ST_DONE && s.get(L.S_ERR_COUNT) === 0 ? OK : status;
  }

  private begin(s: Session, limits: SessionLimits, checkSyntax: boolean): void {
    s.begin(this.loaded.address, limits);
    if (checkSyntax) s.set(L.S_FLAGS, s.get(L.S_FLAGS) | L.SF_SYNTAX_AFTER_TYPE);
  }

  /** The error of a document run() rejected (the session still holds its records). */
  private failure(status: number, data: string | Uint8Array): UnmarshalError {
    const s = sharedSession();
    switch (status) {
      case TOO_LARGE: {
        // (the position needs the first max bytes only: a string is encoded no further than that)
        const max = this.options.maxDocumentBytes;
        return documentTooLarge(typeof data === "string" ? new TextEncoder().encode(data.slice(0, max + 1)) : data, max);
      }
      case L.ST_DONE: return new ValidationError(renderErrors(this.program, s));
      // the whole document is well-formed (run() read it to its end): its types matter (as Go's Unmarshal)
      case L.ST_TYPE: return typeError(this.program, s);
      default: return syntaxError(s);
    }
  }

  /** The typed value of a document the core accepted. */
  private build(s: Session, data: string | Uint8Array): unknown {
    const heap = getEngine().heap;
    this.readsText ??= modelReadsText(this.program.resolved.root);
    const src = typeof data === "string" ? data : this.readsText ? decoder.decode(data) : "";
    const base = s.get(L.S_TAPE) >>> 2;
    if (this.builder === undefined) this.builder = generatedBuilder(this.program.resolved.root) ?? null;
    if (this.builder) {
      try {
        return this.builder(heap.u32, heap.f64, base, src);
      } catch (e) {
        // a generated reader's frame holds a local per field: a wide model nested a thousand
        // levels deep (maxDepth allows it) overflowed the stack, where the generic walk's smaller
        // frames do not; the tape is only read, so the walk reads it again from the start
        if (!isStackOverflow(e)) throw e;
      }
    }
    return new TapeReader(heap.u32, heap.f64, base, src).value({ kind: "model", model: this.program.resolved.root });
  }

  /** Validate a typed value; throws ValidationError. */
  validate(value: Infer<M>): void {
    const errors = this.check(value);
    if (errors) throw new ValidationError(errors);
  }

  safeValidate(value: Infer<M>): Result<Infer<M>, ValidationError> {
    const errors = this.check(value);
    return errors ? { ok: false, error: withoutStack(() => new ValidationError(errors)) } : { ok: true, value };
  }

  /** @internal validate()'s errors of a typed value (undefined: none), with no Error made. */
  check(value: Infer<M>): FieldError[] | undefined {
    // (most values pass: a test generated per model says so without the walk that makes errors)
    if (surelyValid(this.program.resolved.root, value, this.options.maxDepth)) return undefined;
    return this.errorsOf(value);
  }

  /** @internal check() without its pass test first: for a value known to fail one (newModel's failing copy). */
  errorsOf(value: Infer<M>): FieldError[] | undefined {
    const errors = referenceValidate(this.program.resolved.root, value, this.options.maxDepth);
    if (errors.length === 0) return undefined;
    const max = this.options.maxErrors;
    if (errors.length > max) {
      errors.length = max;
      errors.push({ field: "", code: "TOO_MANY_ERRORS", message: `too many errors: stopped after ${max}`, value: null });
    }
    return errors;
  }

  /** The value as a plain object with JSON names (nested models as objects, extras merged). */
  dict(value: Infer<M>): Record<string, unknown> {
    // (a value that is no object was given back as it was, typed as a Record)
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new TypeError(`checker: dict takes a value of model ${this.model.name} (an object), not ${kindOf(value)}`);
    }
    return objectToJsonForm(this.program.resolved.root, value as Record<string, unknown>, { maxDepth: this.options.maxDepth, asMarshaled: true });
  }

  /** JSON Schema 2020-12 of the model (built once per validator, frozen). See bindings/schema.ts. */
  schema(): JsonSchema {
    return schemaCacheOf(this.program.resolved).schema("json-schema");
  }

  /** schema() as UTF-8 JSON bytes, indented with two spaces. */
  schemaJSON(): Uint8Array {
    return schemaCacheOf(this.program.resolved).json("json-schema");
  }

  /** OpenAPI 3.1 component schema of the model (nested models in $defs; built once, frozen). */
  schemaOpenAPI(): JsonSchema {
    return schemaCacheOf(this.program.resolved).schema("openapi");
  }

  /** schemaOpenAPI() as UTF-8 JSON bytes, indented with two spaces. */
  schemaJSONOpenAPI(): Uint8Array {
    return schemaCacheOf(this.program.resolved).json("openapi");
  }

  /** Validate, then write JSON bytes; throws ValidationError (or MarshalError for a non-JSON value in an `any`). */
  marshal(value: Infer<M>): Uint8Array {
    return marshalWith(this, value);
  }

  /** marshal with options (omitEmpty, indent, extras): see MarshalOptions. */
  marshalWithOptions(value: Infer<M>, options: MarshalOptions): Uint8Array {
    return marshalWith(this, value, options);
  }

  /** A validated value from JSON bytes, a typed value or a plain object with JSON names. See bindings/new-model.ts. */
  newModel(input: NewModelInput<M>): Infer<M> {
    return newModelWith(this, input);
  }

  safeNewModel(input: NewModelInput<M>): Result<Infer<M>, NewModelError> {
    return safeNewModelWith(this, input);
  }
}

/** A readable listing of a validator's compiled instruction tables (for review and golden tests). */
export function disassemble(v: Validator): string {
  const given: unknown = v; // (a plain JavaScript caller may pass anything)
  if (!(given instanceof Validator)) throw wrongArgument("disassemble", "a Validator", given, isModel(given) ? `pass new Validator(${given.name})` : undefined);
  return disassembleProgram(v.program);
}

/** V8's (and other engines') error for a call stack that ran out. */
function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack|too much recursion/i.test(e.message);
}
