// Shared helpers of the directive suites (test/directives/*.test.ts): run one value through both
// checkers — `unmarshal` (the WASM core) on its JSON and `validate` (the TypeScript reference) on
// the typed value — and compare their errors with the expected list exactly.

import { expect } from "vitest";
import {
  ModelError, ValidationError, Validator, model, t,
  type FieldError, type Model, type Type, type ValidatorOptions,
} from "../../bindings/index.js";
import { zeroValue } from "../../bindings/values.js";

export type Options = ValidatorOptions;

/** A FieldError, in the order of its serialised keys. */
export function fe(field: string, code: string, message: string, value: unknown): FieldError {
  return { field, code, message, value };
}

const validators = new Map<Model, Map<string, Validator>>();

/** One validator per model and options (creating one is the costly part). */
export function validatorFor(m: Model, opts: Options = {}): Validator {
  let byOpts = validators.get(m);
  if (!byOpts) validators.set(m, (byOpts = new Map()));
  const key = JSON.stringify(opts);
  let v = byOpts.get(key);
  if (!v) byOpts.set(key, (v = new Validator(m, opts)));
  return v;
}

/** A typed value of `m`: the given properties, every other field at its zero value. */
export function typed(m: Model, props: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of validatorFor(m).program.resolved.root.fields) {
    out[f.key] = f.key in props ? props[f.key] : zeroValue(f.type);
  }
  return out;
}

/** The JSON text of a typed value, keys in declaration order (dict form). */
export function jsonOf(m: Model, value: Record<string, unknown>, opts: Options = {}): string {
  return JSON.stringify(validatorFor(m, opts).dict(value as never));
}

/** The FieldErrors of unmarshal (WASM); [] when it accepts. Syntax and type errors are thrown. */
export function unmarshalErrors(m: Model, json: string | object, opts: Options = {}): FieldError[] {
  const text = typeof json === "string" ? json : JSON.stringify(json);
  const r = validatorFor(m, opts).safeUnmarshal(text);
  if (r.ok) return [];
  if (!(r.error instanceof ValidationError)) throw r.error;
  return plain(r.error.errors);
}

/** The FieldErrors of validate (TypeScript reference); [] when it passes. */
export function validateErrors(m: Model, value: Record<string, unknown>, opts: Options = {}): FieldError[] {
  const r = validatorFor(m, opts).safeValidate(value as never);
  return r.ok ? [] : plain(r.error.errors);
}

/** expect(got).toEqual(want), comparing JSON texts first (vitest's deep equality is slow in hot loops). */
export function expectSame(got: unknown, want: unknown, message: string): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, message).toEqual(want);
}

/** FieldErrors as they serialise (exactly the four keys). */
function plain(errors: readonly FieldError[]): FieldError[] {
  return JSON.parse(JSON.stringify(errors)) as FieldError[];
}

/**
 * Both checkers on one typed value: unmarshal of its JSON (keys in declaration order) and validate
 * of the value report exactly `errors`, in order ([] = both accept). When both accept, unmarshal
 * gives the value back (compared in JSON form).
 */
export function expectBoth(m: Model, value: Record<string, unknown>, errors: FieldError[], opts: Options = {}): void {
  const json = jsonOf(m, value, opts);
  expect(unmarshalErrors(m, json, opts), `unmarshal ${json}`).toEqual(errors);
  expect(validateErrors(m, value, opts), `validate ${json}`).toEqual(errors);
  if (errors.length === 0) expect(jsonOf(m, validatorFor(m, opts).unmarshal(json), opts), "unmarshal gives the value back").toBe(json);
}

/** Shorthand: `expectBoth` on `typed(m, props)`. */
export function expectTyped(m: Model, props: Record<string, unknown>, errors: FieldError[], opts: Options = {}): void {
  expectBoth(m, typed(m, props), errors, opts);
}

/** Unmarshal only (what a typed value cannot say: missing keys, null on non-ptr fields, escapes). */
export function expectUnmarshal(m: Model, json: string | object, errors: FieldError[], opts: Options = {}): void {
  const text = typeof json === "string" ? json : JSON.stringify(json);
  expect(unmarshalErrors(m, text, opts), `unmarshal ${text}`).toEqual(errors);
}

/** A one-field model `name { f: type }` (the usual shape of a kind test). */
export function one(type: Type, name = "M"): Model {
  return model(name, { f: type });
}

// ---------------------------------------------------------------- model errors

export interface ModelErrorExpect {
  model: string;
  field?: string;
  directive?: string;
  /** Text the message must contain (besides `model.field` and the directive). */
  contains?: string | string[];
}

/** Creating the validator throws a ModelError naming model, field and directive (in its fields and its message). */
export function expectModelError(create: () => unknown, exp: ModelErrorExpect): ModelError {
  let thrown: unknown;
  try {
    create();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, "expected a ModelError").toBeInstanceOf(ModelError);
  const err = thrown as ModelError;
  expect(err.model).toBe(exp.model);
  expect(err.message).toContain(exp.model);
  if (exp.field !== undefined) {
    expect(err.field).toBe(exp.field);
    expect(err.message).toContain(`${exp.model}.${exp.field}`);
  }
  if (exp.directive !== undefined) {
    expect(err.directive).toBe(exp.directive);
    expect(err.message).toContain(exp.directive);
  }
  for (const s of typeof exp.contains === "string" ? [exp.contains] : exp.contains ?? []) expect(err.message).toContain(s);
  return err;
}

// ---------------------------------------------------------------- kinds

const Inner = model("Inner", { a: t.int() });

/** One field type per kind a directive might be written on, by name. */
export const KINDS: Record<string, (tag: string) => Type> = {
  string: (tag) => t.string(tag),
  bool: (tag) => t.bool(tag),
  int: (tag) => t.int(tag),
  int8: (tag) => t.int8(tag),
  uint64: (tag) => t.uint64(tag),
  float32: (tag) => t.float32(tag),
  float64: (tag) => t.float64(tag),
  time: (tag) => t.time(tag),
  any: (tag) => t.any(tag),
  slice: (tag) => t.slice(t.string(), tag),
  array: (tag) => t.array(2, t.int(), tag),
  map: (tag) => t.map(t.int(), tag),
  model: (tag) => t.model(Inner, tag),
  "ptr-string": (tag) => t.ptr(t.string(), tag),
  "ptr-int": (tag) => t.ptr(t.int(), tag),
  "ptr-slice": (tag) => t.ptr(t.slice(t.int()), tag),
  "ptr-model": (tag) => t.ptr(Inner, tag),
  extras: (tag) => t.extras(tag),
};

export const ALL_KINDS = Object.keys(KINDS);

/** The kinds of KINDS not listed. */
export function kindsExcept(...accepted: string[]): string[] {
  return ALL_KINDS.filter((k) => !accepted.includes(k));
}

/** `new Validator` on `{ f: <kind> with tag }` (plus a sibling `o` of the same kind, for cross-field directives). */
export function createOn(kind: string, tag: string, sibling = false): () => Validator {
  const shape: Record<string, Type> = { f: KINDS[kind](tag) };
  if (sibling) shape.o = KINDS[kind]("");
  return () => new Validator(model("K", shape));
}

/** The directive is a ModelError on each of the kinds, naming K, f and the directive. */
export function expectRejectedOn(kinds: readonly string[], tag: string, directive: string, sibling = false): void {
  for (const kind of kinds) expectModelError(createOn(kind, tag, sibling), { model: "K", field: "f", directive });
}

/** The directive compiles on each of the kinds. */
export function expectAcceptedOn(kinds: readonly string[], tag: string, sibling = false): void {
  for (const kind of kinds) expect(createOn(kind, tag, sibling), kind).not.toThrow();
}
