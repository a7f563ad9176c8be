// The model DSL: the TypeScript stand-in for a Go struct with tags.
//
//   const User = model("User", { name: t.string("required,min=2"), tags: t.slice(t.string()) });
//   type User = Infer<typeof User>;
//
// A model is plain data (kinds, tags, nesting). Nothing is checked here; every mistake is found
// when a validator is created (bindings/schema-ir.ts) and thrown there as a ModelError.

import { modelStandard, type CheckerStandard } from "./standard-schema.js";

/** Go's scalar kinds, plus `any` (interface{}) and `time` (time.Time, RFC 3339 in JSON). */
export type ScalarKind =
  | "string" | "bool"
  | "int" | "int8" | "int16" | "int32" | "int64"
  | "uint" | "uint8" | "uint16" | "uint32" | "uint64"
  | "float32" | "float64"
  | "any" | "time";

export type TypeKind = ScalarKind | "ptr" | "slice" | "array" | "map" | "model" | "extras";

/** Every scalar kind (a field's `kind` is checked against this when a validator is created). */
export const SCALAR_KINDS: ReadonlySet<string> = new Set<ScalarKind>([
  "string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "any", "time",
]);

/** A field type. `T` is the TypeScript type of its value (read it with `Infer`). */
export interface Type<T = unknown> {
  readonly kind: TypeKind;
  /** The field's tag: a bare directive list or a Go-style tag string. */
  readonly tag: string | undefined;
  /** Element type of ptr, slice, array and map. */
  readonly elem?: Type;
  /** Length of a fixed-size array. */
  readonly length?: number;
  /** The nested model (resolved lazily, so models can be recursive). */
  readonly target?: () => Model;
  /** Phantom member carrying the value type; never set at run time. */
  readonly _value?: T;
}

export type Shape = { readonly [key: string]: Type };

/**
 * The TypeScript type of a field type or model, and of what a Validator (its model's value) or a
 * UnionValidator (`{ variant, value }`) gives (read from their `~standard` output type; anything
 * else is never).
 */
export type Infer<X> = X extends Type<infer T> ? T
  : X extends { readonly "~standard": CheckerStandard<unknown, infer O> } ? O
  : never;

/**
 * The value of a shape: its fields by property key. A model without fields is an object with
 * no members, `{ [key: string]: never }` (the mapped type would be `{}`, which takes any value
 * but null and undefined, a string or a number too).
 */
export type InferShape<S extends Shape> = [keyof S] extends [never] ? { [key: string]: never } : { -readonly [K in keyof S]: Infer<S[K]> };

export interface Model<S extends Shape = Shape> extends Type<InferShape<S>> {
  readonly kind: "model";
  readonly name: string;
  readonly shape: S;
  /** Standard Schema v1 (bindings/standard-schema.ts): validate(value) reads a value as newModel does. */
  readonly "~standard": CheckerStandard<InferShape<S>, InferShape<S>>;
}

export function isModel(value: unknown): value is Model {
  return typeof value === "object" && value !== null && (value as Model).kind === "model" &&
    typeof (value as Model).name === "string" && typeof (value as Model).shape === "object";
}

/** Declare a model: a name (used in error messages and schemas) and its fields in order. */
export function model<S extends Shape>(name: string, shape: S): Model<S> {
  noMoreArguments("model", arguments.length, ["name", "fields"]);
  // (mistakes in the fields are ModelErrors when a validator is created; these two are plain)
  if (typeof name !== "string" || name === "") throw new TypeError(`checker: model(name, fields) needs a name (a non-empty string), got ${describe(name)}`);
  if (shape === null || typeof shape !== "object" || Array.isArray(shape)) throw new TypeError(`checker: model("${name}", fields) needs its fields as an object, got ${describe(shape)}`);
  // (a Map's entries, or a model's or a field type's own members, would be read as no fields or
  // as fields named kind, tag, ...: the model would take any object and check nothing)
  const notFields = shape instanceof Map ? "a Map" : shape instanceof Set ? "a Set"
    : typeof (shape as { kind?: unknown }).kind === "string" ? argumentKind(shape) : undefined;
  if (notFields !== undefined) {
    const hint = isModel(shape) ? ` (its fields are ${shape.name}.shape)` : "";
    throw new TypeError(`checker: model("${name}", fields) needs its fields as a plain object ({ name: t.string(), ... }), got ${notFields}${hint}`);
  }
  const m: Model<S> = {
    kind: "model",
    name,
    shape,
    tag: undefined,
    target: () => m,
    "~standard": modelStandard(() => m),
  };
  return Object.freeze(m);
}

/**
 * What a value passed where a model, a field type or a validator belongs is, for error messages:
 * `a Validator`, `a UnionValidator`, `a model (User)`, `a field type (t.string())`, `an array`,
 * `an object`, else its typeof (`number`, `function`, `null`).
 */
export function argumentKind(got: unknown): string {
  const o = got as Record<string, unknown> | null;
  if (o === null) return "null";
  if (typeof o !== "object") return typeof o;
  if (isModel(o)) return `a model (${o.name})`;
  if (isModel(o.model) && typeof o.safeUnmarshal === "function") return "a Validator";
  if (typeof o.discriminator === "string" && typeof o.safeUnmarshal === "function") return "a UnionValidator";
  if (typeof o.kind === "string") return `a field type (t.${o.kind}())`;
  return Array.isArray(o) ? "an array" : "an object";
}

/**
 * The TypeError for a value passed where a model (or a validator) belongs: names the call, what it
 * takes and what it got (a Validator, a UnionValidator, a field type, ...), with a hint when the
 * value has a method of the call's name (`unmarshal(validator, data)`: use validator.unmarshal).
 */
export function wrongArgument(call: string, takes: string, got: unknown, hint?: string): TypeError {
  const o = got as Record<string, unknown> | null;
  if (hint === undefined && o !== null && typeof o === "object" && typeof o[call] === "function") hint = `call its own ${call} method`;
  return new TypeError(`checker: ${call} takes ${takes}, not ${argumentKind(got)}${hint === undefined ? "" : ` (${hint})`}`);
}

/** A model for the simple API's functions and `new Validator`, else wrongArgument's TypeError. */
export function checkModel(value: unknown, call: string): asserts value is Model {
  if (!isModel(value)) throw wrongArgument(call, "a model (model(name, fields))", value);
}

function describe(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "string" ? JSON.stringify(v) : typeof v;
}

/**
 * A builder given more arguments than it takes is a TypeError at the call: the rest would be
 * dropped without a word (`t.string("required", "min=2")` would not check min=2).
 */
function noMoreArguments(call: string, given: number, takes: readonly string[]): void {
  if (given <= takes.length) return;
  const hint = takes.at(-1) === "tag" ? ` (a tag is one string: join directives with commas, "required,min=2")`
    : " (options such as extraFields belong to the validator: new Validator(model, options))";
  throw new TypeError(`checker: ${call}(${takes.join(", ")}) takes at most ${takes.length} argument${takes.length === 1 ? "" : "s"}, not ${given}${hint}`);
}

function scalar<T>(kind: ScalarKind) {
  return function (tag?: string): Type<T> {
    noMoreArguments(`t.${kind}`, arguments.length, ["tag"]);
    return Object.freeze({ kind, tag });
  };
}

/** Type builders, one per Go kind. The optional argument is the field's tag. */
export const t = {
  string: scalar<string>("string"),
  bool: scalar<boolean>("bool"),
  int: scalar<number>("int"),
  int8: scalar<number>("int8"),
  int16: scalar<number>("int16"),
  int32: scalar<number>("int32"),
  int64: scalar<number>("int64"),
  uint: scalar<number>("uint"),
  uint8: scalar<number>("uint8"),
  uint16: scalar<number>("uint16"),
  uint32: scalar<number>("uint32"),
  uint64: scalar<number>("uint64"),
  float32: scalar<number>("float32"),
  float64: scalar<number>("float64"),
  any: scalar<unknown>("any"),
  time: scalar<Date>("time"),
  /** `*T`: `null` when absent or null in the JSON. */
  ptr<T>(elem: Type<T>, tag?: string): Type<T | null> {
    noMoreArguments("t.ptr", arguments.length, ["elem", "tag"]);
    return Object.freeze({ kind: "ptr", tag, elem });
  },
  /** `[]T`: a JSON array; `null` is the nil slice. */
  slice<T>(elem: Type<T>, tag?: string): Type<T[] | null> {
    noMoreArguments("t.slice", arguments.length, ["elem", "tag"]);
    return Object.freeze({ kind: "slice", tag, elem });
  },
  /** `[N]T`: a JSON array read into exactly N items (missing items are zero, extra ones dropped, as in Go). */
  array<T>(length: number, elem: Type<T>, tag?: string): Type<T[]> {
    noMoreArguments("t.array", arguments.length, ["length", "elem", "tag"]);
    return Object.freeze({ kind: "array", tag, elem, length });
  },
  /** `map[string]T`: a JSON object with any keys; `null` is the nil map. */
  map<T>(elem: Type<T>, tag?: string): Type<Record<string, T> | null> {
    noMoreArguments("t.map", arguments.length, ["elem", "tag"]);
    return Object.freeze({ kind: "map", tag, elem });
  },
  /** A nested model with a tag (a model used directly as a field has no tag). */
  model<S extends Shape>(target: Model<S>, tag?: string): Type<InferShape<S>> {
    noMoreArguments("t.model", arguments.length, ["model", "tag"]);
    return Object.freeze({ kind: "model", tag, target: () => target });
  },
  /** A model referenced lazily, for recursive models: `children: t.slice(t.lazy(() => Node))`. */
  lazy<S extends Shape>(target: () => Model<S>, tag?: string): Type<InferShape<S>> {
    noMoreArguments("t.lazy", arguments.length, ["() => model", "tag"]);
    return Object.freeze({ kind: "model", tag, target });
  },
  /** The `map[string]any` field with `json:"-"` and `extra_fields` that captures unknown keys under ExtraAllow. */
  extras(tag?: string): Type<Record<string, unknown>> {
    noMoreArguments("t.extras", arguments.length, ["tag"]);
    return Object.freeze({ kind: "extras", tag });
  },
} as const;
