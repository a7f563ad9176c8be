// Does building a value from the tape read the source text? Strings, times, `any` values, map
// keys and captured extras are sliced or parsed out of it; numbers, bools and null come from the
// tape alone. A validator whose model reads no text does not decode UTF-8 input to build: for a
// list of 10,000 floats (180 KB) the decode took a third of unmarshal (V8 puts a string over
// ~128 KB in large-object space, at 1-2 ns a byte).

import type { RModel, RType } from "./resolve.js";

/** Can a value of model m (and every model it reaches) hold text from the source? */
export function modelReadsText(m: RModel, seen: Set<RModel> = new Set()): boolean {
  if (seen.has(m)) return false; // (a recursive model: answered where it was first met)
  seen.add(m);
  return m.extraMode === "capture" || m.fields.some((f) => !f.skip && typeReadsText(f.type, seen));
}

function typeReadsText(t: RType, seen: Set<RModel>): boolean {
  switch (t.kind) {
    case "scalar": return t.scalar === "string" || t.scalar === "time" || t.scalar === "any";
    case "ptr": case "slice": case "array": return typeReadsText(t.elem, seen);
    case "map": return true; // its keys
    case "model": return modelReadsText(t.model, seen);
    case "extras": return true;
  }
}
