/**
 * Strategy A: "JSON.parse of the vetted text + fix-ups". Once the core has accepted the document
 * (so it is well-formed, every value has its field's type, and every check passed), JSON.parse
 * the text and walk the resolved model over the parsed value:
 *   - rename JSON keys to TS property keys, in declaration order, and drop unknown keys;
 *   - a missing key takes its default or zero value (missingValue), a `json:"-"` field its zero;
 *   - `null` becomes `null` for a ptr and the zero value otherwise (also inside slices and maps);
 *   - `time` strings become Dates; fixed-size arrays are cut or padded to their length;
 *   - under ExtraAllow, the unknown keys of each level are captured into its extras field.
 * The walk is compiled once per type into closures (no switch on kinds per value).
 */
import type { RField, RModel, RType } from "../../bindings/resolve.js";
import type { Validator } from "../../bindings/validator.js";
import { missingValue, zeroValue } from "../../bindings/values.js";
import { safeUnmarshalWith, type Strategy } from "./common.js";

type Fix = (v: unknown) => unknown;

const identity: Fix = (v) => v;
const { hasOwn } = Object as unknown as { hasOwn(o: object, k: string): boolean };

/** A converter for values of type t that the core has already checked. */
function fixer(t: RType, models: Map<RModel, Fix>): Fix {
  switch (t.kind) {
    case "ptr": {
      const elem = fixer(t.elem, models);
      return (v) => (v === null ? null : elem(v));
    }
    case "scalar":
      if (t.scalar === "time") return (v) => (v === null ? zeroValue(t) : new Date(v as string));
      if (t.scalar === "any") return identity;
      return (v) => (v === null ? zeroValue(t) : v);
    case "slice": {
      const elem = fixer(t.elem, models);
      if (elem === identity) return identity;
      return (v) => (v === null ? null : (v as unknown[]).map((x) => elem(x)));
    }
    case "array": {
      const elem = fixer(t.elem, models);
      const n = t.length;
      return (v) => {
        if (v === null) return zeroValue(t);
        const a = v as unknown[];
        const out: unknown[] = [];
        for (let i = 0; i < n; i++) out.push(i < a.length ? elem(a[i]) : zeroValue(t.elem));
        return out;
      };
    }
    case "map": {
      const elem = fixer(t.elem, models);
      return (v) => {
        if (v === null) return null;
        const o = v as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const k in o) out[k] = elem(o[k]);
        return out;
      };
    }
    case "model": {
      const m = modelFixer(t.model, models);
      return (v) => (v === null ? zeroValue(t) : m(v));
    }
    case "extras":
      return () => ({});
  }
}

function modelFixer(m: RModel, models: Map<RModel, Fix>): Fix {
  const done = models.get(m);
  if (done) return done;
  // placeholder for recursive models, replaced once the fields are compiled
  let impl: Fix = () => {
    throw new Error("unreachable");
  };
  const fix: Fix = (v) => impl(v);
  models.set(m, fix);
  const fields = m.fields.map((f: RField) => ({
    f,
    key: f.key,
    name: f.jsonName,
    // a JSON name that is also an Object.prototype member must be read as an own property
    guarded: f.jsonName in Object.prototype,
    fix: f.skip ? identity : fixer(f.type, models),
  }));
  const capture = m.extraMode === "capture";
  const known = new Set<string>([...m.byJson.keys(), ...m.ignoredKeys]);
  impl = (v) => {
    const src = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const x = fields[i]!;
      if (x.f.extras) {
        const extras: Record<string, unknown> = {};
        if (capture) for (const k in src) if (!known.has(k)) extras[k] = src[k];
        out[x.key] = extras;
      } else if (x.f.skip) {
        out[x.key] = zeroValue(x.f.type);
      } else {
        const raw = x.guarded ? (hasOwn(src, x.name) ? src[x.name] : undefined) : src[x.name];
        out[x.key] = raw === undefined ? missingValue(x.f) : x.fix(raw);
      }
    }
    return out;
  };
  return fix;
}

/** The fix-up of a validator's root model: parsed JSON -> typed value. */
export function parseFixup(validator: Validator): (text: string) => unknown {
  const root = modelFixer(validator.program.resolved.root, new Map());
  return (text) => root(JSON.parse(text));
}

export const parseFixupStrategy: Strategy = {
  name: "A: JSON.parse + fix-ups",
  description:
    "after the WASM run accepted the document: JSON.parse(text), then a walk of the resolved model " +
    "(keys renamed and reordered, unknown keys dropped, defaults/zero values, null -> zero or ptr null, " +
    "time -> Date, extras captured), compiled once into closures",
  make(validator) {
    const build = parseFixup(validator);
    return safeUnmarshalWith(validator, (text) => build(text));
  },
};
