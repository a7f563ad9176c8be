// Compile a resolved model into the instruction tables the WebAssembly core runs (layout in
// bindings/layout.ts): field records, shapes with key hash tables, an op stream, and pools of
// numbers and bytes. Done once per validator; the words are copied into WASM memory once.

import type { Check, OperandPool, OpWords as OpWordsOut } from "./directives/directive.js";
import * as L from "./layout.js";
import { stripPtr, type RField, type RModel, type RType, type Resolved } from "./resolve.js";
import { zeroFails, zeroItemErrors } from "./reference.js";

/** What the bindings need to know about a field record (to render paths and type errors). */
export interface FrInfo {
  readonly type: RType;
  /** The model field this record is, or undefined for an element / the root. */
  readonly field: RField | undefined;
}

/** What the bindings need to know about an op (to render its error). */
export interface OpInfo {
  readonly check: Check;
  readonly field: RField;
}

export interface Program {
  readonly words: Uint32Array;
  readonly frs: readonly FrInfo[];
  readonly ops: readonly OpInfo[];
  readonly resolved: Resolved;
}

const encoder = new TextEncoder();

/** keyHash of assembly/strings.ts: four bytes at a time. */
export function keyHash(bytes: Uint8Array): number {
  let h = Math.imul(bytes.length, 0x9e3779b1) >>> 0;
  for (let i = 0; i < bytes.length; i += 4) {
    let w = 0;
    for (let k = 0; k < 4 && i + k < bytes.length; k++) w |= bytes[i + k] << (k * 8);
    h = Math.imul((h ^ w) >>> 0, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}

class Pools implements OperandPool {
  readonly nums: number[] = [];
  bytes = new Uint8Array(256);
  byteLen = 0;

  number(value: number): number {
    this.nums.push(value);
    return this.nums.length - 1;
  }
  numbers(values: readonly number[]): number {
    const at = this.nums.length;
    this.nums.push(...values);
    return at;
  }
  private reserve(n: number): number {
    this.byteLen = (this.byteLen + 3) & ~3;
    const at = this.byteLen;
    if (at + n > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, at + n + 64));
      next.set(this.bytes);
      this.bytes = next;
    }
    this.byteLen += n;
    return at;
  }
  utf8(value: string): { offset: number; length: number } {
    const b = encoder.encode(value);
    const at = this.reserve(b.length);
    this.bytes.set(b, at);
    return { offset: at, length: b.length };
  }
  strings(values: readonly string[]): number {
    const encoded = values.map((v) => encoder.encode(v));
    const at = this.reserve(encoded.reduce((n, b) => n + 4 + ((b.length + 3) & ~3), 0));
    let p = at;
    const view = new DataView(this.bytes.buffer);
    for (const b of encoded) {
      view.setUint32(p, b.length, true);
      this.bytes.set(b, p + 4);
      p += 4 + ((b.length + 3) & ~3);
    }
    return at;
  }
  words(values: Uint32Array): number {
    const at = this.reserve(values.byteLength);
    this.bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), at);
    return at;
  }
}

const SCALAR_KIND: Record<string, number> = {
  string: L.K_STRING, bool: L.K_BOOL, any: L.K_ANY, time: L.K_TIME, float32: L.K_FLOAT, float64: L.K_FLOAT,
};
const INT_RANGE_ID: Record<string, number> = {
  int8: L.R_INT8, int16: L.R_INT16, int32: L.R_INT32, int: L.R_INT64, int64: L.R_INT64,
  uint8: L.R_UINT8, uint16: L.R_UINT16, uint32: L.R_UINT32, uint: L.R_UINT64, uint64: L.R_UINT64,
};

export function compile(resolved: Resolved): Program {
  const pools = new Pools();
  const frs: number[][] = [];
  const frInfo: FrInfo[] = [];
  const ops: number[] = [];
  const opInfo: OpInfo[] = [];
  const models = resolved.models;
  const newFr = (type: RType, field: RField | undefined): number => {
    frs.push(new Array<number>(L.FR_WORDS).fill(0));
    frInfo.push({ type, field });
    return frs.length - 1;
  };
  const strict = resolved.options.strictMissingFields;

  // FR 0: an `any` slot (captured extras); FR 1: the document root
  const anyFr = newFr({ kind: "scalar", scalar: "any" }, undefined);
  frs[anyFr][L.FR_KIND] = L.K_ANY;
  frs[anyFr][L.FR_SLOT] = frs[anyFr][L.FR_UNIQUE_BY] = L.NONE;
  const rootFr = newFr({ kind: "model", model: resolved.root }, undefined);
  // the fields of every model, contiguous per model
  const firstField: number[] = [];
  for (const m of models) {
    firstField.push(frs.length);
    for (const f of m.fields) newFr(f.type, f);
  }

  /** Fill record `fr` for a value of type `t` (kind, aux, length). */
  const describe = (fr: number, t: RType): void => {
    const w = frs[fr];
    const base = stripPtr(t);
    if (t.kind === "ptr") w[L.FR_KIND] |= L.F_NULLABLE;
    w[L.FR_SLOT] = L.NONE;
    w[L.FR_UNIQUE_BY] = L.NONE;
    switch (base.kind) {
      case "scalar": {
        const range = INT_RANGE_ID[base.scalar];
        w[L.FR_KIND] |= range !== undefined ? L.K_INT : SCALAR_KIND[base.scalar];
        w[L.FR_AUX] = range ?? (base.scalar === "float32" ? L.R_FLOAT32 : L.R_FLOAT64);
        break;
      }
      case "model": w[L.FR_KIND] |= L.K_OBJECT; w[L.FR_AUX] = base.model.index; break;
      case "slice": w[L.FR_KIND] |= L.K_SLICE; w[L.FR_AUX] = element(base.elem); break;
      case "map": w[L.FR_KIND] |= L.K_MAP; w[L.FR_AUX] = element(base.elem); break;
      case "array":
        w[L.FR_KIND] |= L.K_ARRAY;
        w[L.FR_AUX] = element(base.elem);
        w[L.FR_LEN] = base.length;
        if (base.length > 0 && zeroItemErrors(base.elem, "").length > 0) w[L.FR_KIND] |= L.F_PAD_FAILS;
        break;
      case "extras": w[L.FR_KIND] |= L.K_ANY | L.F_EXTRAS; break;
      case "ptr": break; // stripped
    }
    w[L.FR_OPS] = w[L.FR_OBJ_OPS] = w[L.FR_OPS_END] = ops.length / L.OP_WORDS;
  };
  const element = (t: RType): number => {
    const fr = newFr(t, undefined);
    describe(fr, t);
    return fr;
  };
  const emit = (check: Check, field: RField): OpWordsOut => {
    const words = check.wasm(pools);
    ops.push(...words);
    opInfo.push({ check, field });
    return words;
  };

  describe(rootFr, { kind: "model", model: resolved.root });
  models.forEach((m, mi) => {
    m.fields.forEach((f, i) => {
      const fr = firstField[mi] + i;
      describe(fr, f.type);
      const w = frs[fr];
      if (f.required) w[L.FR_KIND] |= L.F_REQUIRED;
      if (f.skip) w[L.FR_KIND] |= L.F_SKIP;
      if (f.omitEmpty) w[L.FR_KIND] |= L.F_OMITEMPTY;
      const zeroFilled = !strict || f.omitEmpty; // a missing key takes its zero value
      if (zeroFilled && !f.required && !f.nullable && f.defaultValue === undefined && zeroFails(f)) w[L.FR_KIND] |= L.F_ZERO_FAILS;
      if (f.defaultValue !== undefined) {
        w[L.FR_KIND] |= L.F_HAS_DEFAULT;
        if (typeof f.defaultValue === "string") {
          const s = pools.utf8(f.defaultValue);
          w[L.FR_DEFAULT] = s.offset;
          w[L.FR_DEFAULT_LEN] = s.length;
        } else {
          w[L.FR_DEFAULT] = pools.number(typeof f.defaultValue === "boolean" ? (f.defaultValue ? 1 : 0) : f.defaultValue);
        }
      }
      w[L.FR_SLOT] = i;
      const key = pools.utf8(f.jsonName);
      w[L.FR_KEY_OFF] = key.offset;
      w[L.FR_KEY_LEN] = key.length;
      w[L.FR_OPS] = ops.length / L.OP_WORDS;
      for (const c of f.valueChecks) {
        const [op, a] = emit(c, f);
        if (op === L.OP_UNIQUE || op === L.OP_UNIQUE_BY) {
          w[L.FR_KIND] |= L.F_UNIQUE;
          if (op === L.OP_UNIQUE_BY) w[L.FR_UNIQUE_BY] = a;
        }
      }
      // record items: lists with unique; maps with unique, an entry count, or entries that can
      // hold errors (not scalars: no element tags without dive), since a repeated key is one
      // entry, the last, and the errors of the entries it replaces are taken back when it closes
      const base = stripPtr(f.type);
      const counted = f.valueChecks.some((c) => c.code === "MIN_ITEMS" || c.code === "MAX_ITEMS");
      const entriesErr = base.kind === "map" && stripPtr(base.elem).kind !== "scalar";
      if ((w[L.FR_KIND] & L.F_UNIQUE) !== 0 || (base.kind === "map" && counted) || entriesErr) w[L.FR_KIND] |= L.F_ITEMS;
      w[L.FR_OBJ_OPS] = ops.length / L.OP_WORDS;
      for (const c of f.objectChecks) emit(c, f);
      w[L.FR_OPS_END] = ops.length / L.OP_WORDS;
    });
  });

  // shapes and key tables
  const shapes: number[] = [];
  const keyTables: Uint32Array[] = [];
  let stepErrors = 0;
  let maxFields = 0;
  let maxValueOps = 0;
  models.forEach((m: RModel, mi) => {
    const readable = m.fields.filter((f) => !f.skip);
    const keys: [string, number][] = readable.map((f) => [f.jsonName, firstField[mi] + f.slot]);
    // ignored keys get a record of their own (their key, flag F_IGNORED): read, skipped, never unknown
    for (const k of m.ignoredKeys) {
      const fr = newFr({ kind: "scalar", scalar: "any" }, undefined);
      const key = pools.utf8(k);
      frs[fr][L.FR_KIND] = L.K_ANY | L.F_IGNORED;
      frs[fr][L.FR_SLOT] = frs[fr][L.FR_UNIQUE_BY] = L.NONE;
      frs[fr][L.FR_KEY_OFF] = key.offset;
      frs[fr][L.FR_KEY_LEN] = key.length;
      keys.push([k, fr]);
    }
    let size = 1;
    while (size < keys.length * 2 + 1) size *= 2;
    const table = new Uint32Array(size);
    for (const [key, fr] of keys) {
      let i = keyHash(encoder.encode(key)) & (size - 1);
      while (table[i] !== 0) i = (i + 1) & (size - 1);
      table[i] = fr + 1;
    }
    keyTables.push(table);
    const sh = new Array<number>(L.SH_WORDS).fill(0);
    sh[L.SH_FIELDS] = firstField[mi];
    sh[L.SH_COUNT] = m.fields.length;
    sh[L.SH_KEYMASK] = size - 1;
    sh[L.SH_EXTRA] = m.extraMode === "capture" ? L.EX_CAPTURE : m.extraMode === "forbid" ? L.EX_FORBID : L.EX_IGNORE;
    const closeErrors = m.fields.reduce((n, f) => n + 1 + f.objectChecks.length, 0);
    sh[L.SH_CLOSE_ERRORS] = closeErrors;
    shapes.push(...sh);
    stepErrors = Math.max(stepErrors, closeErrors);
    maxFields = Math.max(maxFields, m.fields.length);
    for (const f of m.fields) maxValueOps = Math.max(maxValueOps, f.valueChecks.length);
  });

  // assemble: header, field records, shapes, key tables, ops, numbers (8-aligned), bytes
  let at = L.H_WORDS;
  const frOff = at;
  at += frs.length * L.FR_WORDS;
  const shapeOff = at;
  at += shapes.length;
  const keyOffs: number[] = [];
  for (const t of keyTables) { keyOffs.push(at); at += t.length; }
  const opsOff = at;
  at += ops.length;
  if (at % 2) at++;
  const numOff = at;
  at += pools.nums.length * 2;
  const bytesOff = at;
  at += (pools.byteLen + 3) >> 2;
  const words = new Uint32Array(at);
  words[L.H_MAGIC] = L.PROGRAM_MAGIC;
  words[L.H_ROOT] = rootFr;
  words[L.H_FR_OFF] = frOff;
  words[L.H_FR_COUNT] = frs.length;
  words[L.H_SHAPE_OFF] = shapeOff;
  words[L.H_SHAPE_COUNT] = models.length;
  words[L.H_OPS_OFF] = opsOff;
  words[L.H_OP_COUNT] = ops.length / L.OP_WORDS;
  words[L.H_NUM_OFF] = numOff;
  words[L.H_NUM_COUNT] = pools.nums.length;
  words[L.H_BYTES_OFF] = bytesOff;
  words[L.H_BYTES_LEN] = pools.byteLen;
  words[L.H_STEP_ERRORS] = stepErrors + maxValueOps + 2;
  words[L.H_SLOT_MARGIN] = maxFields * L.SL_BYTES + L.SL_BYTES + 64;
  words[L.H_TOTAL] = at;
  words[L.H_PATTERN_SCRATCH] = opInfo.reduce((n, o) => Math.max(n, (o.check.phase === "value" && o.check.scratchBytes) || 0), 0);
  frs.forEach((w, i) => words.set(w, frOff + i * L.FR_WORDS));
  models.forEach((_, mi) => {
    shapes[mi * L.SH_WORDS + L.SH_KEYTAB] = keyOffs[mi];
  });
  words.set(shapes, shapeOff);
  keyTables.forEach((t, i) => words.set(t, keyOffs[i]));
  words.set(ops, opsOff);
  new Float64Array(words.buffer, numOff * 4, pools.nums.length).set(pools.nums);
  new Uint8Array(words.buffer, bytesOff * 4, pools.byteLen).set(pools.bytes.subarray(0, pools.byteLen));
  return { words, frs: frInfo, ops: opInfo, resolved };
}

/** A program that accepts any JSON value (used to check syntax only). */
export function anyProgram(): Uint32Array {
  const words = new Uint32Array(L.H_WORDS + L.FR_WORDS + 2);
  words[L.H_MAGIC] = L.PROGRAM_MAGIC;
  words[L.H_ROOT] = 0;
  words[L.H_FR_OFF] = L.H_WORDS;
  words[L.H_FR_COUNT] = 1;
  words[L.H_WORDS + L.FR_KIND] = L.K_ANY;
  words[L.H_SHAPE_OFF] = words[L.H_OPS_OFF] = words[L.H_NUM_OFF] = words[L.H_BYTES_OFF] = L.H_WORDS + L.FR_WORDS;
  words[L.H_STEP_ERRORS] = 2;
  words[L.H_SLOT_MARGIN] = 64;
  words[L.H_TOTAL] = words.length;
  return words;
}
