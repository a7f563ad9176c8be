// Chunk splits: a document fed to a Session in pieces (cut at every byte, at every code-point
// boundary of a string, byte by byte, and in random chunk sizes 1..64) gives the same outcome as
// one-shot: status, syntax error (offset, line, column, message), validation errors, type error,
// and the built value. Byte chunks may cut a UTF-8 sequence; string chunks never cut a code point
// (a JS string cannot hold half of one). The one-shot run of the helper is also checked against
// Validator.safeUnmarshal, so the helper runs what users run.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { Validator } from "../bindings/validator.js";
import {
  ANY, cutBytes, documentArb, runChunks, stringBoundaries, stringTextArb, twoChunkSplits, unmarshalOutcome, type Outcome, type Target,
} from "./support/chunked.js";

const encoder = new TextEncoder();
let runs = 0;

/**
 * Every way of cutting `doc` this file tries, each compared with the one-shot outcome; returns the
 * first difference. Documents longer than `everySplitUpTo` bytes get only the chunk sizes given.
 */
function splitDifference(target: Target, doc: string | Uint8Array, sizes: readonly (readonly number[])[] = [], everySplitUpTo = 2000): string | undefined {
  const bytes = typeof doc === "string" ? encoder.encode(doc) : doc;
  // bytes are compared with the bytes one-shot, strings with the string one-shot (a raw lone
  // surrogate in a string is U+FFFD in its UTF-8 bytes)
  const wholeBytes = runChunks(target, [bytes]);
  const wholeString = typeof doc === "string" ? runChunks(target, [doc]) : wholeBytes;
  const same = (chunks: (string | Uint8Array)[], how: string): string | undefined => {
    runs++;
    const whole = typeof chunks[0] === "string" ? wholeString : wholeBytes;
    const got = runChunks(target, chunks);
    if (isDeepStrictEqual(got, whole)) return undefined;
    return `${how}: ${JSON.stringify(got)} vs one-shot ${JSON.stringify(whole)} for ${JSON.stringify(typeof doc === "string" ? doc : new TextDecoder().decode(doc))}`;
  };
  const everySplit = bytes.length <= everySplitUpTo;
  for (const [a, b] of everySplit ? twoChunkSplits(bytes) : []) {
    const d = same([a, b], `bytes cut at ${a.length}`);
    if (d) return d;
  }
  if (typeof doc === "string" && everySplit) {
    for (const [a, b] of twoChunkSplits(doc)) {
      const d = same([a, b], `string cut at ${a.length}`);
      if (d) return d;
    }
  }
  for (const s of sizes) {
    const d = same(cutBytes(bytes, s), `byte chunks of sizes ${s.join(",")}`);
    if (d) return d;
    if (typeof doc === "string") {
      const cuts = stringBoundaries(doc);
      const pieces: string[] = [];
      let at = 0;
      for (let k = 0; at < doc.length; k++) {
        const want = at + s[k % s.length];
        const next = cuts.find((c) => c >= want) ?? doc.length;
        pieces.push(doc.slice(at, next));
        at = next;
      }
      const e = same(pieces, `string chunks of about ${s.join(",")} units`);
      if (e) return e;
    }
  }
  return undefined;
}

const sizesArb = fc.array(fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 6 }), { minLength: 3, maxLength: 3 });

afterAll(() => console.log(`chunks: ${runs} chunked runs compared with one-shot`));

// ---------------------------------------------------------------- the any-value program

describe("any JSON value (the syntax check's program)", () => {
  it("generated documents, every byte split, string splits and random chunk sizes", () => {
    fc.assert(fc.property(documentArb, sizesArb, (text, sizes) => {
      const d = splitDifference(ANY, text, sizes, 400);
      if (d) throw new Error(d);
    }), { numRuns: 200 });
  });

  it("generated documents with a byte changed (syntax errors, invalid UTF-8 cut across chunks)", () => {
    fc.assert(fc.property(documentArb, fc.nat(), fc.integer({ min: 0, max: 255 }), sizesArb, (text, at, byte, sizes) => {
      const bytes = encoder.encode(text);
      if (bytes.length === 0) return;
      const b = bytes.slice();
      b[at % b.length] = byte;
      const d = splitDifference(ANY, b, sizes, 400) ?? splitDifference(ANY, b.subarray(0, at % b.length), [], 400);
      if (d) throw new Error(d);
    }), { numRuns: 200 });
  });

  it("JSONTestSuite files up to 1 KB, every byte split", () => {
    const dir = fileURLToPath(new URL("./support/json-suite/test_parsing/", import.meta.url));
    const bad: string[] = [];
    for (const name of readdirSync(dir)) {
      if (statSync(join(dir, name)).size > 1024) continue;
      const d = splitDifference(ANY, new Uint8Array(readFileSync(join(dir, name))));
      if (d) bad.push(`${name}: ${d}`);
    }
    expect(bad).toEqual([]);
  });

  it("escapes and multi-byte characters cut at every byte, each alone and in a container", () => {
    const pieces = ['"\\uD83D\\uDE00"', '"\\uD800"', '"\\uDC00\\uD800x"', '"😀é€\u{10ffff}"', '"a\\"b\\\\c\\/\\b\\f\\n\\r\\t"', '"\\u00e9\\u20AC"', "-0.0e-0", "1.7976931348623159e308", "true", "null"];
    const bad: string[] = [];
    for (const p of pieces) {
      for (const doc of [p, `[${p},${p}]`, `{${p.startsWith('"') ? p : '"k"'}:${p}}`, ` \n${p}\t `]) {
        const d = splitDifference(ANY, doc, [[1], [2], [3]]);
        if (d) bad.push(d);
      }
    }
    expect(bad).toEqual([]);
  });
});

// ---------------------------------------------------------------- models

const Address = model("Address", {
  street: t.string("required"),
  city: t.string("required,min=2,max=40"),
  zip: t.ptr(t.string(), "min=3"),
});

const User = model("User", {
  id: t.int64("required,min=1"),
  name: t.string('json:"名前" checker:"required,min=2,max=20"'),
  email: t.string("email"),
  age: t.uint8("gte=18,lte=130"),
  score: t.int16("gte=-100,lte=100"),
  ratio: t.float32(),
  tags: t.slice(t.string(), "unique,max=5"),
  address: Address,
  extra: t.any(),
  scores: t.map(t.float64(), "max=3"),
  nick: t.ptr(t.string(), "min=2"),
  mood: t.string('json:"😀" checker:"max=3"'),
  when: t.ptr(t.time()),
  flags: t.array(3, t.bool()),
  friends: t.slice(t.lazy(() => User)),
});

const VALID_USER = `{
  "id": 42, "名前": "Zoë \\uD83D\\uDE00 Ünïcødé", "email": "zoe@example.com", "age": 30, "score": -7, "ratio": 0.25,
  "tags": ["a", "b\\u00e9", "é", "\\uD800"], "address": {"street": "1 Rue de l'\\u00c9glise", "city": "Zürich", "zip": null},
  "extra": {"any": [1, "two", {"3": null}], "s": "😀\\n"}, "scores": {"math": 1.5e1, "art\\/s": -0.0, "𝄞": 3},
  "nick": "zo", "😀": "ok😀", "when": "2024-02-29T12:34:56.789+01:00", "flags": [true, false],
  "friends": [{"id": 2, "名前": "Al", "email": "", "age": 18, "score": 0, "ratio": 1, "tags": null, "address": {"street": "s", "city": "Oz"},
    "extra": null, "scores": {}, "😀": "", "flags": [true, true, true, true], "friends": []}]
}`;

/** [what, document] pairs for the user model: valid, validation errors, type errors, syntax errors. */
const USER_DOCS: [string, string][] = [
  ["valid", VALID_USER],
  ["validation errors", VALID_USER.replace('"age": 30', '"age": 12').replace('"email": "zoe@example.com"', '"email": "not-an-email"')
    .replace('["a", "b\\u00e9", "é", "\\uD800"]', '["x", "\\u00e9", "é", "y", "x", "z"]').replace('"city": "Oz"', '"city": "O"')
    .replace('"😀": "ok😀"', '"😀": "four"').replace('"nick": "zo"', '"nick": "z"')],
  ["missing required fields", '{"名前": "x", "address": {}, "friends": [{}]}'],
  ["type error: string for int", VALID_USER.replace('"score": -7', '"score": "-7"')],
  ["type error: fraction for int", VALID_USER.replace('"id": 42', '"id": 4.2')],
  ["type error: out of int16 range", VALID_USER.replace('"score": -7', '"score": -32769')],
  ["type error: bad time", VALID_USER.replace("2024-02-29T12", "2023-02-29T12")],
  ["type error: float32 overflow", VALID_USER.replace('"ratio": 0.25', '"ratio": 3.5e38')],
  ["type error then syntax error", VALID_USER.replace('"score": -7', '"score": "-7"').replace('"flags": [true, false]', '"flags": [true, false,]')],
  ["syntax error: trailing comma", VALID_USER.replace('"flags": [true, false]', '"flags": [true, false,]')],
  ["syntax error: bad escape", VALID_USER.replace("\\u00c9glise", "\\x00c9glise")],
  ["syntax error: bad \\u escape", VALID_USER.replace("\\u00c9glise", "\\u00g9glise")],
  ["syntax error: raw control character", VALID_USER.replace("Zürich", "Zü\trich")],
  ["syntax error: truncated", VALID_USER.slice(0, 200)],
  ["syntax error: trailing data", VALID_USER + " {}"],
  ["not an object", '["a"]'],
  ["duplicate keys", '{"id": 1, "id": 0, "名前": "ab", "名前": "abc", "address": {"street": "s", "city": "c"}, "address": {"street": "s", "city": "cc"}, "😀": "", "flags": []}'],
];

const userValidator = new Validator(User);
const laxUser = new Validator(User, { strictMissingFields: false, maxErrors: 3, extraFields: "forbid" });

function invalidUtf8(doc: string, after: string, bytes: number[]): Uint8Array {
  const b = encoder.encode(doc);
  const at = encoder.encode(doc.slice(0, doc.indexOf(after) + after.length)).length;
  return Uint8Array.from([...b.subarray(0, at), ...bytes, ...b.subarray(at)]);
}

describe("models: user with nested address, unique tags, int ranges, any, map, ptr, time, UTF-8 names", () => {
  it("the hand-written documents give the outcome they are about", () => {
    const status = (doc: string) => runChunks(userValidator, [doc]).status;
    for (const [what, doc] of USER_DOCS) {
      const want = what === "valid" ? "valid" : what === "type error then syntax error" ? "syntax"
        : what.startsWith("type") || what === "not an object" ? "type" : what.startsWith("syntax") ? "syntax" : "invalid";
      expect(status(doc), what).toBe(want);
    }
    // -0.0 in a float64 field stays -0 (as JSON.parse and Go's ParseFloat read it)
    const v = runChunks(userValidator, [VALID_USER]);
    expect(v.status === "valid" && v.value).toMatchObject({ name: "Zoë 😀 Ünïcødé", mood: "ok😀", scores: { "art/s": -0, "𝄞": 3 }, tags: ["a", "bé", "é", "\uD800"] });
    expect(Object.is(v.status === "valid" && (v.value as { scores: Record<string, number> }).scores["art/s"], -0)).toBe(true);
  });

  for (const [what, doc] of USER_DOCS) {
    it(`${what}: every byte and string split, random chunk sizes, same as one-shot and as safeUnmarshal`, () => {
      for (const v of [userValidator, laxUser]) {
        expect(runChunks(v, [doc])).toEqual(unmarshalOutcome(v, doc));
        expect(runChunks(v, [encoder.encode(doc)])).toEqual(unmarshalOutcome(v, encoder.encode(doc)));
        const d = splitDifference(v, doc, [[1], [7, 3, 64], [2, 5]]);
        if (d) throw new Error(d);
      }
    });
  }

  it("invalid UTF-8 inside a key, a string, an any value and a map key, cut at every byte", () => {
    const cases: [string, number[]][] = [['"名', [0xe5, 0x90]], ['"Zü', [0xc3]], ['"any": [1, "', [0xed, 0xa0, 0x80]], ['"𝄞', [0xf0, 0x9d, 0x84]], ['"street": "', [0xf4, 0x90, 0x80, 0x80]]];
    for (const [after, bytes] of cases) {
      const doc = invalidUtf8(VALID_USER, after, bytes);
      const one = runChunks(userValidator, [doc]);
      expect(one.status, after).toBe("syntax");
      expect(one).toEqual(unmarshalOutcome(userValidator, doc));
      const d = splitDifference(userValidator, doc, [[1], [3, 1]]);
      if (d) throw new Error(d);
    }
  });

  it("unknown keys captured under extraFields allow (UTF-8 and escaped keys, any values), every split", () => {
    const Inner = model("Inner", { x: t.int(), rest: t.extras() });
    const Open = model("Open", { name: t.string(), inner: Inner, rest: t.extras() });
    const v = new Validator(Open, { strictMissingFields: false, extraFields: "allow" });
    const doc = '{"name":"é😀","zé😀\\n":[1,{"q":"\\uD83D\\uDE00"}],"inner":{"x":1,"ü":"😀","\\u00fc2":null},"k":-0.5e1}';
    expect(runChunks(v, [doc])).toEqual({
      status: "valid",
      value: { name: "é😀", inner: { x: 1, rest: { ü: "😀", ü2: null } }, rest: { "zé😀\n": [1, { q: "😀" }], k: -5 } },
    });
    expect(runChunks(v, [doc])).toEqual(unmarshalOutcome(v, doc));
    const d = splitDifference(v, doc, [[1], [3]]);
    if (d) throw new Error(d);
  });

  it("generated user documents (right and wrong types, unicode, escapes), every byte split and random chunks", () => {
    const anyString = stringTextArb.map((s) => JSON.parse(s) as string);
    const wrong = fc.oneof(fc.integer({ min: -40000, max: 40000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), anyString, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
    /** Mostly a value of the right type (sometimes out of bounds), now and then any JSON value. */
    const ok = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 60 }, { arbitrary: wrong, weight: 1 });
    const text = (min: number, max: number) => fc.oneof({ arbitrary: fc.string({ unit: "grapheme", minLength: min, maxLength: max }), weight: 4 }, { arbitrary: anyString, weight: 1 });
    const userArb = fc.record({
      id: ok(fc.integer({ min: 0, max: 1000 })),
      名前: ok(text(2, 20)),
      email: ok(fc.constantFrom("a@b.co", "x.y@example.org", "", "a@b.co", "bad")),
      age: ok(fc.integer({ min: 17, max: 131 })),
      score: ok(fc.integer({ min: -101, max: 101 })),
      ratio: ok(fc.double({ min: -3e38, max: 3e38, noNaN: true })),
      tags: ok(fc.array(fc.constantFrom("a", "b", "é", "\uD83D\uDE00", "\uD800", "😀"), { maxLength: 6 })),
      address: ok(fc.record({ street: ok(text(0, 8)), city: ok(text(2, 8)), zip: ok(fc.option(text(3, 6), { nil: null })) }, { requiredKeys: ["street", "city"] })),
      extra: fc.jsonValue({ maxDepth: 2 }),
      scores: ok(fc.dictionary(anyString, ok(fc.double({ noNaN: true, noDefaultInfinity: true })), { maxKeys: 4 })),
      nick: ok(fc.option(text(1, 5), { nil: null })),
      "😀": ok(text(0, 3)),
      when: ok(fc.constantFrom("2024-02-29T00:00:00Z", "2024-01-01T00:00:00.123456789-05:00", null, "2023-02-29T00:00:00Z", null, "0001-01-01T00:00:00Z")),
      flags: ok(fc.array(fc.boolean(), { maxLength: 5 })),
      friends: fc.constantFrom([], null),
      unknown: wrong,
    }, { requiredKeys: ["id", "名前", "email", "age", "score", "ratio", "tags", "address", "extra", "scores", "😀", "flags", "friends"] });
    const docArb = fc.tuple(userArb, fc.constantFrom(undefined, 0, 1, "\t", " \r\n")).map(([u, indent]) => {
      // escape some non-ASCII characters (pairs too) so that escapes get cut as well
      return JSON.stringify(u, null, indent).replace(/[\u00e9\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    });
    const seen: Record<string, number> = {};
    fc.assert(fc.property(docArb, sizesArb, (doc, sizes) => {
      for (const v of [userValidator, laxUser]) {
        const one = runChunks(v, [doc]);
        seen[one.status] = (seen[one.status] ?? 0) + 1;
        if (!isDeepStrictEqual(one, unmarshalOutcome(v, doc))) expect(one).toEqual(unmarshalOutcome(v, doc));
        const d = splitDifference(v, encoder.encode(doc), sizes);
        if (d) throw new Error(d);
      }
    }), { numRuns: 80 });
    console.log(`generated user documents by outcome: ${JSON.stringify(seen)}`);
    expect(Object.keys(seen).sort()).toEqual(["invalid", "type", "valid"]);
  });
});
