// A document with a value of the wrong type is read to its end for its syntax in the same run (the
// core's SF_SYNTAX_AFTER_TYPE): a syntax error anywhere wins over the type mismatch, as in Go's
// Unmarshal, and a well-formed document reports its first mismatch. The oracle is the two-pass
// form the bindings had before (test/support/chunked.ts runChunks: the run stops at the mismatch,
// then a separate syntax-only pass over the whole text), on generated documents that mix values
// of the right and wrong JSON types at every kind of field (item loops, fixed arrays, maps, any,
// times, nested models) with truncations, stray bytes and nesting past maxDepth.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { Validator } from "../bindings/validator.js";
import { JsonSyntaxError, UnmarshalTypeError } from "../bindings/errors.js";
import { jsonTextArb, numberTextArb, runChunks, stringTextArb, unmarshalOutcome } from "./support/chunked.js";

const Inner = model("Inner", { a: t.int8("gte=0"), tags: t.slice(t.string(), "unique"), at: t.time() });
const Doc = model("Doc", {
  i: t.int(),
  u8: t.uint8(),
  f32: t.float32(),
  at: t.time(),
  s: t.string("max=3"),
  inner: Inner,
  list: t.slice(Inner),
  ints: t.slice(t.int16()), // numbers read by the core's item loop
  bools: t.slice(t.bool()),
  strs: t.slice(t.string(), "max=4"),
  pair: t.array(2, t.uint()),
  counts: t.map(t.int()),
  raw: t.any(),
  maybe: t.ptr(t.int32()),
});
const KEYS = ["i", "u8", "f32", "at", "s", "inner", "list", "ints", "bools", "strs", "pair", "counts", "raw", "maybe", "other"];

const scalarArb = fc.oneof(
  numberTextArb,
  stringTextArb,
  fc.constantFrom("true", "false", "null", "1.5", "-1", "300", "70000", "1e400", "-0", "9007199254740993", "\"2024-01-02T03:04:05Z\"", "\"2024-13-01T00:00:00Z\""),
);
const valueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: scalarArb },
  { weight: 2, arbitrary: fc.array(scalarArb, { maxLength: 5 }).map((xs) => `[${xs.join(",")}]`) },
  { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom("a", "tags", "at", "x"), scalarArb), { maxLength: 4 }).map((ms) => `{${ms.map(([k, v]) => `"${k}":${v}`).join(",")}}`) },
  { weight: 1, arbitrary: jsonTextArb },
);
const docArb = fc.array(fc.tuple(fc.constantFrom(...KEYS), valueArb), { maxLength: 8 })
  .map((ms) => `{${ms.map(([k, v]) => `"${k}":${v}`).join(",")}}`);

/** The text cut, or with one stray byte put in, or a value nested past maxDepth put in. */
const corrupted = fc.tuple(docArb, fc.nat(), fc.constantFrom("cut", "insert", "deep", "tail", "none"), fc.constantFrom("}", "]", ",", ":", "x", "\"", "\u0001", "[", "{", "1"))
  .map(([doc, at, how, b]) => {
    const p = at % (doc.length + 1);
    if (how === "cut") return doc.slice(0, p);
    if (how === "insert") return doc.slice(0, p) + b + doc.slice(p);
    if (how === "tail") return doc + " " + b;
    if (how === "deep") return doc.slice(0, -1) + `${doc.length > 2 ? "," : ""}"raw":${"[".repeat(9)}${"]".repeat(9)}}`;
    return doc;
  });

describe("a type mismatch, then the rest of the document read for syntax in the same run", () => {
  const validators = [new Validator(Doc), new Validator(Doc, { maxDepth: 6 }), new Validator(Doc, { maxErrors: 1, strictMissingFields: false })];

  it("equals the two-pass oracle on 4,000 generated documents x 3 option sets", () => {
    const seen = { syntax: 0, type: 0, other: 0, syntaxAfterType: 0 };
    fc.assert(fc.property(corrupted, (doc) => {
      for (const v of validators) {
        const want = runChunks(v, [doc]);
        expect(unmarshalOutcome(v, doc), doc).toEqual(want);
        const bytes = new TextEncoder().encode(doc);
        expect(unmarshalOutcome(v, bytes), doc).toEqual(runChunks(v, [bytes]));
        if (want.status === "syntax") {
          seen.syntax++;
          // the same document stopped by a mismatch when read without the syntax pass
          if (runChunks(v, [doc.slice(0, want.offset)]).status === "type") seen.syntaxAfterType++;
        } else if (want.status === "type") seen.type++;
        else seen.other++;
      }
    }), { numRuns: 4000, seed: 20261125 });
    // the generator reaches each case often (a run that stopped early would hide nothing here)
    expect(seen.type).toBeGreaterThan(2000);
    expect(seen.syntax).toBeGreaterThan(2000);
    expect(seen.other).toBeGreaterThan(200);
  });

  it("a syntax error after a mismatch wins, at every kind of mismatch", () => {
    const v = new Validator(Doc);
    // [mismatch, what follows it]: each mismatch kind (JSON kind, not an integer, out of range,
    // bad time) inside objects, item loops, fixed arrays, maps; then a syntax error further on
    const mismatches = ['"i":"7"', '"i":1.5', '"u8":256', '"f32":1e39', '"at":"yesterday"', '"ints":[1,2,70000,4]', '"ints":[1,"2"]',
      '"pair":[1,-1]', '"counts":{"a":1.5}', '"list":[{"a":-129}]', '"inner":{"at":"2024-02-30T00:00:00Z"}', '"bools":[true,1]', '"inner":[]'];
    for (const m of mismatches) {
      const good = `{${m},"s":"abc","raw":{"k":[1,{"x":null}]}}`;
      const r = v.safeUnmarshal(good);
      expect(r.ok, good).toBe(false);
      if (!r.ok) expect(r.error, good).toBeInstanceOf(UnmarshalTypeError);
      for (const [bad, offset] of [[good.slice(0, -1), good.length - 1], [`${good} x`, good.length + 1], [good.replace('"x":null', '"x":nul'), good.indexOf("nul") + 3]] as const) {
        const e = v.safeUnmarshal(bad);
        expect(e.ok, bad).toBe(false);
        if (!e.ok) {
          expect(e.error, bad).toBeInstanceOf(JsonSyntaxError);
          expect((e.error as JsonSyntaxError).offset, bad).toBe(offset);
        }
      }
    }
  });

  it("the root of the wrong kind, then more text", () => {
    const v = new Validator(Doc);
    const e1 = v.safeUnmarshal("[1,2,{\"a\":[]}]");
    expect(!e1.ok && e1.error.message).toBe("cannot unmarshal array into the document of type Doc");
    const e2 = v.safeUnmarshal("[1,2,{\"a\":[]}] 3");
    expect(!e2.ok && e2.error.message).toBe("unexpected data after the document \"3\" at offset 15 (line 1, column 16)");
    const e3 = v.safeUnmarshal("\"x\"");
    expect(!e3.ok && e3.error.message).toBe("cannot unmarshal string into the document of type Doc");
  });

  it("a mismatch early in a long document: its rest is read (buffers grow while reading it)", () => {
    const v = new Validator(Doc);
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const items = Array.from({ length: 3000 }, (_, i) => `{"k${i}":[${i},"${"x".repeat(i % 7)}",${deep(1 + (i % 40))}]}`).join(",");
    const good = `{"i":true,"raw":[${items}]}`;
    const r = v.safeUnmarshal(good);
    expect(!r.ok && r.error.message).toBe("cannot unmarshal bool into field i of type int");
    const bad = good.slice(0, -3) + "}}";
    const e = v.safeUnmarshal(bad);
    expect(!e.ok && e.error).toBeInstanceOf(JsonSyntaxError);
    expect(!e.ok && (e.error as JsonSyntaxError).offset).toBe(bad.length - 1); // the second "}" where "]" or "," must come
  });
});
