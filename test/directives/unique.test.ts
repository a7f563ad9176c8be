// `unique`: NOT_UNIQUE `items must be unique`, the value being the whole list or map. Lists: items
// pairwise distinct; maps: values pairwise distinct; `unique=F` on a list of models compares
// their field F. null items of ptrs are nil and skipped; a null item of values is Go's zero value.
import { describe, expect, it } from "vitest";
import { Validator, model, t, type Type } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import {
  expectAcceptedOn, expectBoth, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one,
} from "../support/directive-harness.js";

const MSG = "items must be unique";
const notUnique = (field: string, value: unknown) => fe(field, "NOT_UNIQUE", MSG, value);
const check = (type: Type, pass: unknown[], fail: unknown[]) => expectValues({ type, pass, fail, code: "NOT_UNIQUE", message: MSG });

describe("unique on lists of scalars", () => {
  it("strings: exact text (case, normalisation and spaces matter)", () => {
    check(t.slice(t.string(), "unique"), [[], ["a"], ["a", "A"], ["é", "e\u0301"], ["a", "a "], ["", " "]], [["a", "a"], ["a", "b", "a"], ["", ""], ["😀", "x", "😀"]]);
  });

  it("one error for the list however many duplicates it has", () => {
    expectTyped(one(t.slice(t.string(), "unique")), { f: ["a", "a", "b", "b", "b"] }, [notUnique("f", ["a", "a", "b", "b", "b"])]);
  });

  it("strings are compared decoded", () => {
    expectUnmarshal(one(t.slice(t.string(), "unique")), '{"f":["a","\\u0061"]}', [notUnique("f", ["a", "a"])]);
    expectUnmarshal(one(t.slice(t.string(), "unique")), '{"f":["\\ud83d\\ude00","😀"]}', [notUnique("f", ["😀", "😀"])]);
  });

  it("numbers by value: 1 = 1.0 = 1e0, 0 = -0", () => {
    check(t.slice(t.float64(), "unique"), [[1, 2], [0.1, 0.30000000000000004 - 0.2]], [[1, 1], [0, -0], [1.5, 2, 1.5]]);
    expectUnmarshal(one(t.slice(t.float64(), "unique")), '{"f":[1,1.0]}', [notUnique("f", [1, 1])]);
    expectUnmarshal(one(t.slice(t.float64(), "unique")), '{"f":[100,1e2]}', [notUnique("f", [100, 100])]);
    check(t.slice(t.uint8(), "unique"), [[0, 255]], [[255, 255]]);
  });

  it("bools and times (times by instant, whatever the offset)", () => {
    check(t.slice(t.bool(), "unique"), [[true, false]], [[true, true], [false, true, false]]);
    const at = new Date("2024-01-01T00:00:00Z");
    check(t.slice(t.time(), "unique"), [[at, new Date(at.getTime() + 1)]], [[at, new Date(at.getTime())]]);
    expectUnmarshal(one(t.slice(t.time(), "unique")), '{"f":["2024-01-01T00:00:00Z","2024-01-01T02:00:00+02:00"]}', [
      notUnique("f", ["2024-01-01T00:00:00Z", "2024-01-01T02:00:00+02:00"]),
    ]);
  });

  it("null items (a list of ptrs) are skipped", () => {
    check(t.slice(t.ptr(t.int()), "unique"), [[null, null], [1, null, 2, null]], [[1, null, 1]]);
  });

  it("a null item of a list of values is its zero value, compared as Go's slice holds it (and the value unmarshal returns)", () => {
    const ints = one(t.slice(t.int(), "unique"));
    expectUnmarshal(ints, '{"f":[null,null]}', [notUnique("f", [null, null])]);
    expectUnmarshal(ints, '{"f":[0,null]}', [notUnique("f", [0, null])]);
    expectUnmarshal(ints, '{"f":[1,null]}', []);
    expect(new Validator(ints).unmarshal('{"f":[1,null]}')).toEqual({ f: [1, 0] });
    expect(new Validator(ints).safeValidate({ f: [null, null] } as never)).toMatchObject({ ok: false, error: { errors: [notUnique("f", [null, null])] } });
    expectUnmarshal(one(t.slice(t.string(), "unique")), '{"f":["",null]}', [notUnique("f", ["", null])]);
    expectUnmarshal(one(t.slice(t.bool(), "unique")), '{"f":[null,false]}', [notUnique("f", [null, false])]);
    // Go's zero time, 0001-01-01T00:00:00Z, by instant
    const times = one(t.slice(t.time(), "unique"));
    expectUnmarshal(times, '{"f":[null,"0001-01-01T01:00:00+01:00"]}', [notUnique("f", [null, "0001-01-01T01:00:00+01:00"])]);
    expectUnmarshal(times, '{"f":[null,"0001-01-01T00:00:00.001Z"]}', []);
    // map values likewise
    expectUnmarshal(one(t.map(t.int(), "unique")), '{"f":{"a":null,"b":0}}', [notUnique("f", { a: null, b: 0 })]);
    expectUnmarshal(one(t.map(t.int(), "unique")), '{"f":{"a":null,"b":1}}', []);
    // a null model item is the zero model: by value, and by unique=F
    const Item = model("NullItem", { n: t.int(), p: t.ptr(t.int()) });
    expectUnmarshal(one(t.slice(Item, "unique")), '{"f":[null,{"n":0,"p":null}]}', [notUnique("f", [null, { n: 0, p: null }])]);
    expectUnmarshal(one(t.slice(Item, "unique")), '{"f":[null,{"n":0,"p":0}]}', []);
    expectUnmarshal(one(t.slice(Item, "unique=n")), '{"f":[null,{"n":0,"p":5}]}', [notUnique("f", [null, { n: 0, p: 5 }])]);
    expectUnmarshal(one(t.slice(Item, "unique=p")), '{"f":[null,{"n":1,"p":null}]}', []);
    expect(new Validator(one(t.slice(Item, "unique"))).safeValidate({ f: [null, { n: 0, p: null }] } as never).ok).toBe(false);
  });

  it("a fixed-size array: its items, not the extra ones the JSON may hold", () => {
    check(t.array(3, t.int(), "unique"), [[1, 2, 3]], [[1, 2, 1], [0, 0, 0]]);
    expectUnmarshal(one(t.array(2, t.int(), "unique")), '{"f":[1,2,1]}', []);
    expectUnmarshal(one(t.array(2, t.int(), "unique")), '{"f":[1,1,2]}', [notUnique("f", [1, 1, 2])]);
  });

  it("a fixed-size array read from fewer items holds zero values in the rest, and they count (as validate sees the value)", () => {
    const ints = one(t.array(3, t.int(), "unique"));
    expectUnmarshal(ints, '{"f":[]}', [notUnique("f", [])]);
    expectUnmarshal(ints, '{"f":[7]}', [notUnique("f", [7])]); // [7, 0, 0]
    expectUnmarshal(ints, '{"f":[0,7]}', [notUnique("f", [0, 7])]); // [0, 7, 0]
    expectUnmarshal(ints, '{"f":[7,8]}', []); // [7, 8, 0]
    expect(new Validator(ints).unmarshal('{"f":[7,8]}')).toEqual({ f: [7, 8, 0] });
    expectTyped(ints, { f: [7, 0, 0] }, [notUnique("f", [7, 0, 0])]);
    expectUnmarshal(one(t.array(2, t.string(), "unique")), '{"f":[""]}', [notUnique("f", [""])]);
    expectUnmarshal(one(t.array(2, t.string(), "unique")), '{"f":["a"]}', []);
    expectUnmarshal(one(t.array(2, t.bool(), "unique")), '{"f":[false]}', [notUnique("f", [false])]);
    expectUnmarshal(one(t.array(2, t.time(), "unique")), '{"f":["0001-01-01T00:00:00Z"]}', [notUnique("f", ["0001-01-01T00:00:00Z"])]);
    expectUnmarshal(one(t.array(2, t.time(), "unique")), '{"f":["2024-01-01T00:00:00Z"]}', []);
    // a zero ptr is nil: skipped
    expectUnmarshal(one(t.array(3, t.ptr(t.int()), "unique")), '{"f":[0]}', []);
  });

  it("padding of a fixed-size array of models: zero models, compared by value or by unique=F", () => {
    const Item = model("PadItem", { n: t.int(), s: t.string(), p: t.ptr(t.int()) });
    const byValue = one(t.array(2, Item, "unique"));
    expectUnmarshal(byValue, '{"f":[{"n":0,"s":"","p":null}]}', [notUnique("f", [{ n: 0, s: "", p: null }])]);
    expectUnmarshal(byValue, '{"f":[{"n":0,"s":"","p":0}]}', []);
    expectUnmarshal(byValue, '{"f":[{"n":1,"s":"","p":null}]}', []);
    expectUnmarshal(byValue, '{"f":[]}', [notUnique("f", [])]);
    const byN = one(t.array(2, Item, "unique=n"));
    expectUnmarshal(byN, '{"f":[{"n":0,"s":"x","p":1}]}', [notUnique("f", [{ n: 0, s: "x", p: 1 }])]);
    expectUnmarshal(byN, '{"f":[{"n":5,"s":"","p":null}]}', []);
    // unique=p: the padding's p is nil, skipped
    expectUnmarshal(one(t.array(3, Item, "unique=p")), '{"f":[]}', []);
  });

  it("a nil list passes; missing: its zero value (nil) passes without strictMissingFields", () => {
    expectTyped(one(t.slice(t.int(), "unique")), { f: null }, []);
    expectMissing(t.slice(t.int(), "unique"), []);
    expectMissing(t.array(2, t.int(), "unique"), [notUnique("f", [0, 0])]);
  });

  it("skips a null ptr to a list", () => {
    expectPtrNullSkips(t.ptr(t.slice(t.string()), "unique"), ["x", "x"], "NOT_UNIQUE", MSG);
  });
});

describe("unique on maps: the values", () => {
  it("values pairwise distinct, keys irrelevant", () => {
    check(t.map(t.string(), "unique"), [{}, { a: "x", b: "y" }, { x: "a", y: "A" }], [{ a: "x", b: "x" }, { a: "", b: "1", c: "" }]);
    check(t.map(t.ptr(t.int()), "unique"), [{ a: null, b: null, c: 1 }], [{ a: 1, b: 1 }]);
  });

  it("a map of models compares the models by value", () => {
    const P = model("Pt", { x: t.int(), y: t.int() });
    const m = one(t.map(P, "unique"));
    expectTyped(m, { f: { a: { x: 1, y: 2 }, b: { x: 2, y: 1 } } }, []);
    expectTyped(m, { f: { a: { x: 1, y: 2 }, b: { x: 1, y: 2 } } }, [notUnique("f", { a: { x: 1, y: 2 }, b: { x: 1, y: 2 } })]);
  });
});

describe("unique on lists of models", () => {
  const Person = model("Person", { name: t.string(), age: t.int() });

  it("by value: every field, whatever the key order in the JSON", () => {
    const m = one(t.slice(Person, "unique"));
    expectTyped(m, { f: [{ name: "a", age: 1 }, { name: "a", age: 2 }] }, []);
    expectTyped(m, { f: [{ name: "a", age: 1 }, { name: "a", age: 1 }] }, [notUnique("f", [{ name: "a", age: 1 }, { name: "a", age: 1 }])]);
    expectUnmarshal(m, '{"f":[{"name":"a","age":1},{"age":1,"name":"a"}]}', [notUnique("f", [{ name: "a", age: 1 }, { age: 1, name: "a" }])]);
  });

  it("unique=F: by one field", () => {
    const m = one(t.slice(Person, "unique=name"));
    expectTyped(m, { f: [{ name: "a", age: 1 }, { name: "b", age: 1 }] }, []);
    expectTyped(m, { f: [{ name: "a", age: 1 }, { name: "a", age: 2 }] }, [notUnique("f", [{ name: "a", age: 1 }, { name: "a", age: 2 }])]);
  });

  it("unique=F without strictMissingFields: a missing F is its zero value", () => {
    const m = one(t.slice(Person, "unique=name"));
    expectUnmarshal(m, '{"f":[{"age":1},{"age":2}]}', [notUnique("f", [{ age: 1 }, { age: 2 }])], { strictMissingFields: false });
    expectUnmarshal(m, '{"f":[{"age":1},{"name":"","age":2}]}', [notUnique("f", [{ age: 1 }, { name: "", age: 2 }])], { strictMissingFields: false });
  });

  it("unique=F: items whose F is null are skipped", () => {
    const Tagged = model("Tagged", { name: t.ptr(t.string()), n: t.int() });
    expectBoth(one(t.slice(Tagged, "unique=name")), { f: [{ name: null, n: 1 }, { name: null, n: 2 }] }, []);
  });

  it("by value, ptr and time fields compare by what they hold (null equal to null)", () => {
    const Stamp = model("Stamp", { at: t.time(), p: t.ptr(t.int()) });
    const m = one(t.slice(Stamp, "unique"));
    const at = new Date("2024-01-01T00:00:00Z");
    expectTyped(m, { f: [{ at, p: null }, { at, p: 0 }] }, []);
    expectTyped(m, { f: [{ at, p: null }, { at, p: null }] }, [notUnique("f", [{ at: "2024-01-01T00:00:00Z", p: null }, { at: "2024-01-01T00:00:00Z", p: null }])]);
  });

  it("reports at nested paths", () => {
    const Leaf = model("Leaf", { tags: t.slice(t.string(), "unique") });
    expectNested(Leaf, { tags: ["a", "b"] }, { tags: ["a", "a"] }, [notUnique("tags", ["a", "a"])]);
  });
});

describe("unique: where it applies", () => {
  it("slices, arrays and maps (and ptrs to them)", () => {
    expectAcceptedOn(["slice", "array", "map", "ptr-slice"], "unique");
  });

  it("is a ModelError on every other kind", () => {
    expectRejectedOn(kindsExcept("slice", "array", "map", "ptr-slice"), "unique", "unique");
  });

  it("is a ModelError on a list of lists, maps or any", () => {
    for (const elem of [t.slice(t.int()), t.map(t.int()), t.any()]) {
      expectModelError(() => new Validator(one(t.slice(elem, "unique"), "Bad")), { model: "Bad", field: "f", directive: "unique", contains: "items must be strings, numbers, bools, times or models" });
    }
  });

  it("unique=F needs a list of models with a scalar field F", () => {
    const Item = model("Item", { sku: t.string(), tags: t.slice(t.string()) });
    const named = { model: "Bad", field: "f", directive: "unique" };
    expectModelError(() => new Validator(one(t.slice(t.string(), "unique=sku"), "Bad")), { ...named, contains: "needs a slice of models" });
    expectModelError(() => new Validator(one(t.map(Item, "unique=sku"), "Bad")), { ...named, contains: "needs a slice of models" });
    expectModelError(() => new Validator(one(t.slice(Item, "unique=zz"), "Bad")), { ...named, contains: "the item model has no field zz" });
    expectModelError(() => new Validator(one(t.slice(Item, "unique=tags"), "Bad")), { ...named, contains: "must be a string, number, bool or time" });
  });

  it("unique by value on models with a list, map or model field is a ModelError (use unique=F)", () => {
    const named = { model: "Bad", field: "f", directive: "unique", contains: "use unique=<Field>" };
    const Tagged = model("TaggedList", { name: t.string(), tags: t.slice(t.string()) });
    const Outer = model("OuterV", { name: t.string(), inner: model("InnerV", { v: t.int() }) });
    const Mapped = model("Mapped", { m: t.map(t.int()) });
    for (const item of [Tagged, Outer, Mapped]) {
      expectModelError(() => new Validator(one(t.slice(item, "unique"), "Bad")), named);
      expectModelError(() => new Validator(one(t.map(item, "unique"), "Bad")), named);
    }
    expect(() => new Validator(one(t.slice(Tagged, "unique=name")))).not.toThrow();
  });
});
