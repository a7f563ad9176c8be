// The partial value of a stream, kept up to date from the tape entries each chunk adds (so a whole
// stream costs O(total bytes)). Copy-on-write per chunk: a container that changes during a chunk
// is copied once (with its ancestors), so containers that did not change keep their identity and a
// React-style UI can skip them; changed ones get a new identity.

import { elemOf, entryText, finishArray, finishObject, modelOf, scalarValue, type Text } from "./build.js";
import * as L from "./layout.js";
import { stripPtr, type RField, type RModel, type RType } from "./resolve.js";

const ANY: RType = { kind: "scalar", scalar: "any" };

type Slot = string | number;

interface OpenNode {
  readonly kind: "object" | "array" | "map";
  readonly type: RType;
  value: Record<string, unknown> | unknown[];
  /** Chunk generation in which `value` was last copied. */
  gen: number;
  /** Where this node sits in its parent. */
  readonly slot: Slot;
  /** Object: the field whose value comes next; map: its key; array: unused. */
  field: RField | undefined;
  key: string;
  /** An extra key captured under ExtraAllow comes next. */
  extra: string | undefined;
  extras: Record<string, unknown> | undefined;
  /** The slot holds a provisional value (an open string): the next value replaces it. */
  provisional: boolean;
}

export class PartialBuilder {
  /** The partial value (undefined until the document's first byte). */
  root: unknown = undefined;
  private readonly stack: OpenNode[] = [];
  private gen = 0;
  /** Tape entries consumed so far. */
  consumed = 0;
  /** Changes whenever the open path may have changed (so a path can be reused until then). */
  private pathVersion = 0;
  private pathCache: { version: number; reading: boolean; path: readonly Slot[] } | undefined;

  constructor(private readonly rootType: RType) {}

  /** Start a chunk: containers touched from now on are copied once. */
  nextChunk(): void {
    this.gen++;
  }

  /** Consume tape entries [this.consumed, end). */
  consume(u32: Uint32Array, f64: Float64Array, base: number, end: number, text: Text): void {
    if (end > this.consumed) this.pathVersion++;
    for (let e = this.consumed; e < end; e++) {
      const w = base + e * L.TP_WORDS;
      const tag = u32[w] & 0xff;
      // (undefined only before the document's first value, which is no key or end entry)
      const top = lastOf(this.stack)!;
      switch (tag) {
        case L.T_FIELD: {
          const f = (top.type as { model: RModel }).model.fields[u32[w + 1]];
          top.field = f;
          top.key = f.key;
          top.extra = undefined;
          break;
        }
        case L.T_EXTRA:
          top.extra = entryText(u32, w, text);
          break;
        case L.T_KEY:
          top.key = entryText(u32, w, text);
          break;
        case L.T_OBJ: this.open("object", {}, this.nextType()); break;
        case L.T_ARR: this.open("array", [], this.nextType()); break;
        case L.T_MAP: this.open("map", {}, this.nextType()); break;
        case L.T_OBJ_END: {
          const node = this.touch(this.stack.length - 1);
          finishObject(node.value as Record<string, unknown>, (node.type as { model: RModel }).model, node.extras);
          this.stack.pop();
          break;
        }
        case L.T_ARR_END: {
          const node = this.touch(this.stack.length - 1);
          finishArray(node.value as unknown[], node.type);
          this.stack.pop();
          break;
        }
        case L.T_MAP_END:
          this.stack.pop();
          break;
        default:
          this.place(scalarValue(u32, f64, w, this.nextType(), text));
      }
    }
    this.consumed = end;
  }

  /** Type of the value that comes next (in the innermost open container). */
  private nextType(): RType {
    const top = lastOf(this.stack);
    if (!top) return this.rootType;
    if (top.kind === "object") return top.extra !== undefined ? ANY : top.field!.type;
    return elemOf(top.type);
  }

  private open(kind: OpenNode["kind"], value: Record<string, unknown> | unknown[], t: RType): void {
    const base = stripPtr(t);
    const slot = this.place(value);
    this.stack.push({
      kind, type: base, value, gen: this.gen, slot, field: undefined, key: "", extra: undefined, extras: undefined, provisional: false,
    });
  }

  /** Copy stale nodes 0..i (top-down) so they may change in this chunk; returns node i. */
  private touch(i: number): OpenNode {
    for (let j = 0; j <= i; j++) {
      const n = this.stack[j];
      if (n.gen === this.gen) continue;
      n.value = n.kind === "array" ? (n.value as unknown[]).slice() : { ...n.value };
      n.gen = this.gen;
      if (j === 0) this.root = n.value;
      else (this.stack[j - 1].value as Record<Slot, unknown>)[n.slot] = n.value;
    }
    return this.stack[i];
  }

  /** Put a completed (or provisional) value where the next value goes; returns its slot. */
  private place(v: unknown, provisional = false): Slot {
    if (this.stack.length === 0) {
      this.root = v;
      return "";
    }
    const top = this.touch(this.stack.length - 1);
    let slot: Slot;
    if (top.kind === "array") {
      const arr = top.value as unknown[];
      slot = top.provisional ? arr.length - 1 : arr.length;
      arr[slot] = v;
    } else if (top.kind === "object" && top.extra !== undefined) {
      // captured extras join the object when it closes
      (top.extras ??= {})[top.extra] = v;
      slot = top.extra;
    } else {
      slot = top.key;
      (top.value as Record<string, unknown>)[slot] = v;
    }
    top.provisional = provisional;
    return slot;
  }

  /** The text of the string being read (shown until it completes). */
  placeOpenString(text: string): void {
    const top = lastOf(this.stack);
    if (top && !top.provisional) this.pathVersion++;
    this.place(text, true);
  }

  /** Path of the value being written now: the open containers, then the member being read. */
  openPath(reading: boolean): readonly Slot[] {
    const c = this.pathCache;
    if (c && c.version === this.pathVersion && c.reading === reading) return c.path;
    const path: Slot[] = [];
    for (let i = 1; i < this.stack.length; i++) path.push(this.stack[i].slot);
    const top = lastOf(this.stack);
    if (top && reading) path.push(this.memberSlot(top));
    this.pathCache = { version: this.pathVersion, reading, path: Object.freeze(path) };
    return this.pathCache.path;
  }

  private memberSlot(n: OpenNode): Slot {
    if (n.kind === "array") return (n.value as unknown[]).length - (n.provisional ? 1 : 0);
    return n.extra ?? n.key;
  }

  /** The path, with JSON names as error paths are written (`items[2].sku`), of open container n. */
  containerPath(n: number): string {
    let path = "";
    for (let i = 0; i < n; i++) path = joinSegment(path, this.segment(this.stack[i], this.stack[i + 1].slot));
    return path;
  }

  /** The path of the value being written (reading) or of the innermost open container. */
  errorPath(reading: boolean): string {
    const top = this.stack.length - 1;
    const path = this.containerPath(Math.max(top, 0));
    return reading && top >= 0 ? joinSegment(path, this.segment(this.stack[top], this.memberSlot(this.stack[top]))) : path;
  }

  /** The error-path segment of member `slot` of node n (objects use the field's JSON name). */
  private segment(n: OpenNode, slot: Slot): Slot {
    if (n.kind === "object" && n.extra === undefined && n.field !== undefined && n.field.key === slot) return n.field.jsonName;
    return slot;
  }

  /** The value of open container i (0 = the document). */
  openValue(i: number): unknown {
    return this.stack[i]?.value;
  }

  get depth(): number {
    return this.stack.length;
  }

  reset(): void {
    this.root = undefined;
    this.stack.length = 0;
    this.consumed = 0;
    this.pathVersion++;
  }
}

/** The last item, or undefined (never reads index -1: that is a slow named-property lookup in V8). */
export function lastOf<T>(list: readonly T[]): T | undefined {
  return list.length > 0 ? list[list.length - 1] : undefined;
}

function joinSegment(path: string, seg: Slot): string {
  if (typeof seg === "number") return `${path}[${seg}]`;
  return path === "" ? seg : `${path}.${seg}`;
}
