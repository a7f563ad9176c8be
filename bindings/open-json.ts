// An `any` value of a stream read while it is still open, incrementally: each call reads only the
// text that came since the last one, and tells the partial value what it found (containers opened
// and closed, keys, complete members, the open string's text so far). So a large `any` value costs
// O(its length) over the whole stream, however often the partial is read, as typed values do.
//
// What shows (README "Streaming"): an open string holds its text so far (an escape cut in two
// waits for its end); a number shows once a byte after it shows it ended; a literal once its last
// letter came; a key once its closing quote came. The core has checked the text's syntax before
// it gets here, so the reader only follows its structure.

import type { Text } from "./build.js";

/** What the reader tells the partial value (PartialBuilder implements it). */
export interface OpenJsonSink {
  /** A container opens: the `any` value itself first, then those inside it. */
  openJson(kind: "array" | "map"): void;
  /** The innermost container opened closes. */
  closeJson(): void;
  /** The next member of the innermost object has this key. */
  jsonKey(key: string): void;
  /** A complete member (string, number, literal). */
  jsonValue(value: unknown): void;
  /** The member being read is a string: its text so far (the next value replaces it). */
  jsonOpenString(text: string): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]

const LITERALS: ReadonlyMap<string, unknown> = new Map<string, unknown>([["true", true], ["false", false], ["null", null]]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const endsWord = (c: number) => isSpace(c) || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT;
/** A byte that is no part of a number or literal: structure, a string's quote, space. */
const isPunctuation = (c: number) => endsWord(c) || c === COLON || c === QUOTE || c === OPEN_OBJECT || c === OPEN_ARRAY;

/** A string being read: its text decoded so far, and the raw tail not decoded yet (an escape cut in two). */
interface OpenString {
  readonly key: boolean;
  decoded: string;
  tail: string;
}

export class OpenJsonReader {
  /** Offset (UTF-16 units) of the next unit to read. */
  private pos: number;
  /** One entry per open container: does it hold objects' members (true) or array items? */
  private readonly objects: boolean[] = [];
  /** The innermost open container is an object whose next token is a key. */
  private expectKey = false;
  private string: OpenString | undefined;
  /** A number or literal being read: its text so far. */
  private word = "";

  /**
   * `start`: offset of the value's first unit (its opening bracket); `base`: how many containers
   * were open around it (the partial value's depth when it began).
   */
  constructor(readonly start: number, readonly base: number, private readonly sink: OpenJsonSink) {
    this.pos = start;
  }

  /** The value has closed (its last bracket was read). */
  private done = false;

  /** Read the units [this.pos, end) of the text. */
  read(text: Text, end: number): void {
    if (end <= this.pos || this.done) return;
    const s = text.slice(this.pos, end);
    this.pos = end;
    let i = 0;
    if (this.string) i = this.continueString(s, 0);
    const n = s.length;
    while (i < n && !this.done) {
      const c = s.charCodeAt(i);
      if (this.word !== "" || !isPunctuation(c)) {
        i = this.continueWord(s, i);
        continue;
      }
      i++;
      switch (c) {
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.objects.push(c === OPEN_OBJECT);
          this.expectKey = c === OPEN_OBJECT;
          this.sink.openJson(c === OPEN_OBJECT ? "map" : "array");
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.objects.pop();
          this.expectKey = false;
          this.done = this.objects.length === 0;
          this.sink.closeJson();
          break;
        case COMMA:
          this.expectKey = this.objects[this.objects.length - 1] === true;
          break;
        case QUOTE:
          this.string = { key: this.expectKey, decoded: "", tail: "" };
          this.expectKey = false;
          i = this.continueString(s, i);
          break;
        // (spaces and colons: nothing to do)
      }
    }
  }

  /** Go on with the open string from s[i]; returns where reading goes on after it. */
  private continueString(s: string, i: number): number {
    const str = this.string!;
    const raw = str.tail + s.slice(i);
    const offset = str.tail.length - i; // raw index = s index + offset
    let j = 0;
    let safe = 0; // raw[0, safe) holds whole characters and escapes only
    let closed = -1;
    while (j < raw.length) {
      const c = raw.charCodeAt(j);
      if (c === QUOTE) {
        closed = j;
        safe = j;
        break;
      }
      if (c === BACKSLASH) {
        const len = raw.charCodeAt(j + 1) === 0x75 ? 6 : 2; // \uXXXX or \n ...
        if (j + len > raw.length) break;
        j += len;
      } else j++;
      safe = j;
    }
    const part = raw.slice(0, safe);
    str.decoded += part.includes("\\") ? (JSON.parse(`"${part}"`) as string) : part;
    if (closed < 0) {
      str.tail = raw.slice(safe);
      if (!str.key) this.sink.jsonOpenString(str.decoded);
      return s.length;
    }
    this.string = undefined;
    if (str.key) this.sink.jsonKey(str.decoded);
    else this.sink.jsonValue(str.decoded);
    return closed + 1 - offset;
  }

  /** Go on with the number or literal from s[i]: complete at a byte that ends it, or a literal at its last letter. */
  private continueWord(s: string, i: number): number {
    let j = i;
    while (j < s.length && !endsWord(s.charCodeAt(j))) j++;
    this.word += s.slice(i, j);
    const literal = LITERALS.has(this.word);
    if (j < s.length || literal) {
      // (Number reads a JSON number as JSON.parse does: the same double, -0 and 1e400 included)
      this.sink.jsonValue(literal ? LITERALS.get(this.word) : Number(this.word));
      this.word = "";
    }
    return j;
  }
}
