// A model's object from its fields' values and back, each in one step: the values of an input
// object `[o["id"], o["name"], ...]` (by TS property keys or by JSON names), and the object of
// the values `{ "id": v[0], "name": v[1], ... }`.
//
// Reading or setting the members one by one with keys that change from one field to the next is
// a keyed access V8 cannot cache (a megamorphic lookup for each member); code generated per model
// reads each member at its own site (cached for its key and the inputs' hidden classes), and makes
// every object of the model with one hidden class from its creation, as the generated tape builder does
// (bindings/build-generated.ts). Where code generation is not allowed, the same is done member
// by member (same values, same key order).

import { generated } from "./codegen.js";
import type { RModel } from "./resolve.js";
import { setMember } from "./values.js";

/**
 * What each model's objects need, made once per model (a request body is converted per call:
 * this keeps the per-object work to the keys).
 */
export interface ModelObject {
  /** The TS property keys. */
  readonly props: ReadonlySet<string>;
  /** Each field's JSON name as a member prefix of compact JSON (`"name":`), in declaration order. */
  readonly prefixes: readonly string[];
  /** Are these keys (an object's own, in order) the model's TS property keys in declaration order? */
  readonly hasKeysInOrder: (keys: readonly string[]) => boolean;
  /** The JSON names of the fields JSON reads (not json:"-" or extras), in declaration order. */
  readonly jsonNames: readonly string[];
  /** The values of the fields of an object read by TS property keys, in declaration order. */
  readonly byKeys: (o: Record<string, unknown>) => unknown[];
  /** The same read by JSON names (undefined for json:"-" and extras fields, which have none). */
  readonly byJsonNames: (o: Record<string, unknown>) => unknown[];
  /** The model's object, by TS property keys in declaration order, of the values in that order. */
  readonly make: (values: readonly unknown[]) => Record<string, unknown>;
}

const shapes = new WeakMap<RModel, ModelObject>();

export function modelObject(m: RModel): ModelObject {
  let shape = shapes.get(m);
  if (shape === undefined) {
    const keys = m.fields.map((f) => f.key);
    const names = m.fields.map((f) => (f.skip ? undefined : f.jsonName));
    shape = {
      props: new Set(keys),
      prefixes: m.fields.map((f) => JSON.stringify(f.jsonName) + ":"),
      hasKeysInOrder: (k) => k.length === keys.length && k.every((x, i) => x === keys[i]),
      jsonNames: m.fields.filter((f) => !f.skip).map((f) => f.jsonName),
      ...(generated(() => generatedShape(keys, names)) ?? plainShape(keys, names)),
    };
    shapes.set(m, shape);
  }
  return shape;
}

function generatedShape(keys: readonly string[], names: readonly (string | undefined)[]): Omit<ModelObject, "props" | "prefixes" | "hasKeysInOrder" | "jsonNames"> {
  // (a keyed read of a constant key: a literal one, `o["id"]`, would be a named read, whose cache
  // misses for every object when the inputs have many hidden classes, as objects made by spreading
  // another have in V8: 1 us instead of 0.07 for six fields)
  const reader = (list: readonly (string | undefined)[]) =>
    (new Function("k", `"use strict"; ${list.map((_, i) => `const k${i} = k[${i}];`).join(" ")}
return (o) => [${list.map((k, i) => (k === undefined ? "undefined" : `o[k${i}]`)).join(", ")}];`) as (k: readonly (string | undefined)[]) => ModelObject["byKeys"])(list);
  // (a computed key defines "__proto__" as an own member; a plain one would set the prototype)
  const members = keys.map((k, i) => `${k === "__proto__" ? `["__proto__"]` : JSON.stringify(k)}: v[${i}]`);
  return {
    byKeys: reader(keys),
    byJsonNames: reader(names),
    make: new Function("v", `"use strict"; return { ${members.join(", ")} };`) as ModelObject["make"],
  };
}

function plainShape(keys: readonly string[], names: readonly (string | undefined)[]): Omit<ModelObject, "props" | "prefixes" | "hasKeysInOrder" | "jsonNames"> {
  return {
    byKeys: (o) => keys.map((k) => o[k]),
    byJsonNames: (o) => names.map((k) => (k === undefined ? undefined : o[k])),
    make: (values) => {
      const out: Record<string, unknown> = {};
      keys.forEach((k, i) => setMember(out, k, values[i]));
      return out;
    },
  };
}
