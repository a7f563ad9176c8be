// Limits and bad input: each has one documented outcome, tested here through the syntax check,
// a Validator (one-shot) and a chunked Session run.
//   empty input / whitespace only   JsonSyntaxError "unexpected end of JSON input" at the input's length
//   a BOM (EF BB BF)                 JsonSyntaxError "unexpected character 0xef" at its offset (JSON.parse rejects U+FEFF)
//   bytes after the document         JsonSyntaxError "unexpected data after the document" at the first one
//   invalid UTF-8                    JsonSyntaxError "invalid UTF-8" at the first byte that cannot continue the
//                                    sequence (in strings, keys, skipped and `any` values alike); outside strings
//                                    "unexpected character 0x..", and at the end of input "unexpected end of JSON input"
//   lone surrogate escapes \uD800    accepted, kept in the value as JSON.parse keeps them
//   nesting deeper than maxDepth     JsonSyntaxError "nesting too deep (more than N levels)" at the opening bracket
//   duplicate keys                   last one wins, in the value and in the checks (as Go: the struct holds
//                                    the last value when it is validated); a type error in any occurrence stays
//   maxErrors                        exactly maxErrors errors, then one TOO_MANY_ERRORS record
//   maxDocumentBytes                 JsonSyntaxError "document larger than maxDocumentBytes (N)" at offset N
//   a number out of range for an int kind, or a fraction for one: UnmarshalTypeError
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, UnmarshalTypeError, ValidationError } from "../bindings/errors.js";
import { model, t } from "../bindings/model.js";
import { syntaxOnly } from "../bindings/syntax.js";
import { StreamParser } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import { ANY, runChunks, unmarshalOutcome, type Outcome } from "./support/chunked.js";

const encoder = new TextEncoder();
const bytesOf = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(encoder.encode(p)) : p)));

const Item = model("Item", { n: t.int("max=5") });
const Doc = model("Doc", {
  name: t.ptr(t.string(), "min=2"),
  age: t.uint8("lte=130"),
  tags: t.slice(t.string(), "unique"),
  items: t.slice(Item),
  scores: t.ptr(t.map(t.int()), "min=2"),
  u: t.map(t.int(), "unique"),
  a: t.any(),
  short: t.string("max=1"),
  addr: t.ptr(model("Addr", { city: t.string("required") })),
});
const lax = new Validator(Doc, { strictMissingFields: false });

/** The syntax error of the bytes, the same through syntaxOnly, a chunked session (byte by byte) and a Validator. */
function syntax(data: Uint8Array | string): string | undefined {
  const one = syntaxOnly(data)?.message;
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  const chunked = runChunks(ANY, Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)));
  expect(chunked.status === "syntax" ? chunked.message : undefined, "byte-by-byte session").toBe(one);
  const v = lax.safeUnmarshal(data);
  if (one !== undefined) {
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error.message).toBe(one);
  }
  return one;
}

describe("empty, whitespace, BOM, trailing bytes", () => {
  it("empty input: end of input at offset 0", () => {
    expect(syntax("")).toBe("unexpected end of JSON input at offset 0 (line 1, column 1)");
    expect(syntax(new Uint8Array(0))).toBe("unexpected end of JSON input at offset 0 (line 1, column 1)");
  });

  it("line and column are 1-based; the column counts UTF-8 bytes from the line's start, as offset does (README)", () => {
    expect(syntax('{"é😀":x}')).toBe('unexpected character "x" at offset 10 (line 1, column 11)');
    expect(syntax('{\n"é":x}')).toBe('unexpected character "x" at offset 7 (line 2, column 6)');
  });

  it("whitespace only: end of input at its length", () => {
    expect(syntax(" \t\r\n ")).toBe("unexpected end of JSON input at offset 5 (line 2, column 2)");
  });

  it("a BOM is rejected at its offset, as bytes or as U+FEFF in a string (JSON.parse rejects it too)", () => {
    expect(() => JSON.parse("\uFEFF{}")).toThrow(SyntaxError);
    expect(syntax(bytesOf([0xef, 0xbb, 0xbf], "{}"))).toBe("unexpected character 0xef at offset 0 (line 1, column 1)");
    expect(syntax("\uFEFF{}")).toBe("unexpected character 0xef at offset 0 (line 1, column 1)");
    expect(syntax("[1,\uFEFF2]")).toBe("unexpected character 0xef at offset 3 (line 1, column 4)");
    expect(syntax('"\uFEFF"')).toBeUndefined(); // inside a string it is a character like any other
    expect(runChunks(ANY, ['"\uFEFF"'])).toEqual({ status: "valid", value: "\uFEFF" });
  });

  it("bytes after the document: rejected at the first one; trailing whitespace is fine", () => {
    expect(syntax("{} x")).toBe('unexpected data after the document "x" at offset 3 (line 1, column 4)');
    expect(syntax("{}{}")).toBe('unexpected data after the document "{" at offset 2 (line 1, column 3)');
    expect(syntax("1 2")).toBe('unexpected data after the document "2" at offset 2 (line 1, column 3)');
    expect(syntax("[1]]")).toBe('unexpected data after the document "]" at offset 3 (line 1, column 4)');
    expect(syntax(bytesOf("{}", [0]))).toBe("unexpected data after the document 0x00 at offset 2 (line 1, column 3)");
    expect(syntax("null\n\n,")).toBe('unexpected data after the document "," at offset 6 (line 3, column 1)');
    expect(syntax("{} \n\t\r ")).toBeUndefined();
    expect(lax.safeUnmarshal('{"name":"ab"} \n')).toMatchObject({ ok: true, value: { name: "ab" } });
  });
});

describe("invalid UTF-8", () => {
  // [bytes inside a string, index of the first byte that cannot be valid]
  const SEQUENCES: [string, number[], number][] = [
    ["overlong 2-byte (C0 AF for /)", [0xc0, 0xaf], 0],
    ["overlong 2-byte (C1 BF)", [0xc1, 0xbf], 0],
    ["overlong 3-byte (E0 80 AF)", [0xe0, 0x80, 0xaf], 1],
    ["overlong 4-byte (F0 80 80 AF)", [0xf0, 0x80, 0x80, 0xaf], 1],
    ["UTF-16 surrogate D800 (ED A0 80)", [0xed, 0xa0, 0x80], 1],
    ["UTF-16 surrogate DFFF (ED BF BF)", [0xed, 0xbf, 0xbf], 1],
    ["above U+10FFFF (F4 90 80 80)", [0xf4, 0x90, 0x80, 0x80], 1],
    ["above U+10FFFF (F5 80 80 80)", [0xf5, 0x80, 0x80, 0x80], 0],
    ["lone continuation byte", [0x80], 0],
    ["FE / FF", [0xfe], 0],
    ["truncated 3-byte sequence then the closing quote", [0xe2, 0x82], 2],
    ["truncated 4-byte sequence then ASCII", [0xf0, 0x9f, 0x98, 0x41], 3],
  ];

  for (const [what, seq, bad] of SEQUENCES) {
    it(`${what}: invalid UTF-8 at the first impossible byte, wherever the string is`, () => {
      for (const [before, after] of [['"', '"'], ['{"', '":1}'], ['{"name":"', '"}'], ['{"a":["', '"]}'], ['{"zz":{"k":"', '"}}'], ['{"scores":{"', '":1}}']]) {
        const doc = bytesOf(before, seq, after);
        const at = encoder.encode(before).length + bad;
        expect(syntax(doc), `${before}...${after}`).toBe(`invalid UTF-8 at offset ${at} (line 1, column ${at + 1})`);
      }
    });
  }

  it("outside a string: unexpected character", () => {
    expect(syntax(bytesOf("[", [0xc3, 0xa9], "]"))).toBe("unexpected character 0xc3 at offset 1 (line 1, column 2)");
    expect(syntax(bytesOf([0x80]))).toBe("unexpected character 0x80 at offset 0 (line 1, column 1)");
  });

  it("a sequence cut by the end of input: end of input", () => {
    expect(syntax(bytesOf('"', [0xe2, 0x82]))).toBe("unexpected end of JSON input at offset 3 (line 1, column 4)");
  });

  it("valid multi-byte UTF-8 (2, 3 and 4 bytes, the extremes of each) is accepted with its value", () => {
    const s = "\u0080\u07ff\u0800\uffff\ud7ff\ue000\u{10000}\u{10ffff}é€😀";
    expect(syntax(JSON.stringify(s))).toBeUndefined();
    expect(runChunks(ANY, [encoder.encode(JSON.stringify([s, { [s]: s }]))])).toEqual({ status: "valid", value: [s, { [s]: s }] });
  });
});

describe("lone surrogate escapes", () => {
  const lone = ["\\uD800", "\\uDC00", "\\uDBFF", "\\uD800\\u0041", "\\uDE00\\uD83D", "x\\uD83D", "\\uD83D\\uD83D\\uDE00"];
  it("are accepted and kept in the value, as JSON.parse does", () => {
    for (const esc of lone) {
      const doc = `{"name":"${esc}z","a":"${esc}","scores":{"${esc}":1,"k":2},"tags":["${esc}"]}`;
      const want = JSON.parse(doc) as Record<string, unknown>;
      expect(syntax(doc), esc).toBeUndefined();
      const r = lax.safeUnmarshal(doc);
      expect(r.ok, esc).toBe(true);
      if (r.ok) expect({ name: r.value.name, a: r.value.a, scores: r.value.scores, tags: r.value.tags }).toEqual(want);
      expect(runChunks(ANY, [doc])).toEqual({ status: "valid", value: want });
    }
  });

  it("a lone surrogate counts as one character; an escaped pair is one character", () => {
    expect(lax.safeUnmarshal('{"short":"\\uD800"}').ok).toBe(true);
    expect(lax.safeUnmarshal('{"short":"\\uD83D\\uDE00"}').ok).toBe(true);
    const r = lax.safeUnmarshal('{"short":"\\uD800\\uD800"}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect((r.error as ValidationError).errors).toEqual([{ field: "short", code: "MAX_LENGTH", message: "must be at most 1 characters", value: "\uD800\uD800" }]);
  });
});

describe("nesting depth", () => {
  const arrays = (n: number) => "[".repeat(n) + "]".repeat(n);
  const objects = (n: number) => '{"a":'.repeat(n) + "null" + "}".repeat(n);

  it("the syntax check takes 1000 levels (the default) and stops at the 1001st opening bracket", () => {
    expect(syntax(arrays(1000))).toBeUndefined();
    expect(syntax(arrays(1001))).toBe("nesting too deep (more than 1000 levels) at offset 1000 (line 1, column 1001)");
    expect(syntax(objects(1000))).toBeUndefined();
    expect(syntax(objects(1001))).toBe("nesting too deep (more than 1000 levels) at offset 5000 (line 1, column 5001)");
  });

  it("100,000 opening brackets: a depth error, not a crash", () => {
    const doc = "[".repeat(100_000);
    expect(syntaxOnly(doc)?.message).toBe("nesting too deep (more than 1000 levels) at offset 1000 (line 1, column 1001)");
    const r = lax.safeUnmarshal(`{"a":${"[{\"x\":".repeat(50_000)}`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe("nesting too deep (more than 1000 levels) at offset 3000 (line 1, column 3001)");
  });

  it("a validator's maxDepth counts the root object as level 1", () => {
    const v = new Validator(Doc, { strictMissingFields: false, maxDepth: 5 });
    expect(v.safeUnmarshal(`{"a":${arrays(4)}}`).ok).toBe(true);
    const r = v.safeUnmarshal(`{"a":${arrays(5)}}`);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(JsonSyntaxError);
      expect(r.error.message).toBe("nesting too deep (more than 5 levels) at offset 9 (line 1, column 10)");
    }
    expect(runChunks(v, [`{"a":${arrays(5)}}`])).toEqual(unmarshalOutcome(v, `{"a":${arrays(5)}}`));
  });

  it("too deep anywhere wins over a type error before it, as any syntax error does", () => {
    const v = new Validator(Doc, { strictMissingFields: false, maxDepth: 3 });
    const after = `{"name":1,"a":${arrays(5)}}`; // the type error comes first
    const before = `{"a":${arrays(5)},"name":1}`;
    const want = "nesting too deep (more than 3 levels)";
    for (const doc of [before, after]) {
      const r = v.safeUnmarshal(doc);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error, doc).toBeInstanceOf(JsonSyntaxError);
        expect(r.error.message, doc).toContain(want);
      }
    }
  });
});

describe("duplicate keys", () => {
  it("the last one wins in the value", () => {
    expect(lax.safeUnmarshal('{"name":"ab","name":"xyz"}')).toMatchObject({ ok: true, value: { name: "xyz" } });
    expect(lax.safeUnmarshal('{"addr":{"city":"A"},"addr":{"city":"B"}}')).toMatchObject({ ok: true, value: { addr: { city: "B" } } });
    expect(lax.safeUnmarshal('{"a":1,"a":[2]}')).toMatchObject({ ok: true, value: { a: [2] } });
    expect(runChunks(ANY, ['{"x":1,"x":2}'])).toEqual({ status: "valid", value: { x: 2 } });
  });

  it("the last occurrence is the one checked; a type error in any occurrence stays", () => {
    const r = lax.safeUnmarshal('{"name":"x","name":"abc","addr":{},"addr":{"city":"B"}}');
    expect(r.ok).toBe(true);
    const back = lax.safeUnmarshal('{"name":"abc","addr":{"city":"B"},"name":"x","addr":{}}');
    expect(back.ok).toBe(false);
    if (!back.ok) {
      expect((back.error as ValidationError).errors).toEqual([
        { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "x" },
        { field: "addr.city", code: "REQUIRED", message: "field is required", value: null },
      ]);
    }
    const t2 = lax.safeUnmarshal('{"age":300,"age":3}');
    expect(t2.ok).toBe(false);
    if (!t2.ok) expect(t2.error).toBeInstanceOf(UnmarshalTypeError);
  });

  it("under extraFields forbid, an unknown key that comes again is one error, with its last value (the last occurrence wins, as for a field)", () => {
    const v = new Validator(Doc, { strictMissingFields: false, extraFields: "forbid" });
    const r = v.safeUnmarshal('{"zz":1,"zz":2}');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect((r.error as ValidationError).errors).toEqual([
        { field: "zz", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 2 },
      ]);
    }
  });

  it("a map with a repeated key has one entry: min counts distinct keys (as validate of the value does)", () => {
    const r = lax.safeUnmarshal('{"scores":{"a":1,"a":2}}');
    expect(r.ok ? "accepted" : (r.error as ValidationError).errors).toEqual([{ field: "scores", code: "MIN_ITEMS", message: "must have at least 2 items", value: { a: 2 } }]);
  });

  it("a map with a repeated key has one entry: unique sees one value (as validate of the value does)", () => {
    const r = lax.safeUnmarshal('{"u":{"k":1,"k":1}}');
    expect(r.ok ? r.value.u : r.error.message).toEqual({ k: 1 });
  });
});

describe("maxErrors", () => {
  const items = (n: number) => `{"items":[${Array.from({ length: n }, (_, i) => `{"n":${6 + i}}`).join(",")}]}`;
  const err = (i: number) => ({ field: `items[${i}].n`, code: "MAX_VALUE", message: "must be at most 5", value: 6 + i });
  const tooMany = (n: number) => ({ field: "", code: "TOO_MANY_ERRORS", message: `too many errors: stopped after ${n}`, value: null });

  for (const max of [1, 3]) {
    it(`maxErrors ${max}: exactly ${max} errors, then one TOO_MANY_ERRORS record`, () => {
      const v = new Validator(Doc, { strictMissingFields: false, maxErrors: max });
      const errorsOf = (doc: string) => {
        const r = v.safeUnmarshal(doc);
        expect(r.ok).toBe(false);
        expect(runChunks(v, Array.from(doc))).toEqual(unmarshalOutcome(v, doc));
        return r.ok ? [] : (r.error as ValidationError).errors;
      };
      const first = Array.from({ length: max }, (_, i) => err(i));
      expect(errorsOf(items(max))).toEqual(first);
      expect(errorsOf(items(max + 1))).toEqual([...first, tooMany(max)]);
      expect(errorsOf(items(50))).toEqual([...first, tooMany(max)]);
    });
  }

  it("a repeated unknown key under forbid takes its first EXTRA_FIELD back after the cut too, whatever precedes the object", () => {
    // found by test/random-models.test.ts: the TOO_MANY_ERRORS record had no byte position, so with
    // the object not at offset 0 the first occurrence's record (value []) was not taken back
    const v = new Validator(model("Alpha", { f0: t.string("alpha") }), { extraFields: "forbid", strictMissingFields: false, maxErrors: 1 });
    const want = [{ field: "f0", code: "MUST_BE_ALPHA", message: "must contain only alphabetic characters", value: "-" }, tooMany(1)];
    for (const doc of ['{"kk":[],"f0":"-","kk":{}}', ' {"kk":[],"f0":"-","kk":{}}', '\n{"kk":[],"f0":"-","k\\u006b":{}}']) {
      const r = v.safeUnmarshal(doc);
      expect(r.ok ? [] : (r.error as ValidationError).errors, doc).toEqual(want);
      // (a StreamParser, not runChunks: the validator reads again with room for what was taken back)
      const p = StreamParser.fromValidator(v);
      for (const ch of doc) p.feed(ch);
      expect(p.end().errors.map((e) => ({ ...(e as object), offset: undefined })), doc).toEqual(want.map((e) => ({ ...e, offset: undefined })));
    }
  });

  it("a record that renders as several errors (a missing model's zero value, the zero items of a short fixed-size array) counts each of them", () => {
    const Three = model("LimThree", { a: t.int("min=1"), b: t.int("min=1"), c: t.int("min=1") });
    const Doc2 = model("LimDoc2", { n: model("LimNest", { i: Three }), arr: t.array(2, Three), x: t.int("min=1"), y: t.int("min=1") });
    const low = (field: string) => ({ field, code: "MIN_VALUE", message: "must be at least 1", value: 0 });
    for (const [max, doc, want] of [
      [3, '{"n":{},"arr":[{"a":1,"b":1,"c":1},{"a":1,"b":1,"c":1}],"x":0,"y":0}', [low("n.i.a"), low("n.i.b"), low("n.i.c"), tooMany(3)]],
      [2, '{"n":{"i":{"a":1,"b":1,"c":1}},"arr":[],"x":0,"y":0}', [low("arr[0].a"), low("arr[0].b"), tooMany(2)]],
      [4, '{"n":{"i":{"a":1,"b":1,"c":1}},"arr":[{"a":1,"b":1,"c":1}],"x":0,"y":1}', [low("arr[1].a"), low("arr[1].b"), low("arr[1].c"), low("x")]],
      // (two records in the core, four errors: the cut is the bindings')
      [3, '{"n":{"i":{"a":1,"b":1,"c":1}},"arr":[{"a":1,"b":1,"c":1}],"x":0,"y":1}', [low("arr[1].a"), low("arr[1].b"), low("arr[1].c"), tooMany(3)]],
    ] as const) {
      const v = new Validator(Doc2, { strictMissingFields: false, maxErrors: max });
      const r = v.safeUnmarshal(doc);
      expect(r.ok ? [] : (r.error as ValidationError).errors, doc).toEqual(want);
      expect(runChunks(v, Array.from(doc))).toEqual(unmarshalOutcome(v, doc));
      // a stream fed byte by byte holds the same list after every chunk's records, and at the end
      const sp = StreamParser.fromValidator(v);
      let errors: unknown[] = [];
      for (const ch of doc) {
        errors = sp.feed(ch).errors.map((e) => (e instanceof Error ? e.message : { field: e.field, code: e.code, message: e.message, value: e.value }));
        expect(errors.length, doc).toBeLessThanOrEqual(max + 1);
      }
      expect(errors, doc).toEqual(want);
    }
  });

  it("the default is 1000 (the record buffer grows to it as errors come; a stream in 7-byte chunks agrees)", () => {
    const doc = items(1200);
    expect(runChunks(lax, doc.match(/[^]{1,7}/g)!)).toEqual(unmarshalOutcome(lax, doc));
    const r = lax.safeUnmarshal(doc);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const errors = (r.error as ValidationError).errors;
      expect(errors.length).toBe(1001);
      expect(errors[999]).toEqual(err(999));
      expect(errors[1000]).toEqual(tooMany(1000));
    }
  });
});

describe("maxDocumentBytes", () => {
  const v = new Validator(Doc, { strictMissingFields: false, maxDocumentBytes: 16 });
  const refuse = "document larger than maxDocumentBytes (16) at offset 16";

  it("a document of exactly maxDocumentBytes is read; one byte more is refused", () => {
    expect(v.safeUnmarshal('{"name":"abcde"}').ok).toBe(true); // 16 bytes
    for (const doc of ['{"name":"abcdef"}', encoder.encode('{"name":"abcdef"}')]) {
      const r = v.safeUnmarshal(doc);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toBeInstanceOf(JsonSyntaxError);
        expect(r.error.message.startsWith(refuse)).toBe(true);
        expect((r.error as JsonSyntaxError).offset).toBe(16);
      }
    }
  });

  it("the limit counts UTF-8 bytes for a string too (15 UTF-16 units, 19 bytes)", () => {
    const doc = '{"name":"éééé"}'; // 15 UTF-16 units
    expect(encoder.encode(doc).length).toBe(19);
    for (const data of [doc, encoder.encode(doc)]) {
      const r = v.safeUnmarshal(data);
      expect(r.ok ? "accepted" : r.error.message.slice(0, refuse.length), typeof data).toBe(refuse);
    }
  });
});

describe("numbers out of range for the field's kind", () => {
  const cases: [string, string][] = [
    ['{"age":256}', "cannot unmarshal number 256 into field age of type uint8"],
    ['{"age":-1}', "cannot unmarshal number -1 into field age of type uint8"],
    ['{"age":1.5}', "cannot unmarshal number 1.5 into field age of type uint8"],
    ['{"age":1e2}', "cannot unmarshal number 1e2 into field age of type uint8"],
    ['{"items":[{"n":9007199254740992}]}', "cannot unmarshal number 9007199254740992 into field items[0].n of type int"],
  ];
  for (const [doc, message] of cases) {
    it(doc, () => {
      const r = lax.safeUnmarshal(doc);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toBeInstanceOf(UnmarshalTypeError);
        expect(r.error.message).toBe(message);
      }
      const chunked: Outcome = runChunks(lax, Array.from(doc));
      expect(chunked).toEqual(unmarshalOutcome(lax, doc));
    });
  }
});
