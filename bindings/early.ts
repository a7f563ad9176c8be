// Errors a stream can report before the value they are about completes, because no later byte can
// undo them: an open string already longer than max=, an open string no oneof= value starts with,
// an open array already past max items, an unknown key under ExtraForbid. Each is reported once,
// marked `early`, and replaced by the core's own record when the value completes.

import type { Program } from "./compile.js";
import { goString } from "./directives/go-format.js";
import * as L from "./layout.js";
import { OpenString } from "./open-string.js";
import type { PartialBuilder } from "./partial.js";
import type { Session } from "./session.js";
import type { StreamFieldError } from "./stream.js";
import { utf8Decoder, type TextStore } from "./text-store.js";

const decoder = utf8Decoder();

export class EarlyChecks {
  /** The string being read, decoded as it arrives. */
  private readonly open = new OpenString();
  private readonly reported = new Set<string>();
  /** Per field record: its early-checkable ops (MAX_LEN, ONEOF_STR, MAX_ITEMS), if any. */
  private readonly early: (readonly EarlyOp[] | undefined)[];
  /** Per field record: has a max length (so the open string's code points are counted). */
  private readonly maxLength: boolean[] = [];
  /** Can anything be reported early (an early op, or unknown keys under forbid)? */
  private readonly any: boolean;

  constructor(private readonly program: Program) {
    const w = program.words;
    const ops = (op: number, i: number) => w[w[L.H_OPS_OFF] + op * L.OP_WORDS + i];
    this.early = [];
    let any = false;
    for (let fr = 0; fr < w[L.H_FR_COUNT]; fr++) {
      const base = w[L.H_FR_OFF] + fr * L.FR_WORDS;
      const list: EarlyOp[] = [];
      // (a fixed-size array holds its length whatever the JSON holds: extra items are dropped, so
      // items read past max items say nothing; its count is checked when it closes)
      const fixed = (w[base + L.FR_KIND] & 0xff) === L.K_ARRAY;
      for (let op = w[base + L.FR_OPS]; op < w[base + L.FR_OBJ_OPS]; op++) {
        const code = ops(op, 0);
        if (code === L.OP_MAX_LEN || (code === L.OP_MAX_ITEMS && !fixed)) list.push({ op, code, limit: ops(op, 1), values: [] });
        else if (code === L.OP_ONEOF_STR) list.push({ op, code, limit: 0, values: setValues(w, ops(op, 1), ops(op, 2)) });
      }
      this.early.push(list.length ? list : undefined);
      this.maxLength.push(list.some((e) => e.code === L.OP_MAX_LEN));
      any ||= list.length > 0;
    }
    for (let sh = 0; sh < w[L.H_SHAPE_COUNT]; sh++) any ||= w[w[L.H_SHAPE_OFF] + sh * L.SH_WORDS + L.SH_EXTRA] === L.EX_FORBID;
    this.any = any;
  }

  reset(): void {
    this.open.reset();
    this.lastString = -1;
    this.reported.clear();
  }

  /** Report again what is certain now (a repeated key took back what was reported of the value it replaced). */
  forget(): void {
    this.reported.clear();
    this.lastString = -1;
  }

  /** The decoded text of the string being read (only the new part is decoded each time). */
  openString(s: Session, text: TextStore): string {
    const fr = s.get(L.S_CUR_FR);
    this.open.follow(s.get(L.S_TOKEN_START), s.get(L.S_TOKEN_U16), fr !== L.NONE && this.maxLength[fr]);
    return this.open.update(text);
  }

  /**
   * May error `id` be reported now (not reported before, and room left)? Then it counts as
   * reported. Callers ask before building the error's path and value.
   */
  private claim(out: readonly StreamFieldError[], id: string): boolean {
    if (this.reported.has(id) || out.length >= this.room) return false;
    this.reported.add(id);
    return true;
  }

  /** The early error of op `op`. */
  private opError(op: number, field: string, value: unknown, offset: number): StreamFieldError {
    const { check } = this.program.ops[op];
    return { field, code: check.code, message: check.message, value, offset, early: true };
  }

  /** How many early errors may still be reported (maxErrors minus the errors already known). */
  private room = 0;
  /** Input offset of the string value open at the last check (-1: none). */
  private lastString = -1;

  /** The errors that became certain with this chunk (at most `room` of them). */
  check(s: Session, builder: PartialBuilder, text: TextStore, room: number): readonly StreamFieldError[] {
    if (!this.any || room <= 0) return NOTHING;
    const out: StreamFieldError[] = [];
    this.room = room;
    const offset = s.get(L.S_POS);
    const state = s.get(L.S_STATE);

    // an open string value
    const fr = s.get(L.S_CUR_FR);
    const stringOps = state === L.TS_STRING && fr !== L.NONE ? this.early[fr] : undefined;
    if (stringOps) {
      const open = this.openString(s, text);
      // oneof compares Go strings (a lone surrogate is U+FFFD, as the pool's values hold it; one in the
      // open text stays lone: a high surrogate that may be half of a pair is held back), of the same
      // length in UTF-16 units: only a value at least as long as the open text is read
      const starts = (v: string) => v.length >= open.length && v.startsWith(goString(open));
      for (const e of stringOps) {
        const failed = e.code === L.OP_MAX_LEN ? this.open.points > e.limit : e.code === L.OP_ONEOF_STR && !e.values.some(starts);
        if (failed && this.claim(out, `${this.open.tokenStart}:${e.op}`)) out.push(this.opError(e.op, builder.errorPath(true), open, offset));
      }
    }

    // open arrays past max items, unknown keys under forbid: nothing to look for while the string
    // value open at the last check is still open (no frame, count or key changed; nor did the
    // room, which grows only when error records change, at the end of a value)
    const string = state === L.TS_STRING ? s.get(L.S_TOKEN_START) : -1;
    const sameString = string >= 0 && string === this.lastString;
    this.lastString = string;
    if (sameString) return out;
    const u32 = s.engine.heap.u32;
    const stack = s.get(L.S_STACK) >>> 2;
    const depth = s.get(L.S_DEPTH);
    for (let d = 0; d < depth; d++) {
      const f = stack + d * L.FM_WORDS;
      const type = u32[f + L.FM_TYPE];
      if (type === L.FT_ARRAY) {
        const ops = this.early[u32[f + L.FM_FR]];
        if (!ops) continue;
        // items completed, plus one being read (a container open inside it, or a scalar token)
        const reading = d < depth - 1 || state === L.TS_STRING || state === L.TS_NUMBER || state === L.TS_LITERAL;
        const items = u32[f + L.FM_COUNT] + (reading ? 1 : 0);
        for (const e of ops) {
          if (e.code !== L.OP_MAX_ITEMS || items <= e.limit) continue;
          // (the value, the open array so far, is built only for the one report)
          if (this.claim(out, `${u32[f + L.FM_START]}:${e.op}`)) out.push(this.opError(e.op, builder.containerPath(d), builder.openJsonValue(d), offset));
        }
      } else if (type === L.FT_OBJECT && u32[f + L.FM_CHILD] === L.NONE && u32[f + L.FM_MODE] === L.EX_FORBID) {
        const top = d === depth - 1;
        const keyDone = !top || state === L.TS_COLON || state === L.TS_VALUE || state === L.TS_STRING || state === L.TS_NUMBER || state === L.TS_LITERAL;
        if (keyDone && this.claim(out, `key:${u32[f + L.FM_KEY_START]}`)) {
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

const NOTHING: readonly StreamFieldError[] = Object.freeze([]);

interface EarlyOp {
  readonly op: number;
  readonly code: number;
  readonly limit: number;
  readonly values: readonly string[];
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
