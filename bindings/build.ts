// Build the typed value of a valid document from the tape the core wrote. Strings are sliced out
// of the source text by their UTF-16 span (escaped ones are decoded with JSON.parse), numbers come
// as f64, `any` values from the entries of their content (objects as maps of `any`, arrays as
// lists of `any`: what JSON.parse makes of their text). Missing keys take their default, null
// (ptr) or zero value. This way was chosen by measurement (bench/results/build-strategies.md):
// re-parsing the vetted text with JSON.parse and fixing it up was slower than reading the tape.

import { timeFromText } from "./go-time.js";
import * as L from "./layout.js";
import { stripPtr, type RModel, type RType } from "./resolve.js";
import { missingValue, ownMember, setMember, zeroValue } from "./values.js";

/** Source text by UTF-16 offsets: a string, or a TextStore of stream pieces. */
export interface Text {
  slice(start: number, end: number): string;
}

export const ANY: RType = { kind: "scalar", scalar: "any" };
/** The types of the containers inside an `any` value. */
export const ANY_LIST: RType = { kind: "slice", elem: ANY };
export const ANY_MAP: RType = { kind: "map", elem: ANY };

const utf8 = new TextDecoder();

/**
 * The text of a TF_DECODED entry at word w, decoded from its UTF-8 bytes in the strings arena;
 * undefined when a U+FFFD is among them (it may stand for a lone surrogate, which the bytes
 * cannot hold: the entry's text is read with JSON.parse then).
 */
export function decodedText(u32: Uint32Array, w: number): string | undefined {
  const at = u32[w + 3]!;
  const s = utf8.decode(new Uint8Array(u32.buffer, at + 4, u32[at >>> 2]));
  return s.includes("\uFFFD") ? undefined : s;
}

/** The text of a T_STR / T_KEY / T_EXTRA / T_TIME entry at word w. */
export function entryText(u32: Uint32Array, w: number, text: Text): string {
  if ((u32[w] & L.TF_DECODED) !== 0) {
    const decoded = decodedText(u32, w);
    if (decoded !== undefined) return decoded;
  }
  const a = u32[w + 1];
  const b = u32[w + 2];
  // an escaped string is decoded with its quotes, which are right around it in the source
  return (u32[w] & L.TF_ESCAPED) !== 0 ? (JSON.parse(text.slice(a - 1, b + 1)) as string) : text.slice(a, b);
}

/** The value of a scalar entry (string, number, bool, null, raw `any`, time) of type t. */
export function scalarValue(u32: Uint32Array, f64: Float64Array, w: number, t: RType, text: Text): unknown {
  switch (u32[w] & 0xff) {
    case L.T_STR: return entryText(u32, w, text);
    case L.T_NUM: return f64[(w >>> 1) + 1];
    case L.T_TRUE: return true;
    case L.T_FALSE: return false;
    case L.T_NULL: return t.kind === "ptr" ? null : zeroValue(t);
    case L.T_RAW: return JSON.parse(text.slice(u32[w + 1], u32[w + 2])); // (a stream's `any` value, or one past ANY_TAPE_MAX)
    case L.T_TIME: return timeFromText(entryText(u32, w, text));
  }
  throw new Error(`checker: corrupt tape (tag ${u32[w] & 0xff})`);
}

/** An object whose members are all read: fields never seen take their missing value. */
export function finishObject(o: Record<string, unknown>, m: RModel, extras: Record<string, unknown> | undefined): void {
  const fields = m.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.extras) setMember(o, f.key, extras ?? {});
    else if (ownMember(o, f.key) === undefined) setMember(o, f.key, f.skip ? zeroValue(f.type) : missingValue(f));
  }
}

/** Would finishObject change o (a field to fill in, or the model's extras field to set)? */
export function objectUnfinished(o: Record<string, unknown>, m: RModel): boolean {
  return m.fields.some((f) => f.extras || ownMember(o, f.key) === undefined);
}

/** A Go array [N]T read from a shorter JSON array is padded with zero values. */
export function finishArray(out: unknown[], t: RType): void {
  if (t.kind === "array") while (out.length < t.length) out.push(zeroValue(t.elem));
}

/** Would finishArray change out (a fixed-size array read short)? */
export function arrayUnfinished(out: readonly unknown[], t: RType): boolean {
  return t.kind === "array" && out.length < t.length;
}

export function modelOf(t: RType): RModel {
  return (stripPtr(t) as { model: RModel }).model;
}

export function elemOf(t: RType): RType {
  return (stripPtr(t) as { elem: RType }).elem;
}

/**
 * One-shot builder: a recursive walk of a complete tape. The generated builder
 * (build-generated.ts) does the same faster; this walk is used where code generation is not
 * allowed, and for values that are not a whole document.
 */
export class TapeReader {
  i = 0;
  constructor(
    private readonly u32: Uint32Array,
    private readonly f64: Float64Array,
    private readonly base: number, // word index of entry 0
    private readonly src: Text,
  ) {}

  /** Read one value of type t (its entries start at this.i). */
  value(t: RType): unknown {
    const w = this.base + this.i++ * L.TP_WORDS;
    switch (this.u32[w] & 0xff) {
      case L.T_OBJ: return this.object(modelOf(t));
      // (a container where a scalar type is expected is the content of an `any` value)
      case L.T_ARR: return this.array(stripPtr(t).kind === "scalar" ? ANY_LIST : stripPtr(t));
      case L.T_MAP: return this.map(stripPtr(t).kind === "scalar" ? ANY : elemOf(t));
    }
    return scalarValue(this.u32, this.f64, w, t, this.src);
  }

  /** A new object of model m, before its fields are read. */
  protected newObject(m: RModel): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    const fields = m.fields;
    // declaration order first, so every object of a model shares one hidden class (a field
    // "__proto__" an own member: read back below, it is the field's, not the prototype)
    for (let i = 0; i < fields.length; i++) setMember(o, fields[i].key, undefined);
    return o;
  }

  private object(m: RModel): Record<string, unknown> {
    const o = this.newObject(m);
    const fields = m.fields;
    let extras: Record<string, unknown> | undefined;
    for (;;) {
      const w = this.base + this.i++ * L.TP_WORDS;
      const tag = this.u32[w] & 0xff;
      if (tag === L.T_FIELD) {
        const f = fields[this.u32[w + 1]];
        setMember(o, f.key, this.value(f.type));
      } else if (tag === L.T_EXTRA) {
        setMember((extras ??= {}), entryText(this.u32, w, this.src), this.value(ANY));
      } else break; // T_OBJ_END
    }
    finishObject(o, m, extras);
    return o;
  }

  private array(t: RType): unknown[] {
    const elem = elemOf(t);
    const out: unknown[] = [];
    while ((this.u32[this.base + this.i * L.TP_WORDS] & 0xff) !== L.T_ARR_END) out.push(this.value(elem));
    this.i++;
    finishArray(out, t);
    return out;
  }

  private map(elem: RType): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      const w = this.base + this.i++ * L.TP_WORDS;
      if ((this.u32[w] & 0xff) === L.T_MAP_END) return out;
      setMember(out, entryText(this.u32, w, this.src), this.value(elem));
    }
  }
}
