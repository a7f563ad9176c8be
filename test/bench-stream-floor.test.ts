// bench/stream.ts's floor row (the copies alone of an immutable partial read after every chunk)
// must copy what a partial holds: after each chunk, the same containers with the same number of
// members as checker's own partial, so its time is a fair lower bound for the read cost.
import { describe, expect, it } from "vitest";
import { Answer, chunksOf, floorValue, llmDocument, openLevelsByChunk } from "../bench/stream.js";
import { StreamParser } from "../bindings/stream.js";

/** The shape of a value: containers with their member counts and keys; scalars by type. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

describe("bench/stream.ts: the copies floor", () => {
  for (const [size, chunk] of [[3000, 16], [3000, 7], [10_000, 64]] as const) {
    it(`has checker's partial's containers after every chunk (${size} B document, ${chunk} B chunks)`, () => {
      const doc = llmDocument(size, 4242 + size);
      const chunks = chunksOf(doc, chunk);
      const plan = openLevelsByChunk(doc, chunks);
      expect(plan.levels.length).toBe(chunks.length);
      const parser = new StreamParser(Answer);
      let compared = 0;
      for (let i = 0; i < chunks.length; i++) {
        const { partial } = parser.feed(chunks[i]);
        const floor = floorValue(plan, i);
        // (checker leaves out a member until its value begins; the floor counts it from its first
        // character, as checker does for strings and containers, so compare where no number or
        // literal is cut by the chunk's end: this document has none but in `tags`' strings)
        expect(shape(floor), `after chunk ${i}: ${JSON.stringify(chunks.slice(0, i + 1).join("").slice(-30))}`).toEqual(shape(partial));
        compared++;
      }
      expect(floorValue(plan, chunks.length - 1)).toEqual(JSON.parse(doc));
      expect(compared).toBe(chunks.length);
    });
  }
});
