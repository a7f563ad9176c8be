// A UI author's view of a stream (review-streamux): what `state.complete(path)` says about keys
// that are also names of JavaScript's built-in properties, fields so named that the document
// leaves out, and the offset an error keeps from its early report to the final record that
// replaces it. README "Streaming (LLM output)".
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { StreamParser, type StreamError, type StreamFieldError } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import { isDeepStrictEqual } from "node:util";

describe("state.complete(path) reads only members the partial value holds", () => {
  const M = model("Proto", { m: t.map(t.int()), xs: t.slice(t.int()), a: t.any(), s: t.string(), constructor: t.string() });

  it("a key named like an Object.prototype member is not complete before it arrives", () => {
    const p = new StreamParser(M, { strictMissingFields: false });
    const r = p.feed('{"m":{"a":1,');
    // (each of these read Object.prototype's member, so a map's "constructor" entry looked complete
    // before the model wrote it, and so did a declared field "constructor")
    const absent = ["m.constructor", "m.toString", "m.hasOwnProperty", "m.__proto__", "m.valueOf", "constructor", "toString", "__proto__"];
    expect(absent.filter((path) => r.state.complete(path))).toEqual([]);
    expect(r.state.complete(["m", "constructor"])).toBe(false);
    expect(r.state.complete("m.a")).toBe(true);

    const r2 = p.feed('"constructor":2,"toString":3},"a":{"valueOf":[1]},"constructor":"c","s":"x"');
    expect(["m.constructor", "m.toString", "a.valueOf", "a.valueOf[0]", "constructor"].map((path) => r2.state.complete(path))).toEqual([true, true, true, true, true]);
    expect(["m.valueOf", "a.toString", "s.length"].map((path) => r2.state.complete(path))).toEqual([false, false, false]);
    expect(r2.partial).toEqual({ m: { a: 1, constructor: 2, toString: 3 }, a: { valueOf: [1] }, constructor: "c", s: "x" });
    expect(r.state.complete("m.constructor")).toBe(false); // an earlier state keeps its answer
  });

  it("an array's members are its items: length is none, an index as digits is one", () => {
    const p = new StreamParser(M, { strictMissingFields: false });
    const r = p.feed('{"xs":[4,5],"a":[6,');
    expect(["xs.length", "a.length", "xs.at", "xs[2]", "xs.01", "a[1]"].filter((path) => r.state.complete(path))).toEqual([]);
    expect(["xs", "xs[0]", "xs.1", "a[0]"].map((path) => r.state.complete(path))).toEqual([true, true, true, true]);
    expect(r.state.complete(["xs", 1])).toBe(true);
    expect(r.state.complete(["xs", "1"])).toBe(true);
    expect(r.state.complete(["a", 0])).toBe(true);
  });
});

describe("a final record that replaces an early report keeps the early report's offset", () => {
  const M = model("Early", { s: t.string("max=3"), xs: t.slice(t.int(), "max=2"), kind: t.string("oneof=alpha beta") });
  const fields = (errors: readonly StreamError[]) => errors.map((e) => ({ ...(e as StreamFieldError) }));

  it("the error was certain at the early report: its offset does not move when the value closes", () => {
    const p = new StreamParser(M, { strictMissingFields: false, extraFields: "forbid" });
    const bytes = new TextEncoder().encode('{"s":"ééé😀x","xs":[1,2,3,4],"kind":"gam","zz":1}');
    const seen: StreamError[][] = [];
    for (const b of bytes) seen.push(p.feed(Uint8Array.of(b)).errors as StreamError[]);
    // byte 16 completes 😀, the fourth character; byte 30 starts a third item; byte 43 is the "g"
    // no oneof value starts with; byte 51 closes the key "zz" under forbid
    expect(fields(seen[15])).toEqual([{ field: "s", code: "MAX_LENGTH", message: "must be at most 3 characters", value: "ééé😀", offset: 16, early: true }]);
    expect(fields(seen[29])[1]).toEqual({ field: "xs", code: "MAX_ITEMS", message: "must have at most 2 items", value: [1, 2], offset: 30, early: true });
    expect(fields(seen[42])[2]).toEqual({ field: "kind", code: "INVALID_ENUM", message: "must be one of: alpha, beta", value: "g", offset: 43, early: true });
    expect(fields(seen[50])[3]).toEqual({ field: "zz", code: "EXTRA_FIELD", message: "unknown field in JSON", value: null, offset: 51, early: true });
    const final = [
      { field: "s", code: "MAX_LENGTH", message: "must be at most 3 characters", value: "ééé😀x", offset: 16 },
      { field: "xs", code: "MAX_ITEMS", message: "must have at most 2 items", value: [1, 2, 3, 4], offset: 30 },
      { field: "kind", code: "INVALID_ENUM", message: "must be one of: alpha, beta", value: "gam", offset: 43 },
      { field: "zz", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 1, offset: 51 },
    ];
    const end = p.end();
    expect(fields(end.errors)).toEqual(final);
    expect(end.done).toBe(true);
    // a record with no early report is dated at the chunk that made it certain, as before
    const q = new StreamParser(M, { strictMissingFields: false });
    expect(fields(q.feed('{"s":"abcd","kind":"beta"}').errors)).toEqual([{ field: "s", code: "MAX_LENGTH", message: "must be at most 3 characters", value: "abcd", offset: 26 }]);
  });
});

describe("a closed object fills in the fields it left out, also those named like Object.prototype members", () => {
  const Item = model("Item", { constructor: t.slice(t.int()), toString: t.string(), valueOf: t.int(), hasOwnProperty: t.ptr(t.bool()), n: t.int() });
  const Doc = model("Doc", { items: t.slice(Item), one: Item });
  const v = new Validator(Doc, { strictMissingFields: false });
  const doc = '{"items":[{"n":1},{"toString":"x","n":2}],"one":{"valueOf":3}}';
  const filled = (n: number, toString = "", valueOf = 0) => ({ constructor: null, toString, valueOf, hasOwnProperty: null, n });

  it("as one-shot unmarshal does: the stream's value and partial hold every field as an own member", () => {
    const want = { items: [filled(1), filled(2, "x")], one: filled(0, "", 3) };
    expect(v.unmarshal(doc)).toEqual(want);
    for (const chunks of [[doc], [...doc]]) {
      const p = new StreamParser(v);
      const rs = chunks.map((c) => p.feed(c));
      const end = p.end();
      // (the stream left them out: a plain read found Object.prototype's member, so the field
      // looked present; the value's toString was Object.prototype's function)
      expect(isDeepStrictEqual(end.value, v.unmarshal(doc)), `${chunks.length} chunks`).toBe(true);
      expect(isDeepStrictEqual(end.partial, want)).toBe(true);
      const items = (end.value as { items: object[] }).items;
      expect(items.map((o) => Object.keys(o).sort())).toEqual([["constructor", "hasOwnProperty", "n", "toString", "valueOf"], ["constructor", "hasOwnProperty", "n", "toString", "valueOf"]]);
      if (chunks.length > 1) {
        // an item is filled in as soon as it closes, while the document is still open
        const at = doc.indexOf("}") + 1;
        expect((rs[at - 1].partial as { items: unknown[] }).items).toEqual([filled(1)]);
      }
    }
  });
});

describe("state.openPath never leads to an item a fixed-size array drops", () => {
  it("past [N]T's length the open path ends at the array, as for the value of an unknown key (README)", () => {
    const I = model("Slot", { a: t.int() });
    const M = model("Fixed", { f: t.array(2, t.int()), g: t.ptr(t.array(1, I)), h: t.array(0, t.string()) });
    const doc = '{"f":[1,2,3,4],"g":[{"a":1},{"a":2}],"h":["x"]}';
    const p = new StreamParser(M, { strictMissingFields: false });
    const paths = new Map<string, readonly (string | number)[]>();
    for (const c of doc) {
      const r = p.feed(c);
      paths.set(p.buffer(), r.state.openPath);
    }
    const at = (prefix: string) => paths.get(prefix);
    // (it was ["f", 2], ["g", 1] and ["h", 0]: a member that never comes)
    expect(at('{"f":[1,2')).toEqual(["f", 1]);
    expect(at('{"f":[1,2,3')).toEqual(["f"]);
    expect(at('{"f":[1,2,3,4')).toEqual(["f"]);
    expect(at('{"f":[1,2,3,4],"g":[{"a":1')).toEqual(["g", 0, "a"]);
    expect(at('{"f":[1,2,3,4],"g":[{"a":1},{')).toEqual(["g"]);
    expect(at('{"f":[1,2,3,4],"g":[{"a":1},{"a":2')).toEqual(["g"]);
    expect(at('{"f":[1,2,3,4],"g":[{"a":1},{"a":2},"h":["x')).toBeUndefined();
    expect(at('{"f":[1,2,3,4],"g":[{"a":1},{"a":2}],"h":["x')).toEqual(["h"]);
    const end = p.end();
    expect(end.value).toEqual({ f: [1, 2], g: [{ a: 1 }], h: [] });
    expect([end.state.complete("f[2]"), end.state.complete("g[1]"), end.state.complete("h[0]")]).toEqual([false, false, false]);
  });
});

describe("structural sharing as a UI that compares identities sees it", () => {
  const Item = model("Row", { a: t.int(), s: t.string() });
  const M = model("Shared", {
    items: t.slice(Item), m: t.map(t.slice(t.int())), nest: t.slice(t.slice(t.string())), any: t.any(),
    fixed: t.array(3, t.int()), x: t.extras(), p: t.ptr(Item), ["__proto__"]: t.string(),
  });
  const v = new Validator(M, { strictMissingFields: false, extraFields: "allow" });
  const docs = [
    '{"items":[{"a":1,"s":"x"},{"a":2}],"m":{"k":[1,2],"j":[]},"nest":[["a"],[],["b","c"]]}',
    '{"any":{"q":[1,{"r":"s"}],"t":"u"},"fixed":[1],"zz":{"e":[1]},"p":{"s":"w"}}',
    '{"m":{"k":[1],"k":[2]},"items":[],"items":[{"s":"a"}]}',
    '{"__proto__":"é😀","m":{"__proto__":[3]},"any":{"__proto__":{"a":1}}}',
    '{"any":[1,[2,[3]],"x"],"fixed":[1,2,3,4]}',
    '{"p":{"a":1},"p":null,"p":{"s":""}}',
    '{"any":"str","any":{"a":"b"},"any":[]}',
    '{"items":[{"a":1,"a":2,"s":"q","s":"r"}]}',
  ];

  /**
   * Between two partials read one after the other: a container that is the same object holds the
   * same content as when it was read (nothing changed in place, no change missed), and one whose
   * content is equal is the same object (paths where it is not are returned).
   */
  function compare(prev: unknown, prevCopy: unknown, cur: unknown, path: string, out: { missed: string[]; unshared: string[] }): void {
    if (typeof cur !== "object" || cur === null || cur instanceof Date) return;
    if (prev === cur) {
      if (!isDeepStrictEqual(prevCopy, cur)) out.missed.push(path);
      return;
    }
    if (typeof prev !== "object" || prev === null) return;
    if (isDeepStrictEqual(prevCopy, cur)) out.unshared.push(path);
    for (const k of Object.keys(cur)) {
      compare((prev as Record<string, unknown>)[k], memberOf(prevCopy, k), (cur as Record<string, unknown>)[k], `${path}.${k}`, out);
    }
  }

  const memberOf = (o: unknown, k: string) => (typeof o === "object" && o !== null && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined);

  it("cut at every place, fed as strings and as bytes, read at every chunk or every third", () => {
    let cases = 0;
    const unshared = new Set<string>();
    for (const doc of docs) {
      const bytes = new TextEncoder().encode(doc);
      const splits: (string | Uint8Array)[][] = [[...doc], [...bytes].map((b) => Uint8Array.of(b))];
      for (let i = 1; i < doc.length; i++) splits.push([doc.slice(0, i), doc.slice(i)]);
      for (let i = 1; i < bytes.length; i++) splits.push([bytes.subarray(0, i), bytes.subarray(i)]);
      const p = new StreamParser(v);
      for (const chunks of splits) {
        for (const every of [1, 3]) {
          p.reset();
          let prev: unknown;
          let prevCopy: unknown;
          const results = chunks.map((c) => p.feed(c));
          results.push(p.end());
          results.forEach((r, i) => {
            if (i % every !== 0 && i !== results.length - 1) return;
            const value = r.partial;
            expect(r.partial).toBe(value);
            const out = { missed: [], unshared: [] };
            compare(prev, prevCopy, value, "$", out);
            expect(out.missed, `${doc} in ${chunks.length} chunks, read ${i}`).toEqual([]);
            for (const path of out.unshared) unshared.add(`${doc} ${path}`);
            prev = value;
            prevCopy = value === undefined ? undefined : structuredClone(value);
            cases++;
          });
          const last = results[results.length - 1];
          expect(isDeepStrictEqual(last.value, v.unmarshal(doc)), doc).toBe(true);
          expect(isDeepStrictEqual(last.partial, last.value)).toBe(true);
        }
      }
    }
    // the only equal content under a new identity: a repeated key's new value replacing an equal
    // one (a new [] for "items", so a new root), which a UI renders once more, seeing no change
    expect([...unshared]).toEqual([`${docs[2]} $`, `${docs[2]} $.items`]);
    expect(cases).toBe(5548);
  });
});

describe("an older result read late does not renew the newest partial", () => {
  it("after a chunk that changed nothing, the partial is the same object, whatever was read in between", () => {
    const M = model("Late", { a: t.slice(t.int()), b: t.slice(t.string()) });
    const p = new StreamParser(M, { strictMissingFields: false });
    const r1 = p.feed('{"a":[1,');
    const r2 = p.feed("2,");
    const shown = r2.partial as { a: number[] };
    expect(r1.state.complete("a[0]")).toBe(true); // an earlier state asked: it builds its own value
    const r3 = p.feed(" ");
    // (it was a new object equal to the last one read: a UI comparing identities rendered again)
    expect(r3.partial).toBe(shown);
    expect(r1.partial).toEqual({ a: [1] });
    const r4 = p.feed("\n");
    expect(r4.partial).toBe(shown);
    expect(r4.partial).toEqual({ a: [1, 2] });
    const r5 = p.feed('3],"b":["x"');
    const v5 = r5.partial as { a: number[]; b: string[] };
    expect(r2.partial).toBe(shown);
    const r6 = p.feed(',"y"');
    expect((r6.partial as { a: number[] }).a).toBe(v5.a);
    expect(r6.partial).toEqual({ a: [1, 2, 3], b: ["x", "y"] });
  });
});

describe("bytesReceived at a cut character (README: state)", () => {
  it("a high surrogate ending a string chunk counts with its pair; a byte chunk counts whole", () => {
    const M = model("Bytes", { s: t.string() });
    const p = new StreamParser(M);
    expect([p.feed('{"s":"\uD83D').state.bytesReceived, p.feed('\uDE00"}').state.bytesReceived]).toEqual([6, 12]);
    const lone = new StreamParser(M);
    lone.feed('{"s":"\uD83D');
    expect(lone.end().state.bytesReceived).toBe(9); // the lone half is written as U+FFFD, 3 bytes
    const b = new TextEncoder().encode('{"s":"😀"}');
    const q = new StreamParser(M);
    expect([...b].map((x) => q.feed(Uint8Array.of(x)).state.bytesReceived)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
