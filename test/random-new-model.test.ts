// newModel / safeNewModel and `~standard.validate` over RANDOM MODELS (test/support/random-model.ts:
// every kind, ptr, slice, [N]T, map, nested models, json names, omitempty, json:"-", extras, the
// directives of each kind, random validator options) and random documents for them. Each property
// is a promise of the README ("Unions, schemas, marshal, newModel", "Standard Schema") or of
// bindings/new-model.ts / bindings/standard-schema.ts:
//  1. a parsed body (what JSON.parse returns), as a plain object or as a Map, converts exactly as
//     unmarshal reads its JSON text (README: newModel reads "any other plain object (or a Map ...)
//     by JSON names, converting exactly where Go's JSON round trip would"): same outcome, value,
//     errors; a type mismatch is a ConversionError with unmarshal's field, expected and got;
//     1b. a typed value, its levels mixed with parsed ones (Dates, bigints), converts as that text
//         written by JSON names (objects read by property keys as README "newModel" says);
//     1c. a value JSON cannot hold anywhere newModel writes is a ConversionError at its field and
//         an issue at its place;
//  2. `~standard.validate` of a Validator (its own options; a model's is its default validator's) gives
//     `{ value }` exactly when safeNewModel succeeds, else one issue per error with its message, and a path that leads
//     into the input as given and names the error's field (README "Standard Schema");
//     2b. a union's ~standard agrees with the union's unmarshal;
//  3. newModel's value passes validate and is a new object, never the input; a typed value
//     (property keys) converts as validate checks it: same errors, and when valid the same value.
// Seeds are fixed so a failure reproduces; NEW_MODEL_SEED / NEW_MODEL_RUNS (a multiplier) explore further.

import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ConversionError, ModelError, UnionValidator, UnmarshalTypeError, ValidationError, Validator, type FieldError, type NewModelError,
} from "../bindings/index.js";
import {
  caseArb, denoteModel, errorFields, fromJs, goTime, hasZeroingNull, intBounds, isInt, reportCase as report, setupArb, toModel, zero, type Case, type MSpec, type TSpec,
} from "./support/random-model.js";
import { rng } from "./support/stream-harness.js";
import { safeNewModelByText } from "../bindings/new-model.js";
import { directNewModel, withGenericCopy, type DirectResult } from "../bindings/new-model-copy.js";
import { referenceValidate } from "../bindings/reference.js";
import { surelyValid } from "../bindings/reference-generated.js";

const SEED = Number(process.env.NEW_MODEL_SEED ?? 0);
const SCALE = Number(process.env.NEW_MODEL_RUNS ?? 1);
const runs = (n: number, seed: number) => ({ numRuns: Math.round(n * SCALE), seed: seed + SEED });

type Issue = { message: string; path?: readonly PropertyKey[] };
type Std = { value?: unknown; issues?: readonly Issue[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strip = (ts: TSpec): TSpec => (ts.k === "ptr" ? strip(ts.elem) : ts);
const readable = (m: MSpec) => m.fields.filter((f) => !f.dash && f.type.k !== "extras");

/** README "newModel": an object is read by property keys when all its keys are property keys of its model and it has all of them or one that is no JSON name. */
function byKeys(m: MSpec, o: Record<string, unknown>): boolean {
  const keys = Object.keys(o);
  const props = new Set(m.fields.map((f) => f.key));
  const names = new Set(readable(m).map((f) => f.json ?? f.key));
  if (keys.length === 0 || !keys.every((k) => props.has(k))) return false;
  return keys.length === m.fields.length || keys.some((k) => !names.has(k));
}

/**
 * The input written by JSON names at every level, as newModel reads it (README "newModel"): an
 * object read by property keys has each field under its JSON name (one left out or undefined is
 * missing, as bindings/new-model.ts says), a Date is Go's text of its time, a bigint its digits.
 */
function asDict(ts: TSpec | undefined, v: unknown): unknown {
  if (v instanceof Date) return goTime(v);
  const b = ts && strip(ts);
  if (b?.k === "model" && isObject(v)) {
    if (byKeys(b.m, v)) return Object.fromEntries(readable(b.m).filter((f) => v[f.key] !== undefined).map((f) => [f.json ?? f.key, asDict(f.type, v[f.key])]));
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, asDict(readable(b.m).find((f) => (f.json ?? f.key) === k)?.type, x)]));
  }
  // (a JS -0 in an int kind is 0, as marshal writes it: README, Numbers; unknown keys keep -0)
  if (b?.k === "scalar" && isInt(b.kind) && v === 0) return 0;
  if ((b?.k === "slice" || b?.k === "array") && Array.isArray(v)) return v.map((x) => asDict(b.elem, x));
  if (b?.k === "map" && isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asDict(b.elem, x)]));
  return v;
}

/** Is v a value of the TypeScript type of ts (`Infer`)? null only where the type has it. */
function fitsType(ts: TSpec, v: unknown): boolean {
  if (v === null) return ts.k === "ptr" || ts.k === "slice" || ts.k === "map" || (ts.k === "scalar" && ts.kind === "any");
  switch (ts.k) {
    case "scalar":
      switch (ts.kind) {
        case "string": return typeof v === "string";
        case "bool": return typeof v === "boolean";
        case "any": return true;
        case "time": return v instanceof Date && v.getUTCFullYear() >= 0 && v.getUTCFullYear() <= 9999;
        case "float32": return typeof v === "number" && Number.isFinite(Math.fround(v));
        case "float64": return typeof v === "number" && Number.isFinite(v);
        default: {
          const [lo, hi] = intBounds(ts.kind);
          return typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;
        }
      }
    case "ptr": return fitsType(ts.elem, v);
    case "slice": return Array.isArray(v) && Array.from(v, (x) => x).every((x) => fitsType(ts.elem, x));
    case "array": return Array.isArray(v) && v.length === ts.n && Array.from(v, (x) => x).every((x) => fitsType(ts.elem, x));
    case "map": return isObject(v) && Object.values(v).every((x) => fitsType(ts.elem, x));
    case "model": return isObject(v) && ts.m.fields.every((f) => fitsType(f.type, v[f.key]));
    case "extras": return isObject(v);
  }
}

/**
 * bindings/new-model.ts: does an object read by property keys have a json:"-" or extras field
 * holding a value (not null) that is not of the field's type? (newModel refuses it: a
 * ConversionError, since the value is copied as it is and would break `Infer`.)
 */
function copiesMisfit(ts: TSpec | undefined, input: unknown, dash = true): boolean {
  const b = ts && strip(ts);
  if (!b || typeof input !== "object" || input === null) return false;
  if (input instanceof Map) return readable((b as { m: MSpec }).m).some((f) => copiesMisfit(f.type, input.get(f.json ?? f.key), dash));
  if (b.k === "model" && isObject(input)) {
    const keys = byKeys(b.m, input);
    return b.m.fields.some((f) => f.dash || f.type.k === "extras"
      ? keys && (dash || !f.dash) && input[f.key] !== undefined && input[f.key] !== null && !fitsType(f.type, input[f.key])
      : copiesMisfit(f.type, input[keys ? f.key : f.json ?? f.key], dash));
  }
  if (b.k === "slice" || b.k === "array" || b.k === "map") return Object.values(input).some((x) => copiesMisfit(b.elem, x, dash));
  return false;
}

/**
 * What ~standard.validate reads of an input: README "Standard Schema", it never takes a json:"-"
 * field from its input, so each one of an object read by property keys is as if null (its zero
 * value); the rest as newModel reads it.
 */
function withoutDash(ts: TSpec | undefined, input: unknown): unknown {
  const b = ts && strip(ts);
  if (!b || typeof input !== "object" || input === null) return input;
  if (input instanceof Map) {
    const m = (b as { m: MSpec }).m;
    return new Map([...input].map(([k, x]) => [k, withoutDash(readable(m).find((f) => (f.json ?? f.key) === k)?.type, x)]));
  }
  if (b.k === "model" && isObject(input)) {
    const keys = byKeys(b.m, input);
    const out: Record<string, unknown> = { ...input };
    for (const f of b.m.fields) {
      const key = keys ? f.key : f.json ?? f.key;
      if (f.dash) { if (keys && Object.hasOwn(input, f.key)) out[f.key] = null; } else if (f.type.k !== "extras" && Object.hasOwn(input, key)) out[key] = withoutDash(f.type, input[key]);
    }
    return out;
  }
  if (Array.isArray(input)) return (b.k === "slice" || b.k === "array") ? input.map((x) => withoutDash(b.elem, x)) : input;
  if (b.k === "map" && isObject(input)) return Object.fromEntries(Object.entries(input).map(([k, x]) => [k, withoutDash(b.elem, x)]));
  return input;
}

/**
 * bindings/new-model.ts: an object read by property keys has its json:"-" and extras fields copied
 * as they are (Go copies the struct), but for null, which leaves the field its zero value (as null
 * on a field does); `value` is unmarshal's.
 */
function withCopied(ts: TSpec | undefined, input: unknown, value: unknown, dash = true): void {
  const b = ts && strip(ts);
  if (typeof input !== "object" || input === null || typeof value !== "object" || value === null || !b) return;
  const out = value as Record<string, unknown>;
  if (input instanceof Map) {
    // a Map (the root) is read by JSON names
    for (const f of readable((b as { m: MSpec }).m)) withCopied(f.type, input.get(f.json ?? f.key), out[f.key], dash);
  } else if (b.k === "model" && isObject(input)) {
    const keys = byKeys(b.m, input);
    for (const f of b.m.fields) {
      const own = input[keys ? f.key : f.json ?? f.key];
      if (f.dash || f.type.k === "extras") { if (keys && (dash || !f.dash) && input[f.key] !== undefined && input[f.key] !== null) out[f.key] = input[f.key]; } else withCopied(f.type, own, out[f.key], dash);
    }
  } else if (b.k === "slice" || b.k === "array" || b.k === "map") {
    for (const k of Object.keys(out)) withCopied(b.elem, (input as Record<string, unknown>)[k], out[k], dash);
  }
}

/**
 * A parsed body turned into a typed value at random levels (each object as a model's typed value:
 * every property key, json:"-" fields at their zero value, extras empty; times as Dates and safe
 * int64 / uint64 integers as bigints at random), so that levels of either kind mix.
 */
function toTyped(ts: TSpec, v: unknown, next: () => number): unknown {
  const b = strip(ts);
  if (b.k === "model" && isObject(v)) {
    if (next() < 0.4) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toTyped(readable(b.m).find((f) => (f.json ?? f.key) === k)?.type ?? { k: "scalar", kind: "any", dirs: [] }, x, next)]));
    return Object.fromEntries(b.m.fields.map((f) => [f.key,
      f.dash ? zero(f.type) : f.type.k === "extras" ? {} : v[f.json ?? f.key] === undefined ? undefined : toTyped(f.type, v[f.json ?? f.key], next)]));
  }
  if ((b.k === "slice" || b.k === "array") && Array.isArray(v)) return v.map((x) => toTyped(b.elem, x, next));
  if (b.k === "map" && isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toTyped(b.elem, x, next)]));
  if (b.k === "scalar" && b.kind === "time" && typeof v === "string" && next() < 0.5) {
    const d = new Date(v);
    if (/^\d{4}-\d\d-\d\dT/.test(v) && d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999) return d;
  }
  if (b.k === "scalar" && (b.kind === "int64" || b.kind === "uint64") && Number.isSafeInteger(v) && !Object.is(v, -0) && next() < 0.5) return BigInt(v as number);
  return v;
}

/** JSON text as Go's encoding/json writes a parsed body (map[string]any): as JSON.stringify, but -0 stays -0 (Go's float64 -0 is written "-0"). */
function goJson(v: unknown): string {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Date) return JSON.stringify(goTime(v));
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : JSON.stringify(v);
  if (Array.isArray(v)) return `[${Array.from(v, (x) => (x === undefined ? "null" : goJson(x))).join(",")}]`;
  if (isObject(v)) return `{${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)}:${goJson(x)}`).join(",")}}`;
  return JSON.stringify(v);
}

function describeResult(r: { ok: true; value: unknown } | { ok: false; error: NewModelError | Error }): string {
  if (r.ok) return `ok ${JSON.stringify(r.value)}`;
  const e = r.error;
  return `${e.constructor.name} ${e instanceof ValidationError ? JSON.stringify(errorFields(e.errors)) : e.message}`;
}

/** The error path (JSON names, `.key` and `[n]`) an issue's path stands for, read against the model and the input as newModel reads it. */
function fieldOf(path: readonly PropertyKey[], root: MSpec, input: unknown): string {
  let out = "";
  let ts: TSpec | undefined = { k: "model", m: root, dirs: [] };
  let cur: unknown = input;
  path.forEach((key, i) => {
    const b = ts && strip(ts);
    if (typeof key === "number") {
      out += `[${key}]`;
      ts = b && (b.k === "slice" || b.k === "array") ? b.elem : undefined;
      cur = Array.isArray(cur) ? cur[key] : undefined;
      return;
    }
    let name = String(key);
    let next: TSpec | undefined;
    if (b?.k === "model") {
      const keys = isObject(cur) && !(cur instanceof Map) && byKeys(b.m, cur);
      const f = readable(b.m).find((x) => (keys ? x.key : x.json ?? x.key) === name);
      if (f) { name = f.json ?? f.key; next = f.type; }
    } else if (b?.k === "map") next = b.elem;
    out = i === 0 ? name : `${out}.${name}`;
    ts = next;
    cur = cur instanceof Map ? cur.get(key) : isObject(cur) ? cur[key as string] : undefined;
  });
  return out;
}

/** Does the path lead into the input: object keys into objects, indexes into arrays, as far as the input goes? */
function leadsIn(path: readonly PropertyKey[], input: unknown): boolean {
  let cur = input;
  for (const key of path) {
    if (cur === undefined || cur === null) return true;
    if (typeof key === "number") {
      if (!Array.isArray(cur)) return false;
      cur = cur[key];
    } else if (typeof key === "string") {
      if (cur instanceof Map) cur = cur.get(key);
      else if (isObject(cur)) cur = cur[key];
      else return false;
    } else return false;
  }
  return true;
}

/** Property 1: safeNewModel(input) against safeUnmarshal(text). */
function agreeWithUnmarshal(c: Case, input: unknown, text: string): void {
  const got = c.v.safeNewModel(input as never);
  if (copiesMisfit({ k: "model", m: c.setup.root, dirs: [] }, input)) {
    if (got.ok || !(got.error instanceof ConversionError)) throw new Error(report(c, `a ConversionError expected for a json:"-" or extras value of another type\ninput: ${text}\nnewModel: ${describeResult(got)}`));
    return;
  }
  const want = c.v.safeUnmarshal(text);
  if (want.ok) withCopied({ k: "model", m: c.setup.root, dirs: [] }, input, want.value);
  const fail = (what: string) => { throw new Error(report(c, `${what}\ninput: ${input instanceof Map ? "Map " : ""}${text}\nnewModel:  ${describeResult(got)}\nunmarshal: ${describeResult(want)}`)); };
  if (got.ok !== want.ok) fail("outcomes differ");
  if (got.ok && want.ok) {
    if (!isDeepStrictEqual(got.value, want.value)) fail("values differ");
    if (got.value === input) fail("the input itself is returned");
    return;
  }
  if (got.ok || want.ok) return;
  const [g, w] = [got.error, want.error];
  if (w instanceof UnmarshalTypeError) {
    if (!(g instanceof ConversionError) || g.field !== w.field || g.expected !== w.expected || g.got !== w.got) fail("a type mismatch differs");
  } else if (w instanceof ValidationError) {
    if (!(g instanceof ValidationError) || !isDeepStrictEqual(errorFields(g.errors), errorFields(w.errors)) || g.message !== w.message) fail("validation errors differ");
  } else fail(`unexpected ${w.constructor.name}`);
}

/** Property 2: `~standard.validate(input)` of a validator against its safeNewModel. */
function agreeWithStandard(c: Case, v: Validator, root: MSpec, input: unknown): void {
  const shown = input instanceof Uint8Array ? `bytes ${c.text}` : input instanceof Map ? `Map ${goJson(Object.fromEntries(input))}` : goJson(input);
  // (README "Standard Schema": as newModel, but for json:"-" fields, never taken from the input)
  const r = v.safeNewModel((input instanceof Uint8Array ? input : withoutDash({ k: "model", m: root, dirs: [] }, input)) as never);
  const s = v["~standard"].validate(input) as Std;
  if (input instanceof Uint8Array) input = undefined;
  const fail = (what: string) => { throw new Error(report(c, `${what}\ninput: ${shown}\nnewModel: ${describeResult(r)}\n~standard: ${JSON.stringify(s)}`)); };
  if (r.ok) {
    if (s.issues !== undefined || !isDeepStrictEqual(s, { value: r.value })) fail("{ value } expected");
    return;
  }
  if (s.issues === undefined || "value" in s) fail("{ issues } expected");
  checkIssues(fail, errorsOf(r.error), s.issues!, root, input);
}

/** The errors of a failure (a ConversionError or UnmarshalTypeError as one at its field). */
function errorsOf(e: Error): Pick<FieldError, "field" | "message" | "code">[] {
  return e instanceof ValidationError ? e.errors : [{ field: (e as ConversionError).field, message: e.message, code: "" }];
}

/** Issues one-to-one with the errors: same message, a path that leads into the input and names the error's field. */
function checkIssues(fail: (what: string) => void, errors: Pick<FieldError, "field" | "message" | "code">[], issues: readonly Issue[], root: MSpec, input: unknown, discriminator?: string): void {
  if (issues.length !== errors.length) fail("one issue per error expected");
  errors.forEach((e, i) => {
    const is = issues[i];
    if (is.message !== e.message) fail(`issue ${i}: message`);
    if (discriminator !== undefined && e.field === discriminator) {
      if (!isDeepStrictEqual(is.path, [discriminator])) fail(`issue ${i}: the discriminator's path`);
      return;
    }
    // the document itself (a TOO_MANY_ERRORS, a conversion of the root) has no path; anything else a path to it
    const whole = e.field === "" && e.code !== "EXTRA_FIELD";
    if (whole) {
      if (is.path !== undefined) fail(`issue ${i}: a path for the document itself`);
      return;
    }
    if (is.path === undefined || is.path.length === 0) fail(`issue ${i}: no path for ${e.code} at ${JSON.stringify(e.field)}`);
    if (!leadsIn(is.path!, input)) fail(`issue ${i}: the path does not lead into the input`);
    if (fieldOf(is.path!, root, input) !== e.field) fail(`issue ${i}: the path names ${JSON.stringify(fieldOf(is.path!, root, input))}, the error ${JSON.stringify(e.field)}`);
  });
}

/** The places of an input newModel writes (all but the json:"-" and extras fields of objects read by property keys, which are copied). */
function places(ts: TSpec | undefined, v: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  const b = ts && strip(ts);
  const out: PropertyKey[][] = [];
  if (Array.isArray(v)) {
    v.forEach((x, i) => out.push([...at, i], ...places(b && (b.k === "slice" || b.k === "array") ? b.elem : undefined, x, [...at, i])));
  } else if (isObject(v)) {
    const m = b?.k === "model" ? b.m : undefined;
    const keys = m !== undefined && byKeys(m, v);
    for (const [k, x] of Object.entries(v)) {
      const f = m && (keys ? m.fields.find((y) => y.key === k) : readable(m).find((y) => (y.json ?? y.key) === k));
      if (f && (f.dash || f.type.k === "extras")) continue;
      out.push([...at, k], ...places(f ? f.type : b?.k === "map" ? b.elem : undefined, x, [...at, k]));
    }
  }
  return out;
}

/** Replace one value (or drop or add a key) somewhere in v: a copy, v is not changed. */
const REPLACEMENTS: (() => unknown)[] = [
  () => null, () => undefined, () => "", () => "x", () => 0, () => -0, () => 1.5, () => -1, () => 2 ** 53, () => 1e39, () => NaN,
  () => true, () => new Date(NaN), () => new Date("2020-01-02T03:04:05.678Z"), () => "2020-01-02T03:04:05Z", () => [], () => ({}), () => 3n, () => [null],
  // (values of the right JS type that bounds refuse: a copy that fails its checks)
  () => "x".repeat(300), () => 200, () => -200, () => ["a", "a"],
];
/** Did the last mutated() add an unknown key? */
let addedUnknownKey = false;
function mutated(v: Record<string, unknown>, pick: number, what: number, next: () => number): unknown {
  addedUnknownKey = false;
  const copy = structuredClone(v);
  const all = places(undefined, copy);
  if (all.length === 0) return copy;
  const path = all[pick % all.length];
  let parent: Record<PropertyKey, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<PropertyKey, unknown>;
  const last = path[path.length - 1];
  if (what % 7 === 0 && typeof last === "string") delete parent[last];
  // (an unknown key: skipped where unknown keys are ignored, copied directly when it holds a scalar)
  else if (what % 7 === 1 && !Array.isArray(parent)) {
    parent[`k${what}`] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]();
    addedUnknownKey = true;
  }
  else parent[last] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]();
  return copy;
}

/** A typed value as a parsed body has it: JSON names for keys at every level, times as Go's text (json:"-" and extras fields left out). */
function byJsonNames(ts: TSpec | undefined, v: unknown): unknown {
  if (v instanceof Date) return goTime(v);
  const b = ts && strip(ts);
  if (b?.k === "model" && isObject(v)) return Object.fromEntries(readable(b.m).map((f) => [f.json ?? f.key, byJsonNames(f.type, v[f.key])]));
  if ((b?.k === "slice" || b?.k === "array") && Array.isArray(v)) return v.map((x) => byJsonNames(b.elem, x));
  if (b?.k === "map" && isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, byJsonNames(b.elem, x)]));
  return v;
}

/** A direct copy's result, for a failure's report. */
function describeCopy(r: DirectResult | undefined): string {
  return r === undefined ? "(round trip)" : `${r.failed ? "failed " : ""}${goJson(r.value)}`;
}

/** Are the own keys of a and b in the same order, at every level? */
function sameKeyOrder(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null || a instanceof Date) return true;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return ka.join("\u0000") === kb.join("\u0000") && ka.every((k) => sameKeyOrder((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

class Point { x = 1; }
const BAD: [string, () => unknown][] = [
  ["NaN", () => NaN], ["Infinity", () => Infinity], ["-Infinity", () => -Infinity], ["function", () => () => 1],
  ["Map", () => new Map([["a", 1]])], ["Point", () => new Point()], ["an invalid Date", () => new Date(NaN)], ["symbol", () => Symbol("s")],
];

describe("random models: newModel and ~standard", () => {
  it("1. a parsed body (object or Map) converts as unmarshal reads its JSON text; objects whose keys are property keys are read by them", () => {
    let typedLevels = 0;
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.2 }), (c) => {
        const input = JSON.parse(c.text) as Record<string, unknown>;
        const root: TSpec = { k: "model", m: c.setup.root, dirs: [] };
        const text = goJson(asDict(root, input));
        if (text !== goJson(input)) typedLevels++;
        agreeWithUnmarshal(c, input, text);
        // a Map at the root is read by JSON names whatever its keys
        const map = new Map(Object.entries(input));
        agreeWithUnmarshal(c, map, goJson(Object.fromEntries(Object.entries(input).map(([k, x]) => [k, asDict(readable(c.setup.root).find((f) => (f.json ?? f.key) === k)?.type, x)]))));
      }),
      runs(400, 11),
    );
    expect(typedLevels).toBeGreaterThan(10);
  });

  it("1b. a typed value, levels mixed with parsed ones (Dates, bigints), converts as unmarshal reads it written by JSON names", () => {
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.2 }), fc.integer(), (c, seed) => {
        const root: TSpec = { k: "model", m: c.setup.root, dirs: [] };
        const input = toTyped(root, JSON.parse(c.text), rng(seed));
        agreeWithUnmarshal(c, input, goJson(asDict(root, input)));
        agreeWithStandard(c, c.v, c.setup.root, input);
      }),
      runs(400, 15),
    );
  });

  it("1d. a complete typed value is copied without the round trip: the same value (key order too), outcome and errors (validate()'s, where a check fails) as the round trip, for unmarshal's values and mutations of them", () => {
    let direct = 0;
    let refused = 0;
    let tried = 0;
    let directWithUnknownKey = 0;
    let generatedAgreed = 0;
    let validAgreed = 0;
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.2 }), fc.integer(), fc.nat(), fc.nat(), (c, seed, pick, with_) => {
        const u = c.v.safeUnmarshal(c.text);
        if (!u.ok) return;
        tried++;
        // unmarshal's value, by property keys or by JSON names, as it is or mutated
        const value = with_ % 4 < 2 ? u.value : byJsonNames({ k: "model", m: c.setup.root, dirs: [] }, u.value);
        addedUnknownKey = false;
        const input = with_ % 2 === 0 ? value : mutated(value as Record<string, unknown>, pick, with_ >> 2, rng(seed));
        // (a quarter of them with one more key at the root that names no field, holding a scalar)
        if ((with_ >> 8) % 4 === 0 && !addedUnknownKey) {
          (input as Record<string, unknown>)["\u0001unknown"] = [1, "s", null, true][(with_ >> 10) % 4];
          addedUnknownKey = true;
        }
        const root = c.v.program.resolved.root;
        const copied = directNewModel(root, input as Record<string, unknown>, c.v.options.maxDepth, c.v.options.maxDocumentBytes);
        if (copied !== undefined) direct++;
        if (copied !== undefined && addedUnknownKey) directWithUnknownKey++;
        if (copied?.failed === true) refused++;
        const got = c.v.safeNewModel(input as never);
        const want = safeNewModelByText(c.v, input);
        const fail = (what: string) => { throw new Error(report(c, `${what}\ninput: ${goJson(input)}\nnewModel:   ${describeResult(got)}\nround trip: ${describeResult(want)}`)); };
        // the copy generated per model (new-model-copy-generated.ts) is the generic walk's, at the
        // validator's limit and at one the text may pass, json:"-" fields from the input or not
        const limit = 1 + (seed >>> 0) % (2 * c.text.length + 64);
        for (const [max, dash] of [[c.v.options.maxDocumentBytes, true], [limit, (with_ >> 12) % 2 === 0]] as const) {
          const fast = directNewModel(root, input as Record<string, unknown>, c.v.options.maxDepth, max, dash);
          const generic = withGenericCopy(() => directNewModel(root, input as Record<string, unknown>, c.v.options.maxDepth, max, dash));
          if (!isDeepStrictEqual(fast, generic) || !sameKeyOrder(fast?.value, generic?.value)) fail(`the generated copy differs from the generic walk (limit ${max}, json:"-" from the input ${dash}): ${describeCopy(fast)} vs ${describeCopy(generic)}`);
          if (fast !== undefined) generatedAgreed++;
        }
        // validate()'s generated pass test (reference-generated.ts) says valid exactly where the reference walk finds no error
        const valid = referenceValidate(root, input, c.v.options.maxDepth).length === 0;
        if (surelyValid(root, input, c.v.options.maxDepth) !== valid) fail(`validate()'s generated test says ${!valid}, the reference walk ${valid}`);
        if (valid) validAgreed++;
        if (got.ok !== want.ok) fail("outcomes differ");
        if (got.ok && want.ok) {
          if (!isDeepStrictEqual(got.value, want.value) || !sameKeyOrder(got.value, want.value)) fail("values differ");
          if (got.value === input) fail("the input itself is returned");
        } else if (!got.ok && !want.ok && describeResult(got) !== describeResult(want)) fail("errors differ");
      }),
      runs(1500, 17),
    );
    // (the direct path is taken for most of unmarshal's own values, and refused for the rest; some
    // mutated values it copies fail a check, and then validate()'s errors of the copy are the result)
    expect(direct).toBeGreaterThan(tried / 4);
    expect(direct).toBeLessThan(tried);
    expect(refused).toBeGreaterThan(0);
    // (an unknown key holding a scalar, where unknown keys are ignored, is skipped by the copy too)
    expect(directWithUnknownKey).toBeGreaterThan(10);
    expect(generatedAgreed).toBeGreaterThan(tried / 4);
    expect(validAgreed).toBeGreaterThan(tried / 8);
  });

  it("1c. a value JSON cannot hold, anywhere newModel writes, is a ConversionError at its field, an issue at its place", () => {
    let tried = 0;
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.1 }), fc.integer(), fc.nat(), fc.constantFrom(...BAD), (c, seed, pick, [got, bad]) => {
        const root: TSpec = { k: "model", m: c.setup.root, dirs: [] };
        const input = toTyped(root, JSON.parse(c.text), rng(seed)) as Record<string, unknown>;
        const all = places(root, input);
        // (the value placed must be the only thing newModel cannot convert: a json:"-" or extras
        // value of another type, read by property keys, is one too, and may come first)
        if (all.length === 0 || copiesMisfit(root, input)) return;
        tried++;
        const path = all[pick % all.length];
        // (not fixed: below the root's key "" an error path cannot say where it is: joinKey("", k) is k, so {"": {"": NaN}} is at "", not ".")
        if (path[0] === "" && path.length > 1) return;
        const field = fieldOf(path, c.setup.root, input);
        // (a field string two places of the input stand for, { "f0": [0, NaN], "f0[1]": null }, cannot say which)
        if (all.some((p) => !isDeepStrictEqual(p, path) && fieldOf(p, c.setup.root, input) === field)) return;
        let parent: Record<PropertyKey, unknown> = input;
        for (const k of path.slice(0, -1)) parent = parent[k] as Record<PropertyKey, unknown>;
        parent[path[path.length - 1]] = bad();
        const r = c.v.safeNewModel(input as never);
        const shown = `${JSON.stringify(path)} = ${got}`;
        if (r.ok || !(r.error instanceof ConversionError) || r.error.field !== field || r.error.got !== got) {
          throw new Error(report(c, `${shown}: want ConversionError at ${JSON.stringify(field)}, got ${describeResult(r)}`));
        }
        const s = c.v["~standard"].validate(input) as Std;
        if (!isDeepStrictEqual(s, { issues: [{ message: r.error.message, path }] })) throw new Error(report(c, `${shown}: ~standard gives ${JSON.stringify(s)}`));
      }),
      runs(400, 16),
    );
    expect(tried).toBeGreaterThan(300);
  });

  it("2. ~standard.validate gives { value } exactly when newModel succeeds, else its errors as issues with paths into the input", () => {
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.2 }), (c) => {
        const input = JSON.parse(c.text) as Record<string, unknown>;
        agreeWithStandard(c, c.v, c.setup.root, input);
        agreeWithStandard(c, c.v, c.setup.root, new Map(Object.entries(input)));
        // JSON bytes: no input to ask, so a key is the shortest that fits the model (README): the path names the error's field
        agreeWithStandard(c, c.v, c.setup.root, new TextEncoder().encode(c.text));
        // a model's own ~standard is its default validator's (README "Standard Schema", DESIGN: the simple API's cached validator)
        const m = toModel(c.setup.root);
        if (!isDeepStrictEqual(m["~standard"].validate(input), new Validator(m)["~standard"].validate(input))) throw new Error(report(c, "the model's ~standard differs from its default validator's"));
      }),
      runs(400, 12),
    );
  });

  it("2b. a union's ~standard.validate agrees with its unmarshal of the input's JSON text, issues at the variant's keys", () => {
    fc.assert(
      fc.property(caseArb({ keyNames: true }, { mutate: 0.2 }), setupArb({ keyNames: true }), fc.constantFrom("a", "b", "c", 1, null, undefined), fc.integer(), (c, other, tag, seed) => {
        let u: UnionValidator;
        try {
          u = new UnionValidator({ discriminator: "kind", variants: { a: toModel(c.setup.root), b: toModel(other.root) } }, c.v.options);
        } catch (e) {
          if (e instanceof ModelError) return;
          throw e;
        }
        const body = toTyped({ k: "model", m: c.setup.root, dirs: [] }, JSON.parse(c.text), rng(seed)) as Record<string, unknown>;
        const input = tag === undefined ? body : { ...body, kind: tag };
        // the variant named reads the input (its objects by property keys or JSON names, by its own fields)
        // without the discriminator key, as it reads the value alone, unless it has a field of that JSON
        // name (README "Standard Schema": a typed value's property keys beside the discriminator are read as such)
        const vm = tag === "b" ? other.root : c.setup.root;
        const root: TSpec = { k: "model", m: vm, dirs: [] };
        const own = tag === undefined || readable(vm).some((f) => (f.json ?? f.key) === "kind");
        const alone = own ? input : Object.fromEntries(Object.entries(input).filter(([k]) => k !== "kind"));
        const text = goJson(own ? asDict(root, input) : { ...(asDict(root, alone) as object), kind: tag });
        const s = u["~standard"].validate(input) as Std;
        const want = u.safeUnmarshal(text);
        const fail = (what: string) => { throw new Error(report(c, `${what}\ninput: ${text}\nunmarshal: ${describeResult(want)}\n~standard: ${JSON.stringify(s)}`)); };
        // (~standard never takes a json:"-" field from its input: README "Standard Schema")
        if (copiesMisfit(root, alone, false)) {
          if (s.issues === undefined) fail("{ issues } expected for a json:\"-\" or extras value of another type");
          return;
        }
        if (want.ok) {
          withCopied(root, alone, want.value.value, false);
          if (s.issues !== undefined || !isDeepStrictEqual(s, { value: want.value })) fail("{ value } expected");
          return;
        }
        if (s.issues === undefined) fail("{ issues } expected");
        // (newModel's type mismatch is a ConversionError, with its own message)
        const e = want.error;
        checkIssues(fail, errorsOf(e instanceof UnmarshalTypeError ? new ConversionError(e.field, e.expected, e.got) : e), s.issues!, vm, alone, "kind");
      }),
      runs(300, 17),
    );
  });

  it("3. newModel's value passes validate; a typed value converts as validate checks it, its issues named by property keys", () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(caseArb({}, { mutate: 0.2 }), (c) => {
        const input = JSON.parse(c.text) as Record<string, unknown>;
        const r = c.v.safeNewModel(input as never);
        // README "Missing and null": null on a field that is no ptr, slice, map or any takes its zero value
        // unchecked (a field left out of an object read by property keys is missing, as by JSON names:
        // bindings/new-model.ts)
        const root: TSpec = { k: "model", m: c.setup.root, dirs: [] };
        if (!r.ok || hasZeroingNull(root, fromJs(asDict(root, input)))) return;
        const again = c.v.safeValidate(r.value);
        if (!again.ok) throw new Error(report(c, `validate refuses newModel's value: ${JSON.stringify(errorFields(again.error.errors))}`));
        const back = c.v.safeNewModel(r.value as never);
        if (!back.ok || !isDeepStrictEqual(back.value, r.value) || back.value === r.value) {
          throw new Error(report(c, `newModel of its own value: ${describeResult(back)}`));
        }
        // its JSON form (dict) reads back as it, when no object was read by property keys (their json:"-" and extras fields are copied)
        const form = c.v.dict(r.value);
        const again2 = c.v.safeNewModel(form as never);
        if (goJson(asDict(root, input)) === goJson(input) && (!again2.ok || !isDeepStrictEqual(again2.value, r.value))) {
          throw new Error(report(c, `newModel of its dict ${JSON.stringify(form)}: ${describeResult(again2)} vs ${JSON.stringify(r.value)}`));
        }
      }),
      runs(300, 13),
    );
    fc.assert(
      fc.property(caseArb({}, { mutate: 0, clean: true }), (c) => {
        if (hasZeroingNull({ k: "model", m: c.setup.root, dirs: [] }, c.doc)) return;
        const typed = denoteModel(c.setup.root, c.doc);
        const r = c.v.safeNewModel(typed as never);
        const byValue = c.v.safeValidate(typed as never);
        const want = byValue.ok ? [] : errorFields(byValue.error.errors);
        const got = r.ok ? [] : r.error instanceof ValidationError ? errorFields(r.error.errors) : r.error.message;
        if (!isDeepStrictEqual(got, want)) throw new Error(report(c, `newModel: ${JSON.stringify(got)}\nvalidate: ${JSON.stringify(want)}`));
        if (r.ok && (!isDeepStrictEqual(r.value, typed) || r.value === typed)) throw new Error(report(c, `newModel: ${describeResult(r)}`));
        if (r.ok) valid++;
        else invalid++;
        agreeWithStandard(c, c.v, c.setup.root, typed);
      }),
      runs(300, 14),
    );
    expect(valid).toBeGreaterThan(30);
    expect(invalid).toBeGreaterThan(30);
  });
});
