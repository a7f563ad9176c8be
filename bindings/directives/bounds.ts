// The three families of bounds shared by min/max/gt/lt/gte/lte/minItems/maxItems:
// string length in code points, numeric value, and item count of a list or map.
import {
  OP_MAX_ITEMS, OP_MAX_LEN, OP_MIN_ITEMS, OP_MIN_LEN, OP_NUM_GE, OP_NUM_GT, OP_NUM_LE, OP_NUM_LT,
} from "../layout.js";
import { goTrimSpace } from "../tags.js";
import { hasAtLeastPoints, hasAtMostPoints, itemCount, kindError, parseCount, parseNumber, type DirectiveSpec, type ValueCheck } from "./directive.js";

type Side = "min" | "max";

/** min=N / max=N on a string: MIN_LENGTH / MAX_LENGTH, `must be at least N characters`. */
export function lengthBound(side: Side, name: string, value: string | undefined, raw: string): ValueCheck {
  const n = parseCount(name, value);
  const text = goTrimSpace(value!);
  return side === "min"
    ? {
        phase: "value", directive: raw, code: "MIN_LENGTH", message: `must be at least ${text} characters`,
        schema: { minLength: n },
        wasm: () => [OP_MIN_LEN, n, 0, 0],
        test: (v) => hasAtLeastPoints(v as string, n),
      }
    : {
        phase: "value", directive: raw, code: "MAX_LENGTH", message: `must be at most ${text} characters`,
        schema: { maxLength: n },
        wasm: () => [OP_MAX_LEN, n, 0, 0],
        test: (v) => hasAtMostPoints(v as string, n),
      };
}

/** min/max/minItems/maxItems on a list or map: MIN_ITEMS / MAX_ITEMS, `must have at least N items`. */
export function itemsBound(side: Side, name: string, value: string | undefined, raw: string, isMap: boolean): ValueCheck {
  const n = parseCount(name, value);
  const text = goTrimSpace(value!);
  const key = isMap ? (side === "min" ? "minProperties" : "maxProperties") : side === "min" ? "minItems" : "maxItems";
  return side === "min"
    ? {
        phase: "value", directive: raw, code: "MIN_ITEMS", message: `must have at least ${text} items`,
        schema: { [key]: n },
        wasm: () => [OP_MIN_ITEMS, n, 0, 0],
        test: (v) => itemCount(v) >= n,
      }
    : {
        phase: "value", directive: raw, code: "MAX_ITEMS", message: `must have at most ${text} items`,
        schema: { [key]: n },
        wasm: () => [OP_MAX_ITEMS, n, 0, 0],
        test: (v) => itemCount(v) <= n,
      };
}

export type Comparison = "ge" | "le" | "gt" | "lt";

const COMPARISONS: Record<Comparison, { op: number; code: string; verb: string; keyword: string; pass: (v: number, b: number) => boolean }> = {
  ge: { op: OP_NUM_GE, code: "MIN_VALUE", verb: "must be at least", keyword: "minimum", pass: (v, b) => v >= b },
  le: { op: OP_NUM_LE, code: "MAX_VALUE", verb: "must be at most", keyword: "maximum", pass: (v, b) => v <= b },
  gt: { op: OP_NUM_GT, code: "EXCLUSIVE_MIN", verb: "must be greater than", keyword: "exclusiveMinimum", pass: (v, b) => v > b },
  lt: { op: OP_NUM_LT, code: "EXCLUSIVE_MAX", verb: "must be less than", keyword: "exclusiveMaximum", pass: (v, b) => v < b },
};

/** A numeric comparison with a bound, N printed as written. */
export function numberBound(cmp: Comparison, name: string, value: string | undefined, raw: string): ValueCheck {
  const bound = parseNumber(name, value);
  const c = COMPARISONS[cmp];
  return {
    phase: "value", directive: raw, code: c.code, message: `${c.verb} ${goTrimSpace(value!)}`,
    schema: { [c.keyword]: bound },
    wasm: (pool) => [c.op, pool.number(bound), 0, 0],
    test: (v) => c.pass(v as number, bound),
  };
}

// ---------------------------------------------------------------- directive factories

/** min / max: the family depends on the field's kind. */
export function boundDirective(name: "min" | "max"): DirectiveSpec {
  const side: Side = name;
  return {
    names: [name],
    build(written, value, raw, field) {
      switch (field.kind) {
        case "string": return lengthBound(side, written, value, raw);
        case "number": return numberBound(side === "min" ? "ge" : "le", written, value, raw);
        case "list": return itemsBound(side, written, value, raw, false);
        case "map": return itemsBound(side, written, value, raw, true);
        default: throw kindError(written, field, "string, number, slice, array or map");
      }
    },
  };
}

/** minItems / maxItems: lists and maps only. */
export function itemsDirective(name: "minItems" | "maxItems"): DirectiveSpec {
  const side: Side = name === "minItems" ? "min" : "max";
  return {
    names: [name],
    build(written, value, raw, field) {
      if (field.kind !== "list" && field.kind !== "map") throw kindError(written, field, "slice, array or map");
      return itemsBound(side, written, value, raw, field.kind === "map");
    },
  };
}

/** gt / lt / gte / lte: numbers only. */
export function comparisonDirective(name: string, cmp: Comparison): DirectiveSpec {
  return {
    names: [name],
    build(written, value, raw, field) {
      if (field.kind !== "number") throw kindError(written, field, "number");
      return numberBound(cmp, written, value, raw);
    },
  };
}
