// A readable listing of a validator's instruction tables (what bindings/compile.ts wrote and the
// core runs): field records, shapes with their key tables, the op stream, the pools. Golden tests
// pin the listing of a few models, so a change to the compiled form shows up in review.

import type { Program } from "./compile.js";
import * as L from "./layout.js";

const KINDS: Record<number, string> = {
  [L.K_STRING]: "string", [L.K_BOOL]: "bool", [L.K_INT]: "int", [L.K_FLOAT]: "float", [L.K_ANY]: "any",
  [L.K_TIME]: "time", [L.K_OBJECT]: "object", [L.K_SLICE]: "slice", [L.K_ARRAY]: "array", [L.K_MAP]: "map",
};
const RANGES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"];
const FLAGS: [number, string][] = [
  [L.F_NULLABLE, "nullable"], [L.F_REQUIRED, "required"], [L.F_HAS_DEFAULT, "default"], [L.F_ZERO_FAILS, "zero-fails"], [L.F_PAD_FAILS, "pad-fails"],
  [L.F_EXTRAS, "extras"], [L.F_SKIP, "skip"], [L.F_UNIQUE, "unique"], [L.F_ITEMS, "items"], [L.F_IGNORED, "ignored"],
  [L.F_OMITEMPTY, "omitempty"],
];
const OPS: Record<number, string> = {
  [L.OP_MIN_LEN]: "MIN_LEN", [L.OP_MAX_LEN]: "MAX_LEN", [L.OP_NUM_GE]: "NUM_GE", [L.OP_NUM_LE]: "NUM_LE",
  [L.OP_NUM_GT]: "NUM_GT", [L.OP_NUM_LT]: "NUM_LT", [L.OP_MIN_ITEMS]: "MIN_ITEMS", [L.OP_MAX_ITEMS]: "MAX_ITEMS",
  [L.OP_EMAIL]: "EMAIL", [L.OP_URL]: "URL", [L.OP_UUID]: "UUID", [L.OP_ALPHA]: "ALPHA", [L.OP_ALPHANUM]: "ALPHANUM",
  [L.OP_ONEOF_STR]: "ONEOF_STR", [L.OP_ONEOF_NUM]: "ONEOF_NUM", [L.OP_ONEOF_BOOL]: "ONEOF_BOOL", [L.OP_PATTERN]: "PATTERN",
  [L.OP_UNIQUE]: "UNIQUE", [L.OP_UNIQUE_BY]: "UNIQUE_BY", [L.OP_REQUIRED_IF]: "REQUIRED_IF",
  [L.OP_REQUIRED_WITH]: "REQUIRED_WITH", [L.OP_GT_FIELD]: "GT_FIELD", [L.OP_LT_FIELD]: "LT_FIELD",
};
const EXTRA = ["ignore", "forbid", "capture"];

function pad(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

/** The listing of a compiled program. */
export function disassembleProgram(p: Program): string {
  const w = p.words;
  const bytes = new Uint8Array(w.buffer, w.byteOffset + w[L.H_BYTES_OFF] * 4, w[L.H_BYTES_LEN]);
  const nums = new Float64Array(w.buffer, w.byteOffset + w[L.H_NUM_OFF] * 4, w[L.H_NUM_COUNT]);
  const text = (off: number, len: number) => new TextDecoder().decode(bytes.subarray(off, off + len));
  const fr = (i: number, k: number) => w[w[L.H_FR_OFF] + i * L.FR_WORDS + k];
  const out: string[] = [];
  out.push(`program ${p.resolved.root.name}: ${w.length} words, ${w[L.H_FR_COUNT]} field records, ${w[L.H_SHAPE_COUNT]} shapes, ${w[L.H_OP_COUNT]} ops, ${nums.length} numbers, ${bytes.length} pool bytes`);
  out.push(`root fr${w[L.H_ROOT]}; step errors ${w[L.H_STEP_ERRORS]}, slot margin ${w[L.H_SLOT_MARGIN]} bytes, pattern scratch ${w[L.H_PATTERN_SCRATCH]} bytes`);
  out.push("", "field records");
  for (let i = 0; i < w[L.H_FR_COUNT]; i++) {
    const kindWord = fr(i, L.FR_KIND);
    const kind = KINDS[kindWord & 0xff] ?? `?${kindWord & 0xff}`;
    const aux = fr(i, L.FR_AUX);
    let type = kind;
    if (kind === "int" || kind === "float") type += ` ${RANGES[aux]}`;
    else if (kind === "object") type += ` shape${aux}`;
    else if (kind === "slice" || kind === "map") type += ` of fr${aux}`;
    else if (kind === "array") type += `[${fr(i, L.FR_LEN)}] of fr${aux}`;
    const flags = FLAGS.filter(([f]) => (kindWord & f) !== 0).map(([, n]) => n);
    const info = p.frs[i];
    const name = info?.field ? `${info.field.owner.name}.${info.field.key} "${text(fr(i, L.FR_KEY_OFF), fr(i, L.FR_KEY_LEN))}"` : i === 0 ? "(any)" : i === w[L.H_ROOT] ? "(document)" : "(element)";
    const ops = fr(i, L.FR_OPS) === fr(i, L.FR_OPS_END) ? "" : ` ops ${fr(i, L.FR_OPS)}..${fr(i, L.FR_OBJ_OPS)}..${fr(i, L.FR_OPS_END)}`;
    const slot = fr(i, L.FR_SLOT) === L.NONE ? "" : ` slot ${fr(i, L.FR_SLOT)}`;
    out.push(`  fr${pad(i, 4)}${pad(type, 22)}${pad(name, 30)}${flags.length ? ` [${flags.join(" ")}]` : ""}${slot}${ops}`.trimEnd());
  }
  out.push("", "shapes");
  for (let s = 0; s < w[L.H_SHAPE_COUNT]; s++) {
    const sh = (k: number) => w[w[L.H_SHAPE_OFF] + s * L.SH_WORDS + k];
    const table = w.subarray(sh(L.SH_KEYTAB), sh(L.SH_KEYTAB) + sh(L.SH_KEYMASK) + 1);
    const entries = [...table].map((e) => (e === 0 ? "." : `fr${e - 1}`)).join(" ");
    out.push(`  shape${s} ${p.resolved.models[s].name}: fields fr${sh(L.SH_FIELDS)}..fr${sh(L.SH_FIELDS) + sh(L.SH_COUNT) - 1}, unknown keys ${EXTRA[sh(L.SH_EXTRA)]}, close errors <= ${sh(L.SH_CLOSE_ERRORS)}`);
    out.push(`    key table [${entries}]`);
  }
  out.push("", "ops");
  for (let i = 0; i < w[L.H_OP_COUNT]; i++) {
    const o = (k: number) => w[w[L.H_OPS_OFF] + i * L.OP_WORDS + k];
    const { check, field } = p.ops[i];
    let args = "";
    switch (o(0)) {
      case L.OP_NUM_GE: case L.OP_NUM_LE: case L.OP_NUM_GT: case L.OP_NUM_LT: args = `num[${o(1)}]=${nums[o(1)]}`; break;
      case L.OP_ONEOF_NUM: args = `num[${o(1)}..+${o(2)}]=${[...nums.subarray(o(1), o(1) + o(2))].join(" ")}`; break;
      case L.OP_ONEOF_STR: args = `set@${o(1)} x${o(2)}`; break;
      case L.OP_PATTERN: args = `program@${o(1)} scratch ${o(2)}`; break;
      case L.OP_REQUIRED_IF: args = `slot ${o(1)} value@${o(2) === 0xffffffff ? "never" : o(2)}${o(3) ? ` len ${o(3)}` : ""}`; break;
      case L.OP_REQUIRED_WITH: case L.OP_GT_FIELD: case L.OP_LT_FIELD: case L.OP_UNIQUE_BY: args = `slot ${o(1)}`; break;
      case L.OP_EMAIL: case L.OP_URL: case L.OP_UUID: case L.OP_ALPHA: case L.OP_ALPHANUM: case L.OP_UNIQUE: break;
      default: args = `${o(1)}`;
    }
    out.push(`  op${pad(i, 4)}${pad(OPS[o(0)] ?? `?${o(0)}`, 14)}${pad(args, 26)}${field.owner.name}.${field.key}: ${check.directive} -> ${check.code} "${check.message}"`);
  }
  if (nums.length) out.push("", `numbers [${[...nums].join(", ")}]`);
  return out.join("\n") + "\n";
}
