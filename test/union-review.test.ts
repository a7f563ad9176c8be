// A union document whose discriminator names variant X gives what X's own Validator gives for the
// same document, except where the README defines union-specific behaviour (the discriminator
// absent, null or naming no variant; the discriminator key never an unknown key of X):
//  1. ~standard.validate of a union, for JSON bytes, a parsed object and a Map of it, is X's own
//     ~standard.validate of the input without the discriminator key (with it where X has a field
//     of that name): same value, same issues (messages and paths, the paths read against X's
//     model, so a key holding a dot stays one key); a discriminator that names no variant is its
//     REQUIRED / INVALID_DISCRIMINATOR issue at its key, an inherited `constructor` none.
// Seeds are fixed; RANDOM_MODELS_SEED / RANDOM_MODELS_RUNS explore further.

import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { model, t, UnionValidator, Validator } from "../bindings/index.js";
import { builtUnionArb, describeUnion, randomRuns, toModel, unionDocArb, writeJson, type J, type MSpec, type UnionSetup } from "./support/random-model.js";
import { utf8 } from "./support/stream-harness.js";

interface Case {
  setup: UnionSetup;
  u: UnionValidator;
  doc: J;
  seed: number;
}

function cases(mutate: number): fc.Arbitrary<Case> {
  return builtUnionArb({}).chain(({ setup, u }) => fc.tuple(unionDocArb(setup, { mutate }), fc.integer({ min: 0, max: 1 << 30 })).map(([d, seed]) => {
      const c: Case = { setup, u, doc: d.doc, seed };
      return Object.assign(c, { [fc.toStringMethod]: () => `${describeUnion(setup)} / ${writeJson(d.doc, seed)}` });
    }));
}

const entriesOf = (doc: J) => (doc as { entries: [string, J][] }).entries;
const readsKey = (m: MSpec, key: string) => m.fields.some((f) => !f.dash && f.type.k !== "extras" && (f.json ?? f.key) === key);

/** The variant the last occurrence of the discriminator names (undefined: none). */
function namedVariant(c: Case): { value: string; m: MSpec } | undefined {
  const last = entriesOf(c.doc).filter(([k]) => k === c.setup.discriminator).at(-1)?.[1];
  return last?.t === "str" ? c.setup.variants.find((v) => v.value === last.s) : undefined;
}

/** The variant's own validator, with the union's options. */
const ownValidator = (c: Case, m: MSpec) =>
  new Validator(toModel(m), { strictMissingFields: c.setup.strictMissingFields, extraFields: c.setup.extraFields, maxErrors: c.setup.maxErrors });

/** The document as the variant alone reads it: without the discriminator key, unless the variant has a field of that name. */
function withoutDiscriminator(c: Case, m: MSpec): J {
  if (readsKey(m, c.setup.discriminator)) return c.doc;
  return { t: "obj", entries: entriesOf(c.doc).filter(([k]) => k !== c.setup.discriminator) };
}

const report = (c: Case, what: string) => `${what}\nunion: ${describeUnion(c.setup)}\ndocument: ${writeJson(c.doc, c.seed)}`;

describe("~standard.validate of a union is the named variant's own ~standard.validate", () => {
  it("for JSON bytes, a parsed object and a Map of it (generated unions and documents)", () => {
    let compared = 0;
    let valid = 0;
    let issues = 0;
    let discriminatorIssues = 0;
    fc.assert(
      fc.property(cases(0.2), (c) => {
        const text = writeJson(c.doc, c.seed);
        const obj = JSON.parse(text) as Record<string, unknown>;
        const inputs: [string, unknown][] = [["bytes", utf8(text)], ["object", obj], ["Map", new Map(Object.entries(obj))]];
        const named = namedVariant(c);
        for (const [kind, input] of inputs) {
          const got = c.u["~standard"].validate(input);
          let want: unknown;
          if (named === undefined) {
            const d = Object.hasOwn(obj, c.setup.discriminator) ? obj[c.setup.discriminator] : undefined;
            const message = d === undefined || d === null ? "field is required" : `must be one of: ${c.setup.variants.map((v) => v.value).join(", ")}`;
            want = { issues: [{ message, path: [c.setup.discriminator] }] };
            discriminatorIssues++;
          } else {
            const alone = withoutDiscriminator(c, named.m);
            const own = ownValidator(c, named.m)["~standard"];
            const aloneObj = JSON.parse(writeJson(alone, 0)) as Record<string, unknown>;
            const aloneInput = kind === "bytes" ? utf8(writeJson(alone, c.seed)) : kind === "object" ? aloneObj : new Map(Object.entries(aloneObj));
            const r = own.validate(aloneInput);
            want = r.issues ? r : { value: { variant: named.value, value: r.value } };
            if (r.issues) issues++;
            else valid++;
          }
          compared++;
          if (!isDeepStrictEqual(got, want)) throw new Error(report(c, `${kind}\nunion:   ${JSON.stringify(got)}\nvariant: ${JSON.stringify(want)}`));
        }
      }),
      randomRuns(300, 21),
    );
    expect(compared).toBeGreaterThan(800);
    expect(valid).toBeGreaterThan(50);
    expect(issues).toBeGreaterThan(50);
    expect(discriminatorIssues).toBeGreaterThan(50);
  });

  const Toy = model("Toy", { n: t.int("min=1") });
  const Box = model("Box", { toys: t.map(t.model(Toy)), dotted: t.int('json:"a.b" checker:"max=3"') });
  const Boxes = new UnionValidator({ discriminator: "kind", variants: { box: Box } });
  const bytes = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

  it("issues of JSON bytes: a key holding a dot or a bracket stays one key, as the variant's own (was split: ['toys', 'k', '1', 'n'])", () => {
    const body = { toys: { "k.1": { n: 0 }, "q[0]": { n: "x" } }, "a.b": 4 };
    expect(Boxes["~standard"].validate(bytes({ kind: "box", ...body }))).toEqual({
      issues: [{ message: "cannot unmarshal string into field toys.q[0].n of type int", path: ["toys", "q[0]", "n"] }],
    });
    const body2 = { toys: { "k.1": { n: 0 } }, "a.b": 4 };
    const want = { issues: [{ message: "must be at least 1", path: ["toys", "k.1", "n"] }, { message: "must be at most 3", path: ["a.b"] }] };
    expect(Boxes["~standard"].validate(bytes({ kind: "box", ...body2 }))).toEqual(want);
    expect(new Validator(Box)["~standard"].validate(bytes(body2))).toEqual(want);
  });

  it("a Map is read as the variant reads it (was an issue: cannot convert Map to an object with a \"kind\" key)", () => {
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 1]]))).toEqual({
      value: { variant: "box", value: { toys: {}, dotted: 1 } },
    });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 5]]))).toEqual({
      issues: [{ message: "must be at most 3", path: ["a.b"] }],
    });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "cow"]]))).toEqual({ issues: [{ message: "must be one of: box", path: ["kind"] }] });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["toys", {}]]))).toEqual({ issues: [{ message: "field is required", path: ["kind"] }] });
    // (under forbid the discriminator key of a Map is no unknown key either)
    const strict = new UnionValidator({ discriminator: "kind", variants: { box: Box } }, { extraFields: "forbid" });
    expect(strict["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 1]]))).toEqual({ value: { variant: "box", value: { toys: {}, dotted: 1 } } });
    for (const [input, got] of [["{}", "string"], [7, "number"], [null, "null"], [[], "array"]] as const) {
      expect(Boxes["~standard"].validate(input)).toEqual({
        issues: [{ message: `cannot convert ${got} to JSON bytes (Uint8Array), a plain object or a Map with a "kind" key at the value` }],
      });
    }
  });

  it("a discriminator named like an Object.prototype member, absent, is REQUIRED as unmarshal has it (was INVALID_DISCRIMINATOR: the inherited member's value)", () => {
    const Cat = model("Cat", { name: t.string() });
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      const u = new UnionValidator({ discriminator: name, variants: { cat: Cat } });
      const required = { issues: [{ message: "field is required", path: [name] }] };
      expect(u["~standard"].validate({ name: "Tom" }), name).toEqual(required);
      expect(u["~standard"].validate(bytes({ name: "Tom" })), name).toEqual(required);
      const r = u.safeUnmarshal('{"name":"Tom"}');
      expect(!r.ok && r.error.message, name).toBe(`${name}: field is required`);
      // present (an own key, as JSON.parse makes "__proto__"): the variant
      expect(u["~standard"].validate(JSON.parse(JSON.stringify({ [name]: "cat", name: "Tom" }))), name).toEqual({ value: { variant: "cat", value: { name: "Tom" } } });
    }
  });
});
