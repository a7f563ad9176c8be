// The shared suite of gtfield / ltfield: this field compared with another field of the same model
// (numbers by value, strings in code point order, times by instant), skipped when either side is
// a nil ptr or missing, or when this field is null (null on the other field, no ptr, is its zero
// value); run when the object closes. Each file calls it with its name, code and direction.

import { describe, expect, it } from "vitest";
import { Validator, model, t, type Type } from "../../bindings/index.js";
import { under } from "./directive-cases.js";
import { expectBoth, expectModelError, expectTyped, expectUnmarshal, fe, validatorFor } from "./directive-harness.js";

export interface FieldComparison {
  name: "gtfield" | "ltfield";
  code: string;
  /** `greater` or `less`: the message is `must be <word> than field F`. */
  word: string;
  /** The sign of compare(this, other) that passes. */
  sign: 1 | -1;
}

/** [smaller, larger] pairs of typed values, per comparable kind. */
const ORDERED: [string, () => Type, unknown, unknown][] = [
  ["int", () => t.int(), -1, 0],
  ["int8", () => t.int8(), 126, 127],
  ["uint64", () => t.uint64(), 9007199254740990, 9007199254740991],
  ["float32", () => t.float32(), 0.5, 0.50000001],
  ["float64", () => t.float64(), -1e-300, 0],
  ["string", () => t.string(), "a", "b"],
  ["string prefix", () => t.string(), "ab", "abc"],
  ["string empty", () => t.string(), "", " "],
  // code point order (UTF-8 byte order), not UTF-16 unit order: U+FFFF < U+1F600
  ["string astral", () => t.string(), "\uffff", "😀"],
  ["string case", () => t.string(), "Z", "a"],
  ["time", () => t.time(), new Date("2024-01-01T00:00:00Z"), new Date("2024-01-01T00:00:00.001Z")],
  ["zero time", () => t.time(), new Date("0001-01-01T00:00:00Z"), new Date(0)],
];

export function describeFieldComparison(c: FieldComparison): void {
  const message = (other: string) => `must be ${c.word} than field ${other}`;
  const err = (field: string, other: string, value: unknown) => fe(field, c.code, message(other), value);
  /** [failing, passing] values of this field, given the other field's value, from an ordered pair. */
  const cases = (lo: unknown, hi: unknown) => (c.sign > 0 ? { other: lo, pass: hi, fail: lo } : { other: hi, pass: lo, fail: hi });

  describe(`${c.name}: ${c.code} \`${message("F")}\``, () => {
    it("numbers, strings (code point order) and times: passes strictly, fails when equal or the other way", () => {
      for (const [kind, make, lo, hi] of ORDERED) {
        const m = model(`Cmp_${kind.replace(" ", "_")}`, { o: make(), f: t.ptr(make(), `${c.name}=o`) });
        const { other, pass, fail } = cases(lo, hi);
        const json = (v: unknown) => JSON.parse(JSON.stringify(validatorFor(m).dict({ o: v, f: v } as never))).f;
        expectBoth(m, { o: other, f: pass }, []);
        expectBoth(m, { o: other, f: fail }, [err("f", "o", json(fail))]);
        expectBoth(m, { o: other, f: other }, [err("f", "o", json(other))]);
        expectBoth(m, { o: other, f: null }, []);
      }
    });

    it("different number kinds compare by value", () => {
      const m = model("Mixed", { i: t.int8(), f: t.float64(`${c.name}=i`) });
      expectTyped(m, { i: 1, f: 1 + c.sign * 0.5 }, []);
      expectTyped(m, { i: 1, f: 1 - c.sign * 0.5 }, [err("f", "i", 1 - c.sign * 0.5)]);
    });

    it("times compare by instant, whatever the offset they are written with", () => {
      const m = model("Instants", { o: t.time(), f: t.time(`${c.name}=o`) });
      expectUnmarshal(m, '{"o":"2024-01-01T00:00:00Z","f":"2024-01-01T02:00:00+02:00"}', [err("f", "o", "2024-01-01T02:00:00+02:00")]);
      const later = c.sign > 0 ? "2024-01-01T01:00:00+00:30" : "2023-12-31T23:00:00-00:30";
      expectUnmarshal(m, `{"o":"2024-01-01T00:00:00Z","f":"${later}"}`, []);
    });

    it("a value unmarshal accepts passes validate (times with sub-millisecond digits)", () => {
      const m = model("Fine", { o: t.time(), f: t.time(`${c.name}=o`) });
      const [o, f] = c.sign > 0 ? ["0001", "0002"] : ["0002", "0001"];
      const v = validatorFor(m);
      const r = v.safeUnmarshal(`{"o":"2024-01-01T00:00:00.${o}Z","f":"2024-01-01T00:00:00.${f}Z"}`);
      if (r.ok) expect(v.safeValidate(r.value as never).ok, "validate of what unmarshal returned").toBe(true);
    });

    it("a nil ptr or a missing field on either side skips the check; missing under strictMissingFields is MISSING_FIELD", () => {
      const m = model("Gaps", { o: t.ptr(t.int()), f: t.int(`${c.name}=o`) });
      expectTyped(m, { o: null, f: 0 }, []);
      expectUnmarshal(m, '{"f":0}', []);
      expectUnmarshal(m, '{"o":0}', [fe("f", "MISSING_FIELD", "f field is missing and has no default", null)]);
      const plain = model("Plain", { o: t.int(), f: t.int(`${c.name}=o`) });
      expectUnmarshal(plain, '{"f":0}', [fe("o", "MISSING_FIELD", "o field is missing and has no default", null)]);
    });

    it("null on the field itself is accepted unchecked (DESIGN.md's rule for null); null on the other field, no ptr, is its zero value, compared as the Go struct holds it", () => {
      const m = model("Gaps", { o: t.ptr(t.int()), f: t.int(`${c.name}=o`) });
      expectUnmarshal(m, '{"o":0,"f":null}', []);
      expect(validatorFor(m).safeValidate({ o: 0, f: null } as never).ok).toBe(true);
      const plain = model("NullOther", { o: t.int(), f: t.int(`${c.name}=o`) });
      expectUnmarshal(plain, '{"o":null,"f":0}', [err("f", "o", 0)]);
      expectUnmarshal(plain, `{"o":null,"f":${c.sign}}`, []);
      expectTyped(plain, { o: null, f: 0 }, [err("f", "o", 0)]);
      const v = validatorFor(plain);
      // what unmarshal returns passes validate exactly when unmarshal passed (o holds 0)
      expect(v.safeValidate(v.unmarshal(`{"o":null,"f":${c.sign}}`)).ok).toBe(true);
      expect(v.safeValidate(v.unmarshal(`{"o":0,"f":${c.sign}}`)).ok).toBe(true);
      const times = model("NullTimes", { o: t.time(), f: t.time(`${c.name}=o`) });
      // (a null time is Go's zero time, 0001-01-01T00:00:00Z)
      const other = c.sign > 0 ? "0000-12-31T23:59:59.999Z" : "0001-01-01T00:00:00.001Z";
      const beyond = c.sign > 0 ? "0001-01-01T00:00:00.001Z" : "0000-12-31T23:59:59.999Z";
      expectUnmarshal(times, `{"o":"${other}","f":null}`, []);
      expectUnmarshal(times, '{"o":null,"f":null}', []);
      expectUnmarshal(times, `{"o":null,"f":"${other}"}`, [err("f", "o", other)]);
      expectUnmarshal(times, '{"o":null,"f":"0001-01-01T00:00:00Z"}', [err("f", "o", "0001-01-01T00:00:00Z")]);
      expectUnmarshal(times, `{"o":null,"f":"${beyond}"}`, []);
    });

    it("without strictMissingFields a missing side takes its zero value and is compared", () => {
      const m = model("Lax", { o: t.int(), f: t.int(`${c.name}=o`) });
      expectUnmarshal(m, '{"f":0}', [err("f", "o", 0)], { strictMissingFields: false });
      expectUnmarshal(m, '{"o":0}', [err("f", "o", null)], { strictMissingFields: false });
      expectUnmarshal(m, `{"f":${c.sign}}`, [], { strictMissingFields: false });
    });

    it("runs when the object closes: after the field's value checks, in declaration order", () => {
      const m = model("Close", { a: t.int(`${c.name}=c`), b: t.int(`min=10,${c.name}=c`), c: t.int() });
      expectTyped(m, { a: 5, b: 5, c: 5 }, [fe("b", "MIN_VALUE", "must be at least 10", 5), err("a", "c", 5), err("b", "c", 5)]);
      expectUnmarshal(m, '{"c":5,"b":5,"a":5}', [fe("b", "MIN_VALUE", "must be at least 10", 5), err("a", "c", 5), err("b", "c", 5)]);
    });

    it("names the other field by TS key or JSON name, as written in the message", () => {
      const m = model("Names", { start: t.int('json:"from"'), a: t.int(`${c.name}=start`), b: t.int(`${c.name}=from`) });
      expectTyped(m, { start: 1, a: 1, b: 1 }, [err("a", "start", 1), err("b", "from", 1)]);
    });

    it("reports at nested paths", () => {
      const Range = model("Range", { lo: t.int(), hi: t.int(`${c.name}=lo`) });
      const Holder = model("RangeHolder", { r: Range, list: t.slice(Range), byKey: t.map(Range), p: t.ptr(Range) });
      const bad = { lo: 3, hi: 3 };
      const good = c.sign > 0 ? { lo: 3, hi: 4 } : { lo: 3, hi: 2 };
      expectBoth(Holder, { r: bad, list: [good, bad], byKey: { "k.1": bad }, p: bad }, [
        ...under("r", [err("hi", "lo", 3)]),
        ...under("list[1]", [err("hi", "lo", 3)]),
        ...under("byKey.k.1", [err("hi", "lo", 3)]),
        ...under("p", [err("hi", "lo", 3)]),
      ]);
    });

    it("model errors: unknown field, itself, no value, kinds that cannot be compared", () => {
      const make = (shape: Record<string, Type>) => () => new Validator(model("Fc", shape));
      const named = { model: "Fc", field: "f", directive: c.name };
      expectModelError(make({ o: t.int(), f: t.int(`${c.name}=zz`) }), { ...named, contains: "Fc has no field zz" });
      expectModelError(make({ o: t.int(), f: t.int(`${c.name}=f`) }), { ...named, contains: "cannot refer to itself" });
      expectModelError(make({ o: t.int(), f: t.int(c.name) }), { ...named, contains: "needs a value" });
      const mismatched: [Type, Type][] = [
        [t.int(), t.string()], [t.string(), t.time()], [t.time(), t.int()],
        [t.bool(), t.bool()], [t.slice(t.int()), t.slice(t.int())], [t.map(t.int()), t.map(t.int())],
        [t.any(), t.any()], [t.model(model("In", { a: t.int() })), t.model(model("In2", { a: t.int() }))],
      ];
      for (const [o, f] of mismatched) {
        const tagged = { ...f, tag: `${c.name}=o` } as Type;
        expectModelError(make({ o, f: tagged }), { ...named, contains: "cannot compare" });
      }
    });
  });
}
