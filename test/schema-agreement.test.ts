// ajv (2020-12, strict, ajv-formats) with checker's schema and checker itself accept and reject the
// same documents, for >= 2,000 generated documents per model and per output (schema(),
// schemaOpenAPI(), and the draft-07 form Standard JSON Schema gives, with ajv's draft-07 validator), over the directives bindings/schema.ts lists as exact. Both outcomes must be
// well represented, so a schema that accepted (or rejected) everything would fail here.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t, UnionValidator, Validator, type JsonSchema, type Model, type ValidatorOptions } from "../bindings/index.js";
import { documents, type DocOptions } from "./support/issue5-gen.js";
import { compileDraft07Strict, compileStrict, openApiValidator } from "./support/issue5-schema.js";

const RUNS = 2000;

const Scalars = model("Scalars", {
  name: t.string("required,alphanum,min=2,max=6"),
  code: t.string("alpha"),
  role: t.string("oneof=admin user guest"),
  bio: t.string("max=5"),
  n8: t.int8("gte=-3,lt=100"),
  n16: t.int16("oneof=1 2 3"),
  u16: t.uint16(),
  u32: t.uint32("lte=70000"),
  big: t.int64("gt=-5"),
  ubig: t.uint64(),
  f32: t.float32("gt=-1.5"),
  f64: t.float64("min=0,lt=1e300"),
  ok: t.bool("oneof=true"),
  flag: t.bool("default=true"),
  p: t.ptr(t.int(), "gt=0"),
  ps: t.ptr(t.string(), "min=1"),
  a: t.any(),
  ra: t.any("required"),
  when: t.time(),
});

const Collections = model("Collections", {
  tags: t.slice(t.string(), "min=1,max=3,unique"),
  nums: t.slice(t.int8(), "unique"),
  flags: t.slice(t.bool(), "unique,max=2"),
  opt: t.slice(t.ptr(t.string()), "max=3"),
  grid: t.slice(t.slice(t.uint8())),
  counts: t.map(t.uint8(), "min=1,maxItems=3"),
  maybe: t.map(t.ptr(t.bool())),
  req: t.slice(t.string(), "required,minItems=1"),
});

const Address = model("Address", { city: t.string("required,min=2"), zip: t.string("max=5") });
const Node: Model = model("Node", {
  id: t.int8("required,gte=0"),
  kids: t.slice(t.lazy(() => Node), "max=2"),
  next: t.ptr(t.lazy(() => Node)),
});
const Order = model("Order", {
  home: Address,
  work: t.ptr(Address),
  stops: t.slice(Address, "max=2"),
  book: t.map(Address),
  tree: Node,
  tag: t.string('json:"tag_name,omitempty" checker:"min=1"'),
  secret: t.string('json:"-"'),
});

const Captures = model("Captures", {
  name: t.string("required"),
  inner: model("Inner", { v: t.uint8("lte=9"), more: t.extras() }),
  rest: t.extras(),
});

interface Tally {
  accepted: number;
  rejected: number;
}

/** Run the property and check that both outcomes were seen often enough for it to mean something. */
function agree(check: (doc: Record<string, unknown>) => boolean, docs: fc.Arbitrary<Record<string, unknown>>): Tally {
  const tally: Tally = { accepted: 0, rejected: 0 };
  fc.assert(
    fc.property(docs, (doc) => {
      const accepted = check(doc);
      if (accepted) tally.accepted++;
      else tally.rejected++;
    }),
    { numRuns: RUNS },
  );
  expect(tally.accepted + tally.rejected).toBe(RUNS);
  expect(tally.accepted, "accepted documents").toBeGreaterThanOrEqual(RUNS * 0.1);
  expect(tally.rejected, "rejected documents").toBeGreaterThanOrEqual(RUNS * 0.1);
  return tally;
}

/** A check that fails the property when ajv and checker disagree, else returns the shared verdict. */
function agreement(schema: JsonSchema, read: (text: string) => boolean, compile: (s: JsonSchema) => (instance: unknown) => boolean = compileStrict): (doc: Record<string, unknown>) => boolean {
  const ajv = compile(schema);
  return (doc) => {
    const text = JSON.stringify(doc);
    const byChecker = read(text);
    const bySchema = ajv(JSON.parse(text));
    if (byChecker !== bySchema) throw new Error(`checker ${byChecker ? "accepts" : "rejects"}, schema ${bySchema ? "accepts" : "rejects"}: ${text}`);
    return byChecker;
  };
}

const cases: [string, Model, ValidatorOptions, DocOptions][] = [
  ["scalars", Scalars, {}, { unknownKeys: true }],
  ["collections", Collections, { extraFields: "forbid" }, { wrongTypes: 0.01 }],
  ["nested models and recursion, forbid", Order, { extraFields: "forbid" }, { unknownKeys: true, wrongTypes: 0.02 }],
  ["captured extras", Captures, { extraFields: "allow" }, { unknownKeys: true, wrongTypes: 0.1 }],
];

describe("ajv and checker agree on generated documents", () => {
  for (const [name, m, options, docOptions] of cases) {
    for (const flavour of ["schema", "schemaOpenAPI"] as const) {
      it(`${name}: ${flavour}()`, () => {
        const v = new Validator(m, options);
        agree(agreement(v[flavour](), (text) => v.safeUnmarshal(text).ok), documents(v, docOptions));
      });
    }
    it(`${name}: ~standard.jsonSchema for target draft-07 (ajv's draft-07 validator)`, () => {
      const v = new Validator(m, options);
      const draft07 = v["~standard"].jsonSchema.input({ target: "draft-07" }) as JsonSchema;
      agree(agreement(draft07, (text) => v.safeUnmarshal(text).ok, compileDraft07Strict), documents(v, docOptions));
    });
  }

  it("a union: oneOf with const discriminators against UnionValidator", () => {
    const Cat = model("Cat", { name: t.string("required,min=1"), lives: t.int8("min=1,max=9") });
    const Dog = model("Dog", { name: t.string("required"), good: t.bool() });
    const options: ValidatorOptions = {};
    const u = new UnionValidator({ discriminator: "kind", variants: { cat: Cat, dog: Dog } }, options);
    const cat = documents(new Validator(Cat, options), { wrongTypes: 0.03 });
    const dog = documents(new Validator(Dog, options), { wrongTypes: 0.03 });
    // a body read as another variant would be missing fields (outside the exact domain): kinds name their own body
    const docs = fc.oneof(
      cat.map((body) => ({ kind: "cat", ...body })),
      dog.map((body) => ({ kind: "dog", ...body })),
      fc.tuple(fc.constantFrom<unknown>("Cat", "", 1, null, undefined, ["cat"]), fc.oneof(cat, dog))
        .map(([kind, body]) => (kind === undefined ? body : { kind, ...body })),
    );
    for (const s of [u.schema(), u.schemaOpenAPI()]) agree(agreement(s, (text) => u.safeUnmarshal(text).ok), docs);
    const draft07 = u["~standard"].jsonSchema.input({ target: "draft-07" }) as JsonSchema;
    agree(agreement(draft07, (text) => u.safeUnmarshal(text).ok, compileDraft07Strict), docs);
  });
});

describe("OpenAPI 3.1 evaluation (hyperjump, OAS dialect) agrees with checker", () => {
  it("nested models, recursion and forbid: 300 documents", async () => {
    const v = new Validator(Order, { extraFields: "forbid" });
    const oas = await openApiValidator(v.schemaOpenAPI());
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(documents(v, { unknownKeys: true, wrongTypes: 0.02 }), async (doc) => {
        const text = JSON.stringify(doc);
        const ok = v.safeUnmarshal(text).ok;
        expect(await oas(JSON.parse(text)), text).toBe(ok);
        if (ok) accepted++;
      }),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(30);
    expect(accepted).toBeLessThan(270);
  });
});
