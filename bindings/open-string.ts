// The string a stream is in the middle of, decoded as it arrives: each chunk decodes only its new
// raw text (escapes are decoded once complete), so a string read in k chunks costs O(its length),
// not O(length x k). The text is kept as flat blocks of about BLOCK_PARTS parts joined by one
// short chain, rather than one chain of every part (a chain of tens of thousands of 16-character
// parts is slow to walk for the GC and for anyone who reads the string).

import { codePoints } from "./directives/directive.js";
import type { TextStore } from "./text-store.js";

/** Parts appended before the recent ones are flattened into one block. */
const BLOCK_PARTS = 64;

export class OpenString {
  /** Tape offset of the string's opening quote (-1: none yet). */
  private token = -1;
  /** UTF-16 offset in the text store of the raw text decoded so far. */
  private rawDone = 0;
  private head = ""; // flat blocks
  private block = ""; // the parts since the last block
  private blockParts = 0;
  /** Decoded text so far. */
  text = "";
  /** Code points of `text`, when counted (see `follow`). */
  points = 0;
  private counting = false;

  /**
   * Follow the string whose quote is at input offset `token` (UTF-16 offset `u16` in the text
   * store): a new token starts over. `countPoints`: keep `points` up to date as parts arrive.
   */
  follow(token: number, u16: number, countPoints: boolean): void {
    if (token === this.token) return;
    this.token = token;
    this.rawDone = u16 + 1;
    this.head = this.block = this.text = "";
    this.blockParts = this.points = 0;
    this.counting = countPoints;
  }

  get tokenStart(): number {
    return this.token;
  }

  /**
   * Decode what arrived since the last call. An open string has read every byte of the input, so
   * its raw text is everything after rawDone (a UTF-8 sequence cut by the chunk's end is not in
   * the store yet; an escape cut by it waits for the next chunk).
   */
  update(store: TextStore): string {
    const end = store.size;
    if (end <= this.rawDone) return this.text;
    const raw = store.slice(this.rawDone, end);
    const escape = raw.indexOf("\\");
    if (escape < 0) {
      this.add(raw);
      this.rawDone = end;
    } else {
      const cut = completeEscapes(raw, escape);
      if (cut > 0) {
        this.add(JSON.parse(`"${raw.slice(0, cut)}"`) as string);
        this.rawDone += cut;
      }
    }
    return this.text;
  }

  reset(): void {
    this.token = -1;
    this.head = this.block = this.text = "";
    this.blockParts = this.points = this.rawDone = 0;
  }

  private add(part: string): void {
    // (a part never ends inside a surrogate pair: the store holds back a trailing high surrogate
    // and completeEscapes a trailing \uD8xx escape)
    if (this.counting) this.points += codePoints(part);
    this.block += part;
    if (++this.blockParts < BLOCK_PARTS) {
      this.text = this.head + this.block;
      return;
    }
    flatten(this.block);
    this.head += this.block;
    this.text = this.head;
    this.block = "";
    this.blockParts = 0;
  }
}

/**
 * Make the engine store a string built by concatenation as one flat run (reading a character
 * does that in V8, JavaScriptCore and SpiderMonkey; the string's value does not change).
 */
function flatten(s: string): void {
  if (s.length > 0 && s.charCodeAt(0) < 0) throw new Error("unreachable");
}

/** Length of the longest prefix of raw JSON string text that ends outside an escape (the first at `i`). */
function completeEscapes(raw: string, i: number): number {
  let safe = i;
  while (i < raw.length) {
    if (raw.charCodeAt(i) !== 0x5c) { i++; safe = i; continue; }
    const n = raw[i + 1] === "u" ? 6 : 2;
    if (i + n > raw.length) break;
    // a high surrogate escape waits until the escape after it is complete: it may be its low half
    if (n === 6 && /^[dD][89abAB]/.test(raw.slice(i + 2, i + 4))) {
      const j = i + 6;
      if (j === raw.length || (raw.charCodeAt(j) === 0x5c && j + 6 > raw.length)) break;
    }
    i += n;
    safe = i;
  }
  return safe;
}
