// A union document whose discriminator names variant X gives what X's own Validator gives for the
// same document, except where the README defines union-specific behaviour (the discriminator
// absent, null or naming no variant; the discriminator key never an unknown key of X):
//  1. ~standard.validate of a union, for JSON bytes, a parsed object and a Map of it, is X's own
//     ~standard.validate of the input without the discriminator key (with it where X has a field
//     of that name): same value, same issues (messages and paths, the paths read against X's
//     model, so a key holding a dot stays one key); a discriminator that names no variant is its
//     REQUIRED / INVALID_DISCRIMINATOR issue at its key, an inherited `constructor` none. A typed
//     value (property keys, as a form has it) with the discriminator beside them likewise.
//  2. a UnionStreamParser fed a document in random chunks gives, from the chunk where the
//     discriminator's value completes, X's own stream parser's results for the same chunks
//     (done, partial, value, errors, state), a field error certain before that chunk being
//     reported at it (its offset the bytes received then, README "Streaming": an error's offset is
//     bytesReceived at the chunk that made it certain); before it, no variant and no errors but a
//     syntax or type error. currentState() and buffer() are the last result's, the variant's.
//     Now and then under random maxDepth / maxDocumentBytes (one-shot likewise).
// Seeds are fixed; RANDOM_MODELS_SEED / RANDOM_MODELS_RUNS explore further.

import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  JsonSyntaxError, model, StreamParser, t, UnionStreamParser, UnionValidator, UnmarshalTypeError, ValidationError, Validator,
  type Model, type StreamError, type StreamResult, type StreamState,
} from "../bindings/index.js";
import {
  builtUnionArb, describeUnion, hasRepeatedKeys, randomRuns, toModel, unionDocArb, writeJson, type GenOptions, type J, type MSpec, type UnionSetup,
} from "./support/random-model.js";
import { compileStrict } from "./support/issue5-schema.js";
import { randomSizes, rng, utf8 } from "./support/stream-harness.js";

interface Case {
  setup: UnionSetup;
  u: UnionValidator;
  doc: J;
  seed: number;
}

function cases(mutate: number, gen: GenOptions = {}): fc.Arbitrary<Case> {
  return builtUnionArb(gen).chain(({ setup, u }) => fc.tuple(unionDocArb(setup, { mutate }), fc.integer({ min: 0, max: 1 << 30 })).map(([d, seed]) => {
      const c: Case = { setup, u, doc: d.doc, seed };
      return Object.assign(c, { [fc.toStringMethod]: () => `${describeUnion(setup)} / ${writeJson(d.doc, seed)}` });
    }));
}

const entriesOf = (doc: J) => (doc as { entries: [string, J][] }).entries;
const readsKey = (m: MSpec, key: string) => m.fields.some((f) => !f.dash && f.type.k !== "extras" && (f.json ?? f.key) === key);

/** The variant the last occurrence of the discriminator names (undefined: none). */
function namedVariant(c: Case): { value: string; m: MSpec } | undefined {
  const last = entriesOf(c.doc).filter(([k]) => k === c.setup.discriminator).at(-1)?.[1];
  return last?.t === "str" ? c.setup.variants.find((v) => v.value === last.s) : undefined;
}

/** The variant's own validator, with the union's options. */
const ownValidator = (c: Case, m: MSpec) =>
  new Validator(toModel(m), { strictMissingFields: c.setup.strictMissingFields, extraFields: c.setup.extraFields, maxErrors: c.setup.maxErrors });

/** The document as the variant alone reads it: without the discriminator key, unless the variant has a field of that name. */
function withoutDiscriminator(c: Case, m: MSpec): J {
  if (readsKey(m, c.setup.discriminator)) return c.doc;
  return { t: "obj", entries: entriesOf(c.doc).filter(([k]) => k !== c.setup.discriminator) };
}

const report = (c: Case, what: string) => `${what}\nunion: ${describeUnion(c.setup)}\ndocument: ${writeJson(c.doc, c.seed)}`;

describe("~standard.validate of a union is the named variant's own ~standard.validate", () => {
  it("for JSON bytes, a parsed object and a Map of it (generated unions and documents)", () => {
    let compared = 0;
    let valid = 0;
    let issues = 0;
    let discriminatorIssues = 0;
    fc.assert(
      fc.property(cases(0.2), (c) => {
        // (written plainly: with random escapes, those of the text without the discriminator would differ, and an error's `got` shows them)
        const text = writeJson(c.doc, 0);
        const obj = JSON.parse(text) as Record<string, unknown>;
        const inputs: [string, unknown][] = [["bytes", utf8(text)], ["object", obj], ["Map", new Map(Object.entries(obj))]];
        const named = namedVariant(c);
        for (const [kind, input] of inputs) {
          const got = c.u["~standard"].validate(input);
          let want: unknown;
          if (named === undefined) {
            const d = Object.hasOwn(obj, c.setup.discriminator) ? obj[c.setup.discriminator] : undefined;
            const message = d === undefined || d === null ? "field is required" : `must be one of: ${c.setup.variants.map((v) => v.value).join(", ")}`;
            want = { issues: [{ message, path: [c.setup.discriminator] }] };
            discriminatorIssues++;
          } else {
            const alone = withoutDiscriminator(c, named.m);
            const own = ownValidator(c, named.m)["~standard"];
            const aloneObj = JSON.parse(writeJson(alone, 0)) as Record<string, unknown>;
            const aloneInput = kind === "bytes" ? utf8(writeJson(alone, 0)) : kind === "object" ? aloneObj : new Map(Object.entries(aloneObj));
            const r = own.validate(aloneInput);
            want = r.issues ? r : { value: { variant: named.value, value: r.value } };
            if (r.issues) issues++;
            else valid++;
          }
          compared++;
          if (!isDeepStrictEqual(got, want)) throw new Error(report(c, `${kind}\nunion:   ${JSON.stringify(got)}\nvariant: ${JSON.stringify(want)}`));
        }
      }),
      randomRuns(300, 21),
    );
    expect(compared).toBeGreaterThan(800);
    expect(valid).toBeGreaterThan(50);
    expect(issues).toBeGreaterThan(50);
    expect(discriminatorIssues).toBeGreaterThan(50);
  });

  it("for a typed value (property keys) with the discriminator beside them, also one with a field of a wrong kind", () => {
    let compared = 0;
    let issues = 0;
    fc.assert(
      fc.property(cases(0, { keyNames: true }), fc.nat(), (c, pick) => {
        const named = namedVariant(c);
        const d = c.setup.discriminator;
        if (named === undefined || named.m.fields.some((f) => f.key === d || f.json === d)) return;
        const own = ownValidator(c, named.m);
        const read = own.safeUnmarshal(writeJson(withoutDiscriminator(c, named.m), 0));
        if (!read.ok) return;
        const typed = read.value as Record<string, unknown>;
        const keys = Object.keys(typed);
        const wrong = keys.length === 0 ? typed : { ...typed, [keys[pick % keys.length]]: [["x"], "x", -1.5, { z: 1 }][pick % 4] };
        for (const value of [typed, wrong]) {
          const r = own["~standard"].validate(value);
          const want = r.issues ? r : { value: { variant: named.value, value: r.value } };
          const got = c.u["~standard"].validate({ [d]: named.value, ...value });
          compared++;
          if (r.issues) issues++;
          if (!isDeepStrictEqual(got, want)) throw new Error(report(c, `typed ${JSON.stringify(value)}\nunion:   ${JSON.stringify(got)}\nvariant: ${JSON.stringify(want)}`));
        }
      }),
      randomRuns(300, 24),
    );
    expect(compared).toBeGreaterThan(150);
    expect(issues).toBeGreaterThan(30);
  });

  it("a typed value with the discriminator is read by property keys (was read as a dict: its keys unknown, its JSON names missing)", () => {
    const Cat = model("Cat", { lives: t.int('json:"n_lives" checker:"min=1"'), name: t.string('json:"the_name" checker:"min=2"') });
    const u = new UnionValidator({ discriminator: "type", variants: { cat: Cat } }, { extraFields: "forbid" });
    expect(u["~standard"].validate({ type: "cat", lives: 0, name: "x" })).toEqual({
      issues: [{ message: "must be at least 1", path: ["lives"] }, { message: "must be at least 2 characters", path: ["name"] }],
    });
    expect(u["~standard"].validate({ type: "cat", lives: 2, name: "xy" })).toEqual({ value: { variant: "cat", value: { lives: 2, name: "xy" } } });
    // (by JSON names as before)
    expect(u["~standard"].validate({ type: "cat", n_lives: 2, the_name: "xy" })).toEqual({ value: { variant: "cat", value: { lives: 2, name: "xy" } } });
  });

  it("the discriminator is never a property of the variant that has no JSON name of its own (an extras field's key: was copied into it)", () => {
    const Loose = model("Loose", { n: t.int(), rest: t.extras() });
    const u = new UnionValidator({ discriminator: "rest", variants: { a: Loose } }, { extraFields: "allow" });
    const want = { variant: "a", value: { n: 1, rest: {} } };
    expect(u.unmarshal('{"rest":"a","n":1}')).toEqual(want);
    expect(u["~standard"].validate({ rest: "a", n: 1 })).toEqual({ value: want });
  });

  const Toy = model("Toy", { n: t.int("min=1") });
  const Box = model("Box", { toys: t.map(t.model(Toy)), dotted: t.int('json:"a.b" checker:"max=3"') });
  const Boxes = new UnionValidator({ discriminator: "kind", variants: { box: Box } });
  const bytes = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

  it("issues of JSON bytes: a key holding a dot or a bracket stays one key, as the variant's own (was split: ['toys', 'k', '1', 'n'])", () => {
    const body = { toys: { "k.1": { n: 0 }, "q[0]": { n: "x" } }, "a.b": 4 };
    expect(Boxes["~standard"].validate(bytes({ kind: "box", ...body }))).toEqual({
      issues: [{ message: "cannot unmarshal string into field toys.q[0].n of type int", path: ["toys", "q[0]", "n"] }],
    });
    const body2 = { toys: { "k.1": { n: 0 } }, "a.b": 4 };
    const want = { issues: [{ message: "must be at least 1", path: ["toys", "k.1", "n"] }, { message: "must be at most 3", path: ["a.b"] }] };
    expect(Boxes["~standard"].validate(bytes({ kind: "box", ...body2 }))).toEqual(want);
    expect(new Validator(Box)["~standard"].validate(bytes(body2))).toEqual(want);
  });

  it("a Map is read as the variant reads it (was an issue: cannot convert Map to an object with a \"kind\" key)", () => {
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 1]]))).toEqual({
      value: { variant: "box", value: { toys: {}, dotted: 1 } },
    });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 5]]))).toEqual({
      issues: [{ message: "must be at most 3", path: ["a.b"] }],
    });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["kind", "cow"]]))).toEqual({ issues: [{ message: "must be one of: box", path: ["kind"] }] });
    expect(Boxes["~standard"].validate(new Map<string, unknown>([["toys", {}]]))).toEqual({ issues: [{ message: "field is required", path: ["kind"] }] });
    // (under forbid the discriminator key of a Map is no unknown key either)
    const strict = new UnionValidator({ discriminator: "kind", variants: { box: Box } }, { extraFields: "forbid" });
    expect(strict["~standard"].validate(new Map<string, unknown>([["kind", "box"], ["toys", {}], ["a.b", 1]]))).toEqual({ value: { variant: "box", value: { toys: {}, dotted: 1 } } });
    // (no document: a class instance, whatever its keys, and a Date were the discriminator's REQUIRED or the variant's ConversionError)
    class Crate { kind = "box"; toys = {}; }
    for (const [input, got] of [["{}", "string"], [7, "number"], [null, "null"], [[], "array"], [new Date(0), "Date"], [new Crate(), "Crate"]] as const) {
      expect(Boxes["~standard"].validate(input)).toEqual({
        issues: [{ message: `cannot convert ${got} to JSON bytes (Uint8Array), a plain object or a Map with a "kind" key at the value` }],
      });
    }
  });

  it("a discriminator named like an Object.prototype member, absent, is REQUIRED as unmarshal has it (was INVALID_DISCRIMINATOR: the inherited member's value)", () => {
    const Cat = model("Cat", { name: t.string() });
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      const u = new UnionValidator({ discriminator: name, variants: { cat: Cat } });
      const required = { issues: [{ message: "field is required", path: [name] }] };
      expect(u["~standard"].validate({ name: "Tom" }), name).toEqual(required);
      expect(u["~standard"].validate(bytes({ name: "Tom" })), name).toEqual(required);
      const r = u.safeUnmarshal('{"name":"Tom"}');
      expect(!r.ok && r.error.message, name).toBe(`${name}: field is required`);
      // present (an own key, as JSON.parse makes "__proto__"): the variant
      expect(u["~standard"].validate(JSON.parse(JSON.stringify({ [name]: "cat", name: "Tom" }))), name).toEqual({ value: { variant: "cat", value: { name: "Tom" } } });
    }
  });
});

/** The case's union made again with limits besides its options. */
function limitedUnion(c: Case, limits: { maxDepth: number; maxDocumentBytes: number }): UnionValidator {
  const { discriminator, variants, strictMissingFields, extraFields, maxErrors } = c.setup;
  return new UnionValidator({ discriminator, variants: variants.map((v) => ({ value: v.value, model: toModel(v.m) })) }, { strictMissingFields, extraFields, maxErrors, ...limits });
}

const limitsArb = fc.record({ maxDepth: fc.integer({ min: 1, max: 6 }), maxDocumentBytes: fc.integer({ min: 5, max: 200 }) });

describe("one-shot unmarshal under maxDepth and maxDocumentBytes", () => {
  it("is the named variant's own validator in the union reading the same text (the probe's limit error is the variant's, at the same offset)", () => {
    let compared = 0;
    let limited = 0;
    fc.assert(
      fc.property(cases(0), limitsArb, (c, limits) => {
        const named = namedVariant(c);
        if (named === undefined) return;
        const u = limitedUnion(c, limits);
        const text = writeJson(c.doc, c.seed);
        const got = u.safeUnmarshal(text);
        const want = u.variant(named.value)!.safeUnmarshal(text);
        compared++;
        if (!want.ok && want.error instanceof JsonSyntaxError) limited++;
        const same = got.ok && want.ok
          ? isDeepStrictEqual(got.value, { variant: named.value, value: want.value })
          : !got.ok && !want.ok && got.error.constructor === want.error.constructor && isDeepStrictEqual({ ...got.error, message: got.error.message }, { ...want.error, message: want.error.message });
        if (!same) throw new Error(report(c, `${JSON.stringify(limits)}\nunion:   ${JSON.stringify(got)}\nvariant: ${JSON.stringify(want)}`));
      }),
      randomRuns(300, 25),
    );
    expect(compared).toBeGreaterThan(200);
    expect(limited).toBeGreaterThan(50);
  });
});

// ---------------------------------------------------------------- streams

type Run = StreamResult<unknown>[];

interface Parser {
  feed(c: string | Uint8Array): unknown;
  end(): unknown;
  reset(): void;
  buffer(): string;
  currentState(): StreamState;
}

/** Feed the chunks and end: the results, and after each one the parser's currentState() and buffer(). */
function runParser(p: Parser, chunks: readonly (string | Uint8Array)[]): { results: Run; states: StreamState[]; buffers: string[] } {
  p.reset();
  const out = { results: [] as Run, states: [] as StreamState[], buffers: [] as string[] };
  const note = (r: unknown) => {
    out.results.push(r as StreamResult<unknown>);
    out.states.push(p.currentState());
    out.buffers.push(p.buffer());
  };
  for (const ch of chunks) note(p.feed(ch));
  note(p.end());
  return out;
}

/** A stream error as compared: a field error with its offset raised to `from` (certain then for the union at the earliest). */
function errorAt(e: StreamError, from: number): unknown {
  if (e instanceof JsonSyntaxError) return { syntax: e.message, offset: e.offset };
  if (e instanceof UnmarshalTypeError) return { type: e.message, field: e.field, expected: e.expected, got: e.got, offset: e.offset };
  return { ...e, offset: Math.max(e.offset, from) };
}

/** What a result shows, for comparison (the state's complete() at the paths of the final partial's keys). */
function view(r: StreamResult<unknown>, from: number, paths: readonly string[][]): unknown {
  const s = r.state;
  return {
    done: r.done, partial: r.partial, value: r.value, errors: r.errors.map((e) => errorAt(e, from)),
    state: {
      bytesReceived: s.bytesReceived, chunks: s.chunks, depth: s.depth, done: s.done, openPath: s.openPath,
      lastError: s.lastError && errorAt(s.lastError, from), complete: paths.map((p) => s.complete(p)),
    },
  };
}

const stateView = (s: StreamState, paths: readonly string[][]) => ({
  bytesReceived: s.bytesReceived, chunks: s.chunks, depth: s.depth, done: s.done, openPath: s.openPath, lastError: s.lastError, complete: paths.map((p) => s.complete(p)),
});

describe("a union stream is the named variant's own stream from the chunk where the discriminator completes", () => {
  it("random unions, documents and chunk splits (strings and bytes), currentState() included", () => {
    const next = rng(22);
    let compared = 0;
    let narrowedLate = 0;
    fc.assert(
      fc.property(cases(0.2), fc.integer({ min: 0, max: 3 }), fc.option(limitsArb, { freq: 3 }), (c, cutAt, limits) => {
        const named = namedVariant(c);
        // one occurrence of the discriminator, naming a variant (repeats: README "Streaming" has its own rule)
        if (named === undefined || entriesOf(c.doc).filter(([k]) => k === c.setup.discriminator).length !== 1 || hasRepeatedKeys(c.doc)) return;
        let text = writeJson(c.doc, c.seed);
        if (cutAt === 0) text = text.slice(0, Math.max(1, text.length - 1 - (c.seed % 5))); // (cut short: a syntax error at end(), after narrowing or not)
        // (now and then with limits: the probe's limit errors before narrowing, the variant's after)
        const u = limits === null ? c.u : limitedUnion(c, limits);
        const union = new UnionStreamParser(u);
        const own = StreamParser.fromValidator(u.variant(named.value)!);
        // (the document and the variant's fields by property key, for complete())
        const paths = [[], ...named.m.fields.map((f) => [f.key])];
        for (const data of [text, utf8(text)]) {
          const chunks: (string | Uint8Array)[] = [];
          let at = 0;
          for (const n of randomSizes(data.length, 9, next)) { chunks.push(data.slice(at, at + n)); at += n; }
          const { results: got, states, buffers } = runParser(union, chunks);
          const { results: want, buffers: ownBuffers } = runParser(own, chunks);
          const k = got.findIndex((r) => (r as { variant?: string }).variant !== undefined);
          const narrowedAt = k < 0 ? Infinity : got[k].state.bytesReceived;
          if (k > 0) narrowedLate++;
          for (let i = 0; i < got.length; i++) {
            const g = got[i] as StreamResult<unknown> & { variant?: string };
            compared++;
            const where = `${typeof data} chunks ${chunks.map((x) => x.length).join(",")}, result ${i}, limits ${JSON.stringify(limits)}`;
            if (!isDeepStrictEqual(stateView(states[i], paths), stateView(g.state, paths))) throw new Error(report(c, `${where}: currentState() is not the result's state`));
            if (buffers[i] !== ownBuffers[i]) throw new Error(report(c, `${where}: buffer() ${JSON.stringify(buffers[i])}, the variant's ${JSON.stringify(ownBuffers[i])}`));
            if (i < k || k < 0) {
              // not narrowed: nothing but a syntax or type error (the probe's), no variant
              const terminal = g.errors.filter((e) => e instanceof JsonSyntaxError || e instanceof UnmarshalTypeError);
              if (g.partial !== undefined || g.errors.length !== terminal.length) throw new Error(report(c, `${where}: before narrowing ${JSON.stringify(g)}`));
              continue;
            }
            if (g.variant !== named.value) throw new Error(report(c, `${where}: variant ${g.variant}`));
            const a = view(g, narrowedAt, paths);
            const b = view(want[i], narrowedAt, paths);
            const w = want[i].value === undefined ? b : { ...(b as object), value: { variant: named.value, value: want[i].value } };
            if (!isDeepStrictEqual(a, w)) throw new Error(report(c, `${where}\nunion:   ${JSON.stringify(a)}\nvariant: ${JSON.stringify(w)}`));
          }
        }
      }),
      randomRuns(300, 23),
    );
    expect(compared).toBeGreaterThan(2000);
    expect(narrowedLate).toBeGreaterThan(50);
  });
});

describe("UnionStreamParser.currentState()", () => {
  const Cat = model("Cat", { name: t.string("required"), lives: t.int8("min=1,max=9") });
  const Dog = model("Dog", { name: t.string("required"), breed: t.string() });
  const Pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
  const shown = (s: StreamState) => ({
    bytesReceived: s.bytesReceived, chunks: s.chunks, depth: s.depth, done: s.done, lastError: s.lastError, openPath: s.openPath,
    complete: [s.complete([]), s.complete(["lives"]), s.complete("name")],
  });
  const empty = { bytesReceived: 0, chunks: 0, depth: 0, done: false, lastError: undefined, openPath: [], complete: [false, false, false] };
  const lives = { field: "lives", code: "MAX_VALUE", message: "must be at most 9", value: 10, offset: 24 };

  it("is the state now, bound like the other methods, also before the first chunk and after reset (was missing: a TypeError)", () => {
    const p = new UnionStreamParser(Pets);
    const { currentState } = p;
    expect(shown(currentState())).toEqual(empty);
    p.feed('{"lives":10,"ty');
    expect(shown(currentState())).toEqual({ ...empty, bytesReceived: 15, chunks: 1, depth: 1 });
    p.feed('pe":"cat"');
    expect(shown(currentState())).toEqual({ ...empty, bytesReceived: 24, chunks: 2, depth: 1, lastError: lives, complete: [false, true, false] });
    p.feed(',"name":"To');
    expect(shown(currentState())).toEqual({ ...empty, bytesReceived: 35, chunks: 3, depth: 1, lastError: lives, openPath: ["name"], complete: [false, true, false] });
    const last = p.feed('m"}');
    const done = { bytesReceived: 38, chunks: 4, depth: 0, done: true, lastError: lives, openPath: [], complete: [true, true, true] };
    expect(shown(currentState())).toEqual(done);
    expect(shown(last.state)).toEqual(done);
    p.end();
    expect(shown(currentState())).toEqual(done);
    p.reset();
    expect(shown(currentState())).toEqual(empty);
    // before narrowing, the discriminator's own error is the last one
    p.feed('{"type":"cow"');
    expect(shown(currentState())).toEqual({
      ...empty, bytesReceived: 13, chunks: 1, depth: 1,
      lastError: { field: "type", code: "INVALID_DISCRIMINATOR", message: "must be one of: cat, dog", value: "cow", offset: 13 },
    });
  });
});

describe("a variant model that recurs: the discriminator key is skipped in the document's own object only", () => {
  const Node: Model = model("Node", { n: t.int(), kids: t.slice(t.lazy(() => Node)) });
  const Tree: Model = model("Tree", { n: t.int(), kids: t.slice(t.lazy(() => Tree)), rest: t.extras() });
  const doc = '{"type":"node","n":1,"kids":[{"type":"node","n":2,"kids":[]}]}';
  const nested = { field: "kids[0].type", code: "EXTRA_FIELD", message: "unknown field in JSON", value: "node" };

  it("under forbid a nested object's key of that name is an unknown key, as the variant alone has it (was skipped at every level of the model)", () => {
    const u = new UnionValidator({ discriminator: "type", variants: { node: Node } }, { extraFields: "forbid" });
    const r = u.safeUnmarshal(doc);
    expect(!r.ok && (r.error as ValidationError).errors).toEqual([nested]);
    // (the variant alone: the document's own key too)
    const alone = new Validator(Node, { extraFields: "forbid" }).safeUnmarshal(doc);
    expect(!alone.ok && (alone.error as ValidationError).errors).toEqual([{ ...nested, field: "type" }, nested]);
    expect(u["~standard"].validate(JSON.parse(doc))).toEqual({ issues: [{ message: "unknown field in JSON", path: ["kids", 0, "type"] }] });
    const p = new UnionStreamParser(u);
    p.feed(doc.slice(0, 30));
    const end = p.feed(doc.slice(30));
    expect(end.variant).toBe("node");
    expect(end.errors).toEqual([{ ...nested, offset: doc.length }]);
    // (the union's schema says so too: the nested model's $defs entry has no discriminator)
    expect(compileStrict(u.schema())(JSON.parse(doc))).toBe(false);
    expect(compileStrict(u.schema())(JSON.parse(doc.replace(',"kids":[{"type":"node",', ',"kids":[{')))).toBe(true);
    expect(u.safeUnmarshal(doc.replace(',"kids":[{"type":"node",', ',"kids":[{')).ok).toBe(true);
  });

  it("under allow a nested object captures it (was dropped)", () => {
    const u = new UnionValidator({ discriminator: "type", variants: { node: Tree } }, { extraFields: "allow" });
    const value = { n: 1, kids: [{ n: 2, kids: [], rest: { type: "node" } }], rest: {} };
    expect(u.unmarshal(doc)).toEqual({ variant: "node", value });
    expect(u["~standard"].validate(JSON.parse(doc))).toEqual({ value: { variant: "node", value } });
    const p = new UnionStreamParser(u);
    p.feed(doc);
    expect(p.end().value).toEqual({ variant: "node", value });
  });
});

describe("variants in declaration order", () => {
  it("a record has JavaScript's key order, integer-like keys first (README \"Unions\"); the list form keeps its own", () => {
    const A = model("A", { a: t.int() });
    const B = model("B", { b: t.int() });
    const record = new UnionValidator({ discriminator: "v", variants: { x: A, "2": B, "1": A } });
    expect(record.values).toEqual(["1", "2", "x"]);
    const r = record.safeUnmarshal('{"v":"9"}');
    expect(!r.ok && (r.error as ValidationError).errors).toEqual([{ field: "v", code: "INVALID_DISCRIMINATOR", message: "must be one of: 1, 2, x", value: "9" }]);
    const list = new UnionValidator({ discriminator: "v", variants: [{ value: "x", model: A }, { value: "2", model: B }, { value: "1", model: A }] });
    expect(list.values).toEqual(["x", "2", "1"]);
    expect((list.schema().oneOf as { properties: { v: { const: string } } }[]).map((s) => s.properties.v.const)).toEqual(["x", "2", "1"]);
  });
});
