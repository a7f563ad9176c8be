// Public methods work when passed on by themselves (bindings/bind-methods.ts), as zod's do:
// `docs.map(v.safeUnmarshal)`, destructuring, `chunks.forEach(parser.feed)`. Before, `this` was
// lost and each of these threw a TypeError inside the library.
import { describe, expect, it } from "vitest";
import { model, StreamParser, t, UnionStreamParser, UnionValidator, ValidationError, Validator } from "../bindings/index.js";

const User = model("User", { name: t.string("required,min=2"), age: t.int("gte=0") });
const Cat = model("Cat", { lives: t.int8("min=1,max=9") });
const Dog = model("Dog", { breed: t.string() });

describe("Validator methods passed on by themselves", () => {
  const v = new Validator(User);

  it("map(v.safeUnmarshal) reads each document", () => {
    const results = ['{"name":"Ada","age":36}', '{"name":"A","age":-1}'].map(v.safeUnmarshal);
    expect(results[0]).toEqual({ ok: true, value: { name: "Ada", age: 36 } });
    expect(results[1].ok).toBe(false);
    expect(!results[1].ok && (results[1].error as ValidationError).errors.map((e) => [e.field, e.code, e.message])).toEqual([
      ["name", "MIN_LENGTH", "must be at least 2 characters"],
      ["age", "MIN_VALUE", "must be at least 0"],
    ]);
  });

  it("destructured unmarshal, validate, marshal, dict, newModel and schema keep their validator", () => {
    const { unmarshal, validate, safeValidate, marshal, dict, newModel, schema } = v;
    const ada = unmarshal('{"name":"Ada","age":36}');
    expect(ada).toEqual({ name: "Ada", age: 36 });
    expect(() => validate(ada)).not.toThrow();
    expect(safeValidate({ name: "", age: 1 }).ok).toBe(false);
    expect(new TextDecoder().decode(marshal(ada))).toBe('{"name":"Ada","age":36}');
    expect(dict(ada)).toEqual({ name: "Ada", age: 36 });
    expect(newModel({ name: "Bo", age: 3 })).toEqual({ name: "Bo", age: 3 });
    expect(schema()).toBe(v.schema());
    expect(() => [{ name: "A", age: 1 }].forEach(validate)).toThrow(ValidationError);
  });

  it("stays an instance whose prototype methods are the same functions", () => {
    expect(v).toBeInstanceOf(Validator);
    expect(Object.keys(v)).not.toContain("unmarshal"); // own but not enumerable: spreading a validator copies no methods
    expect(Validator.prototype.unmarshal.call(v, '{"name":"Ada","age":1}')).toEqual({ name: "Ada", age: 1 });
  });
});

describe("UnionValidator and stream parsers", () => {
  const pets = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }] });

  it("map(u.unmarshal) reads each variant", () => {
    expect(['{"type":"cat","lives":3}', '{"type":"dog","breed":"pug"}'].map(pets.unmarshal)).toEqual([
      { variant: "cat", value: { lives: 3 } },
      { variant: "dog", value: { breed: "pug" } },
    ]);
  });

  it("chunks.forEach(parser.feed), then parser.end()", () => {
    const p = new StreamParser(User);
    ['{"na', 'me":"Ada",', '"age":36}'].forEach(p.feed);
    const { end, buffer, currentState, reset } = p;
    expect(end().value).toEqual({ name: "Ada", age: 36 });
    expect(buffer()).toBe('{"name":"Ada","age":36}');
    expect(currentState().complete([])).toBe(true);
    reset();
    expect(buffer()).toBe("");
  });

  it("a union stream's feed and end passed on by themselves", () => {
    const p = new UnionStreamParser(pets);
    ['{"type":"d', 'og","breed":"pug"}'].forEach(p.feed);
    expect(p.end()).toMatchObject({ done: true, variant: "dog", value: { variant: "dog", value: { breed: "pug" } } });
  });
});
