// The value an `any` value of a stream holds while it is still open: its JSON text so far, read the
// way the partial value shows typed values (README "Streaming"): an open string holds its text so
// far, an open array or object its complete members plus the open one; a number (until a byte after
// it shows it ended), a literal or key not complete yet are left out, as are a key without its value
// and an escape cut in two.

import { setMember } from "./values.js";

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

const LITERALS = new Set(["true", "false", "null"]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDelimiter = (c: number) => isSpace(c) || c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY;

/** An open `any` value: what it holds so far, and the path (inside it) of what is still being written. */
export interface OpenJson {
  value: unknown;
  open: (string | number)[];
}

/** The value of a JSON text cut short (well formed as far as it goes: the core has checked it). */
export function openJsonValue(text: string): OpenJson {
  const { json, open } = completed(text);
  return { value: JSON.parse(json), open };
}

/** An open container: its closing character and the member being read. */
interface Level {
  closer: string;
  /** Array: the index of the item being read; object: the last key read. */
  slot: string | number;
}

/**
 * The text up to its last complete member (or open string), with the containers open there closed;
 * and the path of the open containers below the first (and of the open string) at the end.
 */
function completed(text: string): { json: string; open: (string | number)[] } {
  const levels: Level[] = [];
  const closing = () => levels.map((l) => l.closer).reverse().join("");
  const openPath = () => levels.slice(0, -1).map((l) => l.slot);
  let safe = 0;
  let safeClosers = "";
  const mark = (at: number) => {
    safe = at;
    safeClosers = closing();
  };
  let expectKey = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const top = levels[levels.length - 1] as Level | undefined;
    if (isSpace(c) || c === COLON) { i++; continue; }
    if (c === COMMA) {
      expectKey = top?.closer === "}";
      if (top && !expectKey) top.slot = (top.slot as number) + 1;
      i++;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      levels.push({ closer: c === OPEN_OBJECT ? "}" : "]", slot: c === OPEN_OBJECT ? "" : 0 });
      expectKey = c === OPEN_OBJECT;
      mark(++i);
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      levels.pop();
      mark(++i);
      continue;
    }
    if (c === QUOTE) {
      const end = stringEnd(text, i + 1);
      if (end < 0) {
        // an open string: a value shows its text so far (without an escape cut in two); a key, nothing
        if (expectKey) break;
        return { json: text.slice(0, -end - 1) + '"' + closing(), open: [...openPath(), top!.slot] };
      }
      if (expectKey && top) top.slot = JSON.parse(text.slice(i, end + 1)) as string;
      i = end + 1;
      if (expectKey) expectKey = false;
      else mark(i);
      continue;
    }
    // a literal is complete with its last letter; a number once a delimiter follows (it may go on)
    const from = i;
    while (i < n && !isDelimiter(text.charCodeAt(i))) i++;
    if (i === n && !LITERALS.has(text.slice(from))) break;
    mark(i);
  }
  // (the containers still open when the text stops: those open at the last complete member, or more)
  return { json: text.slice(0, safe) + safeClosers, open: openPath() };
}

/**
 * Index of the quote closing the string whose contents start at `from`; if the text ends first,
 * -(k + 1) where k is where its complete part ends (before an escape cut in two).
 */
function stringEnd(text: string, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c !== BACKSLASH) continue;
    const len = text.charCodeAt(i + 1) === 0x75 ? 6 : 2; // \uXXXX or \n ...
    if (i + len > n) return -(i + 1);
    i += len - 1;
  }
  return -(n + 1);
}

/** The containers of open `any` values built so far, by path: the last built, and those of the values that closed. */
export interface SharedContainers {
  last: Map<string, unknown>;
  closed: Map<string, unknown>;
}

/**
 * `value` (fresh: changed in place) with each container that holds the same members as one built
 * at its path before (`at` + the path inside; the closed value's, else the last built) replaced by
 * that one, so an open `any` value keeps the identity of what did not change, whatever order its
 * moments are read in. Children go first: a container is the same when its members are the very
 * same values. `closing`: the value is the one the member closed with.
 */
export function sharedFrom(seen: SharedContainers, at: string, value: unknown, closing: boolean): unknown {
  if (value === null || typeof value !== "object") return value;
  const x = value as Record<string, unknown>;
  const keys = Object.keys(x);
  for (const k of keys) {
    const v = sharedFrom(seen, `${at}\u0000${k}`, x[k], closing);
    if (v !== x[k]) setMember(x, k, v);
  }
  const same = (old: unknown): old is Record<string, unknown> => {
    if (old === undefined || Array.isArray(old) !== Array.isArray(x)) return false;
    const o = old as Record<string, unknown>;
    return Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k) && Object.is(o[k], x[k]));
  };
  const closed = seen.closed.get(at);
  const last = seen.last.get(at);
  const out = same(closed) ? closed : same(last) ? last : x;
  (closing ? seen.closed : seen.last).set(at, out);
  return out;
}
