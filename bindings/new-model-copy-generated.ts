// newModel's direct copy of one model's objects as code generated per model (`new Function`),
// where the platform allows it: the generic walk (bindings/new-model-copy.ts) reads each field
// through one shared call that switches on the field's type and runs each field's checks through
// one shared loop, calls V8 cannot inline (a third of `~standard.validate`'s time for a six-field
// object). Here each field is read, type-tested and checked at its own site.
//
// Only the common case is written out: an object whose keys are exactly the model's property keys
// (or exactly its JSON names) in declaration order, and fields that are strings, booleans, int
// kinds, float64s, or slices of those, each of its JS type. Everything else is handed back to the
// generic walk with the same arguments (a whole object it reads another way; a field of another
// kind, or a value that fails the fast test, to its copyValue), so the result is the generic
// walk's by construction: test/generated-code and test/random-new-model (1d) pin it.

import { generated } from "./codegen.js";
import type { RField, RModel, RType } from "./resolve.js";
import { fieldChecks, generates, scalarTest } from "./generated-checks.js";

/** What the generated code calls back into: the generic walk's parts (new-model-copy.ts). */
export interface CopyParts<W> {
  /** The generic walk's "cannot copy here" mark. */
  readonly NO: symbol;
  /** The generic walk of a whole object of the model. */
  readonly plain: (m: RModel, o: unknown, w: W, depth: number) => unknown;
  /** The generic walk of one present, non-null value of type t. */
  readonly copyValue: (t: RType, v: unknown, w: W, depth: number) => unknown;
  /** A json:"-" or extras field's value as the generic walk takes it (or NO). */
  readonly skipped: (f: RField, x: unknown, byKey: boolean, w: W, depth: number) => unknown;
  readonly isPlainObject: (v: unknown) => boolean;
  readonly readsPropertyKeys: (m: RModel, o: Record<string, unknown>, dict: undefined, keys: readonly string[]) => boolean;
}

/** The generated copy of m's objects (as the generic walk's copyModel), or undefined where code cannot be generated. */
export type GeneratedCopy<W> = (o: unknown, w: W, depth: number) => unknown;

/** A number, boolean or comma (what JSON text takes at most for one, in bytes: -1.2345678901234567e-308). */
export const SCALAR_BYTES = 26;

export function generatedCopy<W>(m: RModel, parts: CopyParts<W>): GeneratedCopy<W> | undefined {
  if (!generates(m)) return undefined;
  return generated(() => {
    const src = copySource(m);
    const make = new Function("NO", "plain", "copyValue", "skipped", "isPlainObject", "readsPropertyKeys", "m", "F", "K", "J", "C", "OC", src) as (...args: unknown[]) => GeneratedCopy<W>;
    const read = m.fields.filter((f) => !f.skip);
    return make(
      parts.NO, parts.plain, parts.copyValue, parts.skipped, parts.isPlainObject, parts.readsPropertyKeys, m, m.fields,
      m.fields.map((f) => f.key), read.map((f) => f.jsonName),
      m.fields.map((f) => f.valueChecks), m.fields.map((f) => f.objectChecks),
    );
  });
}

/** Statements that take field value `x` (present, not undefined) of type t, or return NO. */
function fieldCopy(f: RField, x: string): string {
  const nulls = f.nullable && f.defaultValue === undefined ? `if (${x} === null) {} else ` : "";
  const generic = `{ ${x} = copyValue(F[${f.slot}].base, ${x}, w, depth + 1); if (${x} === NO) return NO; }`;
  const scalar = scalarTest(f.base, x);
  if (scalar) return `${nulls}if (${scalar.test}) { ${scalar.take} } else ${generic}`;
  const elem = f.base.kind === "slice" ? scalarTest(f.base.elem, "e") : undefined;
  if (!elem) return `${nulls}${generic}`;
  // a slice of scalars, each of its type: copied here; anything else (a null or a hole, a value
  // of another type) and the whole slice goes to the generic walk, which gives its result
  return `${nulls}if (Array.isArray(${x}) && depth + 1 < w.maxDepth) {
    const n = ${x}.length, out = new Array(n);
    let j = 0, bytes = 2 + ${SCALAR_BYTES} * n;
    for (; j < n; j++) { let e = ${x}[j]; if (!(${elem.test})) break; ${elem.take} out[j] = e; }
    if (j === n) { w.bytesLeft -= bytes; ${x} = out; } else ${generic}
  } else ${generic}`;
}

function copySource(m: RModel): string {
  const x = (f: RField) => `x${f.slot}`;
  const keys = m.fields.map((f) => f.key);
  const read = m.fields.filter((f) => !f.skip);
  const inOrder = (list: readonly string[], name: string) => [`keys.length === ${list.length}`, ...list.map((_, i) => `keys[${i}] === ${name}[${i}]`)].join(" && ");
  const fieldBytes = read.reduce((n, f) => n + 6 * f.jsonName.length + 3 + SCALAR_BYTES, 0);
  // (keys as `o[K[i]]`, a keyed read of a constant: bindings/model-object.ts says why)
  return `"use strict";
return function copy(o, w, depth) {
  if (!isPlainObject(o) || depth >= w.maxDepth) return NO;
  const keys = Object.keys(o);
  let ${["byKey", ...m.fields.map(x)].join(", ")};
  if (${inOrder(keys, "K")}) {
    byKey = true; ${m.fields.map((f, i) => `${x(f)} = o[K[${i}]];`).join(" ")}
  } else if (${inOrder(read.map((f) => f.jsonName), "J")} && !readsPropertyKeys(m, o, undefined, keys)) {
    byKey = false; ${read.map((f, i) => `${x(f)} = o[J[${i}]];`).join(" ")}
  } else return plain(m, o, w, depth);
  let bytes = ${fieldBytes};
  ${m.fields.filter((f) => f.skip).map((f) => `${x(f)} = skipped(F[${f.slot}], ${x(f)}, byKey, w, depth); if (${x(f)} === NO) return NO;`).join("\n  ")}
  ${read.map((f) => `if (${x(f)} === undefined) return NO;\n  ${fieldCopy(f, x(f))}`).join("\n  ")}
  w.bytesLeft -= bytes;
  if (!(${read.map((f) => fieldChecks(f)).join(" &&\n    ") || "true"})) w.failed = true;
  return { ${m.fields.map((f) => `${f.key === "__proto__" ? `["__proto__"]` : JSON.stringify(f.key)}: ${x(f)}`).join(", ")} };
};`;
}
