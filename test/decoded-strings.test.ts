// A long string with escapes (64 bytes or more as written) is decoded once by the core, into the
// strings arena of a one-shot run, and the value builders decode its UTF-8 bytes there instead of
// parsing its text (bindings/layout.ts, TF_DECODED). Its value must stay exactly JSON.parse's:
// with a lone surrogate escaped or raw in a JS string input (the bytes cannot hold one: read by
// JSON.parse), a U+FFFD of its own, many such strings in one document (the arena full: the rest
// read by JSON.parse), from a string or from bytes, by both builders; and the checks of such a
// string read the same text as before (a lone surrogate is U+FFFD to oneof and regexp).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Validator, model, t } from "../bindings/index.js";
import * as L from "../bindings/layout.js";
import { sharedSession } from "../bindings/session.js";
import { bothBuilders } from "./support/both-builders.js";

const Doc = model("Doc", { s: t.string(), list: t.slice(t.string()), m: t.map(t.string()), n: t.ptr(t.string()) });
const doc = new Validator(Doc, { strictMissingFields: false });
const encoder = new TextEncoder();

/** Pieces that need escapes, or hold what UTF-8 bytes cannot (lone surrogates), or U+FFFD itself. */
const PIECES = ["plain text ", "\"", "\\", "\n", "\t", "\u0001", "é", "😀", "\uFFFD", "\uD800", "\uDC00", "/"];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 40 }).map((p) => p.join(""));

describe("long strings with escapes, decoded by the core", () => {
  it("are JSON.parse's value from a string and from bytes, by both builders (property)", () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 5 }), text, (s, list, n) => {
        const json = JSON.stringify({ s, list, m: Object.fromEntries(list.map((x, i) => [`k${i}`, x])), n });
        const want = JSON.parse(json) as unknown;
        expect(doc.safeUnmarshal(json)).toEqual({ ok: true, value: want });
        // (bytes carry U+FFFD where the string had a lone surrogate, as JSON.parse of their text reads)
        const fromBytes = JSON.parse(new TextDecoder().decode(encoder.encode(json))) as unknown;
        expect(doc.safeUnmarshal(encoder.encode(json))).toEqual({ ok: true, value: fromBytes });
        const [generic, generated] = bothBuilders(doc, json);
        expect(generic).toEqual(want);
        expect(generated).toEqual(want);
      }),
      { seed: 20261124, numRuns: 1500 },
    );
  });

  it("a raw lone surrogate in a JS string input keeps its place in the value (JSON.parse's)", () => {
    const s = "x".repeat(70) + "\\n" + "\uD83D" + "y"; // (the escape makes it long and escaped; the surrogate is raw)
    const json = `{"s":"${s}"}`;
    const r = doc.safeUnmarshal(json);
    expect(r).toEqual({ ok: true, value: { ...JSON.parse(json), list: null, m: null, n: null } });
    expect((r as { value: { s: string } }).value.s.endsWith("\n\uD83Dy")).toBe(true);
  });

  it("many long escaped strings in one document (each where the arena has room, else by JSON.parse)", () => {
    const items = Array.from({ length: 2000 }, (_, i) => `"item ${i}" \u00e9\n`.repeat(8));
    const json = JSON.stringify({ list: items });
    expect(doc.safeUnmarshal(json)).toEqual({ ok: true, value: { s: "", list: items, m: null, n: null } });
    expect(doc.safeUnmarshal(encoder.encode(json))).toEqual({ ok: true, value: { s: "", list: items, m: null, n: null } });
  });

  it("take an arena as large as the input only where it holds a backslash", () => {
    const plain = JSON.stringify({ list: Array.from({ length: 30_000 }, (_, i) => `plain item ${i} `.repeat(4)) });
    const capBefore = sharedSession().get(L.S_STRS_CAP);
    expect(capBefore).toBeLessThan(plain.length);
    expect(doc.safeUnmarshal(plain).ok).toBe(true);
    expect(sharedSession().get(L.S_STRS_CAP)).toBe(capBefore);
    const escaped = plain.replace("plain item 0", "plain\\n item 0");
    expect(doc.safeUnmarshal(encoder.encode(escaped))).toEqual({ ok: true, value: { ...JSON.parse(escaped), s: "", m: null, n: null } });
    expect(sharedSession().get(L.S_STRS_CAP)).toBeGreaterThanOrEqual(escaped.length);
  });

  it("are checked as before: lengths in code points, a lone surrogate U+FFFD to oneof and regexp", () => {
    const long = "\\n".repeat(40) + "\\ud800";
    // (b's escapes are no spaces: oneof's values are split at spaces, newlines included, as Go's strings.Fields splits)
    const longB = "\\u0041".repeat(40) + "\\ud800";
    const Checked = model("Checked", {
      a: t.string("max=40"), b: t.string(`oneof=${"A".repeat(40)}\uFFFD`), c: t.string("regexp=^\\n+\uFFFD$"),
    });
    const v = new Validator(Checked);
    const json = `{"a":"${long}","b":"${longB}","c":"${long}"}`;
    const r = v.safeUnmarshal(json);
    expect(r.ok).toBe(false);
    expect((r as { error: { errors: unknown[] } }).error.errors).toEqual([
      { field: "a", code: "MAX_LENGTH", message: "must be at most 40 characters", value: "\n".repeat(40) + "\uD800" },
    ]);
    const ok = v.safeUnmarshal(`{"a":"${"\\n".repeat(40)}","b":"${longB}","c":"${long}"}`);
    expect(ok).toEqual({ ok: true, value: JSON.parse(`{"a":"${"\\n".repeat(40)}","b":"${longB}","c":"${long}"}`) });
  });
});
