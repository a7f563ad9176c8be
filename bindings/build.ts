// Build the typed value of a valid document from the tape the core wrote. Strings are sliced out
// of the source text by their UTF-16 span (escaped ones are decoded with JSON.parse), numbers come
// as f64, `any` values are parsed from their JSON text. Missing keys take their default, null
// (ptr) or zero value. The way is chosen by bench/build-strategies.ts (see README).

import * as L from "./layout.js";
import { stripPtr, type RModel, type RType } from "./resolve.js";
import { missingValue, zeroValue } from "./values.js";

export class TapeReader {
  i = 0;
  constructor(
    private readonly u32: Uint32Array,
    private readonly f64: Float64Array,
    private readonly base: number, // word index of entry 0
    private readonly src: string,
  ) {}

  private text(e: number): string {
    const w = this.base + e * L.TP_WORDS;
    const a = this.u32[w + 1];
    const b = this.u32[w + 2];
    return (this.u32[w] & L.TF_ESCAPED) !== 0 ? (JSON.parse(this.src.slice(a - 1, b + 1)) as string) : this.src.slice(a, b);
  }

  /** Read one value of type t (its entries start at this.i). */
  value(t: RType): unknown {
    const e = this.i++;
    const w = this.base + e * L.TP_WORDS;
    switch (this.u32[w] & 0xff) {
      case L.T_STR: return this.text(e);
      case L.T_NUM: return this.f64[(w >>> 1) + 1];
      case L.T_TRUE: return true;
      case L.T_FALSE: return false;
      case L.T_NULL: return t.kind === "ptr" ? null : zeroValue(t);
      case L.T_RAW: return JSON.parse(this.src.slice(this.u32[w + 1], this.u32[w + 2]));
      case L.T_TIME: return new Date(this.text(e));
      case L.T_OBJ: return this.object((stripPtr(t) as { model: RModel }).model);
      case L.T_ARR: return this.array(stripPtr(t));
      case L.T_MAP: return this.map(stripPtr(t) as { kind: "map"; elem: RType });
    }
    throw new Error(`checker: corrupt tape at entry ${e}`);
  }

  private object(m: RModel): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    const fields = m.fields;
    for (let i = 0; i < fields.length; i++) o[fields[i].key] = undefined;
    let extras: Record<string, unknown> | undefined;
    for (;;) {
      const w = this.base + this.i * L.TP_WORDS;
      const tag = this.u32[w] & 0xff;
      this.i++;
      if (tag === L.T_FIELD) {
        const f = fields[this.u32[w + 1]];
        o[f.key] = this.value(f.type);
      } else if (tag === L.T_EXTRA) {
        const key = this.text(this.i - 1);
        extras ??= {};
        extras[key] = this.value({ kind: "scalar", scalar: "any" });
      } else break; // T_OBJ_END
    }
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f.extras) o[f.key] = extras ?? {};
      else if (o[f.key] === undefined) o[f.key] = f.skip ? zeroValue(f.type) : missingValue(f);
    }
    return o;
  }

  private array(t: RType): unknown[] {
    const elem = (t as { elem: RType }).elem;
    const out: unknown[] = [];
    while ((this.u32[this.base + this.i * L.TP_WORDS] & 0xff) !== L.T_ARR_END) out.push(this.value(elem));
    this.i++;
    if (t.kind === "array") while (out.length < t.length) out.push(zeroValue(elem));
    return out;
  }

  private map(t: { elem: RType }): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      const e = this.i++;
      if ((this.u32[this.base + e * L.TP_WORDS] & 0xff) === L.T_MAP_END) return out;
      out[this.text(e)] = this.value(t.elem);
    }
  }
}
