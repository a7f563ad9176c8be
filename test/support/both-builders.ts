// The value of a document a validator accepts, built from the tape by both value builders: the
// generic walk (TapeReader) and the generated reader (what unmarshal uses where code generation is
// allowed). The document must be valid: its tape is read from the shared session.
import { expect } from "vitest";
import { TapeReader } from "../../bindings/build.js";
import { generatedBuilder } from "../../bindings/build-generated.js";
import { getEngine } from "../../bindings/engine.js";
import type { Validator } from "../../bindings/index.js";
import * as L from "../../bindings/layout.js";
import { sharedSession } from "../../bindings/session.js";

export function bothBuilders(v: Validator, json: string): [generic: unknown, generated: unknown] {
  const r = v.safeUnmarshal(json);
  expect(r.ok, json).toBe(true);
  const heap = getEngine().heap;
  const base = sharedSession().get(L.S_TAPE) >>> 2;
  const generic = new TapeReader(heap.u32, heap.f64, base, json).value({ kind: "model", model: v.program.resolved.root });
  const generated = generatedBuilder(v.program.resolved.root)!(heap.u32, heap.f64, base, json);
  return [generic, generated];
}
