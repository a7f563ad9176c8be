// marshal against real Go's json.Marshal (test/go-oracle/marshal.go, the "remarshal" op), over
// random models of test/support/random-model.ts (every kind incl. float32, time, fixed arrays,
// nested models, maps of models, json:"-", omitempty, odd JSON names, default=, directives) and
// random clean documents that checker's unmarshal accepts:
//   full = marshalWithOptions(value, { omitEmpty: false, extras: false }) — every field written;
//   Go decodes `full` into the same Go type and json.Marshal's it (omitempty by each tag);
//   that must be, byte for byte, checker's marshalWithOptions(value, { extras: false }).
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
import { Validator } from "../bindings/index.js";
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

interface Pair { spec: MSpec; setup: string; full: string; mine: string }

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
      const mine = text(v.marshalWithOptions(value as never, { extras: false }));
      pairs.push({ spec: setup.root, setup: describeSetup(setup), full, mine });
    }
    expect(pairs.length).toBeGreaterThan(RUNS / 4);
    const answers = go.ask(pairs.map((p) => ({ op: "remarshal", type: goStruct(p.spec), text: p.full })));
    const diffs = pairs.flatMap((p, i) => {
      const a = answers[i]!;
      const want = a.ok ? asChecker(a.value!) : `error: ${a.error}`;
      return want === loneAsGo(p.mine) ? [] : [`${p.setup}\nfull:  ${p.full}\nmine:  ${p.mine}\ngo:    ${want}`];
    });
    expect(diffs.slice(0, 5).join("\n\n")).toBe("");
    console.log(`marshal-review: ${pairs.length} values compared with Go`);
  }, 300_000);
});
