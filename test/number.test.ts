// The core's parseNumber (JSON number text -> f64) against Number(text) (= JSON.parse, correctly
// rounded) on hand-picked edge cases and on generated texts: integers, fractions, exponents, 17 to
// hundreds of significant digits, subnormals, overflow, and exact halfway points between doubles
// (with a nudge either side), compared bit for bit (Object.is: -0 and 0 differ).
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import { EDGE_NUMBERS, halfwayText, numberTextArb } from "./support/chunked.js";

const encoder = new TextEncoder();
const engine = getEngine();
let block = engine.heap.alloc(4096);
let blockSize = 4096;
let compared = 0;

/** parseNumber over the text written into a block of WASM memory. */
function core(text: string): number {
  if (text.length + 8 > blockSize) {
    engine.heap.release(block);
    blockSize = 2 ** Math.ceil(Math.log2(text.length + 8));
    block = engine.heap.alloc(blockSize);
  }
  const u8 = engine.heap.views().u8;
  const { written } = encoder.encodeInto(text, u8.subarray(block, block + blockSize));
  return engine.exports.parseNumber(block, block + written);
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Why parseNumber disagrees with Number on this text, or undefined. */
function disagreement(text: string): string | undefined {
  if (!JSON_NUMBER.test(text)) throw new Error(`generator wrote a text that is not a JSON number: ${text}`);
  compared++;
  const want = Number(text);
  const got = core(text);
  return Object.is(got, want) ? undefined : `${text.length > 120 ? text.slice(0, 60) + "..." + text.slice(-60) : text}: parseNumber ${got}, Number ${want}`;
}

afterAll(() => console.log(`parseNumber: ${compared} texts compared with Number()`));

describe("parseNumber equals Number(text)", () => {
  it("edge cases", () => {
    const texts = [...EDGE_NUMBERS];
    const max = Number.MAX_VALUE;
    texts.push(halfwayText(max)); // the overflow threshold: rounds to even, which is Infinity
    texts.push(halfwayText(max).replace(/5$/, "4999999999"));
    texts.push(halfwayText(Number.MIN_VALUE), halfwayText(Number.MIN_VALUE) + "000001", `0.${"0".repeat(323)}247032822920623272088`);
    texts.push(`0.${"0".repeat(400)}1`, `1${"0".repeat(400)}`, `${"9".repeat(309)}`, `${"1".repeat(308)}.5`, `0.${"0".repeat(1000)}1e1000`);
    texts.push("1e-99999", "1e99999", "-1e99999", "0e99999", "1" + "0".repeat(900) + "e-900", "5" + "0".repeat(900) + "1e-1225");
    for (let e = -330; e <= 310; e++) texts.push(`1e${e}`, `9.87654321e${e}`, `4.4501477170144023e${e}`);
    for (let i = 0; i < 64; i++) texts.push(String(2 ** i), String(2 ** i + 1), (2 ** 53 + i).toString(), `${2 ** 53}${i}`);
    const bad = texts.map(disagreement).filter((d) => d !== undefined);
    expect(bad).toEqual([]);
  });

  it("halfway points between adjacent doubles, exactly and nudged", () => {
    const bad: string[] = [];
    const xs = [1, 0.1, 1 / 3, 2 ** -1022, 2 ** -1022 - 2 ** -1074, 2 ** -1074 * 3, 9007199254740991, 1e23, 5e-324, 1.7976931348623155e308];
    for (const x of xs) {
      const h = halfwayText(x);
      for (const t of [h, h + (h.includes(".") ? "" : ".") + "0001", h.replace(/5$/, "49"), `-${h}`]) {
        const d = disagreement(t);
        if (d) bad.push(d);
      }
    }
    expect(bad).toEqual([]);
  });

  it("20,000 generated number texts", () => {
    fc.assert(fc.property(numberTextArb, (text) => {
      const d = disagreement(text);
      if (d) throw new Error(d);
    }), { numRuns: 20_000 });
  });

  it("up to 19 significant digits with exponents around the middle path's table (1e-50 .. 1e50), halfway points there", () => {
    const digitsArb = fc.tuple(fc.constantFrom(..."123456789"), fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 18 })).map(([a, b]) => a + b);
    const exponentArb = fc.integer({ min: -75, max: 75 });
    fc.assert(fc.property(digitsArb, exponentArb, fc.nat(19), (digits, e, point) => {
      const cut = Math.min(point, digits.length - 1);
      for (const t of [`${digits}e${e}`, `${digits.slice(0, cut + 1)}.${digits.slice(cut + 1) || "0"}e${e}`, `-${digits}e${e}`]) {
        const d = disagreement(t);
        if (d) throw new Error(d);
      }
    }), { seed: 20261124, numRuns: 20_000 });
    fc.assert(fc.property(fc.double({ min: 1e-40, max: 1e40, noNaN: true }), (x) => {
      const h = halfwayText(x);
      for (const t of [String(x), h, h.replace(/5$/, "49"), h + (h.includes(".") ? "" : ".") + "01"]) {
        const d = disagreement(t.replace("e+", "e"));
        if (d) throw new Error(d);
      }
    }), { seed: 20261124, numRuns: 5_000 });
  });

  it("any double, written as JavaScript writes it and with 17 to 21 digits", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 17, max: 21 }), (x, p) => {
      for (const t of [String(x), x.toPrecision(p), x.toExponential(p - 1)]) {
        const d = disagreement(t.replace("e+", "e"));
        if (d) throw new Error(d);
      }
    }), { numRuns: 3000 });
  });
});
