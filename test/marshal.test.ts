// marshal / marshalWithOptions: exact bytes (Go's encoding/json rules as bindings/marshal.ts
// states them), validation first, errors for values JSON cannot hold.

import { describe, expect, it } from "vitest";
import {
  dict, marshal, marshalWithOptions, MarshalError, model, t, ValidationError, Validator, type Infer,
} from "../bindings/index.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

const Addr = model("Addr", { city: t.string(), zip: t.string('json:"zip,omitempty"') });
const Profile = model("Profile", {
  name: t.string(),
  nick: t.string('json:"nick,omitempty"'),
  age: t.int('json:"age,omitempty"'),
  score: t.float64('json:"score,omitempty"'),
  ok: t.bool('json:"ok,omitempty"'),
  p: t.ptr(t.int(), 'json:"p,omitempty"'),
  tags: t.slice(t.string(), 'json:"tags,omitempty"'),
  m: t.map(t.int(), 'json:"m,omitempty"'),
  a: t.any('json:"a,omitempty"'),
  when: t.time('json:"when,omitempty"'),
  addr: t.model(Addr, 'json:"addr,omitempty"'),
  fixed: t.array(0, t.int(), 'json:"fixed,omitempty"'),
  secret: t.string('json:"-"'),
  neg: t.float64(),
});
type Profile = Infer<typeof Profile>;

function zeroProfile(): Profile {
  const zeroTime = new Date(0);
  zeroTime.setUTCFullYear(1, 0, 1);
  return {
    name: "", nick: "", age: 0, score: 0, ok: false, p: null, tags: null, m: null, a: null,
    when: zeroTime, addr: { city: "", zip: "" }, fixed: [], secret: "", neg: 0,
  };
}

describe("what is written", () => {
  it("omitempty leaves out Go's empty values; a struct and a time are never empty", () => {
    expect(text(new Validator(Profile).marshal(zeroProfile()))).toBe(
      '{"name":"","when":"0001-01-01T00:00:00Z","addr":{"city":""},"neg":0}',
    );
  });

  it("a ptr to a zero value, an any holding 0 or \"\", and non-empty containers are not empty", () => {
    const v: Profile = { ...zeroProfile(), p: 0, a: "", tags: [""], m: { "": 0 }, secret: "never written" };
    expect(text(new Validator(Profile).marshal(v))).toBe(
      '{"name":"","p":0,"tags":[""],"m":{"":0},"a":"","when":"0001-01-01T00:00:00Z","addr":{"city":""},"neg":0}',
    );
    expect(text(new Validator(Profile).marshal({ ...v, a: 0, tags: [], m: {} }))).toBe(
      '{"name":"","p":0,"a":0,"when":"0001-01-01T00:00:00Z","addr":{"city":""},"neg":0}',
    );
  });

  it("omitEmpty: false writes every field; omitEmpty: true leaves out every empty value", () => {
    const v = new Validator(Profile);
    expect(text(v.marshalWithOptions(zeroProfile(), { omitEmpty: false }))).toBe(
      '{"name":"","nick":"","age":0,"score":0,"ok":false,"p":null,"tags":null,"m":null,"a":null,' +
        '"when":"0001-01-01T00:00:00Z","addr":{"city":"","zip":""},"fixed":[],"neg":0}',
    );
    expect(text(v.marshalWithOptions({ ...zeroProfile(), neg: -0 }, { omitEmpty: true }))).toBe(
      '{"when":"0001-01-01T00:00:00Z","addr":{}}',
    );
  });

  it("times in UTC RFC 3339 with the fraction trimmed; -0 stays -0 in a float and is 0 in an int", () => {
    const Times = model("Times", { at: t.time(), f: t.float64(), f32: t.float32(), i: t.int(), big: t.float64() });
    const v = new Validator(Times);
    const out = (at: string) => text(v.marshal({ at: new Date(at), f: -0, f32: -0, i: -0, big: 1e21 }));
    expect(out("2024-05-06T07:08:09.120+02:00")).toBe('{"at":"2024-05-06T05:08:09.12Z","f":-0,"f32":-0,"i":0,"big":1e+21}');
    expect(out("2024-05-06T07:08:09Z")).toBe('{"at":"2024-05-06T07:08:09Z","f":-0,"f32":-0,"i":0,"big":1e+21}');
    expect(out("2024-05-06T07:08:09.001Z")).toBe('{"at":"2024-05-06T07:08:09.001Z","f":-0,"f32":-0,"i":0,"big":1e+21}');
  });

  it("strings are escaped as JSON.stringify escapes them, not as Go's HTML-safe encoder (< > & U+2028 U+2029 as themselves, lone surrogates as \\u escapes)", () => {
    const S = model("S", { s: t.string(), m: t.map(t.string()) });
    const bytes = new Validator(S).marshal({ s: 'q"\\\n\u0001<>&\u2028\u2029é😀\ud800', m: { "k\"ey": "\udc00" } });
    expect(text(bytes)).toBe('{"s":"q\\"\\\\\\n\\u0001<>&\u2028\u2029é😀\\ud800","m":{"k\\"ey":"\\udc00"}}');
    expect(Array.from(bytes.slice(0, 6))).toEqual([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22]);
  });

  it("null where the Go type has no nil is its zero value (what validate takes it for), written and in dict", () => {
    const N = model("N", { x: t.int(), s: t.string('json:"s,omitempty"') });
    const Z = model("Z", {
      i: t.int(), s: t.string(), b: t.bool(), f: t.float64(), w: t.time(), n: N, arr: t.array(2, N),
      on: t.model(N, 'json:"on,omitempty"'), oi: t.int('json:"oi,omitempty"'),
      l: t.slice(t.int()), m: t.map(t.string()), p: t.ptr(t.int()), a: t.any(),
    });
    const v = new Validator(Z);
    const nulls = { i: null, s: null, b: null, f: null, w: null, n: null, arr: [null, { x: 1, s: null }], on: null, oi: null, l: [1, null], m: { k: null }, p: null, a: null };
    expect(v.safeValidate(nulls as never).ok).toBe(true);
    const written = '{"i":0,"s":"","b":false,"f":0,"w":"0001-01-01T00:00:00Z","n":{"x":0},"arr":[{"x":0},{"x":1}],' +
      '"on":{"x":0},"l":[1,0],"m":{"k":""},"p":null,"a":null}';
    expect(text(v.marshal(nulls as never))).toBe(written);
    expect(text(v.marshal({ ...nulls, i: undefined } as never))).toBe(written);
    expect(v.dict(nulls as never)).toStrictEqual({ // (dict keeps omitempty fields)
      i: 0, s: "", b: false, f: 0, w: "0001-01-01T00:00:00Z", n: { x: 0, s: "" }, arr: [{ x: 0, s: "" }, { x: 1, s: "" }],
      on: { x: 0, s: "" }, oi: 0, l: [1, 0], m: { k: "" }, p: null, a: null,
    });
  });

  it("a slice of uint8 is a list of numbers both ways, where Go's []byte is a base64 string (README, Lists of bytes)", () => {
    const v = new Validator(model("Bytes", { b: t.slice(t.uint8()) }));
    expect(text(v.marshal(v.unmarshal('{"b":[0,1,255]}')))).toBe('{"b":[0,1,255]}'); // Go: {"b":"AAH/"}
    const r = v.safeUnmarshal('{"b":"AAH/"}'); // Go reads [0,1,255]
    expect(!r.ok && r.error).toMatchObject({ name: "UnmarshalTypeError", field: "b", got: "string", expected: "[]uint8", message: "cannot unmarshal string into field b of type []uint8" });
  });

  it("map entries and the objects of an any value sorted by key, as Go sorts map keys (UTF-8 byte order)", () => {
    const Sorted = model("Sorted", { m: t.map(t.int()), a: t.any(), list: t.slice(t.map(t.bool())) });
    const value = {
      m: { b: 1, a: 2, "10": 3, "2": 4, "\uffff": 5, "😀": 6, "": 7 },
      a: { z: 1, y: [{ d: 1, c: 2 }], "1": null },
      list: [{ y: true, x: false }],
    };
    expect(text(new Validator(Sorted).marshal(value))).toBe(
      '{"m":{"":7,"10":3,"2":4,"a":2,"b":1,"\uffff":5,"😀":6},"a":{"1":null,"y":[{"c":2,"d":1}],"z":1},"list":[{"x":false,"y":true}]}',
    );
    expect(text(new Validator(Sorted).marshalWithOptions({ m: { b: 1, a: 2 }, a: null, list: null }, { indent: 1 }))).toBe(
      '{\n "m": {\n  "a": 2,\n  "b": 1\n },\n "a": null,\n "list": null\n}',
    );
  });

  it("indent: a number of spaces or a string, Go's MarshalIndent layout; 0 and \"\" are compact", () => {
    const Small = model("Small", { a: t.int(), l: t.slice(t.int()), e: t.slice(t.int()), o: t.map(t.bool()), n: t.ptr(t.int()) });
    const v = new Validator(Small);
    const value = { a: 1, l: [1, 2], e: [], o: {}, n: null };
    expect(text(v.marshalWithOptions(value, { indent: 2 }))).toBe('{\n  "a": 1,\n  "l": [\n    1,\n    2\n  ],\n  "e": [],\n  "o": {},\n  "n": null\n}');
    expect(text(v.marshalWithOptions(value, { indent: "\t" }))).toBe('{\n\t"a": 1,\n\t"l": [\n\t\t1,\n\t\t2\n\t],\n\t"e": [],\n\t"o": {},\n\t"n": null\n}');
    expect(text(v.marshalWithOptions(value, { indent: 0 }))).toBe('{"a":1,"l":[1,2],"e":[],"o":{},"n":null}');
    expect(text(v.marshalWithOptions(value, { indent: "" }))).toBe(text(v.marshal(value)));
    expect(text(v.marshalWithOptions(value, { indent: 40 }))).toBe(text(v.marshalWithOptions(value, { indent: " ".repeat(10) })));
  });
});

describe("extras", () => {
  const Inner = model("Inner", { v: t.int(), more: t.extras() });
  const Outer = model("Outer", { name: t.string(), inner: Inner, rest: t.extras() });
  const value = {
    name: "n",
    inner: { v: 1, more: { deep: [1, { x: null }] } },
    rest: { name: "never (a field wins)", z: true, when: new Date("2020-01-02T03:04:05Z"), big: 12n, gone: undefined },
  };

  it("captured extras are written after the fields of their level; fields win over same-named extras", () => {
    expect(text(new Validator(Outer, { extraFields: "allow" }).marshal(value))).toBe(
      '{"name":"n","inner":{"v":1,"deep":[1,{"x":null}]},"z":true,"when":"2020-01-02T03:04:05Z","big":12}',
    );
  });

  it("extras: false leaves them out; a validator that does not capture never writes them", () => {
    const plain = '{"name":"n","inner":{"v":1}}';
    expect(text(new Validator(Outer, { extraFields: "allow" }).marshalWithOptions(value, { extras: false }))).toBe(plain);
    expect(text(new Validator(Outer).marshal(value))).toBe(plain);
    expect(text(new Validator(Outer, { extraFields: "forbid" }).marshal(value))).toBe(plain);
  });

  it("indented extras", () => {
    const v = new Validator(Outer, { extraFields: "allow" });
    expect(text(v.marshalWithOptions({ name: "", inner: { v: 0, more: {} }, rest: { k: { a: [] } } }, { indent: 1 })))
      .toBe('{\n "name": "",\n "inner": {\n  "v": 0\n },\n "k": {\n  "a": []\n }\n}');
  });
});

describe("failures", () => {
  it("the value is validated first: ValidationError with every failure, no bytes", () => {
    const User = model("User", { name: t.string("min=2"), age: t.int("min=18"), tags: t.slice(t.string(), "unique") });
    const v = new Validator(User);
    let thrown: unknown;
    try {
      v.marshal({ name: "J", age: 15, tags: ["a", "a"] });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).errors).toEqual([
      { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "J" },
      { field: "age", code: "MIN_VALUE", message: "must be at least 18", value: 15 },
      { field: "tags", code: "NOT_UNIQUE", message: "items must be unique", value: ["a", "a"] },
    ]);
    expect(() => v.marshal({ name: "Jo", age: 1.5, tags: null } as never)).toThrow(ValidationError);
  });

  it("a value JSON cannot hold: in an any field validate's INVALID_TYPE (marshal validates first); in captured extras a MarshalError naming its path", () => {
    const A = model("A", { a: t.any(), list: t.slice(t.any()), rest: t.extras() });
    const v = new Validator(A, { extraFields: "allow" });
    const thrownBy = (value: Infer<typeof A>): unknown => {
      try {
        v.marshal(value);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const invalid = (value: Infer<typeof A>, field: string, got: string) => {
      const thrown = thrownBy(value);
      expect(thrown).toBeInstanceOf(ValidationError);
      expect((thrown as ValidationError).errors).toEqual([expect.objectContaining({ field, code: "INVALID_TYPE", message: `must be a JSON value, not ${got}` })]);
    };
    const fails = (value: Infer<typeof A>, field: string, got: string) => {
      const thrown = thrownBy(value);
      expect(thrown).toBeInstanceOf(MarshalError);
      expect(thrown).toMatchObject({ field, got, message: `cannot marshal ${got} at ${field}` });
    };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    invalid({ a: NaN, list: null, rest: {} }, "a", "NaN");
    invalid({ a: { x: [1, -Infinity] }, list: null, rest: {} }, "a.x[1]", "-Infinity");
    invalid({ a: null, list: [null, () => 1], rest: {} }, "list[1]", "function");
    invalid({ a: new Map(), list: null, rest: {} }, "a", "Map");
    invalid({ a: cyclic, list: null, rest: {} }, "a.self", "a value that contains itself");
    invalid({ a: Symbol("s"), list: null, rest: {} }, "a", "symbol");
    fails({ a: null, list: null, rest: { k: new Date(NaN) } }, "k", "an invalid Date");
    fails({ a: null, list: null, rest: { k: { x: NaN } } }, "k.x", "NaN");
    // below slices, maps and nested models: the path of each level (marshal writes without paths
    // first and, when that fails, again with them)
    const Leaf = model("Leaf", { n: t.int(), more: t.extras() });
    const Tree = model("Tree", { items: t.slice(Leaf), byKey: t.map(Leaf), one: Leaf, rest: t.extras() });
    const tree = new Validator(Tree, { extraFields: "allow" });
    const leaf = (more: Record<string, unknown>) => ({ n: 1, more });
    const deep = (value: Infer<typeof Tree>): unknown => { try { tree.marshal(value); } catch (e) { return e; } return undefined; };
    expect(deep({ items: [leaf({}), leaf({ bad: [1, NaN] })], byKey: {}, one: leaf({}), rest: {} })).toMatchObject({ name: "MarshalError", field: "items[1].bad[1]", got: "NaN" });
    expect(deep({ items: [], byKey: { k: leaf({ f: () => 1 }) }, one: leaf({}), rest: {} })).toMatchObject({ name: "MarshalError", field: "byKey.k.f", got: "function" });
    expect(deep({ items: [], byKey: {}, one: leaf({ d: new Date(NaN) }), rest: {} })).toMatchObject({ name: "MarshalError", field: "one.d", got: "an invalid Date" });
    // what it can hold: undefined members are skipped, undefined items are null, bigints their digits
    expect(text(v.marshal({ a: { u: undefined, b: 2n ** 64n }, list: [undefined], rest: {} }))).toBe('{"a":{"b":18446744073709551616},"list":[null]}');
  });
});

describe("dict", () => {
  it("is what JSON.parse reads from marshal's text: the content of any fields and extras too (times as Go's text, bigints as numbers, a copy)", () => {
    const D = model("D", { a: t.any(), when: t.time(), tm: t.map(t.time()), rest: t.extras() });
    const v = new Validator(D, { extraFields: "allow" });
    const at = new Date("2020-01-02T03:04:05.5Z");
    const value = { a: { d: at, b: 12n, list: [at, undefined] }, when: at, tm: { x: at }, rest: { e: at, big: 3n, o: { q: [1] } } };
    const d = v.dict(value);
    expect(d).toStrictEqual({
      a: { d: "2020-01-02T03:04:05.5Z", b: 12, list: ["2020-01-02T03:04:05.5Z", null] },
      when: "2020-01-02T03:04:05.5Z", tm: { x: "2020-01-02T03:04:05.5Z" },
      e: "2020-01-02T03:04:05.5Z", big: 3, o: { q: [1] },
    });
    expect(d).toEqual(JSON.parse(text(v.marshal(value))));
    expect(d.a).not.toBe(value.a);
    expect(d.o).not.toBe(value.rest.o);
    expect(dict(D, { ...value, rest: {} }).a).toStrictEqual(d.a);
  });

  it('a field whose JSON name is "__proto__" is an own member of the dict, as JSON.parse of marshal\'s text makes it', () => {
    const P = model("P", { p: t.string('json:"__proto__"'), m: t.map(t.int(), 'json:"__proto__x"'), n: t.int() });
    const Q = model("Q", { q: t.map(t.int(), 'json:"__proto__"') });
    const d = dict(P, { p: "x", m: { a: 1 }, n: 1 });
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    expect(Object.entries(d)).toEqual([["__proto__", "x"], ["__proto__x", { a: 1 }], ["n", 1]]);
    const e = dict(Q, { q: { a: 1 } });
    expect(Object.getPrototypeOf(e)).toBe(Object.prototype);
    expect(Object.entries(e)).toEqual([["__proto__", { a: 1 }]]);
    expect(e).toEqual(JSON.parse(text(marshal(Q, { q: { a: 1 } }))));
  });

  it("-0 in an int or uint field is 0, as marshal writes it; a float field keeps -0", () => {
    const N = model("N", { u: t.uint(), i: t.int(), f: t.float64(), us: t.slice(t.uint()) });
    const value = { u: -0, i: -0, f: -0, us: [-0] };
    expect(text(marshal(N, value))).toBe('{"u":0,"i":0,"f":-0,"us":[0]}');
    expect(dict(N, value)).toStrictEqual({ u: 0, i: 0, f: -0, us: [0] });
  });

  it("a value JSON cannot hold in an any field or the extras is a MarshalError naming its path", () => {
    const D = model("D", { n: t.model(model("N", { a: t.any() })), rest: t.extras() });
    const v = new Validator(D, { extraFields: "allow" });
    expect(() => v.dict({ n: { a: { x: [NaN] } }, rest: {} })).toThrow(new MarshalError("n.a.x[0]", "NaN"));
    expect(() => v.dict({ n: { a: null }, rest: { k: () => 1 } })).toThrow(new MarshalError("k", "function"));
  });
});

describe("simple API", () => {
  it("marshal and marshalWithOptions use the model's default validator", () => {
    const v = zeroProfile();
    expect(text(marshal(Profile, v))).toBe(text(new Validator(Profile).marshal(v)));
    expect(text(marshalWithOptions(Profile, v, { omitEmpty: false, indent: 2 }))).toBe(
      text(new Validator(Profile).marshalWithOptions(v, { omitEmpty: false, indent: 2 })),
    );
    expect(() => marshal(Profile, { ...v, age: 0.5 })).toThrow(ValidationError);
  });
});
