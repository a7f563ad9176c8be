// The builder chosen by bench/results/build-strategies.md (strategy C): per model, straight-line
// code generated with `new Function` reads the tape into local variables (a switch on each
// T_FIELD's slot, the read inlined: tag test, f64 load or string slice) and returns one object
// literal with the TS keys in declaration order, so every value of a model has one hidden class
// from its creation. Slices, arrays and maps get a small function each.
//
// CSP caveat: `new Function` throws where code generation from strings is not allowed (a
// Content-Security-Policy without 'unsafe-eval', node --disallow-code-generation-from-strings,
// Cloudflare Workers). generatedBuilder() then returns undefined and the validator uses the
// generic walk (TapeReader in build.ts): same values, about 30% slower to build.

import { decodedText } from "./build.js";
import { generated } from "./codegen.js";
import { timeFromText } from "./go-time.js";
import * as L from "./layout.js";
import type { RModel, RType } from "./resolve.js";
import { missingValue, setMember, zeroValue } from "./values.js";

export type TapeBuilder = (u32: Uint32Array, f64: Float64Array, base: number, src: string) => unknown;

export interface GeneratedBuilder {
  /** The generated JavaScript (for reading and for tests). */
  source: string;
  build: TapeBuilder;
}

const W = L.TP_WORDS;

/** Generates the builder of `root` (and of every model it reaches). */
export function generateBuilder(root: RModel): GeneratedBuilder {
  const types: RType[] = []; // values whose zero is not a literal: zero(T[k]) makes a fresh one
  const constants: unknown[] = []; // defaults that are not JSON literals (none today)
  const helpers: string[] = [];
  const modelFns = new Map<RModel, string>();
  let counter = 0;

  const typeRef = (t: RType): string => {
    types.push(t);
    return `T[${types.length - 1}]`;
  };

  /** A JS literal for a scalar, or a fresh-value expression. */
  const literal = (v: unknown): string => {
    if (typeof v === "string" || typeof v === "boolean" || v === null) return JSON.stringify(v);
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
    constants.push(v);
    return `C[${constants.length - 1}]`;
  };

  /** Expression for the zero value of t (a literal when it is immutable). */
  const zeroExpr = (t: RType): string => {
    const z = zeroValue(t);
    return z === null || typeof z !== "object" ? literal(z) : `zero(${typeRef(t)})`;
  };

  /** Expression of the value of type t whose entry is `w` with tag `g` (already consumed). */
  const expr = (t: RType): string => {
    switch (t.kind) {
      case "ptr":
        return `(g === ${L.T_NULL} ? null : ${expr(t.elem)})`;
      case "scalar":
        switch (t.scalar) {
          case "string": return `(g === ${L.T_STR} ? str(w) : "")`;
          case "bool": return `(g === ${L.T_TRUE})`;
          case "any": return `any(w, g)`;
          case "time": return `(g === ${L.T_TIME} ? time(str(w)) : ${zeroExpr(t)})`;
          default: return `(g === ${L.T_NUM} ? f64[(w >>> 1) + 1] : 0)`;
        }
      case "slice": return `(g === ${L.T_ARR} ? ${listFn(t.elem, undefined)}() : null)`;
      case "array": return `(g === ${L.T_ARR} ? ${listFn(t.elem, t)}() : ${zeroExpr(t)})`;
      case "map": return `(g === ${L.T_MAP} ? ${mapFn(t.elem)}() : null)`;
      case "model": return `(g === ${L.T_OBJ} ? ${modelFn(t.model)}() : ${zeroExpr(t)})`;
      case "extras": throw new Error("checker: an extras field is never read from JSON");
    }
  };

  /** Statements reading the value at the cursor into `dst`. */
  const read = (dst: string, t: RType): string =>
    `{ const w = base + i * ${W}; i++; const g = u32[w] & 255; ${dst} = ${expr(t)}; }`;

  const listFn = (elem: RType, fixed: (RType & { kind: "array" }) | undefined): string => {
    const name = `l${counter++}`;
    const pad = fixed ? `\n  while (out.length < ${fixed.length}) out.push(${zeroExpr(elem)});` : "";
    helpers.push(`function ${name}() {
  const out = [];
  for (;;) {
    if ((u32[base + i * ${W}] & 255) === ${L.T_ARR_END}) { i++; break; }
    let x; ${read("x", elem)}
    out.push(x);
  }${pad}
  return out;
}`);
    return name;
  };

  const mapFn = (elem: RType): string => {
    const name = `p${counter++}`;
    helpers.push(`function ${name}() {
  const out = {};
  for (;;) {
    const w = base + i * ${W}; i++;
    if ((u32[w] & 255) === ${L.T_MAP_END}) return out;
    const k = str(w);
    let x; ${read("x", elem)}
    if (k === "__proto__") own(out, k, x); else out[k] = x;
  }
}`);
    return name;
  };

  const modelFn = (m: RModel): string => {
    const known = modelFns.get(m);
    if (known) return known;
    const name = `m${m.index}`;
    modelFns.set(m, name);
    const cases: string[] = [];
    const props: string[] = [];
    m.fields.forEach((f, k) => {
      const v = `v${k}`;
      const key = f.key === "__proto__" ? `["__proto__"]` : JSON.stringify(f.key);
      if (f.extras) props.push(`${key}: ex ?? {}`);
      else if (f.skip) props.push(`${key}: ${zeroExpr(f.type)}`);
      else {
        cases.push(`      case ${k}: ${read(v, f.type)} break;`);
        const missing = f.defaultValue !== undefined ? literal(missingValue(f)) : zeroExpr(f.type);
        props.push(`${key}: ${v} === undefined ? ${missing} : ${v}`);
      }
    });
    const locals = m.fields.map((_, k) => `v${k}`).join(", ");
    const extra = m.extraMode === "capture"
      ? `\n    } else if (g === ${L.T_EXTRA}) {\n      const k = str(w);\n      let x; ${read("x", { kind: "scalar", scalar: "any" })}\n      own((ex ??= {}), k, x);`
      : "";
    helpers.push(`function ${name}() {
  let ${locals ? `${locals}, ` : ""}ex;
  for (;;) {
    const w = base + i * ${W}; i++;
    const g = u32[w] & 255;
    if (g === ${L.T_FIELD}) {
      switch (u32[w + 1]) {
${cases.join("\n")}
      }${extra}
    } else break;
  }
  return { ${props.join(", ")} };
}`);
    return name;
  };

  const rootFn = modelFn(root);
  // The tape views, the source text and the cursor live in the generated module's scope (not in
  // build's), so a call allocates no closures; src is dropped after each call.
  const source = `"use strict";
let u32, f64, base, src, i;
return function build(u32_, f64_, base_, src_) {
  u32 = u32_; f64 = f64_; base = base_; src = src_;
  i = 1; // entry 0 is the root's T_OBJ
  const value = ${rootFn}();
  src = undefined;
  return value;
};

function str(w) {
  const f = u32[w];
  if ((f & ${L.TF_DECODED}) !== 0) {
    const s = decoded(u32, w);
    if (s !== undefined) return s;
  }
  return (f & ${L.TF_ESCAPED}) !== 0 ? JSON.parse(src.slice(u32[w + 1] - 1, u32[w + 2] + 1)) : src.slice(u32[w + 1], u32[w + 2]);
}
function any(w, g) {
  switch (g) {
    case ${L.T_STR}: return str(w);
    case ${L.T_NUM}: return f64[(w >>> 1) + 1];
    case ${L.T_TRUE}: return true;
    case ${L.T_FALSE}: return false;
    case ${L.T_NULL}: return null;
    case ${L.T_MAP}: return anyObject();
    case ${L.T_ARR}: return anyArray();
    case ${L.T_RAW}: return JSON.parse(src.slice(u32[w + 1], u32[w + 2])); // (past ANY_TAPE_MAX)
  }
  throw new Error("checker: corrupt tape at entry " + (i - 1));
}
function anyObject() {
  const out = {};
  for (;;) {
    const w = base + i * ${W}; i++;
    if ((u32[w] & 255) === ${L.T_MAP_END}) return out;
    const k = str(w);
    const v = base + i * ${W}; i++;
    const x = any(v, u32[v] & 255);
    if (k === "__proto__") own(out, k, x); else out[k] = x;
  }
}
function anyArray() {
  const out = [];
  for (;;) {
    const w = base + i * ${W}; i++;
    const g = u32[w] & 255;
    if (g === ${L.T_ARR_END}) return out;
    out.push(any(w, g));
  }
}
${helpers.join("\n")}
`;
  const make = new Function("zero", "own", "time", "decoded", "T", "C", source) as
    (zero: typeof zeroValue, own: typeof setMember, time: typeof timeFromText, decoded: typeof decodedText, T: RType[], C: unknown[]) => TapeBuilder;
  return { source, build: make(zeroValue, setMember, timeFromText, decodedText, types, constants) };
}

/** The generated builder of a model, or undefined where code generation is not allowed. */
export function generatedBuilder(root: RModel): TapeBuilder | undefined {
  return generated(() => generateBuilder(root).build);
}
