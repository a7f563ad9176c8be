// jsonQuote (bindings/values.ts) writes strings for marshal and newModel's round trip without a
// call into JSON.stringify where it can: its text must be JSON.stringify's, byte for byte.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonQuote } from "../bindings/values.js";

describe("jsonQuote", () => {
  it("equals JSON.stringify for every code unit alone, in the middle of a short string, and at the 64-unit scan limit", () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `ab${ch}cd`, "x".repeat(63) + ch, "x".repeat(64) + ch, ch + "y".repeat(64)]) {
        expect(jsonQuote(s)).toBe(JSON.stringify(s));
      }
    }
  });

  it("equals JSON.stringify on 20,000 random strings (any unicode, lone surrogates, 0..100 units)", () => {
    const unit = fc.constantFrom("grapheme", "binary", "grapheme-ascii", "binary-ascii") as fc.Arbitrary<"binary">;
    fc.assert(fc.property(unit.chain((u) => fc.string({ unit: u, maxLength: 100 })), (s) => {
      expect(jsonQuote(s)).toBe(JSON.stringify(s));
    }), { numRuns: 20000, seed: 1125 });
  });
});
