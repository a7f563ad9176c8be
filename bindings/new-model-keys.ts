// Which keys newModel reads an object of a model by: its TS property keys (a typed value) or its
// JSON names (a dict, Go's map[string]any), decided for each object on its own keys
// (bindings/new-model.ts says why).

import { modelObject } from "./model-object.js";
import type { RModel } from "./resolve.js";

/** @internal Is this object a typed value of m (property keys) rather than a dict (JSON names)? `keys` are its own keys. */
export function readsPropertyKeys(m: RModel, o: Record<string, unknown>, dict: object | undefined, keys: readonly string[] = Object.keys(o)): boolean {
  if (o === dict) return false;
  const { props } = modelObject(m);
  if (keys.length === 0 || !keys.every((k) => props.has(k))) return false;
  return keys.length === m.fields.length || keys.some((k) => !m.byJson.has(k));
}
