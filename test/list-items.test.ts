// Lists of scalars (numbers, bools, strings) are read by the core's item loop
// (assembly/items.ts) when a document is read whole; fed one byte at a time, every token reaches
// the end of its chunk and goes through the general path (tokenizer step by step, wholeNumber /
// scanNumber and parseNumber, scanLiteral, scanString). The two must end the same: value,
// FieldErrors (code, message, path, value; element checks are not allowed, the list's are),
// syntax and type errors (message, offset, field). Generated lists mix what the loop reads with
// what it hands back to the general path: exponents, long mantissas, -0, malformed numbers and
// literals, escapes, non-ASCII and control bytes, null, other types, whitespace, a fixed array's
// extra items, a missing ']'.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t, type Model } from "../bindings/model.js";
import { StreamParser } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import { differences, feedAll, oneShot, singles, utf8 } from "./support/stream-harness.js";

const Lists = model("Lists", {
  ints: t.slice(t.int()),
  small: t.slice(t.int8(), "min=1"),
  bytes: t.slice(t.uint8()),
  big: t.slice(t.uint64()),
  ptrs: t.slice(t.ptr(t.int32())),
  f64: t.slice(t.float64(), "max=9"),
  f32: t.slice(t.float32()),
  triple: t.array(3, t.float64()),
  grid: t.slice(t.slice(t.int16())),
  capped: t.slice(t.float64(), "max=4"),
  flags: t.slice(t.bool(), "min=2"),
  pair: t.array(2, t.ptr(t.bool())),
  words: t.slice(t.string(), "max=6"),
  names: t.array(3, t.ptr(t.string())),
});
const keys = ["ints", "small", "bytes", "big", "ptrs", "f64", "f32", "triple", "grid", "capped", "flags", "pair", "words", "names"];

const NUMBERS = [
  "0", "-0", "7", "-7", "42", "100", "-100", "101", "127", "255", "256", "-1", "123456", "999999999",
  "9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993", "18446744073709551615",
  "18446744073709551616", "1234567890123456789", "12345678901234567890", "0.5", "-0.0", "1.0", "3.14159",
  "0.1", "0.30000000000000004", "123.45678901234567", "-987.6543210987654", "1e5", "1E-3", "2.5e+10",
  "1e309", "-1e309", "3.4028235e38", "3.5e38", "4.9e-324", "0.00000000000000000001", "1.7976931348623157e308",
];
const OTHERS = ['null', '"7"', "true", "[]", "{}", "01", "1.", "-", "1e", ".5", "+1", "1.2.3", "--1", "0x10"];

// runs of 1..22 digits (the loop reads eight at a time), a fraction or not: leading zeros, the
// 19-digit edge, values past 2^53 and past the int kinds' ranges
const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 22 });
const digitRun = fc.tuple(fc.constantFrom("", "-"), digits, fc.option(digits, { nil: undefined })).map(([sign, a, b]) => sign + (a.length > 1 ? a.replace(/^0+/, "") || "0" : a) + (b === undefined ? "" : "." + b));
const LITERALS = ["true", "false", "true", "false", "tru", "falsey", "truex", "nul", "null", "True", "0", '"true"'];
const STRINGS = ['""', '"a"', '"abc def"', '"0123456789abcdefghij"', '"a\\nb"', '"\\u00e9"', '"é"', '"日本語"', '"😀"', '"tab\there"', '"\\""', '"x', "null", "1", "[]"];
const literal = fc.constantFrom(...LITERALS);
const word = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((x) => JSON.stringify(x)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }).map((x) => JSON.stringify(x)) },
);
const FLOAT_KEYS = new Set(["f64", "f32", "triple", "capped"]);
const item = (key: string) =>
  key === "flags" || key === "pair" ? literal : key === "words" || key === "names" ? word : fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: FLOAT_KEYS.has(key) ? 6 : 30, arbitrary: fc.integer({ min: key === "bytes" ? 0 : -120, max: 120 }).map(String) },
    { weight: FLOAT_KEYS.has(key) ? 30 : 0, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }).map((x) => JSON.stringify(x)) },
    { weight: 4, arbitrary: digitRun },
    { weight: 1, arbitrary: fc.constantFrom(...OTHERS) },
  );
const ws = fc.constantFrom("", "", "", " ", "\n\t ");
const list = (key: string) =>
  fc.tuple(fc.array(fc.tuple(ws, item(key), ws), { maxLength: 12 }), fc.oneof({ weight: 30, arbitrary: fc.constant("]") }, { weight: 1, arbitrary: fc.constantFrom("", ",]", " ]x") })).map(
    ([items, close]) => `[${items.map(([a, x, b]) => a + x + b).join(",")}${close}`,
  );
const twoKeys = fc.uniqueArray(fc.constantFrom(...keys), { minLength: 2, maxLength: 2 });
const doc = twoKeys.chain(([k1, k2]) =>
  fc.tuple(list(k1 === "grid" ? "ints" : k1), list(k2 === "grid" ? "ints" : k2)).map(([l1, l2]) => {
    const v1 = k1 === "grid" ? `[${l1.replace(/\]\s*x?$/, "]")},${l1}]` : l1;
    const v2 = k2 === "grid" ? `[[], ${l2}]` : l2;
    return `{"${k1}": ${v1}, "${k2}":${v2}}`;
  }),
);

const validator = new Validator(Lists as Model, { strictMissingFields: false });
const parser = StreamParser.fromValidator(validator);

describe("lists of scalars: the item loop ends as the general path does", () => {
  it("one-shot (item loop) vs one byte at a time (general path)", () => {
    const endings = { valid: 0, invalid: 0, syntax: 0, type: 0 };
    fc.assert(
      fc.property(doc, (text) => {
        const want = oneShot(validator, utf8(text));
        endings[want.status]++;
        const diffs = differences(feedAll(parser, singles(utf8(text))), want);
        expect(diffs, text).toEqual([]);
        // a JS string is read as well-formed UTF-8 (another string path in the general case)
        expect(oneShot(validator, text), text).toEqual(want);
      }),
      { seed: 20261124, numRuns: 2500 },
    );
    for (const n of Object.values(endings)) expect(n, JSON.stringify(endings)).toBeGreaterThan(100);
  });

  it("reads what JSON.parse reads, ints without -0", () => {
    const ints = new Validator(model("Ints", { xs: t.slice(t.int64()), fs: t.slice(t.float64()) }) as Model);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 })), fc.array(fc.double({ noNaN: true, noDefaultInfinity: true })), (xs, fs) => {
        const text = JSON.stringify({ xs, fs });
        const r = ints.safeUnmarshal(text);
        expect(r.ok && r.value).toEqual({ xs: xs.map((x) => (x === 0 ? 0 : x)), fs: JSON.parse(text).fs });
      }),
      { seed: 11, numRuns: 500 },
    );
    const r = ints.safeUnmarshal('{"xs":[-0, 0],"fs":[-0, 0.0]}');
    expect(r.ok && Object.is(r.value.xs[0], 0) && Object.is(r.value.fs[0], -0)).toBe(true);
  });

  it("a list longer than a new session's tape: the loop stops for room and goes on", () => {
    const M = model("Long", { xs: t.slice(t.uint16()), fs: t.array(2, t.float32()) });
    const xs = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 65536);
    const text = JSON.stringify({ xs, fs: [1.5, -2.25, 3] });
    const r = new StreamParser(M).feed(text);
    expect(r.done && r.value).toEqual({ xs, fs: [1.5, -2.25] });
    // the item that does not fit its kind, after the tape has grown: its index and offset
    const bad = text.replace(/,\d+,\d+\]/, ",65536,1]");
    const e = new StreamParser(M).feed(bad).errors[0];
    expect(e).toMatchObject({ name: "UnmarshalTypeError", field: "xs[2998]", expected: "uint16", got: "number 65536", offset: bad.indexOf(",65536,") + 1 });
  });
});
