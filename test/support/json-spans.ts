// Where each value of a JSON text starts and ends, in UTF-8 bytes, with its path of JSON keys and
// indexes: an oracle for a stream's `state.complete(path)` ("is the value's closing byte in?").
// The text is assumed well formed up to where it stops (a text cut short leaves the values still
// open with `last: Infinity`); a malformed one gives meaningless spans.

export type SpanKind = "string" | "number" | "literal" | "object" | "array";

export interface Span {
  /** JSON keys and array indexes from the root. */
  path: (string | number)[];
  kind: SpanKind;
  /** Byte offset of the value's first byte. */
  start: number;
  /** Byte offset of its last byte (the closing quote or bracket, the last digit); Infinity: not in the text. */
  last: number;
}

const decoder = new TextDecoder();

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const ends = (b: number) => isSpace(b) || b === 0x2c || b === 0x5d || b === 0x7d; // , ] }

/** Every value of the text (containers after the values inside them). */
export function jsonSpans(bytes: Uint8Array): Span[] {
  const out: Span[] = [];
  let i = 0;
  const n = bytes.length;
  const ws = () => { while (i < n && isSpace(bytes[i])) i++; };
  /** Past a string starting at i; returns the index of its closing quote (Infinity: cut off). */
  const string = (): number => {
    for (i++; i < n; i++) {
      if (bytes[i] === 0x5c) i++;
      else if (bytes[i] === 0x22) return i++;
    }
    return Infinity;
  };
  const value = (path: (string | number)[]): boolean => {
    ws();
    if (i >= n) return false;
    const start = i;
    const b = bytes[i];
    const span = (kind: SpanKind, last: number) => out.push({ path, kind, start, last });
    if (b === 0x22) {
      span("string", string());
      return true;
    }
    if (b === 0x7b || b === 0x5b) {
      const object = b === 0x7b;
      i++;
      for (let index = 0; ; index++) {
        ws();
        if (i >= n) break;
        if (bytes[i] === (object ? 0x7d : 0x5d)) {
          span(object ? "object" : "array", i++);
          return true;
        }
        if (bytes[i] === 0x2c) { i++; ws(); }
        let seg: string | number = index;
        if (object) {
          const k0 = i;
          const kEnd = string();
          if (kEnd === Infinity) break;
          seg = JSON.parse(decoder.decode(bytes.subarray(k0, kEnd + 1))) as string;
          ws();
          i++; // :
        }
        if (!value([...path, seg])) break;
      }
      span(object ? "object" : "array", Infinity);
      return false;
    }
    while (i < n && !ends(bytes[i])) i++;
    if (i === start) return false; // (a malformed text: no value here)
    // (a number may go on in the next byte: cut off at the end of the text)
    const literal = b === 0x74 || b === 0x66 || b === 0x6e;
    span(literal ? "literal" : "number", i < n ? i - 1 : literal && i - start === (b === 0x66 ? 5 : 4) ? i - 1 : Infinity);
    return i < n;
  };
  value([]);
  return out;
}
