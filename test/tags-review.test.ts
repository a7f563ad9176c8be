// Tag lists, options and model declarations as users (and plain JavaScript callers) write them:
// review-tags's findings, each pinned with what was wrong before. test/go-oracle-directives.test.ts
// compares directive lists with Go at large; these are the cases by name, through the entry points.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultValidatorOptions, dict, marshal, ModelError, model, newModel, parseLines, parseStream, parseUnionStream, safeNewModel, safeUnmarshal,
  safeValidate, setTagName, t, UnionValidator, unmarshal, validate, Validator, type ValidatorOptions,
} from "../bindings/index.js";
import { assertBuilt, DIST_INDEX, runCli } from "./support/cli-run.js";
import { expectBoth, expectModelError, expectUnmarshal, fe, typed } from "./support/directive-harness.js";

const one = (type: ReturnType<typeof t.string> | ReturnType<typeof t.int>, name = "M") => model(name, { f: type });

describe("directive lists: spaces as Go's strings.TrimSpace and strings.Fields read them", () => {
  it("oneof's values are split at any run of spaces Go's strings.Fields splits at (a tab, U+00A0, U+0085, U+3000), not at U+FEFF", () => {
    // (they were split at " " only: "oneof=a\tb" was the one value "a\tb")
    const M = one(t.string("oneof=a\tb\u00a0c\u0085d\u3000e"));
    expectBoth(M, typed(M, { f: "b" }), []);
    expectBoth(M, typed(M, { f: "a\tb" }), [fe("f", "INVALID_ENUM", "must be one of: a, b, c, d, e", "a\tb")]);
    const Bom = one(t.string("oneof=a\ufeffb x"));
    expectBoth(Bom, typed(Bom, { f: "a\ufeffb" }), []);
    expectBoth(Bom, typed(Bom, { f: "a" }), [fe("f", "INVALID_ENUM", "must be one of: a\ufeffb, x", "a")]);
    // quotes are not special (README): 'a and b' are two values
    const Quoted = one(t.string("oneof='a b' c"));
    expectBoth(Quoted, typed(Quoted, { f: "'a" }), []);
    expectBoth(Quoted, typed(Quoted, { f: "a b" }), [fe("f", "INVALID_ENUM", "must be one of: 'a, b', c", "a b")]);
  });

  it("a name and a number are trimmed of U+0085 (NEL) as Go trims them, and not of U+FEFF, which Go keeps", () => {
    // (JavaScript's trim() is the other way round: "\u0085min=5" was the unknown directive "\u0085min",
    // "min=\u00855" a malformed number, and "\ufeffrequired" was read as required)
    const Nel = one(t.int("\u0085min=\u00855\u0085"));
    expectUnmarshal(Nel, '{"f":1}', [fe("f", "MIN_VALUE", "must be at least 5", 1)]);
    expectModelError(() => new Validator(one(t.string("\ufeffrequired"))), { model: "M", field: "f", directive: "\ufeffrequired", contains: "unknown directive '\ufeffrequired'" });
    expectModelError(() => new Validator(one(t.int("min=\ufeff5"))), { model: "M", field: "f", directive: "min", contains: "malformed number in min=\ufeff5: expected a decimal number" });
  });

  it("a count may be written -0, as Go's strconv.Atoi reads it (it was 'expected a non-negative integer')", () => {
    const M = one(t.string("min=-0,max=-00"));
    expectUnmarshal(M, '{"f":""}', []);
    expectUnmarshal(M, '{"f":"a"}', [fe("f", "MAX_LENGTH", "must be at most -00 characters", "a")]);
    expectModelError(() => new Validator(one(t.string("min=-1"))), { model: "M", field: "f", directive: "min", contains: "malformed number in min=-1: expected a non-negative integer" });
  });

  it("unique= with nothing but spaces is unique, as Go trims the value (it was 'unique= : needs a slice of models')", () => {
    const M = model("M", { f: t.slice(t.int(), "unique= ") });
    expectUnmarshal(M, '{"f":[1,1]}', [fe("f", "NOT_UNIQUE", "items must be unique", [1, 1])]);
  });
});

describe("an unknown directive that differs from a known one in case only, or is dive, says so", () => {
  it("Required, MIN, MinItems; dive", () => {
    expect(() => new Validator(one(t.string("Required")))).toThrow(new ModelError("field M.f: unknown directive 'Required' (directive names are case-sensitive: required)", "M", "f", "Required"));
    expect(() => new Validator(one(t.int("MIN=1")))).toThrow(new ModelError("field M.f: unknown directive 'MIN' (directive names are case-sensitive: min)", "M", "f", "MIN"));
    expect(() => new Validator(model("M", { f: t.slice(t.int(), "minitems=1") }))).toThrow(new ModelError("field M.f: unknown directive 'minitems' (directive names are case-sensitive: minItems)", "M", "f", "minitems"));
    expect(() => new Validator(model("M", { f: t.slice(t.string(), "min=1,dive,email") }))).toThrow(new ModelError("field M.f: unknown directive 'dive' (dive, Go's checks of each item, is not supported: a slice's or map's tag checks the list or map itself)", "M", "f", "dive"));
    // no hint where none fits
    expect(() => new Validator(one(t.int("positive")))).toThrow(new ModelError("field M.f: unknown directive 'positive'", "M", "f", "positive"));
  });
});

describe("validator options are read once", () => {
  const A = model("A", { c: t.string() });
  /** Options whose getter gives `first` when read first and `later` afterwards. */
  function flipping(key: keyof ValidatorOptions, first: unknown, later: unknown): { reads: () => number; options: ValidatorOptions } {
    let reads = 0;
    const options: ValidatorOptions = {};
    Object.defineProperty(options, key, { enumerable: true, get: () => (++reads === 1 ? first : later) });
    return { reads: () => reads, options };
  }

  it("a getter is read once, so the options in force are those checked (maxDepth 2^40 and maxErrors NaN got through)", () => {
    const depth = flipping("maxDepth", 5, 2 ** 40);
    expect(new Validator(A, depth.options).options.maxDepth).toBe(5);
    expect(depth.reads()).toBe(1);
    const errors = flipping("maxErrors", 5, NaN);
    expect(new Validator(A, errors.options).options.maxErrors).toBe(5);
    // and a refused value is refused whenever it comes
    expect(() => new Validator(A, flipping("maxDepth", 2 ** 40, 5).options)).toThrow(ModelError);
  });

  it("a union reads them once for all its variants and its probe", () => {
    const Cat = model("Cat", { a: t.int() });
    const Dog = model("Dog", { b: t.int() });
    const mode = flipping("extraFields", "forbid", "ignore");
    const u = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } }, mode.options);
    expect(mode.reads()).toBe(1);
    for (const doc of ['{"type":"cat","a":1,"z":1}', '{"type":"dog","b":1,"z":1}']) {
      const r = u.safeUnmarshal(doc);
      expect(r.ok ? [] : (r.error as { errors: unknown }).errors, doc).toEqual([fe("z", "EXTRA_FIELD", "unknown field in JSON", 1)]);
    }
  });

  it("defaultValidatorOptions() is a fresh object each call, and options given are copied: changing either later changes no validator", () => {
    const mine = defaultValidatorOptions();
    mine.extraFields = "forbid";
    mine.maxErrors = 1;
    expect(defaultValidatorOptions()).toEqual({ strictMissingFields: true, extraFields: "ignore", tagName: "", maxErrors: 1000, maxDepth: 1000, maxDocumentBytes: 256 * 1024 * 1024 });
    expect(new Validator(A).safeUnmarshal('{"c":"x","z":1}').ok).toBe(true);
    const given: ValidatorOptions = { extraFields: "forbid" };
    const v = new Validator(A, given);
    given.extraFields = "ignore";
    expect(v.options.extraFields).toBe("forbid");
    expect(v.safeUnmarshal('{"c":"x","z":1}')).toMatchObject({ ok: false, error: { errors: [fe("z", "EXTRA_FIELD", "unknown field in JSON", 1)] } });
  });

  it("a Map or a Set as options is a ModelError (its entries were never read: every option silently kept its default)", () => {
    expect(() => new Validator(A, new Map([["extraFields", "forbid"]]) as never)).toThrow(new ModelError("validator options must be a plain object, got a Map", "A"));
    expect(() => new Validator(A, new Set() as never)).toThrow(new ModelError("validator options must be a plain object, got a Set", "A"));
    expect(() => new UnionValidator({ discriminator: "type", variants: { a: A } }, new Map() as never)).toThrow(new ModelError("validator options must be a plain object, got a Map", "A"));
  });
});

describe("stream functions given an array, a Map or a Set as options: refused as new Validator and StreamParser refuse them", () => {
  const A = model("A", { c: t.string() });
  async function* src() { yield '{"c":"x","z":1}\n'; }
  it("parseStream, parseLines, parseUnionStream (they were taken apart into no options: every option its default, a signal in a Map ignored)", async () => {
    expect(() => parseStream(A, src(), [] as never)).toThrow(new ModelError("validator options must be an object, got an array", "A"));
    expect(() => parseStream(A, src(), new Map([["extraFields", "forbid"]]) as never)).toThrow(new ModelError("validator options must be a plain object, got a Map", "A"));
    await expect(parseLines(A, src(), new Set() as never).next()).rejects.toThrow(new ModelError("validator options must be a plain object, got a Set", "A"));
    const withSignal = new Map([["signal", AbortSignal.abort()]]) as never;
    expect(() => parseStream(new Validator(A), src(), withSignal)).toThrow(new TypeError("checker: parseStream's options take an object (signal, abortOnError), not a Map"));
    const u = new UnionValidator({ discriminator: "type", variants: { a: A } });
    expect(() => parseUnionStream(u, src(), withSignal)).toThrow(new TypeError("checker: parseUnionStream's options take an object (signal, abortOnError), not a Map"));
    await expect(parseLines(u, src(), [] as never).next()).rejects.toThrow(new TypeError("checker: parseLines's options take an object (signal, abortOnError), not an array"));
  });
});

describe("model() with something other than an object of fields", () => {
  const X = model("X", { a: t.int() });
  it("a Map, a Set, a model or a field type is a TypeError (a Map made a model with no fields, which took any object)", () => {
    const takes = (got: string) => new TypeError(`checker: model("M", fields) needs its fields as a plain object ({ name: t.string(), ... }), got ${got}`);
    expect(() => model("M", new Map([["a", t.int()]]) as never)).toThrow(takes("a Map"));
    expect(() => model("M", new Set() as never)).toThrow(takes("a Set"));
    expect(() => model("M", X as never)).toThrow(takes("a model (X) (its fields are X.shape)"));
    expect(() => model("M", t.string() as never)).toThrow(takes("a field type (t.string())"));
    // a field named kind is a field like any other; a class instance's own fields are its fields
    expect(new Validator(model("M", { kind: t.string() })).unmarshal('{"kind":"k"}')).toEqual({ kind: "k" });
    expect(new Validator(model("M", new (class { a = t.int() })() as { a: ReturnType<typeof t.int> })).unmarshal('{"a":1}')).toEqual({ a: 1 });
    expect(new Validator(model("M", X.shape)).unmarshal('{"a":2}')).toEqual({ a: 2 });
  });
});

describe("a builder given more arguments than it takes (plain JavaScript)", () => {
  const X = model("X", { a: t.int() });
  it("is a TypeError at the call (the rest were dropped: t.string(\"required\", \"min=2\") did not check min=2)", () => {
    const joinHint = ' (a tag is one string: join directives with commas, "required,min=2")';
    expect(() => (t.string as (...a: unknown[]) => unknown)("required", "min=2")).toThrow(new TypeError(`checker: t.string(tag) takes at most 1 argument, not 2${joinHint}`));
    expect(() => (t.int as (...a: unknown[]) => unknown)("min=1", "max=2", "x")).toThrow(new TypeError(`checker: t.int(tag) takes at most 1 argument, not 3${joinHint}`));
    expect(() => (t.slice as (...a: unknown[]) => unknown)(t.int(), "min=1", "unique")).toThrow(new TypeError(`checker: t.slice(elem, tag) takes at most 2 arguments, not 3${joinHint}`));
    expect(() => (t.array as (...a: unknown[]) => unknown)(2, t.int(), "min=1", "x")).toThrow(new TypeError(`checker: t.array(length, elem, tag) takes at most 3 arguments, not 4${joinHint}`));
    expect(() => (t.lazy as (...a: unknown[]) => unknown)(() => X, "required", "x")).toThrow(new TypeError(`checker: t.lazy(() => model, tag) takes at most 2 arguments, not 3${joinHint}`));
    for (const extra of [() => (t.ptr as (...a: unknown[]) => unknown)(t.int(), "", ""), () => (t.map as (...a: unknown[]) => unknown)(t.int(), "", ""),
      () => (t.model as (...a: unknown[]) => unknown)(X, "", ""), () => (t.extras as (...a: unknown[]) => unknown)("", "")]) expect(extra).toThrow(TypeError);
    // model() too: per-model options (pydantic's extra="forbid") were dropped
    expect(() => (model as (...a: unknown[]) => unknown)("M", { a: t.int() }, { extraFields: "forbid" })).toThrow(new TypeError("checker: model(name, fields) takes at most 2 arguments, not 3 (options such as extraFields belong to the validator: new Validator(model, options))"));
    // an undefined tag given in its place is no tag, as before
    const M = model("M", { a: t.string(undefined), b: t.ptr(t.int(), undefined), c: t.array(1, t.int(), undefined) });
    expect(new Validator(M).unmarshal('{"a":"x","c":[1]}')).toEqual({ a: "x", b: null, c: [1] });
  });
});

describe("a validator's options.tagName is the tag name in force when it was made (it was \"\", the global name, which can change)", () => {
  const M = model("Bound", { name: t.string('json:"name" binding:"min=3"') });
  afterEach(() => setTagName(""));

  it("new Validator(v.model, v.options) reads the same lists after setTagName changed (it read checker's: none)", () => {
    setTagName("binding");
    const v = new Validator(M);
    setTagName("");
    expect(v.options.tagName).toBe("binding");
    const again = new Validator(v.model, { ...v.options, extraFields: "forbid" });
    expect(again.safeUnmarshal('{"name":"ab"}')).toMatchObject({ ok: false, error: { errors: [fe("name", "MIN_LENGTH", "must be at least 3 characters", "ab")] } });
    expect(new Validator(M).options.tagName).toBe("checker");
    expect(new Validator(M, { tagName: "validate" }).options.tagName).toBe("validate");
    expect(defaultValidatorOptions().tagName).toBe(""); // (the option as given: "" is the global name)
  });

  it("the CLI, overriding a Validator export's options, keeps its tag name (--extra-fields forbid dropped its binding: directives)", async () => {
    assertBuilt();
    const dir = mkdtempSync(join(tmpdir(), "checker-tags-review-"));
    try {
      const mod = join(dir, "bound.mjs");
      writeFileSync(mod, `import { model, t, Validator, setTagName } from ${JSON.stringify(DIST_INDEX)};
const M = model("Bound", { name: t.string('binding:"min=3"') });
setTagName("binding");
export default new Validator(M);
setTagName("");
`);
      const data = join(dir, "d.ndjson");
      writeFileSync(data, '{"name":"ab"}\n');
      for (const flags of [[], ["--extra-fields", "forbid"]]) {
        const r = await runCli(["validate", "--model", mod, data, "--json", ...flags]);
        expect(JSON.parse(r.stdout), flags.join(" ")).toMatchObject({ records: 1, rejected: 1, errorsByCode: { MIN_LENGTH: 1 } });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("t.lazy whose function throws (a model declared after the validator is made)", () => {
  it("is a ModelError naming the model and field, with the thrown error as its cause (the ReferenceError came out of resolve bare)", () => {
    let error: unknown;
    try {
      new Validator(model("Early", { next: t.lazy((): never => { throw new ReferenceError("Cannot access 'Late' before initialization"); }) }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ModelError);
    const { message, model: m, field } = error as ModelError;
    expect({ message, m, field }).toEqual({ message: "field Early.next: t.lazy's function threw ReferenceError: Cannot access 'Late' before initialization (make the validator after every model it refers to is declared)", m: "Early", field: "next" });
    expect((error as { cause: unknown }).cause).toBeInstanceOf(ReferenceError);
  });
});

describe("options given to the simple API, which uses the defaults", () => {
  it("are a TypeError saying what to write (unmarshal(User, text, { extraFields: \"forbid\" }) let every unknown key through)", () => {
    const A = model("A", { c: t.string() });
    const opts = { extraFields: "forbid" };
    const call = (f: unknown, ...args: unknown[]) => () => (f as (...a: unknown[]) => unknown)(A, ...args);
    expect(call(unmarshal, '{"c":"x","z":1}', opts)).toThrow(new TypeError("checker: unmarshal(model, data) takes no options (the simple API uses the defaults): write new Validator(model, options).unmarshal(data)"));
    expect(call(safeUnmarshal, '{"c":"x"}', opts)).toThrow(new TypeError("checker: safeUnmarshal(model, data) takes no options (the simple API uses the defaults): write new Validator(model, options).safeUnmarshal(data)"));
    expect(call(validate, { c: "x" }, opts)).toThrow(new TypeError("checker: validate(model, value) takes no options (the simple API uses the defaults): write new Validator(model, options).validate(value)"));
    expect(call(newModel, { c: "x" }, opts)).toThrow(new TypeError("checker: newModel(model, input) takes no options (the simple API uses the defaults): write new Validator(model, options).newModel(input)"));
    expect(call(marshal, { c: "x" }, { indent: 2 })).toThrow(new TypeError("checker: marshal(model, value) takes no options (the simple API uses the defaults): write marshalWithOptions(model, value, options)"));
    for (const f of [safeValidate, safeNewModel, dict]) expect(call(f, { c: "x" }, opts)).toThrow(TypeError);
    // Array#map's index and array are no options
    expect(['{"c":"a"}', '{"c":"b"}'].map(unmarshal.bind(null, A) as (s: string) => unknown)).toEqual([{ c: "a" }, { c: "b" }]);
    expect(call(unmarshal, '{"c":"x"}', undefined)()).toEqual({ c: "x" });
  });
});
