// The two value builders give the same values: the generated one (per model, new Function) and the
// generic tape walk used where code generation is not allowed; and the library works (with the walk)
// in a process that forbids code generation from strings.
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Validator, model, t } from "../bindings/index.js";
import { bothBuilders } from "./support/both-builders.js";

const Tag = model("Tag", { name: t.string(), weight: t.ptr(t.float64()) });
const Doc = model("Doc", {
  id: t.int(), title: t.string('json:"t"'), on: t.bool(), when: t.time(), raw: t.any(),
  tags: t.slice(Tag), grid: t.array(3, t.int()), scores: t.map(t.float64()), note: t.ptr(t.string()),
  deep: t.slice(t.slice(t.string())), def: t.string("default=x"), extras: t.extras(),
});
const v = new Validator(Doc, { strictMissingFields: false, extraFields: "allow" });

const both = (json: string, validator: Validator = v): [unknown, unknown] => bothBuilders(validator, json);

const tagArb = fc.record({ name: fc.string(), weight: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }) }, { requiredKeys: [] });
const docArb = fc.record({
  id: fc.integer(), t: fc.string({ unit: "grapheme" }), on: fc.boolean(),
  when: fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
  raw: fc.jsonValue(), tags: fc.option(fc.array(tagArb, { maxLength: 4 }), { nil: null }),
  grid: fc.array(fc.integer(), { maxLength: 5 }), scores: fc.dictionary(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), { maxKeys: 4 }),
  note: fc.option(fc.string(), { nil: null }), deep: fc.array(fc.array(fc.string(), { maxLength: 3 }), { maxLength: 3 }),
  unknownKey: fc.jsonValue(),
}, { requiredKeys: [] });

describe("value builders", () => {
  it("the generated builder and the generic walk agree on 2,000 generated documents", () => {
    fc.assert(fc.property(docArb, (d) => {
      const [generic, generated] = both(JSON.stringify(d));
      expect(generated).toEqual(generic);
    }), { numRuns: 2000 });
  });

  it("nulls in non-ptr slots read as zero values in both", () => {
    const [generic, generated] = both('{"id":null,"t":null,"on":null,"when":null,"tags":[null],"grid":[null,1],"deep":[null]}');
    expect(generated).toEqual(generic);
    expect(generated).toMatchObject({ id: 0, title: "", on: false, tags: [{ name: "", weight: null }], grid: [0, 1, 0], deep: [null], def: "x" });
  });

  it("without code generation (node --disallow-code-generation-from-strings) unmarshal still works", () => {
    const script = `
      import { model, t, unmarshal } from "checker";
      const M = model("M", { a: t.int(), b: t.slice(t.string()), c: t.string("default=z") });
      console.log(JSON.stringify(unmarshal(M, '{"a":1,"b":["x","y"]}')));
      let evalWorks = true; try { new Function("return 1"); } catch { evalWorks = false; }
      console.log(evalWorks);`;
    const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(out.trim().split("\n")).toEqual(['{"a":1,"b":["x","y"],"c":"z"}', "false"]);
  });
});

describe("a wide model nested as deep as maxDepth allows", () => {
  it("is built without a stack overflow (the generated reader's frames are large: the walk reads it then)", () => {
    // (100 fields and 999 levels: the generated reader overflowed the stack from about 40 fields)
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, t.int()]));
    const Wide: ReturnType<typeof model> = model("Wide", { ...fields, next: t.ptr(t.lazy(() => Wide)) });
    const body = Array.from({ length: 100 }, (_, i) => `"f${i}":${i}`).join(",");
    let doc = "null";
    for (let d = 0; d < 999; d++) doc = `{${body},"next":${doc}}`;
    const r = new Validator(Wide).safeUnmarshal(doc);
    expect(r.ok).toBe(true);
    let depth = 0;
    for (let x = r.ok ? (r.value as Record<string, unknown>) : null; x !== null; x = x.next as Record<string, unknown> | null) {
      expect(x.f99).toBe(99);
      depth++;
    }
    expect(depth).toBe(999);
  });
});

describe('a "__proto__" key from the JSON is an own entry in both builders (as JSON.parse makes it)', () => {
  it("in a map, an any value and captured extras", () => {
    const P = model("Proto", { mm: t.map(t.string()), a: t.any(), x: t.extras() });
    const doc = '{"mm":{"__proto__":"m","k":"v"},"a":{"__proto__":{"name":"x"}},"__proto__":"e"}';
    for (const value of both(doc, new Validator(P, { extraFields: "allow", strictMissingFields: false }))) {
      const o = value as { mm: object; a: object; x: object };
      expect(Object.getPrototypeOf(o.mm)).toBe(Object.prototype);
      expect(Object.entries(o.mm)).toEqual([["__proto__", "m"], ["k", "v"]]);
      expect(Object.entries(o.a)).toEqual([["__proto__", { name: "x" }]]);
      expect(Object.entries(o.x)).toEqual([["__proto__", "e"]]);
    }
  });
});
