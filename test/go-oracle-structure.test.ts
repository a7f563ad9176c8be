// checker against real Go on STRUCTURE (test/go-oracle/structure.go): random models of plain
// types (no directives: only decoding rules matter) built from string, bool, the int kinds,
// float64, any, ptr, slice, array(0..3), map and nested models, with JSON names and omitempty;
// Go builds the same type with reflect.StructOf / ArrayOf / SliceOf / MapOf / PtrTo. Random
// documents that fit the type (nulls anywhere, empty and short and long arrays, repeated and
// unknown keys, and now and then a value of a wrong JSON kind) are decoded by both, and compared:
//   1. acceptance: Go's json.Unmarshal succeeds exactly when checker's unmarshal does
//      (strictMissingFields: false, extraFields "ignore"), and a refusal names the same token
//      and type (Go's spelling of a type as checker's: spelledAsChecker);
//   2. the value: Go's json.Marshal of what it decoded, byte for byte, is checker's marshal of
//      what it decoded.
// Where README documents another choice it is applied as a rule (each cites its line), never by
// excluding cases one by one: lists of bytes (numbers, not Go's base64), repeated keys (the last
// occurrence alone, where Go merges), 1e400 in an any value (Infinity, where Go refuses the text),
// Go 1.19's string escapes (asCheckerEscapes). An UnmarshalTypeError is compared by what was read
// and the type it names; the path is checker's own format (SPEC, Field path format).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnmarshalTypeError, Validator } from "../bindings/index.js";
import { asCheckerEscapes, buildGoOracle, ensureGo, type GoAnswer, type GoOracle, type GoRequest, type GoType } from "./support/go-oracle.js";
import { describeModel, fromJs, hasRepeatedKeys, intBounds, NULL, toModel, writeJson, type FSpec, type J, type MSpec, type Scalar, type TSpec } from "./support/random-model.js";

const SEED = 20261125;
const MODELS = 400;
const DOCS_PER_MODEL = 4;

// ---- models ----

const KINDS: Scalar[] = ["string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float64", "any"];
/** JSON names Go takes as written (letters, digits, `-`, `_`); no two fold to the same name, nor to an unknown key, as Go's key matching folds case. */
const JSON_NAMES = ["a", "b", "n_1", "x-y", "Key", "é"];
const UNKNOWN_KEYS = ["zz", "other", "_", ""];

function typeArb(depth: number): fc.Arbitrary<TSpec> {
  const scalar = fc.constantFrom(...KINDS).map((kind): TSpec => ({ k: "scalar", kind, dirs: [] }));
  if (depth >= 3) return scalar;
  const inner = fc.constant(null).chain(() => typeArb(depth + 1));
  return fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: inner.map((elem): TSpec => ({ k: "ptr", elem, dirs: [] })) },
    { weight: 1, arbitrary: inner.map((elem): TSpec => ({ k: "slice", elem, dirs: [] })) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), inner).map(([n, elem]): TSpec => ({ k: "array", n, elem, dirs: [] })) },
    { weight: 1, arbitrary: inner.map((elem): TSpec => ({ k: "map", elem, dirs: [] })) },
    { weight: 2, arbitrary: modelArb(depth + 1).map((m): TSpec => ({ k: "model", m, dirs: [] })) },
  );
}

function modelArb(depth: number): fc.Arbitrary<MSpec> {
  const field = fc.record({ json: fc.option(fc.constantFrom(...JSON_NAMES), { freq: 2 }), omitempty: fc.boolean(), type: typeArb(depth) });
  return fc.array(field, { minLength: depth === 0 ? 1 : 0, maxLength: depth === 0 ? 5 : 3 }).map((fs) => {
    const used = new Set<string>();
    const fields: FSpec[] = [];
    fs.forEach((f, i) => {
      const json = f.json !== null && !used.has(f.json) ? f.json : undefined;
      used.add(json ?? `f${i}`);
      fields.push({ key: `f${i}`, json, omitempty: f.omitempty, dash: false, type: f.type });
    });
    return { name: "M", fields };
  });
}

/** Each model named by its path from the root: checker's models get distinct names. */
function named(m: MSpec, name: string): MSpec {
  const ty = (ts: TSpec, at: string): TSpec =>
    ts.k === "model" ? { ...ts, m: named(ts.m, at) } : ts.k === "ptr" || ts.k === "slice" || ts.k === "array" || ts.k === "map" ? { ...ts, elem: ty(ts.elem, at) } : ts;
  return { name, fields: m.fields.map((f) => ({ ...f, type: ty(f.type, `${name}_${f.key}`) })) };
}

/**
 * The Go type of a field type. README (Semantics, Lists of bytes): a slice of uint8 is a list of
 * numbers in both directions, where Go writes a []byte in base64; so Go decodes into []uint8 (its
 * errors) and, `bytesAsList`, writes the value decoded into []uint16, which reads the numbers
 * 0..255 (all a document holds there) and writes them as checker does.
 */
function goType(ts: TSpec, bytesAsList = false): GoType {
  switch (ts.k) {
    case "scalar": return { k: ts.kind };
    case "slice":
      if (bytesAsList && ts.elem.k === "scalar" && ts.elem.kind === "uint8") return { k: "slice", elem: { k: "uint16" } };
      return { k: "slice", elem: goType(ts.elem, bytesAsList) };
    case "ptr": case "map": return { k: ts.k, elem: goType(ts.elem, bytesAsList) };
    case "array": return { k: "array", n: ts.n, elem: goType(ts.elem, bytesAsList) };
    case "model": return goStruct(ts.m, bytesAsList);
    case "extras": throw new Error("no extras in these models");
  }
}
const goStruct = (m: MSpec, bytesAsList = false): GoType =>
  ({ k: "struct", fields: m.fields.map((f) => ({ json: f.json ?? f.key, omitempty: f.omitempty, type: goType(f.type, bytesAsList) })) });
const request = (m: MSpec, text: string): GoRequest => ({ op: "struct", type: goStruct(m), writeAs: goStruct(m, true), text });

// ---- documents that fit the type ----

const STRINGS = ["", "a", "<b>&amp;", "\u2028\u2029", "\b\f\n\t\u0000\u001f", "\"\\/", "é😀", "日本語", "\u007f", "\ufeff"];
const num = (x: number | bigint | string): J => ({ t: "lit", text: String(x) });

function scalarArb(kind: Scalar): fc.Arbitrary<J> {
  switch (kind) {
    case "string": return fc.oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 6 })).map((s) => fromJs(s.replace(/\p{Cs}/gu, "?")));
    case "bool": return fc.boolean().map(fromJs);
    case "float64": return fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => num(Object.is(x, -0) ? "-0" : String(x))),
      fc.constantFrom("0", "-0", "1e2", "1E+2", "1.5e-7", "123456789012345678901234567890", "0.1", "1e21", "-0.0").map(num),
    );
    case "any": return fc.oneof(
      { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(fromJs) },
      { weight: 1, arbitrary: fc.constantFrom("-0", "1e2", "-0.0e1", "1E400", "1e-400", "[-0]", '{"__proto__":1,"b":-0}', '{"a":1,"a":{"b":2},"b":[],"a":3}', '{"10":1,"2":2,"":3}', "12345678901234567890").map(num) },
    );
    default: {
      const [lo, hi] = intBounds(kind);
      // -0 is 0 in a signed kind and refused by both in an unsigned one (Go's ParseUint takes no sign)
      return fc.oneof(fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }), fc.constantFrom(lo, hi, "-0")).map((x) => num(x));
    }
  }
}

const KEYS = ["a", "b", "", "é", "1", "10", "2", "a.b", "B"];

function fitArb(ts: TSpec): fc.Arbitrary<J> {
  const value = ((): fc.Arbitrary<J> => {
    switch (ts.k) {
      case "scalar": return scalarArb(ts.kind);
      case "ptr": return fitArb(ts.elem);
      case "slice": return fc.array(fitArb(ts.elem), { maxLength: 4 }).map((items): J => ({ t: "arr", items }));
      case "array": return fc.array(fitArb(ts.elem), { maxLength: ts.n + 2 }).map((items): J => ({ t: "arr", items }));
      case "map": return fc.array(fc.tuple(fc.constantFrom(...KEYS), fitArb(ts.elem)), { maxLength: 4 }).map((entries): J => ({ t: "obj", entries }));
      case "model": return objectArb(ts.m);
      case "extras": return fc.constant(NULL);
    }
  })();
  return fc.oneof({ weight: 30, arbitrary: value }, { weight: 6, arbitrary: fc.constant(NULL) }, { weight: 1, arbitrary: wrongArb(ts) });
}

const lit = (text: string): J => ({ t: "lit", text });
const WRONG: Record<string, J> = { string: { t: "str", s: "s" }, bool: lit("true"), number: lit("7"), array: { t: "arr", items: [] }, object: { t: "obj", entries: [] } };

/** A value of another JSON kind than the type takes (an UnmarshalTypeError in Go and checker); a fraction for an int kind. */
function wrongArb(ts: TSpec): fc.Arbitrary<J> {
  const others = (...kinds: string[]) => fc.constantFrom(...Object.keys(WRONG).filter((k) => !kinds.includes(k)).map((k) => WRONG[k]!));
  switch (ts.k) {
    case "scalar":
      if (ts.kind === "any") return scalarArb("any"); // every JSON value fits
      if (ts.kind === "string" || ts.kind === "bool") return others(ts.kind);
      if (ts.kind === "float64") return others("number");
      return fc.oneof(others("number"), fc.constant(lit("1.5")));
    case "ptr": return wrongArb(ts.elem);
    // a string for a slice of uint8 is base64 to Go (README, Lists of bytes): not a wrong kind there
    case "slice": return ts.elem.k === "scalar" && ts.elem.kind === "uint8" ? others("array", "string") : others("array");
    case "array": return others("array");
    case "map": case "model": return others("object");
    case "extras": return fc.constant(NULL);
  }
}

/** Each field present or not, unknown keys, a repeat of a field's key with another value, in any order. */
function objectArb(m: MSpec): fc.Arbitrary<J> {
  const entries = m.fields.map((f) => fc.option(fitArb(f.type).map((x): [string, J] => [f.json ?? f.key, x]), { freq: 5, nil: undefined }));
  const unknown = fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), fc.jsonValue({ maxDepth: 1 }).map(fromJs)), { maxLength: 1 });
  const repeats = m.fields.length === 0 ? fc.constant([]) : fc.array(fc.integer({ min: 0, max: m.fields.length - 1 })
    .chain((i) => fitArb(m.fields[i]!.type).map((x): [string, J] => [m.fields[i]!.json ?? m.fields[i]!.key, x])), { maxLength: 1 });
  return fc.tuple(fc.tuple(...entries), unknown, repeats, fc.integer({ min: 0, max: 1000 })).map(([es, un, rep, at]) => {
    const out = es.filter((e): e is [string, J] => e !== undefined);
    for (const e of [...un, ...rep]) out.splice(at % (out.length + 1), 0, e);
    return { t: "obj", entries: out } as J;
  });
}

/** The document with each repeated key's last occurrence only (where JSON.parse keeps it: the first's place). */
function lastOccurrences(j: J): J {
  if (j.t === "arr") return { t: "arr", items: j.items.map(lastOccurrences) };
  if (j.t !== "obj") return j;
  const last = new Map(j.entries.map(([k, x]) => [k, x]));
  return { t: "obj", entries: [...last].map(([k, x]) => [k, lastOccurrences(x)]) };
}

interface Case { m: MSpec; v: Validator; doc: J; text: string }

const CASES: Case[] = fc.sample(modelArb(0).map((m) => named(m, "Root")).chain((m) => fc.tuple(fc.constant(m), fc.array(objectArb(m), { minLength: DOCS_PER_MODEL, maxLength: DOCS_PER_MODEL }), fc.integer({ min: 1, max: 1 << 30 }))), { seed: SEED, numRuns: MODELS })
  .flatMap(([m, docs, ws]) => {
    const v = new Validator(toModel(m), { strictMissingFields: false });
    return docs.map((doc, i) => ({ m, v, doc, text: writeJson(doc, i % 2 === 0 ? 0 : ws + i) }));
  });

// ---- the batch ----

let oracle: GoOracle | undefined;
let asIs: GoAnswer[];
/** Go's answer for the document holding only the last occurrence of each repeated key (when it has any). */
let lastOnly: (GoAnswer | undefined)[];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const repeated = CASES.map((c) => hasRepeatedKeys(c.doc));
  const answers = oracle.ask([
    ...CASES.map((c) => request(c.m, c.text)),
    ...CASES.filter((_, i) => repeated[i]).map((c) => request(c.m, writeJson(lastOccurrences(c.doc), 0))),
  ]);
  asIs = answers.slice(0, CASES.length);
  let next = CASES.length;
  lastOnly = repeated.map((r) => (r ? answers[next++] : undefined));
}, 900_000);

afterAll(() => oracle?.dispose());

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Go's UnmarshalTypeError as checker words it: what was read and the type; the path is checker's own (README, Field path format). */
function goRefusal(error: string): string {
  const m = /^UnmarshalTypeError: json: cannot unmarshal (.+) into Go (?:struct field \S* |value )of type (.+)$/.exec(error);
  if (!m) return error;
  return `UnmarshalTypeError: cannot unmarshal ${m[1]} into a field of type ${spelledAsChecker(m[2]!)}`;
}

/**
 * A Go type name as checker spells the same type:
 * - README (Declaring a model, Builders): the kind is `any`, which Go's reflect writes `interface {}`;
 * - the structs of reflect.StructOf have no name (`struct { F0 int "json:..." }`): a model's name
 *   stands for one (both are written MODEL here);
 * - README (Declaring a model, TypeScript types): "`ptr(ptr(T))` is `ptr(T)`" (Go's `**T` is `*T`).
 */
function spelledAsChecker(goType: string): string {
  let out = goType.replace(/interface \{\}/g, "any").replace(/\*\*+/g, "*");
  for (let at = out.indexOf("struct {"); at >= 0; at = out.indexOf("struct {")) {
    let depth = 0;
    let end = at + "struct ".length;
    for (; end < out.length; end++) if (out[end] === "{") depth++; else if (out[end] === "}" && --depth === 0) break;
    out = `${out.slice(0, at)}MODEL${out.slice(end + 1)}`;
  }
  return out;
}

describe("checker agrees with Go's encoding/json on structure (test/go-oracle/structure.go)", () => {
  it("accepts what Go accepts, and marshals what it decoded as Go does", () => {
    expect(CASES.length).toBeGreaterThan(1000);
    const disagreements: string[] = [];
    let byRepeatedKeyRule = 0;
    let byInfinityRule = 0;
    CASES.forEach((c, i) => {
      const go = asIs[i]!;
      if (!go.ok && go.error!.startsWith("oracle")) {
        disagreements.push(`the oracle failed: ${go.error}`);
        return;
      }
      const r = c.v.safeUnmarshal(c.text);
      let got: string;
      if (!r.ok) got = r.error instanceof UnmarshalTypeError ? `UnmarshalTypeError: cannot unmarshal ${r.error.got} into a field of type ${r.error.expected.replace(/\bRoot\w*/g, "MODEL")}` : `${r.error.name}: ${r.error.message}`;
      else {
        try {
          got = text(c.v.marshal(r.value));
        } catch (e) {
          got = `marshal threw ${(e as Error).name}: ${(e as Error).message}`;
        }
      }
      const want = go.ok ? asCheckerEscapes(go.value!) : goRefusal(go.error!);
      if (got === want) return;
      // README (Semantics, `any` values): "`1e400` read as `Infinity` (which `validate` and
      // `marshal` then refuse, INVALID_TYPE `must be a JSON value, not Infinity`, where Go's
      // `Unmarshal` refuses the text: a known difference)": checker's value holds Infinity, or
      // checker refuses a later token, where Go reports the first
      const overflow = /^UnmarshalTypeError: json: cannot unmarshal number (\S+) into .* of type float64$/.exec(go.error ?? "");
      const laterTypeError = !r.ok && r.error instanceof UnmarshalTypeError && overflow !== null && r.error.offset > Buffer.from(c.text).indexOf(overflow[1]!);
      if (overflow && !Number.isFinite(Number(overflow[1])) && (laterTypeError || /^marshal threw ValidationError: \S* ?must be a JSON value, not -?Infinity/.test(got))) {
        byInfinityRule++;
        return;
      }
      // README (Semantics, Repeated keys): "The last occurrence wins, in the value": Go decodes a
      // repeated key into the value it already holds (a nested model's objects merge, a map keeps
      // the earlier entries, a list's items are decoded over the earlier ones, null leaves a
      // struct as it was); checker holds what Go makes of the last occurrence alone.
      const last = lastOnly[i];
      if (last?.ok && got === asCheckerEscapes(last.value!)) {
        byRepeatedKeyRule++;
        return;
      }
      disagreements.push(`model: ${describeModel(c.m)}\ndocument: ${c.text}\nGo: ${want}${last ? `\nGo (last occurrences): ${last.ok ? asCheckerEscapes(last.value!) : last.error}` : ""}\nchecker: ${got}`);
    });
    expect({ disagreements: disagreements.length, first: disagreements.slice(0, 15) }).toEqual({ disagreements: 0, first: [] });
    // each rule is exercised
    expect({ byRepeatedKeyRule: byRepeatedKeyRule > 50, byInfinityRule: byInfinityRule > 0 }).toEqual({ byRepeatedKeyRule: true, byInfinityRule: true });
    // both outcomes are compared often
    const refused = asIs.filter((a) => !a.ok).length;
    expect({ refusedOften: refused > 200, acceptedOften: CASES.length - refused > 800 }).toEqual({ refusedOften: true, acceptedOften: true });
  });
});
