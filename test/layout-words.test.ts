// The session words (S_*) and frame words (FM_*) of bindings/layout.ts, which both the core and
// the bindings compile: each names its own word, inside the block it indexes. Two names on one
// word let one value overwrite the other (S_ERR_RETRACTED and S_TYPE_PATH were both word 41).
import { describe, expect, it } from "vitest";
import * as L from "../bindings/layout.js";

/** The constants whose names start with prefix, as [name, value], less the ones that are no word of the block. */
function words(prefix: string, notWords: readonly string[]): [string, number][] {
  return Object.entries(L).filter(([name, value]) => name.startsWith(prefix) && typeof value === "number" && !notWords.includes(name)) as [string, number][];
}

function repeated(list: readonly [string, number][]): string[] {
  const byWord = new Map<number, string[]>();
  for (const [name, word] of list) byWord.set(word, [...(byWord.get(word) ?? []), name]);
  return [...byWord.values()].filter((names) => names.length > 1).map((names) => names.join(" = "));
}

describe("layout words", () => {
  it("each session word has one name, below S_WORDS", () => {
    const session = words("S_", ["S_WORDS"]);
    expect(session.length).toBeGreaterThan(40);
    expect(repeated(session)).toEqual([]);
    for (const [name, word] of session) expect({ name, inside: word >= 0 && word < L.S_WORDS }).toEqual({ name, inside: true });
  });

  it("each frame word has one name, below FM_WORDS (maps and raw frames share one word on purpose)", () => {
    const frame = words("FM_", ["FM_WORDS", "FM_BYTES"]);
    expect(repeated(frame)).toEqual(["FM_KEY_HASH = FM_ANY_TAPE"]);
    for (const [name, word] of frame) expect({ name, inside: word >= 0 && word < L.FM_WORDS }).toEqual({ name, inside: true });
  });
});
