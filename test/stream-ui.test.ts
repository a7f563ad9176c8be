// A UI author's view of a stream (review-streamux): what `state.complete(path)` says about keys
// that are also names of JavaScript's built-in properties, and the offset an error keeps from its
// early report to the final record that replaces it. README "Streaming (LLM output)".
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { StreamParser, type StreamError, type StreamFieldError } from "../bindings/stream.js";

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
