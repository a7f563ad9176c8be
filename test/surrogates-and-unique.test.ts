// Lone surrogates and `unique` on models, where validate (the TypeScript reference) and unmarshal
// (the WASM core) once disagreed. A lone surrogate, in a JS string given to validate, in a `\u`
// escape of the JSON text or in a directive's text, is U+FFFD to every check (Go's encoding/json
// decodes a lone surrogate escape so): one character for regexp and for min/max, equal to U+FFFD
// and to any other lone surrogate for oneof, unique, required_if and gtfield. Models in a unique
// list are compared by their JSON fields in declaration order, whatever their key order and
// whatever other properties they hold.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamParser, model, t, type FieldError, type Model } from "../bindings/index.js";
import { expectBoth, fe, jsonOf, unmarshalErrors, validateErrors, validatorFor, type Options } from "./support/directive-harness.js";

const NOT_UNIQUE = "items must be unique";

/** Both checkers on a value whose JSON (keys in declaration order) also goes in with every non-ASCII unit as a `\u` escape. */
function expectAgree(m: Model, value: Record<string, unknown>, opts: Options = {}): void {
  const want = validateErrors(m, value, opts);
  const json = jsonOf(m, value, opts);
  expect(unmarshalErrors(m, json, opts), `unmarshal ${json}`).toEqual(want);
  const escaped = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  expect(unmarshalErrors(m, escaped, opts), `unmarshal ${escaped}`).toEqual(want);
}

// ---------------------------------------------------------------- lone surrogates

/** Strings made of lone high and low surrogates, pairs, U+FFFD and ordinary characters. */
const PIECES = ["a", "é", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uD83D\uDE00", "\uFFFD", "\uD83D", "\uDE00"];
const surrogateText = fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((parts) => parts.join(""));

const Texts = model("Texts", {
  one: t.string("regexp=^.$"),
  few: t.string("regexp=^.{2,3}$"),
  any: t.string("regexp=(?s:.)"),
  nota: t.string("regexp=[^a]"),
  all: t.string("regexp=[\\x{0}-\\x{10FFFF}]"),
  rep: t.string("regexp=^\\x{FFFD}$"),
  word: t.string("regexp=^a\\pL*$"),
  enum: t.string("oneof=a\uD800 \uDC00 \uFFFDa \uD83D\uDE00"),
  len: t.string("min=2,max=3"),
  ptr: t.ptr(t.string(), "oneof=\uDBFF b,max=1"),
  fmt: t.string("url"),
  low: t.string(),
  high: t.string("gtfield=low"),
  below: t.string("ltfield=low"),
  cond: t.string(),
  when: t.string("required_if=cond \uD800"),
  set: t.slice(t.string(), "unique"),
  vals: t.map(t.string(), "unique,max=2"),
});

describe("a lone surrogate is U+FFFD to every check", () => {
  it("regexp: one character, U+FFFD (validate and unmarshal of its escape)", () => {
    const m = model("P", { s: t.string("regexp=^.$"), n: t.string("regexp=^.{2,3}$"), r: t.string("regexp=^\\x{FFFD}$") });
    expectBoth(m, { s: "\uD800", n: "\uD800", r: "\uDC00" }, [fe("n", "PATTERN_MISMATCH", "must match pattern ^.{2,3}$", "\uD800")]);
    expectBoth(m, { s: "\uDC00", n: "a\uDC00", r: "\uFFFD" }, []);
    // a pair is one character, two lone halves (low first) are two
    expectBoth(m, { s: "\uD83D\uDE00", n: "\uDE00\uD83D", r: "\uFFFD" }, []);
    expect(unmarshalErrors(m, '{"s":"\\ud800","n":"\\udc00\\ud800","r":"\\udfff"}')).toEqual([]);
  });

  it("oneof: a lone surrogate in the value or in the tag is U+FFFD", () => {
    const m = model("E", { s: t.string("oneof=a\uD800 b") });
    const miss = (v: string) => [fe("s", "INVALID_ENUM", "must be one of: a\uD800, b", v)];
    for (const s of ["a\uD800", "a\uDC00", "a\uFFFD"]) expectBoth(m, { s }, []);
    for (const s of ["a", "a\uD800\uDC00", "a\uD800\uD800"]) expectBoth(m, { s }, miss(s));
    expect(unmarshalErrors(m, '{"s":"a\\udbff"}')).toEqual([]);
  });

  it("min/max: a lone surrogate counts one, as U+FFFD does", () => {
    const m = model("L", { s: t.string("min=2,max=2") });
    expectBoth(m, { s: "\uDC00\uD800" }, []);
    expectBoth(m, { s: "\uD800\uDC00" }, [fe("s", "MIN_LENGTH", "must be at least 2 characters", "\uD800\uDC00")]);
  });

  it("unique: values that differ only in which lone surrogate they hold are equal", () => {
    const m = model("U", { l: t.slice(t.string(), "unique"), s: t.slice(t.string()) });
    const value = ["x\uD800", "x\uDC00"];
    expectBoth(m, { l: value, s: null }, [fe("l", "NOT_UNIQUE", NOT_UNIQUE, value)]);
    expectBoth(m, { l: ["\uFFFD", "\uDFFF"], s: null }, [fe("l", "NOT_UNIQUE", NOT_UNIQUE, ["\uFFFD", "\uDFFF"])]);
    expectBoth(m, { l: ["\uD83D\uDE00", "\uFFFD\uFFFD"], s: null }, []);
  });

  it("required_if and gtfield compare Go strings", () => {
    const m = model("C", { c: t.string(), w: t.string("required_if=c \uD800"), lo: t.string(), hi: t.string("gtfield=lo") });
    expectBoth(m, { c: "\uDC00", w: "", lo: "\uD800", hi: "\uE000" }, [
      fe("w", "REQUIRED_IF", "field is required when c is \uD800", ""),
      fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", "\uE000"),
    ]);
    expectBoth(m, { c: "\uFFFD", w: "x", lo: "\uDBFF", hi: "\uD800" }, [fe("hi", "MUST_BE_GT_FIELD", "must be greater than field lo", "\uD800")]);
  });

  it("a stream reports no early oneof error that the closed value takes back", () => {
    const p = new StreamParser(model("S", { s: t.string("oneof=a\uD800 b") }));
    expect(p.feed('{"s":"a\\udc00').errors).toEqual([]);
    expect(p.feed('"}').errors).toEqual([]);
    const q = new StreamParser(model("S", { s: t.string("oneof=a\uD800 b") }));
    expect(q.feed('{"s":"\\udc00').errors.map((e) => (e as FieldError).code)).toEqual(["INVALID_ENUM"]);
  });

  it("the value unmarshal returns keeps the lone surrogate (only the checks read U+FFFD)", () => {
    const m = model("K", { s: t.string("oneof=\uFFFD") });
    expect(validatorFor(m).unmarshal('{"s":"\\ud800"}')).toEqual({ s: "\uD800" });
  });

  it("property: validate and unmarshal of the escaped JSON agree on generated strings", () => {
    const value = fc.record({
      one: surrogateText, few: surrogateText, any: surrogateText, nota: surrogateText, all: surrogateText,
      rep: surrogateText, word: surrogateText, enum: surrogateText, len: surrogateText,
      ptr: fc.option(surrogateText), fmt: surrogateText.map((s) => `s:/${s}`), low: surrogateText, high: surrogateText,
      below: surrogateText, cond: fc.constantFrom("\uD800", "\uDC00", "\uFFFD", "a"), when: fc.constantFrom("", "x"),
      set: fc.array(surrogateText, { maxLength: 4 }), vals: fc.dictionary(fc.constantFrom("k", "\uD800", "\uDC00", "é"), surrogateText, { maxKeys: 3 }),
    });
    fc.assert(fc.property(value, (v) => expectAgree(Texts, v)), { numRuns: 3000 });
  });
});

// ---------------------------------------------------------------- unique on models

const Item = model("Item", {
  a: t.int(),
  s: t.string(),
  at: t.time(),
  p: t.ptr(t.uint8()),
  ok: t.bool(),
  hidden: t.string('json:"-"'),
  rest: t.extras(),
});
const Lists = model("Lists", {
  items: t.slice(Item, "unique"),
  ptrs: t.slice(t.ptr(Item), "unique"),
  byKey: t.map(Item, "unique"),
  arr: t.array(2, Item, "unique"),
  more: t.extras(), // (extraFields: "allow" needs one at the top)
});

const day = (d: number) => new Date(Date.UTC(2024, 0, d));
const item = (o: Partial<Record<keyof typeof Item.shape, unknown>> = {}) =>
  ({ a: 1, s: "x", at: day(1), p: null, ok: false, hidden: "", rest: {}, ...o });

describe("unique on models: their JSON fields in declaration order", () => {
  it("key order does not matter", () => {
    const m = model("L", { items: t.slice(model("It", { a: t.int(), b: t.int() }), "unique") });
    const items = [{ a: 1, b: 2 }, { b: 2, a: 1 }];
    expectBoth(m, { items }, [fe("items", "NOT_UNIQUE", NOT_UNIQUE, [{ a: 1, b: 2 }, { a: 1, b: 2 }])]);
  });

  it("properties that are no JSON field take no part: json:\"-\", extras, others", () => {
    const m = model("L", { items: t.slice(model("It", { a: t.int(), b: t.int() }), "unique") });
    const items = [{ a: 1, b: 2, extra: 1 }, { a: 1, b: 2 }];
    expectBoth(m, { items }, [fe("items", "NOT_UNIQUE", NOT_UNIQUE, [{ a: 1, b: 2 }, { a: 1, b: 2 }])]);
    for (const opts of [{}, { extraFields: "allow" as const }]) {
      const two = [item({ hidden: "h1", rest: { x: 1 } }), item({ hidden: "h2", rest: { y: 2 } })];
      expect(validateErrors(Lists, { items: two, ptrs: null, byKey: null, arr: [item(), item({ a: 2 })], more: {} }, opts).map((e) => e.code)).toEqual(["NOT_UNIQUE"]);
      expectAgree(Lists, { items: two, ptrs: null, byKey: null, arr: [item(), item({ a: 2 })], more: {} }, opts);
    }
  });

  it("each field's value: times by instant, null pointers equal, lone surrogates as U+FFFD", () => {
    const base = { ptrs: null, byKey: null, arr: [item(), item({ a: 2 })], more: {} };
    expectAgree(Lists, { ...base, items: [item({ at: new Date(day(1).getTime()) }), item()] });
    expect(validateErrors(Lists, { ...base, items: [item({ p: 3 }), item({ p: null })] })).toEqual([]);
    expectAgree(Lists, { ...base, items: [item({ p: 3 }), item({ p: null })] });
    expect(validateErrors(Lists, { ...base, items: [item({ s: "\uD800" }), item({ s: "\uDC00" })] }).map((e) => e.code)).toEqual(["NOT_UNIQUE"]);
    expectAgree(Lists, { ...base, items: [item({ s: "\uD800" }), item({ s: "\uDC00" })] });
  });

  it("null on a field that is no ptr is its zero value (a Go struct holds 0 there), so the value unmarshal returns passes validate", () => {
    const It = model("ZeroIt", { a: t.int(), b: t.int(), s: t.string(), p: t.ptr(t.int()) });
    const m = model("ZeroL", { items: t.slice(It, "unique"), by: t.slice(It, "unique=b") });
    const text = '{"items":[{"a":1,"b":null,"s":"","p":null},{"a":1,"b":0,"s":null,"p":null}],"by":[{"b":null},{"b":0}]}';
    const dup = (items: unknown) => fe("items", "NOT_UNIQUE", NOT_UNIQUE, items);
    const expected = [
      dup([{ a: 1, b: null, s: "", p: null }, { a: 1, b: 0, s: null, p: null }]),
      fe("by", "NOT_UNIQUE", NOT_UNIQUE, [{ b: null }, { b: 0 }]),
    ];
    expect(unmarshalErrors(m, text, { strictMissingFields: false })).toEqual(expected);
    // what unmarshal builds (zeros where null was) fails validate the same way
    const value = { items: [{ a: 1, b: 0, s: "", p: null }, { a: 1, b: 0, s: "", p: null }], by: [{ a: 0, b: 0, s: "", p: null }, { a: 0, b: 0, s: "", p: null }] };
    expect(validateErrors(m, value, { strictMissingFields: false }).map((e) => e.field + " " + e.code)).toEqual(["items NOT_UNIQUE", "by NOT_UNIQUE"]);
    // a nil ptr is nil, not 0
    expect(unmarshalErrors(m, '{"items":[{"a":1,"b":0,"s":"","p":null},{"a":1,"b":0,"s":"","p":0}],"by":[]}', { strictMissingFields: false })).toEqual([]);
  });

  it("property: validate and unmarshal agree on lists, maps and arrays of models with duplicates in any key order", () => {
    const fieldsOf = fc.record({
      a: fc.constantFrom(0, 1, -0),
      s: fc.constantFrom("", "x", "\uD800", "\uDC00", "\uFFFD"),
      at: fc.constantFrom(day(1), day(2)),
      p: fc.constantFrom(null, 0, 7),
      ok: fc.boolean(),
      hidden: fc.constantFrom("", "h"),
      rest: fc.constantFrom({}, { x: 1 }, { y: [1] }),
    });
    // items drawn from a few field sets, each with its keys in another order and maybe a property
    // that is no field: duplicates are frequent
    const reorder = (f: Record<string, unknown>, seed: number, stray: boolean) => {
      const entries = Object.entries(f);
      for (let i = entries.length - 1; i > 0; i--) {
        const j = (seed + i * 7) % (i + 1);
        [entries[i], entries[j]] = [entries[j], entries[i]];
      }
      return Object.fromEntries(stray ? [...entries, ["stray", seed]] : entries);
    };
    const value = fc.array(fieldsOf, { minLength: 1, maxLength: 3 }).chain((sets) => {
      const itemArb = fc.tuple(fc.constantFrom(...sets), fc.nat(), fc.boolean()).map(([f, seed, stray]) => reorder(f, seed, stray));
      return fc.record({
        items: fc.option(fc.array(itemArb, { maxLength: 4 })),
        ptrs: fc.option(fc.array(fc.option(itemArb), { maxLength: 4 })),
        byKey: fc.option(fc.dictionary(fc.constantFrom("a", "b", "c"), itemArb, { maxKeys: 3 })),
        arr: fc.tuple(itemArb, itemArb),
        more: fc.constant({}),
      });
    });
    let failing = 0;
    fc.assert(fc.property(value, fc.boolean(), (v, allow) => {
      const opts: Options = allow ? { extraFields: "allow" } : {};
      expectAgree(Lists, v, opts);
      if (validateErrors(Lists, v, opts).length > 0) failing++;
    }), { numRuns: 2000 });
    expect(failing).toBeGreaterThan(200); // duplicates are frequent
  });
});
