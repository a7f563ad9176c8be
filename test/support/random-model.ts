// Random models (built with the public DSL) and random JSON documents for them, for the
// properties of test/random-models.test.ts.
//
// A model is first a plain spec (MSpec: fields with kinds, directives, JSON names, omitempty,
// json:"-"), turned into a DSL model by `toModel`. A document is a JSON tree (J) that keeps key
// order and repeated keys, written out by `writeJson` with random whitespace and \u escapes.
// `denote` gives the typed value a clean document stands for (what validate should see).

import fc from "fast-check";
import { model, ModelError, t, UnionValidator, Validator, type FieldError, type Model, type Type } from "../../bindings/index.js";
import type { ExtraFieldsMode } from "../../bindings/resolve.js";

// ---------------------------------------------------------------- specs

export type Scalar =
  | "string" | "bool" | "int" | "int8" | "int16" | "int32" | "int64"
  | "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "float32" | "float64" | "any" | "time";

export type TSpec =
  | { k: "scalar"; kind: Scalar; dirs: string[] }
  | { k: "ptr"; elem: TSpec; dirs: string[] }
  | { k: "slice"; elem: TSpec; dirs: string[] }
  | { k: "array"; n: number; elem: TSpec; dirs: string[] }
  | { k: "map"; elem: TSpec; dirs: string[] }
  | { k: "model"; m: MSpec; dirs: string[] }
  | { k: "extras" };

export interface FSpec {
  key: string;
  json?: string;
  omitempty: boolean;
  dash: boolean;
  type: TSpec;
}

export interface MSpec {
  name: string;
  fields: FSpec[];
}

export interface Setup {
  root: MSpec;
  strictMissingFields: boolean;
  extraFields: ExtraFieldsMode;
  maxErrors: number;
}

/** Which directives and kinds the generator may use. */
export interface GenOptions {
  /** Only what JSON Schema states exactly (bindings/schema.ts "Exact"): no email/url/uuid/regexp, no [N]T, no unique on maps or ptrs. */
  schemaExact?: boolean;
  /** JSON names may be other fields' property keys (f0, f1, ...): objects whose keys read both ways (newModel). */
  keyNames?: boolean;
}

const INT_KINDS: Scalar[] = ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"];
const UNIQUE_ELEMS: Scalar[] = ["string", "int8", "uint16", "int", "float64", "bool"];

export function intBounds(kind: string): [number, number] {
  const b: Record<string, [number, number]> = {
    int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
    uint8: [0, 255], uint16: [0, 65535], uint32: [0, 4294967295],
  };
  return b[kind] ?? (kind.startsWith("u") ? [0, Number.MAX_SAFE_INTEGER] : [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
}

export const isInt = (k: string) => INT_KINDS.includes(k as Scalar);
const isFloat = (k: string) => k === "float32" || k === "float64";

export const WORDS = ["", "a", "ab", "abc", "b", "abcd", "Ab1", "é😀", "a b", "x@y.io", "http://h/p", "ünï", "\"q\\", "\u2028", "\uD800z", "日本語"];

function scalarDirs(kind: Scalar, o: GenOptions): fc.Arbitrary<string[]> {
  const signed = !kind.startsWith("u");
  const n = isFloat(kind)
    ? fc.constantFrom("-1.5", "0", "1", "2.5", "1e1")
    : fc.integer({ min: signed ? -3 : 0, max: 5 }).map(String);
  let pool: fc.Arbitrary<string>[];
  switch (kind) {
    case "string":
      pool = [
        fc.integer({ min: 0, max: 3 }).map((x) => `min=${x}`),
        fc.integer({ min: 1, max: 6 }).map((x) => `max=${x}`),
        fc.constantFrom("oneof=a ab é😀", "oneof=abc b"),
        // regexp and the formats are not exact in JSON Schema (bindings/schema.ts: "" passes in checker, RE2 vs ECMAScript)
        fc.constantFrom("alpha", "alphanum", ...(o.schemaExact ? [] : ["regexp=^[a-c]*$", "pattern=b", "email", "url", "uuid"])),
        fc.constantFrom("default=ab", "default=a"),
      ];
      break;
    case "bool":
      pool = [fc.constantFrom("oneof=true", "oneof=false true", "default=true")];
      break;
    case "any":
    case "time":
      pool = [];
      break;
    default:
      pool = [
        n.map((x) => `min=${x}`), n.map((x) => `max=${x}`), n.map((x) => `gte=${x}`), n.map((x) => `lte=${x}`),
        n.map((x) => `gt=${x}`), n.map((x) => `lt=${x}`),
        fc.constantFrom(isFloat(kind) ? "oneof=1.5 2 3" : "oneof=1 2 3"),
        fc.constantFrom(isFloat(kind) ? "default=2.5" : "default=2"),
      ];
  }
  const ds = pool.length ? fc.uniqueArray(fc.oneof(...pool), { maxLength: 3, selector: (d) => d.split("=")[0] }) : fc.constant<string[]>([]);
  return fc.tuple(fc.integer({ min: 0, max: 3 }), ds).map(([req, list]) => (req === 0 ? ["required", ...list] : list));
}

function listDirs(elem: TSpec, o: GenOptions, map = false): fc.Arbitrary<string[]> {
  // unique on a map has no JSON Schema keyword (x-checker)
  const canUnique = !(map && o.schemaExact) && elem.k === "scalar" && UNIQUE_ELEMS.includes(elem.kind) ||
    (!o.schemaExact && elem.k === "ptr" && elem.elem.k === "scalar" && UNIQUE_ELEMS.includes(elem.elem.kind));
  const pool = [
    fc.constant("required"),
    fc.integer({ min: 0, max: 2 }).map((x) => `min=${x}`),
    fc.integer({ min: 1, max: 3 }).map((x) => `max=${x}`),
    ...(canUnique ? [fc.constant("unique")] : []),
  ];
  return fc.uniqueArray(fc.oneof(...pool), { maxLength: 3, selector: (d) => d.split("=")[0] });
}

const SCALARS: Scalar[] = ["string", "string", "bool", "int", "int8", "uint8", "int16", "uint32", "int64", "uint64", "float32", "float64", "any", "time"];

function typeArb(depth: number, o: GenOptions): fc.Arbitrary<TSpec> {
  const scalar = fc.constantFrom(...SCALARS).chain((kind) => scalarDirs(kind, o).map((dirs): TSpec => ({ k: "scalar", kind, dirs })));
  const bareScalar = fc.constantFrom(...SCALARS).map((kind): TSpec => ({ k: "scalar", kind, dirs: [] }));
  const options: fc.Arbitrary<TSpec>[] = [
    scalar, scalar, scalar,
    scalar.map((s): TSpec => ({ k: "ptr", elem: { ...s, dirs: [] }, dirs: (s as { dirs: string[] }).dirs.filter((d) => !d.startsWith("default")) })),
    fc.oneof(bareScalar, bareScalar.map((s): TSpec => ({ k: "ptr", elem: s, dirs: [] })))
      .chain((elem) => listDirs(elem, o).map((dirs): TSpec => ({ k: "slice", elem, dirs }))),
    bareScalar.chain((elem) => listDirs(elem, o, true).map((dirs): TSpec => ({ k: "map", elem, dirs }))),
  ];
  if (!o.schemaExact) {
    options.push(fc.tuple(fc.integer({ min: 1, max: 3 }), bareScalar).map(([n, elem]): TSpec => ({ k: "array", n, elem, dirs: [] })));
  }
  if (depth < 2) {
    const sub = modelArb(depth + 1, o, false);
    options.push(
      fc.tuple(sub, fc.constantFrom([], ["required"])).map(([m, dirs]): TSpec => ({ k: "model", m, dirs })),
      sub.map((m): TSpec => ({ k: "ptr", elem: { k: "model", m, dirs: [] }, dirs: [] })),
      fc.tuple(sub, fc.constantFrom([], ["max=2"], ["min=1"])).map(([m, dirs]): TSpec => ({ k: "slice", elem: { k: "model", m, dirs: [] }, dirs })),
      sub.map((m): TSpec => ({ k: "map", elem: { k: "model", m, dirs: [] }, dirs: [] })),
    );
  }
  return fc.oneof(...options);
}

const JSON_NAMES = ["n", "név", "a_b", "x-y", "ключ", "😀", "k 1", "A"];

function modelArb(depth: number, o: GenOptions, root: boolean): fc.Arbitrary<MSpec> {
  const field = fc.record({
    json: fc.option(fc.constantFrom(...JSON_NAMES, ...(o.keyNames ? ["f0", "f1", "f2", "rest", "n.a", "f0[1]", "A.b.c"] : [])), { freq: 3 }),
    omitempty: fc.integer({ min: 0, max: 3 }).map((x) => x === 0),
    dash: fc.integer({ min: 0, max: 15 }).map((x) => x === 0),
    type: typeArb(depth, o),
  });
  const cross = o.schemaExact ? fc.constant([]) : fc.array(fc.record({
    from: fc.nat(), to: fc.nat(),
    op: fc.constantFrom("gtfield", "ltfield", "required_if", "required_with"),
    value: fc.constantFrom("a", "1", "2", "true", "false", "0"),
    byJson: fc.boolean(),
  }), { maxLength: 2 });
  return fc.tuple(fc.array(field, { minLength: root ? 1 : 0, maxLength: root ? 5 : 3 }), fc.boolean(), cross).map(([fs, extras, links]) => {
    const used = new Set<string>();
    const fields: FSpec[] = [];
    fs.forEach((f, i) => {
      const key = `f${i}`;
      let json = f.json ?? undefined;
      if (json !== undefined && used.has(json)) json = undefined;
      const name = json ?? key;
      if (used.has(name)) return;
      used.add(name);
      fields.push({ key, json, omitempty: f.omitempty, dash: f.dash && f.type.k !== "model", type: f.type });
    });
    // cross-field directives between the fields (kinds that cannot be compared make a ModelError: dropped)
    for (const l of links) {
      if (fields.length < 2) break;
      const i = l.from % fields.length;
      const j = (i + 1 + (l.to % (fields.length - 1))) % fields.length;
      const other = fields[j];
      const name = l.byJson && other.json !== undefined ? other.json : other.key;
      const ts = fields[i].type;
      if (!("dirs" in ts) || name.includes(" ") || other.dash || other.type.k === "extras") continue;
      // gtfield / ltfield compare numbers, strings or times of one class; required_if needs a string, number or bool
      const a = classOf(ts);
      const b = classOf(other.type);
      if ((l.op === "gtfield" || l.op === "ltfield") && (a !== b || !["number", "string", "time"].includes(a))) continue;
      if (l.op === "required_if" && !["number", "string", "bool"].includes(b)) continue;
      const d = l.op === "required_if" ? `required_if=${name} ${l.value}` : `${l.op}=${name}`;
      fields[i] = { ...fields[i], type: { ...ts, dirs: [...ts.dirs, d] } };
    }
    if (extras) fields.push({ key: "rest", omitempty: false, dash: false, type: { k: "extras" } });
    return { name: "M", fields };
  });
}

function classOf(ts: TSpec): string {
  const base = ts.k === "ptr" ? ts.elem : ts;
  if (base.k !== "scalar") return base.k;
  return isInt(base.kind) || isFloat(base.kind) ? "number" : base.kind;
}

export function setupArb(o: GenOptions = {}): fc.Arbitrary<Setup> {
  return fc.record({
    root: modelArb(0, o, true),
    strictMissingFields: fc.boolean(),
    extraFields: fc.constantFrom<ExtraFieldsMode>("ignore", "forbid", "allow"),
    maxErrors: fc.constantFrom(1000, 1000, 1, 2, 3),
  }).map((s) => {
    const root = renamed(s.root, "Root");
    // allow needs an extras field on the root
    if (s.extraFields === "allow" && !root.fields.some((f) => f.type.k === "extras")) {
      root.fields.push({ key: "rest", omitempty: false, dash: false, type: { k: "extras" } });
    }
    return { ...s, root };
  });
}

/** A copy with each model named by its path from the root (names stay the same while shrinking). */
function renamed(m: MSpec, name: string): MSpec {
  const ty = (ts: TSpec, at: string): TSpec => {
    switch (ts.k) {
      case "model": return { ...ts, m: renamed(ts.m, at) };
      case "ptr": case "slice": case "array": case "map": return { ...ts, elem: ty(ts.elem, at) };
      default: return ts;
    }
  };
  return { name, fields: m.fields.map((f) => ({ ...f, type: ty(f.type, `${name}_${f.key}`) })) };
}

// ---------------------------------------------------------------- spec -> DSL

function tagOf(f: FSpec | undefined, dirs: string[]): string | undefined {
  const list = dirs.join(",");
  if (!f || (f.json === undefined && !f.omitempty && !f.dash)) return list === "" ? undefined : list;
  const name = f.dash ? "-" : (f.json ?? "") + (f.omitempty ? ",omitempty" : "");
  return `json:"${name}"` + (list === "" ? "" : ` checker:"${list}"`);
}

function toType(ts: TSpec, f?: FSpec): Type {
  switch (ts.k) {
    case "scalar": return (t[ts.kind] as (tag?: string) => Type)(tagOf(f, ts.dirs));
    case "ptr": return t.ptr(toType(ts.elem), tagOf(f, ts.dirs));
    case "slice": return t.slice(toType(ts.elem), tagOf(f, ts.dirs));
    case "array": return t.array(ts.n, toType(ts.elem), tagOf(f, ts.dirs));
    case "map": return t.map(toType(ts.elem), tagOf(f, ts.dirs));
    case "model": return t.model(toModel(ts.m), tagOf(f, ts.dirs));
    case "extras": return t.extras();
  }
}

const built = new WeakMap<MSpec, Model>();

export function toModel(m: MSpec): Model {
  let out = built.get(m);
  if (!out) {
    out = model(m.name, Object.fromEntries(m.fields.map((f) => [f.key, toType(f.type, f)])));
    built.set(m, out);
  }
  return out;
}

/** A random model, a validator with the setup's options, a document and its text. */
export interface Case {
  setup: Setup;
  v: Validator;
  doc: J;
  text: string;
}

/**
 * Random models with a validator each (models the resolver refuses are dropped, counted in
 * `stats`), and documents for them (`clean` ones are written without whitespace or escapes).
 */
export function caseArb(gen: GenOptions, doc: DocOptions, stats = { modelErrors: 0, models: 0 }): fc.Arbitrary<Case> {
  return setupArb(gen)
    .map((setup) => {
      stats.models++;
      try {
        return { setup, v: new Validator(toModel(setup.root), { strictMissingFields: setup.strictMissingFields, extraFields: setup.extraFields, maxErrors: setup.maxErrors }) };
      } catch (e) {
        stats.modelErrors++;
        if (process.env.RANDOM_MODELS_DEBUG) console.log((e as Error).message);
        if (e instanceof ModelError) return undefined;
        throw e;
      }
    })
    .filter((x): x is { setup: Setup; v: Validator } => x !== undefined)
    .chain(({ setup, v }) =>
      fc.tuple(objectArb(setup.root, doc), doc.clean ? fc.constant(0) : fc.integer({ min: 0, max: 1 << 30 }))
        .map(([j, seed]) => {
          const c: Case = { setup, v, doc: j, text: writeJson(j, seed) };
          return Object.assign(c, { [fc.toStringMethod]: () => `${describeSetup(setup)} / ${c.text}` });
        }),
    );
}

/** A failure report: what went wrong, the model as DSL source, the document. */
export function reportCase(c: Case, what: string): string {
  return `${what}\nmodel: ${describeSetup(c.setup)}\ndocument: ${c.text}`;
}

/** The comparable part of errors (exactly the keys a FieldError serialises with). */
export const errorFields = (errors: readonly FieldError[]) => errors.map((e) => ({ field: e.field, code: e.code, message: e.message, value: e.value }));

/** A model as DSL source text. */
export function describeModel(m: MSpec): string {
  const ty = (ts: TSpec, f?: FSpec): string => {
    const tag = f ? tagOf(f, "dirs" in ts ? ts.dirs : []) : ("dirs" in ts && ts.dirs.length ? ts.dirs.join(",") : undefined);
    const q = tag === undefined ? "" : JSON.stringify(tag);
    switch (ts.k) {
      case "scalar": return `t.${ts.kind}(${q})`;
      case "ptr": return `t.ptr(${ty(ts.elem)}${q && ", " + q})`;
      case "slice": return `t.slice(${ty(ts.elem)}${q && ", " + q})`;
      case "array": return `t.array(${ts.n}, ${ty(ts.elem)}${q && ", " + q})`;
      case "map": return `t.map(${ty(ts.elem)}${q && ", " + q})`;
      case "model": return `t.model(${mo(ts.m)}${q && ", " + q})`;
      case "extras": return "t.extras()";
    }
  };
  const mo = (m: MSpec): string => `model(${JSON.stringify(m.name)}, { ${m.fields.map((f) => `${f.key}: ${ty(f.type, f)}`).join(", ")} })`;
  return mo(m);
}

/** The model as source text (for failure reports). */
export function describeSetup(s: Setup): string {
  return `${describeModel(s.root)} with ${describeOptions(s)}`;
}

function describeOptions(s: Omit<Setup, "root">): string {
  return `{ strictMissingFields: ${s.strictMissingFields}, extraFields: "${s.extraFields}", maxErrors: ${s.maxErrors} }`;
}

// ---------------------------------------------------------------- unions

/** A random union: its discriminator key, 2-4 variants (a model may serve two values), the options of every variant. */
export interface UnionSetup extends Omit<Setup, "root"> {
  discriminator: string;
  variants: { value: string; m: MSpec }[];
}

// (some are field names of the generated models: "ключ", "k 1"; "zz" and "rest" are unknown keys objectArb adds)
const DISCRIMINATORS = ["kind", "kind", "type", "-", "a\"b", "ключ", "k 1", "zz", "rest"];
// (prefixes of one another: a stream must not narrow on a value that is not complete)
const VARIANT_VALUES = ["cat", "c", "ca", "dog", "Cat", "é😀", "a b", "\"q\\", "\u2028"];

export function unionArb(o: GenOptions = {}): fc.Arbitrary<UnionSetup> {
  return fc.record({
    discriminator: fc.constantFrom(...DISCRIMINATORS),
    models: fc.array(modelArb(0, o, true), { minLength: 2, maxLength: 4 }),
    values: fc.uniqueArray(fc.constantFrom(...VARIANT_VALUES), { minLength: 4, maxLength: 4 }),
    // a model that serves a second value (index of the variant that takes the first one's model)
    shared: fc.integer({ min: 0, max: 12 }),
    strictMissingFields: fc.boolean(),
    extraFields: fc.constantFrom<ExtraFieldsMode>("ignore", "forbid", "allow"),
    maxErrors: fc.constantFrom(1000, 1000, 1, 2, 3),
  }).map(({ discriminator, models, values, shared, ...options }) => {
    const ms = models.map((m, i) => {
      const root = renamed(m, `V${i}`);
      if (options.extraFields === "allow" && !root.fields.some((f) => f.type.k === "extras")) {
        root.fields.push({ key: "rest", omitempty: false, dash: false, type: { k: "extras" } });
      }
      return root;
    });
    if (shared >= 1 && shared < ms.length) ms[shared] = ms[0];
    return { ...options, discriminator, variants: ms.map((m, i) => ({ value: values[i], m })) };
  });
}

export function toUnion(u: UnionSetup): UnionValidator {
  return new UnionValidator(
    { discriminator: u.discriminator, variants: u.variants.map((v) => ({ value: v.value, model: toModel(v.m) })) },
    { strictMissingFields: u.strictMissingFields, extraFields: u.extraFields, maxErrors: u.maxErrors },
  );
}

/** fast-check parameters of a random-model property: `n` runs from `seed`, RANDOM_MODELS_SEED / RANDOM_MODELS_RUNS exploring further. */
export function randomRuns(n: number, seed: number): { numRuns: number; seed: number } {
  return { numRuns: Math.round(n * Number(process.env.RANDOM_MODELS_RUNS ?? 1)), seed: seed + Number(process.env.RANDOM_MODELS_SEED ?? 0) };
}

/** Random unions that build (a definition that is a ModelError is dropped), with their UnionValidator. */
export function builtUnionArb(o: GenOptions = {}): fc.Arbitrary<{ setup: UnionSetup; u: UnionValidator }> {
  return unionArb(o)
    .map((setup) => {
      try {
        return { setup, u: toUnion(setup) };
      } catch (e) {
        if (e instanceof ModelError) return undefined;
        throw e;
      }
    })
    .filter((x): x is { setup: UnionSetup; u: UnionValidator } => x !== undefined);
}

/** The union as source text (for failure reports). */
export function describeUnion(u: UnionSetup): string {
  const vs = u.variants.map((v) => `{ value: ${JSON.stringify(v.value)}, model: ${describeModel(v.m)} }`).join(", ");
  return `new UnionValidator({ discriminator: ${JSON.stringify(u.discriminator)}, variants: [${vs}] }, ${describeOptions(u)})`;
}

export interface UnionDoc {
  /** The variant whose model wrote the body. */
  body: number;
  doc: J;
}

/** How a document states its discriminator (`valid`: the body's variant, as every one in `schemaDomain`). */
function discriminatorArb(u: UnionSetup, body: number, o: DocOptions): fc.Arbitrary<J | undefined> {
  const own = str(u.variants[body].value);
  if (o.mutate === 0) return fc.constant(own);
  const values = u.variants.map((v) => v.value);
  if (o.schemaDomain) {
    // (a value naming another variant reads this body as that variant: outside the domain)
    const none = fc.constantFrom<J | undefined>(undefined, NULL, str(""), str("cow"), str("CAT"), str("c "), { t: "lit", text: "1" }, { t: "arr", items: [own] });
    return fc.oneof({ weight: 9, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: none });
  }
  const other: fc.Arbitrary<J | undefined>[] = [
    fc.constant(undefined), fc.constant(NULL),
    fc.constantFrom(...values).map((v) => str(v)),
    fc.constantFrom(...values).map((v) => str(v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase())),
    fc.constantFrom(...values).map((v) => str(v + " ")),
    fc.constantFrom("", "cow", "c\u0000").map(str),
    fc.constantFrom("1", "-0", "1.5", "1e2", "true", "false").map((text): J => ({ t: "lit", text })),
    fc.constantFrom(...values).map((v): J => ({ t: "arr", items: [str(v)] })),
    fc.constantFrom(...values).map((v): J => ({ t: "obj", entries: [["v", str(v)]] })),
  ];
  return fc.oneof({ weight: Math.round((1 - o.mutate) * 100), arbitrary: fc.constant(own) }, { weight: Math.round(o.mutate * 100), arbitrary: fc.oneof(...other) });
}

/**
 * A document for a union: the body of one variant (`clean`: that variant's; else now and then
 * another's) with the discriminator at a random place, maybe repeated (an earlier occurrence with
 * another value), maybe missing, null or naming no variant.
 */
export function unionDocArb(u: UnionSetup, o: DocOptions): fc.Arbitrary<UnionDoc> {
  const n = u.variants.length;
  return fc.integer({ min: 0, max: n - 1 }).chain((body) => {
    const own = o.mutate === 0 || o.schemaDomain ? fc.constant(body) : fc.oneof({ weight: 6, arbitrary: fc.constant(body) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: n - 1 }) });
    return fc.tuple(own, objectArb(u.variants[body].m, o), discriminatorArb(u, body, o), fc.integer({ min: 0, max: 1000 }),
      o.mutate === 0 || o.schemaDomain ? fc.constant([] as (J | undefined)[]) : fc.array(discriminatorArb(u, body, { ...o, mutate: 0.7 }), { maxLength: 1 }),
      fc.integer({ min: 0, max: 1000 }))
      .map(([named, obj, d, at, earlier, at2]) => {
        const entries = [...(obj as { entries: [string, J][] }).entries];
        // (the value this variant's body stands for: `named` picks which variant names it)
        const value = named === body || d === undefined || d.t !== "str" || d.s !== u.variants[body].value ? d : str(u.variants[named].value);
        const place = at % (entries.length + 1);
        if (value !== undefined) entries.splice(place, 0, [u.discriminator, value]);
        // an earlier occurrence (the last one wins)
        for (const e of earlier) if (e !== undefined) entries.splice(at2 % (place + 1), 0, [u.discriminator, e]);
        return { body, doc: { t: "obj", entries } as J };
      });
  });
}

// ---------------------------------------------------------------- JSON trees

/** A JSON document as written: numbers keep their text, objects their key order and repeats. */
export type J =
  | { t: "lit"; text: string } // null, true, false, a number as written
  | { t: "str"; s: string }
  | { t: "arr"; items: J[] }
  | { t: "obj"; entries: [string, J][] };

export const NULL: J = { t: "lit", text: "null" };
const num = (x: number): J => ({ t: "lit", text: JSON.stringify(x) });
const str = (s: string): J => ({ t: "str", s });

export function fromJs(v: unknown): J {
  if (v === null) return NULL;
  if (typeof v === "string") return str(v);
  if (typeof v === "number" || typeof v === "boolean") return { t: "lit", text: JSON.stringify(v) };
  if (Array.isArray(v)) return { t: "arr", items: v.map(fromJs) };
  return { t: "obj", entries: Object.entries(v as object).map(([k, x]) => [k, fromJs(x)]) };
}

export function toJs(j: J): unknown {
  return JSON.parse(writeJson(j, 0));
}

/** Write the tree; `seed` (0: none) adds whitespace and \u escapes at random places. */
export function writeJson(j: J, seed: number): string {
  let s = seed >>> 0;
  const next = () => {
    if (seed === 0) return 1;
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const ws = () => (next() < 0.1 ? [" ", "\n", "\t ", "\r\n"][Math.floor(next() * 4)] : "");
  const text = (x: string) => {
    if (seed === 0) return JSON.stringify(x);
    let out = "";
    for (const ch of x) {
      if (next() < 0.15) {
        for (let i = 0; i < ch.length; i++) out += "\\u" + ch.charCodeAt(i).toString(16).padStart(4, "0");
      } else out += JSON.stringify(ch).slice(1, -1);
    }
    return `"${out}"`;
  };
  const w = (n: J): string => {
    switch (n.t) {
      case "lit": return n.text;
      case "str": return text(n.s);
      case "arr": return "[" + ws() + n.items.map((x) => w(x) + ws()).join("," + ws()) + "]";
      case "obj": return "{" + ws() + n.entries.map(([k, x]) => text(k) + ws() + ":" + ws() + w(x) + ws()).join("," + ws()) + "}";
    }
  };
  return ws() + w(j) + ws();
}

// ---------------------------------------------------------------- documents

export interface DocOptions {
  /** 0..1: share of mutations (wrong types, nulls, missing, unknown and repeated keys, odd numbers). */
  mutate: number;
  /** Keys only where JSON Schema and checker agree on absence (required, ptr, default=). */
  schemaDomain?: boolean;
  /** Every key present, in declaration order, no unknown keys, no repeats (the document validate sees). */
  clean?: boolean;
}

const dirNum = (dirs: string[]) => dirs.flatMap((d) => {
  const m = /^(?:min|max|gte|lte|gt|lt)=(.*)$/.exec(d);
  return m ? [Number(m[1]), Number(m[1]) + 1, Number(m[1]) - 1] : [];
});

/** Go's text for a time of a Date (RFC 3339 in UTC, the fraction without trailing zeros): what validate writes in an error value. */
export function goTime(d: Date): string {
  return d.toISOString().replace(/\.?0+Z$/, "Z").replace(/\.(\d*?)0*Z$/, ".$1Z").replace(/\.Z$/, "Z");
}

function scalarValue(kind: Scalar, dirs: string[], o: DocOptions): fc.Arbitrary<J> {
  const near = dirNum(dirs);
  switch (kind) {
    case "string":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...WORDS).map(str) },
        { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 5 }).map(str) },
        { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "1", "-", "é", "😀"), maxLength: 7 }).map(str) },
      );
    case "bool": return fc.boolean().map((b) => ({ t: "lit", text: String(b) }));
    case "any": return fc.jsonValue({ maxDepth: 2 }).map(fromJs);
    case "time":
      // clean documents (validate's view): times as Go writes them, as an error value shows them
      if (o.clean) return fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true }).map((d) => str(goTime(d)));
      return fc.oneof(
        fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true }).map((d) => str(d.toISOString())),
        fc.constantFrom("2024-02-29T12:00:00+05:30", "2024-01-01T00:00:00.123456789Z", "0001-01-01T00:00:00Z").map(str),
      );
    case "float32":
    case "float64":
      return fc.oneof(
        fc.constantFrom(0, 1, -1, 1.5, 2, 2.5, 3, 10, 1e30, ...near).map(num),
        fc.integer({ min: -40, max: 40 }).map((x) => num(x / 4)),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -3e38, max: 3e38 }).map(num),
      );
    default: {
      const [lo, hi] = intBounds(kind);
      return fc.oneof(
        fc.constantFrom(0, 1, 2, 3, lo, hi, ...near.filter((x) => x >= lo && x <= hi)).map(num),
        fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }).map(num),
      );
    }
  }
}

/** A JSON value of the wrong type for the kind, or an out-of-range / odd number. */
function wrongValue(ts: TSpec): fc.Arbitrary<J> {
  const base = ts.k === "ptr" ? ts.elem : ts;
  const all: J[] = [str("x"), str("1"), num(1.5), num(7), { t: "lit", text: "true" }, { t: "arr", items: [] }, { t: "arr", items: [num(1)] }, { t: "obj", entries: [] }, { t: "obj", entries: [["a", num(1)]] }];
  const odd: J[] = [];
  if (base.k === "scalar" && isInt(base.kind)) {
    const [lo, hi] = intBounds(base.kind);
    odd.push(num(lo - 1), num(hi + 1), { t: "lit", text: "1.0" }, { t: "lit", text: "1e2" }, { t: "lit", text: "-0" });
  }
  if (base.k === "scalar" && isFloat(base.kind)) odd.push({ t: "lit", text: "1E+2" }, { t: "lit", text: "-0" }, { t: "lit", text: "3.5e38" });
  if (base.k === "scalar" && base.kind === "time") odd.push(str("2024-13-01T00:00:00Z"), str("2024-01-01"), str("0000-01-01T00:30:00+01:00"));
  const wrong = all.filter((j) => !fits(base, j));
  return fc.constantFrom(NULL, ...wrong, ...odd);
}

/** Does the JSON value have the right JSON type for the spec (ignoring ranges)? */
function fits(ts: TSpec, j: J): boolean {
  if (j.t === "lit" && j.text === "null") return true;
  switch (ts.k) {
    case "scalar":
      if (ts.kind === "any") return true;
      if (ts.kind === "string" || ts.kind === "time") return j.t === "str";
      if (ts.kind === "bool") return j.t === "lit" && (j.text === "true" || j.text === "false");
      return j.t === "lit" && j.text !== "true" && j.text !== "false" && (isFloat(ts.kind) || /^-?\d+$/.test(j.text));
    case "ptr": return fits(ts.elem, j);
    case "slice": case "array": return j.t === "arr";
    case "map": case "model": return j.t === "obj";
    case "extras": return true;
  }
}

const nilable = (ts: TSpec) => ts.k === "ptr" || ts.k === "slice" || ts.k === "map" || (ts.k === "scalar" && ts.kind === "any");
const dirsOf = (ts: TSpec) => ("dirs" in ts ? ts.dirs : []);
const isRequired = (ts: TSpec) => dirsOf(ts).includes("required");
const hasDefault = (ts: TSpec) => dirsOf(ts).some((d) => d.startsWith("default="));

export function valueArb(ts: TSpec, o: DocOptions, depth = 0): fc.Arbitrary<J> {
  const clean = valueClean(ts, o, depth);
  if (o.mutate === 0) return clean;
  // null: in the schema domain only where the schema allows it (nilable) or refuses it as checker does (required)
  const nullOk = !o.schemaDomain || nilable(ts) || isRequired(ts);
  const wrong = wrongValue(ts);
  const weightOf = (x: number) => Math.max(0, Math.round(x * 100));
  return fc.oneof(
    { weight: weightOf(1 - o.mutate), arbitrary: clean },
    { weight: weightOf(o.mutate / 2), arbitrary: nullOk ? fc.constant(NULL) : clean },
    { weight: weightOf(o.mutate / 4), arbitrary: o.schemaDomain ? clean : wrong },
  );
}

function valueClean(ts: TSpec, o: DocOptions, depth: number): fc.Arbitrary<J> {
  switch (ts.k) {
    case "scalar": return scalarValue(ts.kind, ts.dirs, o);
    case "ptr": return valueArb(ts.elem, { ...o, mutate: 0 }, depth);
    case "slice": {
      // slices of non-nilable elements: items may still be null, except where the schema refuses it
      const item = nilable(ts.elem) || o.schemaDomain || o.clean ? valueArb(ts.elem, { ...o, mutate: o.clean ? 0 : o.mutate / 2 }, depth) : valueArb(ts.elem, { ...o, mutate: o.mutate / 2 }, depth);
      return fc.oneof(
        fc.array(item, { maxLength: 4 }),
        // repeated items, for unique
        item.chain((x) => fc.array(fc.oneof(fc.constant(x), item), { minLength: 2, maxLength: 4 })),
      ).map((items): J => ({ t: "arr", items }));
    }
    case "array": {
      const item = valueArb(ts.elem, { ...o, mutate: 0 }, depth);
      return (o.clean ? fc.array(item, { minLength: ts.n, maxLength: ts.n }) : fc.array(item, { maxLength: ts.n + 2 })).map((items): J => ({ t: "arr", items }));
    }
    case "map": {
      // keys: no integer-like ones in clean documents (a JS object lists those first, so validate would walk another order)
      const key = fc.constantFrom("a", "b", "c", "é", "a.b", "", "😀", ...(o.clean ? [] : ["1", "10"]));
      const item = valueArb(ts.elem, { ...o, mutate: o.mutate / 2 }, depth);
      return fc.array(fc.tuple(key, item), { maxLength: 4 }).map((es) => {
        if (o.clean || o.schemaDomain) {
          const seen = new Set<string>();
          es = es.filter(([k]) => !seen.has(k) && seen.add(k) !== undefined);
        }
        return { t: "obj", entries: es } as J;
      });
    }
    case "model": return objectArb(ts.m, o, depth + 1);
    case "extras": return fc.constant(NULL);
  }
}

const UNKNOWN_KEYS = ["zz", "f0x", "ключ2", "", "a.b", "rest"];

export function objectArb(m: MSpec, o: DocOptions, depth = 0): fc.Arbitrary<J> {
  const readable = m.fields.filter((f) => !f.dash && f.type.k !== "extras");
  const name = (f: FSpec) => f.json ?? f.key;
  const entries = readable.map((f) => {
    const v = valueArb(f.type, o, depth);
    if (o.clean) return v.map((x): [string, J] | undefined => [name(f), x]);
    const absentOk = !o.schemaDomain || isRequired(f.type) || f.type.k === "ptr" || hasDefault(f.type);
    const pAbsent = absentOk ? Math.round(o.mutate * 40) : 0;
    return fc.oneof(
      { weight: 100 - pAbsent, arbitrary: v.map((x): [string, J] | undefined => [name(f), x]) },
      { weight: pAbsent, arbitrary: fc.constant(undefined) },
    );
  });
  const base = fc.tuple(...entries).map((es) => es.filter((e): e is [string, J] => e !== undefined));
  if (o.clean) return base.map((entries): J => ({ t: "obj", entries }));
  const unknown = fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), fc.jsonValue({ maxDepth: 1 }).map(fromJs)), { maxLength: o.mutate > 0 ? 2 : 0 });
  // a repeat of a field's key with another value of its type (the last one wins)
  const repeats = readable.length === 0 || o.mutate === 0 ? fc.constant([] as [string, J][]) :
    fc.array(fc.integer({ min: 0, max: readable.length - 1 }).chain((i) => valueArb(readable[i].type, o, depth).map((x): [string, J] => [name(readable[i]), x])), { maxLength: 1 });
  return fc.tuple(base, unknown, repeats, fc.integer({ min: 0, max: 1000 }), fc.boolean()).map(([es, un, rep, at, shuffle]) => {
    const out = [...es];
    for (const e of [...un, ...rep]) out.splice(at % (out.length + 1), 0, e);
    if (shuffle && out.length > 1) out.push(out.shift()!);
    return { t: "obj", entries: out } as J;
  });
}

// ---------------------------------------------------------------- the value a clean document denotes

const ZERO_TIME = new Date("0001-01-01T00:00:00Z");

export function zero(ts: TSpec): unknown {
  switch (ts.k) {
    case "scalar":
      switch (ts.kind) {
        case "string": return "";
        case "bool": return false;
        case "any": return null;
        case "time": return new Date(ZERO_TIME.getTime());
        default: return 0;
      }
    case "ptr": case "slice": case "map": return null;
    case "array": return Array.from({ length: ts.n }, () => zero(ts.elem));
    case "model": return Object.fromEntries(ts.m.fields.map((f) => [f.key, zero(f.type)]));
    case "extras": return {};
  }
}

/** The typed value a clean, type-correct document (`clean: true`) stands for. */
export function denote(ts: TSpec, j: J): unknown {
  if (j.t === "lit" && j.text === "null") return ts.k === "scalar" && ts.kind !== "any" ? zero(ts) : null;
  switch (ts.k) {
    case "scalar":
      if (ts.kind === "time") return new Date((j as { s: string }).s);
      return toJs(j);
    case "ptr": return denote(ts.elem, j);
    case "slice": case "array": return (j as { items: J[] }).items.map((x) => denote(ts.elem, x));
    case "map": return Object.fromEntries((j as { entries: [string, J][] }).entries.map(([k, x]) => [k, denote(ts.elem, x)]));
    case "model": return denoteModel(ts.m, j);
    case "extras": return {};
  }
}

export function denoteModel(m: MSpec, j: J): Record<string, unknown> {
  const byName = new Map((j as { entries: [string, J][] }).entries);
  const out: Record<string, unknown> = {};
  for (const f of m.fields) {
    const x = f.dash || f.type.k === "extras" ? undefined : byName.get(f.json ?? f.key);
    out[f.key] = x === undefined ? zero(f.type) : denote(f.type, x);
  }
  return out;
}

/** Does the tree hold something outside `denote`'s reach (a null on a field that is no ptr, slice, map or any)? */
export function hasZeroingNull(ts: TSpec, j: J): boolean {
  if (j.t === "lit" && j.text === "null") return !nilable(ts);
  switch (ts.k) {
    case "ptr": return hasZeroingNull(ts.elem, j);
    case "slice": case "array": return (j as { items: J[] }).items.some((x) => hasZeroingNull(ts.elem, x));
    case "map": return (j as { entries: [string, J][] }).entries.some(([, x]) => hasZeroingNull(ts.elem, x));
    case "model": {
      const byName = new Map((j as { entries: [string, J][] }).entries);
      return ts.m.fields.some((f) => !f.dash && f.type.k !== "extras" && byName.has(f.json ?? f.key) && hasZeroingNull(f.type, byName.get(f.json ?? f.key)!));
    }
    default: return false;
  }
}

/** Does the tree repeat a key in some object? */
export function hasRepeatedKeys(j: J): boolean {
  if (j.t === "arr") return j.items.some(hasRepeatedKeys);
  if (j.t !== "obj") return false;
  const keys = j.entries.map(([k]) => k);
  return new Set(keys).size !== keys.length || j.entries.some(([, x]) => hasRepeatedKeys(x));
}
