// Long strings of every kind of text: the core skips their bytes sixteen at a time (counting the
// UTF-16 units of input written from a JS string without checking it again, checking the UTF-8 of
// byte input a whole sequence at a time) and decodes escaped ones in runs. Whatever the input, each
// value must be the string JSON.parse reads, its length checks must count code points, and a
// failing value must come back whole, from a string, from bytes and from a stream fed in chunks
// of either kind.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamParser, Validator, model, t } from "../bindings/index.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Pieces that put every byte class at every offset of a 16-byte block: 1-4 byte sequences, escapes, lone surrogates. */
const PIECES = ["a", "bcdefgh", "é", "日本", "😀", "\n", "\"", "\\", "\t", "\u0001", "\uFFFD", "\uD800", "\uDC00", "\u2028", "/"];
const longText = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(""));

const Texts = model("Texts", { a: t.string(), b: t.string("max=40"), c: t.slice(t.string()) });
const texts = new Validator(Texts);

/** What the document gives through each door: string, bytes, and streams of string or byte chunks cut at `cuts`. */
function throughEveryDoor(text: string, cuts: number[]): unknown[] {
  const bytes = encoder.encode(text);
  const outcome = (r: { ok: boolean; value?: unknown; error?: unknown }) => (r.ok ? { value: r.value } : { errors: (r.error as { errors?: unknown }).errors });
  const streamed = (chunks: (string | Uint8Array)[]) => {
    const p = new StreamParser(Texts);
    let last;
    for (const chunk of chunks) last = p.feed(chunk);
    last = p.end();
    return last?.done && last.errors.length === 0 ? { value: last.value } : { errors: last?.errors.map(({ field, code, message, value }) => ({ field, code, message, value })) };
  };
  const pieces = <T extends string | Uint8Array>(whole: T): T[] => {
    const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((x, y) => x - y);
    return [...at, whole.length].map((end, i) => whole.slice(i === 0 ? 0 : at[i - 1], end) as T);
  };
  return [outcome(texts.safeUnmarshal(text)), outcome(texts.safeUnmarshal(bytes)), streamed(pieces(text)), streamed(pieces(bytes))];
}

describe("long strings", () => {
  it("are read as JSON.parse reads them, through every door (property)", () => {
    fc.assert(
      fc.property(longText, longText, fc.array(longText, { maxLength: 4 }), fc.array(fc.nat(), { maxLength: 6 }), (a, b, c, cuts) => {
        const text = JSON.stringify({ a, b, c });
        // (a string's lone surrogates reach the core as U+FFFD; bytes carry U+FFFD itself)
        const fromBytes = JSON.parse(decoder.decode(encoder.encode(text))) as { a: string; b: string; c: string[] };
        const codePoints = [...fromBytes.b].length;
        const doors = throughEveryDoor(text, cuts);
        if (codePoints <= 40) {
          const want = JSON.parse(text);
          expect(doors[0]).toEqual({ value: want });
          expect(doors[2]).toEqual({ value: want });
          expect(doors[1]).toEqual({ value: fromBytes });
        } else {
          const error = (value: string) => ({ errors: [{ field: "b", code: "MAX_LENGTH", message: "must be at most 40 characters", value }] });
          expect(doors[0]).toEqual(error(JSON.parse(text).b));
          expect(doors[1]).toEqual(error(fromBytes.b));
        }
        // a stream of bytes reads what one-shot bytes read; one of strings what a one-shot string reads
        expect(doors[3]).toEqual(doors[1]);
        if (codePoints <= 40) expect(doors[2]).toEqual(doors[0]);
      }),
      { seed: 20261124, numRuns: 400 },
    );
  });

  it("count code points for min= and max= as written, escapes not decoded: \\u pairs one, lone surrogates one (property)", () => {
    const Bounded = model("Bounded", { s: t.string("min=5,max=12") });
    const bounded = new Validator(Bounded);
    // each character written as JSON.stringify writes it or as \u escapes of its UTF-16 units (a pair as two)
    const written = (text: string, escapes: boolean[]) =>
      [...text].map((ch, i) => (escapes[i % escapes.length]
        ? Array.from({ length: ch.length }, (_, k) => `\\u${ch.charCodeAt(k).toString(16).padStart(4, "0")}`).join("")
        : JSON.stringify(ch).slice(1, -1))).join("");
    // (texts around the bounds: up to 14 pieces)
    const shortText = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(""));
    fc.assert(
      fc.property(shortText, fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), (text, escapes) => {
        const doc = `{"s":"${written(text, escapes)}"}`;
        const value = (JSON.parse(doc) as { s: string }).s;
        expect(value).toBe(text);
        const n = [...text].length;
        const r = bounded.safeUnmarshal(doc);
        const want = n < 5 ? "MIN_LENGTH" : n > 12 ? "MAX_LENGTH" : undefined;
        expect(r.ok ? undefined : (r.error as { errors: { code: string }[] }).errors.map((e) => e.code).join()).toBe(want);
      }),
      { seed: 20261125, numRuns: 1500 },
    );
  });

  it("decode their escapes exactly: a text escaped and the same text written out are one value to unique (property)", () => {
    const Unique = model("Unique", { c: t.slice(t.string(), "unique") });
    const unique = new Validator(Unique);
    const escapeAll = (json: string) => json.replace(/[a\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
    fc.assert(
      fc.property(longText, (text) => {
        const raw = JSON.stringify(text);
        const doc = `{"c":[${raw},${escapeAll(raw)}]}`;
        const want = { field: "c", code: "NOT_UNIQUE", message: "items must be unique", value: JSON.parse(doc).c };
        for (const input of [doc, encoder.encode(doc)]) {
          const r = unique.safeUnmarshal(input);
          expect(r.ok ? [] : (r.error as unknown as { errors: unknown[] }).errors).toEqual([typeof input === "string" ? want : { ...want, value: JSON.parse(decoder.decode(encoder.encode(doc))).c }]);
        }
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });

  it("count UTF-16 units across blocks of non-ASCII text (values sliced where they are)", () => {
    const unit = "Müller café 日本語 😀 ";
    const a = unit.repeat(700);
    const text = JSON.stringify({ a, b: "😀".repeat(40), c: [a.slice(3), "x", "😀é"] });
    expect(texts.unmarshal(text)).toEqual({ a, b: "😀".repeat(40), c: [a.slice(3), "x", "😀é"] });
    expect(texts.unmarshal(encoder.encode(text))).toEqual({ a, b: "😀".repeat(40), c: [a.slice(3), "x", "😀é"] });
  });

  it("still reject malformed UTF-8 in bytes, at the byte where it is certain", () => {
    for (const [bad, offset] of [[[0xc3, 0x28], 7], [[0xe6, 0x97], 9], [[0xf0, 0x9f, 0x98], 10], [[0xed, 0xa0, 0x80], 7], [[0xc0, 0xaf], 6]] as const) {
      const before = encoder.encode('{"a":"' + "x".repeat(offset - 6));
      const bytes = new Uint8Array([...before, ...bad, ...encoder.encode('z"}')]);
      const r = texts.safeUnmarshal(bytes);
      expect(r.ok).toBe(false);
      expect((r as { error: { offset: number; message: string } }).error.message).toMatch(/invalid UTF-8/);
    }
  });
});
