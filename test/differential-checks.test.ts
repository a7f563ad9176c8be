// Differential test of the directive checks: the WASM core (safeUnmarshal of the value's JSON)
// against the TypeScript reference (safeValidate of the typed value). Together the models use
// every directive except regexp/pattern on every kind it applies to; fast-check generates typed
// values concentrated around the bounds (test/support/directive-gen.ts). With keys in declaration
// order both must agree exactly (same errors, same order); with keys shuffled at every level,
// on the same set of errors.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ValidationError, dict, model, safeUnmarshal, safeValidate, t, type FieldError, type Model,
} from "../bindings/index.js";
import { valuesOf } from "./support/directive-gen.js";
import { expectSame, validatorFor } from "./support/directive-harness.js";

const RUNS = 5000;

const Strings = model("Strings", {
  name: t.string("required,min=2,max=5"),
  email: t.string('json:"e_mail" checker:"email"'),
  site: t.string("url"),
  id: t.string("uuid"),
  code: t.string("alpha,max=4"),
  tag: t.string("alphanum,min=1"),
  color: t.string("oneof=red green blue"),
  nick: t.ptr(t.string(), "min=2,max=3,alphanum"),
  pmail: t.ptr(t.string(), "email"),
  purl: t.ptr(t.string(), "url"),
  puuid: t.ptr(t.string(), "uuid"),
  palpha: t.ptr(t.string(), "alpha,oneof=ab cd"),
  lo: t.string(),
  hi: t.string("gtfield=lo"),
  below: t.string("ltfield=hi"),
  note: t.string("required_if=color red"),
  why: t.string("required_if=color:green"),
  sub: t.string("required_with=nick"),
  def: t.string("default=abc,min=2"),
  preq: t.ptr(t.string(), "required,max=3"),
});

const Numbers = model("Numbers", {
  i: t.int("oneof=1 2 3"),
  i8: t.int8("min=-5,max=5"),
  i16: t.int16("gt=-100,lt=100"),
  i32: t.int32("gte=0,lte=1000"),
  i64: t.int64("gt=-9007199254740991,lt=9007199254740991"),
  u: t.uint("max=10,required_if=i 2"),
  u8: t.uint8("min=1,oneof=1 255"),
  u16: t.uint16("lt=1000"),
  u32: t.uint32("gte=100,gtfield=u16"),
  u64: t.uint64("lte=5000,ltfield=i64"),
  f32: t.float32("gt=0.5,lt=1.5"),
  f64: t.float64("min=-1.25,max=2.5,ltfield=f32"),
  f: t.float64('json:"ratio" checker:"oneof=0.1 2.5 -3"'),
  pi: t.ptr(t.int(), "gte=1,lte=3"),
  pf: t.ptr(t.float32(), "gt=0,lt=1e30"),
  rw: t.int("required_with=pi"),
  ri: t.float64("required_if=ratio 2.5"),
  rn: t.int16("required_if=f32 1"),
  d: t.int("default=5,min=1"),
  df: t.float64("default=0.5"),
  req: t.uint16("required,oneof=0 7"),
  rf: t.float32("required"),
});

const Times = model("Times", {
  flag: t.bool("oneof=true"),
  flag2: t.ptr(t.bool(), "required,oneof=false"),
  deff: t.bool("default=true"),
  onlyf: t.bool("required_if=flag false"),
  start: t.time(),
  end: t.time("gtfield=start"),
  due: t.ptr(t.time(), "ltfield=end"),
  stamp: t.time("required_with=flag"),
  seen: t.time("required,required_if=flag true"),
  anyv: t.any("required"),
  anyw: t.any("required_with=start"),
});

const Address = model("Address", {
  city: t.string("required,min=2"),
  zip: t.string('json:"zip_code" checker:"alphanum,max=5"'),
});
const Item = model("Item", { sku: t.string("required,alpha"), qty: t.int("gte=1") });
const Person = model("Person", { name: t.string(), age: t.int8() });

const Collections = model("Collections", {
  tags: t.slice(t.string(), "min=1,max=3,unique"),
  nums: t.array(3, t.int(), "unique"),
  fl: t.slice(t.float64(), "minItems=2,maxItems=4"),
  scores: t.map(t.int(), "min=1,max=2,unique"),
  labels: t.map(t.string(), "minItems=1,maxItems=2"),
  times: t.slice(t.time(), "unique"),
  bools: t.slice(t.bool(), "unique,max=2"),
  pair: t.array(2, t.float32(), "min=2,max=2"),
  grid: t.array(2, t.uint8(), "minItems=1,unique"),
  pl: t.ptr(t.slice(t.int()), "min=1,unique"),
  pm: t.ptr(t.map(t.string()), "max=1,unique"),
  needs: t.slice(t.int(), "required_with=tags"),
  needm: t.map(t.int(), "required_if=on true"),
  on: t.bool(),
  reql: t.slice(t.string(), "required"),
  reqm: t.map(t.bool(), "required,unique"),
  lo: t.array(2, t.int8(), "required_with=reql"),
  reqa: t.array(2, t.int(), "required"),
  needl: t.slice(t.string(), "required_if=on true"),
});

const Nested = model("Nested", {
  addr: Address,
  paddr: t.ptr(Address, "required_with=items"),
  items: t.slice(Item, "max=3,unique=sku"),
  people: t.slice(Person, "unique"),
  byid: t.map(Item, "max=2"),
  grid: t.array(2, Address),
  pitems: t.ptr(t.slice(Item), "min=1,unique=qty"),
  home: t.model(Address, "required"),
  team: t.map(Person, "unique,min=1"),
  level: t.int8(),
  pnear: t.ptr(Address, "required_if=level 1"),
  extras: t.extras(),
});

const Tagged = model("Tagged", { name: t.string(), tags: t.slice(t.string()) });
const Keyed = model("Keyed", { key: t.ptr(t.string()), n: t.int8() });
const Stamp = model("Stamp", { at: t.time(), p: t.ptr(t.uint8()), ok: t.bool() });

const Uniques = model("Uniques", {
  tagged: t.slice(Tagged, "unique=name"),
  stamps: t.slice(Stamp, "unique"),
  keyed: t.slice(Keyed, "unique=key"),
  byKey: t.map(Keyed, "unique"),
  arr: t.array(3, Keyed, "unique"),
  ptrs: t.slice(t.ptr(t.float64()), "unique"),
  strs: t.map(t.ptr(t.string()), "unique"),
});

const day = (d: number) => new Date(Date.UTC(2024, 0, d));
const address = { city: "Oslo", zip: "N0150" };

/** A valid value of each model: most generated values change a few of its fields. */
const MODELS: [Model, Record<string, unknown>][] = [
  [Strings, {
    name: "abc", email: "a.b@example.com", site: "https://example.com/x", id: "123e4567-e89b-12d3-a456-426614174000",
    code: "abcd", tag: "a1", color: "red", nick: "ab", pmail: null, purl: "s:/p", puuid: null, palpha: "cd",
    lo: "a", hi: "b", below: "a", note: "why", why: "so", sub: "x", def: "ab", preq: "",
  }],
  [Numbers, {
    i: 1, i8: 0, i16: 0, i32: 0, i64: 5, u: 0, u8: 1, u16: 0, u32: 100, u64: 0, f32: 1, f64: 0, f: 0.1,
    pi: null, pf: null, rw: 0, ri: 0, rn: 1, d: 1, df: 0, req: 7, rf: 0,
  }],
  [Times, {
    flag: true, flag2: false, deff: false, onlyf: false, start: day(1), end: day(2), due: day(1), stamp: day(3),
    seen: day(4), anyv: 0, anyw: "x",
  }],
  [Collections, {
    tags: ["a"], nums: [1, 2, 3], fl: [1, 1], scores: { a: 1 }, labels: { a: "x" }, times: [day(1)], bools: [true],
    pair: [0, 0], grid: [1, 2], pl: null, pm: null, needs: [1], needm: null, on: false, reql: [], reqm: {}, lo: [0, 0], reqa: [0, 0], needl: null,
  }],
  [Nested, {
    addr: address, paddr: null, items: [], people: null, byid: null, grid: [address, address], pitems: null,
    home: address, team: { a: { name: "x", age: 1 } }, level: 0, pnear: null, extras: {},
  }],
  [Uniques, {
    tagged: [], stamps: [], keyed: [], byKey: {}, arr: [{ key: "a", n: 1 }, { key: "b", n: 1 }, { key: null, n: 1 }], ptrs: [], strs: {},
  }],
];

function plain(errors: readonly FieldError[]): FieldError[] {
  return JSON.parse(JSON.stringify(errors)) as FieldError[];
}

/** JSON with sorted keys, so that equal values have equal text whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** The same JSON value with the keys of every object in an order given by `seed`. */
function shuffled(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x, i) => shuffled(x, seed + i + 1));
  if (v === null || typeof v !== "object") return v;
  const entries = Object.entries(v);
  let s = seed >>> 0 || 1;
  for (let i = entries.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  return Object.fromEntries(entries.map(([k, x], i) => [k, shuffled(x, seed * 31 + i)]));
}

/** The errors of the WASM core on a document; a syntax or type error is a failure of the test. */
function wasmErrors(m: Model, json: string): FieldError[] {
  const r = safeUnmarshal(m, json);
  if (r.ok) return [];
  if (!(r.error instanceof ValidationError)) throw new Error(`unmarshal failed with ${r.error.name}: ${r.error.message}\n${json}`);
  if (r.error.errors.length === 0) throw new Error(`a ValidationError without errors\n${json}`);
  return plain(r.error.errors);
}

function referenceErrors(m: Model, value: Record<string, unknown>): FieldError[] {
  const r = safeValidate(m, value as never);
  if (r.ok) return [];
  if (r.error.errors.length === 0) throw new Error("a ValidationError without errors");
  return plain(r.error.errors);
}

/**
 * `field:CODE` of every check of the model's own fields that a typed value can break. Not: REQUIRED
 * on a field that cannot be null, an item count of a fixed-size array (always its length), and
 * required_if / required_with on an array (an array of that length is never zero).
 */
function reachableChecks(m: Model): string[] {
  const out: string[] = [];
  for (const f of validatorFor(m).program.resolved.root.fields) {
    const kind = f.base.kind === "scalar" ? f.base.scalar : f.base.kind;
    if (f.required && (f.nullable || ["slice", "map", "any"].includes(kind))) out.push(`${f.jsonName}:REQUIRED`);
    for (const c of [...f.valueChecks, ...f.objectChecks]) {
      if (kind === "array" && ["MIN_ITEMS", "MAX_ITEMS", "REQUIRED_WITH", "REQUIRED_IF"].includes(c.code)) continue;
      out.push(`${f.jsonName}:${c.code}`);
    }
  }
  return out;
}

/** `field:CODE` of an error, with the field cut to its top-level name. */
const reached = (e: FieldError) => `${e.field.split(/[.[]/)[0]}:${e.code}`;

describe("WASM checks agree with the TypeScript reference", () => {
  it("the base values are valid", () => {
    for (const [m, base] of MODELS) {
      expect(safeValidate(m, base as never).ok, m.name).toBe(true);
      expect(safeUnmarshal(m, JSON.stringify(dict(m, base as never))).ok, m.name).toBe(true);
    }
  });

  for (const [m, base] of MODELS) {
    it(`${m.name}: ${RUNS} values, keys in declaration order, then shuffled`, () => {
      let failing = 0;
      let runs = 0;
      const seen = new Set<string>();
      fc.assert(
        fc.property(valuesOf(m, base), fc.nat(), (value, seed) => {
          const form = dict(m, value as never);
          const json = JSON.stringify(form);
          const want = referenceErrors(m, value);
          expectSame(wasmErrors(m, json), want, json);
          const mixed = JSON.stringify(shuffled(form, seed));
          expectSame(wasmErrors(m, mixed).map(canonical).sort(), want.map(canonical).sort(), mixed);
          runs++;
          if (want.length > 0) failing++;
          for (const e of want) seen.add(reached(e));
        }),
        { numRuns: RUNS },
      );
      // the generators reach both outcomes often
      expect(failing / runs).toBeGreaterThan(0.2);
      expect(failing / runs).toBeLessThan(0.9);
      // and every check of every field fails at least once
      expect([...seen]).toEqual(expect.arrayContaining(reachableChecks(m)));
    });
  }
});
