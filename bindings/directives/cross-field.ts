// Helpers of the directives that name another field of the same model.
import { OP_GT_FIELD, OP_LT_FIELD, ZERO_TIME_MS } from "../layout.js";
import { goTrimSpace } from "../tags.js";
import { DirectiveError, requireValue, type DirectiveSpec, type FieldContext, type KindClass, type SiblingRef } from "./directive.js";
import { goString } from "./go-format.js";

/** The other field named by a cross-field directive: must exist and must not be the field itself. */
export function otherField(name: string, target: string, field: FieldContext): SiblingRef {
  const other = field.sibling(target);
  if (other === undefined) {
    throw new DirectiveError(`${name}=${target}: ${field.model} has no field ${target}`);
  }
  if (other.key === field.field) throw new DirectiveError(`${name}=${target}: a field cannot refer to itself`);
  return other;
}

export function targetName(name: string, value: string | undefined): string {
  return goTrimSpace(requireValue(name, value));
}

/**
 * Go's zero value test used by required_if / required_with: missing, null, "", 0, false, an empty
 * list or map (or [] / {} in an any field), Go's zero time. A model's value (`kind` "model") is
 * never zero, even `{}` of a model with no fields, as the core holds it (only missing or null is).
 */
export function isZero(v: unknown, kind?: KindClass): boolean {
  if (v === undefined || v === null || v === "" || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Date) return v.getTime() === ZERO_TIME_MS;
  if (typeof v === "object") return kind !== "model" && Object.keys(v as object).length === 0;
  return false;
}

/** Go's zero value of a comparable kind: what a Go struct holds in such a field that is missing or null. */
export function zeroOf(kind: SiblingRef["kind"]): unknown {
  return ZERO[kind];
}

const ZERO: Partial<Record<SiblingRef["kind"], unknown>> = { string: "", number: 0, bool: false, time: new Date(ZERO_TIME_MS) };

/** Order of two values of the same comparable kind (numbers, Go strings by code point, times). */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  const x = goString(String(a));
  const y = goString(String(b));
  // code point order (= UTF-8 byte order), not UTF-16 unit order
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const cx = x.codePointAt(i)!;
    const cy = y.codePointAt(j)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
    i += cx > 0xffff ? 2 : 1;
    j += cy > 0xffff ? 2 : 1;
  }
  return i < x.length ? 1 : j < y.length ? -1 : 0;
}

/** gtfield / ltfield: both fields numbers, both strings or both times. */
export function comparableKinds(name: string, field: FieldContext, other: SiblingRef): void {
  const kinds = ["number", "string", "time"];
  if (!kinds.includes(field.kind) || field.kind !== other.kind) {
    throw new DirectiveError(
      `${name}=${other.key}: cannot compare ${field.kind === "number" || field.kind === "string" ? field.scalar : field.kind} with ${other.scalar ?? other.kind}`,
    );
  }
}

/** gtfield / ltfield: the field compared with another one when the object closes. */
export function fieldComparison(name: "gtfield" | "ltfield"): DirectiveSpec {
  const gt = name === "gtfield";
  return {
    names: [name],
    build(written, value, raw, field) {
      const target = targetName(written, value);
      const other = otherField(written, target, field);
      comparableKinds(written, field, other);
      return {
        phase: "object", directive: raw, other,
        code: gt ? "MUST_BE_GT_FIELD" : "MUST_BE_LT_FIELD",
        message: `must be ${gt ? "greater" : "less"} than field ${target}`,
        wasm: () => [gt ? OP_GT_FIELD : OP_LT_FIELD, other.slot, 0, 0],
        // skipped when this field is null (accepted unchecked, as null on any field: DESIGN.md)
        // and when the other is missing or a nil ptr; null on another field that is no ptr is
        // Go's zero value, which the Go struct holds and compares
        test: (self, o) => {
          const b = o === null && !other.nullable ? zeroOf(other.kind) : o;
          return self === null || self === undefined || b === null || b === undefined || (gt ? compareValues(self, b) > 0 : compareValues(self, b) < 0);
        },
      };
    },
  };
}
