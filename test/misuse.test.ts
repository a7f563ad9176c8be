// Mistakes a plain JavaScript caller can make (no TypeScript to stop them), each reported at the
// call with a message that says what is wrong, never a crash from deep inside or a silently wrong
// result; and values JSON cannot hold (holes, cycles) handled by validate and marshal.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModelError, ValidationError } from "../bindings/errors.js";
import { dict, marshal, marshalWithOptions, safeValidate, schema, setTagName, unmarshal } from "../bindings/api.js";
import { getTagName } from "../bindings/resolve.js";
import { model, t, type Model } from "../bindings/model.js";
import { StreamParser } from "../bindings/stream.js";
import { parseLines, parseStream, parseUnionStream } from "../bindings/sources.js";
import { UnionStreamParser } from "../bindings/union-stream.js";
import { UnionValidator } from "../bindings/union.js";
import { disassemble, Validator } from "../bindings/validator.js";

const S = model("S", { xs: t.slice(t.int()), a: t.any() });
const anyInput = (x: unknown) => x as string;

describe("JSON input that is not a string or a Uint8Array: a TypeError at the call", () => {
  const message = (what: string, got: string) => `checker: ${what} takes JSON text as a string or a Uint8Array, not ${got}`;
  it("unmarshal, safeUnmarshal, a union's unmarshal, StreamParser.feed", () => {
    const cases: [unknown, string][] = [[123, "number"], [null, "null"], [{}, "object (for a parsed object, use newModel)"], [new ArrayBuffer(2), "an ArrayBuffer"], [new Uint16Array(2), "Uint16Array"], [[1], "an array"]];
    const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
    for (const [bad, got] of cases) {
      expect(() => unmarshal(S, anyInput(bad))).toThrow(new TypeError(message("unmarshal", got)));
      expect(() => new Validator(S).safeUnmarshal(anyInput(bad))).toThrow(TypeError);
      expect(() => pets.safeUnmarshal(anyInput(bad))).toThrow(new TypeError(message("unmarshal", got)));
      expect(() => new StreamParser(S).feed(anyInput(bad))).toThrow(new TypeError(message("feed", got)));
    }
    // a Node Buffer is a Uint8Array; and nothing is left broken
    expect(unmarshal(S, Buffer.from('{"xs":[1],"a":2}'))).toEqual({ xs: [1], a: 2 });
    expect(new StreamParser(S).feed('{"xs":[],"a":null}').value).toEqual({ xs: [], a: null });
  });
});

describe("model mistakes: a ModelError naming the field when the validator is made (a TypeError for model()'s own arguments)", () => {
  const made = (m: () => Model) => () => new Validator(m());
  const shape = (fields: unknown) => model("X", fields as Record<string, never>);
  it("a field that is not a type, a tag that is not a string, an unknown kind, t.lazy without a function, a huge array", () => {
    expect(made(() => shape({ a: 5 }))).toThrow(new ModelError("field X.a: not a type (t.string(), t.int(), a model, ...), got number", "X", "a"));
    expect(made(() => shape({ a: null }))).toThrow("field X.a: not a type (t.string(), t.int(), a model, ...), got null");
    expect(made(() => shape({ a: t.string(anyInput(5)) }))).toThrow("field X.a: the tag must be a string, got number");
    expect(made(() => shape({ a: { kind: "strin" } }))).toThrow('field X.a: unknown kind "strin"');
    expect(made(() => shape({ a: t.lazy(anyInput(5) as never) }))).toThrow("field X.a: t.model/t.lazy must give a model");
    expect(made(() => shape({ a: t.array(1e9, t.int()) }))).toThrow("field X.a: array length 1000000000 is more than 1048576");
    // a length given as a string is shown as one (it read "got 3", as if 3 were refused)
    expect(made(() => shape({ a: t.array(anyInput("3") as never, t.int()) }))).toThrow(new ModelError('field X.a: array length must be a non-negative integer, got "3"', "X", "a"));
    expect(made(() => shape({ a: t.array(-1, t.int()) }))).toThrow(new ModelError("field X.a: array length must be a non-negative integer, got -1", "X", "a"));
    expect(made(() => shape({ a: t.slice(anyInput(5) as never) }))).toThrow(ModelError);
  });
  it("a Validator, a union, an uncalled builder or a model's thunk where a field type goes: what it got and what to write (was 'got object' / 'got function')", () => {
    const v = new Validator(S);
    const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
    const notAType = "field X.a: not a type (t.string(), t.int(), a model, ...), got";
    expect(made(() => shape({ a: v }))).toThrow(new ModelError(`${notAType} a Validator (a field takes the model itself: validator.model)`, "X", "a"));
    expect(made(() => shape({ a: t.slice(v as never) }))).toThrow(new ModelError(`${notAType} a Validator (a field takes the model itself: validator.model)`, "X", "a"));
    expect(made(() => shape({ a: pets }))).toThrow(new ModelError(`${notAType} a UnionValidator (a union is no field type)`, "X", "a"));
    expect(made(() => shape({ a: t.string }))).toThrow(new ModelError(`${notAType} function (call the builder: t.string())`, "X", "a"));
    expect(made(() => shape({ a: t.ptr(t.extras as never) }))).toThrow(new ModelError(`${notAType} function (call the builder: t.extras())`, "X", "a"));
    expect(made(() => shape({ a: () => S }))).toThrow(new ModelError(`${notAType} function (for a model declared later, use t.lazy(() => Model))`, "X", "a"));
    expect(made(() => shape({ a: [t.int()] }))).toThrow(new ModelError(`${notAType} an array`, "X", "a"));
    const mustGive = "field X.a: t.model/t.lazy must give a model";
    expect(made(() => shape({ a: t.model(v as never) }))).toThrow(new ModelError(`${mustGive}, got a Validator (a field takes the model itself: validator.model)`, "X", "a"));
    expect(made(() => shape({ a: t.lazy(() => v as never) }))).toThrow(new ModelError(`${mustGive}, got a Validator (a field takes the model itself: validator.model)`, "X", "a"));
    expect(made(() => shape({ a: t.model((() => S) as never) }))).toThrow(new ModelError(`${mustGive}, got function (for a model declared later, use t.lazy(() => Model))`, "X", "a"));
    expect(made(() => shape({ a: t.lazy(S as never) }))).toThrow(new ModelError(`${mustGive}: t.lazy takes a function that returns it (t.lazy(() => Model)), got a model (S)`, "X", "a"));
  });
  it("model() without a name or without an object of fields", () => {
    expect(() => model(anyInput(5), {})).toThrow(new TypeError("checker: model(name, fields) needs a name (a non-empty string), got number"));
    expect(() => model("X", anyInput(null) as never)).toThrow(new TypeError('checker: model("X", fields) needs its fields as an object, got null'));
  });
});

describe("a validator where a model belongs and the other way round: a TypeError naming the call and what it got", () => {
  const v = new Validator(S);
  const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
  const takesModel = (call: string, got: string) => new TypeError(`checker: ${call} takes a model (model(name, fields)), not ${got}`);
  it("the simple API and new Validator (was a ModelError 'the root of a validator must be a model' whatever was passed)", () => {
    expect(() => unmarshal(v as never, "{}")).toThrow(takesModel("unmarshal", "a Validator (call its own unmarshal method)"));
    expect(() => schema(pets as never)).toThrow(takesModel("schema", "a UnionValidator (call its own schema method)"));
    expect(() => dict(undefined as never, {})).toThrow(takesModel("dict", "undefined"));
    expect(() => unmarshal(t.string() as never, "{}")).toThrow(takesModel("unmarshal", "a field type (t.string())"));
    expect(() => new Validator(null as never)).toThrow(takesModel("new Validator", "null"));
    expect(() => new Validator(v as never)).toThrow(takesModel("new Validator", "a Validator"));
  });
  it("streams of one model and of a union (a union given to a UnionStreamParser was a crash: Cannot read properties of undefined)", async () => {
    const one = (call: string, got: string) => new TypeError(`checker: ${call} takes a model or a Validator, not ${got}`);
    expect(() => new StreamParser(pets as never)).toThrow(one("new StreamParser", "a UnionValidator (use UnionStreamParser)"));
    expect(() => parseStream(pets as never, [] as never)).toThrow(one("parseStream", "a UnionValidator (use parseUnionStream)"));
    // (parseLines takes a UnionValidator too: review-lines)
    await expect(parseLines(undefined as never, [] as never).next()).rejects.toThrow(new TypeError("checker: parseLines takes a model, a Validator or a UnionValidator, not undefined"));
    const union = (call: string, got: string) => new TypeError(`checker: ${call} takes a UnionValidator, not ${got}`);
    expect(() => new UnionStreamParser(undefined as never)).toThrow(union("new UnionStreamParser", "undefined"));
    expect(() => parseUnionStream(S as never, [] as never)).toThrow(union("parseUnionStream", "a model (S) (use parseStream)"));
    expect(() => parseUnionStream(v as never, [] as never)).toThrow(union("parseUnionStream", "a Validator (use parseStream)"));
  });
});

describe("new ValidationError of something that is not a list: a TypeError (a string was summarised 'undefined: undefined (and 2 more errors)', nothing crashed reading 'length')", () => {
  it("a string, nothing, null; a list stays as the spec's summary", () => {
    const takes = (got: string) => new TypeError(`checker: new ValidationError takes a list of FieldError objects ({ field, code, message, value }), not ${got}`);
    expect(() => new ValidationError(anyInput("bad") as never)).toThrow(takes("string"));
    expect(() => new ValidationError(undefined as never)).toThrow(takes("undefined"));
    expect(() => new ValidationError(null as never)).toThrow(takes("null"));
    expect(new ValidationError([{ field: "a", code: "REQUIRED", message: "field is required", value: null }]).message).toBe("a: field is required");
    expect(new ValidationError([]).message).toBe("no errors found");
  });
});

describe("validator options of the wrong shape: a ModelError when the validator is made, never ignored", () => {
  const made = (options: unknown) => () => new Validator(S, options as object);
  it("not an object, a misspelled option, a value of the wrong type (also through StreamParser, parseStream, parseLines, UnionValidator)", () => {
    expect(made(null)).toThrow(new ModelError("validator options must be an object, got null", "S"));
    expect(made(5)).toThrow(new ModelError("validator options must be an object, got number", "S"));
    expect(made({ strictMissingField: false })).toThrow(new ModelError('unknown option "strictMissingField" (strictMissingFields, extraFields, tagName, maxErrors, maxDepth, maxDocumentBytes)', "S"));
    expect(made({ strictMissingFields: "no" })).toThrow(new ModelError("strictMissingFields must be a boolean, got string", "S"));
    expect(made({ tagName: 5 })).toThrow(new ModelError("tagName must be a string, got number", "S"));
    expect(made({ maxErrors: "5" })).toThrow(new ModelError('maxErrors must be a positive integer (at most 4294967295), got "5"', "S"));
    expect(made({ maxErrors: undefined, tagName: undefined })).not.toThrow();
    expect(() => new StreamParser(S, anyInput(null) as never)).toThrow(new ModelError("validator options must be an object, got null", "S"));
    expect(() => parseStream(S, [] as never, { strictMissingField: false } as never)).toThrow(ModelError);
    expect(() => new UnionValidator({ discriminator: "k", variants: { s: S } }, anyInput(null) as never)).toThrow(new ModelError("validator options must be an object, got null", "S"));
  });
  it("parseStream and parseLines take their own options (signal, abortOnError) beside the validator's", async () => {
    async function* src() { yield '{"xs":[],"a":1,"b":2}\n'; }
    const ac = new AbortController();
    const results = [];
    for await (const r of parseStream(S, src(), { extraFields: "forbid", signal: ac.signal, abortOnError: true })) results.push(r);
    expect(results.at(-1)?.errors.map((e) => (e instanceof Error ? e.message : e.code))).toEqual(["EXTRA_FIELD"]);
    const lines = [];
    for await (const r of parseLines(S, src(), { maxErrors: 3, signal: ac.signal, abortOnError: ac })) lines.push(r.ok);
    expect(lines).toEqual([true]);
  });
});

describe("a misspelled option of a stream function names every option it takes (it listed the validator options alone, or called abortOnErr a validator option to be ignored)", () => {
  const v = new Validator(S);
  const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
  it("through a model: a ModelError listing the reading and the validator options; with a Validator or a union: a TypeError listing the reading options", async () => {
    const all = "signal, abortOnError, strictMissingFields, extraFields, tagName, maxErrors, maxDepth, maxDocumentBytes";
    expect(() => parseStream(S, [] as never, { abortOnErr: true } as never)).toThrow(new ModelError(`unknown option "abortOnErr" (${all})`, "S"));
    await expect(parseLines(S, [] as never, { sigal: undefined } as never).next()).rejects.toThrow(new ModelError(`unknown option "sigal" (${all})`, "S"));
    expect(() => parseStream(v, [] as never, { abortOnErr: true } as never)).toThrow(new TypeError('checker: parseStream: unknown option "abortOnErr" (signal, abortOnError)'));
    await expect(parseLines(v, [] as never, { abortOnErrors: true } as never).next()).rejects.toThrow(new TypeError('checker: parseLines: unknown option "abortOnErrors" (signal, abortOnError)'));
    expect(() => parseUnionStream(pets, [] as never, { abortOnErr: true } as never)).toThrow(new TypeError('checker: parseUnionStream: unknown option "abortOnErr" (signal, abortOnError)'));
    // a reading option given to a StreamParser or a Validator says where it belongs
    const where = (key: string) => new ModelError(`unknown option "${key}" (strictMissingFields, extraFields, tagName, maxErrors, maxDepth, maxDocumentBytes; ${key} is an option of parseStream, parseLines and parseUnionStream)`, "S");
    expect(() => new StreamParser(S, { abortOnError: true } as never)).toThrow(where("abortOnError"));
    expect(() => new Validator(S, { signal: new AbortController().signal } as never)).toThrow(where("signal"));
    // a real validator option with a Validator is still the "would ignore" TypeError
    expect(() => parseStream(v, [] as never, { maxErrors: 3 } as never)).toThrow("checker: parseStream would ignore the validator options given (maxErrors)");
  });
});

describe("parseStream's own options of the wrong kind: a TypeError at the call (abortOnError crashed at the first error: target.abort is not a function)", () => {
  const v = new Validator(S);
  it("signal, abortOnError (its controller's signal instead of the controller), for every stream function", async () => {
    const signal = new AbortController().signal;
    expect(() => parseStream(S, [] as never, { abortOnError: signal as never })).toThrow(new TypeError("checker: parseStream's abortOnError takes true, false or an AbortController, not an AbortSignal (pass the AbortController itself)"));
    expect(() => parseStream(v, [] as never, { abortOnError: "yes" as never })).toThrow(new TypeError("checker: parseStream's abortOnError takes true, false or an AbortController, not string"));
    expect(() => parseStream(S, [] as never, { signal: 5 as never })).toThrow(new TypeError("checker: parseStream's signal takes an AbortSignal, not number"));
    const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
    expect(() => parseUnionStream(pets, [] as never, { signal: {} as never })).toThrow(new TypeError("checker: parseUnionStream's signal takes an AbortSignal, not object"));
    await expect(parseLines(v, [] as never, { abortOnError: null as never }).next()).rejects.toThrow(new TypeError("checker: parseLines's abortOnError takes true, false or an AbortController, not null"));
  });
});

describe("validator options where they would be ignored: a TypeError naming the call (they were silently dropped)", () => {
  const v = new Validator(S);
  it("with a Validator (it has its own), with a union (its validators have theirs)", async () => {
    const why = "a Validator has its own (new Validator(model, options)), or pass the model";
    expect(() => new StreamParser(v, { maxErrors: 5 } as never)).toThrow(new TypeError(`checker: new StreamParser would ignore the validator options given (maxErrors): ${why}`));
    expect(() => parseStream(v, [] as never, { extraFields: "forbid", signal: undefined } as never)).toThrow(new TypeError(`checker: parseStream would ignore the validator options given (extraFields): ${why}`));
    await expect(parseLines(v, [] as never, { tagName: "json" } as never).next()).rejects.toThrow(new TypeError(`checker: parseLines would ignore the validator options given (tagName): ${why}`));
    const pets = new UnionValidator({ discriminator: "type", variants: { s: S } });
    expect(() => parseUnionStream(pets, [] as never, { maxErrors: 3 } as never)).toThrow(new TypeError("checker: parseUnionStream would ignore the validator options given (maxErrors): the union's validators have theirs (new UnionValidator(definition, options))"));
    // undefined values are no options; the reading options go with anything
    expect(() => new StreamParser(v, { maxErrors: undefined } as never)).not.toThrow();
    expect(() => parseStream(v, [] as never, { abortOnError: true })).not.toThrow();
  });
});

describe("marshalWithOptions with options of the wrong shape: a TypeError (null crashed; a misspelled key or a value of another type was ignored or guessed)", () => {
  const value = { xs: null, a: 1 };
  const call = (options: unknown) => () => marshalWithOptions(S, value, options as never);
  it("not an object, an unknown key, a value of the wrong type", () => {
    expect(call(null)).toThrow(new TypeError("checker: marshalWithOptions takes its options as an object ({ omitEmpty, indent, extras }), not null"));
    expect(call({ indnt: 2 })).toThrow(new TypeError('checker: marshalWithOptions: unknown option "indnt" (omitEmpty, indent, extras)'));
    expect(call({ indent: true })).toThrow(new TypeError("checker: marshalWithOptions: indent takes a number or a string, not boolean"));
    expect(call({ omitEmpty: "yes" })).toThrow(new TypeError("checker: marshalWithOptions: omitEmpty takes a boolean, not string"));
    expect(new TextDecoder().decode(marshalWithOptions(S, value, { indent: undefined, omitEmpty: true }))).toBe('{"a":1}');
  });
});

describe("setTagName without a string: a TypeError, the tag name unchanged (undefined left getTagName() undefined)", () => {
  it("undefined, a number", () => {
    expect(() => setTagName(undefined as never)).toThrow(new TypeError('checker: setTagName takes a string ("" restores checker), not undefined'));
    expect(() => setTagName(5 as never)).toThrow(new TypeError('checker: setTagName takes a string ("" restores checker), not number'));
    expect(getTagName()).toBe("checker");
  });
});

describe("dict of a value that is no object: a TypeError (it was given back as it was, typed as a Record)", () => {
  it("undefined, null, a number, an array", () => {
    for (const [bad, got] of [[undefined, "undefined"], [null, "null"], [5, "number"], [[], "an array"]] as const) {
      expect(() => dict(S, bad as never)).toThrow(new TypeError(`checker: dict takes a value of model S (an object), not ${got}`));
    }
  });
});

describe("values JSON cannot hold", () => {
  it("a hole in an array is written as null (as JSON.stringify does), never as invalid JSON", () => {
    // eslint-disable-next-line no-sparse-arrays
    const text = new TextDecoder().decode(marshal(S, { xs: [1, , 3], a: [1, , 3] }));
    expect(text).toBe('{"xs":[1,null,3],"a":[1,null,3]}');
    expect(JSON.parse(text)).toEqual({ xs: [1, null, 3], a: [1, null, 3] });
    // dict is that JSON form: the same nulls, no holes (it kept the hole before)
    // eslint-disable-next-line no-sparse-arrays
    const form = dict(S, { xs: [1, , 3], a: [1, , 3] });
    expect(form).toEqual({ xs: [1, null, 3], a: [1, null, 3] });
    expect(1 in (form.xs as unknown[])).toBe(true);
  });
  it("a value that contains itself (through a recursive model): INVALID_TYPE from validate, a ValidationError from marshal, no stack overflow", () => {
    type Tree = { v: number; kids: Tree[] | null };
    const TreeModel: Model = model("Tree", { v: t.int(), kids: t.slice(t.lazy((): Model => TreeModel)) });
    const x: Tree = { v: 1, kids: [] };
    x.kids!.push({ v: 2, kids: [x] });
    const r = safeValidate(TreeModel, x);
    expect(r.ok ? [] : r.error.errors).toEqual([{ field: "kids[0].kids[0]", code: "INVALID_TYPE", message: "must be of type Tree, not a value that contains itself", value: null }]);
    expect(() => marshal(TreeModel, x)).toThrow(ValidationError);
    // the same object twice, side by side, is no cycle
    const leaf = { v: 3, kids: null };
    expect(safeValidate(TreeModel, { v: 1, kids: [leaf, leaf] }).ok).toBe(true);
  });
});

describe("init", () => {
  it("initSync with a WebAssembly module that is not checker's core is refused, and the real core still loads", () => {
    const index = JSON.stringify(join(process.cwd(), "dist", "index.js"));
    const script = `
      const { initSync, unmarshal, model, t } = await import(${index});
      try { initSync(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); console.log("accepted"); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
      console.log(JSON.stringify(unmarshal(model("M", { n: t.int() }), '{"n":1}')));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim().split("\n");
    expect(out).toEqual([
      "TypeError: checker: this WebAssembly module is not checker's core (it does not export memory, heapBase, run, parseNumber, parseTime, patternMatch); pass build/checker.wasm",
      '{"n":1}',
    ]);
  });

  it("init and initSync take the core's bytes through any view of them (a DataView, a Uint8Array inside a bigger buffer), as their type says", () => {
    const index = JSON.stringify(join(process.cwd(), "dist", "index.js"));
    const wasm = JSON.stringify(join(process.cwd(), "build", "checker.wasm"));
    for (const [call, view] of [["initSync", "new DataView(b.buffer, b.byteOffset, b.byteLength)"], ["await init", "new DataView(b.buffer, b.byteOffset, b.byteLength)"],
      ["initSync", "(() => { const big = new Uint8Array(b.length + 8); big.set(b, 4); return big.subarray(4, 4 + b.length); })()"]]) {
      const script = `
        const { init, initSync, unmarshal, model, t } = await import(${index});
        const b = (await import("node:fs")).readFileSync(${wasm});
        ${call}(${view});
        console.log(JSON.stringify(unmarshal(model("M", { n: t.int() }), '{"n":1}')));`;
      expect(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim()).toBe('{"n":1}');
    }
  });
});

describe("more calls given the wrong thing: a TypeError naming the call and what it got", () => {
  it("disassemble takes a Validator (a model, undefined)", () => {
    expect(() => disassemble(S as unknown as Validator)).toThrow(new TypeError("checker: disassemble takes a Validator, not a model (S) (pass new Validator(S))"));
    expect(() => disassemble(undefined as unknown as Validator)).toThrow(new TypeError("checker: disassemble takes a Validator, not undefined"));
    expect(disassemble(new Validator(S))).toContain("S");
  });

  it("state.complete takes a path (a number, undefined, null, an array holding an object)", () => {
    const takes = 'checker: state.complete takes a path, "sections[2].body" or ["sections", 2, "body"], not';
    const { state } = new StreamParser(S).feed('{"xs":[1,');
    const ustate = new UnionStreamParser(new UnionValidator({ discriminator: "type", variants: { s: S } })).feed('{"type":"s","xs":[1,').state;
    for (const [bad, got] of [[5, "number"], [undefined, "undefined"], [null, "null"], [["xs", {}], "an array holding object"]] as const) {
      expect(() => state.complete(bad as unknown as string)).toThrow(new TypeError(`${takes} ${got}`));
      expect(() => ustate.complete(bad as unknown as string)).toThrow(new TypeError(`${takes} ${got}`));
    }
    expect(state.complete(["xs", 0])).toBe(true);
    expect(state.complete("xs[1]")).toBe(false);
    expect(ustate.complete(["xs", 0])).toBe(true);
  });
});
