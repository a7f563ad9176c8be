// The text of a rejected document that its errors carry: an error's value is its JSON value read
// from the input (bindings/render.ts), a key in its path is the key as decoded. Short ASCII spans
// are read without the UTF-8 decoder (a document with hundreds of errors renders hundreds of
// them), so spans of every kind are pinned here: ASCII and not, escaped, shorter and longer than
// that fast path, from string and from byte input, many errors in one document.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Validator, ValidationError, model, t, type FieldError } from "../bindings/index.js";

const Inner = model("Inner", { n: t.int("gte=0") });
const Doc = model("Doc", { inner: Inner, items: t.slice(Inner) });
const forbid = new Validator(Doc, { extraFields: "forbid", strictMissingFields: false });

function errorsOf(v: Validator, text: string): FieldError[] {
  const results = [v.safeUnmarshal(text), v.safeUnmarshal(new TextEncoder().encode(text))];
  const lists = results.map((r) => {
    if (r.ok || !(r.error instanceof ValidationError)) throw new Error(`expected a ValidationError for ${text}`);
    return r.error.errors;
  });
  expect(lists[1], "the same errors from bytes").toEqual(lists[0]);
  return lists[0];
}

const extra = (field: string, value: unknown): FieldError => ({ field, code: "EXTRA_FIELD", message: "unknown field in JSON", value });

describe("error values and keys read from the input", () => {
  it("renders keys and values of every kind exactly (short, long, non-ASCII, escaped)", () => {
    const long = "k".repeat(100);
    const text = JSON.stringify({
      a: 1.5,
      "naïve": "café",
      [long]: { x: [1, "y", null, true] },
      "日本": "x".repeat(80),
    }).slice(0, -1) + ', "esc\\u00e9\\n": "\\ud83d\\ude00 \\"q\\"", "inner": {"zz": -0, "n": 3, "t": true, "f":false, "e": -125E-9}}';
    expect(errorsOf(forbid, text)).toEqual([
      extra("a", 1.5),
      extra("naïve", "café"),
      extra(long, { x: [1, "y", null, true] }),
      extra("日本", "x".repeat(80)),
      extra("esc\u00e9\n", "\u{1F600} \"q\""),
      extra("inner.zz", -0),
      extra("inner.t", true),
      extra("inner.f", false),
      extra("inner.e", -1.25e-7),
    ]);
  });

  it("renders hundreds of errors, each with its own path and value", () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ n: -i - 1, [`é${i}`]: i % 2 ? `v${i}` : i }));
    const errors = errorsOf(forbid, JSON.stringify({ inner: { n: 0 }, items }));
    const want: FieldError[] = [];
    items.forEach((item, i) => {
      want.push({ field: `items[${i}].n`, code: "MIN_VALUE", message: "must be at least 0", value: -i - 1 });
      want.push(extra(`items[${i}].é${i}`, item[`é${i}`]));
    });
    expect(errors).toEqual(want);
  });

  it("gives every unknown key and its value back as JSON.parse reads them (property)", () => {
    const key = fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", " ", "é", "日", "\u{1F600}", "\\", "\"", "\n"), maxLength: 90 });
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "é", "\t", "\"", "\\", "\u{1F600}"), maxLength: 90 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 }), (extras) => {
        delete extras.inner;
        delete extras.items;
        fc.pre(Object.keys(extras).length > 0 && !("__proto__" in extras && Object.keys(extras).length === 1));
        const text = JSON.stringify({ ...extras, inner: { n: 1 } });
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const want = Object.keys(parsed).filter((k) => k !== "inner").map((k) => extra(k, parsed[k]));
        expect(errorsOf(forbid, text)).toEqual(want);
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });
});
