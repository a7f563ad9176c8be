// default= end to end: which fields take it, how its text is read per kind, when it is checked,
// and what every entry point makes of it (unmarshal, streams, parseLines, newModel, validate,
// ~standard, marshal, dict, JSON Schema, unions). The rules are SPEC's ("A `default=<value>`
// directive supplies a value for a missing field"), DESIGN's (Missing and null) and README's
// (Declaring a model: a bad default is a ModelError; Semantics, Missing and null, default=). Then two
// differentials against real Go (test/go-oracle/defaults.go, Go's strconv and encoding/json):
//   1. default= texts of every kind, valid and not: checker takes a text exactly when Go's strconv
//      reads it for the field's kind (ParseInt(s, 10, bits), ParseUint, ParseFloat, ParseBool),
//      but for the forms README refuses by rule, and writes the value as Go's json.Marshal does;
//   2. random models with defaults at every level (nested models, ptrs, slices, arrays, maps of
//      models) and documents that leave fields out: Go's decoding plus the defaults of the keys
//      each object lacks, marshaled, is checker's marshal of what it read, one-shot, as a stream
//      fed in chunks and by newModel of the parsed object; and what each wrote, read again, agrees.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ModelError, StreamParser, UnionStreamParser, UnionValidator, ValidationError, Validator, model, parseLines, t,
  type FieldError, type Model, type Type,
} from "../bindings/index.js";
import { bothBuilders } from "./support/both-builders.js";
import { fe } from "./support/directive-harness.js";
import { asCheckerEscapes, buildGoOracle, ensureGo, type GoAnswer, type GoOracle, type GoType } from "./support/go-oracle.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The FieldErrors a call throws ([] when it returns). */
function errorsOf(call: () => unknown): FieldError[] {
  try {
    call();
    return [];
  } catch (e) {
    if (e instanceof ValidationError) return e.errors.map((x) => ({ ...x }));
    throw e;
  }
}

/** The ModelError's message creating a validator of `shape` throws ("" when it does not). */
function modelError(shape: Record<string, Type>, opts = {}): string {
  try {
    new Validator(model("D", shape), opts);
    return "";
  } catch (e) {
    if (e instanceof ModelError) return `${e.field}/${e.directive}: ${e.message}`;
    throw e;
  }
}

// ---------------------------------------------------------------- which fields take it

describe("default=: a missing key takes it; null, \"\" and zero values do not", () => {
  const M = model("Which", {
    s: t.string("default=abc"),
    n: t.int("default=5"),
    b: t.bool("default=true"),
    p: t.ptr(t.int(), "default=3"),
    e: t.string('json:"e,omitempty" checker:"default=x"'),
  });
  const v = new Validator(M);

  it.each([
    ["{}", { s: "abc", n: 5, b: true, p: 3, e: "x" }],
    ['{"s":"","n":0,"b":false,"p":0,"e":""}', { s: "", n: 0, b: false, p: 0, e: "" }],
    // DESIGN (Missing and null): null on a non-required field is its zero value (null for a ptr), not the default
    ['{"s":null,"n":null,"b":null,"p":null,"e":null}', { s: "", n: 0, b: false, p: null, e: "" }],
    ['{"s":"z","n":-1}', { s: "z", n: -1, b: true, p: 3, e: "x" }],
    // the last occurrence of a repeated key wins, null included (README, Repeated keys)
    ['{"s":"z","s":null,"p":1,"p":null}', { s: "", n: 5, b: true, p: null, e: "x" }],
  ])("%s", (json, want) => {
    expect(v.unmarshal(json)).toEqual(want);
  });

  it("with strictMissingFields off too (DESIGN: default= with it off is allowed; Go's library panics at New)", () => {
    const lax = new Validator(M, { strictMissingFields: false });
    expect(lax.unmarshal("{}")).toEqual({ s: "abc", n: 5, b: true, p: 3, e: "x" });
    expect(modelError({ a: t.string("default=dark"), b: t.int() }, { strictMissingFields: false })).toBe("");
  });

  it("required wins: a missing required field is REQUIRED, its default never taken (SPEC's requiredness table; README, default=)", () => {
    const R = new Validator(model("Req", { a: t.string("required,default=x"), b: t.ptr(t.int(), "default=1,required") }));
    expect(errorsOf(() => R.unmarshal("{}"))).toEqual([fe("a", "REQUIRED", "field is required", null), fe("b", "REQUIRED", "field is required", null)]);
    expect(errorsOf(() => R.unmarshal('{"a":null,"b":null}'))).toEqual([fe("a", "REQUIRED", "field is required", null), fe("b", "REQUIRED", "field is required", null)]);
    expect(R.unmarshal('{"a":"","b":0}')).toEqual({ a: "", b: 0 });
    // the schema still states both
    expect(R.schema()).toMatchObject({ properties: { a: { default: "x" }, b: { default: 1 } }, required: ["a", "b"] });
  });

  it("a json:\"-\" field is never read, so its default never applies (as in Go's library, which skips such fields)", () => {
    const S = new Validator(model("Dash", { a: t.string('json:"-" checker:"default=x"'), b: t.int() }));
    expect(S.unmarshal('{"b":1,"a":"y","-":"z"}')).toEqual({ a: "", b: 1 });
    expect(S.newModel({ b: 1 })).toEqual({ a: "", b: 1 });
    expect(S.schema().properties).toEqual({ b: { type: "integer", minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } });
  });

  it("nested models, items of slices and maps, and ptrs to models fill their own; padding of a [N]T and a null model hold zero values", () => {
    const I = model("Item", { n: t.int("default=9"), k: t.string("default=kk") });
    const O = new Validator(model("Outer", { one: I, ptr: t.ptr(I), list: t.slice(I), fixed: t.array(2, I), byKey: t.map(I), nul: I }));
    expect(O.unmarshal('{"one":{},"ptr":{"n":1},"list":[{},{"k":""}],"fixed":[{}],"byKey":{"a":{},"b":{"n":0}},"nul":null}')).toEqual({
      one: { n: 9, k: "kk" }, ptr: { n: 1, k: "kk" }, list: [{ n: 9, k: "kk" }, { n: 9, k: "" }],
      // README (Fixed-size arrays): the rest holds zero values, as Go's [N]T
      fixed: [{ n: 9, k: "kk" }, { n: 0, k: "" }], byKey: { a: { n: 9, k: "kk" }, b: { n: 0, k: "kk" } }, nul: { n: 0, k: "" },
    });
    // a model left out (strictMissingFields off, or omitempty) is its zero value, as Go's: no object, no defaults
    const lax = new Validator(model("Lax", { one: I, om: t.model(I, 'json:"om,omitempty"'), p: t.ptr(I) }), { strictMissingFields: false });
    expect(lax.unmarshal("{}")).toEqual({ one: { n: 0, k: "" }, om: { n: 0, k: "" }, p: null });
  });

  it("a recursive model fills each level; __proto__ and constructor fields take theirs as own members", () => {
    interface Tree { value: number; children: Tree[] | null; next: Tree | null }
    const Tree: Model<{ value: Type<number>; children: Type<Tree[] | null>; next: Type<Tree | null> }> =
      model("Tree", { value: t.int("default=1"), children: t.slice(t.lazy(() => Tree)), next: t.ptr(t.lazy(() => Tree)) });
    const v = new Validator(Tree, { strictMissingFields: false });
    const leaf = { value: 1, children: null, next: null };
    expect(v.unmarshal('{"children":[{},{"value":2,"children":[{}]}],"next":{"next":{}}}')).toEqual({
      value: 1, children: [leaf, { value: 2, children: [leaf], next: null }], next: { ...leaf, next: leaf },
    });
    const P = new Validator(model("Proto", { ["__proto__"]: t.string("default=x"), constructor: t.int("default=3") } as Record<string, Type>));
    for (const got of [P.unmarshal("{}"), new StreamParser(P).feed("{}").value, P.newModel({}), P.newModel(JSON.parse('{"__proto__":"x"}') as Record<string, unknown>)]) {
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.entries(got as object)).toEqual([["__proto__", "x"], ["constructor", 3]]);
    }
  });
});

// ---------------------------------------------------------------- the text, per kind

describe("default=: the text is read by the field's kind when the validator is made", () => {
  const value = (type: Type) => new Validator(model("K", { f: type })).unmarshal("{}").f;

  it.each([
    // strings: as written, after the tag's own reading
    [t.string("default=a b"), "a b"],
    [t.string("default=a\\,b,min=1"), "a,b"],
    [t.string("default=a=b"), "a=b"],
    [t.string("default='x'"), "'x'"],
    [t.string('checker:"default=\\"q\\" \\\\ <&>"'), '"q" \\ <&>'],
    [t.string('json:"f" checker:"default=\\u00e9\\U0001F600"'), "é😀"],
    [t.string("default="), ""],
    [t.string("default"), ""],
    // README (default=): the text is taken as written, spaces included (Go's library trims each part)
    [t.string("default= a ,min=1"), " a "],
    // ints at the edges of every kind; -0 is 0; leading zeros as ParseInt reads them
    [t.int8("default=-128"), -128], [t.int8("default=127"), 127], [t.int8("default=+7"), 7], [t.int8("default=-0"), 0],
    [t.int16("default=-32768"), -32768], [t.int16("default=32767"), 32767],
    [t.int32("default=-2147483648"), -2147483648], [t.int32("default=2147483647"), 2147483647],
    [t.int("default=-9007199254740991"), -9007199254740991], [t.int64("default=9007199254740991"), 9007199254740991],
    [t.uint8("default=255"), 255], [t.uint16("default=65535"), 65535], [t.uint32("default=4294967295"), 4294967295],
    [t.uint("default=007"), 7], [t.uint64("default=9007199254740991"), 9007199254740991], [t.uint64("default=0"), 0],
    // floats: a decimal, as ParseFloat reads it
    [t.float64("default=.5"), 0.5], [t.float64("default=1."), 1], [t.float64("default=+1.5E+2"), 150],
    [t.float64("default=1e-400"), 0], [t.float64("default=1.7976931348623157e308"), 1.7976931348623157e308],
    [t.float32("default=3.4028235e38"), 3.4028235e38], [t.float32("default=0.1"), 0.1],
    // bools: what ParseBool reads
    [t.bool("default=1"), true], [t.bool("default=t"), true], [t.bool("default=True"), true],
    [t.bool("default=0"), false], [t.bool("default=F"), false], [t.bool("default=FALSE"), false],
    // a ptr holds its kind's default
    [t.ptr(t.uint8(), "default=200"), 200], [t.ptr(t.string(), "default=x"), "x"], [t.ptr(t.bool(), "default=f"), false],
  ])("%#: %j", (type, want) => {
    expect(value(type)).toEqual(want);
  });

  it("both value builders (generated code and the generic walk) hold the same defaults", () => {
    const v = new Validator(model("Both", {
      s: t.string('checker:"default=\\"q\\" \\\\ </script> \\u2028"'), l: t.string("default=\ud800"), f: t.float64("default=-0"), g: t.float64("default=1e21"),
      i: t.int8("default=-128"), b: t.bool("default=F"), p: t.ptr(t.uint64(), "default=9007199254740991"),
    }));
    const [generic, generated] = bothBuilders(v, "{}");
    expect(generated).toEqual(generic);
    expect(generic).toEqual({ s: '"q" \\ </script> \u2028', l: "\ud800", f: -0, g: 1e21, i: -128, b: false, p: 9007199254740991 });
    expect(Object.is((generated as { f: number }).f, -0)).toBe(true);
  });

  it("-0 stays -0 in a float field (and is written -0, as Go writes it)", () => {
    const v = new Validator(model("Z", { f: t.float64("default=-0") }));
    expect(Object.is(v.unmarshal("{}").f, -0)).toBe(true);
    expect(text(v.marshal(v.unmarshal("{}")))).toBe('{"f":-0}');
  });

  it.each([
    [{ f: t.int("default=1.0") }, "f/default: field D.f: default=1.0 is not an integer for int"],
    [{ f: t.int8("default=128") }, "f/default: field D.f: default=128 is out of range for int8"],
    [{ f: t.int8("default=-129") }, "f/default: field D.f: default=-129 is out of range for int8"],
    [{ f: t.int64("default=9007199254740992") }, "f/default: field D.f: default=9007199254740992 is out of range for int64"],
    [{ f: t.uint8("default=-1") }, "f/default: field D.f: default=-1 is out of range for uint8"],
    [{ f: t.uint8("default=+1") }, "f/default: field D.f: default=+1 is not an integer for uint8 (digits only, as Go's ParseUint)"],
    [{ f: t.uint64("default=18446744073709551615") }, "f/default: field D.f: default=18446744073709551615 is out of range for uint64"],
    [{ f: t.int("default= 5") }, "f/default: field D.f: default= 5 is not a number"],
    [{ f: t.int("default=5 ,min=1") }, "f/default: field D.f: default=5  is not a number"],
    [{ f: t.int("default=0x10") }, "f/default: field D.f: default=0x10 is not a number"],
    [{ f: t.int("default=1_000") }, "f/default: field D.f: default=1_000 is not a number"],
    [{ f: t.float64("default=Inf") }, "f/default: field D.f: default=Inf is not a number"],
    [{ f: t.float64("default=NaN") }, "f/default: field D.f: default=NaN is not a number"],
    [{ f: t.float64("default=0x1p-2") }, "f/default: field D.f: default=0x1p-2 is not a number"],
    [{ f: t.float64("default=1e309") }, "f/default: field D.f: default=1e309 is out of range"],
    [{ f: t.float32("default=3.4028236e38") }, "f/default: field D.f: default=3.4028236e38 is out of range for float32"],
    [{ f: t.float64("default") }, "f/default: field D.f: default needs a value (default=...)"],
    [{ f: t.bool("default=yes") }, "f/default: field D.f: default=yes is not a bool (1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False, as Go's ParseBool)"],
    [{ f: t.ptr(t.int(), "default=x") }, "f/default: field D.f: default=x is not a number"],
    // the default of a ptr is written on the ptr (README, Declaring a model: a tag on a ptr's element)
    [{ f: t.ptr(t.int("default=1")) }, "f/undefined: field D.f: a tag on the element of a ptr has no effect; write it on the ptr: t.ptr(<element>, \"default=1\"), whose checks apply to the value it points to"],
    // kinds that take no default
    [{ f: t.time("default=2024-01-01T00:00:00Z") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got time"],
    [{ f: t.any("default=1") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got any"],
    [{ f: t.slice(t.string(), "default=a") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got list"],
    [{ f: t.map(t.int(), "default=1") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got map"],
    [{ f: t.array(2, t.int(), "default=1") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got list"],
    [{ f: t.ptr(t.time(), "default=x") }, "f/default: field D.f: 'default' can only be used on string, number or bool fields, got time"],
    // a default that breaks the field's own checks: at creation, never at the first document
    [{ f: t.string("default=ab,min=3") }, "f/default: field D.f: default=ab breaks min=3"],
    [{ f: t.string("min=3,default=ab") }, "f/default: field D.f: default=ab breaks min=3"],
    [{ f: t.string("default=a\\,b,max=2") }, "f/default: field D.f: default=a,b breaks max=2"],
    [{ f: t.string("default=x,oneof=a b") }, "f/default: field D.f: default=x breaks oneof=a b"],
    [{ f: t.string("default=x,email") }, "f/default: field D.f: default=x breaks email"],
    [{ f: t.string("default=a1,alpha") }, "f/default: field D.f: default=a1 breaks alpha"],
    [{ f: t.string("default=\ud800,alpha") }, "f/default: field D.f: default=\ud800 breaks alpha"],
    [{ f: t.string("default=ab,regexp=^a$") }, "f/default: field D.f: default=ab breaks regexp=^a$"],
    [{ f: t.int("default=0,gt=0") }, "f/default: field D.f: default=0 breaks gt=0"],
    [{ f: t.uint8("default=9,lte=8") }, "f/default: field D.f: default=9 breaks lte=8"],
    [{ f: t.float32("default=1.5,oneof=1 2") }, "f/default: field D.f: default=1.5 breaks oneof=1 2"],
    [{ f: t.ptr(t.int(), "default=2,min=3") }, "f/default: field D.f: default=2 breaks min=3"],
    [{ f: t.string("default=,min=1") }, "f/default: field D.f: default= breaks min=1"],
    // the last default= is the one (as Go's tag map keeps the last), but every one must read
    [{ f: t.int("default=x,default=2") }, "f/default: field D.f: default=x is not a number"],
  ])("%#: %s", (shape, want) => {
    expect(modelError(shape as Record<string, Type>)).toBe(want);
  });

  it("checks that pass the default: no ModelError, and the default passes them at run time", () => {
    const v = new Validator(model("Ok", {
      a: t.string("default=abc,min=3,max=3,alpha,oneof=abc x"), b: t.int("default=2,oneof=1 2,gt=1,lt=3"), c: t.float64("default=1.0,oneof=1"),
      d: t.bool("default=T,oneof=true"), e: t.string("default=😀é,max=2"), f: t.string("default=\ud800,regexp=^\\x{FFFD}$"), g: t.int("default=1,default=2"),
    }));
    expect(v.unmarshal("{}")).toEqual({ a: "abc", b: 2, c: 1, d: true, e: "😀é", f: "\ud800", g: 2 });
    expect(errorsOf(() => v.validate(v.unmarshal("{}")))).toEqual([]);
  });
});

// ---------------------------------------------------------------- object checks see the default

describe("default=: cross-field checks see the default; a missing key's error value is null", () => {
  it.each([
    // gtfield / ltfield between defaults, a default and a value, a ptr's default
    [{ lo: t.int("default=5"), hi: t.int("default=3,gtfield=lo") }, "{}", [fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", null)]],
    [{ lo: t.int("default=5"), hi: t.int("gtfield=lo") }, '{"hi":6}', []],
    [{ lo: t.ptr(t.int(), "default=5"), hi: t.int("gtfield=lo") }, '{"hi":3}', [fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", 3)]],
    [{ lo: t.ptr(t.int(), "default=5"), hi: t.int("gtfield=lo") }, '{"hi":3,"lo":null}', []],
    [{ a: t.string("default=m"), b: t.string("ltfield=a") }, '{"b":"z"}', [fe("b", "MUST_BE_LT_FIELD", "must be less than field a", "z")]],
    // required_with / required_if: a default makes the other field present, or the condition hold
    [{ a: t.ptr(t.string(), "default=x"), c: t.string("required_with=a") }, '{"c":""}', [fe("c", "REQUIRED_WITH", "field is required when a is present", "")]],
    [{ k: t.int8("default=2"), c: t.string("required_if=k 2") }, '{"c":""}', [fe("c", "REQUIRED_IF", "field is required when k is 2", "")]],
    [{ k: t.int8("default=2"), c: t.string("required_if=k 2") }, '{"c":"","k":1}', []],
    [{ k: t.bool("default=t"), c: t.string("default=,required_if=k true") }, "{}", [fe("c", "REQUIRED_IF", "field is required when k is true", null)]],
    [{ k: t.string("default=x y"), c: t.int("required_if=k x y") }, '{"c":0}', [fe("c", "REQUIRED_IF", "field is required when k is x y", 0)]],
    [{ k: t.ptr(t.float32(), "default=0.5"), c: t.float64("ltfield=k") }, '{"c":0.5}', [fe("c", "MUST_BE_LT_FIELD", "must be less than field k", 0.5)]],
  ])("%#", (shape, json, want) => {
    const v = new Validator(model("X", shape as Record<string, Type>));
    expect(errorsOf(() => v.unmarshal(json))).toEqual(want);
  });

  it("README (Error values): a missing field's cross-field errors hold null; its own checks of the zero value it took (strictMissingFields off) hold that value", () => {
    const lax = new Validator(model("LaxGt", { lo: t.int(), hi: t.int("gtfield=lo,min=1") }), { strictMissingFields: false });
    expect(errorsOf(() => lax.unmarshal("{}"))).toEqual([
      fe("hi", "MIN_VALUE", "must be at least 1", 0),
      fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", null),
    ]);
    const def = new Validator(model("LaxGtDefault", { lo: t.int("default=5"), hi: t.int("gtfield=lo,default=3") }), { strictMissingFields: false });
    expect(errorsOf(() => def.unmarshal("{}"))).toEqual([fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", null)]);
  });

  it("unique=F over items whose F took its default", () => {
    const I = model("U", { k: t.string("default=kk"), n: t.int() });
    const v = new Validator(model("L", { l: t.slice(I, "unique=k") }));
    expect(errorsOf(() => v.unmarshal('{"l":[{"n":1},{"k":"kk","n":2}]}'))).toEqual([fe("l", "NOT_UNIQUE", "items must be unique", [{ n: 1 }, { k: "kk", n: 2 }])]);
    expect(v.unmarshal('{"l":[{"n":1},{"k":"kx","n":2}]}')).toEqual({ l: [{ k: "kk", n: 1 }, { k: "kx", n: 2 }] });
    const N = new Validator(model("LN", { l: t.slice(model("UN", { n: t.uint16("default=9") }), "unique=n") }));
    expect(errorsOf(() => N.unmarshal('{"l":[{},{"n":9}]}'))).toEqual([fe("l", "NOT_UNIQUE", "items must be unique", [{}, { n: 9 }])]);
    expect(errorsOf(() => N.unmarshal('{"l":[{},{"n":8}]}'))).toEqual([]);
  });
});

// ---------------------------------------------------------------- every entry point

const Shop = model("Shop", {
  name: t.string('json:"shop_name" checker:"required"'),
  currency: t.string("default=EUR,min=3,max=3"),
  open: t.bool("default=true"),
  rating: t.ptr(t.float32(), "default=4.5"),
  tags: t.slice(t.string()),
  address: model("Addr", { city: t.string("required"), zip: t.string('json:"zip_code" checker:"default=00000"') }),
});
const FULL = { name: "s", currency: "EUR", open: true, rating: 4.5, tags: null, address: { city: "c", zip: "00000" } };

describe("default=: every entry point fills the same value", () => {
  const v = new Validator(Shop, { strictMissingFields: false });
  const doc = '{"shop_name":"s","address":{"city":"c"}}';

  it("unmarshal and dict", () => {
    expect(v.unmarshal(doc)).toEqual(FULL);
    expect(v.dict(v.unmarshal(doc))).toEqual({ shop_name: "s", currency: "EUR", open: true, rating: 4.5, tags: null, address: { city: "c", zip_code: "00000" } });
  });

  it("a stream shows a default once its object closes, not before", () => {
    const sp = new StreamParser(Shop, { strictMissingFields: false });
    const steps = ['{"shop_name":"s",', '"address":{"city":"c"', "}", "}"].map((c) => {
      const r = sp.feed(c);
      // (complete() takes TS keys, as openPath: README, Streams)
      return { done: r.done, partial: JSON.parse(JSON.stringify(r.partial)) as unknown, zip: r.state.complete("address.zip"), open: r.state.complete(["open"]) };
    });
    expect(steps).toEqual([
      { done: false, partial: { name: "s" }, zip: false, open: false },
      { done: false, partial: { name: "s", address: { city: "c" } }, zip: false, open: false },
      { done: false, partial: { name: "s", address: { city: "c", zip: "00000" } }, zip: true, open: false },
      { done: true, partial: FULL, zip: true, open: true },
    ]);
    expect(sp.feed("").value).toEqual(FULL);
  });

  it("parseLines: each record takes its defaults", async () => {
    async function* source() {
      yield '{"shop_name":"a","address":{"city":"c","zip_code":"1"}}\n{"shop_name":"b","open":false,';
      yield '"address":{"city":"d"},"rating":null}\n';
    }
    const got: unknown[] = [];
    for await (const r of parseLines(v, source())) got.push(r.ok ? r.value : r.error);
    expect(got).toEqual([
      { ...FULL, name: "a", address: { city: "c", zip: "1" } },
      { ...FULL, name: "b", open: false, rating: null, address: { city: "d", zip: "00000" } },
    ]);
  });

  it("newModel: by JSON names, by property keys (a left-out or undefined member is missing), a Map, bytes", () => {
    expect(v.newModel({ shop_name: "s", address: { city: "c" } })).toEqual(FULL);
    expect(v.newModel({ name: "s", currency: undefined, address: { city: "c" } })).toEqual(FULL);
    expect(v.newModel(new Map<string, unknown>([["shop_name", "s"], ["address", { city: "c" }]]))).toEqual(FULL);
    expect(v.newModel(new TextEncoder().encode(doc))).toEqual(FULL);
    // null is no missing member
    expect(v.newModel({ name: "s", open: null, rating: null, address: { city: "c", zip: null } })).toEqual({ ...FULL, open: false, rating: null, address: { city: "c", zip: "" } });
    // a complete typed value keeps its zero values, omitempty or not (Go's NewModel of a struct validates it as it is)
    const O = new Validator(model("OmNew", { a: t.string('json:"a,omitempty" checker:"default=x"'), n: t.int('json:"n,omitempty" checker:"default=7"'), p: t.ptr(t.int(), 'json:"p,omitempty" checker:"default=3"') }));
    expect(O.newModel({ a: "", n: 0, p: null })).toEqual({ a: "", n: 0, p: null });
    expect(O.newModel({ a: "" })).toEqual({ a: "", n: 7, p: 3 });
  });

  it("~standard.validate: by JSON names and by property keys", async () => {
    expect(await v["~standard"].validate({ shop_name: "s", address: { city: "c" } })).toEqual({ value: FULL });
    expect(await v["~standard"].validate({ name: "s", address: { city: "c" } })).toEqual({ value: FULL });
    expect(await v["~standard"].validate({ name: "s", currency: "US", address: { city: "c" } })).toEqual({
      issues: [{ message: "must be at least 3 characters", path: ["currency"] }],
    });
  });

  it("validate, marshal and dict of a typed value fill nothing: an undefined field is null to them, unchecked, written as its zero value", () => {
    // README (default=): validate, marshal and dict fill nothing, an undefined member is null to
    // them (DESIGN, Missing and null: accepted, unchecked; README, Marshal: written as the zero
    // value); newModel and ~standard read it as a missing one (README, newModel)
    expect(errorsOf(() => v.validate(FULL))).toEqual([]);
    const undef = { ...FULL, currency: undefined, open: undefined } as never;
    expect(errorsOf(() => v.validate(undef))).toEqual([]);
    expect(text(v.marshal(undef))).toBe('{"shop_name":"s","currency":"","open":false,"rating":4.5,"tags":null,"address":{"city":"c","zip_code":"00000"}}');
    expect(v.dict(undef)).toMatchObject({ currency: "", open: false });
    expect(v.newModel(undef)).toEqual(FULL);
  });

  it("marshal writes the defaults taken; an empty omitempty field with a default reads back as its default (as in Go)", () => {
    expect(text(v.marshal(v.unmarshal(doc)))).toBe('{"shop_name":"s","currency":"EUR","open":true,"rating":4.5,"tags":null,"address":{"city":"c","zip_code":"00000"}}');
    const O = new Validator(model("Om", { a: t.string('json:"a,omitempty" checker:"default=x"'), n: t.int('json:"n,omitempty" checker:"default=7"') }));
    expect(text(O.marshal({ a: "", n: 0 }))).toBe("{}");
    expect(O.unmarshal(text(O.marshal({ a: "", n: 0 })))).toEqual({ a: "x", n: 7 });
  });

  it("JSON Schema: the default keyword holds the typed value (2020-12, draft-07, OpenAPI)", () => {
    const props = { currency: { type: "string", minLength: 3, maxLength: 3, default: "EUR" }, open: { type: "boolean", default: true } };
    const zip = { properties: { zip_code: { type: "string", default: "00000" } } };
    expect(v.schema()).toMatchObject({ properties: { ...props, rating: { type: ["number", "null"], default: 4.5 }, address: zip } });
    expect(v["~standard"].jsonSchema.input({ target: "draft-07" })).toMatchObject({ $schema: "http://json-schema.org/draft-07/schema#", properties: { ...props, address: zip } });
    expect(v.schemaOpenAPI()).toMatchObject({ properties: { ...props, address: { $ref: "#/$defs/Addr" } }, $defs: { Addr: zip } });
    const K = new Validator(model("Kinds", { i: t.int8("default=-128"), u: t.uint64("default=9007199254740991"), f: t.float64("default=-1.5e1"), b: t.bool("default=F"), s: t.string("default=\"q\"\\,") }));
    expect(Object.values(K.schema().properties as Record<string, { default: unknown }>).map((p) => p.default)).toEqual([-128, 9007199254740991, -15, false, '"q",']);
  });
});

describe("default=: unions", () => {
  const Cat = model("Cat", { type: t.string(), lives: t.int("default=9"), name: t.string("default=tom") });
  const Dog = model("Dog", { type: t.string("default=dog"), bark: t.bool("default=true") });
  const u = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }] });

  it("each variant fills its own defaults; the discriminator still has to be there", () => {
    expect(u.unmarshal('{"type":"cat","name":"x"}')).toEqual({ variant: "cat", value: { type: "cat", lives: 9, name: "x" } });
    expect(u.unmarshal('{"type":"dog"}')).toEqual({ variant: "dog", value: { type: "dog", bark: true } });
    expect(errorsOf(() => u.unmarshal("{}"))).toEqual([fe("type", "REQUIRED", "field is required", null)]);
  });

  it("a union stream, ~standard and the schema", async () => {
    const sp = new UnionStreamParser(u);
    const partials = ['{"type":"cat"', ',"name":"x"', "}"].map((c) => JSON.parse(JSON.stringify(sp.feed(c).partial)) as unknown);
    expect(partials).toEqual([{ type: "cat" }, { type: "cat", name: "x" }, { type: "cat", name: "x", lives: 9 }]);
    expect(await u["~standard"].validate({ type: "dog" })).toEqual({ value: { variant: "dog", value: { type: "dog", bark: true } } });
    expect(u.schema()).toMatchObject({ oneOf: [{ properties: { lives: { default: 9 }, name: { default: "tom" } } }, { properties: { bark: { default: true } } }] });
  });

  it("the schema's discriminator property has no default: the union never applies it (a missing discriminator is REQUIRED), and one naming another variant contradicted its const", () => {
    const Odd = model("Odd", { type: t.string("default=cat"), bark: t.bool() });
    const w = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Odd }] });
    for (const s of [u.schema(), w.schema(), w.schemaOpenAPI(), w["~standard"].jsonSchema.input({ target: "draft-07" })]) {
      const [cat, dog] = (s as { oneOf: { properties: Record<string, unknown> }[] }).oneOf;
      expect([cat!.properties.type, dog!.properties.type]).toEqual([{ type: "string", const: "cat" }, { type: "string", const: "dog" }]);
    }
    expect(errorsOf(() => w.unmarshal('{"bark":true}'))).toEqual([fe("type", "REQUIRED", "field is required", null)]);
    // the variant's model alone still takes it
    expect(new Validator(Odd).unmarshal('{"bark":true}')).toEqual({ type: "cat", bark: true });
    expect(new Validator(Odd).schema().properties).toMatchObject({ type: { type: "string", default: "cat" } });
  });
});

// ---------------------------------------------------------------- Go: the text of a default

type Kind = "string" | "bool" | "int" | "int8" | "int16" | "int32" | "int64" | "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "float32" | "float64";
const KINDS: Kind[] = ["string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64"];
const builder = (k: Kind): ((tag?: string) => Type) => t[k] as (tag?: string) => Type;

const EDGES = [
  "0", "-0", "+0", "1", "-1", "+1", "007", "-007", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769",
  "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
  "9007199254740991", "9007199254740992", "-9007199254740991", "-9007199254740992", "9223372036854775807", "18446744073709551615",
  "1.0", "1.", ".5", "-.5", "1e2", "1E-2", "+1.5e+3", "1e-400", "1e309", "-1e309", "1.7976931348623157e308", "4.9e-324",
  "3.4028235e38", "3.4028236e38", "-3.4028235e38", "1e-46", "0.1", "0.1234567891", "123456789012345678901234567890",
  "1.00000005960464477539062500001", "3.4028235677973362e38", "3.4028235677973366e38", "3.40282356779733661637539395458142568448e38",
  "0x10", "0x1p-2", "1_000", "1_0.5", "Inf", "+Inf", "-inf", "infinity", "NaN", "nan", "", " 1", "1 ", "1,", "--1", "1e", "e1", ".", "+",
  "1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False", "yes", "tRUE", "on",
];

const numberText = fc.oneof(
  fc.constantFrom(...EDGES),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }).map((x) => String(x)),
  fc.tuple(fc.constantFrom("", "-", "+"), fc.stringMatching(/^[0-9]{1,4}$/), fc.constantFrom("", ".", ".5", ".25"), fc.constantFrom("", "e3", "E-2", "e+1")).map((p) => p.join("")),
);
const stringText = fc.oneof(fc.constantFrom("", "a b", "x=y", "é😀", "\"q\"", "<&>", "\u2028", "tab\there", "a\\,b"), fc.string({ maxLength: 8 }).map((s) => s.replace(/[\p{Cs},\\]/gu, "_")));

/** A directive list holding the text as default= (a comma written \, as README says). */
const directive = (text: string) => `default=${text.replace(/,/g, "\\,")}`;

/**
 * README (Numbers): a float32 is read as a float64 first, so a decimal of 17 or more digits next to
 * a float32 rounding boundary stands for Math.fround of that float64 where Go rounds it directly.
 * README (Declaring a model): a float default is "a decimal only, as Go's `ParseFloat` reads it
 * but without its hex, `Inf`, `NaN` and `_` forms"; int/int64/uint/uint64 are bounded to
 * JavaScript's safe integers (README, TypeScript types).
 */
function refusedByRule(kind: Kind, s: string): string | undefined {
  if (kind === "float32" && /^[+-]?[\d.]{17,}(e[+-]?\d+)?$/i.test(s)) return "float32-double-rounding";
  if ((kind === "float32" || kind === "float64") && /^[+-]?(0[xX]|inf|infinity|nan$)|_/i.test(s)) return "float-form";
  if (/^(u?int|u?int64)$/.test(kind) && /^[+-]?\d+$/.test(s) && Math.abs(Number(s)) > Number.MAX_SAFE_INTEGER) return "safe-integer";
  return undefined;
}

interface TextCase { kind: Kind; text: string }

const TEXT_CASES: TextCase[] = [
  ...KINDS.flatMap((kind) => EDGES.map((text) => ({ kind, text }))),
  ...fc.sample(fc.tuple(fc.constantFrom(...KINDS), fc.boolean()).chain(([kind, num]) => (kind === "string" || !num ? stringText : numberText).map((text) => ({ kind, text }))), { seed: 20261125, numRuns: 2500 }),
];

/** The text as a field f and a ptr field p, both with that default, read from "{}" by Go. */
const textRequest = (c: TextCase): GoType => ({
  k: "struct", fields: [
    { json: "f", omitempty: false, type: { k: c.kind }, default: c.text },
    { json: "p", omitempty: false, type: { k: "ptr", elem: { k: c.kind } }, default: c.text },
  ],
});

// ---------------------------------------------------------------- Go: structure

type Spec = { k: "scalar"; kind: Kind; def?: string } | { k: "ptr"; kind: Kind; def?: string } | { k: "model"; m: MSpec; ptr: boolean }
  | { k: "slice" | "map"; m: MSpec } | { k: "array"; n: number; m: MSpec };
interface FSpec { json: string; omitempty: boolean; spec: Spec }
interface MSpec { name: string; fields: FSpec[] }

/** A text both Go and checker read for the kind (the first differential covers the rest). */
function validDefault(kind: Kind): fc.Arbitrary<string> {
  switch (kind) {
    case "string": return stringText;
    case "bool": return fc.constantFrom("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False");
    case "float32": return fc.oneof(fc.constantFrom("0", "-0", "0.1", "1e10", "3.4028235e38", "-1.5", ".5"), fc.integer({ min: -99999, max: 99999 }).map((n) => `${n / 100}`));
    case "float64": return fc.oneof(fc.constantFrom("-0", "1e-400", "1e21", "1e-7", "0.1", "123456789012345678901234567890"), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String));
    default: {
      const [lo, hi] = kind.startsWith("u")
        ? [0, { uint8: 255, uint16: 65535, uint32: 4294967295 }[kind as string] ?? Number.MAX_SAFE_INTEGER]
        : ({ int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647] } as Record<string, [number, number]>)[kind] ?? [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
      return fc.oneof(fc.constantFrom(String(lo), String(hi), "0", "007"), fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }).map(String));
    }
  }
}

const NAMES = ["a", "b", "c_1", "Dd", "é", "x-y"];

function modelArb(depth: number): fc.Arbitrary<MSpec> {
  const scalar = fc.constantFrom(...KINDS).chain((kind) => fc.tuple(fc.boolean(), fc.option(validDefault(kind), { freq: 3, nil: undefined }))
    .map(([ptr, def]): Spec => ({ k: ptr ? "ptr" : "scalar", kind, def })));
  const sub = fc.constant(null).chain(() => modelArb(depth + 1));
  const spec: fc.Arbitrary<Spec> = depth >= 2 ? scalar : fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.tuple(sub, fc.boolean()).map(([m, ptr]): Spec => ({ k: "model", m, ptr })) },
    { weight: 1, arbitrary: fc.tuple(sub, fc.constantFrom<"slice" | "map">("slice", "map")).map(([m, k]): Spec => ({ k, m })) },
    { weight: 1, arbitrary: fc.tuple(sub, fc.integer({ min: 0, max: 3 })).map(([m, n]): Spec => ({ k: "array", n, m })) },
  );
  return fc.uniqueArray(fc.record({ json: fc.constantFrom(...NAMES), omitempty: fc.boolean(), spec }), { selector: (f) => f.json, minLength: 1, maxLength: 5 })
    .map((fields) => ({ name: "", fields }));
}

function named(m: MSpec, name: string): MSpec {
  return {
    name, fields: m.fields.map((f, i) => {
      const s = f.spec;
      return { ...f, spec: s.k === "model" || s.k === "slice" || s.k === "map" || s.k === "array" ? { ...s, m: named(s.m, `${name}_${i}`) } : s };
    }),
  };
}

function toModel(m: MSpec): Model {
  return model(m.name, Object.fromEntries(m.fields.map((f, i) => {
    const tag = (dirs: string) => `json:"${f.json}${f.omitempty ? ",omitempty" : ""}" checker:"${dirs.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    const s = f.spec;
    const def = s.k === "scalar" || s.k === "ptr" ? (s.def === undefined ? "" : directive(s.def)) : "";
    switch (s.k) {
      case "scalar": return [`f${i}`, builder(s.kind)(tag(def))];
      case "ptr": return [`f${i}`, t.ptr(builder(s.kind)(), tag(def))];
      case "model": return [`f${i}`, s.ptr ? t.ptr(toModel(s.m), tag("")) : t.model(toModel(s.m), tag(""))];
      case "slice": return [`f${i}`, t.slice(toModel(s.m), tag(""))];
      case "map": return [`f${i}`, t.map(toModel(s.m), tag(""))];
      case "array": return [`f${i}`, t.array(s.n, toModel(s.m), tag(""))];
    }
  })));
}

function goType(m: MSpec): GoType {
  return {
    k: "struct", fields: m.fields.map((f) => {
      const s = f.spec;
      const type: GoType = s.k === "scalar" ? { k: s.kind } : s.k === "ptr" ? { k: "ptr", elem: { k: s.kind } }
        : s.k === "model" ? (s.ptr ? { k: "ptr", elem: goType(s.m) } : goType(s.m))
          : s.k === "array" ? { k: "array", n: s.n, elem: goType(s.m) } : { k: s.k, elem: goType(s.m) };
      const def = (s.k === "scalar" || s.k === "ptr") && s.def !== undefined ? { default: s.def } : {};
      return { json: f.json, omitempty: f.omitempty, type, ...def };
    }),
  };
}

function scalarJson(kind: Kind): fc.Arbitrary<unknown> {
  switch (kind) {
    case "string": return fc.string({ maxLength: 4 }).map((s) => s.replace(/\p{Cs}/gu, "_"));
    case "bool": return fc.boolean();
    case "float32": return fc.integer({ min: -9999, max: 9999 }).map((n) => n / 8);
    case "float64": return fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
    default: return fc.integer({ min: 0, max: 100 });
  }
}

/** A document for the model: each field present (a value or null) or left out; no unknown or repeated keys. */
function docArb(m: MSpec): fc.Arbitrary<Record<string, unknown>> {
  const entries = m.fields.map((f): fc.Arbitrary<[string, unknown] | undefined> => {
    const s = f.spec;
    const value: fc.Arbitrary<unknown> = s.k === "scalar" || s.k === "ptr" ? scalarJson(s.kind)
      : s.k === "model" ? docArb(s.m)
        : s.k === "map" ? fc.dictionary(fc.constantFrom("k", "", "2"), docArb(s.m), { maxKeys: 2 })
          : fc.array(docArb(s.m), { maxLength: s.k === "array" ? s.n + 1 : 3 });
    return fc.option(fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }).map((x): [string, unknown] => [f.json, x]), { freq: 2, nil: undefined });
  });
  return fc.tuple(...entries).map((es) => Object.fromEntries(es.filter((e): e is [string, unknown] => e !== undefined)));
}

interface StructCase { m: MSpec; v: Validator; doc: string }

const STRUCT_CASES: StructCase[] = fc.sample(modelArb(0).map((m) => named(m, "R")).chain((m) => fc.tuple(fc.constant(m), fc.array(docArb(m), { minLength: 3, maxLength: 3 }))), { seed: 20261126, numRuns: 300 })
  .flatMap(([m, docs]) => {
    const v = new Validator(toModel(m), { strictMissingFields: false });
    return docs.map((d) => ({ m, v, doc: JSON.stringify(d) }));
  });

// ---------------------------------------------------------------- the batch

let oracle: GoOracle | undefined;
let textAnswers: GoAnswer[];
let structAnswers: GoAnswer[];
/** Go's answer for what it wrote of each struct case read again (the marshal round trip), when it read the case. */
let roundTrips: (GoAnswer | undefined)[];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const answers = oracle.ask([
    ...TEXT_CASES.map((c) => ({ op: "defaults" as const, type: textRequest(c), text: "{}" })),
    ...STRUCT_CASES.map((c) => ({ op: "defaults" as const, type: goType(c.m), text: c.doc })),
  ]);
  textAnswers = answers.slice(0, TEXT_CASES.length);
  structAnswers = answers.slice(TEXT_CASES.length);
  const again = oracle.ask(STRUCT_CASES.flatMap((c, i) => (structAnswers[i]!.ok ? [{ op: "defaults" as const, type: goType(c.m), text: structAnswers[i]!.value! }] : [])));
  let next = 0;
  roundTrips = structAnswers.map((a) => (a.ok ? again[next++] : undefined));
}, 900_000);

afterAll(() => oracle?.dispose());

describe("default= against Go (test/go-oracle/defaults.go)", () => {
  it("a default text is taken exactly when Go's strconv reads it for the kind (but README's refused forms), and written as Go writes it", () => {
    const disagreements: string[] = [];
    const byRule = new Map<string, number>();
    let taken = 0;
    TEXT_CASES.forEach((c, i) => {
      const go = textAnswers[i]!;
      // Go reads Inf and NaN, which its json.Marshal then refuses
      const goTook = go.ok || /^oracle: marshal: json: unsupported value: (\+|-)?(Inf|NaN)$/.test(go.error!);
      if (!goTook && !go.error!.startsWith("default: F0: strconv.")) {
        disagreements.push(`the oracle failed on ${JSON.stringify(c)}: ${go.error}`);
        return;
      }
      let got: string;
      try {
        const v = new Validator(model("T", { f: builder(c.kind)(`json:"f" checker:"${directive(c.text).replace(/[\\"]/g, (x) => `\\${x}`)}"`), p: t.ptr(builder(c.kind)(), directive(c.text)) }));
        got = text(v.marshal(v.unmarshal("{}")));
      } catch (e) {
        if (!(e instanceof ModelError) || e.directive !== "default" || e.field !== "f") throw e;
        got = "refused";
      }
      if (go.ok && got === asCheckerEscapes(go.value!)) {
        taken++;
        return;
      }
      if (!goTook && got === "refused") return;
      const rule = refusedByRule(c.kind, c.text);
      // (the forms README refuses are refused; a float32 decimal of 17 digits or more may round otherwise)
      if (goTook && rule && (got === "refused" || rule === "float32-double-rounding")) {
        byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
        return;
      }
      disagreements.push(`${c.kind} default=${JSON.stringify(c.text)}: Go ${go.ok ? go.value : go.error}, checker ${got}`);
    });
    expect({ disagreements: disagreements.length, first: disagreements.slice(0, 15) }).toEqual({ disagreements: 0, first: [] });
    // both outcomes, and each rule, are exercised
    expect({ taken: taken > 800, refused: TEXT_CASES.length - taken > 800, floatForms: (byRule.get("float-form") ?? 0) > 10, safeIntegers: (byRule.get("safe-integer") ?? 0) > 10 })
      .toEqual({ taken: true, refused: true, floatForms: true, safeIntegers: true });
    // README (Numbers): 1 + 2^-24 written long is 1 (Go: 1.0000001); just below the float32 overflow bound, refused (Go: its largest value)
    expect(byRule.get("float32-double-rounding")).toBe(2);
  });

  it("random models: Go's decoding plus the defaults of the keys each object lacks is what checker reads (strictMissingFields off)", () => {
    expect(STRUCT_CASES.length).toBe(900);
    const disagreements: string[] = [];
    let defaultsTaken = 0;
    STRUCT_CASES.forEach((c, i) => {
      const go = structAnswers[i]!;
      const want = go.ok ? asCheckerEscapes(go.value!) : go.error!;
      // one-shot, a stream fed in three chunks, and newModel of the parsed object (by JSON names)
      const ways: [string, () => unknown][] = [
        ["unmarshal", () => c.v.unmarshal(c.doc)],
        ["stream", () => streamed(c.v, c.doc, i)],
        ["newModel", () => c.v.newModel(JSON.parse(c.doc) as Record<string, unknown>)],
      ];
      for (const [way, read] of ways) {
        let got: string;
        try {
          got = text(c.v.marshal(read() as never));
        } catch (e) {
          got = `${(e as Error).name}: ${(e as Error).message}`;
        }
        if (got !== want) disagreements.push(`${way}: model ${JSON.stringify(goType(c.m))}\ndocument ${c.doc}\nGo      ${want}\nchecker ${got}`);
      }
      if (go.ok && leavesOutADefault(c.m, JSON.parse(c.doc) as Record<string, unknown>)) defaultsTaken++;
    });
    expect({ disagreements: disagreements.length, first: disagreements.slice(0, 10) }).toEqual({ disagreements: 0, first: [] });
    expect(defaultsTaken).toBeGreaterThan(300);
  });

  it("the marshal round trip reads back what Go reads back (an empty omitempty field with a default takes it again, README Marshal)", () => {
    const disagreements: string[] = [];
    let changed = 0;
    STRUCT_CASES.forEach((c, i) => {
      const go = roundTrips[i];
      if (!go) return;
      const written = text(c.v.marshal(c.v.unmarshal(c.doc)));
      const again = text(c.v.marshal(c.v.unmarshal(written)));
      const want = go.ok ? asCheckerEscapes(go.value!) : go.error!;
      if (again !== want) disagreements.push(`model ${JSON.stringify(goType(c.m))}\nwritten ${written}\nGo      ${want}\nchecker ${again}`);
      else if (again !== written) changed++;
    });
    expect({ disagreements: disagreements.length, first: disagreements.slice(0, 10) }).toEqual({ disagreements: 0, first: [] });
    expect(changed).toBeGreaterThan(50);
  });
});

/** The final value of a stream fed the document in three chunks (cut where the case's index says). */
function streamed(v: Validator, doc: string, i: number): unknown {
  const sp = StreamParser.fromValidator(v);
  const cuts = [0, (i * 7) % (doc.length + 1), (i * 13) % (doc.length + 1), doc.length].sort((a, b) => a - b);
  let last;
  for (let k = 1; k < cuts.length; k++) last = sp.feed(doc.slice(cuts[k - 1], cuts[k]));
  if (!last?.done) throw new Error("the stream did not end");
  if (last.errors.length > 0) throw new Error(JSON.stringify(last.errors));
  return last.value;
}

/** The document leaves out a top-level field that has a default. */
function leavesOutADefault(m: MSpec, doc: Record<string, unknown>): boolean {
  return m.fields.some((f) => (f.spec.k === "scalar" || f.spec.k === "ptr") && f.spec.def !== undefined && !(f.json in doc));
}
