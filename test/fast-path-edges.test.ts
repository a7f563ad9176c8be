// The edges of the fast paths, each against the general path that computes the same thing:
// 1. the item loop (assembly/items.ts, one-shot) vs the per-token path (a stream fed byte by byte);
// 2. the strings arena (escaped strings of 64 bytes or more, decoded by the core) vs the stream,
//    which never decodes into it, and vs validate() of JSON.parse's value;
// 3. `any` values as tape entries (up to ANY_TAPE_MAX) vs JSON.parse of their text;
// 4. the per-model generated readers and makers (bindings/model-object.ts) vs their plain fallback;
// 5. marshal's pathless first pass vs the path of the value that fails;
// 6. unique compared pairwise (up to 8 items) vs hashed, and vs the core's unique;
// 7. string min=/max= answered by length vs counted by the core.
// Each property straddles its boundary (just below, at, just above) with a fixed seed.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { model, t, type Model } from "../bindings/model.js";
import { StreamParser } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import { MarshalError } from "../bindings/marshal.js";
import { ANY_TAPE_MAX } from "../bindings/layout.js";
import type { FieldError } from "../bindings/errors.js";
import { differences, feedAll, oneShot, singles, cut, utf8, type Ending } from "./support/stream-harness.js";

/** A value's text with key order, -0, NaN and the infinities kept (JSON.stringify loses them). */
function show(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "bigint") return `${v}n`;
  if (v === undefined) return "undefined";
  if (v instanceof Date) return `Date(${v.getTime()})`;
  if (Array.isArray(v)) return `[${Array.from(v, show).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const proto = Object.getPrototypeOf(v) === Object.prototype ? "" : "~";
    return `${proto}{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${show((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** An Ending with its value shown (key order, -0). */
function shown(e: Ending): unknown {
  return e.status === "valid" ? { status: "valid", value: show(e.value) } : e;
}

/** One-shot (string and bytes) and streamed (byte by byte, and in the given chunks) agree. */
function expectSameEndings(v: Validator, parser: StreamParser, text: string, sizes: readonly number[]): Ending {
  const want = oneShot(v, utf8(text));
  expect(shown(oneShot(v, text)), text).toEqual(shown(want));
  for (const chunks of [singles(utf8(text)), cut(utf8(text), sizes)]) {
    const run = feedAll(parser, chunks);
    // (deep-equal with -0 told apart; a stream's model keys come in document order: README Streaming)
    expect(differences(run, want), text).toEqual([]);
  }
  return want;
}

// ---------------------------------------------------------------- 1. the item loop

const Lists = model("EdgeLists", {
  i8: t.slice(t.int8(), "min=2,max=5"),
  u8: t.slice(t.uint8()),
  u8u: t.slice(t.uint8(), "unique"),
  i64: t.slice(t.int64()),
  f64: t.slice(t.float64()),
  f32: t.array(3, t.float32()),
  m: t.map(t.slice(t.float64()), "max=1"),
  grid: t.slice(t.slice(t.uint32()), "min=2"),
  b: t.slice(t.bool(), "max=2"),
  s: t.slice(t.string(), "max=4"),
});
const LIST_KEYS = ["i8", "u8", "u8u", "i64", "f64", "f32", "m", "grid", "b", "s"] as const;

const digitsOf = (n: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: n, maxLength: n }).map((d) => d.join(""));
/** Numbers whose digit counts sit at the loop's edges (8 at a time, 19 at most, 2^53); `integers`: mostly no fraction or exponent. */
const edgeNumber = (integers: boolean) => fc.oneof(
  {
    weight: 12,
    arbitrary: fc.tuple(
      fc.constantFrom("", "-"),
      fc.constantFrom(1, 1, 2, 7, 8, 9, 15, 16, 17, 18, 19, 20).chain(digitsOf),
      fc.oneof({ weight: integers ? 20 : 2, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(".5", ".00000001", ".123456789", ".0") }),
      fc.oneof({ weight: integers ? 30 : 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("e1", "E-2", "e+0") }),
    ).map(([sign, d, frac, exp]) => sign + (d.length > 1 && d[0] === "0" ? "1" + d.slice(1) : d) + frac + exp),
  },
  {
    weight: 12,
    arbitrary: fc.constantFrom("-0", "0", "-128", "-129", "127", "128", "255", "256", "-1", "9007199254740991", "9007199254740992", "9007199254740993",
      "18446744073709551615", "18446744073709551616", "12345678", "123456789", "1234567812345678", "12345678123456789", "null", "null"),
  },
  { weight: integers ? 0 : 3, arbitrary: fc.constantFrom("-0.0", "1.5", "0.1", "1e400", "1e-400", "4.9e-324", "3.4028235e38", "3.5e38") },
  { weight: 1, arbitrary: fc.constantFrom("00", "01", "-01", "0.", "1e", "-", "true", "\"7\"", "[]", "1.5") },
);
const edgeBool = fc.oneof({ weight: 20, arbitrary: fc.constantFrom("true", "false", "null") }, { weight: 1, arbitrary: fc.constantFrom("tru", "falsex", "0") });
const edgeString = fc.oneof(
  fc.constantFrom('""', '"a"', '"0123456789abcdef"', '"0123456789abcde"', '"0123456789abcdefg"', '"a\\nb"', '"é"', "null", '"\\u0000"'),
  fc.string({ unit: "grapheme-ascii", maxLength: 34 }).map((x) => JSON.stringify(x)),
);
const space = fc.constantFrom("", "", " ", "\n", "\r\n\t ");
const listOf = (item: fc.Arbitrary<string>) =>
  fc.tuple(fc.array(fc.tuple(space, item, space), { maxLength: 10 }), fc.oneof({ weight: 40, arbitrary: fc.constant("]") }, { weight: 1, arbitrary: fc.constantFrom("", ",]") })).map(([xs, close]) => `[${xs.map(([a, x, b]) => a + x + b).join(",")}${close}`);
const listText = (key: (typeof LIST_KEYS)[number]): fc.Arbitrary<string> => {
  if (key === "b") return listOf(edgeBool);
  if (key === "s") return listOf(edgeString);
  if (key === "m") return fc.array(listOf(edgeNumber(false)), { maxLength: 3 }).map((ls) => `{${ls.map((l, i) => `"k${i % 2}":${l}`).join(",")}}`);
  if (key === "grid") return fc.array(listOf(edgeNumber(true)), { maxLength: 3 }).map((ls) => `[${ls.join(",\n")}]`);
  return listOf(edgeNumber(key === "f64" || key === "f32"));
};
/** A document of up to four list fields, the last one ending right before `}` at the end of the input. */
const listDoc = fc.uniqueArray(fc.constantFrom(...LIST_KEYS), { minLength: 1, maxLength: 4 }).chain((keys) =>
  fc.tuple(...keys.map((k) => listText(k).map((l) => `"${k}":${l}`)), space).map((parts) => `{${parts.slice(0, -1).join(",")}${parts[parts.length - 1]}}`),
);
const chunkSizes = fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 4 });

describe("1. the item loop ends as the general path does, at its edges", () => {
  for (const maxErrors of [1000, 2]) {
    it(`digit counts 1/7/8/9/15..20, -0, leading zeros, exponents, int8/uint8 edges, null items, maxErrors ${maxErrors}`, () => {
      const v = new Validator(Lists as Model, { strictMissingFields: false, maxErrors });
      const parser = StreamParser.fromValidator(v);
      const endings: Record<string, number> = { valid: 0, invalid: 0, syntax: 0, type: 0 };
      fc.assert(
        fc.property(listDoc, chunkSizes, (text, sizes) => {
          endings[expectSameEndings(v, parser, text, sizes).status]++;
        }),
        { seed: 20261124 + maxErrors, numRuns: 1000 },
      );
      for (const n of Object.values(endings)) expect(n, JSON.stringify(endings)).toBeGreaterThan(20);
    });
  }
});

// ---------------------------------------------------------------- 2. the strings arena

/** JSON string contents as written: escapes (lone surrogates, \u0000, pairs), raw multibyte characters. */
const PIECES = ["a", "\\n", "\\u00e9", "é", "\\ud800", "\\udc00", "\\ud83d\\ude00", "😀", "\\u0000", "\\uFFFD", "\uFFFD", "\\\\", '\\"', "\\/", "\\u0041", "日", "\\t"];
const byteLength = (s: string) => utf8(s).length;
/** Contents of 62..66 or 127..129 bytes as written (the arena takes 64 and more), escaped or not. */
/** The pieces joined, then `filler` added up to `target` bytes as written. */
function padded(pieces: readonly string[], target: number, filler: string): string {
  let s = pieces.join("");
  while (byteLength(s) < target) s += filler;
  return s;
}
const escapedText = fc.tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), fc.constantFrom(0, 62, 63, 63, 64, 64, 65, 65, 66, 128)).map(([pieces, target]) => padded(pieces, target, "a"));
/** Mostly alphanumeric once decoded (\u0041 is A), at the same lengths. */
const alnumText = fc.tuple(fc.array(fc.constantFrom("a", "\\u0041", "\\u0030", "\\u0041", "é", "\\n"), { maxLength: 14 }), fc.constantFrom(0, 63, 64, 65)).map(([pieces, target]) => padded(pieces, target, "b"));
const Strings = model("EdgeStrings", {
  a: t.string("min=30,max=64"),
  b: t.string("max=63"),
  c: t.string("alphanum"),
  u: t.slice(t.string(), "unique,max=6"),
  m: t.map(t.string(), "unique"),
  x: t.any(),
});
const WithExtras = model("EdgeStringsExtras", { a: t.string("min=30,max=64"), u: t.slice(t.string(), "unique"), e: t.extras() });
const strings = new Validator(Strings as Model);
const stringsParser = StreamParser.fromValidator(strings);
const extras = new Validator(WithExtras as Model, { extraFields: "allow", maxErrors: 3 });
const extrasParser = StreamParser.fromValidator(extras);
const quoted = (s: string) => `"${s}"`;

describe("2. escaped strings at the arena's 64 bytes", () => {
  it("one-shot = streamed = JSON.parse's value, and validate() of it reports unmarshal's errors", () => {
    const doc = fc.record({
      a: escapedText, b: escapedText, c: alnumText,
      u: fc.array(fc.oneof({ weight: 6, arbitrary: escapedText }, { weight: 1, arbitrary: fc.constantFrom("\\u00e9", "é", "\\ud800", "\uFFFD", "\\uFFFD") }), { maxLength: 9 }),
      m: fc.array(fc.tuple(escapedText, fc.oneof(escapedText, fc.constantFrom("\\ud800", "\\uFFFD"))), { maxLength: 4 }),
      x: fc.array(fc.tuple(escapedText, escapedText), { maxLength: 3 }),
    }).map(({ a, b, c, u, m, x }) =>
      `{"a":${quoted(a)},"b":${quoted(b)},"c":${quoted(c)},"u":[${u.map(quoted).join(",")}],"m":{${m.map(([k, v]) => `${quoted(k)}:${quoted(v)}`).join(",")}},` +
      `"x":[${x.map(([k, v]) => `{${quoted(k)}:${quoted(v)},"n":[${quoted(v)}]}`).join(",")}]}`);
    const seen = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(doc, chunkSizes, (text, sizes) => {
        const want = expectSameEndings(strings, stringsParser, text, sizes);
        if (want.status !== "valid" && want.status !== "invalid") throw new Error(`${want.status}: ${text}`);
        seen[want.status]++;
        const parsed = JSON.parse(text) as Record<string, unknown>;
        if (want.status === "valid") expect(show(want.value), text).toBe(show(parsed));
        const checked = strings.safeValidate(parsed as never);
        expect(checked.ok ? [] : checked.error.errors.map((e) => ({ ...e })), text).toEqual(want.status === "valid" ? [] : want.errors);
      }),
      { seed: 20261125, numRuns: 700 },
    );
    expect(seen.valid).toBeGreaterThan(50);
    expect(seen.invalid).toBeGreaterThan(50);
  });

  it("in keys: extras captured from escaped keys and values, maxErrors cutting a list's errors", () => {
    const doc = fc.tuple(escapedText, fc.array(escapedText, { maxLength: 8 }), fc.array(fc.tuple(escapedText, escapedText), { maxLength: 4 })).map(([a, u, ex]) =>
      `{${ex.map(([k, v]) => `"k${quoted(k).slice(1)}:${quoted(v)},`).join("")}"a":${quoted(a)},"u":[${u.map(quoted).join(",")}]}`);
    fc.assert(
      fc.property(doc, chunkSizes, (text, sizes) => {
        const want = expectSameEndings(extras, extrasParser, text, sizes);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const { a, u, ...rest } = parsed;
        if (want.status === "valid") expect(show(want.value), text).toBe(show({ a, u, e: rest }));
      }),
      { seed: 20261126, numRuns: 400 },
    );
  });
});

// ---------------------------------------------------------------- 3. any values as tape entries

const Anys = model("EdgeAnys", { a: t.any(), b: t.any(), l: t.slice(t.any()), m: t.map(t.any()), e: t.extras() });
const anys = new Validator(Anys as Model, { extraFields: "allow" });
const anysParser = StreamParser.fromValidator(anys);
/** Small any values that JSON.parse reads in its own way: -0, 1e400, big ints, repeated and "__proto__" keys, escapes. */
const DECOR = ["-0", "1e400", "-1e400", "123456789012345678901234567890", "1e-400", '{"__proto__":{"x":1},"b":1,"a":2,"b":3}', '{"2":1,"1":2,"z":-0}', '"\\ud800\\u0000"', "[]", "{}", "null", "true"];
const decor = fc.array(fc.constantFrom(...DECOR), { maxLength: 4 });

describe("3. any values around ANY_TAPE_MAX entries", () => {
  it("are JSON.parse's values below, at and past the limit, and after one that passed it", () => {
    // the bulk: an array of n zeros (n + 2 entries) inside an object, so the limit falls on an item, a key or a close
    const doc = fc.record({
      n: fc.integer({ min: ANY_TAPE_MAX - 12, max: ANY_TAPE_MAX + 4 }),
      where: fc.constantFrom("a", "b", "l", "m", "e"),
      wrap: fc.constantFrom("flat", "object", "nested"),
      before: decor, after: decor, b: decor,
      broken: fc.constantFrom("", "", "", "", "x", "]", ",}"),
    }).map(({ n, where, wrap, before, after, b, broken }) => {
      const zeros = `[${"0,".repeat(n - 1)}0${broken}]`;
      const bulk = wrap === "flat" ? zeros : wrap === "object" ? `{"k":${zeros},"__proto__":-0,"k":${zeros}}` : `[[${zeros}],{"z":[${zeros.slice(1, 40)}]}]`;
      const big = `[${[...before, bulk, ...after].join(",")}]`;
      const small = `[${b.join(",")}]`;
      const at = (k: string, v: string) => (where === k ? big : v);
      const extra = where === "e" ? `,"x1":${big},"x2":${small}` : `,"x1":${small}`;
      return `{"a":${at("a", small)},"b":${at("b", small)},"l":[${at("l", small)},${small}],"m":{"k":${at("m", small)},"j":${small}}${extra}}`;
    });
    let syntax = 0;
    fc.assert(
      fc.property(doc, (text) => {
        const ending = oneShot(anys, text);
        const fromBytes = oneShot(anys, utf8(text));
        expect(shown(fromBytes)).toEqual(shown(ending));
        const run = feedAll(anysParser, cut(text, [7919, 4096]));
        expect(differences(run, ending)).toEqual([]);
        if (ending.status === "syntax") {
          syntax++;
          expect(() => JSON.parse(text)).toThrow(SyntaxError);
          return;
        }
        const { a, b, l, m, ...e } = JSON.parse(text) as Record<string, unknown>;
        const want = show({ a, b, l, m, e });
        expect(ending.status === "valid" && show(ending.value)).toBe(want);
        expect(run.ending.status === "valid" && show(run.ending.value)).toBe(want);
      }),
      { seed: 20261127, numRuns: 80 },
    );
    expect(syntax).toBeGreaterThan(10);
  });
});

// ---------------------------------------------------------------- 6. unique: pairwise up to 8, hashed above

const UItem = model("EdgeUItem", { k: t.string(), n: t.float64(), when: t.time() });
const uniqueFields = (tag: string) => ({
  f: t.slice(t.float64(), tag), i: t.slice(t.int64(), tag), s: t.slice(t.string(), tag), tm: t.slice(t.time(), tag),
  ms: t.slice(t.model(UItem), tag), by: t.slice(t.model(UItem), tag === "" ? "" : "unique=k"), mp: t.map(t.float32(), tag), arr: t.array(9, t.ptr(t.int()), tag),
});
const uniqueV = new Validator(model("EdgeUnique", uniqueFields("unique")) as Model, { strictMissingFields: false });
const plainV = new Validator(model("EdgeNotUnique", uniqueFields("")) as Model, { strictMissingFields: false });
const FLOATS = ["0", "-0", "0.0", "1", "1.0", "1e0", "10e-1", "-2", "0.1", "0.10", "1e-7", "3", "4", "5", "6", "7", "8", "9"];
const INTS = ["0", "-0", "1", "2", "3", "4", "5", "6", "7", "8", "9007199254740991", "-9007199254740991"];
const STRS = ['"a"', '"\\u0061"', '"é"', '"\\u00e9"', '"\\ud800"', '"\uFFFD"', '"\\uFFFD"', '"b"', '"c"', '"d"', '"e"', '"f"', '"g"', '"h"', '""'];
const TIMES = ['"2020-01-01T00:00:00Z"', '"2020-01-01T01:00:00+01:00"', '"2020-01-01T00:00:00.0001Z"', '"2020-01-01T00:00:00.001Z"', '"2021-01-01T00:00:00Z"',
  '"2022-01-01T00:00:00Z"', '"2023-01-01T00:00:00Z"', '"2024-01-01T00:00:00Z"', '"2025-01-01T00:00:00Z"', '"2026-01-01T00:00:00Z"', '"0001-01-01T00:00:00Z"'];
const ITEMS = [...STRS.slice(0, 8).map((k, i) => `{"k":${k},"n":${FLOATS[i % 4]},"when":${TIMES[i % 3]}}`), '{"k":"a","n":null,"when":null}', '{"k":"a","n":0,"when":"0001-01-01T00:00:00Z"}', '{"k":"z","n":1,"when":null}'];
// (no null items but in the ptr list: unmarshal skips a null item, and its value holds the zero value there, README Missing and null)
/** A list of 0/1/7/8/9/10/16 items of the pool, its first item repeated last (or at 8) now and then. */
const uniqueList = (pool: readonly string[]) =>
  fc.tuple(fc.constantFrom(0, 1, 7, 8, 9, 10, 16), fc.constantFrom("none", "none", "last", "at8", "first"), fc.infiniteStream(fc.constantFrom(...pool))).map(([n, dup, stream]) => {
    const items = [...stream.take(n)];
    if (n > 1 && dup === "last") items[n - 1] = items[0]!;
    if (n > 8 && dup === "at8") items[8] = items[0]!;
    if (n > 1 && dup === "first") items[0] = items[n - 1]!;
    return items;
  });

describe("6. unique at 7, 8 and 9 items: validate() (pairwise / hashed) = the core", () => {
  it("floats (-0, 1.0), ints, escaped strings and lone surrogates, times, models, maps, fixed arrays", () => {
    const doc = fc.record({
      f: uniqueList(FLOATS), i: uniqueList(INTS), s: uniqueList(STRS), tm: uniqueList(TIMES), ms: uniqueList(ITEMS), by: uniqueList(ITEMS), mp: uniqueList(FLOATS), arr: uniqueList([...INTS, "null"]),
    }).map((lists) => `{${Object.entries(lists).map(([k, xs]) => (k === "mp" ? `"mp":{${xs.map((x, j) => `"k${j}":${x}`).join(",")}}` : `"${k}":[${xs.join(",")}]`)).join(",")}}`);
    let failing = 0;
    fc.assert(
      fc.property(doc, (text) => {
        const value = plainV.unmarshal(text);
        const want = oneShot(uniqueV, text);
        const got = uniqueV.safeValidate(value as never);
        if (want.status === "invalid") failing++;
        // (an unmarshal error's value is the list as written: a fixed array's missing items, an
        // int's -0, a time's offset are validate()'s value otherwise; those are compared without it)
        const comparable = (e: FieldError) => (["f", "s", "mp"].includes(e.field) ? { ...e } : { field: e.field, code: e.code, message: e.message });
        expect(got.ok ? [] : got.error.errors.map(comparable), text).toEqual(want.status === "valid" ? [] : want.status === "invalid" ? want.errors.map(comparable) : want);
      }),
      { seed: 20261128, numRuns: 1500 },
    );
    expect(failing).toBeGreaterThan(300);
  });
});

// ---------------------------------------------------------------- 7. string bounds by length

const bounds = new Map<number, Validator>();
/** A validator whose string fields have min=n and max=n (made once per n). */
function boundsOf(n: number): Validator {
  let v = bounds.get(n);
  if (v === undefined) bounds.set(n, (v = new Validator(model(`EdgeBounds${n}`, { lo: t.string(`min=${n}`), hi: t.string(`max=${n}`) }) as Model)));
  return v;
}
/**
 * Characters as written in JSON: raw, escaped, lone surrogates escaped and (in a JS string input)
 * raw, where no neighbour can pair with them (a raw one next to an escaped one pairs in JSON.parse's
 * value, not in the UTF-8 the core reads: not fixed here, see the review report).
 */
const UNITS = ["a", "é", "日", "😀", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\u00e9", "\\n", "\ud800a", "a\udfff", "abcdefghijklmnop"];
/** Code points of a string as the checks count them (a lone surrogate is one, U+FFFD). */
const pointsOf = (s: string) => [...s].length;

describe("7. string min=/max= answered by length = counted by the core", () => {
  it("multibyte and escaped characters where bytes, UTF-16 units and code points straddle the bound (n - 1, n, n + 1)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 14 }), fc.constantFrom(-1, 0, 1), fc.boolean(), (units, delta, asBytes) => {
        const s = units.join("");
        const text = `{"lo":"${s}","hi":"${s}"}`;
        const parsed = JSON.parse(text) as { lo: string };
        const v = boundsOf(Math.max(0, pointsOf(parsed.lo) + delta));
        // (bytes hold no raw lone surrogate: their text has U+FFFD there, as TextEncoder writes it)
        const data = asBytes ? utf8(text) : text;
        const want = oneShot(v, data);
        const read = asBytes ? JSON.parse(new TextDecoder().decode(utf8(text))) as object : parsed;
        for (const got of [v.safeValidate(read as never), v.safeNewModel(read as never)]) {
          // (an error's value read from a JS string input holds U+FFFD for a raw lone surrogate, where
          // the value unmarshal returns keeps it: not fixed here, see the review report)
          const wellFormed = (list: readonly FieldError[]) => list.map((e) => ({ ...e, value: (e.value as string).replace(/[\uD800-\uDFFF]/gu, "\uFFFD") }));
          const errors = got.ok ? [] : wellFormed((got.error as { errors: FieldError[] }).errors);
          expect(errors.length === 0 ? { status: "valid" } : { status: "invalid", errors }, text).toEqual(want.status === "invalid" ? { ...want, errors: wellFormed(want.errors) } : want.status === "valid" ? { status: "valid" } : want);
        }
      }),
      { seed: 20261129, numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------- 4. generated readers and makers vs the plain fallback

type Lib = typeof import("../bindings/index.js");
/** The library with code generation refused (as under a CSP without 'unsafe-eval'): a second copy whose codegen.ts says no. */
async function libWithoutCodegen(): Promise<Lib> {
  vi.resetModules();
  vi.doMock("../bindings/codegen.js", () => ({ generated: () => undefined }));
  const lib = await import("../bindings/index.js");
  vi.doUnmock("../bindings/codegen.js");
  vi.resetModules();
  return lib;
}

/** Models whose JSON names are no identifiers, and inherited names, in the given copy of the library. */
function awkwardModels(lib: Lib) {
  const { model, t } = lib;
  const Inner = model("EdgeInner", { constructor: t.string('json:"x y"'), n: t.ptr(t.int(), "min=1"), extras: t.extras() });
  const Node = model("EdgeNode", { v: t.int(), kids: t.slice(t.lazy((): Model => Node), "max=2") });
  const Outer = model("EdgeOuter", {
    constructor: t.ptr(t.string(), "max=3"),
    toString: t.int('json:"a-b" checker:"min=1"'),
    "0": t.bool('json:"0,omitempty"'),
    ["__proto__"]: t.string('json:"__proto__,omitempty" checker:"required"'),
    é: t.float64('json:"ü,omitempty"'),
    empty: t.string('json:",omitempty"'),
    inner: t.model(Inner),
    node: t.ptr(t.model(Node)),
    extras: t.extras(),
  });
  return { Inner, Outer, Node };
}

const KEYS = ["constructor", "toString", "a-b", "0", "__proto__", "ü", "é", "empty", "inner", "node", "zz", "extras", "x y", "valueOf"];
const VALUES = ['"ab"', '"abcd"', "1", "0", "-0", "2.5", "true", "null", "{}", "[]", '{"x y":"q","n":2,"more":[1]}', '{"x y":"q","n":0}', '{"v":1,"kids":[{"v":2,"kids":null},{"v":3,"kids":[]}]}', '{"v":1,"kids":[{},{},{}]}', '"2020-01-01T00:00:00Z"'];
const BASE = ['"constructor":"ab"', '"a-b":1', '"0":true', '"__proto__":"p"', '"ü":2.5', '"empty":""', '"inner":{"x y":"q","n":2}', '"node":{"v":1,"kids":[]}'];
/** A valid body with some members left out, then members of any key and value (a repeated key's last value wins). */
const bodyText = fc.tuple(fc.subarray(BASE, { minLength: 5 }), fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES)), { maxLength: 3 }))
  .map(([base, pairs]) => `{${[...base, ...pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`)].join(",")}}`);
/** One object in the forms a caller makes: JSON.parse's, a spread copy, a class instance, getters. */
function asForm(o: Record<string, unknown>, form: string): Record<string, unknown> {
  if (form === "parsed") return o;
  if (form === "spread") return { ...o };
  const out: Record<string, unknown> = form === "instance" ? new (class Body {})() as Record<string, unknown> : {};
  for (const k of Object.keys(o)) {
    Object.defineProperty(out, k, form === "getters" ? { get: () => o[k], enumerable: true, configurable: true } : { value: o[k], enumerable: true, writable: true, configurable: true });
  }
  return out;
}
/** What a call gave: its value shown with key order, or its error's class, message and records. */
function outcome(call: () => unknown): unknown {
  try {
    const v = call();
    return { value: v instanceof Uint8Array ? new TextDecoder().decode(v) : show(v) };
  } catch (e) {
    const err = e as Error & { errors?: unknown[]; field?: string };
    return { error: err.name, message: err.message, field: err.field, errors: err.errors?.map((x) => ({ ...(x as object) })) };
  }
}

describe("4. per-model generated code = its plain fallback", () => {
  it("~standard.validate, newModel, validate, marshal and dict agree, under each extra mode", async () => {
    const plainLib = await libWithoutCodegen();
    const genLib = await import("../bindings/index.js");
    expect(plainLib.Validator).not.toBe(genLib.Validator);
    const modes = ["ignore", "forbid", "allow"] as const;
    const pairs = modes.map((extraFields) => [genLib, plainLib].map((lib) => new lib.Validator(awkwardModels(lib).Outer as Model, { extraFields, strictMissingFields: false })));
    let typed = 0;
    fc.assert(
      fc.property(bodyText, fc.constantFrom("parsed", "spread", "instance", "getters", "defined"), fc.nat(2), (text, form, m) => {
        const [gen, plain] = pairs[m]!;
        const body = () => asForm(JSON.parse(text) as Record<string, unknown>, form);
        const std = (v: Validator) => outcome(() => v["~standard"].validate(body()));
        expect(std(plain!), text).toEqual(std(gen!));
        expect(outcome(() => plain!.newModel(body() as never)), text).toEqual(outcome(() => gen!.newModel(body() as never)));
        const made = gen!.safeNewModel(JSON.parse(text) as never);
        if (!made.ok) return;
        typed++;
        // the typed value in the same forms (its keys are property keys: "__proto__" own, as the copy makes it)
        const value = () => asForm(made.value as Record<string, unknown>, form);
        for (const call of ["validate", "marshal", "dict"] as const) {
          expect(outcome(() => plain![call](value() as never)), `${call} ${text}`).toEqual(outcome(() => gen![call](value() as never)));
        }
        const changed = () => ({ ...value(), toString: 0, constructor: "long" });
        expect(outcome(() => plain!.validate(changed() as never)), text).toEqual(outcome(() => gen!.validate(changed() as never)));
        expect(outcome(() => plain!.marshalWithOptions(value() as never, { omitEmpty: true, indent: 1 })), text).toEqual(outcome(() => gen!.marshalWithOptions(value() as never, { omitEmpty: true, indent: 1 })));
      }),
      { seed: 20261130, numRuns: 600 },
    );
    expect(typed).toBeGreaterThan(60);
  });
});

describe("4b. a field named \"__proto__\" is an own member wherever a model's object is made", () => {
  const fields = (lib: Lib) => {
    const Inner = lib.model("EdgeProtoInner", { ["__proto__"]: lib.t.string('json:"__proto__"'), n: lib.t.int() });
    return lib.model("EdgeProto", { inner: lib.t.model(Inner), arr: lib.t.array(1, lib.t.model(Inner)) });
  };
  const ZERO = { inner: [["__proto__", ""], ["n", 0]], arr: [[["__proto__", ""], ["n", 0]]] };
  const entries = (v: unknown) => {
    const o = v as { inner: object; arr: object[] };
    return { inner: Object.entries(o.inner), arr: o.arr.map((x) => Object.entries(x)) };
  };

  it("in a zero model value: a fixed array's padding, a missing model, a null one (was INVALID_TYPE, and marshal wrote {})", async () => {
    for (const lib of [await import("../bindings/index.js"), await libWithoutCodegen()]) {
      const v = new lib.Validator(fields(lib) as Model, { strictMissingFields: false });
      expect(entries(v.unmarshal("{}"))).toEqual(ZERO);
      expect(entries(v.unmarshal('{"inner":null,"arr":[]}'))).toEqual(ZERO);
      expect(entries(v.newModel({ inner: null, arr: [null] } as never))).toEqual(ZERO);
      expect(new TextDecoder().decode(v.marshal({ inner: null, arr: [null] } as never))).toBe('{"inner":{"__proto__":"","n":0},"arr":[{"__proto__":"","n":0}]}');
      expect(v.dict({ inner: null, arr: [null] } as never)).toEqual(JSON.parse('{"inner":{"__proto__":"","n":0},"arr":[{"__proto__":"","n":0}]}'));
    }
  });

  it("read by the plain tape builder (no code generation), and filled in when missing at the end of a stream", async () => {
    const plainLib = await libWithoutCodegen();
    const v = new plainLib.Validator(fields(plainLib) as Model);
    expect(entries(v.unmarshal('{"inner":{"__proto__":"p","n":1},"arr":[{"n":2,"__proto__":"q"}]}'))).toEqual({ inner: [["__proto__", "p"], ["n", 1]], arr: [[["__proto__", "q"], ["n", 2]]] });
    const r = new plainLib.StreamParser(fields(plainLib) as Model, { strictMissingFields: false }).feed('{"inner":{"n":1},"arr":[{"n":2}]}');
    // (a stream's model keys come in document order, the missing ones after them: README Streaming)
    expect(r.done && entries(r.value)).toEqual({ inner: [["n", 1], ["__proto__", ""]], arr: [[["n", 2], ["__proto__", ""]]] });
  });
});

// ---------------------------------------------------------------- 5. marshal's pathless pass, then its path

const Leaf = model("EdgeLeaf", { v: t.int(), extras: t.extras() });
const Mid = model("EdgeMid", { leafs: t.map(t.slice(t.model(Leaf))), one: t.ptr(t.model(Leaf), 'json:"the one"'), extras: t.extras() });
const Top = model("EdgeTop", { mids: t.slice(t.model(Mid)), m: t.map(t.model(Mid)), extras: t.extras() });
const top = new Validator(Top as Model, { extraFields: "allow" });
/** Values JSON cannot hold, with the words a MarshalError gives them. */
const BAD: readonly [() => unknown, string][] = [
  [() => Number.NaN, "NaN"], [() => -Infinity, "-Infinity"], [() => () => 1, "function"], [() => new Map(), "Map"],
  [() => new (class Point {})(), "Point"], [() => new Date(Number.NaN), "an invalid Date"], [() => Symbol("s"), "symbol"],
];
type Step = { key: string } | { index: number; before: number };
/** An any value holding `bad` at the end of the steps, with valid siblings before each step. */
function anyHolding(steps: readonly Step[], bad: unknown): unknown {
  if (steps.length === 0) return bad;
  const [step, ...rest] = steps;
  const inner = anyHolding(rest, bad);
  return "key" in step! ? { a: [1, "x", null], [step.key]: inner, z: { q: -0 } } : [...Array.from({ length: step!.before }, (_, i) => ({ i })), inner, 2];
}
const stepsText = (steps: readonly Step[]) => steps.map((s) => ("key" in s ? `.${s.key}` : `[${s.before}]`)).join("");

describe("5. a MarshalError's path, found by the second pass, is where the value is", () => {
  it("inside extras at each level: of the root, of a model in a list or map, of a list item in a map, of a ptr", () => {
    const step: fc.Arbitrary<Step> = fc.oneof(fc.constantFrom("k", "a b", "0", "é").map((key) => ({ key })), fc.nat(3).map((before) => ({ index: before, before })));
    fc.assert(
      fc.property(fc.constantFrom("root", "mid", "m", "leafs", "one"), fc.nat(2), fc.array(step, { maxLength: 4 }), fc.nat(BAD.length - 1), (level, at, steps, b) => {
        const [make, got] = BAD[b]!;
        const extras = { ok: 1, bad: anyHolding(steps, make()) };
        const leaf = (bad: boolean) => ({ v: 1, extras: bad ? extras : { fine: [1] } });
        const mid = (bad: boolean) => ({
          leafs: { a: [leaf(false)], k: Array.from({ length: at + 1 }, (_, i) => leaf(bad && level === "leafs" && i === at)) },
          one: leaf(bad && level === "one"), extras: bad && (level === "mid" || level === "m") ? extras : {},
        });
        const value = {
          mids: Array.from({ length: at + 1 }, (_, i) => mid(i === at && (level === "mid" || level === "leafs" || level === "one"))),
          m: { first: mid(false), "x.y": mid(level === "m") },
          extras: level === "root" ? extras : { n: 2 },
        };
        const where = level === "root" ? "" : level === "m" ? "m.x.y." : `mids[${at}].`;
        const inMid = level === "leafs" ? `leafs.k[${at}].` : level === "one" ? "the one." : "";
        const path = `${where}${inMid}bad${stepsText(steps)}`;
        let error: unknown;
        try {
          top.marshal(value as never);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(MarshalError);
        expect({ field: (error as MarshalError).field, message: (error as Error).message }).toEqual({ field: path, message: `cannot marshal ${got} at ${path}` });
        expect(() => top.dict(value as never)).toThrow(new MarshalError(path, got));
      }),
      { seed: 20261131, numRuns: 400 },
    );
  });

  it("at the bottom of a value 1,000 levels deep (maxDepth), and a cycle there", () => {
    type TreeNode = { kids: TreeNode[] | null; extras: Record<string, unknown> };
    const Tree: Model = model("EdgeTree", { kids: t.slice(t.lazy((): Model => Tree)), extras: t.extras() });
    const tree = new Validator(Tree, { extraFields: "allow" });
    const bottom: TreeNode = { kids: null, extras: {} };
    let root = bottom;
    // (a node is two levels, its object and its kids: the 500th node is level 999, its extras' array level 1000)
    for (let i = 1; i < 500; i++) root = { kids: [{ kids: null, extras: {} }, root], extras: {} };
    const path = "kids[1].".repeat(499);
    bottom.extras = { deep: [Number.NaN] };
    expect(() => tree.marshal(root as never)).toThrow(new MarshalError(`${path}deep[0]`, "NaN"));
    const cycle: unknown[] = [];
    cycle.push(cycle);
    bottom.extras = { deep: cycle };
    expect(() => tree.marshal(root as never)).toThrow(new MarshalError(`${path}deep[0]`, "a cycle"));
    bottom.extras = { deep: [1] };
    expect(new TextDecoder().decode(tree.marshal(root as never)).endsWith(`{"kids":null,"deep":[1]}${"]}".repeat(499)}`)).toBe(true);
    bottom.extras = { deep: [[1]] };
    expect(() => tree.marshal(root as never)).toThrow(new MarshalError(`${path}deep[0]`, "a value nested deeper than 1000 levels"));
  });
});

describe('4c. a root field whose JSON name is ""', () => {
  it("has its ~standard issues at path [\"\"] (was no path, as if the document failed); TOO_MANY_ERRORS keeps none", () => {
    const Inner = model("EdgeEmptyInner", { "": t.int("min=1") });
    const v = new Validator(model("EdgeEmptyName", { "": t.string("max=2"), inner: t.model(Inner), req: t.string("required") }) as Model, { maxErrors: 2 });
    expect(v["~standard"].validate({ "": "abc", inner: { "": 0 } })).toEqual({
      issues: [
        { message: "must be at most 2 characters", path: [""] },
        { message: "must be at least 1", path: ["inner", ""] },
        { message: "too many errors: stopped after 2" },
      ],
    });
    expect(v["~standard"].validate({ inner: { "": 5 }, req: "r" })).toEqual({ issues: [{ message: " field is missing and has no default", path: [""] }] });
    // a value of the wrong type there: the round trip's type mismatch, at that key too
    expect(v["~standard"].validate({ "": 5, req: "r" })).toEqual({ issues: [{ message: "cannot convert number to string at the value", path: [""] }] });
    expect(v["~standard"].validate({ inner: { "": "x" }, req: "r" })).toEqual({ issues: [{ message: "cannot convert string to int at inner.", path: ["inner", ""] }] });
  });
});
