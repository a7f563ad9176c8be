// An `any` value (a t.any() field, the items of a slice of any, the entries of a map of any,
// unknown keys captured under extraFields "allow") is built from the tape entries of its content,
// not by JSON.parse of its text; the value must still be exactly JSON.parse's: same types, same
// key order (integer-like keys first, as JS objects order them), the last of repeated keys, an
// own "__proto__" property (never the prototype), -0, Infinity for 1e400, every escape.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError, Validator, model, t } from "../bindings/index.js";
import * as L from "../bindings/layout.js";
import { sharedSession } from "../bindings/session.js";
import { bothBuilders } from "./support/both-builders.js";

const AnyDoc = model("AnyDoc", { anyField: t.any(), anyList: t.slice(t.any()), anyMap: t.map(t.any()), rest: t.extras() });
const v = new Validator(AnyDoc, { extraFields: "allow", strictMissingFields: false });
const FIELDS = new Set(["anyField", "anyList", "anyMap"]);

/**
 * A JSON value as a comparable tree: numbers by Object.is (-0 is not 0), objects with their own
 * keys in order, each key's property flags, and whether the prototype is Object.prototype.
 */
function exact(x: unknown): unknown {
  if (typeof x === "number") return ["number", Object.is(x, -0) ? "-0" : String(x)];
  if (Array.isArray(x)) return ["array", ...x.map(exact)];
  if (x !== null && typeof x === "object") {
    const members = Reflect.ownKeys(x).map((k) => {
      const d = Object.getOwnPropertyDescriptor(x, k)!;
      return [k, d.enumerable, d.writable, d.configurable, exact(d.value)];
    });
    return ["object", Object.getPrototypeOf(x) === Object.prototype, ...members];
  }
  return x;
}

// ---------------------------------------------------------------- JSON text, as written by hand

const ws = fc.constantFrom("", " ", "\n\t ");
const stringPiece = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 3 }).map((s) => JSON.stringify(s).slice(1, -1)),
  fc.constantFrom('\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "é", "😀", "\u2028", "\ud800", "\udc00x"),
  fc.integer({ min: 0, max: 0xffff }).map((n) => `\\u${n.toString(16).padStart(4, "0")}`),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => `\\u${n.toString(16).toUpperCase()}`),
  fc.constantFrom("\\ud83d\\ude00", "\\uD83D\\uDE00"),
);
const jsonString = fc.array(stringPiece, { maxLength: 5 }).map((p) => `"${p.join("")}"`);
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("__proto__", "\\u005f_proto__", "10", "2", "a", "0", "-1", "01", "1.5", "4294967294", "4294967295", "constructor", "b", "é").map((k) => `"${k}"`) },
  { weight: 1, arbitrary: jsonString },
);
const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(""));
const numberText = fc.oneof(
  fc.constantFrom("0", "-0", "-0.0", "0e5", "-0E-3", "1e400", "-1e400", "5e-324", "2e-324", "4.9406564584124654e-324", "2.2250738585072011e-308",
    "1.7976931348623157e308", "1.7976931348623159e308", "9007199254740993", "123456789012345678901234567890", "0.1", "1E+2", "1e-7"),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 9 }), digits(0, 24), fc.option(digits(1, 25)), fc.option(fc.integer({ min: -400, max: 400 })))
    .map(([neg, lead, int, frac, exp]) => `${neg ? "-" : ""}${lead}${int}${frac === null ? "" : `.${frac}`}${exp === null ? "" : `e${exp}`}`),
);
const { value: jsonValue } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 4 },
    numberText, jsonString, fc.constantFrom("true", "false", "null"), tie("array"), tie("object")),
  array: fc.tuple(fc.array(tie("value"), { maxLength: 4 }), ws).map(([items, s]) => `[${s}${items.join(`${s},${s}`)}${s}]`),
  object: fc.tuple(fc.array(fc.tuple(key, tie("value")), { maxLength: 5 }), ws)
    .map(([members, s]) => `{${s}${members.map(([k, x]) => `${k}${s}:${s}${x}`).join(`${s},`)}${s}}`),
}));
/** Members of the captured extras: keys that are none of the model's JSON names. */
const extraMembers = fc.array(fc.tuple(key.filter((k) => !FIELDS.has(JSON.parse(k) as string)), jsonValue), { maxLength: 4 })
  .map((members) => members.map(([k, x]) => `${k}:${x}`));

const docArb = fc.record({
  field: jsonValue, list: fc.array(jsonValue, { maxLength: 4 }), entries: fc.array(fc.tuple(key, jsonValue), { maxLength: 4 }), extras: extraMembers,
});

describe("an any value is exactly what JSON.parse makes of its text", () => {
  it("in a field, slice items, map entries and captured extras, in both builders, from a string and from bytes (fast-check, 600 runs)", () => {
    fc.assert(fc.property(docArb, ({ field, list, entries, extras }) => {
      const listText = `[${list.join(",")}]`;
      const mapText = `{${entries.map(([k, x]) => `${k}:${x}`).join(",")}}`;
      const doc = `{"anyField":${field},"anyList":${listText},"anyMap":${mapText}${extras.map((m) => `,${m}`).join("")}}`;
      const expected = exact({
        anyField: JSON.parse(field), anyList: JSON.parse(listText), anyMap: JSON.parse(mapText), rest: JSON.parse(`{${extras.join(",")}}`),
      });
      for (const built of bothBuilders(v, doc)) expect(exact(built)).toEqual(expected);
      // bytes: what the text's UTF-8 says (a lone surrogate in the text is written as U+FFFD)
      const bytes = new TextEncoder().encode(doc);
      const { anyField, anyList, anyMap, ...rest } = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      expect(exact(v.unmarshal(bytes))).toEqual(exact({ anyField, anyList, anyMap, rest }));
    }), { seed: 20261124, numRuns: 600 });
  });

  it("the edge cases one by one: -0, 1e400, 5e-324, a 17-digit float, a big integer, key order, repeated and __proto__ keys, escapes", () => {
    const doc = String.raw`{"anyField":{"b":-0,"10":1e400,"2":5e-324,"a":0.30000000000000004,"__proto__":{"x":[]},"b":123456789012345678901234567890,"s":"\"\u00e9\ud800\uD83D\uDE00\n","":null}}`;
    for (const built of bothBuilders(v, doc)) {
      const any = (built as { anyField: Record<string, unknown> }).anyField;
      expect(Object.keys(any)).toEqual(["2", "10", "b", "a", "__proto__", "s", ""]);
      expect(Object.getPrototypeOf(any)).toBe(Object.prototype);
      expect(any["__proto__"]).toEqual({ x: [] });
      expect([any["2"], any["10"], any.b, any.a, any.s]).toEqual([5e-324, Infinity, 1.2345678901234568e29, 0.30000000000000004, '"é\ud800😀\n']);
      expect(exact(any)).toEqual(exact(JSON.parse(doc).anyField));
    }
    expect(Object.is((v.unmarshal('{"anyField":[-0,-0.0,0]}') as { anyField: number[] }).anyField[1], -0)).toBe(true);
  });
});

describe("an any value's content is read from the tape, not parsed again", () => {
  afterEach(() => vi.restoreAllMocks());

  it("unmarshal of any values without escaped strings calls JSON.parse not once (it did per value)", () => {
    const doc = '{"anyField":{"meta":{"n":1.5,"ok":true,"tags":["a","b"],"none":null}},"anyList":[1,"x",[{}]],"anyMap":{"k":{"v":[2]}},"extra":{"e":1}}';
    const parse = vi.spyOn(JSON, "parse");
    const value = v.unmarshal(doc);
    expect(parse).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    const { anyField, anyList, anyMap, ...rest } = JSON.parse(doc) as Record<string, unknown>;
    expect(value).toEqual({ anyField, anyList, anyMap, rest });
  });
});

describe("a huge any value takes no more tape than its text", () => {
  it(`past ${L.ANY_TAPE_MAX} entries it and the later any values of the document are one T_RAW entry each: same values, the tape stays small`, () => {
    const zeros = `[${"0,".repeat(L.ANY_TAPE_MAX)}0]`;
    // the limit is passed deep inside nested containers of the first any value; an any value and extras follow
    const doc = `{"anyField":{"a":[{"b":1},{"deep":{"z":${zeros},"after":"x"}},[true]],"c":{"d":null}},"anyList":[{"e":[1,2]},"s"],"anyMap":{"k":[{}]},"extra":{"__proto__":[-0]}}`;
    const { anyField, anyList, anyMap, ...rest } = JSON.parse(doc) as Record<string, unknown>;
    const expected = exact({ anyField, anyList, anyMap, rest });
    for (const built of bothBuilders(v, doc)) expect(exact(built)).toEqual(expected);
    expect(sharedSession().get(L.S_TAPE_LEN)).toBeLessThan(64);
    // one entry under the limit: still entries (the array's own T_ARR and T_ARR_END besides its items)
    const under = `{"anyField":[${"0,".repeat(L.ANY_TAPE_MAX - 3)}0]}`;
    expect((v.unmarshal(under) as { anyField: unknown[] }).anyField).toHaveLength(L.ANY_TAPE_MAX - 2);
    expect(sharedSession().get(L.S_TAPE_LEN)).toBeGreaterThan(L.ANY_TAPE_MAX);
  });
});

describe("failures inside and next to any values", () => {
  const E = model("AnyErrors", { meta: t.any(), age: t.int("min=0"), tags: t.slice(t.any(), "max=1"), x: t.extras() });
  const ve = new Validator(E, { extraFields: "allow", strictMissingFields: false, maxDepth: 4 });
  const failure = (json: string) => {
    const r = ve.safeUnmarshal(json);
    return r.ok ? r : { name: r.error.name, message: r.error.message, offset: (r.error as { offset?: number }).offset };
  };

  it("keep their codes, paths, values and offsets (checks beside any values, maxDepth and syntax inside one)", () => {
    const fieldErrors = (r: { ok: boolean; error?: unknown }) => (r.error instanceof ValidationError ? r.error.errors : []);
    expect(fieldErrors(ve.safeUnmarshal('{"meta":{"a":[1,{"b":"\\u00e9"}]},"age":-1,"tags":[{"k":[true]},null],"zz":{"q":[1]}}'))).toEqual([
      { field: "age", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
      { field: "tags", code: "MAX_ITEMS", message: "must have at most 1 items", value: [{ k: [true] }, null] },
    ]);
    expect(failure('{"meta":{"a":[[[1]]]},"age":1}')).toEqual({ name: "JsonSyntaxError", message: "nesting too deep (more than 4 levels) at offset 15 (line 1, column 16)", offset: 15 });
    expect(failure('{"meta":{"a":[1,]},"age":1}')).toEqual({ name: "JsonSyntaxError", message: 'unexpected character "]" at offset 16 (line 1, column 17)', offset: 16 });
    expect(failure('{"meta":{"a":[[1]]},"age":"x"}')).toEqual({ name: "UnmarshalTypeError", message: "cannot unmarshal string into field age of type int", offset: 26 });
    const forbid = new Validator(model("AnyForbid", { meta: t.any() }), { extraFields: "forbid" }).safeUnmarshal('{"meta":[{"a":1}],"other":{"n":[1,{"m":null}]}}');
    expect(fieldErrors(forbid)).toEqual([
      { field: "other", code: "EXTRA_FIELD", message: "unknown field in JSON", value: { n: [1, { m: null }] } },
    ]);
  });
});
