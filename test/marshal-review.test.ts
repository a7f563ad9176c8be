// marshal against real Go's json.Marshal (test/go-oracle/marshal.go, the "remarshal" op), over
// random models of test/support/random-model.ts (every kind incl. float32, time, fixed arrays,
// nested models, maps of models, json:"-", omitempty, odd JSON names, default=, directives) and
// random clean documents that checker's unmarshal accepts:
//   full = marshalWithOptions(value, { omitEmpty: false, extras: false }) — every field written;
//   Go decodes `full` into the same Go type and json.Marshal's it (omitempty by each tag);
//   that must be, byte for byte, checker's marshalWithOptions(value, { extras: false }) (and with
//   indent 2 or "\t", Go's MarshalIndent with that indent).
// So field order, omitempty on every kind, float formatting (float32 too), times, map key order
// and string escaping are compared with Go; default= is in the value already (Go has no defaults).
// Documented differences are applied as rules, never by dropping cases:
// - README (Numbers): "`marshal` writes strings as `JSON.stringify` does ... `<`, `>`, `&`, U+2028
//   and U+2029 as themselves, where Go's encoding/json writes the HTML-safe `\u003c`, `\u003e`,
//   `\u0026`, `\u2028`, `\u2029`"; Go 1.19 writes \b \f as \u0008 \u000c (asCheckerEscapes).
// - README (Tags): "Go's encoding/json takes letters, digits, spaces and `!#$%&()*+-./:;<=>?@[]^_{|}~`
//   only and silently uses the field's own name for any other (`json:"😀"`)": the generator's one
//   such name, "😀", is renamed "ü" (Go takes it) in the model, cross-field references included.
// - README (Lists of bytes): `t.slice(t.uint8())` "is a list of numbers both ways ... Go's
//   encoding/json writes a `[]byte` as a base64 string": Go's type there is a []uint16.
// - README (Numbers): "a lone surrogate is written `\ud800`, so it reads back as it was", where Go's
//   string holds U+FFFD: checker's `\udXXX` escapes (only lone ones are escaped) compare as U+FFFD.
// - Extras have no Go type: they are left out on both sides (extras: false).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { model, ModelError, t, unmarshal, Validator, type Type } from "../bindings/index.js";
import { asCheckerEscapes, buildGoOracle, ensureGo, type GoOracle, type GoType } from "./support/go-oracle.js";
import { caseArb, describeSetup, randomRuns, toModel, type MSpec, type TSpec } from "./support/random-model.js";

const RUNS = 600;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Go's HTML-safe escapes (and asCheckerEscapes' rules) spelled as checker writes them (README, Numbers). */
function asChecker(goJson: string): string {
  const html: Record<string, string> = { "\\u003c": "<", "\\u003e": ">", "\\u0026": "&" };
  // (an escaped backslash is consumed first, so `\\u003c` stays as written)
  return asCheckerEscapes(goJson.replace(/\\(?:\\|u003c|u003e|u0026)/g, (e) => html[e] ?? e));
}

/** checker's text with lone surrogates as Go holds them, U+FFFD (README, Numbers). */
function loneAsGo(json: string): string {
  return json.replace(/\\(?:\\|ud[89a-f][0-9a-f]{2})/g, (e) => (e === "\\\\" ? e : "\ufffd"));
}

function goType(ts: TSpec): GoType {
  switch (ts.k) {
    case "scalar": return { k: ts.kind };
    // (a []byte is base64 in Go, a list of numbers in checker: README, Lists of bytes)
    case "slice": return ts.elem.k === "scalar" && ts.elem.kind === "uint8" ? { k: "slice", elem: { k: "uint16" } } : { k: "slice", elem: goType(ts.elem) };
    case "ptr": case "map": return { k: ts.k, elem: goType(ts.elem) };
    case "array": return { k: "array", n: ts.n, elem: goType(ts.elem) };
    case "model": return goStruct(ts.m);
    case "extras": throw new Error("extras have no Go type");
  }
}

function goStruct(m: MSpec): GoType {
  return {
    k: "struct",
    fields: m.fields.filter((f) => f.type.k !== "extras").map((f) => ({
      // (json:"-" is written without omitempty, as tagOf writes the DSL tag; "-,omitempty" names a field "-")
      json: f.dash ? "-" : f.json ?? f.key, omitempty: f.dash ? false : f.omitempty, type: goType(f.type),
    })),
  };
}

const GO_REFUSES = "😀";
const STAND_IN = "ü";
const CROSS = /^(gtfield|ltfield|required_if|required_with)=😀/;

/** The spec with the JSON name Go refuses renamed (README, Tags), as a new spec (toModel caches by spec). */
function goNames(m: MSpec): MSpec {
  const ty = (ts: TSpec): TSpec => {
    const dirs = "dirs" in ts ? { dirs: ts.dirs.map((d) => d.replace(CROSS, `$1=${STAND_IN}`)) } : {};
    switch (ts.k) {
      case "model": return { ...ts, ...dirs, m: goNames(ts.m) };
      case "ptr": case "slice": case "array": case "map": return { ...ts, ...dirs, elem: ty(ts.elem) };
      default: return { ...ts, ...dirs };
    }
  };
  return { name: m.name, fields: m.fields.map((f) => ({ ...f, json: f.json === GO_REFUSES ? STAND_IN : f.json, type: ty(f.type) })) };
}

interface Pair { spec: MSpec; setup: string; full: string; mine: string; indent: string | undefined }

describe("marshal against Go's json.Marshal (random models and values)", () => {
  let go: GoOracle;
  beforeAll(async () => { await ensureGo(); go = buildGoOracle(); }, 300_000);
  afterAll(() => go?.dispose());

  it("writes what Go writes for the same value, byte for byte", () => {
    const pairs: Pair[] = [];
    const arb = caseArb({}, { mutate: 0, clean: true });
    for (const c of fc.sample(arb, randomRuns(RUNS, 20261125))) {
      const setup = { ...c.setup, root: goNames(c.setup.root) };
      let v: Validator;
      try { v = new Validator(toModel(setup.root), { strictMissingFields: setup.strictMissingFields, extraFields: setup.extraFields }); } catch { continue; }
      let value: unknown;
      try { value = v.unmarshal(c.text.replaceAll(`"${GO_REFUSES}":`, `"${STAND_IN}":`)); } catch { continue; }
      const full = text(v.marshalWithOptions(value as never, { omitEmpty: false, extras: false }));
      // (every third value indented, as Go's MarshalIndent with prefix "": 2 spaces or a tab)
      const indent = pairs.length % 3 === 1 ? 2 : pairs.length % 3 === 2 ? "\t" : undefined;
      const mine = text(v.marshalWithOptions(value as never, { extras: false, indent }));
      pairs.push({ spec: setup.root, setup: describeSetup(setup), full, mine, indent: indent === 2 ? "  " : indent });
    }
    expect(pairs.length).toBeGreaterThan(RUNS / 4);
    const answers = go.ask(pairs.map((p) => ({ op: "remarshal", type: goStruct(p.spec), text: p.full, ...(p.indent === undefined ? {} : { indent: p.indent }) })));
    const diffs = pairs.flatMap((p, i) => {
      const a = answers[i]!;
      const want = a.ok ? asChecker(a.value!) : `error: ${a.error}`;
      return want === loneAsGo(p.mine) ? [] : [`${p.setup}\nfull:  ${p.full}\nmine:  ${p.mine}\ngo:    ${want}`];
    });
    expect(diffs.slice(0, 5).join("\n\n")).toBe("");
    console.log(`marshal-review: ${pairs.length} values compared with Go`);
  }, 300_000);

  // Edge values typed in (not read from JSON): -0, 1e21, 1e-7, float32 values not rounded yet,
  // ints at the edges of their kinds, HTML characters and U+2028/2029, zero times, empty and nil
  // containers, map keys that sort by code point (U+FFFF before an astral one) and need escapes.
  const KINDS = ["string", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "time", "any"] as const;
  type Kind = (typeof KINDS)[number];
  const plain = (k: Kind, tag?: string): Type => (t[k] as (tag?: string) => Type)(tag);
  // each kind plain (json name "p_<kind>"), omitempty, as a ptr with omitempty, and a fixed array with omitempty
  const fields: Record<string, Type> = {};
  const goFields: { json: string; omitempty: boolean; type: GoType }[] = [];
  for (const k of KINDS) {
    fields[`p_${k}`] = plain(k);
    fields[`o_${k}`] = plain(k, `json:"o_${k},omitempty"`);
    fields[`q_${k}`] = t.ptr(plain(k), `json:"q_${k},omitempty"`);
    fields[`a_${k}`] = t.array(2, plain(k), `json:"a_${k},omitempty"`);
    goFields.push({ json: `p_${k}`, omitempty: false, type: { k } }, { json: `o_${k}`, omitempty: true, type: { k } },
      { json: `q_${k}`, omitempty: true, type: { k: "ptr", elem: { k } } }, { json: `a_${k}`, omitempty: true, type: { k: "array", n: 2, elem: { k } } });
  }
  fields.m = t.map(t.string(), 'json:"m,omitempty"');
  fields.s = t.slice(t.float32(), 'json:"s,omitempty"');
  fields.odd = t.string('json:"a<b>&c é !#$%"');
  goFields.push({ json: "m", omitempty: true, type: { k: "map", elem: { k: "string" } } },
    { json: "s", omitempty: true, type: { k: "slice", elem: { k: "float32" } } },
    { json: "a<b>&c é !#$%", omitempty: false, type: { k: "string" } });
  const Edge = model("Edge", fields);
  const EDGES: Record<Kind, unknown[]> = {
    string: ["", "<a href='x'>&amp;</a>", "\u2028\u2029", "\u0000\u001f\u007f\b\f\t\n\r\"\\/", "é😀\uffff"],
    bool: [false, true],
    int8: [-128, 127, 0, -0], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
    int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 1e15], uint8: [0, 255], uint16: [65535], uint32: [4294967295],
    uint64: [Number.MAX_SAFE_INTEGER, 0],
    float32: [0, -0, 0.1, 1e21, 1e20, 1e-7, 1e-6, 16777217, 3.4028234663852886e38, 1.401298464324817e-45, 1e-46, 123456789, 0.30000001192092896],
    float64: [0, -0, 1e21, 1e20, 1e-7, 1e-6, 5e-324, Number.MAX_VALUE, 0.1 + 0.2, 123456789012345680000, -1.5e-300],
    time: [new Date("0001-01-01T00:00:00Z"), new Date("9999-12-31T23:59:59.999Z"), new Date("2024-02-29T12:00:00.120Z"), new Date(0)],
    any: [null, -0, 1e21, 1e-7, "<&>\u2028", { b: [1, "x"], a: {}, "\uffff": 1, "😀": 2, "<": 3 }, [], {}],
  };
  const MAPS = [null, {}, { "😀": "a", "\uffff": "b", "<": "c", "": "d", "\u2028": "e", "a\"b": "f", Z: "g", a: "h" },
    // lone surrogates sort as U+FFFD, as Go's string holds them (README, Numbers)
    { "\ud800": "a", "\udc00x": "b", "\ufffe": "c", "\uffff": "d", "😀": "e", "\ud800\ud800": "f", "a\udfff": "g", "a": "h", "\ufffc": "i" }];
  const LISTS = [null, [], [0.1, -0, 1e21]];

  /** The i-th edge value of kind k (cycling), or its zero value through null where i is past them. */
  const pick = (k: Kind, i: number) => EDGES[k][i % EDGES[k].length];

  it("writes Go's bytes for edge values of every kind, plain, omitempty, ptr and array", () => {
    const v = new Validator(Edge);
    const values = Array.from({ length: 16 }, (_, i) => {
      const o: Record<string, unknown> = {};
      for (const k of KINDS) {
        o[`p_${k}`] = pick(k, i);
        o[`o_${k}`] = pick(k, i + 1);
        // (a ptr to a zero value is never empty; every fourth ptr is nil)
        o[`q_${k}`] = i % 4 === 3 ? null : pick(k, i + 2);
        o[`a_${k}`] = [pick(k, i + 3), pick(k, i)];
      }
      o.m = MAPS[i % MAPS.length];
      o.s = LISTS[i % LISTS.length];
      o.odd = pick("string", i);
      return o;
    });
    const full = values.map((o) => text(v.marshalWithOptions(o as never, { omitEmpty: false })));
    const mine = values.map((o) => text(v.marshal(o as never)));
    const answers = go.ask(full.map((f) => ({ op: "remarshal", type: { k: "struct", fields: goFields }, text: f })));
    const diffs = answers.flatMap((a, i) => {
      const want = a.ok ? asChecker(a.value!) : `error: ${a.error}`;
      return want === loneAsGo(mine[i]!) ? [] : [`full: ${full[i]}\nmine: ${mine[i]}\ngo:   ${want}`];
    });
    expect(diffs.join("\n\n")).toBe("");
    expect(values.length * goFields.length).toBe(944); // (field values compared: 16 values of 59 fields)
    expect(mine[3]).toContain('"m":{"a":"h","a\\udfff":"g","\ufffc":"i","\\ud800":"a","\\udc00x":"b","\\ud800\\ud800":"f","\ufffe":"c","\uffff":"d","😀":"e"}');
  });

  // default= of a float: Go's ParseFloat also reads hex (0x1p-2), Inf, Infinity and NaN; checker
  // takes decimals only (README, Errors: a default marshal could always write and JSON can spell).
  it("refuses a float default= that is not a decimal, and takes the edges of every int kind", () => {
    for (const d of ["0x1p-2", "Inf", "Infinity", "NaN", "1_0"]) {
      expect(() => new Validator(model("D", { f: t.float64(`default=${d}`) })))
        .toThrow(new ModelError(`field D.f: default=${d} is not a number`, "D", "f", "default"));
    }
    const Ints = model("Ints", {
      a: t.int8("default=-128"), b: t.int8("default=127"), c: t.uint8("default=255"), d: t.int16("default=-32768"),
      e: t.uint32("default=4294967295"), f: t.int64("default=-9007199254740991"), g: t.uint64("default=9007199254740991"),
      h: t.float32("default=0.1"), i: t.float64("default=-0"), j: t.bool("default=T"), k: t.string('checker:"default=\\"q\\" <&>"'),
    });
    const value = unmarshal(Ints, "{}");
    expect(value).toEqual({ a: -128, b: 127, c: 255, d: -32768, e: 4294967295, f: -9007199254740991, g: 9007199254740991, h: 0.1, i: -0, j: true, k: "\"q\" <&>" });
    expect(Object.is(value.i, -0)).toBe(true);
    const written = text(new Validator(Ints).marshal(value));
    expect(written).toBe('{"a":-128,"b":127,"c":255,"d":-32768,"e":4294967295,"f":-9007199254740991,"g":9007199254740991,"h":0.1,"i":-0,"j":true,"k":"\\"q\\" <&>"}');
    // marshal(unmarshal(x)) round-trips: the written text reads back as the same value
    expect(unmarshal(Ints, written)).toEqual(value);
  });

  // README (Marshal): "Unlike that round trip, `dict` keeps empty `omitempty` fields ... every
  // field is a key" — Go's Dict (json.Marshal, then json.Unmarshal into map[string]any) drops them.
  it("dict keeps empty omitempty fields that marshal (and Go's Dict) leave out", () => {
    const O = model("O", { a: t.string('json:"a,omitempty"'), l: t.slice(t.int(), 'json:"l,omitempty"'), p: t.ptr(t.int(), 'json:"p,omitempty"'), n: t.int(), s: t.string('json:"-"') });
    const v = new Validator(O);
    const value = { a: "", l: [], p: null, n: 0, s: "x" };
    expect(text(v.marshal(value))).toBe('{"n":0}');
    expect(v.dict(value)).toStrictEqual({ a: "", l: [], p: null, n: 0 });
  });
});
