// validate()'s checks of a typed value as code generated per model (`new Function`), where the
// platform allows it: a pass test. The reference walk (bindings/reference.ts) builds each error
// with its path and value; most values pass, and then it read each field through shared calls.
// Here each field is read, type-tested and checked at its own site, and the answer is only
// "passes" or "not sure": true only where referenceValidate finds no error; false sends the value
// to the reference walk, which finds the errors (or none). So a kind the generated code does not
// test itself goes to the reference walk's own test of that value (valuePasses), a nested model
// to its model's generated test, and anything unusual may just answer false.
// test/generated-code and test/random-new-model (1d) pin it against referenceValidate.

import { generated } from "./codegen.js";
import { fieldChecks, generates, scalarTest } from "./generated-checks.js";
import { isPlainObject } from "./marshal.js";
import { hasType, valuePasses } from "./reference.js";
import type { RField, RModel, RType } from "./resolve.js";

/** Whether an object of the model surely passes, `open` containers being open around its fields (1 for the root). */
type Passes = (o: Record<string, unknown>, open: number, maxDepth: number) => boolean;

const tests = new WeakMap<RModel, Passes | null>();

/**
 * True only where referenceValidate(m, value, maxDepth) finds no error (false: the reference walk
 * must look). Where code cannot be generated, always false.
 */
export function surelyValid(m: RModel, value: unknown, maxDepth: number): boolean {
  const passes = passesOf(m);
  return passes !== null && isPlainObject(value) && passes(value, 1, maxDepth);
}

function passesOf(m: RModel): Passes | null {
  let passes = tests.get(m);
  if (passes === undefined) {
    // (set before generating: a model that refers to itself finds its own test, as null, meanwhile)
    tests.set(m, null);
    passes = !generates(m) ? null : generated(() => (new Function("F", "C", "OC", "K", "valuePasses", "isPlainObject", "passesOf", "hasType", source(m)) as (...args: unknown[]) => Passes)(
      m.fields, m.fields.map((f) => f.valueChecks), m.fields.map((f) => f.objectChecks), m.fields.map((f) => f.key), valuePasses, isPlainObject, passesOf, hasType,
    )) ?? null;
    tests.set(m, passes);
  }
  return passes;
}

/** A present value `x<slot>` of the field is of its type and nests as validate() takes it (its checks aside). */
function typePasses(f: RField): string {
  const x = `x${f.slot}`;
  const scalar = scalarTest(f.base, x);
  if (scalar) return scalar.test;
  // (a nested model: its own generated test, the container open; looked up when called, as a
  // model may contain itself); `type` the source of the RType value `t` in the generated code
  const model = (t: RType, type: string, value: string, open: string) =>
    t.kind === "model" ? `isPlainObject(${value}) && ${open} < maxDepth && (passesOf(${type}.model) ?? no)(${value}, ${open} + 1, maxDepth)` : undefined;
  const own = model(f.base, `F[${f.slot}].base`, x, "open");
  if (own) return own;
  if (f.base.kind === "slice") {
    // (items null or undefined are nil or holes: skipped, as the reference walk skips them)
    const item = scalarTest(f.base.elem, "e")?.test ?? model(f.base.elem, `F[${f.slot}].base.elem`, "e", "open + 1");
    if (item) return `Array.isArray(${x}) && open < maxDepth && ${x}.every((e) => e === null || e === undefined || (${item}))`;
  }
  return `valuePasses(F[${f.slot}].type, ${x}, open, maxDepth)`;
}

function source(m: RModel): string {
  const read = m.fields.filter((f) => !f.skip);
  // (a json:"-" field a cross-field check names, gtfield=Secret: of another type, the reference
  // walk skips the check, which might throw or answer otherwise here; it decides)
  const named = m.fields.filter((f) => f.skip && read.some((r) => r.objectChecks.some((c) => c.other.slot === f.slot)));
  // (every field read by property keys, `o[K[i]]`, inherited members too, as the reference walk
  // reads them: json:"-" fields too)
  return `"use strict";
const no = () => false;
return function passes(o, open, maxDepth) {
  ${m.fields.map((f) => `const x${f.slot} = o[K[${f.slot}]];`).join(" ")}
  ${named.map((f) => `if (x${f.slot} !== null && x${f.slot} !== undefined && !hasType(F[${f.slot}].base, x${f.slot})) return false;`).join("\n  ")}
  ${read.map((f) => `if (x${f.slot} !== null && x${f.slot} !== undefined && !(${typePasses(f)})) return false;`).join("\n  ")}
  return ${read.map(fieldChecks).join(" &&\n    ") || "true"};
};`;
}
