// The matchers themselves: invalid UTF-8 read as Go reads it, the lazy DFA under cache pressure
// and on garbage scratch, big inputs, empty input, position independence, size bounds. The TS
// reference matcher, the WASM precomputed DFA and the WASM lazy DFA must always agree.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compilePattern, matchPattern, matchPatternBytes, type CompiledPattern } from "../bindings/pattern/index.js";
import { patternArb } from "./support/pattern-gen.js";
import { loadPatternWasm, type PatternWasm } from "./support/pattern-wasm.js";

let wasm: PatternWasm;
beforeAll(async () => {
  wasm = await loadPatternWasm();
});

const r = String.raw;
const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

/** All three matchers on bytes; fails the test if they disagree. */
function matchAll(pattern: string, input: Uint8Array | string): boolean {
  const b = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const dfa = compilePattern(pattern);
  const lazy = compilePattern(pattern, { precomputeDfa: false });
  const ts = matchPatternBytes(dfa, b);
  expect(wasm.match(dfa, b), `WASM (dfa) ${pattern}`).toBe(ts);
  expect(wasm.match(lazy, b), `WASM (lazy) ${pattern}`).toBe(ts);
  return ts;
}

describe("invalid UTF-8 reads as Go reads it (each bad byte is U+FFFD, width 1)", () => {
  const CASES: Array<[string, Uint8Array, boolean]> = [
    [r`^\x{FFFD}$`, bytes(0xff), true],
    [r`^.$`, bytes(0xff), true],
    [r`^.$`, bytes(0x80), true],
    [r`^..$`, bytes(0xc3), false],
    [r`^.$`, bytes(0xc3), true], // truncated 2-byte sequence
    [r`^..$`, bytes(0xc0, 0x80), true], // overlong NUL: two bad bytes
    [r`^\x00$`, bytes(0xc0, 0x80), false],
    [r`^...$`, bytes(0xed, 0xa0, 0x80), true], // UTF-8 encoded surrogate: three bad bytes
    [r`^...$`, bytes(0xf0, 0x9f, 0x98), true], // truncated emoji: three bad bytes
    [r`^.A$`, bytes(0xe0, 0x41), true],
    [r`^\x{FFFD}\x{FFFD}A$`, bytes(0xe2, 0x82, 0x41), true], // E2 82 lacks its third byte: two bad bytes
    [r`^\x{FFFD}A$`, bytes(0xe2, 0x82, 0x41), false],
    [r`^.$`, bytes(0xf4, 0x90, 0x80, 0x80), false], // > U+10FFFF: four bad bytes
    [r`^.{4}$`, bytes(0xf4, 0x90, 0x80, 0x80), true],
    [r`^.$`, bytes(0xf4, 0x8f, 0xbf, 0xbf), true], // U+10FFFF
    [r`^\x{10FFFF}$`, bytes(0xf4, 0x8f, 0xbf, 0xbf), true],
    [r`^€$`, bytes(0xe2, 0x82, 0xac), true],
    [r`[^a]`, bytes(0xff), true],
    [r`\pL`, bytes(0xff), false],
    [r`\p{So}`, bytes(0xff), true], // U+FFFD is a symbol
    [r`a\b`, bytes(0x61, 0xff), true],
    [r`^a+$`, bytes(0x61, 0xff, 0x61), false],
    [r`(?s)^.*$`, bytes(0x61, 0xff, 0x0a, 0xfe), true],
    [r`^[\x{FFFD}a]+$`, bytes(0x61, 0xff, 0xfe, 0xc3), true],
  ];
  it.each(CASES)("%s", (pattern, input, want) => {
    expect(matchAll(pattern, input)).toBe(want);
  });

  it("a JS string with a lone surrogate reads as U+FFFD", () => {
    const p = compilePattern(r`^a\x{FFFD}b$`);
    expect(matchPattern(p, "a\ud800b")).toBe(true);
    expect(wasm.match(p, "a\ud800b")).toBe(true);
  });
});

describe("TS and WASM agree on arbitrary bytes", () => {
  const byteArb = fc.uint8Array({ maxLength: 24 }).chain((random) =>
    fc.oneof(
      fc.constant(random),
      // mostly text with a few bad bytes mixed in
      fc.tuple(fc.string({ unit: "grapheme", maxLength: 12 }), fc.nat(), fc.integer({ min: 0x80, max: 0xff })).map(([s, at, bad]) => {
        const b = Array.from(new TextEncoder().encode(s));
        b.splice(at % (b.length + 1), 0, bad);
        return Uint8Array.from(b);
      }),
    ),
  );

  it("on generated patterns and inputs with invalid UTF-8", () => {
    let pairs = 0;
    fc.assert(
      fc.property(patternArb, fc.array(byteArb, { minLength: 6, maxLength: 6 }), (pattern, inputs) => {
        let dfa: CompiledPattern;
        try {
          dfa = compilePattern(pattern);
        } catch {
          return;
        }
        const lazy = compilePattern(pattern, { precomputeDfa: false });
        for (const b of inputs) {
          const ts = matchPatternBytes(dfa, b);
          if (wasm.match(dfa, b) !== ts || wasm.match(lazy, b) !== ts) {
            throw new Error(`${JSON.stringify(pattern)} on [${Array.from(b).join(",")}]: TS ${ts} differs from WASM`);
          }
          pairs++;
        }
      }),
      { seed: 7, numRuns: 600 },
    );
    expect(pairs).toBeGreaterThan(3000);
  });
});

describe("lazy DFA", () => {
  it("keeps working when its state pool overflows and is flushed", () => {
    // (a|b)*a(a|b){14} has 2^15 DFA states: far more than the pool holds.
    const pattern = "(a|b)*a(a|b){14}x";
    const p = compilePattern(pattern);
    expect(p.scratchBytes, "too big for a precomputed DFA").toBeGreaterThan(0);
    let seed = 12345;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const text = Array.from({ length: 100_000 }, () => (rand() < 0.5 ? "a" : "b")).join("");
    for (const [input, want] of [
      [text, false],
      [text + "x", true],
      [text.slice(0, 50_000) + "b".repeat(20) + "x", false],
      [text.slice(0, 50_000) + "a" + "b".repeat(14) + "x", true],
    ] as const) {
      expect(wasm.match(p, input)).toBe(want);
      expect(matchPattern(p, input)).toBe(want);
    }
  });

  it("does not depend on what scratch holds", () => {
    const patterns = [r`(a|b)*a(a|b){6}`, r`\bfoo\b|(?m)^bar$`, r`(?i)[a-zæ]+\d{2,3}`, r`\p{Greek}+ \p{Han}`];
    const inputs = ["abababbbabab", "x foo y", "q\nbar\nz", "ÆbC123", "αβ 日", "", "zzz"];
    for (const pattern of patterns) {
      const p = compilePattern(pattern, { precomputeDfa: false });
      const clean = inputs.map((s) => matchPattern(p, s));
      for (const fill of [0x00, 0xff, 0x5a, -1]) {
        const got = inputs.map((s) => wasm.match(p, s, fill));
        expect(got, `${pattern} with scratch filled with ${fill}`).toEqual(clean);
      }
    }
  });
});

describe("inputs", () => {
  it("handles the empty input", () => {
    expect(matchAll("", "")).toBe(true);
    expect(matchAll("^$", "")).toBe(true);
    expect(matchAll(r`\A\z`, "")).toBe(true);
    expect(matchAll("a", "")).toBe(false);
    expect(matchAll("a*", "")).toBe(true);
    expect(matchAll(r`\b`, "")).toBe(false);
    expect(matchAll(r`\B`, "")).toBe(true);
    expect(matchAll("(?m)^$", "")).toBe(true);
  });

  it("matches 1 MB inputs in one pass, with scratch independent of the input", () => {
    const big = "x".repeat(1_000_000);
    for (const [pattern, input, want] of [
      ["y$", big + "y", true],
      ["y", big, false],
      [r`^x+$`, big, true],
      [r`(x+x+)+y`, big, false],
      [r`(.*a){20}`, big, false],
      [r`\d{4}-\d{2}-\d{2}`, big + "2024-01-02", true],
    ] as const) {
      for (const precomputeDfa of [true, false]) {
        const p = compilePattern(pattern, { precomputeDfa });
        expect(wasm.match(p, input), `${pattern} (${precomputeDfa ? "dfa" : "lazy"})`).toBe(want);
      }
    }
  });

  it("runs the program from any address (position independent)", () => {
    const p = compilePattern(r`(?i)h[ae]llo\s+\p{Greek}+`, { precomputeDfa: false });
    const q = compilePattern(r`(?i)h[ae]llo\s+\p{Greek}+`);
    for (const input of ["HELLO αβ", "hallo x", "say Hello\tΩ!"]) {
      const want = matchPattern(p, input);
      for (const shift of [0, 4, 64, 4096]) {
        expect(wasm.match(p, input, 0, shift)).toBe(want);
        expect(wasm.match(q, input, 0, shift)).toBe(want);
      }
    }
  });
});

describe("sizes", () => {
  it("everyday patterns carry their whole DFA and need no scratch", () => {
    for (const pattern of [
      r`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`,
      r`^\d{4}-\d{2}-\d{2}$`,
      r`^[a-z0-9]+(?:-[a-z0-9]+)*$`,
      r`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`,
      r`(?i)^(true|false)$`,
      r`\bfoo\b`,
    ]) {
      const p = compilePattern(pattern);
      expect(p.scratchBytes, pattern).toBe(0);
      expect(p.program.length, pattern).toBeLessThan(4096);
    }
  });

  it("scratch is bounded by the program size", () => {
    for (const pattern of [r`(a|b)*a(a|b){14}`, r`\pL{500}`, r`(?:[a-z]{100}){10}`, "a", r`[\p{Greek}\p{Han}]+x`]) {
      const p = compilePattern(pattern, { precomputeDfa: false });
      expect(p.scratchBytes, pattern).toBeLessThanOrEqual(128 * 1024 + 64 * p.program.length);
    }
  });
});
