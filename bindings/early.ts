// Errors a stream can report before the value they are about completes, because no later byte can
// undo them: an open string already longer than max=, an open string no oneof= value starts with,
// an open array already past max items, an unknown key under ExtraForbid. Each is reported once,
// marked `early`, and replaced by the core's own record when the value completes.

import type { Program } from "./compile.js";
import { codePoints } from "./directives/directive.js";
import * as L from "./layout.js";
import type { PartialBuilder } from "./partial.js";
import type { Session } from "./session.js";
import type { StreamFieldError } from "./stream.js";
import type { TextStore } from "./text-store.js";

const decoder = new TextDecoder();

export class EarlyChecks {
  // the open string, decoded incrementally
  private token = -1;
  private decoded = "";
  private rawDone = 0; // UTF-16 offset of the raw text decoded so far
  private points = 0;
  private readonly reported = new Set<string>();

  constructor(private readonly program: Program) {}

  reset(): void {
    this.token = -1;
    this.decoded = "";
    this.rawDone = 0;
    this.points = 0;
    this.reported.clear();
  }

  /** The decoded text of the string being read (only the new part is decoded each time). */
  openString(s: Session, text: TextStore): string {
    const start = s.get(L.S_TOKEN_START);
    if (start !== this.token) {
      this.token = start;
      this.decoded = "";
      this.points = 0;
      this.rawDone = s.get(L.S_TOKEN_U16) + 1;
    }
    // the core's UTF-16 position can run ahead of the text mid-sequence: stop at what is decoded
    const end = Math.max(this.rawDone, Math.min(s.get(L.S_POS) - s.get(L.S_U16_DELTA), text.size));
    if (end > this.rawDone) {
      const raw = text.slice(this.rawDone, end);
      const cut = completeEscapes(raw);
      if (cut > 0) {
        const part = raw.includes("\\") ? (JSON.parse(`"${raw.slice(0, cut)}"`) as string) : raw.slice(0, cut);
        this.decoded += part;
        this.points += codePoints(part);
        this.rawDone += cut;
      }
    }
    return this.decoded;
  }

  /** The errors that became certain with this chunk. */
  check(s: Session, builder: PartialBuilder, openString: () => string): StreamFieldError[] {
    const out: StreamFieldError[] = [];
    const offset = s.get(L.S_POS);
    const u32 = s.engine.heap.u32;
    const words = this.program.words;
    const frOps = (fr: number): [number, number] => {
      const w = words[L.H_FR_OFF] + fr * L.FR_WORDS;
      return [words[w + L.FR_OPS], words[w + L.FR_OBJ_OPS]];
    };
    const opWord = (op: number, i: number) => words[words[L.H_OPS_OFF] + op * L.OP_WORDS + i];
    const report = (id: string, op: number, field: string, value: unknown): void => {
      if (this.reported.has(id)) return;
      this.reported.add(id);
      const { check } = this.program.ops[op];
      out.push({ field, code: check.code, message: check.message, value, offset, early: true });
    };

    // an open string value
    const fr = s.get(L.S_CUR_FR);
    if (s.get(L.S_STATE) === L.TS_STRING && fr !== L.NONE) {
      const [first, end] = frOps(fr);
      for (let op = first; op < end; op++) {
        const code = opWord(op, 0);
        if (code === L.OP_MAX_LEN) {
          const text = openString();
          if (this.points > opWord(op, 1)) report(`${this.token}:${op}`, op, builder.errorPath(true), text);
        } else if (code === L.OP_ONEOF_STR) {
          const text = openString();
          const values = setValues(words, opWord(op, 1), opWord(op, 2));
          if (!values.some((v) => v.startsWith(text))) report(`${this.token}:${op}`, op, builder.errorPath(true), text);
        }
      }
    }

    // open arrays past max items, unknown keys under forbid
    const stack = s.get(L.S_STACK) >>> 2;
    const depth = s.get(L.S_DEPTH);
    const state = s.get(L.S_STATE);
    for (let d = 0; d < depth; d++) {
      const f = stack + d * L.FM_WORDS;
      const type = u32[f + L.FM_TYPE];
      if (type === L.FT_ARRAY) {
        // items completed, plus one being read (a container open inside it, or a scalar token)
        const reading = d < depth - 1 || state === L.TS_STRING || state === L.TS_NUMBER || state === L.TS_LITERAL;
        const items = u32[f + L.FM_COUNT] + (reading ? 1 : 0);
        const [first, end] = frOps(u32[f + L.FM_FR]);
        for (let op = first; op < end; op++) {
          if (opWord(op, 0) === L.OP_MAX_ITEMS && items > opWord(op, 1)) {
            report(`${u32[f + L.FM_START]}:${op}`, op, builder.containerPath(d), builder.openValue(d));
          }
        }
      } else if (type === L.FT_OBJECT && u32[f + L.FM_CHILD] === L.NONE && u32[f + L.FM_MODE] === L.EX_FORBID) {
        const top = d === depth - 1;
        const keyDone = !top || state === L.TS_COLON || state === L.TS_VALUE || state === L.TS_STRING || state === L.TS_NUMBER || state === L.TS_LITERAL;
        const id = `key:${u32[f + L.FM_KEY_START]}`;
        if (keyDone && !this.reported.has(id)) {
          this.reported.add(id);
          const key = decoder.decode(s.inputBytes().subarray(u32[f + L.FM_KEY_START], u32[f + L.FM_KEY_END]));
          const base = builder.containerPath(d);
          const name = key.includes("\\") ? (JSON.parse(`"${key}"`) as string) : key;
          out.push({ field: base === "" ? name : `${base}.${name}`, code: "EXTRA_FIELD", message: "unknown field in JSON", value: null, offset, early: true });
        }
      }
    }
    return out;
  }
}

/** Length of the longest prefix of raw JSON string text that ends outside an escape. */
function completeEscapes(raw: string): number {
  let i = 0;
  let safe = 0;
  while (i < raw.length) {
    if (raw.charCodeAt(i) !== 0x5c) { i++; safe = i; continue; }
    const n = raw[i + 1] === "u" ? 6 : 2;
    if (i + n > raw.length) break;
    i += n;
    safe = i;
  }
  return safe;
}

/** The strings of a oneof set in the program's byte pool. */
function setValues(words: Uint32Array, off: number, count: number): string[] {
  const bytes = new Uint8Array(words.buffer, words.byteOffset + words[L.H_BYTES_OFF] * 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const out: string[] = [];
  let p = off;
  for (let i = 0; i < count; i++) {
    const n = view.getUint32(p, true);
    out.push(decoder.decode(bytes.subarray(p + 4, p + 4 + n)));
    p += 4 + ((n + 3) & ~3);
  }
  return out;
}
