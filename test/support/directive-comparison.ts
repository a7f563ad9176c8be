// The shared suite of the numeric comparison directives gt / lt / gte / lte: every number kind at
// and around a bound, floats, nested paths, ptr null, missing keys, kinds they cannot apply to and
// malformed numbers. Each directive file calls it with its name, code, message verb and rule, and
// adds its own exact cases.

import { describe, expect, it } from "vitest";
import { Validator, model, t, type Type } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "./directive-cases.js";
import { expectAcceptedOn, expectModelError, expectRejectedOn, fe, kindsExcept, one } from "./directive-harness.js";

export interface Comparison {
  name: "gt" | "lt" | "gte" | "lte";
  code: string;
  /** `must be greater than`, ... (the message is `<verb> N`, N as written). */
  verb: string;
  /** The rule: does value v pass against bound b? */
  passes: (v: number, b: number) => boolean;
}

const INT_KINDS: [string, (tag?: string) => Type, number, number][] = [
  ["int", t.int, -9007199254740991, 9007199254740991],
  ["int8", t.int8, -128, 127],
  ["int16", t.int16, -32768, 32767],
  ["int32", t.int32, -2147483648, 2147483647],
  ["int64", t.int64, -9007199254740991, 9007199254740991],
  ["uint", t.uint, 0, 9007199254740991],
  ["uint8", t.uint8, 0, 255],
  ["uint16", t.uint16, 0, 65535],
  ["uint32", t.uint32, 0, 4294967295],
  ["uint64", t.uint64, 0, 9007199254740991],
];

const NUMBER_KINDS = ["int", "int8", "uint64", "float32", "float64", "ptr-int"];

/** Split candidates into passing and failing by the rule. */
function split(c: Comparison, bound: number, candidates: number[]): { pass: number[]; fail: number[] } {
  return { pass: candidates.filter((v) => c.passes(v, bound)), fail: candidates.filter((v) => !c.passes(v, bound)) };
}

export function describeComparison(c: Comparison): void {
  const message = (n: string) => `${c.verb} ${n}`;

  describe(`${c.name}: ${c.code} \`${c.verb} N\``, () => {
    it("every int kind, at and around a bound inside its range and at its extremes", () => {
      for (const [, make, lo, hi] of INT_KINDS) {
        for (const bound of [lo === 0 ? 10 : -5, lo, hi]) {
          const near = [bound - 1, bound, bound + 1, lo, hi, 0].filter((v) => v >= lo && v <= hi);
          expectValues({ type: make(`${c.name}=${bound}`), ...split(c, bound, near), code: c.code, message: message(String(bound)) });
        }
      }
    });

    it("floats at and around fractional and negative bounds, N printed as written", () => {
      for (const make of [t.float32, t.float64]) {
        for (const [text, bound] of [["1.5", 1.5], ["-0.25", -0.25], ["1e2", 100], ["0", 0], ["+3.0", 3]] as const) {
          const near = [bound - 0.5, bound - 1e-9, bound, bound + 1e-9, bound + 0.5, -1e30, 1e30];
          expectValues({ type: make(`${c.name}=${text}`), ...split(c, bound, near), code: c.code, message: message(text) });
        }
      }
      // the bound is compared as a float64, not as float32
      expectValues({ type: t.float32(`${c.name}=0.1`), ...split(c, 0.1, [0.1, 0.10000000149011612]), code: c.code, message: message("0.1") });
      expectValues({ type: t.float64(`${c.name}=0`), ...split(c, 0, [-0, 0, 5e-324, -5e-324]), code: c.code, message: message("0") });
    });

    it("reports the failure at nested paths", () => {
      const bad = c.passes(0, 0) ? (c.passes(-1, 0) ? 1 : -1) : 0;
      const good = c.passes(1, 0) ? 1 : -1;
      const Leaf = model("Leaf", { n: t.int(`${c.name}=0`) });
      expectNested(Leaf, { n: good }, { n: bad }, [fe("n", c.code, message("0"), bad)]);
    });

    it("skips a null ptr", () => {
      const bad = c.passes(0, 0) ? (c.passes(-1, 0) ? 1 : -1) : 0;
      expectPtrNullSkips(t.ptr(t.int(), `${c.name}=0`), bad, c.code, message("0"));
      expectPtrNullSkips(t.ptr(t.float64(), `${c.name}=0`), bad / 2, c.code, message("0"));
    });

    it("missing: MISSING_FIELD under strictMissingFields, the zero value 0 checked without it", () => {
      for (const b of [-1, 0, 1]) {
        const zeroFails = c.passes(0, b) ? [] : [fe("f", c.code, message(String(b)), 0)];
        expectMissing(t.int(`${c.name}=${b}`), zeroFails);
      }
    });

    it("applies to every number kind and ptrs to them", () => {
      expectAcceptedOn(NUMBER_KINDS, `${c.name}=1`);
      for (const [kind, make] of INT_KINDS) expect(() => new Validator(one(make(`${c.name}=1`))), kind).not.toThrow();
    });

    it("is a ModelError on strings, bools, times, lists, maps, models, any and extras", () => {
      expectRejectedOn(kindsExcept(...NUMBER_KINDS), `${c.name}=1`, c.name);
    });

    it("is a ModelError with a malformed number", () => {
      for (const tag of [`${c.name}`, `${c.name}=`, `${c.name}=x`, `${c.name}=1_5`, `${c.name}=0x1`, `${c.name}=1e999`, `${c.name}=NaN`, `${c.name}=Infinity`]) {
        expectModelError(() => new Validator(one(t.float64(tag), "Bad")), { model: "Bad", field: "f", directive: c.name, contains: "malformed number" });
      }
    });
  });
}
