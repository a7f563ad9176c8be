// Conformance helpers for the ops of issue 5 (schema*, marshal*, dict, newModel, union*): explicit
// extras in dict form, schema asserts by JSON Pointer, instances checked with ajv, union
// definitions. Generic: nothing here knows a case id.

import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import type { JsonSchema, Model, UnionDefinition } from "../../bindings/index.js";
import { fromDict, type CaseType, type ConformanceCase, type ModelSet } from "./cases.js";
import { compileStrict } from "./issue5-schema.js";

/**
 * Dict form -> typed value, as fromDict, plus one spelling fromDict does not know: a `$extras` key
 * holds that level's extras map explicitly (so extras may share a name with a field, which merged
 * extras cannot express).
 */
export function fromDictForm(ct: CaseType, v: unknown, c: ConformanceCase): unknown {
  const typed = fromDict(ct, v, c);
  applyExplicitExtras(ct, v, typed, c);
  return typed;
}

function applyExplicitExtras(ct: CaseType, dict: unknown, typed: unknown, c: ConformanceCase): void {
  if (typeof ct === "string" || dict === null || typeof dict !== "object" || typed === null || typeof typed !== "object") return;
  const d = dict as Record<string, unknown>;
  const out = typed as Record<string, unknown>;
  if ("ptr" in ct) return applyExplicitExtras(ct.ptr, dict, typed, c);
  if ("slice" in ct) return (d as unknown as unknown[]).forEach((x, i) => applyExplicitExtras(ct.slice, x, (out as unknown as unknown[])[i], c));
  if ("map" in ct) return Object.keys(d).forEach((k) => applyExplicitExtras(ct.map, d[k], out[k], c));
  for (const f of c.models[ct.model].fields) {
    if (f.type === "extras") {
      if (!("$extras" in d)) continue;
      const merged = { ...(out[f.go] as Record<string, unknown>) };
      delete merged.$extras;
      out[f.go] = { ...merged, ...(d.$extras as Record<string, unknown>) };
    } else if (f.json !== "-") {
      applyExplicitExtras(f.type, d[f.json ?? f.go], out[f.go], c);
    }
  }
}

/** The input of newModel for a case: `{ bytes }`, `{ struct }` (dict form), `{ map }` or `{ other }`. */
export function newModelInput(c: ConformanceCase): unknown {
  const input = c.input as Record<string, unknown>;
  if ("bytes" in input) return new TextEncoder().encode(input.bytes as string);
  if ("struct" in input) return fromDictForm({ model: c.root! }, input.struct, c);
  if ("map" in input) return input.map;
  return input.other;
}

/** The union of a case, with the case's models. */
export function unionDefinition(c: ConformanceCase, models: ModelSet): UnionDefinition {
  const u = c.union!;
  return { discriminator: u.discriminator, variants: u.variants.map((v) => ({ value: v.value, model: models[v.model] as Model })) };
}

/** The model name of a union variant value. */
export function variantModel(c: ConformanceCase, variant: string): string {
  const found = c.union!.variants.find((v) => v.value === variant);
  if (!found) throw new Error(`union has no variant ${variant}`);
  return found.model;
}

/** The discriminator value of the first variant using this model. */
export function variantOfModel(c: ConformanceCase, modelName: string): string {
  const found = c.union!.variants.find((v) => v.model === modelName);
  if (!found) throw new Error(`union has no variant of model ${modelName}`);
  return found.value;
}

/** Resolve a JSON Pointer (RFC 6901); `undefined` when it does not resolve. */
export function pointer(doc: unknown, path: string): unknown {
  if (path === "") return doc;
  let cur = doc;
  for (const raw of path.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object" || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** ajv as the conformance README says: 2020-12, strict off, formats on. */
export function lenientAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

interface SchemaAssert {
  path: string;
  equals?: unknown;
  setEquals?: unknown[];
  absent?: boolean;
  includes?: unknown;
  exists?: boolean;
  length?: number;
}

/**
 * A schema result (object, or bytes parsed) checked against `asserts` and `validatesInstances`;
 * every schema also compiles in strict ajv.
 */
export function checkSchema(result: unknown, exp: Record<string, unknown>): void {
  const schema = result instanceof Uint8Array ? (JSON.parse(new TextDecoder().decode(result)) as unknown) : result;
  compileStrict(schema as JsonSchema);
  for (const a of (exp.asserts as SchemaAssert[] | undefined) ?? []) {
    const at = pointer(schema, a.path);
    if ("equals" in a) expect(at, a.path).toEqual(a.equals);
    if (a.setEquals) expect([...((at as unknown[]) ?? [])].sort(), a.path).toEqual([...a.setEquals].sort());
    if (a.absent) expect(at, a.path).toBeUndefined();
    if ("includes" in a) expect(at, a.path).toContainEqual(a.includes);
    if (a.exists) expect(at, a.path).toBeDefined();
    if (typeof a.length === "number") expect(at, a.path).toHaveLength(a.length);
  }
  const instances = exp.validatesInstances as { instance: unknown; valid: boolean }[] | undefined;
  if (instances) {
    const check = lenientAjv().compile(schema as object);
    for (const { instance, valid } of instances) expect(check(instance), JSON.stringify(instance)).toBe(valid);
  }
}

/** Marshal output bytes checked against `marshaled`, `hasKeys`, `lacksKeys`. */
export function checkMarshaled(bytes: unknown, exp: Record<string, unknown>): void {
  expect(bytes).toBeInstanceOf(Uint8Array);
  const out = JSON.parse(new TextDecoder().decode(bytes as Uint8Array)) as Record<string, unknown>;
  if ("marshaled" in exp) expect(out).toEqual(exp.marshaled);
  for (const k of (exp.hasKeys as string[] | undefined) ?? []) expect(out, `has ${k}`).toHaveProperty([k]);
  for (const k of (exp.lacksKeys as string[] | undefined) ?? []) expect(out, `lacks ${k}`).not.toHaveProperty([k]);
}
