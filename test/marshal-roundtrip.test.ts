// Round trips, as properties over generated values:
// - unmarshal -> marshal: the bytes written for a generated document the validator accepts are
//   what Go's rules say (an oracle written from them: defaults and zero values for missing keys,
//   zero values for null, omitempty, extras after the fields, map entries and the objects of any
//   values sorted by key, times in UTC), key order included;
// - marshal -> unmarshal: reading back what marshal wrote gives the value again (deep equality,
//   Date instants included), and marshal of that is the same bytes.
// Two losses are Go's own and stay out of the generated values: omitempty writes nothing for an
// empty slice or map, which reads back as null (marshal.test.ts shows the bytes), and -0 in an
// omitempty float. (-0 elsewhere is written as -0 and read back as -0: go-numbers-times.test.ts.)
// A float32 field is written as Go writes its float32 value, the shortest digits that read back
// as that float32 (test/go-numbers-times.test.ts), so it reads back as the number of that text.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t, Validator, type Infer, type ValidatorOptions } from "../bindings/index.js";
import { compareKeys } from "../bindings/marshal.js";
import type { RField, RModel, RType } from "../bindings/resolve.js";
import { goFloat32Text } from "../bindings/go-float.js";
import { documents } from "./support/issue5-gen.js";

const RUNS = 2000;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const Leaf = model("Leaf", { k: t.string('json:"k,omitempty"'), n: t.uint8("default=7"), more: t.extras() });
const Tree = model("Tree", {
  s: t.string('json:"s,omitempty"'),
  i: t.int16(),
  f: t.float32('json:"f,omitempty"'),
  b: t.bool("default=true"),
  when: t.time(),
  p: t.ptr(t.string(), 'json:"p,omitempty"'),
  a: t.any(),
  list: t.slice(t.ptr(t.int8())),
  grid: t.slice(t.slice(t.string())),
  m: t.map(t.float64()),
  leaf: Leaf,
  leaves: t.slice(Leaf),
  opt: t.ptr(Leaf),
  secret: t.string('json:"-"'),
  rest: t.extras(),
});
// omitempty drops zero values, so reading them back needs strictMissingFields off (see the report)
const OPTIONS: ValidatorOptions = { extraFields: "allow", strictMissingFields: false };

// ---------------------------------------------------------------- the oracle (Go's rules)

const ZERO_TIME = "0001-01-01T00:00:00Z";

function utc(raw: string): string {
  return new Date(raw).toISOString().replace(/\.000Z$/, "Z").replace(/(\.\d*?)0+Z$/, "$1Z");
}

function zeroJson(t: RType): unknown {
  switch (t.kind) {
    case "scalar": return t.scalar === "string" ? "" : t.scalar === "bool" ? false : t.scalar === "any" ? null : t.scalar === "time" ? ZERO_TIME : 0;
    case "model": return expectedObject(t.model, undefined);
    case "array": return Array.from({ length: t.length }, () => zeroJson(t.elem));
    default: return null;
  }
}

/** A JSON value with the keys of every object sorted, as Go writes a map[string]any. */
function sortedJson(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(sortedJson);
  if (raw === null || typeof raw !== "object") return raw;
  return Object.fromEntries(Object.entries(raw).sort(([a], [b]) => compareKeys(a, b)).map(([k, x]) => [k, sortedJson(x)]));
}

function expectedValue(t: RType, raw: unknown): unknown {
  if (raw === null) return t.kind === "ptr" || t.kind === "slice" || t.kind === "map" || (t.kind === "scalar" && t.scalar === "any") ? null : zeroJson(t);
  switch (t.kind) {
    case "ptr": return expectedValue(t.elem, raw);
    case "model": return expectedObject(t.model, raw as Record<string, unknown>);
    case "slice": case "array": return (raw as unknown[]).map((x) => expectedValue(t.elem, x));
    case "map": return Object.fromEntries(Object.entries(raw as object).sort(([a], [b]) => compareKeys(a, b)).map(([k, x]) => [k, expectedValue(t.elem, x)]));
    case "scalar": return t.scalar === "time" ? utc(raw as string) : t.scalar === "any" ? sortedJson(raw) : t.scalar === "float32" ? asGoFloat32(raw as number) : raw;
    default: return raw;
  }
}

/** The number a float32 holding x reads back as from Go's text of it. */
const asGoFloat32 = (x: number) => Number(goFloat32Text(x));

/** A Tree value as it reads back from marshal's text: its float32 as Go writes it (omitempty: -0 is left out, so 0). */
const readBack = (value: Infer<typeof Tree>): Infer<typeof Tree> => ({ ...value, f: asGoFloat32(value.f) || 0 });

function emptyJson(f: RField, v: unknown): boolean {
  if (f.base.kind === "model" || (f.base.kind === "scalar" && f.base.scalar === "time")) return false;
  if (v === null || v === "" || v === 0 || v === false) return f.type.kind !== "ptr" || v === null;
  return (Array.isArray(v) && v.length === 0) || (typeof v === "object" && Object.keys(v).length === 0 && f.base.kind === "map");
}

/** What marshal writes for a document (undefined: the zero struct). */
function expectedObject(m: RModel, doc: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of m.fields) {
    if (f.skip) continue;
    const raw = doc?.[f.jsonName];
    const v = raw === undefined ? (doc !== undefined && f.defaultValue !== undefined ? f.defaultValue : zeroJson(f.type)) : expectedValue(f.type, raw);
    if (f.omitEmpty && emptyJson(f, v)) continue;
    out[f.jsonName] = v;
  }
  if (doc !== undefined && m.extraMode === "capture") {
    for (const [k, x] of Object.entries(doc)) if (!m.byJson.has(k)) out[k] = sortedJson(x);
  }
  return out;
}

/** Deep equality that also compares the key order of every object. */
function expectSameJson(got: unknown, want: unknown, where = "$"): void {
  expect(got, where).toEqual(want);
  if (got !== null && typeof got === "object" && !Array.isArray(got)) {
    expect(Object.keys(got), `${where} key order`).toEqual(Object.keys(want as object));
    for (const k of Object.keys(got)) expectSameJson((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k], `${where}.${k}`);
  } else if (Array.isArray(got)) {
    got.forEach((x, i) => expectSameJson(x, (want as unknown[])[i], `${where}[${i}]`));
  }
}

// ---------------------------------------------------------------- typed values, generated directly

const keyArb = fc.string({ maxLength: 4 }).filter((k) => k !== "__proto__");
const extrasArb = (taken: string[]) => fc.dictionary(keyArb.filter((k) => !taken.includes(k)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
const leafArb = fc.record({ k: fc.string({ unit: "binary", maxLength: 5 }), n: fc.integer({ min: 0, max: 255 }), more: extrasArb(["k", "n"]) });
const dateArb = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0));
const treeArb: fc.Arbitrary<Infer<typeof Tree>> = fc.record({
  s: fc.string({ unit: "binary", maxLength: 6 }),
  i: fc.integer({ min: -32768, max: 32767 }),
  // -0 is empty for omitempty (Go's rule), so it would come back as 0
  f: fc.float({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
  b: fc.boolean(),
  when: dateArb,
  p: fc.option(fc.string({ maxLength: 3 }), { nil: null }),
  a: fc.jsonValue({ maxDepth: 2 }),
  list: fc.option(fc.array(fc.option(fc.integer({ min: -128, max: 127 }), { nil: null }), { maxLength: 4 }), { nil: null }),
  grid: fc.option(fc.array(fc.option(fc.array(fc.string({ maxLength: 2 }), { maxLength: 3 }), { nil: null }), { maxLength: 3 }), { nil: null }),
  m: fc.option(fc.dictionary(keyArb, finite, { maxKeys: 3 }), { nil: null }),
  leaf: leafArb,
  leaves: fc.option(fc.array(leafArb, { maxLength: 3 }), { nil: null }),
  opt: fc.option(leafArb, { nil: null }),
  secret: fc.constant(""),
  rest: extrasArb(["s", "i", "f", "b", "when", "p", "a", "list", "grid", "m", "leaf", "leaves", "opt"]),
});

describe("round trips", () => {
  const v = new Validator(Tree, OPTIONS);

  /** Run `check` on each generated document the validator accepts (at least a quarter of them). */
  function forAcceptedDocuments(check: (doc: Record<string, unknown>, value: Infer<typeof Tree>) => void): void {
    let accepted = 0;
    fc.assert(
      fc.property(documents(v, { unknownKeys: true, wrongTypes: 0.02 }), (doc) => {
        const r = v.safeUnmarshal(JSON.stringify(doc));
        if (!r.ok) return;
        accepted++;
        check(doc, r.value);
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThanOrEqual(RUNS / 4);
  }

  it("unmarshal -> marshal writes what Go's rules say, for generated documents", () => {
    const root = v.program.resolved.root;
    forAcceptedDocuments((doc, value) => {
      const sent = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>; // the document as the text says (-0 is 0)
      expectSameJson(JSON.parse(text(v.marshal(value))), expectedObject(root, sent));
    });
  });

  it("marshal -> unmarshal gives back values read from generated documents, and the same bytes again", () => {
    forAcceptedDocuments((_doc, value) => {
      const bytes = v.marshal(value);
      const again = v.unmarshal(bytes);
      expect(again).toEqual(readBack(value));
      expect(text(v.marshal(again))).toBe(text(bytes));
    });
  });

  it("marshal -> unmarshal gives back generated typed values (instants, unicode, any values, extras), indented or not", () => {
    fc.assert(
      fc.property(treeArb, fc.constantFrom<number | string>(0, 2, "\t"), (value, indent) => {
        const bytes = v.marshalWithOptions(value, { indent });
        expect(v.unmarshal(bytes)).toEqual(readBack(value));
      }),
      { numRuns: RUNS },
    );
  });

  it("without omitempty the round trip holds under the default options (strictMissingFields on)", () => {
    const Item = model("Item", { k: t.string(), n: t.uint8() });
    const Plain = model("Plain", { s: t.string(), n: t.float64(), when: t.time(), l: t.slice(t.string()), o: t.ptr(Item) });
    const plain = new Validator(Plain);
    const arb = fc.record({
      s: fc.string(), n: finite, when: dateArb,
      l: fc.option(fc.array(fc.string(), { maxLength: 3 }), { nil: null }),
      o: fc.option(fc.record({ k: fc.string(), n: fc.integer({ min: 0, max: 255 }) }), { nil: null }),
    });
    fc.assert(fc.property(arb, (value) => {
      expect(plain.unmarshal(plain.marshal(value))).toEqual(value);
    }), { numRuns: RUNS });
  });
});
