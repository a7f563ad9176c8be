// The stream's text store: byte chunks decode to the same text as TextDecoder over the whole input
// (split UTF-8 sequences, invalid bytes, ASCII chunks after a cut sequence, chunks longer than the
// ASCII fast path), and slices of it equal slices of that text; joinChunks of string and byte
// chunks is the UTF-8 of their text (a surrogate pair split between string chunks is one character).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinChunks, TextStore } from "../bindings/text-store.js";
import { cut } from "./support/stream-harness.js";

/** Bytes biased to what breaks decoders: ASCII runs, lead bytes, continuation bytes, invalid bytes. */
const byteArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.integer({ min: 0xc2, max: 0xf4 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xbf }) },
  { weight: 1, arbitrary: fc.constantFrom(0xc0, 0xc1, 0xf5, 0xff) },
);
const textBytesArb = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 400 }).map((b) => b.map((x) => (x % 3 === 0 ? x : x & 0x7f))),
  fc.array(byteArb, { maxLength: 400 }).map((a) => Uint8Array.from(a)),
  fc.string({ unit: "grapheme", maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
);

function storeOf(chunks: readonly Uint8Array[]): TextStore {
  const store = new TextStore();
  for (const c of chunks) store.append(c);
  store.flush();
  return store;
}

describe("TextStore over byte chunks", () => {
  it("equals TextDecoder over the whole input, for any chunk sizes (1..300 bytes)", () => {
    fc.assert(
      fc.property(textBytesArb, fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 8 }), (bytes, sizes) => {
        const want = new TextDecoder().decode(bytes);
        const store = storeOf(cut(bytes, sizes));
        expect(store.text()).toBe(want);
        expect(store.size).toBe(want.length);
      }),
      { numRuns: 3000 },
    );
  });

  it("cut at every byte: a sequence cut at its end, then ASCII chunks", () => {
    const bytes = new TextEncoder().encode('{"a":"é€😀x","b":"plain ascii after"}');
    const bad = Uint8Array.from([0x61, 0xe2, 0x82, 0x62, 0x63, 0xf0, 0x9f, 0x64, 0xff, 0x65]); // cut sequences inside ASCII
    for (const input of [bytes, bad]) {
      const want = new TextDecoder().decode(input);
      for (let at = 0; at <= input.length; at++) {
        expect(storeOf([input.subarray(0, at), input.subarray(at)]).text()).toBe(want);
      }
      expect(storeOf(cut(input, [1])).text()).toBe(want);
    }
  });

  it("slices of the text equal slices of the decoded whole", () => {
    const bytes = new TextEncoder().encode("ascii run, then ünïcödé and 😀 pairs, then ascii again ".repeat(8));
    const want = new TextDecoder().decode(bytes);
    const store = storeOf(cut(bytes, [7, 1, 16, 3]));
    for (let a = 0; a < want.length; a += 13) {
      for (const n of [0, 1, 5, 40, 200]) expect(store.slice(a, Math.min(want.length, a + n))).toBe(want.slice(a, a + n));
    }
  });

  it("slices stay exact across the blocks the pieces are joined into (every 64 pieces), for string and byte chunks", () => {
    const text = "plain, ünïcödé, 😀 pairs; ".repeat(60);
    const bytes = new TextEncoder().encode(text);
    const sizes = [1, 5, 2, 9, 3];
    for (const chunks of [cut(text, sizes), cut(bytes, sizes)] as (string | Uint8Array)[][]) {
      const store = new TextStore();
      for (const c of chunks) store.append(c);
      store.flush();
      expect(chunks.length).toBeGreaterThan(4 * 64);
      expect(store.text()).toBe(text);
      expect(store.size).toBe(text.length);
      for (let a = 0; a < text.length; a += 29) {
        for (const n of [0, 1, 7, 63, 64, 65, 300, 900]) expect(store.slice(a, Math.min(text.length, a + n))).toBe(text.slice(a, a + n));
      }
    }
  });

  it("a lone byte 0x80+ at a chunk's end that completes nothing is U+FFFD, as the decoder says", () => {
    expect(storeOf([Uint8Array.of(0x61, 0xc3), Uint8Array.of(0x62)]).text()).toBe("a\uFFFDb");
    expect(storeOf([Uint8Array.of(0x61, 0xc3), Uint8Array.of(0xa9), Uint8Array.of(0x62)]).text()).toBe("aéb");
    expect(storeOf([Uint8Array.of(0xe2, 0x82)]).text()).toBe("\uFFFD");
  });
});

describe("joinChunks", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("strings only: one string; bytes only: the bytes one after the other", () => {
    expect(joinChunks(["a\uD83D", "\uDE00b"])).toBe("a😀b");
    expect(joinChunks([Uint8Array.of(0x61, 0xf0, 0x9f), Uint8Array.of(0x98, 0x80)])).toEqual(bytes("a😀"));
  });

  it("strings and bytes: strings next to each other are encoded as one (a split pair is one character); a lone surrogate is U+FFFD", () => {
    expect(joinChunks([bytes("a"), "\uD83D", "\uDE00", bytes("b")])).toEqual(bytes("a😀b"));
    expect(joinChunks(["\uD83D", "\uDE00", bytes("b"), "c", "\uD83D", "\uDE01"])).toEqual(bytes("😀bc😁"));
    expect(joinChunks([bytes("a"), "\uD83D", bytes("b"), "\uDE00"])).toEqual(Uint8Array.of(0x61, 0xef, 0xbf, 0xbd, 0x62, 0xef, 0xbf, 0xbd));
    expect(joinChunks([bytes("a"), "x\uD83D"])).toEqual(Uint8Array.of(0x61, 0x78, 0xef, 0xbf, 0xbd));
  });
});
