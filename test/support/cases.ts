// Reading conformance cases (../shared/conformance/README.md): building models from a case's
// description and turning dict-form values into typed values. Nothing here knows any case id.

import { readFileSync } from "node:fs";
import { model, t, type Model, type Type } from "../../bindings/index.js";

export interface CaseField {
  go: string;
  json: string | null;
  type: CaseType;
  tag?: string | null;
  tags?: Record<string, string>;
}
export type CaseType = string | { ptr: CaseType } | { slice: CaseType } | { map: CaseType } | { model: string };

export interface ConformanceCase {
  id: string;
  scope: "spec" | "extended";
  op: string;
  models: Record<string, { fields: CaseField[] }>;
  root: string | null;
  options?: { strictMissingFields?: boolean; extraFields?: "ignore" | "forbid" | "allow"; tagName?: string };
  globalTagName?: string;
  union?: { discriminator: string; variants: { value: string; model: string }[] };
  marshalOptions?: Record<string, unknown>;
  input: unknown;
  expect: Record<string, unknown>;
}

export function loadCases(): ConformanceCase[] {
  const path = process.env.CHECKER_CASES ?? new URL("../../../shared/conformance/cases.json", import.meta.url);
  return JSON.parse(readFileSync(path, "utf8")) as ConformanceCase[];
}

/** Escape a directive list as a Go string literal's contents. */
function goQuote(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

/** The tag argument of a field: a bare list when that is enough, else a Go-style tag string. */
function tagOf(f: CaseField): string | undefined {
  const json = f.json === null ? undefined : f.json;
  if (f.tags) {
    const parts = json !== undefined ? [`json:"${goQuote(json)}"`] : [];
    for (const [name, list] of Object.entries(f.tags)) parts.push(`${name}:"${goQuote(list)}"`);
    return parts.join(" ");
  }
  const list = f.tag ?? undefined;
  if (json === undefined || json === f.go) return list ?? undefined;
  return `json:"${goQuote(json)}"` + (list !== undefined && list !== "" ? ` checker:"${goQuote(list)}"` : "");
}

export type ModelSet = Record<string, Model>;

function typeOf(ct: CaseType, models: ModelSet, tag: string | undefined): Type {
  if (typeof ct === "string") {
    if (ct === "extras") return t.extras(tag);
    const builder = (t as unknown as Record<string, (tag?: string) => Type>)[ct];
    if (typeof builder !== "function") throw new Error(`unknown kind ${ct}`);
    return builder(tag);
  }
  if ("ptr" in ct) return t.ptr(typeOf(ct.ptr, models, undefined), tag);
  if ("slice" in ct) return t.slice(typeOf(ct.slice, models, undefined), tag);
  if ("map" in ct) return t.map(typeOf(ct.map, models, undefined), tag);
  const name = ct.model;
  return t.lazy(() => {
    const m = models[name];
    if (!m) throw new Error(`case references unknown model ${name}`);
    return m;
  }, tag);
}

export function buildModels(c: ConformanceCase): ModelSet {
  const models: ModelSet = {};
  for (const [name, def] of Object.entries(c.models)) {
    const shape: Record<string, Type> = {};
    for (const f of def.fields) shape[f.go] = typeOf(f.type, models, tagOf(f));
    models[name] = model(name, shape);
  }
  return models;
}

/** Does any model of the case use one of these directives? */
export function usesDirective(c: ConformanceCase, names: readonly string[]): boolean {
  for (const def of Object.values(c.models)) {
    for (const f of def.fields) {
      const lists = [f.tag ?? "", ...Object.values(f.tags ?? {})];
      for (const list of lists) {
        if (names.some((n) => new RegExp(`(^|,)\\s*${n}(=|,|$)`).test(list))) return true;
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------- dict form -> typed value

const ZERO_TIME = -62135596800000;

function zeroOf(ct: CaseType, c: ConformanceCase): unknown {
  if (typeof ct === "string") {
    switch (ct) {
      case "string": return "";
      case "bool": return false;
      case "any": return null;
      case "time": return new Date(ZERO_TIME);
      case "extras": return {};
      default: return 0;
    }
  }
  if ("model" in ct) return fromDict({ model: ct.model }, {}, c);
  return null;
}

/** Turn a dict-form value into the typed value of the case's type (missing keys are zero). */
export function fromDict(ct: CaseType, v: unknown, c: ConformanceCase): unknown {
  if (typeof ct === "string") {
    if (ct === "time" && typeof v === "string") return new Date(v);
    return v === undefined ? zeroOf(ct, c) : v;
  }
  if (v === undefined) return zeroOf(ct, c);
  if ("ptr" in ct) return v === null ? null : fromDict(ct.ptr, v, c);
  if ("slice" in ct) return v === null ? null : (v as unknown[]).map((x) => fromDict(ct.slice, x, c));
  if ("map" in ct) {
    return v === null ? null : Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, fromDict(ct.map, x, c)]));
  }
  const def = c.models[ct.model];
  if (v === null) return fromDict(ct, {}, c);
  const dict = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const known = new Set(def.fields.filter((f) => f.json !== "-").map((f) => f.json ?? f.go));
  for (const f of def.fields) {
    if (f.type === "extras") {
      out[f.go] = Object.fromEntries(Object.entries(dict).filter(([k]) => !known.has(k)));
    } else if (f.json === "-") {
      out[f.go] = zeroOf(f.type, c);
    } else {
      out[f.go] = fromDict(f.type, dict[f.json ?? f.go], c);
    }
  }
  return out;
}
