// UnionValidator: creation mistakes, unmarshal (variants, discriminator errors, malformed and
// non-object documents, the variant's own errors, options), validate, and the two-pass reading.

import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  JsonSyntaxError, ModelError, model, t, UnionValidator, UnmarshalTypeError, ValidationError, Validator,
  type FieldError, type Model, type UnionDefinition, type ValidatorOptions,
} from "../bindings/index.js";
import { documents } from "./support/issue5-gen.js";

const Cat = model("Cat", { name: t.string("required"), lives: t.int8("min=1,max=9") });
const Dog = model("Dog", { name: t.string("required"), breed: t.string() });
const Bird = model("Bird", { name: t.string("required"), eggs: t.uint8() });

const pets = (options?: ValidatorOptions) =>
  new UnionValidator({ discriminator: "pet_type", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }, { value: "bird", model: Bird }] }, options);

function errorsOf(run: () => unknown): FieldError[] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as ValidationError).errors;
  }
  throw new Error("expected a ValidationError");
}

function modelError(def: unknown, options?: ValidatorOptions): string {
  try {
    new UnionValidator(def as UnionDefinition, options);
  } catch (e) {
    expect(e).toBeInstanceOf(ModelError);
    return (e as Error).message;
  }
  throw new Error("expected a ModelError");
}

afterEach(() => vi.restoreAllMocks());

describe("creation", () => {
  it("each mistake is a ModelError with its own message", () => {
    expect(modelError({ discriminator: "", variants: [{ value: "cat", model: Cat }] })).toBe("discriminator field is required");
    expect(modelError({ variants: { cat: Cat } })).toBe("discriminator field is required");
    expect(modelError({ discriminator: "k", variants: [] })).toBe("at least one variant is required");
    expect(modelError({ discriminator: "k", variants: {} })).toBe("at least one variant is required");
    expect(modelError({ discriminator: "k" })).toBe("at least one variant is required");
    expect(modelError({ discriminator: "k", variants: [{ value: "", model: Cat }] })).toBe("variant discriminator value cannot be empty");
    expect(modelError({ discriminator: "k", variants: [{ model: Cat }] })).toBe("variant discriminator value cannot be empty");
    expect(modelError({ discriminator: "k", variants: [{ value: "cat" }] })).toBe("variant model is required");
    expect(modelError({ discriminator: "k", variants: { cat: {} } })).toBe('variant model is required ("cat": got an object)');
    expect(modelError({ discriminator: "k", variants: { cat: new Validator(Cat) } })).toBe('variant model is required ("cat": got a Validator (pass its model: validator.model))');
    expect(modelError({ discriminator: "k", variants: [{ value: "cat", model: () => Cat }] })).toBe('variant model is required ("cat": got function)');
    expect(modelError({ discriminator: "k", variants: [Cat, Dog] })).toBe('variant discriminator value cannot be empty: an item of variants is a model (Cat); write { value: "...", model: Cat }');
    // the definition itself not an object (was "discriminator field is required", for new UnionValidator("type", { cat: Cat }))
    expect(modelError("type")).toBe("the union definition must be an object, { discriminator, variants }, got string");
    expect(modelError(undefined)).toBe("the union definition must be an object, { discriminator, variants }, got undefined");
    expect(modelError([Cat])).toBe("the union definition must be an object, { discriminator, variants }, got an array");
    expect(modelError({ discriminator: "k", variants: [{ value: "cat", model: Cat }, { value: "cat", model: Dog }] })).toBe("duplicate discriminator value: cat");
    expect(modelError({ discriminator: "a,b", variants: { cat: Cat } })).toBe('discriminator field "a,b" cannot contain a comma');
  });

  it("a mistake in a variant model or in the options is the validator's ModelError", () => {
    const Bad = model("Bad", { n: t.int("email") });
    expect(modelError({ discriminator: "k", variants: { bad: Bad } })).toContain("Bad");
    expect(modelError({ discriminator: "k", variants: { cat: Cat } }, { extraFields: "allow" })).toContain("ExtraAllow needs an extras field");
  });

  it("the record shorthand is the list in its key order; a model may serve two values", () => {
    const u = new UnionValidator({ discriminator: "k", variants: { cat: Cat, kitty: Cat, dog: Dog } });
    expect(u.values).toEqual(["cat", "kitty", "dog"]);
    expect(u.variant("kitty")).toBe(u.variant("cat"));
    expect(u.variant("dog")!.model).toBe(Dog);
    expect(u.unmarshal('{"k":"kitty","name":"Tom","lives":3}')).toEqual({ variant: "kitty", value: { name: "Tom", lives: 3 } });
  });
});

describe("unmarshal", () => {
  it("returns the variant named by the discriminator and its value", () => {
    const u = pets();
    expect(u.unmarshal('{"pet_type":"cat","name":"Tom","lives":7}')).toEqual({ variant: "cat", value: { name: "Tom", lives: 7 } });
    expect(u.unmarshal(new TextEncoder().encode('{"name":"Rex","breed":"lab","pet_type":"dog"}')))
      .toEqual({ variant: "dog", value: { name: "Rex", breed: "lab" } });
    expect(u.safeUnmarshal('{"pet_type":"bird","name":"Tweety","eggs":2}')).toEqual({ ok: true, value: { variant: "bird", value: { name: "Tweety", eggs: 2 } } });
  });

  it("a missing or null discriminator is REQUIRED; any other value that names no variant is INVALID_DISCRIMINATOR", () => {
    const u = pets();
    const required = [{ field: "pet_type", code: "REQUIRED", message: "field is required", value: null }];
    expect(errorsOf(() => u.unmarshal('{"name":"Tom"}'))).toEqual(required);
    expect(errorsOf(() => u.unmarshal('{"pet_type":null,"name":"Tom"}'))).toEqual(required);
    expect(errorsOf(() => u.unmarshal("{}"))).toEqual(required);
    for (const value of ["Cat", "", " cat", 1, 1.5, true, ["cat"], { v: "cat" }]) {
      expect(errorsOf(() => u.unmarshal(JSON.stringify({ pet_type: value, name: "Tom" }))), JSON.stringify(value)).toEqual([
        { field: "pet_type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog, bird", value },
      ]);
    }
    const e = u.safeUnmarshal('{"pet_type":"snake"}');
    expect(!e.ok && e.error.message).toBe("pet_type: must be one of: cat, dog, bird");
  });

  it("malformed JSON is a JsonSyntaxError, a document that is not an object an UnmarshalTypeError", () => {
    const u = pets();
    for (const doc of ["", "not json", '{"pet_type":"cat"', '{"pet_type":"cat"} x', '{"pet_type":"cat",}']) {
      expect(() => u.unmarshal(doc), doc).toThrow(JsonSyntaxError);
    }
    for (const doc of ["[]", '"cat"', "1", "true", '[{"pet_type":"cat"}]']) {
      let thrown: unknown;
      try {
        u.unmarshal(doc);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, doc).toBeInstanceOf(UnmarshalTypeError);
      expect((thrown as UnmarshalTypeError).field).toBe("");
      // (the type is the union's: its variants' models, not an internal name)
      expect((thrown as UnmarshalTypeError).expected).toBe("Cat | Dog | Bird");
    }
  });

  it("otherwise the variant's own errors, in document order, with its options", () => {
    const u = pets();
    expect(errorsOf(() => u.unmarshal('{"lives":10,"pet_type":"cat"}'))).toEqual([
      { field: "lives", code: "MAX_VALUE", message: "must be at most 9", value: 10 },
      { field: "name", code: "REQUIRED", message: "field is required", value: null },
    ]);
    expect(errorsOf(() => u.unmarshal('{"pet_type":"dog","name":"Rex"}'))).toEqual([
      { field: "breed", code: "MISSING_FIELD", message: "breed field is missing and has no default", value: null },
    ]);
    expect(pets({ strictMissingFields: false }).unmarshal('{"pet_type":"dog","name":"Rex"}')).toEqual({ variant: "dog", value: { name: "Rex", breed: "" } });
    let thrown: unknown;
    try {
      u.unmarshal('{"pet_type":"cat","name":"Tom","lives":"7"}');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UnmarshalTypeError);
    expect((thrown as UnmarshalTypeError).field).toBe("lives");
  });

  it("the discriminator key is read, never an unknown key, and never captured", () => {
    const WithRest = model("WithRest", { name: t.string(), rest: t.extras() });
    const u = new UnionValidator({ discriminator: "kind", variants: { w: WithRest } }, { extraFields: "allow" });
    expect(u.unmarshal('{"kind":"w","name":"n","x":1}')).toEqual({ variant: "w", value: { name: "n", rest: { x: 1 } } });
  });

  it("under extraFields forbid the discriminator is not an unknown key (other keys are)", () => {
    const u = pets({ extraFields: "forbid" });
    expect(u.unmarshal('{"pet_type":"dog","name":"Rex","breed":"lab"}')).toEqual({ variant: "dog", value: { name: "Rex", breed: "lab" } });
    expect(errorsOf(() => u.unmarshal('{"pet_type":"dog","name":"Rex","breed":"lab","age":3}'))).toEqual([
      { field: "age", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 3 },
    ]);
  });

  it("a variant field with the discriminator's name is read as that field", () => {
    const Tagged = model("Tagged", { kind: t.string("oneof=a b"), n: t.int() });
    const u = new UnionValidator({ discriminator: "kind", variants: { a: Tagged, c: Cat } });
    expect(u.unmarshal('{"kind":"a","n":1}')).toEqual({ variant: "a", value: { kind: "a", n: 1 } });
  });

  it("any discriminator name works, spelled as in JSON", () => {
    for (const name of ["-", 'a"b', "back\\slash", "__proto__", "with space", "ключ", "x:y", "tab\there"]) {
      const u = new UnionValidator({ discriminator: name, variants: { cat: Cat } });
      const doc = JSON.stringify({ [name]: "cat", name: "Tom", lives: 1 });
      expect(u.unmarshal(doc), name).toEqual({ variant: "cat", value: { name: "Tom", lives: 1 } });
      expect(errorsOf(() => u.unmarshal(JSON.stringify({ [name]: "dog" }))), name)
        .toEqual([{ field: name, code: "INVALID_DISCRIMINATOR", message: "must be one of: cat", value: "dog" }]);
    }
  });

  it("reads a document in two passes through the core (the probe, then the variant)", () => {
    const spy = vi.spyOn(Validator.prototype, "safeUnmarshal");
    const u = pets();
    u.unmarshal('{"pet_type":"cat","name":"Tom","lives":7}');
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockClear();
    expect(() => u.unmarshal('{"pet_type":"cow"}')).toThrow(ValidationError);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  function sameAsVariantAlone(options: ValidatorOptions): void {
    const u = pets(options);
    const variants: [string, Validator][] = [["cat", Cat], ["dog", Dog], ["bird", Bird]].map(([value, m]) => [value as string, new Validator(m as Model, options)]);
    const docs = fc.oneof(...variants.map(([value, v]) => documents(v, { unknownKeys: true }).map((doc) => [value, v, doc] as const)));
    fc.assert(
      fc.property(docs, ([value, v, doc]) => {
        const alone = v.safeUnmarshal(JSON.stringify(doc));
        const viaUnion = u.safeUnmarshal(JSON.stringify({ pet_type: value, ...doc }));
        expect(viaUnion.ok).toBe(alone.ok);
        if (alone.ok && viaUnion.ok) expect(viaUnion.value).toEqual({ variant: value, value: alone.value });
        if (!alone.ok && !viaUnion.ok) {
          expect(viaUnion.error.constructor).toBe(alone.error.constructor);
          if (alone.error instanceof ValidationError) expect((viaUnion.error as ValidationError).errors).toEqual(alone.error.errors);
        }
      }),
      { numRuns: 1000 },
    );
  }

  it("for generated documents, a variant reads as its own validator reads the document without the discriminator", () => {
    sameAsVariantAlone({});
    sameAsVariantAlone({ strictMissingFields: false });
  });

  it("the same under extraFields forbid", () => sameAsVariantAlone({ extraFields: "forbid" }));
});

describe("stack traces", () => {
  const u = pets();
  function callingUnionUnmarshal(json: string): unknown {
    return u.unmarshal(json);
  }
  function callingUnionValidate(item: unknown): unknown {
    u.validate(item as never);
    return item;
  }
  const thrown = (run: () => unknown): Error => {
    try {
      run();
    } catch (e) {
      return e as Error;
    }
    throw new Error("expected a throw");
  };

  it("unmarshal and validate throw with a trace from their caller; safeUnmarshal returns the same errors without one", () => {
    const unknown = thrown(() => callingUnionUnmarshal('{"pet_type":"fish","name":"Nemo"}'));
    expect((unknown as ValidationError).errors).toEqual([{ field: "pet_type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog, bird", value: "fish" }]);
    expect(unknown.stack).toContain("callingUnionUnmarshal");
    const variant = thrown(() => callingUnionUnmarshal('{"pet_type":"cat","name":"Tom","lives":10}'));
    expect(variant.message).toBe("lives: must be at most 9");
    expect(variant.stack).toContain("callingUnionUnmarshal");
    const notItem = thrown(() => callingUnionValidate(7));
    expect(notItem.message).toBe(": must be of type { variant, value }");
    expect(notItem.stack).toContain("callingUnionValidate");
    const callingSafeUnmarshal = () => u.safeUnmarshal('{"pet_type":"fish","name":"Nemo"}');
    const r = callingSafeUnmarshal();
    expect(r.ok).toBe(false);
    expect((r as { error: Error }).error.stack).not.toContain("callingSafeUnmarshal");
  });
});

describe("validate", () => {
  it("validates a value as the variant it names", () => {
    const u = pets();
    expect(() => u.validate({ variant: "cat", value: { name: "Tom", lives: 9 } })).not.toThrow();
    expect(errorsOf(() => u.validate({ variant: "cat", value: { name: "Tom", lives: 0 } }))).toEqual([
      { field: "lives", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
    ]);
    expect(errorsOf(() => u.validate({ variant: "dog", value: { name: null, breed: "" } as never }))).toEqual([
      { field: "name", code: "REQUIRED", message: "field is required", value: null },
    ]);
    expect(u.safeValidate({ variant: "bird", value: { name: "", eggs: 1 } })).toEqual({ ok: true, value: { variant: "bird", value: { name: "", eggs: 1 } } });
    const item = u.unmarshal('{"pet_type":"cat","name":"Tom","lives":2}');
    expect(u.safeValidate(item).ok).toBe(true);
  });

  it("what is no { variant, value } at all is a ValidationError too (safeValidate(null) threw a TypeError), the document itself included", () => {
    // the document itself, as JSON.parse gives it, and {} (were REQUIRED at pet_type, which the document has)
    for (const [item, value] of [[null, null], [undefined, null], ["cat", "cat"], [7, 7], [{ pet_type: "cat", name: "Tom", lives: 2 }, null], [{}, null]] as const) {
      expect(pets().safeValidate(item as never)).toEqual({ ok: false, error: expect.any(ValidationError) });
      expect(errorsOf(() => pets().validate(item as never))).toEqual([{ field: "", code: "INVALID_TYPE", message: "must be of type { variant, value }", value }]);
    }
  });

  it("a variant value that names no variant is INVALID_DISCRIMINATOR", () => {
    expect(errorsOf(() => pets().validate({ variant: "cow", value: {} } as never))).toEqual([
      { field: "pet_type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog, bird", value: "cow" },
    ]);
  });
});
