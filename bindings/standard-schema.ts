// Standard Schema v1 (https://standardschema.dev): models, validators and union validators carry a
// `~standard` property, so they plug unchanged into the libraries that accept any Standard Schema
// (tRPC, Hono, TanStack Form, the AI SDK, ...).
//
//   const r = User["~standard"].validate(await request.json());
//   if (r.issues) ... // [{ message: "field is required", path: ["address", "city"] }]
//   else r.value      // the typed value
//
// validate(value) reads an unknown JS value as newModel does (bindings/new-model.ts): a plain
// object with JSON names (a parsed request body), a typed value, a Map, or JSON bytes. A model
// validates with the simple API's cached validator (default options), a Validator with its own
// options, a UnionValidator with the variant its discriminator names (output `{ variant, value }`).
// Every failure of bad input is an issue: each FieldError of a ValidationError, a ConversionError,
// and for bytes a JsonSyntaxError or an UnmarshalTypeError. `path` holds the keys and array
// indexes of the failing value in the input as given (`address.city` -> ["address", "city"],
// `tags[2]` -> ["tags", 2]): an object read by JSON names (JSON bytes, a parsed request body) is
// named by its JSON names, one read by property keys (a typed value, such as a form's values in
// TanStack Form or a tRPC caller's input) by its property keys, each object as newModel read it;
// the path is read against the model so that map keys holding dots stay one key; it is absent for
// the document itself. Any other exception (not the input's fault) is thrown, not turned into issues.
//
// `~standard.jsonSchema` also implements Standard JSON Schema v1 for the "draft-2020-12" target
// (the model's schema()) and the "draft-07" target (the same in draft-07's terms: the AI SDK asks
// for it; bindings/schema-draft07.ts); other targets throw, as the spec asks.
//
// The interfaces below are copied from @standard-schema/spec 1.1.0 (MIT License, Copyright (c)
// 2024 Colin McDonnell), as its authors suggest, so that checker has no dependency, not even a
// type-only one; test/standard-schema.test.ts checks them against the package.

import { ConversionError, conversionMessage, JsonSyntaxError, UnmarshalTypeError, ValidationError, type FieldError } from "./errors.js";
import { describe, isPlainObject } from "./marshal.js";
import type { Infer, Model } from "./model.js";
import { readsPropertyKeys } from "./new-model-keys.js";
import { newModelOutcome, type NewModelOutcome } from "./new-model.js";
import type { RModel, RType } from "./resolve.js";
import type { JsonSchema } from "./schema.js";
import { toDraft07 } from "./schema-draft07.js";
import type { UnionValidator, UnionValue, VariantModels } from "./union.js";
import type { Validator } from "./validator.js";

/** The Standard Schema interface (copied from @standard-schema/spec). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** The Standard JSON Schema converter (copied from @standard-schema/spec, StandardJSONSchemaV1). */
export interface StandardJSONSchemaConverter {
  readonly input: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> | undefined }) => Record<string, unknown>;
  readonly output: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> | undefined }) => Record<string, unknown>;
}

/**
 * What `~standard` holds on checker's models and validators: Standard Schema v1 (validate) and
 * Standard JSON Schema v1 (jsonSchema). `validate` always answers synchronously.
 */
export interface CheckerStandard<Input, Output> extends StandardSchemaV1.Props<Input, Output> {
  readonly vendor: "checker";
  readonly validate: (value: unknown, options?: StandardSchemaV1.Options | undefined) => StandardSchemaV1.Result<Output>;
  readonly jsonSchema: StandardJSONSchemaConverter;
}

type Issue = StandardSchemaV1.Issue;
type PathKey = string | number;

// A model's `~standard` validates with the simple API's validator of that model. model.ts cannot
// import the validator (the validator's modules import model.ts), so api.ts registers it here.
let modelValidator: (<M extends Model>(model: M) => Validator<M>) | undefined;

/** @internal Called once by api.ts: the cached default validator of a model. */
export function setModelValidator(fn: <M extends Model>(model: M) => Validator<M>): void {
  modelValidator = fn;
}

/** @internal The `~standard` of a model (read lazily: the model object does not exist yet). */
export function modelStandard<M extends Model>(model: () => M): CheckerStandard<Infer<M>, Infer<M>> {
  return validatorStandard(() => {
    if (modelValidator === undefined) throw new Error("checker: import the library from its entry point (index.js)");
    return modelValidator(model());
  });
}

/** @internal The `~standard` of a validator (a getter, so the validator can be built lazily). */
export function validatorStandard<M extends Model>(validator: () => Validator<M>): CheckerStandard<Infer<M>, Infer<M>> {
  return standard<Infer<M>, Infer<M>>(
    (value) => {
      const v = validator();
      const r = newModelOutcome(v, value, false, false);
      return r.ok ? { value: r.value } : { issues: outcomeIssues(r, rootOf(v), value) };
    },
    () => validator().schema(),
  );
}

/**
 * @internal The `~standard` of a union validator: input what a model's takes (JSON bytes, a plain
 * object, a Map), output `{ variant, value }`. The variant its discriminator names reads the input
 * as its own `~standard` does (the same issues, paths read against its model); a discriminator
 * that names none is its error at its key. Only the input's own key counts: an inherited
 * `constructor` or `toString` is no discriminator.
 */
export function unionStandard<V extends VariantModels>(union: () => UnionValidator<never, V>): CheckerStandard<Record<string, unknown>, UnionValue<V>> {
  return standard<Record<string, unknown>, UnionValue<V>>(
    (value) => {
      const u = union();
      let named: ReturnType<typeof u.variantOfValue>;
      if (value instanceof Uint8Array) named = u.variantOfText(value);
      else if (value instanceof Map) named = u.variantOfValue(value.get(u.discriminator));
      else if (isPlainObject(value)) named = u.variantOfValue(Object.hasOwn(value, u.discriminator) ? value[u.discriminator] : undefined);
      else {
        // (a class instance, a Date, ... too: no document, as a model's ~standard has it, whatever its keys)
        return { issues: [{ message: new ConversionError("", `JSON bytes (Uint8Array), a plain object or a Map with a "${u.discriminator}" key`, describe(value)).message }] };
      }
      if (!named.ok) {
        // (the discriminator's own error has its name as its whole path: a name with a dot is one key)
        const e = named.error;
        return { issues: e instanceof ValidationError ? e.errors.map((x) => ({ message: x.message, path: [x.field] })) : issuesOf(e, undefined) };
      }
      const { variant, validator } = named.value;
      const input = withoutDiscriminator(value, u.discriminator, validator);
      const r = newModelOutcome(validator, input, false, false);
      if (r.ok) return { value: { variant, value: r.value } as UnionValue<V> };
      return { issues: outcomeIssues(r, rootOf(validator), input) };
    },
    () => union().schema(),
  );
}

/**
 * A plain object without the discriminator key, where the variant skips that key (no field of the
 * variant has it as its JSON name; the core's ignored key): a typed value (property keys) with the
 * discriminator beside them is read by property keys, as the variant reads the value alone (a key
 * no field has would make it a dict). Read by JSON names, the object gives the same either way.
 */
function withoutDiscriminator(value: unknown, discriminator: string, variant: Validator): unknown {
  const root = variant.program.resolved.root;
  if (!isPlainObject(value) || !Object.hasOwn(value, discriminator) || !root.ignoredKeys.includes(discriminator)) return value;
  const keys = Object.keys(value).filter((k) => k !== discriminator);
  // (read by JSON names with it and without it: the object as it is, whose key the variant skips; no copy)
  if (!readsPropertyKeys(root, value, undefined, keys) && !readsPropertyKeys(root, value, undefined)) return value;
  // (fromEntries defines each key: a "__proto__" key stays an own key)
  return Object.fromEntries(keys.map((k) => [k, value[k]]));
}

function standard<I, O>(validate: (value: unknown) => StandardSchemaV1.Result<O>, schema: () => JsonSchema): CheckerStandard<I, O> {
  // each call gets a schema of its own, not the frozen one schema() caches: consumers change what
  // they are given (the AI SDK sets additionalProperties: false on every object before sending it)
  const convert = (options: { readonly target: string }): Record<string, unknown> => {
    if (options?.target === "draft-2020-12") return structuredClone(schema()) as Record<string, unknown>;
    if (options?.target === "draft-07") return toDraft07(schema());
    throw new Error(`checker: unsupported JSON Schema target ${JSON.stringify(options?.target)} ("draft-2020-12" or "draft-07")`);
  };
  return Object.freeze({
    version: 1 as const,
    vendor: "checker" as const,
    validate,
    jsonSchema: Object.freeze({ input: convert, output: convert }),
  });
}

function rootOf(v: Validator): RType {
  return { kind: "model", model: v.program.resolved.root };
}

/** The issues of a failed newModel of `input` (newModelOutcome). */
function outcomeIssues(r: Exclude<NewModelOutcome<unknown>, { ok: true }>, root: RType, input: unknown): Issue[] {
  if ("errors" in r) return r.errors.map((e) => issue(e, root, input));
  if ("mistyped" in r) {
    const { field, expected, got } = r.mistyped;
    return [issue({ field, message: conversionMessage(field, expected, got) }, root, input, true)];
  }
  return issuesOf(r.error, root, input);
}

/**
 * The issues of a failed newModel / unmarshal of `input`; an error that is not the input's fault
 * is thrown.
 */
export function issuesOf(error: unknown, root: RType | undefined, input?: unknown): Issue[] {
  if (error instanceof ValidationError) return error.errors.map((e) => issue(e, root, input));
  if (error instanceof ConversionError || error instanceof UnmarshalTypeError) return [issue(error, root, input)];
  if (error instanceof JsonSyntaxError) return [{ message: error.message }];
  throw error;
}

function issue(e: Pick<FieldError, "field" | "message"> & { code?: string }, root: RType | undefined, input: unknown, conversion = e instanceof ConversionError): Issue {
  if (e.field === "") return atEmptyKey(e, root, input, conversion) ? { message: e.message, path: [""] } : { message: e.message };
  return { message: e.message, path: pathKeys(e.field, root, input) };
}

/**
 * Field "" is the document itself, or the root's key "": an unknown key under forbid
 * (EXTRA_FIELD), a field whose JSON name is "" (any of its errors: TOO_MANY_ERRORS is the
 * document's), or a value there that newModel could not convert (a plain object, or a Map with
 * string keys, always converts at its root, so its ConversionError at "" is at that key).
 */
function atEmptyKey(e: { code?: string }, root: RType | undefined, input: unknown, conversion: boolean): boolean {
  if (e.code === "EXTRA_FIELD") return true;
  if (e.code !== undefined && e.code !== "TOO_MANY_ERRORS" && root?.kind === "model" && root.model.byJson.has("")) return true;
  return conversion && (isPlainObject(input) || (input instanceof Map && [...input.keys()].every((k) => typeof k === "string")));
}

/**
 * The keys of an error path (`address.city`, `tags[2]`, `scores.a.b`): read against the model,
 * so a JSON name or map key holding `.` or `[` stays one key. A key that no field names (an
 * unknown key under forbid, always the last key) is tried last: first as a key the input has,
 * then as a key without `.` or `[`, then as the whole rest of the path. Without a model: split at
 * every `.` and `[n]`.
 * The error path names fields by their JSON names; a field of an object of `input` (the value
 * validated, undefined for JSON bytes) that newModel read by property keys is named by its
 * property key instead, so that the path leads into the input as given.
 */
export function pathKeys(field: string, root: RType | undefined, input?: unknown): PathKey[] {
  if (root) {
    for (const unknown of [Unknown.None, Unknown.Had, Unknown.Plain, Unknown.Any]) {
      const keys = keysAt(field, root, unknown, input);
      if (keys) return keys;
    }
  }
  return splitPath(field);
}

/** Which unknown keys a pass takes: none, those the input has, also one without `.` or `[`, also the whole rest. */
const enum Unknown { None, Had, Plain, Any }

function splitPath(field: string): PathKey[] {
  const keys: PathKey[] = [];
  for (const part of field.split(".")) {
    const m = /^(.*?)((?:\[\d+\])*)$/.exec(part)!;
    if (m[1] !== "" || m[2] === "") keys.push(m[1]);
    for (const i of m[2].matchAll(/\[(\d+)\]/g)) keys.push(Number(i[1]));
  }
  return keys;
}

function base(t: RType): RType {
  return t.kind === "ptr" ? base(t.elem) : t;
}

/** The part of an input value at a key (undefined where there is none). */
function child(input: unknown, key: PathKey): unknown {
  if (input instanceof Map) return input.get(key);
  return typeof input === "object" && input !== null ? (input as Record<PathKey, unknown>)[key] : undefined;
}

/** Keys of `path`, which starts with a key of a value of type t (no separator before it); input: that value. */
function keysAt(path: string, t: RType, unknown: Unknown, input: unknown): PathKey[] | undefined {
  const b = base(t);
  if (b.kind === "model") return modelKeys(path, b.model, unknown, input);
  if (b.kind === "scalar" && b.scalar === "any") return anyKeys(path, input);
  if (b.kind !== "map") return undefined;
  const elem = base(b.elem);
  // a map of scalars has nothing below its entries: the key is the whole rest (unless the input
  // has no such key: then the path goes below an entry of another shape, { a: [NaN] })
  if (elem.kind === "scalar" && elem.scalar !== "any" && (input === undefined || has(input, path))) return [path];
  // the keys the path can start with ("" too): those the input has (longest first), or without
  // an input to ask (JSON bytes) any, shortest first
  const keys = input === undefined ? prefixes(path, () => true).reverse() : prefixes(path, (k) => has(input, k));
  for (const key of keys) {
    const rest = after(path.slice(key.length), elem, unknown, child(input, key));
    if (rest) return [key, ...rest];
  }
  return undefined;
}

/** The prefixes of a path that can be a whole key (followed by its end, `.` or `[`) and pass `pick`, longest first. */
function prefixes(path: string, pick: (key: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = path.length; i >= 0; i--) {
    if (i < path.length && path[i] !== "." && path[i] !== "[") continue;
    if (pick(path.slice(0, i))) out.push(path.slice(0, i));
  }
  return out;
}

function has(input: unknown, key: string): boolean {
  if (input instanceof Map) return input.has(key);
  return typeof input === "object" && input !== null && !Array.isArray(input) && Object.hasOwn(input, key);
}

/**
 * Keys of `path` inside a value of no declared shape (an `any` field, an unknown key's value):
 * read against the input when it has the keys, else split at every `.` and `[n]`.
 */
function anyKeys(path: string, input: unknown): PathKey[] {
  const key = prefixes(path, (k) => has(input, k))[0];
  return key === undefined ? splitPath(path) : [key, ...below(path.slice(key.length), child(input, key))];
}

/** Keys of what follows a value of no declared shape in a path: "", ".key...", "[n]...". */
function below(rest: string, input: unknown): PathKey[] {
  if (rest === "") return [];
  if (rest[0] === ".") return anyKeys(rest.slice(1), input);
  const m = /^\[(\d+)\]/.exec(rest);
  if (!m) return splitPath(rest);
  const index = Number(m[1]);
  return [index, ...below(rest.slice(m[0].length), child(input, index))];
}

function modelKeys(path: string, m: RModel, unknown: Unknown, input: unknown): PathKey[] | undefined {
  // as newModel reads it: a plain object by property keys or JSON names, a Map (the root) by JSON names
  const byKey = isPlainObject(input) && readsPropertyKeys(m, input, undefined);
  // (most often the path is one field's JSON name, a key the input has: it ranks first below)
  const exact = input === undefined ? undefined : m.byJson.get(path);
  if (exact !== undefined && has(input, byKey ? exact.key : path)) return [byKey ? exact.key : path];
  // the fields whose JSON name starts the path; when one name starts another ("f0" and "f0[1]",
  // "a" and "a.b"), those the input has come first, then the longer name (without an input to
  // ask, JSON bytes, the shorter, as for map keys)
  const fields = m.fields.filter((f) => !f.skip && path.startsWith(f.jsonName))
    .map((f) => ({ f, rank: input === undefined ? -f.jsonName.length : (has(input, byKey ? f.key : f.jsonName) ? 1e9 : 0) + f.jsonName.length }))
    .sort((a, b) => b.rank - a.rank);
  for (const { f } of fields) {
    const name = f.jsonName;
    const key = byKey ? f.key : name;
    const rest = after(path.slice(name.length), f.type, unknown, child(input, key));
    if (rest) return [key, ...rest];
  }
  // an unknown key (under forbid, or captured under allow): one the input has, else as said above
  if (unknown !== Unknown.None) {
    const key = prefixes(path, (k) => has(input, k) && !m.fields.some((f) => !f.skip && (byKey ? f.key : f.jsonName) === k))[0];
    if (key !== undefined) return [key, ...below(path.slice(key.length), child(input, key))];
  }
  if (unknown === Unknown.Any || (unknown === Unknown.Plain && !/[.[]/.test(path))) return [path];
  return undefined;
}

/** Keys of what follows in a value of another shape than its type (input: that value): only keys and indexes it has. */
function inside(rest: string, input: unknown): PathKey[] | undefined {
  if (rest === "") return [];
  if (rest[0] === ".") {
    for (const key of prefixes(rest.slice(1), (k) => has(input, k))) {
      const tail = inside(rest.slice(1 + key.length), child(input, key));
      if (tail) return [key, ...tail];
    }
    return undefined;
  }
  const m = /^\[(\d+)\]/.exec(rest);
  const index = m ? Number(m[1]) : -1;
  if (!m || !Array.isArray(input) || index >= input.length) return undefined;
  const tail = inside(rest.slice(m[0].length), input[index]);
  return tail && [index, ...tail];
}

/** Keys of what follows a value of type t (input: that value) in a path: "", ".key...", "[n]...". */
function after(rest: string, t: RType, unknown: Unknown, input: unknown): PathKey[] | undefined {
  if (rest === "") return [];
  // (the name was the start of a longer key: "meta" of "metadata")
  if (rest[0] !== "." && rest[0] !== "[") return undefined;
  const b = base(t);
  // inside an any value: the keys the input has (JSON bytes have no failures there; without an input, split)
  if (b.kind === "scalar" && b.scalar === "any") return input === undefined ? below(rest, input) : inside(rest, input);
  // a value of another shape than its type (an object where a list or a scalar goes, a list where
  // an object goes): a value newModel cannot convert is below it, at keys the input has
  const list = b.kind === "slice" || b.kind === "array";
  const object = b.kind === "model" || b.kind === "map";
  if ((Array.isArray(input) && !list) || (isPlainObject(input) && !object)) return inside(rest, input);
  if (rest[0] === ".") return keysAt(rest.slice(1), t, unknown, input);
  const m = /^\[(\d+)\]/.exec(rest);
  if (!m || (b.kind !== "slice" && b.kind !== "array")) return undefined;
  const index = Number(m[1]);
  const tail = after(rest.slice(m[0].length), b.elem, unknown, child(input, index));
  return tail && [index, ...tail];
}
