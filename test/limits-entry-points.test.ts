// DESIGN.md "Limits and bad input" across the entry points: each limit exactly at its bound and one
// past it gives the same error from one-shot unmarshal, a union, a stream fed byte by byte,
// parseStream and parseLines; hostile JavaScript values (cycles, deep nesting, throwing getters)
// give a clear error from validate, newModel, marshal, dict and ~standard, never a stack
// overflow; a long unclosed string in a stream stops at maxDocumentBytes without taking memory
// for the rest. README "Limits and bad input" lists the outcomes pinned here.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConversionError, dict, JsonSyntaxError, MarshalError, model, ModelError, parseLines, parseStream, StreamParser, t,
  UnionStreamParser, UnionValidator, ValidationError, Validator, type Model,
} from "../bindings/index.js";
import { getEngine } from "../bindings/engine.js";
import { runCli, writeModelModule } from "./support/cli-run.js";

const Doc = model("LimitDoc", { kind: t.string(), a: t.any() });
const limits = { maxDepth: 3, maxDocumentBytes: 40, maxErrors: 2 };

async function* source(...parts: string[]): AsyncGenerator<string> {
  for (const p of parts) yield p;
}

/** The error (or "ok") of every entry point that reads JSON text, for one document. */
async function outcomes(doc: string): Promise<Record<string, string>> {
  const v = new Validator(Doc, limits);
  const u = new UnionValidator({ discriminator: "kind", variants: [{ value: "m", model: Doc }] }, limits);
  const text = (r: { ok: boolean; error?: unknown }) => (r.ok ? "ok" : (r.error as Error).message);
  const streamText = (errors: readonly unknown[], done: boolean) => (errors.length > 0 ? (errors[0] as Error).message : done ? "ok" : "not done");
  const p = new StreamParser(v);
  for (const ch of doc) p.feed(ch);
  const s = p.end();
  const up = new UnionStreamParser(u);
  for (const ch of doc) up.feed(ch);
  const us = up.end();
  let last: { errors: readonly unknown[]; done: boolean } | undefined;
  for await (const r of parseStream(v, source(...doc))) last = r;
  const lines: string[] = [];
  for await (const rec of parseLines(v, source(doc + "\n"))) lines.push(text(rec));
  return {
    unmarshal: text(v.safeUnmarshal(doc)),
    bytes: text(v.safeUnmarshal(new TextEncoder().encode(doc))),
    union: text(u.safeUnmarshal(doc)),
    stream: streamText(s.errors, s.done),
    unionStream: streamText(us.errors, us.done),
    parseStream: streamText(last!.errors, last!.done),
    parseLines: lines.join(" | "),
  };
}

function same(message: string): Record<string, string> {
  return { unmarshal: message, bytes: message, union: message, stream: message, unionStream: message, parseStream: message, parseLines: message };
}

/** A document of exactly n bytes. */
function sized(n: number): string {
  const base = '{"kind":"m","a":""}';
  return `{"kind":"m","a":"${"x".repeat(n - base.length)}"}`;
}

describe("each limit at its bound and one past it: the same outcome from every entry point", () => {
  it("maxDepth 3: three levels are read, the fourth bracket is the error", async () => {
    expect(await outcomes('{"kind":"m","a":[[1]]}')).toEqual(same("ok"));
    expect(await outcomes('{"kind":"m","a":[[[1]]]}')).toEqual(same("nesting too deep (more than 3 levels) at offset 18 (line 1, column 19)"));
  });

  it("maxDocumentBytes 40: 40 bytes are read, 41 are refused at offset 40", async () => {
    expect(sized(40)).toHaveLength(40);
    expect(await outcomes(sized(40))).toEqual(same("ok"));
    expect(await outcomes(sized(41))).toEqual(same("document larger than maxDocumentBytes (40) at offset 40 (line 1, column 41)"));
  });

  it("maxErrors 2: two errors are kept whole; a third turns into TOO_MANY_ERRORS (validate agrees)", () => {
    const Three = model("LimitThree", { a: t.int("min=5"), b: t.int("min=5"), c: t.int("min=5") });
    const v = new Validator(Three, { maxErrors: 2 });
    const min = (field: string) => ({ field, code: "MIN_VALUE", message: "must be at least 5", value: 1 });
    const two = v.safeUnmarshal('{"a":1,"b":1,"c":5}');
    expect(two.ok ? [] : (two.error as ValidationError).errors).toEqual([min("a"), min("b")]);
    const three = v.safeUnmarshal('{"a":1,"b":1,"c":1}');
    const cut = [min("a"), min("b"), { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 2", value: null }];
    expect(three.ok ? [] : (three.error as ValidationError).errors).toEqual(cut);
    const validated = v.safeValidate({ a: 1, b: 1, c: 1 });
    expect(validated.ok ? [] : validated.error.errors).toEqual(cut);
  });
});

describe("a union definition takes discriminator and variants only", () => {
  it("options written into it are a ModelError (they were ignored, every limit left at its default)", () => {
    const Cat = model("LimitCat", { kind: t.string() });
    const definition = { discriminator: "kind", variants: { cat: Cat }, options: { maxDepth: 3 } };
    expect(() => new UnionValidator(definition)).toThrow(ModelError);
    expect(() => new UnionValidator(definition)).toThrow(
      'unknown key "options" in the union definition (discriminator, variants) (validator options are the second argument: new UnionValidator(definition, options))',
    );
    expect(() => new UnionValidator({ discriminator: "kind", variants: { cat: Cat }, strict: true } as never)).toThrow('unknown key "strict" in the union definition (discriminator, variants)');
    // as the second argument they apply
    const u = new UnionValidator({ discriminator: "kind", variants: { cat: Cat } }, { maxDepth: 1 });
    const r = u.safeUnmarshal('{"kind":"cat","x":[]}');
    expect(r.ok ? undefined : r.error).toEqual(new JsonSyntaxError("nesting too deep (more than 1 levels)", 18, 1, 19));
  });
});

describe("values that contain themselves or nest too deep: a clear error from every call, never a stack overflow", () => {
  const Tree: Model = model("LimitTree", { v: t.int(), kids: t.slice(t.lazy(() => Tree)), byName: t.map(t.lazy(() => Tree)) });

  it("dict names the cycle at its path (it said 'a value nested deeper than 1000 levels at the value')", () => {
    const loop: Record<string, unknown> = { v: 1, kids: [], byName: {} };
    (loop.kids as unknown[]).push(loop);
    expect(() => dict(Tree, loop as never)).toThrow(new MarshalError("kids[0]", "a cycle"));
    const inMap: Record<string, unknown> = { v: 1, kids: [], byName: {} };
    (inMap.byName as Record<string, unknown>).me = inMap;
    expect(() => dict(Tree, inMap as never)).toThrow(new MarshalError("byName.me", "a cycle"));
    const list: unknown[] = [];
    list.push({ v: 2, kids: list, byName: {} });
    expect(() => dict(Tree, { v: 1, kids: list, byName: {} } as never)).toThrow(new MarshalError("kids[0].kids", "a cycle"));
  });

  it("dict names the path of the first level past maxDepth (it was 'the value')", () => {
    const v = new Validator(Tree, { maxDepth: 4 }); // the document, kids, kids[0], kids[0].kids
    const leaf = { v: 3, kids: [], byName: {} };
    expect(v.dict({ v: 1, kids: [{ v: 2, kids: [], byName: {} }], byName: {} } as never)).toEqual({ v: 1, kids: [{ v: 2, kids: [], byName: {} }], byName: {} });
    expect(() => v.dict({ v: 1, kids: [{ v: 2, kids: [leaf], byName: {} }], byName: {} } as never)).toThrow(new MarshalError("kids[0].kids[0]", "a value nested deeper than 4 levels"));
  });

  it("the same cycle: INVALID_TYPE from validate, a ValidationError from marshal, a ConversionError from newModel, an issue from ~standard", () => {
    const loop: Record<string, unknown> = { v: 1, kids: [], byName: {} };
    (loop.kids as unknown[]).push(loop);
    const v = new Validator(Tree);
    const invalid = { field: "kids[0]", code: "INVALID_TYPE", message: "must be of type LimitTree, not a value that contains itself", value: null };
    const validated = v.safeValidate(loop as never);
    expect(validated.ok ? [] : validated.error.errors).toEqual([invalid]);
    expect(() => v.marshal(loop as never)).toThrow(new ValidationError([invalid]));
    const made = v.safeNewModel(loop);
    expect(made.ok ? undefined : made.error).toEqual(new ConversionError("kids[0]", "LimitTree", "a cycle"));
    expect(v["~standard"].validate(loop)).toEqual({ issues: [{ message: "cannot convert a cycle to LimitTree at kids[0]", path: ["kids", 0] }] });
  });
});

describe("maxDepth goes up to its default, 1000, where every walk of a value stays within the call stack", () => {
  const Nest: Model = model("LimitNest", { v: t.int(), byName: t.map(t.lazy(() => Nest)) });
  /** A value `levels` (even) levels deep: LimitNests at odd levels, their maps at even ones. */
  function nest(levels: number): Record<string, unknown> {
    let n: Record<string, unknown> = { v: 0, byName: {} };
    for (let level = 3; level <= levels; level += 2) n = { v: level, byName: { k: n } };
    return n;
  }

  it("a larger maxDepth is a ModelError (maxDepth 100,000 let a 4,000-level value overflow to a RangeError)", () => {
    expect(new Validator(Nest, { maxDepth: 1000 }).options.maxDepth).toBe(1000);
    expect(() => new Validator(Nest, { maxDepth: 1001 })).toThrow(new ModelError(
      "maxDepth must be a positive integer (at most 1000: a value nested deeper would overflow the JavaScript call stack in validate, newModel, marshal or dict), got 1001",
      "LimitNest",
    ));
  });

  it("1000 levels pass every entry point; 1001 are the depth error of each, never a RangeError", () => {
    const v = new Validator(Nest);
    const ok = nest(1000);
    const text = new TextDecoder().decode(v.marshal(ok as never));
    expect(text.match(/\{/g)).toHaveLength(1000);
    expect(v.safeUnmarshal(text).ok).toBe(true);
    expect(v.safeValidate(ok as never).ok).toBe(true);
    expect(v.safeNewModel(ok).ok).toBe(true);
    expect(v.dict(ok as never)).toEqual(ok);
    expect(v["~standard"].validate(ok)).toEqual({ value: ok });
    const p = new StreamParser(v);
    expect(p.feed(text).value).toEqual(ok);

    const over = nest(1002); // (level 1001: the LimitNest in the 500th map)
    const path = Array(500).fill("byName.k").join(".");
    const validated = v.safeValidate(over as never);
    expect(validated.ok ? [] : validated.error.errors).toEqual([
      { field: path, code: "INVALID_TYPE", message: "must be of type LimitNest, not a value nested deeper than 1000 levels", value: null },
    ]);
    expect(() => v.marshal(over as never)).toThrow(ValidationError);
    expect(() => v.dict(over as never)).toThrow(new MarshalError(path, "a value nested deeper than 1000 levels"));
    const made = v.safeNewModel(over);
    expect(made.ok ? undefined : made.error).toBeInstanceOf(ConversionError);
    const overText = JSON.stringify(over);
    const read = v.safeUnmarshal(overText);
    expect(read.ok ? undefined : read.error).toBeInstanceOf(JsonSyntaxError);
    expect((read.ok ? undefined : read.error)?.message).toMatch(/^nesting too deep \(more than 1000 levels\) at offset \d+/);
  });
});

describe("a getter or Proxy trap that throws: its own error, unchanged, from every call (as JSON.stringify and zod's safeParse)", () => {
  const Item = model("LimitItem", { n: t.int(), a: t.any() });

  it("the safe twins too; the next call works as before", () => {
    const boom = new Error("getter failed");
    const getter = { n: 1, get a(): unknown { throw boom; } };
    const trap = new Proxy({ n: 1, a: 1 }, { ownKeys: () => { throw boom; } });
    const v = new Validator(Item);
    for (const value of [getter, { n: 1, a: trap }]) {
      expect(() => v.safeValidate(value as never)).toThrow(boom);
      expect(() => v.safeNewModel(value)).toThrow(boom);
      expect(() => v.marshal(value as never)).toThrow(boom);
      expect(() => v.dict(value as never)).toThrow(boom);
      expect(() => v["~standard"].validate(value)).toThrow(boom);
    }
    expect(v.safeNewModel({ n: 2, a: [1] })).toEqual({ ok: true, value: { n: 2, a: [1] } });
    expect(v.safeUnmarshal('{"n":3,"a":null}')).toEqual({ ok: true, value: { n: 3, a: null } });
  });
});

describe("memory: a stream of one long string that never closes", () => {
  it("50 MB in 1 MiB chunks under maxDocumentBytes 8 MiB: one-shot's error at the chunk that crosses it; WASM memory stays under the limit's order", () => {
    const limit = 8 << 20;
    const p = new StreamParser(model("LimitLong", { s: t.string() }), { maxDocumentBytes: limit });
    const chunk = "x".repeat(1 << 20);
    p.feed('{"s":"');
    let r = p.feed(chunk);
    let fed = 1;
    for (; !r.done && fed < 50; fed++) r = p.feed(chunk);
    expect(fed).toBe(8); // 6 bytes + 8 x 1 MiB: the 8th chunk crosses the limit (and is cut, not copied)
    expect(r.done).toBe(true);
    expect(r.errors).toEqual([new JsonSyntaxError(`document larger than maxDocumentBytes (${limit})`, limit, 1, limit + 1)]);
    const grown = getEngine().heap.u8.buffer.byteLength;
    for (let i = 0; i < 41; i++) expect(p.feed(chunk).done).toBe(true); // the rest is not read
    expect(getEngine().heap.u8.buffer.byteLength).toBe(grown);
    expect(grown).toBeLessThan(8 * limit);
  });
});

describe("NDJSON bad input: parseLines (whole, byte by byte), one-shot unmarshal of each line and the CLI agree", () => {
  const Rec = model("LimitRec", { a: t.int() });
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
  const BOM = [0xef, 0xbb, 0xbf];
  // line 1 BOM, 2 CRLF, 3 empty, 4 spaces and a tab, 5 BOM, 6 invalid UTF-8 in a string, 7 a lone CR inside, 8 last, no "\n"
  const input = bytes(BOM, '{"a":1}\n', '{"a":2}\r\n', "\n", "  \t\n", BOM, '{"a":5}\n', '{"a":6,"s":"x', [0xff], '"}\n', '{"a":7}\r{"a":7}\n', '{"a":8}');

  /** Each record: its line and one-shot's result for the line's text, its error placed in the input. */
  async function records(chunks: Uint8Array[]): Promise<string[]> {
    const out: string[] = [];
    async function* source(): AsyncGenerator<Uint8Array> {
      yield* chunks;
    }
    for await (const rec of parseLines(Rec, source())) out.push(`${rec.line} ${rec.ok ? "ok" : rec.error.message}`);
    return out;
  }

  it("each has one outcome, the same however the bytes are cut; the CLI skips the BOM that starts the input", async () => {
    const expected = [
      "1 unexpected character 0xef at offset 0 (line 1, column 1)",
      "2 ok",
      "5 unexpected character 0xef at offset 25 (line 5, column 1)",
      "6 invalid UTF-8 at offset 49 (line 6, column 14)",
      '7 unexpected data after the document "{" at offset 61 (line 7, column 9)',
      "8 ok",
    ];
    expect(await records([input])).toEqual(expected);
    expect(await records([...input].map((b) => Uint8Array.of(b)))).toEqual(expected);
    // one-shot unmarshal of line 6 alone: the same error at the offset within the line
    const line6 = bytes('{"a":6,"s":"x', [0xff], '"}');
    const one = new Validator(Rec).safeUnmarshal(line6);
    expect(one.ok ? "" : one.error.message).toBe("invalid UTF-8 at offset 13 (line 1, column 14)");

    const dir = mkdtempSync(join(tmpdir(), "checker-limits-"));
    try {
      const path = join(dir, "bad.ndjson");
      writeFileSync(path, input);
      const modelPath = writeModelModule(dir, "rec.js", 'export const Rec = model("LimitRec", { a: t.int() });');
      const r = await runCli(["validate", "--model", modelPath, path, "--json"]);
      const summary = JSON.parse(r.stdout) as { records: number; accepted: number; firstErrors: { line: number; errors: { message: string }[] }[] };
      expect(summary).toMatchObject({ records: 6, accepted: 3 }); // line 1 is read: its BOM starts the input
      // (the CLI's offsets count from after the skipped BOM)
      expect(summary.firstErrors.map((e) => `${e.line} ${e.errors[0].message}`)).toEqual([
        "5 unexpected character 0xef at offset 22 (line 5, column 1)",
        "6 invalid UTF-8 at offset 46 (line 6, column 14)",
        '7 unexpected data after the document "{" at offset 58 (line 7, column 9)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
