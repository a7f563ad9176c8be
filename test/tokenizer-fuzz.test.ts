// Differential test of the tokenizer on generated documents: checker's syntax check accepts exactly
// what JSON.parse accepts (of the bytes decoded as strict UTF-8), and a rejected document's
// JsonSyntaxError points at the first byte where the text stops being a prefix of any valid
// document: found by an independent byte-level recognizer below (itself checked against
// JSON.parse on every document), or the end of the input when the text is a valid prefix.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { syntaxOnly } from "../bindings/syntax.js";
import { ANY, documentArb, runChunks } from "./support/chunked.js";

const encoder = new TextEncoder();
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }); // keeps a BOM: JSON.parse rejects it

// ---------------------------------------------------------------- reference recognizer

/** Index of the first byte no valid document can have there (-1: every prefix is viable), and whether the whole is a document. */
function firstBadByte(b: Uint8Array, maxDepth = 1000): { bad: number; complete: boolean } {
  const n = b.length;
  const stack: number[] = [];
  type Mode = "value" | "arrFirst" | "objFirst" | "key" | "colon" | "next" | "done";
  let mode: Mode = "value";
  const incomplete = { bad: -1, complete: false };
  const bad = (at: number) => ({ bad: at, complete: false });
  const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
  const after = (): Mode => (stack.length === 0 ? "done" : "next");
  let i = 0;

  /** End of the string whose opening quote is at q, or a verdict. */
  const string = (q: number): number | { bad: number; complete: boolean } => {
    let j = q + 1;
    while (j < n) {
      const c = b[j];
      if (c === 0x22) return j + 1;
      if (c === 0x5c) {
        j++;
        if (j === n) return incomplete;
        const e = b[j];
        if ('"\\/bfnrt'.includes(String.fromCharCode(e))) { j++; continue; }
        if (e !== 0x75) return bad(j);
        j++;
        for (let k = 0; k < 4; k++, j++) {
          if (j === n) return incomplete;
          if (!/[0-9a-fA-F]/.test(String.fromCharCode(b[j]))) return bad(j);
        }
        continue;
      }
      if (c < 0x20) return bad(j);
      if (c < 0x80) { j++; continue; }
      // Unicode Table 3-7: well-formed UTF-8 byte sequences
      let need: number, lo = 0x80, hi = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) need = 1;
      else if (c === 0xe0) { need = 2; lo = 0xa0; }
      else if (c === 0xed) { need = 2; hi = 0x9f; }
      else if (c >= 0xe1 && c <= 0xef) need = 2;
      else if (c === 0xf0) { need = 3; lo = 0x90; }
      else if (c >= 0xf1 && c <= 0xf3) need = 3;
      else if (c === 0xf4) { need = 3; hi = 0x8f; }
      else return bad(j);
      j++;
      for (let k = 0; k < need; k++, j++) {
        if (j === n) return incomplete;
        if (b[j] < (k === 0 ? lo : 0x80) || b[j] > (k === 0 ? hi : 0xbf)) return bad(j);
      }
    }
    return incomplete;
  };

  const number = (s: number): number | { bad: number; complete: boolean } => {
    let j = s;
    if (b[j] === 0x2d) j++;
    if (j === n) return incomplete;
    if (b[j] === 0x30) j++;
    else if (isDigit(b[j])) while (j < n && isDigit(b[j])) j++;
    else return bad(j);
    if (j < n && b[j] === 0x2e) {
      j++;
      if (j === n) return incomplete;
      if (!isDigit(b[j])) return bad(j);
      while (j < n && isDigit(b[j])) j++;
    }
    if (j < n && (b[j] === 0x65 || b[j] === 0x45)) {
      j++;
      if (j < n && (b[j] === 0x2b || b[j] === 0x2d)) j++;
      if (j === n) return incomplete;
      if (!isDigit(b[j])) return bad(j);
      while (j < n && isDigit(b[j])) j++;
    }
    return j;
  };

  while (i < n) {
    const c = b[i];
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) { i++; continue; }
    switch (mode) {
      case "done":
        return bad(i);
      case "colon":
        if (c !== 0x3a) return bad(i);
        mode = "value";
        i++;
        continue;
      case "next":
        if (c === 0x2c) { mode = stack[stack.length - 1] === 0x5b ? "value" : "key"; i++; continue; }
        if (c === stack[stack.length - 1] + 2) { stack.pop(); mode = after(); i++; continue; } // ] or }
        return bad(i);
      case "objFirst":
      case "key": {
        if (mode === "objFirst" && c === 0x7d) { stack.pop(); mode = after(); i++; continue; }
        if (c !== 0x22) return bad(i);
        const r = string(i);
        if (typeof r !== "number") return r;
        i = r;
        mode = "colon";
        continue;
      }
      case "arrFirst":
        if (c === 0x5d) { stack.pop(); mode = after(); i++; continue; }
      // falls through: a value
      case "value": {
        if (c === 0x5b || c === 0x7b) {
          if (stack.length >= maxDepth) return bad(i);
          stack.push(c);
          mode = c === 0x5b ? "arrFirst" : "objFirst";
          i++;
          continue;
        }
        let r: number | { bad: number; complete: boolean };
        if (c === 0x22) r = string(i);
        else if (c === 0x2d || isDigit(c)) r = number(i);
        else if (c === 0x74 || c === 0x66 || c === 0x6e) {
          const lit = c === 0x74 ? "true" : c === 0x66 ? "false" : "null";
          r = i + lit.length;
          for (let k = 0; k < lit.length; k++) {
            if (i + k === n) { r = incomplete; break; }
            if (b[i + k] !== lit.charCodeAt(k)) { r = bad(i + k); break; }
          }
        } else return bad(i);
        if (typeof r !== "number") return r;
        i = r;
        mode = after();
        continue;
      }
    }
  }
  return { bad: -1, complete: mode === "done" };
}

// ---------------------------------------------------------------- one document

interface Oracle { ok: boolean; value?: unknown; text?: string }

function oracle(bytes: Uint8Array): Oracle {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch {
    return { ok: false, text };
  }
}

const counts = { documents: 0, accepted: 0, rejected: 0, strings: 0, values: 0, truncations: 0 };
const show = (b: Uint8Array) => JSON.stringify(new TextDecoder().decode(b)) + ` [${Array.from(b.subarray(0, 48), (x) => x.toString(16).padStart(2, "0")).join(" ")}${b.length > 48 ? " ..." : ""}]`;

/** Why checker disagrees with JSON.parse / the recognizer on these bytes, or undefined. */
function disagreement(bytes: Uint8Array, withValue = false): string | undefined {
  counts.documents++;
  const o = oracle(bytes);
  const ref = firstBadByte(bytes);
  if (ref.complete !== o.ok) return `reference recognizer says ${ref.complete}, JSON.parse ${o.ok}: ${show(bytes)}`;
  const err = syntaxOnly(bytes);
  if (o.ok) {
    counts.accepted++;
    if (err) return `JSON.parse accepts, checker rejects (${err.message}): ${show(bytes)}`;
  } else {
    counts.rejected++;
    if (!err) return `JSON.parse rejects, checker accepts: ${show(bytes)}`;
    const want = ref.bad >= 0 ? ref.bad : bytes.length;
    if (err.offset !== want) return `offset ${err.offset}, first impossible byte ${want} (${err.message}): ${show(bytes)}`;
    if (ref.bad < 0 && !err.message.includes("end of JSON input")) return `a valid prefix must fail with end of input, got ${err.message}: ${show(bytes)}`;
    if (err.offset > bytes.length) return `offset past the end: ${show(bytes)}`;
  }
  if (o.text !== undefined) {
    counts.strings++;
    const e2 = syntaxOnly(o.text);
    if (e2?.message !== err?.message) return `string input ${e2?.message} vs bytes ${err?.message}: ${show(bytes)}`;
  }
  if (withValue && o.ok) {
    counts.values++;
    const got = runChunks(ANY, [bytes]);
    try {
      expect(got).toEqual({ status: "valid", value: o.value });
    } catch {
      return `value ${JSON.stringify(got)} vs JSON.parse ${JSON.stringify(o.value)}: ${show(bytes)}`;
    }
  }
  return undefined;
}

/** The document as a JS string (lone surrogates kept): checker accepts it iff JSON.parse does, same value. */
function stringDisagreement(text: string): string | undefined {
  let value: unknown;
  let ok = true;
  try { value = JSON.parse(text); } catch { ok = false; }
  const err = syntaxOnly(text);
  if (ok !== (err === undefined)) return `string ${JSON.stringify(text)}: JSON.parse ${ok}, checker ${err?.message ?? "accepts"}`;
  if (ok) {
    const got = runChunks(ANY, [text]);
    try {
      expect(got).toEqual({ status: "valid", value });
    } catch {
      return `string ${JSON.stringify(text)}: value ${JSON.stringify(got)} vs ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- mutations

const INTERESTING = Array.from('{}[],:"\\/ \t\n0159-+.eEtfnulx', (c) => c.charCodeAt(0))
  .concat([0x00, 0x08, 0x1f, 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff]);
const byteArb = fc.oneof(fc.constantFrom(...INTERESTING), fc.integer({ min: 0, max: 255 }));
const mutationArb = fc.record({ kind: fc.constantFrom("truncate", "replace", "insert", "delete"), at: fc.nat(), byte: byteArb });
type Mutation = { kind: string; at: number; byte: number };

function mutate(b: Uint8Array, m: Mutation): Uint8Array {
  const at = b.length === 0 ? 0 : m.at % (m.kind === "insert" || m.kind === "truncate" ? b.length + 1 : b.length);
  switch (m.kind) {
    case "truncate": return b.slice(0, at);
    case "replace": { const c = b.slice(); if (c.length) c[at] = m.byte; return c; }
    case "insert": { const c = new Uint8Array(b.length + 1); c.set(b.subarray(0, at)); c[at] = m.byte; c.set(b.subarray(at), at + 1); return c; }
    default: { const c = new Uint8Array(Math.max(0, b.length - 1)); c.set(b.subarray(0, at)); c.set(b.subarray(at + 1), at); return c; }
  }
}

// ---------------------------------------------------------------- tests

afterAll(() => {
  console.log(`tokenizer fuzz: ${counts.documents} byte documents (${counts.accepted} accepted, ${counts.rejected} rejected), ` +
    `${counts.strings} also as strings, ${counts.values} values compared, ${counts.truncations} truncations`);
});

describe("reference recognizer", () => {
  it("agrees with hand-picked verdicts", () => {
    const cases: [string, number, boolean][] = [
      ["", -1, false], ["[1,]", 3, false], ["01", 1, false], ["-", -1, false], ["-x", 1, false], ["1.e1", 2, false],
      ['"\\x"', 2, false], ["nul", -1, false], ["nulx", 3, false], ["{}", -1, true], [" [ ] ", -1, true], ["[1 2]", 3, false],
      ['{"a" 1}', 5, false], ["1e+", -1, false], ["{}x", 2, false],
    ];
    for (const [text, bad, complete] of cases) expect(firstBadByte(encoder.encode(text)), text).toEqual({ bad, complete });
    expect(firstBadByte(new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]))).toEqual({ bad: 2, complete: false });
    expect(firstBadByte(new Uint8Array([0x22, 0xf0, 0x9f]))).toEqual({ bad: -1, complete: false });
  });
});

describe("generated documents: checker accepts exactly what JSON.parse accepts", () => {
  it("documents, as bytes and as strings, with their values", () => {
    fc.assert(fc.property(documentArb, (text) => {
      const bytes = encoder.encode(text);
      const d = disagreement(bytes, true) ?? stringDisagreement(text);
      if (d) throw new Error(d);
    }), { numRuns: 2500 });
  });

  it("every truncation of a valid document: accepted iff JSON.parse accepts it, else end of input at its length", () => {
    fc.assert(fc.property(documentArb, (text) => {
      const bytes = encoder.encode(text);
      if (bytes.length > 1500) return;
      for (let k = 0; k < bytes.length; k++) {
        counts.truncations++;
        const prefix = bytes.subarray(0, k);
        const o = oracle(prefix);
        const err = syntaxOnly(prefix);
        if (o.ok) {
          if (err) throw new Error(`prefix ${k} of ${show(bytes)}: JSON.parse accepts, checker says ${err.message}`);
        } else if (!err || err.offset !== k || !err.message.includes("unexpected end of JSON input")) {
          throw new Error(`prefix ${k} of ${show(bytes)}: want end of input at ${k}, got ${err?.message ?? "accepted"}`);
        }
      }
    }), { numRuns: 250 });
  });

  it("mutated documents (truncated, a byte replaced, inserted or deleted): same verdict, offset at the first impossible byte", () => {
    fc.assert(fc.property(documentArb, fc.array(mutationArb, { minLength: 4, maxLength: 4 }), (text, ms) => {
      const bytes = encoder.encode(text);
      for (const m of ms) {
        const d = disagreement(mutate(bytes, m));
        if (d) throw new Error(`${m.kind} at ${m.at} with 0x${m.byte.toString(16)}: ${d}`);
      }
    }), { numRuns: 2500 });
  });

  it("ran at least 10,000 generated documents", () => {
    expect(counts.documents).toBeGreaterThanOrEqual(10_000);
  });
});
