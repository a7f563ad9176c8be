// Which keys newModel reads an object of a model by: its TS property keys (a typed value) or its
// JSON names (a dict, Go's map[string]any), decided for each object on its own keys
// (bindings/new-model.ts says why), and what each model's objects need for it, made once per model.

import type { RModel } from "./resolve.js";

/**
 * What each model's objects need, made once per model (a request body is converted per call:
 * this keeps the per-object work to the keys): its property keys, and each field's JSON name
 * as a member prefix (`"name":`).
 */
export interface ModelKeys {
  readonly props: ReadonlySet<string>;
  readonly prefixes: readonly string[];
}
const modelKeys = new WeakMap<RModel, ModelKeys>();

export function keysOf(m: RModel): ModelKeys {
  let k = modelKeys.get(m);
  if (k === undefined) {
    k = { props: new Set(m.fields.map((f) => f.key)), prefixes: m.fields.map((f) => JSON.stringify(f.jsonName) + ":") };
    modelKeys.set(m, k);
  }
  return k;
}

/** @internal Is this object a typed value of m (property keys) rather than a dict (JSON names)? `keys` are its own keys. */
export function readsPropertyKeys(m: RModel, o: Record<string, unknown>, dict: object | undefined, keys: readonly string[] = Object.keys(o)): boolean {
  if (o === dict) return false;
  const { props } = keysOf(m);
  if (keys.length === 0 || !keys.every((k) => props.has(k))) return false;
  return keys.length === m.fields.length || keys.some((k) => !m.byJson.has(k));
}
