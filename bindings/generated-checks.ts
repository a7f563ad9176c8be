// Pieces of code generated per model (new Function) shared by the generated direct copy
// (new-model-copy-generated.ts) and validate()'s generated pass test (reference-generated.ts):
// a type test of a scalar at its own site, and a field's checks called at their own sites.

import type { ObjectCheck, ValueCheck } from "./directives/directive.js";
import { intRange, type RField, type RModel, type RType } from "./resolve.js";

/**
 * The most fields a model may have for code to be generated for it; a larger one takes the
 * generic walk. A generated function holds every field in a local: TurboFan's time to optimize it
 * grows with the square of their number (about 1 s of CPU for 100 fields, slower calls meanwhile),
 * and a value nested 1,000 levels deep needs more stack in it than in the generic walk from about
 * 60 fields (test/generated-code-review.test.ts).
 */
export const MAX_GENERATED_FIELDS = 48;

/** Is m small enough for code generated per model (MAX_GENERATED_FIELDS)? */
export function generates(m: RModel): boolean {
  return m.fields.length <= MAX_GENERATED_FIELDS;
}

/**
 * A type test of a present value `x` of type t (hasType's, bindings/reference.ts), and the statement
 * the direct copy then takes it with (its bytes, an int kind's -0 as 0); undefined for kinds the
 * generated code leaves to the generic walk.
 */
export function scalarTest(t: RType, x: string): { test: string; take: string } | undefined {
  if (t.kind !== "scalar") return undefined;
  switch (t.scalar) {
    case "string": return { test: `typeof ${x} === "string"`, take: `bytes += 6 * ${x}.length + 2;` };
    case "bool": return { test: `typeof ${x} === "boolean"`, take: "" };
    case "float64": return { test: `typeof ${x} === "number" && Number.isFinite(${x})`, take: "" };
  }
  const range = intRange(t.scalar);
  // (an int kind's -0 is 0, as marshal writes it)
  if (range) return { test: `typeof ${x} === "number" && Number.isInteger(${x}) && ${x} >= ${range[0]} && ${x} <= ${range[1]}`, take: `${x} = ${x} + 0;` };
  return undefined;
}

/**
 * The checks of a read field as an expression, true where objectChecksPass (bindings/reference.ts)
 * passes them: required, the field's own checks when present, the cross-field ones. Each field's
 * value is in `x<slot>` (null or undefined when absent), its checks in C[slot][j] / OC[slot][j].
 */
export function fieldChecks(f: RField): string {
  const x = `x${f.slot}`;
  const checks = f.valueChecks.map((_c: ValueCheck, j) => `C[${f.slot}][${j}].test(${x})`);
  const own = `(${x} === null || ${x} === undefined ? ${f.required ? "false" : "true"} : ${checks.length ? checks.join(" && ") : "true"})`;
  const cross = f.objectChecks.map((c: ObjectCheck, j) => `OC[${f.slot}][${j}].test(${x}, x${c.other.slot})`);
  return [own, ...cross].join(" && ");
}
