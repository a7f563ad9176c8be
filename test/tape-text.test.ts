// A validator builds a value without decoding UTF-8 input when its model holds no text (strings,
// times, `any`, map keys, captured extras): modelReadsText says which models those are, and a
// model that reads none builds from bytes the value it builds from the same text as a string.
import { describe, expect, it } from "vitest";
import { model, t, type Model } from "../bindings/model.js";
import { resolve } from "../bindings/resolve.js";
import { modelReadsText } from "../bindings/tape-text.js";
import { Validator } from "../bindings/validator.js";

const Point = model("Point", { x: t.float64(), y: t.ptr(t.int32()), ok: t.bool() });
const Tree: Model = model("Tree", { n: t.uint8(), kids: t.slice(t.lazy((): Model => Tree)) });
const Named: Model = model("Named", { kids: t.slice(t.lazy((): Model => Named)), name: t.string() });
const reads = (m: Model, extraFields?: "allow") => modelReadsText(resolve(m, extraFields ? { extraFields } : {}).root);

describe("modelReadsText", () => {
  it("no text: numbers, bools, ptrs, lists, fixed arrays, nested and recursive models of them", () => {
    expect(reads(model("A", { xs: t.slice(t.int()), fs: t.array(3, t.float32()), p: Point, ps: t.slice(t.ptr(Point)) }))).toBe(false);
    expect(reads(Tree)).toBe(false);
    expect(reads(model("Skip", { n: t.int(), s: t.string('json:"-"') }))).toBe(false);
  });
  it("text: a string, time or any anywhere, a map (its keys), extras captured", () => {
    expect(reads(model("S", { p: Point, s: t.slice(t.ptr(t.string())) }))).toBe(true);
    expect(reads(model("T", { at: t.array(1, t.time()) }))).toBe(true);
    expect(reads(model("Y", { v: t.any() }))).toBe(true);
    expect(reads(model("M", { m: t.map(t.int()) }))).toBe(true);
    expect(reads(model("E", { n: t.int(), extra: t.extras() }), "allow")).toBe(true);
    expect(reads(model("R", { tree: t.slice(Named) }))).toBe(true);
  });
  it("a model without text builds from bytes what it builds from the string", () => {
    const v = new Validator(model("B", { xs: t.slice(t.int()), p: t.ptr(Point), q: t.array(2, t.bool()), tree: Tree }));
    const text = JSON.stringify({ xs: [1, -2, 3], p: { x: 1.5, y: null, ok: true }, q: [true], tree: { n: 1, kids: [{ n: 2, kids: [] }] } });
    const fromBytes = v.safeUnmarshal(new TextEncoder().encode(text));
    expect(fromBytes).toEqual(v.safeUnmarshal(text));
    expect(fromBytes.ok && fromBytes.value).toEqual({ xs: [1, -2, 3], p: { x: 1.5, y: null, ok: true }, q: [true, false], tree: { n: 1, kids: [{ n: 2, kids: [] }] } });
  });
});
