// Resolve a model under validator options into the checked form every other part uses (compiler,
// value builder, reference validator, schema, marshal): JSON names, kinds, parsed directives,
// defaults. Every model mistake is thrown here as a ModelError naming model, field and directive.

import { DirectiveError, type Check, type FieldContext, type KindClass, type ObjectCheck, type SiblingRef, type ValueCheck } from "./directives/directive.js";
import { DIRECTIVES } from "./directives/index.js";
import { ModelError } from "./errors.js";
import type { Model, ScalarKind, Type } from "./model.js";
import { argumentKind, isModel, SCALAR_KINDS, t as builders } from "./model.js";
import { readFieldTag, splitDirectives, TagSyntaxError, type Directive } from "./tags.js";

export type ExtraFieldsMode = "ignore" | "forbid" | "allow";

export interface ValidatorOptions {
  /** A missing field with no default is an error (MISSING_FIELD). Default true. */
  strictMissingFields?: boolean | undefined;
  /** Unknown JSON keys: ignored, each one an EXTRA_FIELD error, or captured in t.extras(). Default "ignore". */
  extraFields?: ExtraFieldsMode | undefined;
  /** Tag name whose directive list is read from Go-style tags. Default: the global tag name. */
  tagName?: string | undefined;
  /** Errors collected before a final TOO_MANY_ERRORS record. Default 1000. */
  maxErrors?: number | undefined;
  /** Deepest nesting of objects and arrays accepted. Default 1000. */
  maxDepth?: number | undefined;
  /** Largest document accepted, in bytes. Default 256 MiB. */
  maxDocumentBytes?: number | undefined;
}

/** Options only the library itself sets (a union's variants ignore the discriminator key). */
export interface InternalOptions {
  /** Keys of the root object that are read and skipped, never unknown. */
  ignoredKeys?: readonly string[];
}

/**
 * Every option set (what defaultValidatorOptions() and Validator#options give). Not
 * Required<ValidatorOptions>: under exactOptionalPropertyTypes that keeps each `| undefined`.
 */
export type ResolvedOptions = { [K in keyof ValidatorOptions]-?: Exclude<ValidatorOptions[K], undefined> };

export type RType =
  | { readonly kind: "scalar"; readonly scalar: ScalarKind }
  | { readonly kind: "ptr"; readonly elem: RType }
  | { readonly kind: "slice"; readonly elem: RType }
  | { readonly kind: "array"; readonly elem: RType; readonly length: number }
  | { readonly kind: "map"; readonly elem: RType }
  | { readonly kind: "model"; readonly model: RModel }
  | { readonly kind: "extras" };

export interface RField {
  readonly owner: RModel;
  /** Property key in the TS value. */
  readonly key: string;
  /** Key in JSON (and in error paths). */
  readonly jsonName: string;
  /** Index in the model's field list. */
  readonly slot: number;
  /** The type as declared (possibly ptr). */
  readonly type: RType;
  /** The type with ptr removed: what checks see. */
  readonly base: RType;
  readonly nullable: boolean;
  readonly kind: KindClass;
  readonly omitEmpty: boolean;
  /** json:"-" (and the extras field): never read from or written to JSON. */
  readonly skip: boolean;
  readonly extras: boolean;
  required: boolean;
  /** Parsed default value (string, number or boolean), when the field has default=. */
  defaultValue: string | number | boolean | undefined;
  defaultText: string | undefined;
  readonly valueChecks: ValueCheck[];
  readonly objectChecks: ObjectCheck[];
  /** The directive list as written (for listings and messages). */
  directives: string;
}

export interface RModel {
  readonly name: string;
  readonly source: Model;
  readonly index: number;
  readonly fields: RField[];
  /** Fields read from JSON, by JSON name. */
  readonly byJson: Map<string, RField>;
  extrasField: RField | undefined;
  /** What unknown keys do at this level. */
  extraMode: "ignore" | "forbid" | "capture";
  /** Keys read and skipped without being unknown (root only). */
  ignoredKeys: readonly string[];
}

export interface Resolved {
  readonly root: RModel;
  readonly models: readonly RModel[];
  readonly options: Readonly<ResolvedOptions>;
}

let globalTagName = "checker";

/** Change the default tag name for validators created afterwards ("" restores `checker`). */
export function setTagName(name: string): void {
  // (undefined here left getTagName() undefined and every validator made afterwards broken)
  if (typeof name !== "string") throw new TypeError(`checker: setTagName takes a string ("" restores checker), not ${name === null ? "null" : typeof name}`);
  globalTagName = name === "" ? "checker" : name;
}

export function getTagName(): string {
  return globalTagName;
}

export function defaultValidatorOptions(): ResolvedOptions {
  return {
    strictMissingFields: true,
    extraFields: "ignore",
    tagName: "",
    maxErrors: 1000,
    maxDepth: 1000,
    maxDocumentBytes: 256 * 1024 * 1024,
  };
}

export function kindOf(t: RType): KindClass {
  switch (t.kind) {
    case "ptr": return kindOf(t.elem);
    case "slice": case "array": return "list";
    case "map": return "map";
    case "model": return "model";
    case "extras": return "extras";
    case "scalar":
      switch (t.scalar) {
        case "string": return "string";
        case "bool": return "bool";
        case "any": return "any";
        case "time": return "time";
        default: return "number";
      }
  }
}

export function stripPtr(t: RType): RType {
  return t.kind === "ptr" ? stripPtr(t.elem) : t;
}

/** Types Go writes as `null` when nil (ptr, slice, map). */
export function isNilable(t: RType): boolean {
  return t.kind === "ptr" || t.kind === "slice" || t.kind === "map";
}

/** Go spelling of a type, for messages: int, []string, map[string]int, *Address, time.Time. */
export function typeName(t: RType): string {
  switch (t.kind) {
    case "scalar": return t.scalar === "time" ? "time.Time" : t.scalar;
    case "ptr": return "*" + typeName(t.elem);
    case "slice": return "[]" + typeName(t.elem);
    case "array": return `[${t.length}]` + typeName(t.elem);
    case "map": return "map[string]" + typeName(t.elem);
    case "model": return t.model.name;
    case "extras": return "map[string]any";
  }
}

const INT_RANGES: Partial<Record<ScalarKind, [number, number]>> = {
  int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
  int: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint8: [0, 255], uint16: [0, 65535], uint32: [0, 4294967295],
  uint: [0, Number.MAX_SAFE_INTEGER], uint64: [0, Number.MAX_SAFE_INTEGER],
};

/** Integer range of an int kind (int/int64/uint/uint64 are bounded to JS safe integers). */
export function intRange(kind: ScalarKind): [number, number] | undefined {
  return INT_RANGES[kind];
}

/**
 * v as a field of type t (ptr removed) holds it: an int kind's -0 is 0, as Go's int holds it
 * (what unmarshal returns, marshal writes, and every error reports as that field's value).
 */
export function intZeroed(t: RType, v: unknown): unknown {
  return v === 0 && t.kind === "scalar" && intRange(t.scalar) !== undefined ? 0 : v;
}

export const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * The float32 kind holds a number that rounds to a finite float32 (as Go's ParseFloat(s, 32)
 * reads it: Go writes float32's largest value as 3.4028235e+38, above FLOAT32_MAX, which rounds
 * down to it). The first number that rounds to infinity, halfway between FLOAT32_MAX and 2^128.
 */
export const FLOAT32_OVERFLOW = 3.4028235677973366e38;

export function fitsFloat32(n: number): boolean {
  return Number.isFinite(Math.fround(n));
}

/** Makes the ModelError of a mistake in one field. */
type FieldFailure = (why: string) => ModelError;

function fieldFailure(model: string, key: string): FieldFailure {
  return (why) => new ModelError(`field ${model}.${key}: ${why}`, model, key);
}

/** A field's type is a Type (from t.*, or a model) with a string tag, if any: else ModelError. */
function checkType(t: unknown, fail: FieldFailure): asserts t is Type {
  const o = t as { kind?: unknown; tag?: unknown } | null;
  if (o === null || typeof o !== "object" || typeof o.kind !== "string") {
    throw fail(`not a type (t.string(), t.int(), a model, ...), got ${argumentKind(o)}${notATypeHint(o)}`);
  }
  if (o.tag !== undefined && typeof o.tag !== "string") throw fail(`the tag must be a string, got ${typeof o.tag}`);
}

/** What to write instead of a value that is no field type, where a user's likely mistake is plain. */
function notATypeHint(o: unknown): string {
  const builder = Object.entries(builders).find(([, b]) => b === o)?.[0];
  if (builder !== undefined) return ` (call the builder: t.${builder}())`;
  if (typeof o === "function") return " (for a model declared later, use t.lazy(() => Model))";
  const kind = argumentKind(o);
  if (kind === "a Validator") return " (a field takes the model itself: validator.model)";
  if (kind === "a UnionValidator") return " (a union is no field type)";
  return "";
}

/** The likely intent behind an unknown directive, where a common mistake explains it. */
function unknownDirectiveHint(d: Directive, previous: Directive | undefined): string {
  if (previous?.name === "oneof" && d.value === undefined) {
    return ` (oneof's values are separated by spaces: oneof=${previous.value} ${d.name})`;
  }
  if (d.name === "omitempty") return ' (omitempty is an option of the json tag: json:"name,omitempty")';
  if (d.name === "dive") return " (dive, Go's checks of each item, is not supported: a slice's or map's tag checks the list or map itself)";
  const lower = d.name.toLowerCase();
  const meant = [...DIRECTIVES.keys()].find((n) => n.toLowerCase() === lower);
  if (meant !== undefined) return ` (directive names are case-sensitive: ${meant})`;
  return "";
}

/** The longest t.array(N, T). */
export const MAX_ARRAY_LENGTH = 1 << 20;

/** Resolve a model under options. Throws ModelError. */
export function resolve(root: Model, opts: ValidatorOptions = {}, internal: InternalOptions = {}): Resolved {
  const options: ResolvedOptions = { ...defaultValidatorOptions(), ...stripUndefined(opts) };
  if (!isModel(root)) throw new ModelError("the root of a validator must be a model (model(name, fields))", String(root));
  if (!["ignore", "forbid", "allow"].includes(options.extraFields)) {
    throw new ModelError(`unknown extraFields mode ${JSON.stringify(options.extraFields)} (ignore, forbid or allow)`, root.name);
  }
  const effectiveTag = options.tagName !== "" ? options.tagName : globalTagName;
  const tagNames = [...new Set([effectiveTag, "checker", "validate"])];
  const models: RModel[] = [];
  const seen = new Map<Model, RModel>();

  /** A field's type (checked by checkType already), with `fail` for the field's mistakes. */
  function resolveType(t: Type, fail: FieldFailure): RType {
    switch (t.kind) {
      case "ptr": case "slice": case "map": case "array": {
        if (t.elem === undefined) throw fail(`${t.kind} needs an element type`);
        checkType(t.elem, fail);
        if (t.elem.tag !== undefined && t.elem.tag.trim() !== "") {
          // (a ptr's own tag checks the value it points to, as a Go tag on a *T field does)
          if (t.kind === "ptr") throw fail(`a tag on the element of a ptr has no effect; write it on the ptr: t.ptr(<element>, ${JSON.stringify(t.elem.tag)}), whose checks apply to the value it points to`);
          throw fail(`a tag on the element of a ${t.kind} has no effect (element checks need dive, which is not supported); put the tag on the field`);
        }
        const elem = resolveType(t.elem, fail);
        if (elem.kind === "extras") throw fail("t.extras() cannot be an element type");
        if (t.kind === "ptr") return elem.kind === "ptr" ? elem : { kind: "ptr", elem };
        if (t.kind === "array") {
          if (!Number.isInteger(t.length) || t.length! < 0) throw fail(`array length must be a non-negative integer, got ${typeof t.length === "string" ? JSON.stringify(t.length) : String(t.length)}`);
          // (every value of the field holds that many items, zero or not)
          if (t.length! > MAX_ARRAY_LENGTH) throw fail(`array length ${t.length} is more than ${MAX_ARRAY_LENGTH}`);
          return { kind: "array", elem, length: t.length! };
        }
        return { kind: t.kind, elem };
      }
      case "model": {
        if (typeof t.target !== "function") {
          throw fail(`t.model/t.lazy must give a model: t.lazy takes a function that returns it (t.lazy(() => Model)), got ${argumentKind(t.target)}`);
        }
        let target: unknown;
        try {
          target = t.target();
        } catch (e) {
          // (a model declared after the validator is made: "Cannot access 'B' before initialization")
          const error = fail(`t.lazy's function threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} (make the validator after every model it refers to is declared)`);
          throw Object.assign(error, { cause: e });
        }
        if (!isModel(target)) throw fail(`t.model/t.lazy must give a model, got ${argumentKind(target)}${notATypeHint(target)}`);
        return { kind: "model", model: resolveModel(target) };
      }
      case "extras": return { kind: "extras" };
      default:
        if (!SCALAR_KINDS.has(t.kind)) throw fail(`unknown kind ${JSON.stringify(t.kind)}`);
        return { kind: "scalar", scalar: t.kind };
    }
  }

  function resolveModel(m: Model): RModel {
    const known = seen.get(m);
    if (known) return known;
    const rm: RModel = { name: m.name, source: m, index: models.length, fields: [], byJson: new Map(), extrasField: undefined, extraMode: "ignore", ignoredKeys: [] };
    seen.set(m, rm);
    models.push(rm);
    const pending: [RField, string | undefined][] = [];
    for (const [key, type] of Object.entries(m.shape)) {
      const fail = fieldFailure(m.name, key);
      checkType(type, fail);
      let tag;
      try {
        tag = readFieldTag(type.tag, tagNames);
      } catch (e) {
        if (e instanceof TagSyntaxError) throw fail(e.message);
        throw e;
      }
      const rt = resolveType(type, fail);
      const base = stripPtr(rt);
      const extras = rt.kind === "extras";
      const field: RField = {
        owner: rm, key, jsonName: tag.jsonName ?? key, slot: rm.fields.length, type: rt, base,
        nullable: rt.kind === "ptr", kind: kindOf(rt), omitEmpty: tag.omitEmpty, skip: tag.skip || extras, extras,
        required: false, defaultValue: undefined, defaultText: undefined, valueChecks: [], objectChecks: [],
        directives: tag.directives ?? "",
      };
      if (extras) {
        if (rm.extrasField) throw new ModelError(`model ${m.name} has two extras fields (${rm.extrasField.key}, ${key})`, m.name, key);
        rm.extrasField = field;
      }
      if (!field.skip) {
        const dup = rm.byJson.get(field.jsonName);
        if (dup) throw new ModelError(`fields ${m.name}.${dup.key} and ${m.name}.${key} have the same JSON name ${JSON.stringify(field.jsonName)}`, m.name, key);
        rm.byJson.set(field.jsonName, field);
      }
      rm.fields.push(field);
      pending.push([field, tag.directives]);
    }
    for (const [field, list] of pending) if (list !== undefined) applyDirectives(rm, field, list);
    rm.extraMode = options.extraFields === "allow" ? (rm.extrasField ? "capture" : "ignore") : options.extraFields;
    return rm;
  }

  function applyDirectives(rm: RModel, field: RField, list: string): void {
    const sib = (f: RField): SiblingRef => ({ key: f.key, kind: f.kind, scalar: scalarOf(f.base), slot: f.slot, nullable: f.type.kind === "ptr" });
    const lookup = (owner: RModel, name: string) => {
      const f = owner.fields.find((x) => x.key === name) ?? owner.fields.find((x) => !x.skip && x.jsonName === name);
      return f && !f.extras ? sib(f) : undefined;
    };
    const elem = elemType(field.base);
    const ctx: FieldContext = {
      model: rm.name,
      field: field.key,
      kind: field.kind,
      scalar: scalarOf(field.base),
      elemKind: elem ? kindOf(elem) : undefined,
      elemNullable: elem?.kind === "ptr",
      elemField: (name) => {
        const e = elem ? stripPtr(elem) : undefined;
        return e?.kind === "model" ? lookup(e.model, name) : undefined;
      },
      elemFields: () => {
        const e = elem ? stripPtr(elem) : undefined;
        return e?.kind === "model" ? e.model.fields.filter((f) => !f.skip).map(sib) : undefined;
      },
      sibling: (name) => lookup(rm, name),
    };
    let directives;
    try {
      directives = splitDirectives(list);
    } catch (e) {
      if (e instanceof TagSyntaxError) throw fieldFailure(rm.name, field.key)(e.message);
      throw e;
    }
    for (const [i, d] of directives.entries()) {
      const spec = DIRECTIVES.get(d.name);
      const fail = (why: string) => new ModelError(`field ${rm.name}.${field.key}: ${why}`, rm.name, field.key, d.name);
      if (!spec) throw fail(`unknown directive '${d.name}'${unknownDirectiveHint(d, directives[i - 1])}`);
      let built;
      try {
        built = spec.build(d.name, d.value, d.raw, ctx);
      } catch (e) {
        if (e instanceof DirectiveError) throw fail(e.message);
        throw e;
      }
      if (built.phase === "flag") {
        if (built.flag === "required") field.required = true;
      } else if (built.phase === "default") {
        field.defaultText = built.text;
        try {
          field.defaultValue = parseDefault(field, built.text);
        } catch (e) {
          if (e instanceof DirectiveError) throw fail(e.message);
          throw e;
        }
      } else if (built.phase === "value") field.valueChecks.push(built);
      else field.objectChecks.push(built);
    }
    if (field.defaultValue !== undefined) {
      const broken = field.valueChecks.find((c: Check) => c.phase === "value" && !c.test(field.defaultValue));
      if (broken) {
        throw new ModelError(`field ${rm.name}.${field.key}: default=${field.defaultText} breaks ${broken.directive}`, rm.name, field.key, "default");
      }
    }
  }

  const rroot = resolveModel(root);
  rroot.ignoredKeys = (internal.ignoredKeys ?? []).filter((k) => !rroot.byJson.has(k));
  if (options.extraFields === "allow" && !rroot.extrasField) {
    throw new ModelError(
      `ExtraAllow needs an extras field: model ${root.name} has no t.extras() field (map[string]any with json:"-" and extra_fields)`,
      root.name,
    );
  }
  checkNoDirectCycle(models);
  // (frozen: a validator's options are read at every call, and one changed after its checks, maxDepth
  // past 1000 say, would reach what those checks keep out)
  // (the tag name in force, not "": the validator keeps it whatever setTagName says later, and
  // `new Validator(v.model, v.options)`, as the CLI makes one with other options, must read the same)
  return { root: rroot, models, options: Object.freeze({ ...options, tagName: effectiveTag }) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function scalarOf(t: RType): ScalarKind | undefined {
  return t.kind === "scalar" ? t.scalar : undefined;
}

function elemType(t: RType): RType | undefined {
  return t.kind === "slice" || t.kind === "array" || t.kind === "map" ? t.elem : undefined;
}

/** The texts Go's strconv.ParseBool reads, and their values. */
const GO_BOOLS: ReadonlyMap<string, boolean> = new Map([
  ["1", true], ["t", true], ["T", true], ["TRUE", true], ["true", true], ["True", true],
  ["0", false], ["f", false], ["F", false], ["FALSE", false], ["false", false], ["False", false],
]);

function parseDefault(field: RField, text: string): string | number | boolean {
  const base = field.base;
  if (base.kind !== "scalar") throw new DirectiveError(`default= is not supported on ${typeName(base)}`);
  if (base.scalar === "string") return text;
  if (base.scalar === "bool") {
    const b = GO_BOOLS.get(text);
    if (b === undefined) throw new DirectiveError(`default=${text} is not a bool (${[...GO_BOOLS.keys()].join(", ")}, as Go's ParseBool)`);
    return b;
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new DirectiveError(`default=${text} is not a number`);
  const n = Number(text);
  const range = intRange(base.scalar);
  if (range) {
    // (a sign and digits, as Go's ParseInt reads them, so 1.0 and 1e2 are no ints, as in JSON; a
    // uint takes digits only, as Go's ParseUint: no + sign, no minus sign, -0 neither; -0 is 0)
    if (!/^[+-]?\d+$/.test(text)) throw new DirectiveError(`default=${text} is not an integer for ${base.scalar}`);
    if (range[0] === 0 && text.startsWith("+")) throw new DirectiveError(`default=${text} is not an integer for ${base.scalar} (digits only, as Go's ParseUint)`);
    if (n < range[0] || n > range[1] || (range[0] === 0 && text.startsWith("-"))) throw new DirectiveError(`default=${text} is out of range for ${base.scalar}`);
    return n === 0 ? 0 : n;
  } else if (base.scalar === "float32" && !fitsFloat32(n)) {
    throw new DirectiveError(`default=${text} is out of range for float32`);
  } else if (!Number.isFinite(n)) throw new DirectiveError(`default=${text} is out of range`);
  return n;
}

/** A model holding itself without a ptr, slice or map in between would be infinite. */
function checkNoDirectCycle(models: readonly RModel[]): void {
  const state = new Map<RModel, number>(); // 1 visiting, 2 done
  const visit = (m: RModel, path: string[]): void => {
    if (state.get(m) === 2) return;
    if (state.get(m) === 1) {
      throw new ModelError(`model ${m.name} contains itself (${path.join(" -> ")}); use t.ptr, t.slice or t.map for recursion`, m.name);
    }
    state.set(m, 1);
    for (const f of m.fields) {
      let t = f.type;
      while (t.kind === "array") t = t.elem;
      if (t.kind === "model") visit(t.model, [...path, `${m.name}.${f.key}`]);
    }
    state.set(m, 2);
  };
  for (const m of models) visit(m, []);
}
