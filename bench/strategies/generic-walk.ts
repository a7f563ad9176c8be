/**
 * Tape walks without code generation (so with no CSP caveat), as a copy of bindings/build.ts's
 * TapeReader before it got generated object readers (its exported helpers are reused):
 *  - E: the generic walk: each object starts as `{}` and gets every TS key in declaration order
 *    (`o[key] = undefined`), then one keyed store per field read (the computed-key stores of one
 *    call site shared by all models);
 *  - D: the same walk, but each object starts as a copy of a per-model template `{ ...template }`
 *    that already holds every key, so no object grows key by key.
 */
import { getEngine } from "../../bindings/engine.js";
import { elemOf, entryText, finishArray, finishObject, modelOf, scalarValue } from "../../bindings/build.js";
import * as L from "../../bindings/layout.js";
import { stripPtr, type RModel, type RType } from "../../bindings/resolve.js";
import type { Validator } from "../../bindings/validator.js";
import { safeUnmarshalWith, tapeBase, type Strategy } from "./common.js";

const ANY: RType = { kind: "scalar", scalar: "any" };

class WalkReader {
  i = 0;
  constructor(
    private readonly u32: Uint32Array,
    private readonly f64: Float64Array,
    private readonly base: number,
    private readonly src: string,
    /** Per model index: an object with every key (D), or none (E). */
    private readonly templates: readonly Record<string, unknown>[] | undefined,
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
    const fields = m.fields;
    let o: Record<string, unknown>;
    if (this.templates) o = { ...this.templates[m.index] };
    else {
      o = {};
      for (let i = 0; i < fields.length; i++) o[fields[i]!.key] = undefined;
    }
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

function walkStrategy(name: string, description: string, withTemplates: boolean): Strategy {
  return {
    name,
    description,
    make(validator: Validator) {
      const { models, root } = validator.program.resolved;
      const templates = withTemplates
        ? models.map((m) => {
            const o: Record<string, unknown> = {};
            for (const f of m.fields) o[f.key] = undefined;
            return o;
          })
        : undefined;
      const rootType: RType = { kind: "model", model: root };
      return safeUnmarshalWith(validator, (text, s) => {
        const heap = getEngine().heap;
        return new WalkReader(heap.u32, heap.f64, tapeBase(s), text, templates).value(rootType);
      });
    },
  };
}

export const templateWalkStrategy = walkStrategy(
  "D: tape walk, template objects",
  "the generic tape walk, but each object starts as a copy of a per-model template holding every key " +
    "(`{ ...template }`); no code generation",
  true,
);

export const genericWalkStrategy = walkStrategy(
  "E: generic tape walk",
  "the TapeReader walk before generated readers (the fallback where code generation is not allowed): " +
    "`{}` given every key, then one computed-key store per field; no code generation",
  false,
);
