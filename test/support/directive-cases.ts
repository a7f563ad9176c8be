// Table-driven checks shared by the directive suites: passing and failing values of one field,
// the same failure at nested paths, ptr null, missing keys under strictMissingFields on and off.
// Every check runs through both unmarshal (WASM) and validate (TypeScript reference).

import { model, t, type FieldError, type Model, type Type } from "../../bindings/index.js";
import { expectBoth, expectTyped, expectUnmarshal, fe, jsonOf, one, typed, type Options } from "./directive-harness.js";

/** The JSON form of a typed value of field `f` of `m` (what an error's `value` holds). */
export function jsonValue(m: Model, v: unknown): unknown {
  return (JSON.parse(jsonOf(m, typed(m, { f: v }))) as Record<string, unknown>).f;
}

export interface ValueCase {
  /** The field type, tag included. */
  type: Type;
  /** Typed values that pass. */
  pass: readonly unknown[];
  /** Typed values that fail with exactly one error `code` / `message`. */
  fail: readonly unknown[];
  code: string;
  message: string;
  opts?: Options;
}

/** `{ f: type }`: each pass value passes, each fail value gives exactly `{ f, code, message, value }`. */
export function expectValues(c: ValueCase): void {
  const m = one(c.type);
  for (const v of c.pass) expectTyped(m, { f: v }, [], c.opts);
  for (const v of c.fail) expectTyped(m, { f: v }, [fe("f", c.code, c.message, jsonValue(m, v))], c.opts);
}

/** Prefix the paths of errors found at the root of a model. */
export function under(prefix: string, errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) => ({ ...e, field: `${prefix}.${e.field}` }));
}

/**
 * The errors `bad` gives at the root of `leaf` (and `good` gives none) are reported with the
 * leaf's path when it is nested: a model field (`address.`), a slice item (`items[1].`), an array
 * item (`arr[0].`), a map value (`scores.ключ.`), a ptr to a model (`p.`), and a model two levels
 * down (`outer.address.`). A null ptr and a null slice are skipped.
 */
export function expectNested(leaf: Model, good: Record<string, unknown>, bad: Record<string, unknown>, errors: FieldError[]): void {
  expectBoth(leaf, good, []);
  expectBoth(leaf, bad, errors);
  const Holder = model(`${leaf.name}Holder`, {
    address: leaf,
    items: t.slice(leaf),
    arr: t.array(2, leaf),
    scores: t.map(leaf),
    p: t.ptr(leaf),
  });
  const Outer = model(`${leaf.name}Outer`, { outer: Holder });
  const all = { address: bad, items: [good, bad], arr: [bad, good], scores: { a: good, ключ: bad }, p: bad };
  const expected = [
    ...under("address", errors),
    ...under("items[1]", errors),
    ...under("arr[0]", errors),
    ...under("scores.ключ", errors),
    ...under("p", errors),
  ];
  expectBoth(Holder, all, expected);
  expectBoth(Outer, { outer: all }, under("outer", expected));
  const clean = { address: good, items: null, arr: [good, good], scores: null, p: null };
  expectBoth(Holder, clean, []);
}

/**
 * A ptr to the field's type: null skips every check (both checkers); a present value is checked as
 * the plain field would be.
 */
export function expectPtrNullSkips(ptrType: Type, bad: unknown, code: string, message: string): void {
  const m = one(ptrType);
  expectTyped(m, { f: null }, []);
  expectUnmarshal(m, "{}", []);
  expectUnmarshal(m, "{}", [], { strictMissingFields: false });
  expectTyped(m, { f: bad }, [fe("f", code, message, jsonValue(m, bad))]);
}

/**
 * A missing key: MISSING_FIELD alone under strictMissingFields (no check of the value); with it
 * off, the zero value is checked when the object closes (`zeroErrors`, at path `f`). An explicit
 * null is accepted either way (the zero value, unchecked).
 */
export function expectMissing(type: Type, zeroErrors: FieldError[]): void {
  const m = one(type);
  expectUnmarshal(m, "{}", [fe("f", "MISSING_FIELD", "f field is missing and has no default", null)]);
  expectUnmarshal(m, "{}", zeroErrors, { strictMissingFields: false });
  expectUnmarshal(m, '{"f":null}', []);
  expectUnmarshal(m, '{"f":null}', [], { strictMissingFields: false });
  const Holder = model("MissingHolder", { address: m });
  expectUnmarshal(Holder, '{"address":{}}', [fe("address.f", "MISSING_FIELD", "f field is missing and has no default", null)]);
  expectUnmarshal(Holder, '{"address":{}}', under("address", zeroErrors), { strictMissingFields: false });
}
