// The partial value of a stream: open strings hold their text so far (escapes, surrogate pairs and
// UTF-8 sequences cut across chunks included), open arrays their complete items plus the open one,
// fields not yet seen are absent; state.openPath and state.complete(path) say what is being
// written; structural sharing: a chunk renews only the containers that were open and changed,
// everything else keeps its identity (so a 1 MB document fed in 16-byte chunks never re-builds the
// whole value).
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { model, t } from "../bindings/model.js";
import { StreamParser, type StreamResult } from "../bindings/stream.js";
import { TextStore } from "../bindings/text-store.js";
import { Validator } from "../bindings/validator.js";
import { cut, everySplit, renewals, utf8 } from "./support/stream-harness.js";

const Section = model("Section", { heading: t.string(), paragraphs: t.slice(t.string()) });
const Doc = model("Doc", {
  title: t.string(),
  sections: t.slice(Section),
  tags: t.slice(t.string()),
  n: t.int(),
  meta: t.any(),
  when: t.ptr(t.time()),
  lead: t.ptr(Section),
});

const v = new Validator(Doc, { strictMissingFields: false });
type P = Record<string, unknown> & { sections?: Record<string, unknown>[] };

/** The partial value after each chunk. */
function partials(chunks: (string | Uint8Array)[], parser = new StreamParser(v)): P[] {
  parser.reset();
  return chunks.map((c) => parser.feed(c).partial as P);
}

/** Feed the chunks, then end(); `look` reads each result right away (before the next chunk). */
function results<T>(chunks: (string | Uint8Array)[], look: (r: StreamResult<unknown>) => T): T[] {
  const p = new StreamParser(v);
  return [...chunks.map((c) => look(p.feed(c))), look(p.end())];
}

describe("open strings hold their text so far", () => {
  it("plain text, as it arrives", () => {
    expect(partials(['{"title":"Hel', "lo", ' world"', "}"]).map((p) => p.title)).toEqual(["Hel", "Hello", "Hello world", "Hello world"]);
  });

  it("an empty string is there as soon as its quote opens", () => {
    expect(partials(['{"title":', '"', '"}']).map((p) => p.title)).toEqual([undefined, "", ""]);
  });

  it("escapes cut anywhere: the text up to the last complete character, then the character", () => {
    const cases: [string, string, string, string][] = [
      // chunk 1, chunk 2, title after chunk 1, after chunk 2
      ['{"title":"a\\u12', '34b"', "a", "a\u1234b"],
      ['{"title":"a\\u', '00e9b"', "a", "aéb"],
      ['{"title":"a\\', 'u00e9b"', "a", "aéb"],
      ['{"title":"a\\', 'nb"', "a", "a\nb"],
      ['{"title":"a\\', '"b"', "a", 'a"b'],
      ['{"title":"a\\\\', '\\\\b"', "a\\", "a\\\\b"],
      ['{"title":"a\\/', 'b"', "a/", "a/b"],
    ];
    for (const [a, b, first, second] of cases) {
      expect(partials([a, b]).map((p) => p.title), `${a} | ${b}`).toEqual([first, second]);
    }
  });

  it("a surrogate pair cut between string chunks: the high half waits for its pair", () => {
    const [a, b] = partials(['{"title":"ab\uD83D', '\uDE00c"']);
    expect(a.title).toBe("ab");
    expect(b.title).toBe("ab😀c");
  });

  it("an escaped surrogate pair cut between chunks: the high half waits for its pair, as a raw one does", () => {
    for (const [x, y] of [['{"title":"ab\\uD83D', '\\uDE00c"'], ['{"title":"ab\\uD83D\\uDE', '00c"'], ['{"title":"ab\\uD83D\\', 'uDE00c"']]) {
      const [a, b] = partials([x, y]);
      expect(a.title, `${x} | ${y}`).toBe("ab");
      expect(b.title).toBe("ab😀c");
    }
  });

  it("UTF-8 cut at every byte: the whole characters before the cut, no more, no less", () => {
    const text = "aé€😀𝄞日z";
    const bytes = utf8(`{"title":"${text}"}`);
    const wrong: string[] = [];
    for (const [x, y] of everySplit(bytes)) {
      const [a, b] = partials([x, y]);
      if (x.length >= 10) {
        const want = new TextDecoder().decode(x.subarray(10), { stream: true }).replace(/"}?$/, "");
        if (a.title !== want) wrong.push(`cut at byte ${x.length}: ${JSON.stringify(a.title)}, want ${JSON.stringify(want)}`);
      }
      if (b.title !== text) wrong.push(`cut at byte ${x.length}: ends as ${JSON.stringify(b.title)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("one byte at a time: the title grows one whole character at a time", () => {
    const text = "é€😀a";
    const seen = partials(cut(utf8(`{"title":"${text}"}`), [1])).map((p) => p.title).filter((x) => x !== undefined);
    expect([...new Set(seen)]).toEqual(["", "é", "é€", "é€😀", "é€😀a"]);
  });
});

describe("open arrays hold their complete items plus the open one", () => {
  it("strings", () => {
    expect(partials(['{"tags":["a","b', 'c",', '"d"', "]}"]).map((p) => p.tags)).toEqual([["a", "b"], ["a", "bc"], ["a", "bc", "d"], ["a", "bc", "d"]]);
  });

  it("models: complete sections, then the open one with the fields read so far", () => {
    const [a, b, c] = partials(['{"sections":[{"heading":"A","paragraphs":["a1"]},{"heading":"B', '","paragraphs":["b', '1"]}]}']);
    expect(a.sections).toEqual([{ heading: "A", paragraphs: ["a1"] }, { heading: "B" }]);
    expect(b.sections).toEqual([{ heading: "A", paragraphs: ["a1"] }, { heading: "B", paragraphs: ["b"] }]);
    expect(c.sections).toEqual([{ heading: "A", paragraphs: ["a1"] }, { heading: "B", paragraphs: ["b1"] }]);
  });

  it("an empty array is there as soon as it opens", () => {
    expect(partials(['{"tags":[', "]}"]).map((p) => p.tags)).toEqual([[], []]);
  });

  it("a number, a literal and a time show once complete (a number when a delimiter ends it)", () => {
    const [a, b, c] = partials(['{"n":1', "2", "}"]);
    expect(Object.hasOwn(a, "n")).toBe(false);
    expect(Object.hasOwn(b, "n")).toBe(false);
    expect(c.n).toBe(12);
    const [d, e] = partials(['{"when":"2024-01-01T00:00', ':00Z","meta":{"k":[1,"x"', "]}}"]);
    expect(Object.hasOwn(d, "when")).toBe(false);
    expect(e.when).toEqual(new Date("2024-01-01T00:00:00Z"));
  });

  it("an any value shows what it holds so far, as a typed value does; complete() and sharing reach inside it", () => {
    const A = model("A", { meta: t.any(), tags: t.slice(t.any()) });
    const p = new StreamParser(A);
    const rs = ['{"meta":{"k":[1,"x', 'y"],"n":12', ',"s":"a\\u00', 'e9"', '},"tags":["a', '"]}'].map((c) => p.feed(c));
    // open strings their text so far (an escape cut in two left out), a number once a byte ends it
    expect(rs.map((r) => r.partial)).toEqual([
      { meta: { k: [1, "x"] } },
      { meta: { k: [1, "xy"] } },
      { meta: { k: [1, "xy"], n: 12, s: "a" } },
      { meta: { k: [1, "xy"], n: 12, s: "aé" } },
      { meta: { k: [1, "xy"], n: 12, s: "aé" }, tags: ["a"] },
      { meta: { k: [1, "xy"], n: 12, s: "aé" }, tags: ["a"] },
    ]);
    expect(rs.map((r) => [r.state.complete("meta"), r.state.complete("meta.k"), r.state.complete(["meta", "k", 1]), r.state.complete("meta.s")])).toEqual([
      [false, false, false, false],
      [false, true, true, false],
      [false, true, true, false],
      [false, true, true, true],
      [true, true, true, true],
      [true, true, true, true],
    ]);
    const meta = (i: number) => rs[i].partial!.meta as { k: unknown };
    expect(meta(2).k).toBe(meta(1).k); // unchanged since it closed
    expect(meta(4).k).toBe(meta(1).k);
    expect(meta(5)).toBe(meta(4));
    expect(rs[5].value).toEqual({ meta: { k: [1, "xy"], n: 12, s: "aé" }, tags: ["a"] });
    // a string as the whole value
    const q = new StreamParser(A);
    expect(['{"meta":"ab', "c", '"}'].map((c) => q.feed(c).partial)).toEqual([{ meta: "ab" }, { meta: "abc" }, { meta: "abc", tags: null }]);
  });
});

describe("fields not yet seen are absent (the model's zero values come when the object closes)", () => {
  it("only the keys read so far, then the rest at the closing brace", () => {
    const [a, b, c] = partials(['{"title":"x"', ',"tags":["t"]', "}"]);
    expect(Object.keys(a)).toEqual(["title"]);
    expect(Object.keys(b)).toEqual(["title", "tags"]);
    expect(c).toEqual({ title: "x", tags: ["t"], sections: null, n: 0, meta: null, when: null, lead: null });
  });

  it("nested: a section's missing fields come when the section closes", () => {
    const [a, b] = partials(['{"lead":{"heading":"h"', "}"]);
    expect(a.lead).toEqual({ heading: "h" });
    expect(b.lead).toEqual({ heading: "h", paragraphs: null });
  });

  it("nothing before the first byte of the document; {} once it opens", () => {
    expect(partials([" ", "{", '"ti'])).toEqual([undefined, {}, {}]);
  });
});

describe("state.openPath and state.complete(path)", () => {
  it("follow the value being written", () => {
    const chunks = ['{"title":"ab', '","sections":[{"heading":"h', '","paragraphs":["p', '"]}', ',{"heading":"', 'x"}]', ',"tags":["t"]}'];
    const paths = [
      "", "title", "sections", "sections[0]", "sections[0].heading", "sections[0].paragraphs", "sections[1]", "tags", "sections[2]", "tags[0]",
    ];
    const rs = results(chunks, (r) => ({
      done: r.done,
      openPath: r.state.openPath,
      depth: r.state.depth,
      complete: Object.fromEntries(paths.map((x) => [x, r.state.complete(x)])),
      byArray: r.state.complete(["sections", 0, "paragraphs"]),
    }));
    expect(rs.map((r) => r.openPath)).toEqual([
      ["title"],
      ["sections", 0, "heading"],
      ["sections", 0, "paragraphs", 0],
      ["sections"],
      ["sections", 1, "heading"],
      [],
      [],
      [],
    ]);
    const complete = (i: number, path: string) => rs[i].complete[path];
    expect(complete(0, "title")).toBe(false);
    expect(complete(1, "title")).toBe(true);
    expect(complete(1, "sections")).toBe(false);
    expect(complete(1, "sections[0]")).toBe(false);
    expect(complete(1, "sections[0].heading")).toBe(false);
    expect(complete(2, "sections[0].heading")).toBe(true);
    expect(complete(2, "sections[0].paragraphs")).toBe(false);
    expect(complete(3, "sections[0]")).toBe(true);
    expect(rs[3].byArray).toBe(true);
    expect(rs[2].byArray).toBe(false);
    expect(complete(3, "sections")).toBe(false);
    expect(complete(4, "sections[1]")).toBe(false);
    expect(complete(4, "sections[0]")).toBe(true);
    expect(complete(5, "sections")).toBe(true);
    // never seen: not complete
    expect(complete(5, "tags")).toBe(false);
    expect(complete(5, "sections[2]")).toBe(false);
    // the document: complete once done, and so is every path in it
    expect(complete(5, "")).toBe(false);
    expect(rs[5].done).toBe(false);
    expect(rs[6].done).toBe(true);
    expect(complete(6, "")).toBe(true);
    expect(complete(6, "tags[0]")).toBe(true);
    expect(complete(7, "sections[1]")).toBe(true);
    expect(rs[6].depth).toBe(0);
  });

  it("depth counts the open containers; bytesReceived and chunks count what was fed", () => {
    const chunks = ['{"sections":[{"paragraphs":["é', '"]}]', "}"];
    const rs = results(chunks, (r) => ({ depth: r.state.depth, bytesReceived: r.state.bytesReceived, chunks: r.state.chunks }));
    expect(rs.map((r) => r.depth)).toEqual([4, 1, 0, 0]);
    const bytes = (n: number) => utf8(chunks.slice(0, n).join("")).length;
    expect(rs.map((r) => r.bytesReceived)).toEqual([bytes(1), bytes(2), bytes(3), bytes(3)]);
    expect(rs.map((r) => r.chunks)).toEqual([1, 2, 3, 3]);
  });

  it("a state read after later chunks still describes its own moment (results kept for a later render)", () => {
    const p = new StreamParser(v);
    const first = p.feed('{"title":"a').state;
    p.feed('"}');
    expect(first.openPath).toEqual(["title"]);
    expect(first.complete("title")).toBe(false);
    expect(p.currentState().complete("title")).toBe(true);
  });
});

describe("structural sharing: a chunk renews the containers it changed, nothing else", () => {
  const chunks = [
    '{"title":"T","sections":[{"heading":"A","paragraphs":["a1","a2"]},{"heading":"B","paragraphs":["b1"',
    ',"b2 more',
    " text",
    '"]},{"heading":"C"',
    "   ",
    ',"paragraphs":[]}],"tags":["x"',
    "]}",
  ];

  it("siblings keep their identity, the changed path is new", () => {
    const ps = partials(chunks);
    // chunk 1 touches sections[1].paragraphs only
    const [p0, p1, p2] = ps;
    expect(p1).not.toBe(p0);
    expect(p1.sections).not.toBe(p0.sections);
    expect(p1.sections![0]).toBe(p0.sections![0]);
    expect(p1.sections![1]).not.toBe(p0.sections![1]);
    expect(p1.sections![1].paragraphs).not.toBe(p0.sections![1].paragraphs);
    expect((p0.sections![0] as { paragraphs: unknown }).paragraphs).toBe((p1.sections![0] as { paragraphs: unknown }).paragraphs);
    // and the previous partial was not changed in place
    expect(p0.sections![1].paragraphs).toEqual(["b1"]);
    expect(p1.sections![1].paragraphs).toEqual(["b1", "b2 more"]);
    expect(p2.sections![1].paragraphs).toEqual(["b1", "b2 more text"]);
    expect(p2.sections![0]).toBe(p0.sections![0]);
  });

  it("a chunk that adds nothing visible (whitespace, part of a key) keeps every identity", () => {
    const ps = partials(chunks);
    expect(ps[4]).toBe(ps[3]);
    const [a, b] = partials(['{"title":"x","tag', 's', '":[]}']);
    expect(b).toBe(a);
  });

  it("closed sections keep their identity to the end, into the final value", () => {
    const p = new StreamParser(v);
    const ps = chunks.map((c) => p.feed(c));
    const value = ps[ps.length - 1].value as P;
    expect(value.sections![0]).toBe(ps[0].partial && (ps[0].partial as P).sections![0]);
    expect(value.sections![1]).toBe((ps[3].partial as P).sections![1]);
    expect(value).toBe(ps[ps.length - 1].partial);
  });
});

// ---------------------------------------------------------------- cost: 1 MB in 16-byte chunks

/** An LLM-like document of about `bytes` bytes: sections of paragraphs. */
function llmDocument(bytes: number): string {
  const words = ["the", "model", "streams", "tokens", "while", "validation", "keeps", "pace", "with", "every", "chunk", "é", "日本", "😀"];
  const sections: { heading: string; paragraphs: string[] }[] = [];
  let size = 0;
  let k = 0;
  while (size < bytes) {
    const paragraphs: string[] = [];
    for (let i = 0; i < 5; i++) {
      let s = "";
      while (s.length < 300) s += `${words[k++ % words.length]} `;
      paragraphs.push(s);
    }
    const section = { heading: `Section ${sections.length}`, paragraphs };
    sections.push(section);
    size += JSON.stringify(section).length + 1;
  }
  return JSON.stringify({ title: "A long answer", sections, tags: ["a", "b"] });
}

const isPrefix = (a: readonly unknown[], b: readonly unknown[]) => a.length <= b.length && a.every((x, i) => x === b[i]);

describe("cost: a 1 MB document in 16-byte chunks never re-builds the whole value", () => {
  it("each chunk renews only containers that were open before it; the rest is shared", () => {
    const doc = llmDocument(1 << 20);
    const bytes = utf8(doc);
    expect(bytes.length).toBeGreaterThanOrEqual(1 << 20);
    const p = new StreamParser(v);
    let prev: unknown;
    let prevOpen: readonly (string | number)[] = [];
    let slots = 0;
    let renewedTotal = 0;
    let maxRenewed = 0;
    let chunks = 0;
    const bad: string[] = [];
    for (let at = 0; at < bytes.length; at += 16) {
      const r = p.feed(bytes.subarray(at, at + 16));
      chunks++;
      const ren = renewals(prev, r.partial);
      slots += ren.slots;
      renewedTotal += ren.renewed.length;
      maxRenewed = Math.max(maxRenewed, ren.renewed.length);
      for (const path of ren.renewed) {
        if (!isPrefix(path, prevOpen) && bad.length < 5) bad.push(`chunk ${chunks - 1}: renewed ${JSON.stringify(path)}, open before it ${JSON.stringify(prevOpen)}`);
      }
      prev = r.partial;
      prevOpen = r.state.openPath;
    }
    const last = p.end();
    expect(bad).toEqual([]);
    expect(last.done).toBe(true);
    expect(isDeepStrictEqual(last.value, { ...JSON.parse(doc), n: 0, meta: null, when: null, lead: null })).toBe(true);
    const sections = (last.value as P).sections!.length;
    // the open path is at most root > sections > section > paragraphs
    expect(maxRenewed).toBeLessThanOrEqual(4);
    // re-building the whole value after each chunk would touch every container (and slot) each time
    const containers = 1 + 1 + sections * 2 + 1;
    expect(renewedTotal).toBeLessThan(chunks * 4 + 1);
    expect(renewedTotal / (chunks * containers)).toBeLessThan(0.01);
    console.log(`1 MB / 16 B: ${chunks} chunks, ${sections} sections; per chunk on average ${(renewedTotal / chunks).toFixed(2)} containers renewed ` +
      `(of ${containers}), ${(slots / chunks).toFixed(1)} slots copied (${(slots / bytes.length).toFixed(1)} per byte: a renewed array is copied whole)`);
  });
});

describe("state around values the partial does not show", () => {
  const M = model("Keys", { title: t.string(), tags: t.slice(t.string()), n: t.int(), a: t.any(), ms: t.map(t.string()), x: t.extras() });
  const states = (chunks: string[], options = {}) => {
    const p = new StreamParser(M, { strictMissingFields: false, ...options });
    return chunks.map((c) => p.feed(c).state);
  };

  it("an unknown key's value (ignored, forbidden or captured): the open path ends at its object, and the field before it is complete", () => {
    for (const extraFields of ["ignore", "forbid", "allow"] as const) {
      const [s0] = states(['{"tags":["a"],"zz":"hel', 'lo","title":"x"}'], { extraFields });
      expect(s0.openPath).toEqual([]);
      expect(s0.complete("tags")).toBe(true);
      const [first] = states(['{"zz":{"q":[1', "]}}"], { extraFields });
      expect(first.openPath).toEqual([]);
      expect(first.depth).toBe(3);
    }
  });

  it("a large any value read after every chunk is read once: the text read grows with its size, not size x chunks", () => {
    const A = model("A", { data: t.any() });
    /** UTF-16 units the stream slices from its text while an any value of `n` items streams in 16-unit chunks, read each time. */
    const unitsRead = (n: number) => {
      const doc = JSON.stringify({ data: { items: Array.from({ length: n }, (_, i) => ({ id: i, name: `item ${i}` })) } });
      let units = 0;
      const count = (a: number, b: number) => (units += b - a);
      const slice = TextStore.prototype.slice;
      const spy = vi.spyOn(TextStore.prototype, "slice").mockImplementation(function (this: TextStore, a, b) { count(a, b); return slice.call(this, a, b); });
      try {
        const p = new StreamParser(A);
        let last: StreamResult<unknown> | undefined;
        for (let i = 0; i < doc.length; i += 16) {
          last = p.feed(doc.slice(i, i + 16));
          void last.partial;
        }
        expect(last!.value).toEqual(JSON.parse(doc));
        return units / doc.length;
      } finally {
        spy.mockRestore();
      }
    };
    // (re-reading the open value's text at every chunk would read about 2,000 units per unit here)
    const small = unitsRead(250);
    const large = unitsRead(4000);
    expect(large).toBeLessThan(2);
    expect(large).toBeLessThan(small * 1.5);
  });

  it("depth counts every open container, inside an any value too; the open path goes on inside it", () => {
    const [s, t2] = states(['{"a":{"x":[["', '"],1', "]}}"]);
    expect(s.depth).toBe(4);
    expect(s.openPath).toEqual(["a", "x", 0, 0]);
    expect(s.complete("a")).toBe(false);
    expect(s.complete("a.x[0][0]")).toBe(false);
    expect(t2.openPath).toEqual(["a", "x", 1]); // a number under way is being written (it shows once ended)
    expect(t2.complete("a.x[0]")).toBe(true);
    expect(t2.complete("a.x[1]")).toBe(false);
  });

  it("a number or literal under way is being written, as an open string is", () => {
    const [s0, s1] = states(['{"n":12', '3,"a":tr', "ue}"]);
    expect(s0.openPath).toEqual(["n"]);
    expect(s1.openPath).toEqual(["a"]);
    expect(s1.complete("n")).toBe(true);
  });

  it("string paths: an index in brackets, a key after a dot stays a key (\"01\" is not 1)", () => {
    const p = new StreamParser(M);
    p.feed('{"ms":{"01":"x","7":"y"}');
    const s = p.end().state;
    for (const path of ["ms.01", "ms.7", "ms"]) expect(s.complete(path), path).toBe(true);
    expect(s.complete("ms.1")).toBe(false);
    const open = new StreamParser(M).feed('{"ms":{"01":"x","7":"y').state;
    expect(open.openPath).toEqual(["ms", "7"]);
    expect(open.complete("ms.7")).toBe(false);
    expect(open.complete("ms.01")).toBe(true);
  });
});

describe('a "__proto__" key is an entry like any other (as JSON.parse makes it), never the prototype', () => {
  const P = model("Proto", { mm: t.map(t.string()), a: t.any(), x: t.extras() });
  const doc = '{"mm":{"__proto__":"m","k":"v"},"a":{"__proto__":{"name":"x"}},"__proto__":"e"}';
  const check = (value: unknown) => {
    const o = value as { mm: Record<string, string>; a: Record<string, unknown>; x: Record<string, unknown> };
    expect(Object.keys(o.mm)).toEqual(["__proto__", "k"]);
    expect(Object.getPrototypeOf(o.mm)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(o.mm, "__proto__")?.value).toBe("m");
    expect(Object.getOwnPropertyDescriptor(o.a, "__proto__")?.value).toEqual({ name: "x" });
    expect(Object.getOwnPropertyDescriptor(o.x, "__proto__")?.value).toBe("e");
  };
  it("one-shot unmarshal, and a stream's value and partials (test/build.test.ts checks both one-shot builders)", () => {
    const v = new Validator(P, { extraFields: "allow", strictMissingFields: false });
    check(v.unmarshal(doc));
    const p = new StreamParser(v);
    let last: StreamResult<unknown> | undefined;
    for (const c of doc.match(/[^]{1,5}/g)!) last = p.feed(c);
    check(last!.value);
    check(last!.partial);
    const openMap = new StreamParser(v).feed('{"mm":{"__proto__":"m","k":"v').partial as { mm: object };
    expect(Object.getOwnPropertyDescriptor(openMap.mm, "__proto__")?.value).toBe("m");
  });
});
