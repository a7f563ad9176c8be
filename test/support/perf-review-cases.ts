// Inputs at the edges of the perf commits ba84438 (syntax read after a type mismatch in the same
// run, error values without JSON.parse), df81c99 + 9c22d80 (jsonQuote, leaf lists, a mismatch
// reaching ~standard as parts, errorsOf) and be673e8 (object keys predicted in declaration order).
// Each case runs against an API given to it (the library's sources in the test; the built code
// of 0b2d404 and of today in the review's comparison script) and gives a plain JSON-safe record.
// test/golden/perf-changes-review.json holds what 0b2d404 gave for every case.
import type * as Api from "../../bindings/index.js";

export type CheckerApi = Pick<typeof Api, "model" | "t" | "Validator" | "UnionValidator" | "StreamParser">;

/** A result or a thrown error as plain data: errors by name, message and own fields; -0, undefined, Dates and bytes spelled out. */
export function plain(x: unknown): unknown {
  if (x instanceof Error) {
    const o: Record<string, unknown> = { name: x.name, message: x.message };
    for (const k of Object.keys(x)) o[k] = plain((x as unknown as Record<string, unknown>)[k]);
    return o;
  }
  if (x instanceof Date) return { date: Number.isNaN(x.getTime()) ? "invalid" : x.toISOString() };
  if (x instanceof Uint8Array) return { bytes: new TextDecoder().decode(x) };
  if (x === undefined) return "<undefined>";
  if (typeof x === "bigint") return { bigint: String(x) };
  if (typeof x === "number") return Object.is(x, -0) ? "<-0>" : Number.isFinite(x) ? x : String(x);
  if (Array.isArray(x)) return Array.from({ length: x.length }, (_, i) => (i in x ? plain(x[i]) : "<hole>"));
  if (x !== null && typeof x === "object") return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)]));
  return x;
}

function outcome(f: () => unknown): unknown {
  try {
    return { ok: plain(f()) };
  } catch (e) {
    return { threw: plain(e) };
  }
}

const enc = new TextEncoder();
const bytes = (...parts: (string | number[])[]): Uint8Array => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === "string" ? enc.encode(p) : p));
  return new Uint8Array(out);
};

/** Every case by name: a function of the API that gives its outcome. */
export function perfReviewCases(api: CheckerApi): [string, () => unknown][] {
  const { model, t, Validator, UnionValidator, StreamParser } = api;
  const Inner = model("Inner", { a: t.int8("gte=0"), tags: t.slice(t.string(), "unique"), at: t.time() });
  const Doc = model("Doc", {
    i: t.int(), at: t.time(), s: t.string("max=3"), inner: Inner, ints: t.slice(t.int16()), bools: t.slice(t.bool()),
    strs: t.slice(t.string(), "max=4"), pair: t.array(2, t.uint()), counts: t.map(t.int()), raw: t.any(),
    maybe: t.ptr(t.int32()), ptime: t.ptr(t.time()), f: t.float64("gt=0"), hidden: t.string('json:"-"'),
  });
  const Leaves = model("Leaves", {
    ss: t.slice(t.string(), "max=2"), ns: t.slice(t.int()), ls: t.slice(t.slice(t.int())), ps: t.slice(t.ptr(t.string())),
    an: t.slice(t.any()), fixed: t.array(2, t.bool()), m: t.map(t.slice(t.string())),
  });
  const Keys = model("Keys", {
    a: t.string(), secret: t.string('json:"-"'), b: t.string('json:"B"'), ab: t.string(), ba: t.string('json:"aB"'),
    kind: t.string(), e: t.string('json:""'), proto: t.string('json:"__proto__"'), x: t.extras(),
  });
  const Tree: ReturnType<typeof model> = model("Tree", { kind: t.string(), n: t.int(), kids: t.slice(t.lazy(() => Tree)) });
  const VA = model("VA", { n: t.int("gte=1"), list: t.slice(t.int()), tree: Tree });
  const VB = model("VB", { b: t.bool() });
  // (missing fields take their zero values: an outcome shows the one error a case is about)
  const lax = { strictMissingFields: false };
  const doc = new Validator(Doc, lax);
  const depth5 = new Validator(Doc, { ...lax, maxDepth: 5 });
  const oneError = new Validator(Doc, { ...lax, maxErrors: 1 });
  const small = new Validator(Doc, { ...lax, maxDocumentBytes: 40 });
  const leaves = new Validator(Leaves, { ...lax, maxDepth: 3 });
  const keys = new Validator(Keys, { ...lax, extraFields: "allow" });
  const keysForbid = new Validator(Keys, { ...lax, extraFields: "forbid" });
  const union = new UnionValidator({ discriminator: "kind", variants: { a: VA, b: VB } }, lax);
  const cases: [string, () => unknown][] = [];
  const un = (name: string, v: { safeUnmarshal(d: string | Uint8Array): unknown }, d: string | Uint8Array) => {
    cases.push([name, () => outcome(() => v.safeUnmarshal(d))]);
    if (typeof d === "string") cases.push([name + " (bytes)", () => outcome(() => v.safeUnmarshal(enc.encode(d)))]);
  };

  // ba84438: a mismatch, then the rest of the document read for syntax in the same run
  un("root mismatch, well-formed", doc, `[1,{"a":[2]}]`);
  un("root mismatch, then a syntax error", doc, `[1,{"a":[2]},]`);
  un("root null", doc, `null`);
  un("root null, trailing data", doc, `null x`);
  un("member mismatch, whitespace-only tail", doc, `{"i":"x"}  \n\t\r `);
  un("member mismatch, trailing data", doc, `{"i":"x"} {}`);
  un("member mismatch, EOF", doc, `{"i":"x","s":"ab`);
  un("number not an int, then a bad literal", doc, `{"i":1.5,"s":tru}`);
  un("number out of range, then a bad escape", doc, `{"i":1e400,"s":"\\q"}`);
  un("time mismatch, then a control byte", doc, `{"at":"2024-13-01T00:00:00Z","s":"a\u0001"}`);
  un("time mismatch, well-formed", doc, `{"at":"2024-13-01T00:00:00Z","s":"abcd"}`);
  un("ptr time mismatch, then a bad number", doc, `{"ptime":"x","f":01}`);
  un("ptr mismatch, then a trailing comma in an object", doc, `{"maybe":"x","counts":{"a":1,}}`);
  un("item loop of numbers: not an int, then a bad number", doc, `{"ints":[1,2,1.5,3],"f":-}`);
  un("item loop of numbers: out of range", doc, `{"ints":[1,70000,2]}`);
  un("item loop of numbers: a string item, then an unclosed array", doc, `{"ints":[1,"x",2],"raw":[1,2}`);
  un("item loop of bools: a number item", doc, `{"bools":[true,1,false],"s":"abcd"}`);
  un("item loop of bools: then a missing colon", doc, `{"bools":[false,"t"],"s" 1}`);
  un("item loop of strings: an object item, then a missing value", doc, `{"strs":["a",{"b":1}],"s":}`);
  un("fixed array past its length: no mismatch", doc, `{"pair":[1,2,"x",[3]]}`);
  un("fixed array past its length, then a syntax error", doc, `{"pair":[1,2,"x",],"i":1}`);
  un("fixed array item mismatch", doc, `{"pair":[1,-1,2]}`);
  un("map value mismatch, then trailing data", doc, `{"counts":{"a":1,"b":"x"}}]`);
  un("nested model mismatch after a repeated key", doc, `{"inner":{"a":-1,"a":"x"},"raw":[1,{"z":[null]}]}`);
  un("mismatch before an any value with many entries", doc, `{"i":"x","raw":[${"1,".repeat(70000)}1]}`);
  un("mismatch after an any value with many entries, then a syntax error", doc, `{"raw":[${"1,".repeat(70000)}1],"i":"x","s":[}`);
  un("mismatch, then nesting past maxDepth", depth5, `{"i":"x","raw":[[[[[[1]]]]]]}`);
  un("mismatch, then nesting up to maxDepth", depth5, `{"i":"x","raw":[[[1]]]}`);
  un("mismatch, then deep nesting (stack growth) and a syntax error", doc, `{"i":"x","raw":${"[".repeat(900)}${"]".repeat(900)},}`);
  un("mismatch, then a long string (buffer growth) and a syntax error", doc, `{"i":"x","raw":"${"w".repeat(100000)}",}`);
  un("check errors past maxErrors, then a mismatch", oneError, `{"s":"abcd","f":-1,"i":"x"}`);
  un("check errors past maxErrors, then a mismatch and a syntax error", oneError, `{"s":"abcd","f":-1,"i":"x","i":tru}`);
  un("mismatch in a document over maxDocumentBytes", small, `{"i":"x","raw":[1,2,3,4,5,6,7,8,9,10,11,12]}`);
  un("mismatch in a document under maxDocumentBytes, then a syntax error", small, `{"i":"x",}`);
  un("BOM, then a mismatch", doc, `\uFEFF{"i":"x"}`);
  un("mismatch, then a BOM inside the document", doc, `{"i":"x",\uFEFF"s":"a"}`);
  un("mismatch, then invalid UTF-8 in a string", doc, bytes(`{"i":"x","s":"a`, [0xff], `b"}`));
  un("mismatch, then a surrogate encoded in UTF-8", doc, bytes(`{"i":"x","s":"`, [0xed, 0xa0, 0x80], `"}`));
  un("mismatch, then an invalid byte between tokens", doc, bytes(`{"i":"x",`, [0xc3], `"s":"a"}`));
  un("union: variant mismatch, then a syntax error", union, `{"kind":"a","n":"x","list":[1,}`);
  un("union: variant mismatch in a recursive model (the discriminator key nested is unknown)", union, `{"kind":"a","tree":{"kind":5,"kids":[{"n":"x"}]}}`);
  un("union: mismatch in the list item loop", union, `{"kind":"a","list":[1,2.5]}`);
  cases.push(["newModel of bytes: mismatch, then a syntax error", () => outcome(() => doc.safeNewModel(enc.encode(`{"ints":[1,"x"],]`) as never))]);
  cases.push(["newModel of bytes: mismatch", () => outcome(() => doc.safeNewModel(enc.encode(`{"ints":[1,"x"]}`) as never))]);

  // ba84438: error values and UnmarshalTypeError's got text
  for (const s of ["abcd", "ab\\u0063d", "ab\\\"c", "a".repeat(64), "a".repeat(65), "b".repeat(70), "é€😀", "\u007f\u007f\u007f\u007f", "\\u2028\\u2029xx", "\\ud800xyz", "abc/"]) {
    un(`error value of the string "${s.slice(0, 12)}" (${s.length})`, doc, `{"s":"${s}"}`);
  }
  un("got text of a long number (cut)", doc, `{"i":1${"2".repeat(1200)}.5}`);
  un("got text of a number at the limit", doc, `{"i":1${"2".repeat(997)}.5}`);
  un("got text of a long time (cut)", doc, `{"at":"${"x".repeat(1100)}"}`);
  un("got text of a long time with escapes and UTF-8 at the cut", doc, `{"at":"${"\\\"".repeat(200)}${"é".repeat(600)}"}`);
  un("got text of an exponent", doc, `{"ints":[1,2E+5]}`);

  // df81c99 + 9c22d80: values written by marshal and by newModel's round trip
  const odd = ["\u2028", "\u2029", "\ud800", "a\udc00", "\u007f", "a".repeat(64), "a".repeat(65), "\"\\", "\u0000\u001f", "", " ~", "é"];
  const values: [string, Record<string, unknown>][] = [
    ["odd strings", { ss: odd, ns: [1, -0, 2], m: { [odd.join("")]: odd, "\u2028": [] } }],
    ["holes, undefined and null in lists", { ns: [1, , 3, undefined, null], ps: [null, "a", undefined], ss: [, "x"], an: [1, undefined, null, , "s", { a: [undefined] }] }],
    ["leaves that fail checks", { ss: ["aaa", "b", "ccc"], ns: [1.5] }],
    ["a list of lists at maxDepth", { ls: [[1, 2], [3]] }],
    ["a list of lists past maxDepth", { ls: [[1, [2]]] }],
    ["a list with a class instance", { an: [new (class K { a = 1; })()] }],
    ["a list with a Map", { an: [new Map([["a", 1]])] }],
    ["a list with a bigint", { ns: [1n] }],
    ["a list of leaves of the wrong kind", { ns: ["1", true], ss: [1], fixed: [1, 2, 3] }],
    ["a fixed array too long and too short", { fixed: [true, false, true], ls: [] }],
    ["an object read by JSON names with odd keys", { ss: ["a"], "": 1, __proto__x: 2, "\u2028": "x", zz: [undefined] }],
  ];
  for (const [name, v] of values) {
    cases.push([`newModel: ${name}`, () => outcome(() => leaves.safeNewModel(v as never))]);
    cases.push([`~standard: ${name}`, () => outcome(() => leaves["~standard"].validate(v))]);
    cases.push([`model ~standard: ${name}`, () => outcome(() => Leaves["~standard"].validate(v))]);
    cases.push([`marshal: ${name}`, () => outcome(() => leaves.marshal(v as never))]);
    cases.push([`marshal indented: ${name}`, () => outcome(() => leaves.marshalWithOptions(v as never, { indent: "  ", prefix: "> " }))]);
    cases.push([`dict: ${name}`, () => outcome(() => leaves.dict(v as never))]);
  }
  const docValues: [string, unknown][] = [
    ["a mismatch at the root of an object", { i: "x" }],
    ["a mismatch with a failing check", { i: "x", s: "abcd" }],
    ["a mismatch in a nested model", { inner: { a: "1" } }],
    ["a mismatch under the empty key", { "": 1, i: [1] }],
    ["a Map with a mismatch", new Map<string, unknown>([["i", "x"]])],
    ["a Map with a number key", new Map<unknown, unknown>([[1, "x"]])],
    ["a class instance", new (class D { i = 1; })()],
    ["a failing check only", { s: "abcd", f: 0, hidden: "h" }],
    ["odd strings in an any value", { raw: { [odd.join("|")]: odd, "\u007f": "\u007f" } }],
    ["a typed value with json:\"-\" and a failing check", { i: 1, at: new Date(0), s: "abcd", inner: { a: 1, tags: null, at: new Date(0) }, ints: null, bools: null, strs: null, pair: [1, 2], counts: null, raw: null, maybe: null, ptime: null, f: 1, hidden: "h" }],
  ];
  for (const [name, v] of docValues) {
    cases.push([`Doc newModel: ${name}`, () => outcome(() => doc.safeNewModel(v as never))]);
    cases.push([`Doc ~standard: ${name}`, () => outcome(() => doc["~standard"].validate(v))]);
    cases.push([`Doc marshal: ${name}`, () => outcome(() => doc.marshal(v as never))]);
  }
  for (const v of [{ kind: "a", n: "x" }, { kind: "a", n: 0, list: [1, "2"] }, { kind: "b", b: 1 }, { kind: "a", tree: { kids: [{ n: "\u2028" }] } }]) {
    cases.push([`union ~standard: ${JSON.stringify(v)}`, () => outcome(() => union["~standard"].validate(v))]);
  }

  // be673e8: object keys predicted as the next field in declaration order
  const keyDocs = [
    `{"a":"1","B":"2","ab":"3","aB":"4","kind":"5","e":"6","__proto__":"7"}`,
    `{"__proto__":"7","e":"6","kind":"5","aB":"4","ab":"3","B":"2","a":"1"}`,
    `{"a":"1","secret":"s","B":"2","x":"x","ab":"3"}`,
    `{"a":"1","b":"lower","B":"2","AB":"case","ab":"3","Ab":"c2","aB":"4","ba":"prop"}`,
    `{"\\u0061":"1","\\u0042":"2","a\\u0062":"3","\\u0061B":"4"}`,
    `{"a":"1","a":"2","B":"3","a":"4","B":"5"}`,
    `{"":"empty","e":"6","proto":"p","__proto__":"7"}`,
    `{"ab":"3","aB":"4","ba":"5","bA":"6","AB":"7"}`,
    `{"kind":"k","x":{"a":1},"a":"1","zz":null,"B":"2"}`,
  ];
  for (const d of keyDocs) {
    un(`keys ${d}`, keys, d);
    un(`keys (forbid) ${d}`, keysForbid, d);
    cases.push([`keys stream ${d}`, () => {
      const p = new StreamParser(keys);
      const parts: unknown[] = [];
      for (let i = 0; i < d.length; i += 3) parts.push(outcome(() => p.feed(d.slice(i, i + 3))));
      parts.push(outcome(() => p.end()));
      return parts.slice(-3);
    }]);
    // (JSON.parse makes "__proto__" an own key: newModel reads such an object by JSON names)
    cases.push([`keys newModel ${d}`, () => outcome(() => keys.safeNewModel(JSON.parse(d) as never))]);
    cases.push([`keys ~standard ${d}`, () => outcome(() => keys["~standard"].validate(JSON.parse(d)))]);
    cases.push([`keys marshal ${d}`, () => outcome(() => keys.marshal(JSON.parse(d) as never))]);
  }
  for (const d of [
    `{"kind":"a","n":1,"list":[1],"tree":{"kind":"t","n":2,"kids":[{"n":3,"kind":"u"},{"kids":[],"n":4}]}}`,
    `{"tree":{"kids":[{"kind":"x"}],"n":2,"kind":"t"},"list":[],"n":1,"kind":"a"}`,
    `{"n":1,"kind":"a","kind":"b","b":true}`,
    `{"kind":"b","b":true,"kind":"a"}`,
  ]) un(`union keys ${d}`, union, d);
  return cases;
}
