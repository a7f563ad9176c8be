// The partial value of a stream, kept up to date from the tape entries each chunk adds. Each open
// container keeps its members as an append-only log (an array's items; an object's or map's keys
// and values), where only the last member can still change (an open string, an open container).
// After every chunk the stream takes a snapshot: one small record per open container (how many
// members, and the last one), O(depth) whatever the sizes, and only the records of containers
// that changed are new (usually just the innermost one's). A snapshot becomes a plain value only
// when someone reads it, and then only the containers that changed since the last value built
// are new objects: the rest keep their identity, so a React-style UI can skip them. So a stream
// costs O(total bytes) however large its open arrays grow, plus O(size of the changed
// containers) per partial value actually read.

import { ANY, ANY_LIST, ANY_MAP, arrayUnfinished, elemOf, entryText, finishArray, finishObject, objectUnfinished, scalarValue, type Text } from "./build.js";
import { toJsonForm } from "./json-form.js";
import { OpenJsonReader, type OpenJsonSink } from "./open-json.js";
import * as L from "./layout.js";
import { stripPtr, type RField, type RModel, type RType } from "./resolve.js";
import { setMember } from "./values.js";


type Slot = string | number;

interface OpenNode {
  readonly kind: "object" | "array" | "map";
  readonly type: RType;
  /** Member values (the last may be provisional, or stand for the open child). */
  readonly vals: unknown[];
  /** Objects and maps: the key of each member (a repeated key comes again; the last one wins). */
  readonly keys: string[];
  /** A fixed-size array's length (Go's [N]T), else -1. */
  readonly fixed: number;
  /** Where this node sits in its parent (the parent's member index or key; or an extra's key). */
  readonly slot: Slot;
  /** Captured under ExtraAllow: it joins the parent's extras when it closes, and is not shown before. */
  readonly hidden: boolean;
  /** Object: the field whose value comes next; map: its key; array: unused. */
  field: RField | undefined;
  key: string;
  /** An extra key captured under ExtraAllow comes next. */
  extra: string | undefined;
  extras: Record<string, unknown> | undefined;
  /** The last member is provisional (an open string): the next value replaces it. */
  provisional: boolean;
  /**
   * The value last built for this node (`builtValue`), from its first `builtN` members (-1: none
   * yet) whose last was `builtLast`. Fields, not a record: a partial read every chunk rebuilds
   * every open container, and a record each time was garbage per container per chunk.
   */
  builtN: number;
  builtLast: unknown;
  builtValue: unknown;
  /**
   * Once closed: the value built from its last state (before missing fields are filled in). A
   * snapshot of that state, read whenever, is this very value, so identities do not depend on
   * whether a partial was read before or after the chunk that closed the node.
   */
  closed: Built | undefined;
  /** A member's key is "__proto__" (then built with setMember; plain stores everywhere else are faster). */
  protoKey: boolean;
}

interface Built {
  readonly n: number;
  readonly last: unknown;
  readonly value: unknown;
}

/**
 * The partial value at one moment, from the innermost open container shown outward. `node`
 * undefined: `last` is the value itself (nothing yet, a complete document). Otherwise the node's
 * first `n` members, the last of which is `last`; that value is the last member of `parent`'s
 * node (whose own `last` is unused). Records of containers that did not change are shared by the
 * snapshots of consecutive chunks, so a chunk usually adds one record whatever the depth.
 */
export interface Snapshot {
  readonly node: OpenNode | undefined;
  readonly n: number;
  readonly last: unknown;
  readonly parent: Snapshot | undefined;
}

/** The snapshot of a value with no container open (nothing yet, a scalar, a complete document). */
function valueSnapshot(last: unknown): Snapshot {
  return { node: undefined, n: 0, last, parent: undefined };
}

const NOTHING: Snapshot = Object.freeze(valueSnapshot(undefined));

export class PartialBuilder {
  private readonly stack: OpenNode[] = [];
  /** The document's value once it is complete (or a scalar document). */
  private done: Snapshot = NOTHING;
  /** The snapshot of the last chunk, kept while nothing visible changes. */
  private last: Snapshot = NOTHING;
  /** The last chunk's snapshot when its value was last built, and that value. */
  private newest: Snapshot = NOTHING;
  private newestValue: unknown;
  private changed = false;
  /** Per open container: its snapshot record as the parent of the one inside it (reused while unchanged). */
  private readonly outer: Snapshot[] = [];
  /** Changes whenever the open path may have changed (so a path can be reused until then). */
  private pathVersion = 0;
  private pathCache: { version: number; reading: boolean; path: readonly Slot[] } | undefined;
  /** The reader of the `any` member being written, once it was read open. */
  private reader: OpenJsonReader | undefined;

  constructor(private readonly rootType: RType) {}

  /**
   * Consume tape entries [0, end): the ones the core wrote since the last call (the stream then
   * empties the tape, see StreamParser.step).
   */
  consume(u32: Uint32Array, f64: Float64Array, base: number, end: number, text: Text): void {
    if (end > 0) {
      this.pathVersion++;
      this.changed = true;
    }
    for (let e = 0; e < end; e++) {
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
        case L.T_OBJ: this.open("object", this.nextType()); break;
        case L.T_ARR: this.open("array", this.nextType()); break;
        case L.T_MAP: this.open("map", this.nextType()); break;
        case L.T_OBJ_END:
        case L.T_ARR_END:
        case L.T_MAP_END:
          this.close(this.stack.pop()!);
          break;
        default:
          // an `any` value read while it was open: the reader reads it to its end (so what did not
          // change keeps its identity); else its value comes from its text
          if (tag === L.T_RAW && this.reader) this.finishReader(text, u32[w + 2]);
          else this.place(scalarValue(u32, f64, w, this.nextType(), text));
      }
    }
  }

  /** Type of the value that comes next (in the innermost open container). */
  private nextType(): RType {
    const top = lastOf(this.stack);
    if (!top) return this.rootType;
    if (top.kind === "object") return top.extra !== undefined ? ANY : top.field!.type;
    return elemOf(top.type);
  }

  private open(kind: OpenNode["kind"], t: RType): void {
    const top = lastOf(this.stack);
    const hidden = top !== undefined && (top.hidden || (top.kind === "object" && top.extra !== undefined));
    const slot = this.place(undefined); // (a member that stands for the open node until it closes)
    const type = stripPtr(t);
    this.stack.push({
      kind, type, fixed: type.kind === "array" ? type.length : -1, vals: [], keys: [], slot, hidden,
      field: undefined, key: "", extra: undefined, extras: undefined, provisional: false, builtN: -1, builtLast: undefined, builtValue: undefined, closed: undefined, protoKey: false,
    });
  }

  /** A container closed: its value (members not seen take their missing values) replaces its member. */
  private close(node: OpenNode): void {
    const n = node.vals.length;
    const last = lastOf(node.vals);
    let value = this.build(node, n, last);
    node.closed = { n, last, value };
    // what finishing adds goes into a copy: the value built so far may have been read already
    if (node.kind === "object") {
      const model = (node.type as { model: RModel }).model;
      if (objectUnfinished(value as Record<string, unknown>, model)) {
        value = { ...(value as Record<string, unknown>) };
        finishObject(value as Record<string, unknown>, model, node.extras);
      }
    } else if (node.kind === "array" && arrayUnfinished(value as unknown[], node.type)) {
      value = (value as unknown[]).slice();
      finishArray(value as unknown[], node.type);
    }
    const parent = lastOf(this.stack);
    if (!parent) {
      this.done = valueSnapshot(value);
      return;
    }
    if (node.hidden && !parent.hidden) setMember((parent.extras ??= {}), String(node.slot), value);
    else parent.vals[parent.vals.length - 1] = value;
  }

  /** Put a completed (or provisional) value where the next value goes; returns its slot. */
  private place(v: unknown, provisional = false): Slot {
    const top = lastOf(this.stack);
    if (!top) {
      this.done = valueSnapshot(v);
      return "";
    }
    let slot: Slot;
    if (top.kind === "object" && top.extra !== undefined) {
      // captured extras join the object when it closes
      setMember((top.extras ??= {}), top.extra, v);
      slot = top.extra;
    } else {
      if (top.provisional) top.vals[top.vals.length - 1] = v;
      else {
        top.vals.push(v);
        if (top.kind !== "array") {
          top.keys.push(top.key);
          if (top.key === "__proto__") top.protoKey = true;
        }
      }
      slot = top.kind === "array" ? top.vals.length - 1 : top.key;
    }
    top.provisional = provisional;
    return slot;
  }

  /** The text of the string being read (shown until it completes). */
  placeOpenString(text: string): void {
    const top = lastOf(this.stack);
    if (top && !top.provisional) this.pathVersion++;
    this.changed = true;
    this.place(text, true);
  }

  /** Is the innermost container's next member part of the value shown (not a captured extra's)? */
  get showsMember(): boolean {
    const top = lastOf(this.stack);
    return top !== undefined && !top.hidden && !(top.kind === "object" && top.extra !== undefined);
  }

  /**
   * Read the `any` member being written (a container starting at text offset `start`) up to
   * `end`: only what came since the last call is read. Its containers join the open ones.
   */
  readOpenJson(text: Text, start: number, end: number): void {
    if (this.reader?.start !== start) {
      if (!this.showsMember) return;
      this.reader = new OpenJsonReader(start, this.stack.length, this.sink);
    }
    this.reader.read(text, end);
  }

  /** The open containers outside an `any` value being read (the typed value's). */
  get typedDepth(): number {
    return this.reader ? this.reader.base : this.stack.length;
  }

  private finishReader(text: Text, end: number): void {
    this.reader!.read(text, end);
    this.reader = undefined;
  }

  /** What the reader of an open `any` value changes (containers, keys, members). */
  private readonly sink: OpenJsonSink = {
    openJson: (kind) => {
      this.touch();
      this.open(kind, kind === "array" ? ANY_LIST : ANY_MAP);
    },
    closeJson: () => {
      this.touch();
      this.close(this.stack.pop()!);
    },
    jsonKey: (key) => {
      lastOf(this.stack)!.key = key;
    },
    jsonValue: (value) => {
      this.touch();
      this.place(value);
    },
    jsonOpenString: (text) => {
      this.touch();
      this.place(text, true);
    },
  };

  /** The open path or the value shown may have changed. */
  private touch(): void {
    this.pathVersion++;
    this.changed = true;
  }

  /** The partial value now, as a snapshot (O(open containers)); `value` turns it into the value. */
  snapshot(): Snapshot {
    if (!this.changed) return this.last;
    this.changed = false;
    if (this.stack.length === 0) return (this.last = this.done);
    const top = this.shownFrom(0);
    const node = this.stack[top];
    this.last = { node, n: node.vals.length, last: lastOf(node.vals), parent: this.parentOf(top) };
    return this.last;
  }

  /**
   * The innermost open container whose value shows in container i: a hidden container (an extra
   * captured under allow) is no member of its parent, so the parent's last member is its own.
   */
  private shownFrom(i: number): number {
    let top = this.stack.length - 1;
    while (top > i && this.stack[top].hidden) top--;
    return top;
  }

  /** The snapshot records of the containers around open container k (those that did not change are reused). */
  private parentOf(k: number): Snapshot | undefined {
    let parent: Snapshot | undefined;
    for (let j = 0; j < k; j++) {
      const node = this.stack[j];
      const n = node.vals.length;
      let s = this.outer[j];
      if (s === undefined || s.node !== node || s.n !== n || s.parent !== parent) this.outer[j] = s = { node, n, last: undefined, parent };
      parent = s;
    }
    if (this.outer.length > k) this.outer.length = k; // (records deeper than the path would keep closed containers alive)
    return parent;
  }

  /** The plain value of a snapshot: containers that did not change since the last one built keep their identity. */
  value(s: Snapshot): unknown {
    if (s.node === undefined) return s.last;
    // the same snapshot (chunks that changed nothing share one) is the same value, also when an
    // older one was built in between (a late read, an earlier state's complete()), which took
    // the open containers' cached values
    if (s === this.newest) return this.newestValue;
    let v = this.build(s.node, s.n, s.last);
    for (let p = s.parent; p !== undefined; p = p.parent) v = this.build(p.node!, p.n, v);
    if (s === this.last) {
      this.newest = s;
      this.newestValue = v;
    }
    return v;
  }

  /** Node's first n members, the last one being `last`, as a plain value (reused when unchanged). */
  private build(node: OpenNode, n: number, last: unknown): unknown {
    if (node.builtN === n && node.builtLast === last) return node.builtValue;
    const c = node.closed;
    if (c && c.n === n && c.last === last) return c.value;
    let value: unknown;
    if (node.kind === "array") {
      const out = node.vals.slice(0, n);
      if (n > 0) out[n - 1] = last;
      value = out;
    } else {
      const out: Record<string, unknown> = {};
      const { keys, vals } = node;
      if (node.protoKey) {
        for (let i = 0; i < n - 1; i++) setMember(out, keys[i], vals[i]);
        if (n > 0) setMember(out, keys[n - 1], last);
      } else {
        for (let i = 0; i < n - 1; i++) out[keys[i]] = vals[i];
        if (n > 0) out[keys[n - 1]] = last;
      }
      value = out;
    }
    node.builtN = n;
    node.builtLast = last;
    node.builtValue = value;
    return value;
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
    if (n.kind === "array") return n.vals.length - (n.provisional ? 1 : 0);
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

  /** The value of open container i (0 = the document) now. */
  openValue(i: number): unknown {
    if (i >= this.stack.length) return undefined;
    const top = this.shownFrom(i);
    const node = this.stack[top];
    let v = this.build(node, node.vals.length, lastOf(node.vals));
    for (let j = top - 1; j >= i; j--) v = this.build(this.stack[j], this.stack[j].vals.length, v);
    return v;
  }

  /** openValue(i) in JSON form, as error values are written (JSON names; fields not read yet left out). */
  openJsonValue(i: number): unknown {
    return i < this.stack.length ? toJsonForm(this.stack[i].type, this.openValue(i), { partial: true }) : undefined;
  }

  get depth(): number {
    return this.stack.length;
  }

  /**
   * The innermost open container is a fixed-size array already full: an item after that is
   * dropped (Go's [N]T), no part of the value, so no path leads to it.
   */
  get dropsNext(): boolean {
    const top = lastOf(this.stack);
    return top !== undefined && top.fixed >= 0 && !top.provisional && top.vals.length >= top.fixed;
  }

  /** The innermost open container's last member is an open string, shown as its text so far. */
  get showsOpenString(): boolean {
    return lastOf(this.stack)?.provisional === true;
  }

  /** The document's value, once it is complete. */
  get root(): unknown {
    return this.done.last;
  }

  reset(): void {
    this.stack.length = 0;
    this.outer.length = 0;
    this.done = this.last = this.newest = NOTHING;
    this.newestValue = undefined;
    this.changed = false;
    this.reader = undefined;
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
