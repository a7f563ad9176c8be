// The static types agree with the values at run time. Random models (test/support/random-model.ts:
// every kind, ptr, slice, [N]T, map, nested models, json names, omitempty, json:"-", default=,
// required, extras) and random documents for them (nulls, missing and unknown keys, repeated
// keys, defaults) are run through the library, and every value it gives back is written as a
// TypeScript literal (test/support/ts-literal.ts) into a generated file that asserts it is
// assignable to its static type:
//  - unmarshal, newModel (of the parsed document and of the typed value), ~standard.validate,
//    parseLines (string and byte sources) and the end of a stream: `Infer<typeof M>` (and
//    parseLines' `LineResult`, its `text` a string or bytes as the source gave);
//  - every result of a StreamParser fed the document in random chunks: `done`, the partial value
//    (fields absent, strings and arrays open) and `value` (present only once complete) against
//    `StreamResult<Infer<typeof M>>`;
//  - unions: unmarshal's `{ variant, value }` against `Infer<typeof union>`, and every
//    UnionStreamParser result against its `UnionStreamResult`;
//  - the errors: each error's class is one its call's type names, its fields (a FieldError's, a
//    stream error's, an error class's own) fit that class's declared fields, with no others.
// Each model's `Infer` is also asserted equal to the type the README promises for it (not wider:
// `number` for every int and float kind, `Date` for time, `T | null` for ptr, `T[] | null` for a
// slice, `T[]` for [N]T, `Record<string, T> | null` for a map, `unknown` for any).
// The file is compiled with the project's tsc as consumers compile it (test/types.test.ts): strict
// with exactOptionalPropertyTypes and noUncheckedIndexedAccess, strict without
// exactOptionalPropertyTypes, and as a CommonJS module (.cts: the dist/cjs declarations).

import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConversionError, model, ModelError, parseLines, StreamParser, t, UnionStreamParser, ValidationError, Validator, type Model } from "../bindings/index.js";
import {
  describeModel, describeUnion, objectArb, setupArb, toModel, toUnion, unionArb, unionDocArb, writeJson,
  type MSpec, type Setup, type TSpec, type UnionSetup,
} from "./support/random-model.js";
import { randomSizes, rng } from "./support/stream-harness.js";
import { quote, tsLiteral } from "./support/ts-literal.js";

const SEED = Number(process.env.TYPES_RUNTIME_SEED ?? 20261124);
const MODELS = 80;
const UNIONS = 24;
const DOCS = 3;
/** Stream results kept per document (spread over the stream, the last included): each is the whole partial value. */
const RESULTS = 6;

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const dir = join(import.meta.dirname, ".types-runtime");

// ---------------------------------------------------------------- the types the README promises

const NUMBER_KINDS = ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64"];

/** README "Declaring a model": the TypeScript type of each field type. */
function promised(ts: TSpec): string {
  switch (ts.k) {
    case "scalar":
      if (NUMBER_KINDS.includes(ts.kind)) return "number";
      return { string: "string", bool: "boolean", any: "unknown", time: "Date" }[ts.kind as string] as string;
    case "ptr": return `(${promised(ts.elem)}) | null`;
    case "slice": return `(${promised(ts.elem)})[] | null`;
    case "array": return `(${promised(ts.elem)})[]`;
    case "map": return `Record<string, ${promised(ts.elem)}> | null`;
    case "model": return promisedModel(ts.m);
    case "extras": return "Record<string, unknown>";
  }
}

function promisedModel(m: MSpec): string {
  // (a model without fields: an object without members, not `{}`, which takes a string too)
  if (m.fields.length === 0) return "{ [key: string]: never }";
  return `{ ${m.fields.map((f) => `${f.key}: ${promised(f.type)}`).join("; ")} }`;
}

// ---------------------------------------------------------------- the generated file

const PRELUDE = `
import { model, t, UnionValidator, UnionStreamParser, JsonSyntaxError, UnmarshalTypeError, ValidationError, ConversionError,
  type Infer, type StreamResult, type StreamError, type StreamFieldError, type LineResult, type FieldError, type UnmarshalError,
  type NewModelError, type StandardSchemaV1 } from "checker";
type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;
/** The members of a stream result a literal can state (value only where it is an own property). */
type Streamed<R> = R extends unknown ? Pick<R, Extract<keyof R, "done" | "partial" | "value" | "variant">> : never;
/** An error's own fields: what it declares beyond Error's. */
type Own<E> = Omit<E, keyof Error>;
declare const never: never;
void [JsonSyntaxError, UnmarshalTypeError, ValidationError, ConversionError];
`;

/** Classes of errors seen, by the type that must admit them. */
type ErrorClasses = Map<string, Set<string>>;

class Emitter {
  readonly lines: string[] = [PRELUDE];
  problems: string[] = [];
  compared = 0;
  readonly errorClasses: ErrorClasses = new Map();
  /** Own fields of error objects, by the type they must fit. */
  readonly errorFields = new Map<string, string[]>();

  /** A literal of `value`, noting values no literal stands for. */
  lit(value: unknown, where: string): string {
    const l = tsLiteral(value);
    for (const p of l.problems) this.problems.push(`${where}: ${p}`);
    this.compared++;
    return l.text;
  }

  /** `const name: type[] = [literals];`, one literal a line with where it came from. */
  list(name: string, type: string, items: { text: string; note: string }[]): void {
    this.lines.push(`const ${name}: ${type}[] = [`);
    for (const it of items) this.lines.push(`  // ${it.note.replace(/\n/g, " ")}\n  ${it.text},`);
    this.lines.push(`];`, `void ${name};`);
  }

  /** An error returned or thrown by `call`: its class must be one of `type`, its own fields the class's. */
  error(e: unknown, type: string, where: string): void {
    const cls = e instanceof Error ? e.constructor.name : undefined;
    if (cls === undefined) {
      // a stream's FieldError (a plain object)
      this.fields(`StreamFieldError`, e, where);
      return;
    }
    if (!this.errorClasses.has(type)) this.errorClasses.set(type, new Set());
    this.errorClasses.get(type)!.add(cls);
    const own = Object.fromEntries(Object.entries(e as object).filter(([k]) => k !== "name"));
    this.fields(`Own<${cls}>`, own, where);
    if (cls === "ValidationError") for (const fe of (e as ValidationError).errors) this.fields("FieldError", fe, where);
  }

  private fields(type: string, value: unknown, where: string): void {
    if (!this.errorFields.has(type)) this.errorFields.set(type, []);
    const list = this.errorFields.get(type)!;
    if (list.length < 150) list.push(`  // ${where}\n  ${this.lit(value, where)},`);
  }

  finish(): string {
    const out = [...this.lines];
    let i = 0;
    for (const [type, classes] of this.errorClasses) {
      out.push(`type _classes${i++} = Expect<Equal<${[...classes].sort().join(" | ")} extends ${type} ? true : false, true>>;`);
    }
    for (const [type, list] of this.errorFields) out.push(`const _fields${i++}: ${type}[] = [`, ...list, "];");
    return out.join("\n") + "\n";
  }
}

/** A model spec with only `required` and `default=` kept, so that most documents are accepted. */
function relaxed(m: MSpec): MSpec {
  const ty = (ts: TSpec): TSpec => {
    const dirs = "dirs" in ts ? ts.dirs.filter((d) => d === "required" || d.startsWith("default=")) : [];
    switch (ts.k) {
      case "scalar": return { ...ts, dirs };
      case "ptr": case "slice": case "array": case "map": return { ...ts, elem: ty(ts.elem), dirs };
      case "model": return { ...ts, m: relaxed(ts.m), dirs };
      case "extras": return ts;
    }
  };
  return { name: m.name, fields: m.fields.map((f) => ({ ...f, type: ty(f.type) })) };
}

/** Every kind once, with null, missing keys, defaults and json names (the generator picks some kinds rarely). */
const EVERY_KIND: MSpec = {
  name: "Every",
  fields: (["string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "any", "time"] as const)
    .map((kind, i) => ({ key: `f${i}`, json: i % 3 === 0 ? `j${i}` : undefined, omitempty: i % 4 === 1, dash: false, type: { k: "scalar" as const, kind, dirs: i % 5 === 2 && kind !== "any" && kind !== "time" ? [kind === "bool" ? "default=true" : kind === "string" ? "default=ab" : "default=2"] : [] } })),
};

interface ModelCase { setup: Setup; v: Validator; docs: string[] }

function modelCases(): ModelCase[] {
  const arb = fc.tuple(setupArb(), fc.boolean()).map(([setup, relax]) => {
    const s: Setup = relax ? { ...setup, root: relaxed(setup.root) } : setup;
    try {
      return { setup: s, v: new Validator(toModel(s.root), { strictMissingFields: s.strictMissingFields, extraFields: s.extraFields, maxErrors: s.maxErrors }) };
    } catch (e) {
      if (e instanceof ModelError) return undefined;
      throw e;
    }
  }).filter((x) => x !== undefined)
    .chain(({ setup, v }) => fc.array(fc.tuple(objectArb(setup.root, { mutate: 0.12 }), fc.nat()), { minLength: DOCS, maxLength: DOCS })
      .map((docs): ModelCase => ({ setup, v, docs: docs.map(([j, seed]) => writeJson(j, seed)) })));
  const every: Setup = { root: EVERY_KIND, strictMissingFields: false, extraFields: "ignore", maxErrors: 1000 };
  const everyCase = fc.sample(fc.array(objectArb(EVERY_KIND, { mutate: 0.2 }), { minLength: 12, maxLength: 12 }), { numRuns: 1, seed: SEED })[0]!
    .map((j) => writeJson(j, 0));
  return [{ setup: every, v: new Validator(toModel(EVERY_KIND), { strictMissingFields: false }), docs: everyCase }, ...fc.sample(arb, { numRuns: MODELS, seed: SEED })];
}

/** The stream results of `text` fed in random chunks, as the members a literal can state. */
function streamed(parser: StreamParser<Model> | UnionStreamParser, text: string, next: () => number): Record<string, unknown>[] {
  parser.reset();
  const out: Record<string, unknown>[] = [];
  let at = 0;
  const take = (r: Record<string, unknown>) => {
    const o: Record<string, unknown> = { done: r.done, partial: r.partial };
    if ("variant" in r) o.variant = r.variant;
    if (Object.hasOwn(r, "value")) o.value = r.value;
    out.push(o);
  };
  const sizes = randomSizes(text.length, Math.max(1, Math.ceil(text.length / 6)), next);
  for (const n of sizes) {
    take(parser.feed(text.slice(at, at + n)) as unknown as Record<string, unknown>);
    at += n;
  }
  take(parser.end() as unknown as Record<string, unknown>);
  // (the partials themselves are read after every chunk above: a partial is built when first read)
  const step = Math.max(1, Math.ceil(out.length / RESULTS));
  return out.filter((_, k) => k % step === 0 || k === out.length - 1);
}

async function* lines(text: string, bytes: boolean): AsyncGenerator<string | Uint8Array> {
  // raw line breaks are whitespace between tokens (a JSON string holds them escaped)
  const line = text.replace(/[\r\n]/g, " ") + "\n";
  yield bytes ? new TextEncoder().encode(line) : line;
}

async function emitModels(em: Emitter): Promise<number> {
  const next = rng(SEED);
  const cases = modelCases();
  for (const [i, c] of cases.entries()) {
    em.lines.push(`// ${JSON.stringify({ strictMissingFields: c.setup.strictMissingFields, extraFields: c.setup.extraFields })}`);
    em.lines.push(`const M${i} = ${describeModel(c.setup.root)};`, `type T${i} = Infer<typeof M${i}>;`);
    em.lines.push(`type _t${i} = Expect<Equal<T${i}, ${promisedModel(c.setup.root)}>>;`);
    em.lines.push(`type _o${i} = Expect<Equal<StandardSchemaV1.InferOutput<typeof M${i}>, T${i}>>;`);
    const values: { text: string; note: string }[] = [];
    const results: { text: string; note: string }[] = [];
    const lineResults: { text: string; note: string }[] = [];
    const value = (x: unknown, note: string) => values.push({ text: em.lit(x, `M${i} ${note}`), note });
    const parser = StreamParser.fromValidator(c.v);
    for (const doc of c.docs) {
      const note = `document ${quote(doc)}`;
      const r = c.v.safeUnmarshal(doc);
      if (r.ok) {
        value(r.value, `unmarshal of ${note}`);
        const again = c.v.safeNewModel(r.value);
        if (again.ok) value(again.value, `newModel of unmarshal's value of ${note}`);
        else em.error(again.error, "NewModelError", `M${i} newModel of unmarshal's value of ${note}`);
      } else em.error(r.error, "UnmarshalError", `M${i} unmarshal of ${note}`);
      const parsed: unknown = JSON.parse(doc);
      const nm = c.v.safeNewModel(parsed as Record<string, unknown>);
      if (nm.ok) value(nm.value, `newModel of the parsed ${note}`);
      else em.error(nm.error, "NewModelError", `M${i} newModel of the parsed ${note}`);
      const std = c.v["~standard"].validate(parsed);
      if (!std.issues) value(std.value, `~standard.validate of the parsed ${note}`);
      for (const s of streamed(parser, doc, next)) results.push({ text: em.lit(s, `M${i} stream of ${note}`), note: "stream of the document above" });
      for (const e of parser.currentState().lastError ? [parser.currentState().lastError] : []) em.error(e, "StreamError", `M${i} stream of ${note}`);
      for await (const rec of parseLines(c.v, lines(doc, values.length % 2 === 0))) {
        if (rec.ok) lineResults.push({ text: `{ line: ${rec.line}, text: ${em.lit(rec.text, `M${i}`)}, ok: true, value: ${em.lit(rec.value, `M${i} parseLines`)} }`, note: "parseLines" });
        else {
          lineResults.push({ text: `{ line: ${rec.line}, text: ${em.lit(rec.text, `M${i}`)}, ok: false, error: never as ${rec.error.constructor.name} }`, note: "parseLines" });
          em.error(rec.error, "UnmarshalError", `M${i} parseLines of ${note}`);
        }
      }
    }
    em.list(`values${i}`, `T${i}`, values);
    em.list(`results${i}`, `Streamed<StreamResult<T${i}>>`, results);
    em.list(`lines${i}`, `LineResult<T${i}>`, lineResults);
  }
  return cases.length;
}

function emitUnions(em: Emitter): number {
  const next = rng(SEED + 1);
  const arb = unionArb().map((u) => ({ ...u, variants: u.variants.map((x) => ({ ...x, m: relaxed(x.m) })) }))
    .map((u): { u: UnionSetup; union: ReturnType<typeof toUnion> } | undefined => {
      try {
        return { u, union: toUnion(u) };
      } catch (e) {
        if (e instanceof ModelError) return undefined;
        throw e;
      }
    })
    .filter((x) => x !== undefined)
    .chain(({ u, union }) => fc.array(unionDocArb(u, { mutate: 0.1 }), { minLength: DOCS, maxLength: DOCS }).map((docs) => ({ u, union, docs: docs.map((d) => writeJson(d.doc, 0)) })));
  const cases = fc.sample(arb, { numRuns: UNIONS, seed: SEED + 2 });
  for (const [i, c] of cases.entries()) {
    em.lines.push(`const U${i} = ${describeUnion(c.u)};`, `type UT${i} = Infer<typeof U${i}>;`);
    // one member per variant value (a model may serve two)
    const promisedUnion = c.u.variants.map((v) => `{ variant: ${quote(v.value)}; value: ${promisedModel(v.m)} }`).join(" | ");
    em.lines.push(`type _ut${i} = Expect<Equal<UT${i}, ${promisedUnion}>>;`);
    em.lines.push(`function usp${i}() { return new UnionStreamParser(U${i}); }`, `type UR${i} = ReturnType<ReturnType<typeof usp${i}>["feed"]>;`);
    // (the parser knows the union's variants: a result narrows by them, not by any string)
    const variantNames = [...new Set(c.u.variants.map((v) => quote(v.value)))].join(" | ");
    em.lines.push(`type _ur${i} = Expect<Equal<UR${i}["variant"], ${variantNames} | undefined>>;`);
    const values: { text: string; note: string }[] = [];
    const results: { text: string; note: string }[] = [];
    const parser = new UnionStreamParser(c.union);
    for (const doc of c.docs) {
      const note = `document ${quote(doc)}`;
      const r = c.union.safeUnmarshal(doc);
      if (r.ok) values.push({ text: em.lit(r.value, `U${i} unmarshal of ${note}`), note });
      else em.error(r.error, "UnmarshalError", `U${i} unmarshal of ${note}`);
      const std = c.union["~standard"].validate(JSON.parse(doc));
      if (!std.issues) values.push({ text: em.lit(std.value, `U${i} ~standard of ${note}`), note: `~standard.validate of ${note}` });
      for (const s of streamed(parser, doc, next)) results.push({ text: em.lit(s, `U${i} stream of ${note}`), note: "stream of the document above" });
    }
    em.list(`uvalues${i}`, `UT${i}`, values);
    em.list(`uresults${i}`, `Streamed<UR${i}>`, results);
  }
  return cases.length;
}

describe("static types agree with runtime values", () => {
  it("every value of random models and unions is assignable to its inferred type (strict, exactOptionalPropertyTypes, CommonJS)", async () => {
    const em = new Emitter();
    const models = await emitModels(em);
    const unions = emitUnions(em);
    expect(em.problems).toEqual([]);
    const source = em.finish();
    console.log(`types-runtime: generated ${(source.length / 1e6).toFixed(1)} MB`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "values.ts"), source);
    writeFileSync(join(dir, "values.cts"), source);
    const base = {
      strict: true, noUncheckedIndexedAccess: true, module: "nodenext", moduleResolution: "nodenext",
      target: "es2022", lib: ["es2022"], types: ["node"], skipLibCheck: false, noEmit: true, noUnusedLocals: false,
    };
    const configs = {
      "tsconfig.exact.json": { compilerOptions: { ...base, exactOptionalPropertyTypes: true }, files: ["values.ts"] },
      "tsconfig.strict.json": { compilerOptions: { ...base, exactOptionalPropertyTypes: false }, files: ["values.ts"] },
      "tsconfig.cjs.json": { compilerOptions: { ...base, exactOptionalPropertyTypes: true }, files: ["values.cts"] },
    };
    const failures: string[] = [];
    for (const [name, config] of Object.entries(configs)) {
      writeFileSync(join(dir, name), JSON.stringify(config));
      try {
        execFileSync(process.execPath, [tsc, "-p", join(dir, name)], { encoding: "utf8" });
      } catch (e) {
        failures.push(`${name}:\n${String((e as { stdout?: string }).stdout ?? e).split("\n").slice(0, 40).join("\n")}`);
      }
    }
    console.log(`types-runtime: ${models} models, ${unions} unions, ${em.compared} runtime values compared with their static types`);
    expect(failures.join("\n")).toBe("");
    rmSync(dir, { recursive: true, force: true }); // (kept when tsc fails, to read)
    expect(em.compared).toBeGreaterThan(3000);
  }, 300_000);
});

describe("newModel and ~standard.validate give json:\"-\" and extras fields values of their types", () => {
  // README "newModel": such a field of an object read by property keys is copied as it is only
  // when it holds a value of the field's type. Before, any value was copied: a request body
  // `{"a":1,"rest":true}` (all its keys property keys) gave `rest: true` where Infer says
  // Record<string, unknown>, and `{"a":1,"ids":[1,null]}` a null in a number[].
  const Sub = model("Sub", { x: t.string(), hid: t.time('json:"-"') });
  const M = model("M", { a: t.int(), ids: t.slice(t.int(), 'json:"-"'), sub: t.model(Sub, 'json:"s"'), rest: t.extras() });
  const v = new Validator(M, { extraFields: "allow" });
  const ok = { a: 1, ids: [1], sub: { x: "", hid: new Date(0) }, rest: { k: 1 } };

  it("a value of the field's type is copied; null leaves the zero value", () => {
    expect(v.newModel(ok)).toEqual(ok);
    expect(v.newModel({ ...ok, ids: null, rest: null, sub: { x: "", hid: null } })).toEqual({ a: 1, ids: null, sub: { x: "", hid: new Date("0001-01-01T00:00:00Z") }, rest: {} });
  });

  it.each([
    [{ ...ok, rest: true }, "rest", "map[string]any", "boolean"],
    [{ a: 1, rest: [1] }, "rest", "map[string]any", "array"],
    [{ ...ok, ids: [1, null] }, "ids[1]", "int", "null"],
    [{ ...ok, ids: ["1"] }, "ids[0]", "int", "string"],
    [{ ...ok, ids: [1.5] }, "ids[0]", "int", "number"],
    [{ ...ok, sub: { x: "", hid: "2020-01-01T00:00:00Z" } }, "s.hid", "time.Time", "string"],
  ])("%j is a ConversionError", (input, field, expected, got) => {
    const r = v.safeNewModel(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(ConversionError);
    expect({ ...r.error, message: r.error.message }).toEqual({ name: "ConversionError", field, expected, got, message: `cannot convert ${got} to ${expected} at ${field}` });
    if (field === "rest") {
      // (~standard never reads a json:"-" field: below)
      expect(M["~standard"].validate(input)).toEqual({ issues: [{ message: r.error.message, path: [field] }] });
    }
  });

  it("~standard.validate never takes a json:\"-\" field from its input: the zero value, whatever it holds (the extras field is copied)", () => {
    // README "Standard Schema": its input is a request body more often than not, and no JSON sets
    // a json:"-" field in Go; a body holding only property keys is read as a typed value, so
    // {"name":"x","isAdmin":true} set a json:"-" isAdmin
    const User = model("User", { name: t.string("required"), isAdmin: t.bool('json:"-"') });
    expect(User["~standard"].validate({ name: "x", isAdmin: true })).toEqual({ value: { name: "x", isAdmin: false } });
    expect(User["~standard"].validate({ name: "x", isAdmin: "yes" })).toEqual({ value: { name: "x", isAdmin: false } });
    expect(new Validator(User).newModel({ name: "x", isAdmin: true })).toEqual({ name: "x", isAdmin: true }); // (newModel: Go copies the struct)
    const zero = { ids: null, sub: { x: "", hid: new Date("0001-01-01T00:00:00Z") } };
    for (const input of [ok, { ...ok, ids: [1, null] }, { ...ok, ids: ["1"] }, { ...ok, sub: { x: "", hid: "2020-01-01T00:00:00Z" } }]) {
      for (const std of [M["~standard"], v["~standard"]]) expect(std.validate(input), JSON.stringify(input)).toEqual({ value: { ...ok, ...zero } });
    }
  });
});

describe("a validator's options are read-only, as typed", () => {
  // The type said `options: { maxErrors: number; ... }` (writable members), and a write took
  // effect in part: maxErrors at the next unmarshal, and maxDepth past the 1000 that creation
  // allows, after which validate() of a deep value overflowed the call stack (a RangeError, where
  // README promises INVALID_TYPE). The type is Readonly and the object frozen.
  it("writing an option throws and changes nothing", () => {
    const R = model("R", { a: t.any(), n: t.int("min=1") });
    const v = new Validator(R, { maxErrors: 5 });
    expect(Object.isFrozen(v.options)).toBe(true);
    expect(() => { (v.options as { maxDepth: number }).maxDepth = 100_000; }).toThrow(TypeError);
    expect(() => { (v.options as { maxErrors: number }).maxErrors = 1; }).toThrow(TypeError);
    // (tagName: the name in force when it was made, test/tags-review.test.ts)
    expect(v.options).toEqual({ strictMissingFields: true, extraFields: "ignore", tagName: "checker", maxErrors: 5, maxDepth: 1000, maxDocumentBytes: 256 * 1024 * 1024 });
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 5000; i++) at = (at.x = {}) as Record<string, unknown>;
    const r = v.safeValidate({ a: deep, n: 1 });
    expect(r.ok ? [] : r.error.errors).toEqual([{ field: "a" + ".x".repeat(999), code: "INVALID_TYPE", message: "must be a JSON value, not a value nested deeper than 1000 levels", value: null }]);
  });
});

describe("a stream's partial is read-only, as typed", () => {
  // Why DeepPartial is read-only (test/types/partial-readonly.ts holds the type checks): a
  // partial's containers are shared with the next partials and with the final value, so a write
  // to one, which the type allowed, showed in the `value` the stream returns as validated. This
  // pins that sharing (README "Streaming": structural sharing), which the type now guards.
  it("a write to a partial (which the type refuses) reaches the final value", () => {
    const M = model("M", { steps: t.slice(t.string()), sub: model("S", { a: t.int("max=9") }) });
    const p = new StreamParser(M);
    const partial = p.feed('{"sub":{"a":1},"steps":["b","a",').partial;
    (partial!.sub as { a: number }).a = 99; // (a plain JS caller can still do this)
    const end = p.feed('"c"]}');
    expect(end.value).toEqual({ sub: { a: 99 }, steps: ["b", "a", "c"] });
    expect(end.value!.sub).toBe(partial!.sub);
  });
});
