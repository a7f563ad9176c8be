// The stream's short-chunk UTF-8 writer (bindings/session.ts) against TextEncoder: every string,
// including surrogate pairs, lone surrogates at any position and the BMP's edges, gives the same
// bytes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeUtf8 } from "../bindings/session.js";

const encoder = new TextEncoder();

function written(s: string): Uint8Array {
  const out = new Uint8Array(s.length * 3 + 8).fill(0xaa);
  const n = writeUtf8(s, out, 4);
  expect(out.subarray(0, 4).every((b) => b === 0xaa)).toBe(true); // nothing before `at`
  return out.slice(4, 4 + n);
}

const unitArb = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0x7ff }),
  fc.integer({ min: 0x800, max: 0xffff }), // lone surrogates included
  fc.constantFrom(0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff),
);

describe("writeUtf8", () => {
  it("writes what TextEncoder writes (3,000 strings of UTF-16 units and code points)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(unitArb, { maxLength: 70 }).map((u) => String.fromCharCode(...u)), fc.string({ unit: "binary", maxLength: 70 })), (s) => {
        expect(written(s)).toEqual(encoder.encode(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("pairs, reversed pairs and lone halves at either end", () => {
    for (const s of ["😀", "a😀b", "\uDE00\uD83D", "\uD83D", "\uDE00", "x\uD83D", "\uDE00x", "é€日😀\uD800"]) {
      expect(written(s)).toEqual(encoder.encode(s));
    }
  });
});
