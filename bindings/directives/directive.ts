// What a directive file provides: its parser (build), its WASM op (wasm), its TypeScript reference
// check (test) and its code and message. The resolver (bindings/resolve.ts) calls build once per
// directive when a validator is created; the compiler encodes `wasm`; `validate()` runs `test`.

import type { ScalarKind } from "../model.js";
import { goTrimSpace } from "../tags.js";

/** A reason a directive cannot be used; the resolver turns it into a ModelError naming model and field. */
export class DirectiveError extends Error {}

/** What kind of value a directive sees (the field's type with `ptr` removed). */
export type KindClass = "string" | "number" | "bool" | "list" | "map" | "model" | "any" | "time" | "extras";

/** Another field of the same model, for cross-field directives. */
export interface SiblingRef {
  readonly key: string;
  readonly kind: KindClass;
  readonly scalar: ScalarKind | undefined;
  readonly slot: number;
  /** A ptr: null is nil (a value of its own); any other field holds its zero value for null, as a Go struct does. */
  readonly nullable: boolean;
}

export interface FieldContext {
  readonly model: string;
  readonly field: string;
  readonly kind: KindClass;
  /** The scalar kind for string/number/bool/any/time fields. */
  readonly scalar: ScalarKind | undefined;
  /** For lists: the kind of the items; for maps: of the values. */
  readonly elemKind: KindClass | undefined;
  /** For lists and maps: the items are ptrs (null is nil; otherwise a null item is the zero value, as Go holds it). */
  readonly elemNullable: boolean;
  /** For lists of models: look up a field of the item model by TS key or JSON name. */
  elemField(name: string): SiblingRef | undefined;
  /** For lists and maps of models: the item model's fields (read from JSON). */
  elemFields(): readonly SiblingRef[] | undefined;
  /** Look up another field of this model by TS key (or JSON name). */
  sibling(name: string): SiblingRef | undefined;
}

/** Pools the compiler writes beside the op stream; encoders return positions in them. */
export interface OperandPool {
  number(value: number): number;
  numbers(values: readonly number[]): number;
  /** A set of strings: [count u32] then per string [byte length u32, bytes, padding to 4]. */
  strings(values: readonly string[]): number;
  words(values: Uint32Array): number;
  utf8(value: string): { offset: number; length: number };
}

/** Operands of one op: [opcode, a, b, c]. */
export type OpWords = readonly [number, number, number, number];

/** A check on the field's own value, run as soon as the value is complete. */
export interface ValueCheck {
  readonly phase: "value";
  /** The directive as written (`min=3`). */
  readonly directive: string;
  readonly code: string;
  readonly message: string;
  /** The JSON Schema keyword(s) this check maps onto, for the schema writer. */
  readonly schema?: Record<string, unknown>;
  /** Scratch memory the WASM op needs while it runs (patterns). */
  readonly scratchBytes?: number;
  /** It compares the items' values (unique): skipped by validate() when an item is of the wrong type. */
  readonly readsItems?: boolean;
  wasm(pool: OperandPool): OpWords;
  /** TypeScript reference: true when the (non-null) value passes. */
  test(value: unknown): boolean;
}

/** A check that needs the whole object: run when the enclosing object closes. */
export interface ObjectCheck {
  readonly phase: "object";
  readonly directive: string;
  readonly code: string;
  readonly message: string;
  readonly other: SiblingRef;
  wasm(pool: OperandPool): OpWords;
  /**
   * TypeScript reference: true when it passes. `self`/`other` are the field values (undefined when
   * the key is missing in unmarshal terms: the resolver passes the value the object ends up with).
   */
  test(self: unknown, other: unknown): boolean;
}

export type Check = ValueCheck | ObjectCheck;

/** What a directive contributes to its field. */
export type Built =
  | Check
  | { readonly phase: "flag"; readonly flag: "required" | "extras" }
  | { readonly phase: "default"; readonly text: string };

export interface DirectiveSpec {
  /** Names this directive is written with; the first is canonical. */
  readonly names: readonly string[];
  build(name: string, value: string | undefined, raw: string, field: FieldContext): Built;
}

// ---------------------------------------------------------------- shared helpers

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parse a numeric directive value (spaces around it are Go's to trim): a decimal as Go's
 * strconv.ParseFloat reads it, but without its `_`, hex, Inf and NaN forms (a bound must be a
 * finite number that a JSON Schema carries). Throws DirectiveError otherwise.
 */
export function parseNumber(name: string, value: string | undefined): number {
  const text = goTrimSpace(value ?? "");
  if (value === undefined || !NUMBER_TEXT.test(text)) {
    throw new DirectiveError(`malformed number in ${name}=${value ?? ""}: expected a decimal number`);
  }
  const n = Number(text);
  if (!Number.isFinite(n)) throw new DirectiveError(`malformed number in ${name}=${value}: out of range`);
  return n;
}

/**
 * Parse a count (string length, item count): a non-negative integer, as Go's strconv.Atoi reads
 * it (`+3`, `007`, and `-0`, which is 0), up to the core's 32 bits.
 */
export function parseCount(name: string, value: string | undefined): number {
  const text = goTrimSpace(value ?? "");
  if (value === undefined || !/^(\+?\d+|-0+)$/.test(text)) {
    throw new DirectiveError(`malformed number in ${name}=${value ?? ""}: expected a non-negative integer`);
  }
  const n = Number(text);
  if (n > 0xffffffff) throw new DirectiveError(`malformed number in ${name}=${value}: too large`);
  return n === 0 ? 0 : n;
}

export function requireValue(name: string, value: string | undefined): string {
  if (value === undefined || value === "") throw new DirectiveError(`${name} needs a value (${name}=...)`);
  return value;
}

export function forbidValue(name: string, value: string | undefined): void {
  if (value !== undefined) throw new DirectiveError(`${name} takes no value`);
}

export function kindError(name: string, field: FieldContext, allowed: string): DirectiveError {
  const got = field.kind === "number" || field.kind === "string" || field.kind === "bool" ? field.scalar : field.kind;
  return new DirectiveError(`'${name}' can only be used on ${allowed} fields, got ${got}`);
}

/**
 * Has s at least n code points? A string of L UTF-16 units has between ceil(L/2) and L of them,
 * so most strings are answered by their length without being read.
 */
export function hasAtLeastPoints(s: string, n: number): boolean {
  return s.length >= n && ((s.length + 1) >> 1 >= n || codePoints(s) >= n);
}

/** Has s at most n code points? (As hasAtLeastPoints, by the length where it answers.) */
export function hasAtMostPoints(s: string, n: number): boolean {
  return s.length <= n || ((s.length + 1) >> 1 <= n && codePoints(s) <= n);
}

/** Unicode code points in a JS string (a lone surrogate counts as one, as in the WASM count). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Number of items of a list or entries of a map value. */
export function itemCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return Object.keys(value as object).length;
}

