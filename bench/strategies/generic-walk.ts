/**
 * Tape walks without code generation (so with no CSP caveat): bindings/build.ts's TapeReader,
 * the walk the bindings fall back to where code generation is not allowed:
 *  - E: TapeReader as it is: each object starts as `{}` and gets every TS key in declaration order
 *    (`o[key] = undefined`), then one keyed store per field read (the computed-key stores of one
 *    call site shared by all models);
 *  - D: the same walk, but each object starts as a copy of a per-model template `{ ...template }`
 *    that already holds every key, so no object grows key by key.
 */
import { TapeReader } from "../../bindings/build.js";
import { getEngine } from "../../bindings/engine.js";
import type { RModel, RType } from "../../bindings/resolve.js";
import type { Validator } from "../../bindings/validator.js";
import { safeUnmarshalWith, tapeBase, type Strategy } from "./common.js";

/** TapeReader whose objects start as copies of a per-model template holding every key. */
class TemplateReader extends TapeReader {
  constructor(u32: Uint32Array, f64: Float64Array, base: number, src: string, private readonly templates: readonly Record<string, unknown>[]) {
    super(u32, f64, base, src);
  }

  protected override newObject(m: RModel): Record<string, unknown> {
    return { ...this.templates[m.index] };
  }
}

function walkStrategy(name: string, description: string, withTemplates: boolean): Strategy {
  return {
    name,
    description,
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
        const reader = withTemplates
          ? new TemplateReader(heap.u32, heap.f64, tapeBase(s), text, templates)
          : new TapeReader(heap.u32, heap.f64, tapeBase(s), text);
        return reader.value(rootType);
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
