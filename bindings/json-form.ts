// The JSON form of a typed value ("dict form"): JSON names as keys, nested models as objects,
// captured extras merged into their level, times as RFC 3339 text. Error values are in this form.
// dict (Go's Dict: a JSON round trip of the value) also turns the content of `any` fields and of
// captured extras into what JSON.parse reads from marshal's text of it (a copy, a Date as Go's
// time text, a bigint as a number), and null where the Go type has no nil into its zero value.

import { intZeroed, stripPtr, type RModel, type RType } from "./resolve.js";
import { eachItem, setMember, zeroValue } from "./values.js";
import { anyText, enter, joinKey, MarshalError, type JsonLayout } from "./marshal.js";

/** RFC 3339 with the fraction trimmed, as Go's time.Time marshals (always UTC here). */
export function formatTime(d: Date): string {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (or ±YYYYYY for far years)
  return iso.replace(/\.000Z$/, "Z").replace(/(\.\d*?)0+Z$/, "$1Z");
}

/** How a value is turned into its JSON form. */
export interface JsonFormOptions {
  /** v is a stream's partial value, where a field not read yet is absent (left out here, not written as null). */
  readonly partial?: boolean;
  /**
   * Containers nested deeper than this are a MarshalError at their path (dict of a hostile value;
   * no stack overflow). A value that contains itself is one too ("a cycle"), whatever this says.
   */
  readonly maxDepth?: number;
  /**
   * As JSON.parse reads marshal's text (dict): values of any fields and captured extras as JSON,
   * null where the Go type has no nil as its zero value.
   */
  readonly asMarshaled?: boolean;
}

/** A walk through a typed value: its options and the containers open on the path being written. */
interface FormWalk {
  readonly options: JsonFormOptions;
  readonly layout: JsonLayout;
  readonly open: Set<object>;
}

function walkOf(options: JsonFormOptions): FormWalk {
  const layout: JsonLayout = { indent: "", maxDepth: options.maxDepth ?? Number.POSITIVE_INFINITY, fail: (at, got) => new MarshalError(at, got) };
  return { options, layout, open: new Set() };
}

export function toJsonForm(t: RType, v: unknown, options: JsonFormOptions = {}): unknown {
  return form(t, v, walkOf(options), 1, "");
}

export function objectToJsonForm(m: RModel, o: Record<string, unknown>, options: JsonFormOptions = {}): Record<string, unknown> {
  return objectForm(m, o, walkOf(options), 1, "");
}

/** An any value (or a captured extra) at `path`, nesting level `depth`, in the form options ask for. */
function anyForm(v: unknown, w: FormWalk, depth: number, path: string): unknown {
  if (w.options.asMarshaled !== true) return v;
  return JSON.parse(anyText(v, path, w.layout, depth - 1)) as unknown;
}

/** The JSON form of v, a value at nesting level `depth` (1: the document). */
function form(t: RType, value: unknown, w: FormWalk, depth: number, path: string): unknown {
  const v = value ?? (w.options.asMarshaled === true ? zeroValue(t) : null);
  if (v === null) return null;
  const base = stripPtr(t);
  switch (base.kind) {
    case "model": return objectForm(base.model, v as Record<string, unknown>, w, depth, path);
    case "slice": case "array":
      if (!Array.isArray(v)) return v;
      enter(v, depth - 1, w.open, path, w.layout);
      // (a hole, or undefined, is null, as marshal writes it: README, Limits and bad input)
      return leave(v, w, eachItem(v as unknown[], (x, i) => x === undefined ? null : form(base.elem, x, w, depth + 1, `${path}[${i}]`)));
    case "map":
      if (typeof v !== "object") return v;
      enter(v, depth - 1, w.open, path, w.layout);
      return leave(v, w, Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, form(base.elem, x, w, depth + 1, joinKey(path, k))])));
    case "scalar":
      if (base.scalar === "any") return anyForm(v, w, depth, path);
      if (base.scalar === "time" && v instanceof Date) return formatTime(v);
      // (what marshal writes, what dict's JSON round trip reads, and what unmarshal holds, so an
      // error's value is the same from validate() as from unmarshal)
      return intZeroed(base, v);
    default:
      return v;
  }
}

/**
 * Container v, entered (enter(): a cycle or a level past maxDepth is a MarshalError at its path)
 * before its form was written, leaves the path; gives that form back. (No helper that takes the
 * writing as a closure: each frame per level counts against the call stack.)
 */
function leave<R>(v: object, w: FormWalk, written: R): R {
  w.open.delete(v);
  return written;
}

function objectForm(m: RModel, o: Record<string, unknown>, w: FormWalk, depth: number, path: string): Record<string, unknown> {
  if (typeof o !== "object" || o === null) return o;
  enter(o, depth - 1, w.open, path, w.layout);
  const partial = w.options.partial === true;
  const out: Record<string, unknown> = {};
  for (const f of m.fields) {
    if (f.extras) continue; // (after the fields)
    if (f.skip || (partial && !Object.hasOwn(o, f.key))) continue;
    // (a JSON name "__proto__" is a member like any other, as JSON.parse makes it)
    setMember(out, f.jsonName, form(f.type, o[f.key], w, depth + 1, joinKey(path, f.jsonName)));
  }
  // captured extras join their level as marshal writes them: only where this validator captures
  // them, never over a field's JSON name, a "__proto__" key as a key (not the object's prototype)
  const extras = m.extrasField && m.extraMode === "capture" ? o[m.extrasField.key] : undefined;
  if (extras && typeof extras === "object") {
    for (const [k, x] of Object.entries(extras)) {
      if (x !== undefined && !m.byJson.has(k)) setMember(out, k, anyForm(x, w, depth + 1, joinKey(path, k)));
    }
  }
  return leave(o, w, out);
}
