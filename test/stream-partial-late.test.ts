// Snapshot records are shared between the results of consecutive chunks (bindings/partial.ts): a
// result read late (after many later chunks, in any order, twice) must still show its own chunk.
// Each result's partial, read late, equals a fresh parser's partial after the same prefix (300
// generated documents per mode; extras captured under allow are hidden containers, ignored under ignore).
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { StreamParser, type StreamResult } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";

const Leaf = model("Leaf", { name: t.string(), xs: t.slice(t.int()), m: t.map(t.slice(t.string())) });
const Node = model("Node", { label: t.string(), leaves: t.slice(Leaf), kids: t.slice(t.slice(Leaf)), leaf: t.ptr(Leaf), any: t.any() });
const Doc = model("Doc", { title: t.string(), nodes: t.slice(Node), map: t.map(Node), extra: t.extras() });

function rng(seed: number) { return () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 2 ** 32; }; }

function gen(r: () => number) {
  const str = () => ["a", "bc", "déf", "xyz\"q", ""][Math.floor(r() * 5)];
  const leaf = (d: number): any => ({ name: str(), xs: Array.from({ length: Math.floor(r() * 4) }, () => Math.floor(r() * 100)), m: Object.fromEntries(Array.from({ length: Math.floor(r() * 3) }, (_, i) => ["k" + i, Array.from({ length: Math.floor(r() * 3) }, str)])) });
  const anyv = (d: number): any => d > 2 || r() < 0.4 ? str() : r() < 0.5 ? Array.from({ length: Math.floor(r() * 3) }, () => anyv(d + 1)) : { p: anyv(d + 1), q: [anyv(d + 1)] };
  const node = (): any => ({ label: str(), leaves: Array.from({ length: Math.floor(r() * 3) }, () => leaf(0)), kids: Array.from({ length: Math.floor(r() * 3) }, () => Array.from({ length: Math.floor(r() * 3) }, () => leaf(0))), leaf: r() < 0.5 ? null : leaf(0), any: anyv(0) });
  const doc: any = { title: str(), nodes: Array.from({ length: Math.floor(r() * 4) }, node), map: Object.fromEntries(Array.from({ length: Math.floor(r() * 3) }, (_, i) => ["n" + i, node()])) };
  // extras (hidden under allow): nested containers
  if (r() < 0.7) doc.zz = { a: [1, { b: [2, 3] }], c: "s" };
  if (r() < 0.5) doc.yy = [[1], [2, [3]]];
  const keys = Object.keys(doc).sort(() => r() - 0.5);
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, doc[k]])));
}

describe("partial snapshots read late equal a fresh parse of the prefix", () => {
  for (const mode of ["allow", "ignore"] as const) it(mode, () => {
    const v = new Validator(Doc, { strictMissingFields: false, extraFields: mode });
    const p = new StreamParser(v);
    const ref = new StreamParser(v);
    let checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const text = gen(r);
      const chunks: string[] = [];
      for (let i = 0; i < text.length;) { const n = 1 + Math.floor(r() * 6); chunks.push(text.slice(i, i + n)); i += n; }
      p.reset();
      const results: StreamResult<unknown>[] = [];
      const early: unknown[] = [];
      chunks.forEach((c, i) => { const res = p.feed(c); results.push(res); if (r() < 0.3) early[i] = structuredClone(res.partial); });
      // read all late, in random order, twice
      const order = results.map((_, i) => i).sort(() => r() - 0.5);
      for (const pass of [0, 1]) for (const i of order) {
        ref.reset();
        const want = ref.feed(chunks.slice(0, i + 1).join("")).partial;
        const got = results[i].partial;
        if (!isDeepStrictEqual(got, want)) {
          throw new Error(`seed ${seed} chunk ${i} pass ${pass}\ntext ${chunks.slice(0, i + 1).join("")}\ngot  ${JSON.stringify(got)}\nwant ${JSON.stringify(want)}`);
        }
        if (early[i] !== undefined && !isDeepStrictEqual(early[i], want)) throw new Error(`early read differs seed ${seed} chunk ${i}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("an open object's partial has JSON.parse's key order: a repeated key keeps its first place and takes its last value, integer keys first", () => {
  const M = model("M", { m: t.map(t.int()), o: t.any() });
  const text = '{"m":{"b":1,"a":2,"b":3,"1":4,"a":5,"0":6,"c":7},"o":{"y":1,"x":2,"y":3,"2":4}}';
  // after each ',' inside m or o, the open object equals JSON.parse of its text so far, closed
  const wants = new Map<number, { key: "m" | "o"; json: string }>();
  for (const key of ["m", "o"] as const) {
    const start = text.indexOf(`"${key}":`) + key.length + 3;
    for (let i = start; text[i] !== "}"; i++) if (text[i] === ",") wants.set(i, { key, json: JSON.stringify(JSON.parse(text.slice(start, i) + "}")) });
  }

  it("read after every chunk, and read again later in reverse order", () => {
    const p = new StreamParser(M);
    const results = [...text].map((c) => p.feed(c));
    const shown = (i: number) => JSON.stringify((results[i].partial as Record<string, unknown>)[wants.get(i)!.key]);
    for (const i of wants.keys()) expect(shown(i)).toBe(wants.get(i)!.json);
    for (const i of [...wants.keys()].reverse()) expect(shown(i)).toBe(wants.get(i)!.json);
    expect(wants.size).toBe(9);
    expect(JSON.stringify(results.at(-1)!.value)).toBe('{"m":{"0":6,"1":4,"b":3,"a":5,"c":7},"o":{"2":4,"y":3,"x":2}}');
  });
});
