/**
 * Strategy D: the tape walk of B with one change, and no code generation (so no CSP caveat):
 * each object starts as a copy of a per-model template `{ ...template }` that already holds every
 * TS key in declaration order, instead of `{}` grown key by key (`o[key] = undefined` per field).
 * The copy is one CloneObjectIC with a stable map; the keyed stores that follow then hit existing
 * properties. Everything else is bindings/build.ts's reader (its exported helpers, reused).
 */
import { getEngine } from "../../bindings/engine.js";
import { elemOf, entryText, finishArray, finishObject, modelOf, scalarValue } from "../../bindings/build.js";
import * as L from "../../bindings/layout.js";
import { stripPtr, type RModel, type RType } from "../../bindings/resolve.js";
import type { Validator } from "../../bindings/validator.js";
import { safeUnmarshalWith, tapeBase, type Strategy } from "./common.js";

const ANY: RType = { kind: "scalar", scalar: "any" };

class TemplateTapeReader {
  i = 0;
  constructor(
    private readonly u32: Uint32Array,
    private readonly f64: Float64Array,
    private readonly base: number,
    private readonly src: string,
    private readonly templates: readonly Record<string, unknown>[],
  ) {}

  value(t: RType): unknown {
    const w = this.base + this.i++ * L.TP_WORDS;
    switch (this.u32[w]! & 0xff) {
      case L.T_OBJ: return this.object(modelOf(t));
      case L.T_ARR: return this.array(stripPtr(t));
      case L.T_MAP: return this.map(elemOf(t));
    }
    return scalarValue(this.u32, this.f64, w, t, this.src);
  }

  private object(m: RModel): Record<string, unknown> {
    const o = { ...this.templates[m.index] };
    const fields = m.fields;
    let extras: Record<string, unknown> | undefined;
    for (;;) {
      const w = this.base + this.i++ * L.TP_WORDS;
      const tag = this.u32[w]! & 0xff;
      if (tag === L.T_FIELD) {
        const f = fields[this.u32[w + 1]!]!;
        o[f.key] = this.value(f.type);
      } else if (tag === L.T_EXTRA) {
        (extras ??= {})[entryText(this.u32, w, this.src)] = this.value(ANY);
      } else break;
    }
    finishObject(o, m, extras);
    return o;
  }

  private array(t: RType): unknown[] {
    const elem = elemOf(t);
    const out: unknown[] = [];
    while ((this.u32[this.base + this.i * L.TP_WORDS]! & 0xff) !== L.T_ARR_END) out.push(this.value(elem));
    this.i++;
    finishArray(out, t);
    return out;
  }

  private map(elem: RType): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      const w = this.base + this.i++ * L.TP_WORDS;
      if ((this.u32[w]! & 0xff) === L.T_MAP_END) return out;
      out[entryText(this.u32, w, this.src)] = this.value(elem);
    }
  }
}

export const templateWalkStrategy: Strategy = {
  name: "D: tape walk, template objects",
  description:
    "B's tape walk, but each object starts as a copy of a per-model template holding every key " +
    "(`{ ...template }`), so no object grows key by key; no code generation",
  make(validator: Validator) {
    const { models, root } = validator.program.resolved;
    const templates = models.map((m) => {
      const o: Record<string, unknown> = {};
      for (const f of m.fields) o[f.key] = undefined;
      return o;
    });
    const rootType: RType = { kind: "model", model: root };
    return safeUnmarshalWith(validator, (text, s) => {
      const heap = getEngine().heap;
      return new TemplateTapeReader(heap.u32, heap.f64, tapeBase(s), text, templates).value(rootType);
    });
  },
};
