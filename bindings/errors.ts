// The error kinds of the spec, as TypeScript classes (callers tell them apart with instanceof).

/** One field-level failure. Serialises to JSON with exactly the keys field, code, message, value. */
export interface FieldError {
  /** Path of the failing field, with JSON names: `address.city`, `tags[2]`, `scores.key`. */
  field: string;
  /** Machine-readable code (never empty). */
  code: string;
  message: string;
  /** The value that failed, in JSON form (null when the field was missing). */
  value: unknown;
}

/** Summary in the spec's format: `<field>: <message> (and N more errors)`. */
function summarize(errors: readonly Pick<FieldError, "field" | "message">[]): string {
  if (errors.length === 0) return "no errors found";
  const first = `${errors[0].field}: ${errors[0].message}`;
  return errors.length === 1 ? first : `${first} (and ${errors.length - 1} more errors)`;
}

/** All constraint failures of one call. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    // (a JS caller's new ValidationError("bad") summarised as "undefined: undefined (and 2 more errors)")
    if (!Array.isArray(errors)) {
      throw new TypeError(`checker: new ValidationError takes a list of FieldError objects ({ field, code, message, value }), not ${errors === null ? "null" : typeof errors}`);
    }
    super(summarize(errors));
    this.errors = errors;
  }
}

/** Malformed JSON. `offset` is the byte offset of the first byte that cannot be valid. */
export class JsonSyntaxError extends SyntaxError {
  override readonly name = "JsonSyntaxError";
  constructor(
    /** What is wrong, without the position (`unexpected end of JSON input`); the message adds it. */
    readonly reason: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at offset ${offset} (line ${line}, column ${column})`);
  }
}

/** A JSON value of the wrong type for its field (the first one found). */
export class UnmarshalTypeError extends TypeError {
  override readonly name = "UnmarshalTypeError";
  constructor(
    /** Path of the field, with JSON names ("" for the document itself). */
    readonly field: string,
    /** The field's kind, e.g. `int`, `string`, `User`, `[]string`. */
    readonly expected: string,
    /** What the JSON held: `string`, `number 1.5`, `object`, ... */
    readonly got: string,
    readonly offset: number,
  ) {
    super(`cannot unmarshal ${got} into ${field === "" ? "the document" : `field ${field}`} of type ${expected}`);
  }
}

/** The message of a ConversionError (also an issue's message, made without the error). */
export function conversionMessage(field: string, expected: string, got: string): string {
  return `cannot convert ${got} to ${expected} at ${field === "" ? "the value" : field}`;
}

/** newModel could not convert an input value to the field's kind. */
export class ConversionError extends TypeError {
  override readonly name = "ConversionError";
  constructor(
    readonly field: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(conversionMessage(field, expected, got));
  }
}

/** A mistake in a model or in validator options, found when the validator is created. */
export class ModelError extends Error {
  override readonly name = "ModelError";
  constructor(
    message: string,
    readonly model: string,
    readonly field?: string,
    readonly directive?: string,
  ) {
    super(message);
  }
}

/**
 * Build an error without capturing a stack trace: the non-throwing calls return errors as values,
 * and in a hot loop the trace would cost more than the validation.
 */
export function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Give an error a non-throwing call made without a stack trace (withoutStack) the trace of the
 * throwing call that throws it, from its caller on (`above`: the throwing call). Where the engine
 * has no Error.captureStackTrace (Firefox, Safari), errors always carry their own trace.
 */
export function withStack<E extends Error>(error: E, above: (...args: never[]) => unknown): E {
  (Error as { captureStackTrace?: (target: object, above?: (...args: never[]) => unknown) => void }).captureStackTrace?.(error, above);
  return error;
}
