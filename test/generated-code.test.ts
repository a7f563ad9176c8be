// Code generated per model (new Function) gives what the generic code gives, value for value:
// - newModel's direct copy (bindings/new-model-copy-generated.ts) is the generic walk's
//   (bindings/new-model-copy.ts): one model with a field of each kind the generated code copies
//   itself (and of kinds it hands back), each field given each awkward value in turn, read by
//   property keys and by JSON names, json:"-" from the input or not. The same result (value, key
//   order, failed), and the same smallest maxDocumentBytes at which the copy is made.
// - validate()'s generated pass test (bindings/reference-generated.ts) says "valid" exactly where
//   the reference walk (bindings/reference.ts) finds no error, at every maxDepth, cycles included.
// test/random-new-model 1d does the same on random models.

import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { model, t, Validator } from "../bindings/index.js";
import { directNewModel, withGenericCopy, type DirectResult } from "../bindings/new-model-copy.js";
import { referenceValidate } from "../bindings/reference.js";
import { surelyValid } from "../bindings/reference-generated.js";
import type { Model, Type } from "../bindings/model.js";

const Inner = model("Inner", { N: t.int('json:"n" checker:"required,gte=1"'), S: t.string('json:"s"') });
const Every = model("Every", {
  S: t.string('json:"s" checker:"required,max=5"'),
  B: t.bool('json:"b"'),
  I8: t.int8('json:"i8" checker:"gte=-5"'), U8: t.uint8('json:"u8"'), I16: t.int16('json:"i16"'), U16: t.uint16('json:"u16"'),
  I32: t.int32('json:"i32"'), U32: t.uint32('json:"u32"'), I: t.int('json:"i"'), I64: t.int64('json:"i64"'), U: t.uint('json:"u"'), U64: t.uint64('json:"u64"'),
  F: t.float64('json:"f" checker:"lte=10"'), F32: t.float32('json:"f32"'),
  D: t.string('json:"d" checker:"default=xy"'), DP: t.ptr(t.int(), 'json:"dp" checker:"default=3"'),
  P: t.ptr(t.string(), 'json:"p" checker:"required"'), PI: t.ptr(t.int(), 'json:"pi" checker:"gtfield=I8"'),
  SS: t.slice(t.string(), 'json:"ss" checker:"required,max=2,unique"'), SI: t.slice(t.int8(), 'json:"si"'),
  SP: t.slice(t.ptr(t.int()), 'json:"sp"'), SF: t.slice(t.float64(), 'json:"sf"'), SB: t.slice(t.bool(), 'json:"sb"'),
  M: t.model(Inner, 'json:"m"'), MP: t.ptr(t.model(Inner), 'json:"mp"'), Map: t.map(t.int(), 'json:"map"'),
  A: t.array(2, t.int(), 'json:"a"'), T: t.time('json:"t"'), Any: t.any('json:"any"'), Dash: t.string('json:"-"'),
});

const good = (): Record<string, unknown> => ({
  S: "abc", B: true, I8: -5, U8: 255, I16: -32768, U16: 65535, I32: 2147483647, U32: 4294967295, I: 2 ** 53 - 1, I64: -(2 ** 53 - 1),
  U: 0, U64: 7, F: 1.5, F32: 0.25, D: "d", DP: 4, P: "p", PI: 9, SS: ["a", "b"], SI: [1, -1], SP: [1, null], SF: [0.5], SB: [false],
  M: { N: 1, S: "s" }, MP: null, Map: { a: 1 }, A: [1, 2], T: new Date("2020-01-02T03:04:05Z"), Any: { x: [1] }, Dash: "secret",
});

/** Values each field is given in turn: of every JS type, at the int kinds' edges, -0, holes, nulls in slices. */
const VALUES: unknown[] = [
  null, undefined, "", "x", "abcdef", "2020-01-02T03:04:05Z", "\u0000\ud800", 0, -0, 1, -1, 1.5, -6, 128, 256, -129, 32768, 65536, 2 ** 31, 2 ** 32,
  2 ** 53, -(2 ** 53), 1e39, 3.5e38, NaN, Infinity, true, false, 3n, [], [null], ["a", "a"], ["a", "b", "c"], [1, "a"], [-0, 1.5], [true],
  // eslint-disable-next-line no-sparse-arrays
  [1, , 2], [1, 2], [1, 2, 3], {}, { N: 0, S: "" }, { n: 2, s: "t" }, { N: 1 }, new Date(0), new Date(NaN), () => 1,
];

const v = new Validator(Every);
const root = v.program.resolved.root;

/** The direct copy by the generated code and by the generic walk. */
function both(input: Record<string, unknown>, max: number, dash: boolean, depth = v.options.maxDepth, of = root): [DirectResult | undefined, DirectResult | undefined] {
  return [directNewModel(of, input, depth, max, dash), withGenericCopy(() => directNewModel(of, input, depth, max, dash))];
}

/** The smallest maxDocumentBytes at which the direct copy is made (undefined: it is never made). */
function threshold(input: Record<string, unknown>, dash: boolean, generic: boolean): number | undefined {
  const made = (max: number) => (generic ? withGenericCopy(() => directNewModel(root, input, v.options.maxDepth, max, dash)) : directNewModel(root, input, v.options.maxDepth, max, dash)) !== undefined;
  let [lo, hi] = [1, 1 << 20];
  if (!made(hi)) return undefined;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (made(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** An input by property keys, or by JSON names (json:"-" left out), with one field's value replaced. */
function input(byKeys: boolean, field: string, value: unknown): Record<string, unknown> {
  const o = good();
  o[field] = value;
  if (byKeys) return o;
  const names = Object.fromEntries(root.fields.map((f) => [f.key, f.jsonName]));
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== "Dash").map(([k, x]) => [names[k], x]));
}

const show = (r: DirectResult | undefined) => (r === undefined ? "(round trip)" : `${r.failed ? "failed " : ""}${JSON.stringify(r.value)}`);

describe("newModel's generated copy", () => {
  it("copies as the generic walk does: every field x every awkward value, by property keys and by JSON names", () => {
    const fields = Object.keys(good());
    let made = 0, failed = 0, cases = 0;
    for (const byKeys of [true, false]) {
      for (const field of fields) {
        for (const value of VALUES) {
          const o = input(byKeys, field, value);
          // (maxDepth 1 and 2: a slice or nested object of the root is one level too deep, or not)
          for (const [dash, depth] of [[true, 1000], [false, 1000], [true, 1], [true, 2]] as const) {
            const [fast, generic] = both(o, v.options.maxDocumentBytes, dash, depth);
            if (!isDeepStrictEqual(fast, generic) || (fast && Object.keys(fast.value).join() !== Object.keys(generic!.value).join())) {
              expect.fail(`${byKeys ? "by keys" : "by JSON names"}, ${field} = ${String(value)}, dash ${dash}, maxDepth ${depth}: ${show(fast)} vs ${show(generic)}`);
            }
            cases++;
            if (fast) made++;
            if (fast?.failed) failed++;
          }
        }
      }
    }
    // (most values are of another type than their field's, and take the round trip; of those
    // copied, some fail a check)
    expect(cases).toBe(2 * fields.length * VALUES.length * 4);
    console.log(`generated copy: ${cases} cases, ${made} copied, ${failed} of them failing a check`);
    expect(made).toBeGreaterThan(800);
    expect(failed).toBeGreaterThan(60);
  });

  it("bounds the round trip's text as the generic walk does: the same smallest maxDocumentBytes", () => {
    let compared = 0;
    for (const byKeys of [true, false]) {
      for (const field of ["S", "SS", "SI", "SF", "M", "Map", "I8", "F"]) {
        for (const value of ["", "abcdef", "é".repeat(40), ["a", "b"], ["x".repeat(50)], [1, -1, 5], [0.5, 2], { N: 1, S: "ééé" }, { k: 1 }, -5, 10]) {
          const o = input(byKeys, field, value);
          const want = threshold(o, true, true);
          expect(threshold(o, true, false), `${field} = ${JSON.stringify(value)}`).toBe(want);
          if (want !== undefined) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(25);
  });

  it("a mixed object (keys neither all property keys nor all JSON names, or out of order) is the generic walk's", () => {
    const o = good();
    const reordered: Record<string, unknown> = { B: o.B, S: o.S, ...o };
    const mixed: Record<string, unknown> = { ...input(false, "S", "abc"), B: true };
    for (const x of [reordered, mixed, { ...input(false, "S", "a"), unknown: 1 }, { ...o, unknown: "x" }, {}]) {
      const [fast, generic] = both(x, v.options.maxDocumentBytes, true);
      expect(fast).toStrictEqual(generic);
    }
    // fields named like Object.prototype's members: own keys of the input and of the copy
    const Odd = new Validator(model("Odd", { ["__proto__"]: t.int('json:"p" checker:"gte=1"'), constructor: t.string('json:"__proto__"') }));
    const odd = Odd.program.resolved.root;
    const copied = [JSON.parse('{"__proto__":2,"constructor":"c"}'), JSON.parse('{"p":2,"__proto__":"c"}'), JSON.parse('{"__proto__":0,"constructor":"c"}'), { constructor: "c" }].map((x) => {
      const [fast, generic] = both(x, 1 << 20, true, 1000, odd);
      expect(fast).toStrictEqual(generic);
      if (fast) expect(Object.getPrototypeOf(fast.value)).toBe(Object.prototype);
      return fast && { ...fast, keys: Object.keys(fast.value) };
    });
    expect(copied.map((c) => c && [c.keys, c.failed])).toEqual([[["__proto__", "constructor"], false], [["__proto__", "constructor"], false], [["__proto__", "constructor"], true], undefined]);
    expect(Odd.safeNewModel(JSON.parse('{"p":2,"__proto__":"c"}'))).toStrictEqual({ ok: true, value: JSON.parse('{"__proto__":2,"constructor":"c"}') });
    // keys that are the JSON names in order and also every property key: read by property keys
    // (README "newModel"), so the int field a is given "x", a conversion the round trip reports
    const Swap = new Validator(model("Swap", { a: t.int('json:"b"'), b: t.string('json:"a"') }));
    const swapped = both({ b: 1, a: "x" }, 1 << 20, true, 1000, Swap.program.resolved.root);
    expect(swapped).toStrictEqual([undefined, undefined]);
    expect(Swap.safeNewModel({ b: 1, a: "x" })).toMatchObject({ ok: false, error: { field: "b", expected: "int", got: "string" } });
  });
});

describe("validate()'s generated pass test", () => {
  it("says valid exactly where the reference walk finds no error: every field x every awkward value, maxDepth 1..3 and 1000", () => {
    let valid = 0, cases = 0;
    for (const field of Object.keys(good())) {
      for (const value of VALUES) {
        const o = input(true, field, value);
        for (const depth of [1000, 1, 2, 3]) {
          const want = referenceValidate(root, o, depth).length === 0;
          if (surelyValid(root, o, depth) !== want) expect.fail(`${field} = ${String(value)}, maxDepth ${depth}: generated ${!want}, reference ${want}`);
          cases++;
          if (want) valid++;
        }
      }
    }
    expect(cases).toBe(Object.keys(good()).length * VALUES.length * 4);
    console.log(`validate pass test: ${cases} cases, ${valid} valid`);
    expect(valid).toBeGreaterThan(600);
  });

  it("a value that contains itself, or nests past maxDepth, is never said to be valid", () => {
    interface Node { name: string; kids: Node[] | null; next: Node | null }
    const Tree: Model<{ name: Type<string>; kids: Type<Node[] | null>; next: Type<Node | null> }> = model("Tree", {
      name: t.string("required"), kids: t.slice(t.lazy(() => Tree)), next: t.ptr(t.lazy(() => Tree)),
    });
    const tree = new Validator(Tree).program.resolved.root;
    const leaf = (): Node => ({ name: "x", kids: null, next: null });
    const chain = (n: number): Node => (n === 0 ? leaf() : { name: "x", kids: [chain(n - 1)], next: null });
    const loop = leaf();
    loop.next = loop;
    const kidLoop = leaf();
    kidLoop.kids = [leaf(), kidLoop];
    for (const [value, depth] of [[loop, 1000], [kidLoop, 1000], [chain(3), 7], [chain(3), 8], [chain(3), 6], [{ ...leaf(), next: { ...leaf(), name: "" } }, 1000]] as const) {
      const want = referenceValidate(tree, value, depth).length === 0;
      expect(surelyValid(tree, value, depth), `maxDepth ${depth}`).toBe(want);
    }
    expect(referenceValidate(tree, loop, 1000)).not.toEqual([]);
    // a list of strings or of models at the root is one level in: maxDepth 1 refuses it
    const lists = new Validator(model("Lists", { s: t.slice(t.string()), m: t.slice(model("Item", { n: t.int() })) })).program.resolved.root;
    for (const [value, depth, want] of [[{ s: ["a"], m: null }, 1, false], [{ s: ["a"], m: null }, 2, true], [{ s: null, m: [{ n: 1 }] }, 2, false], [{ s: null, m: [{ n: 1 }] }, 3, true]] as const) {
      expect(referenceValidate(lists, value, depth).length === 0).toBe(want);
      expect(surelyValid(lists, value, depth), `${JSON.stringify(value)} at maxDepth ${depth}`).toBe(want);
    }
    expect(surelyValid(tree, chain(3), 8)).toBe(true);
  });
});
