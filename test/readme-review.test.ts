// README "Coming from zod, ajv or pydantic": every row's checker column is a real call that does
// what the row says, run here on inputs where the peer's idiom, run beside it, gives the same
// verdict and value (zod 4 and ajv 8 are devDependencies; pydantic when python3 has it). A row
// added to the table without a case here fails the first test. The inline snippets the README
// asks users to copy (the recursive model's type, the schema `$id` spread) run and compile too.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parsePartialJson } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  dict, marshal, model, newModel, safeNewModel, safeUnmarshal, safeValidate, schema, schemaOpenAPI, StreamParser, t,
  UnionValidator, unmarshal, UnmarshalTypeError, ValidationError, Validator, type FieldError,
} from "../bindings/index.js";
import { assertBuilt, CLI, writeModelModule } from "./support/cli-run.js";
import { strictTscErrors } from "./support/strict-tsc.js";

const root = new URL("../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const tableAt = readme.indexOf("| you write | in checker |");
const rows = readme
  .slice(tableAt, readme.indexOf("\n\n", tableAt))
  .split("\n")
  .slice(2)
  .map((line) => /^\| (.+?) \| (.+) \|$/.exec(line)?.[1] ?? line);

const text = new TextDecoder();
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const codes = (r: ReturnType<typeof safeUnmarshal>): string[] =>
  r.ok ? [] : r.error instanceof ValidationError ? r.error.errors.map((e: FieldError) => `${e.field} ${e.code}`) : [r.error.name];
/** Both verdicts on each document: checker's `ok` and the peer's success, side by side. */
function verdicts(docs: string[], checker: (doc: string) => boolean, peer: (doc: string) => boolean): [string, boolean, boolean][] {
  return docs.map((d) => [d, checker(d), peer(d)]);
}
const agree = (docs: string[], checker: (doc: string) => boolean, peer: (doc: string) => boolean) => {
  const v = verdicts(docs, checker, peer);
  expect(v.filter(([, c, p]) => c !== p)).toEqual([]);
  return v.map(([, c]) => c);
};

// The pydantic rows against real pydantic: one python3 run, the inputs on stdin, a JSON answer.
const PYDANTIC = `
import json, sys
from typing import Optional
from pydantic import BaseModel, Field
class User(BaseModel):
    name: str = Field(min_length=2)
    email: str = Field(alias="emailAddress")
    age: int = Field(default=7, ge=0, le=150)
out = []
for doc in json.load(sys.stdin):
    try:
        u = User.model_validate_json(doc)
        out.append({"ok": True, "dump": u.model_dump(by_alias=True), "json": u.model_dump_json(by_alias=True)})
    except Exception as e:
        out.append({"ok": False})
print(json.dumps({"rows": out, "schema": sorted(User.model_json_schema()["properties"].keys())}))
`;
function pydantic(docs: string[]): { rows: { ok: boolean; dump?: unknown; json?: string }[]; schema: string[] } | undefined {
  const r = spawnSync("python3", ["-c", PYDANTIC], { input: JSON.stringify(docs), encoding: "utf8" });
  return r.status === 0 ? JSON.parse(r.stdout) : undefined;
}
const PyUser = model("User", {
  name: t.string("min=2"),
  email: t.string('json:"emailAddress"'),
  age: t.int("default=7,gte=0,lte=150"),
});
const pyDocs = [
  '{"name":"Ada","emailAddress":"ada@example.com","age":36}',
  '{"name":"Ada","emailAddress":"ada@example.com"}',
  '{"name":"A","emailAddress":"ada@example.com"}',
  '{"name":"Ada","emailAddress":"ada@example.com","age":151}',
  '{"name":"Ada","email":"ada@example.com","age":1}',
];
let pyAnswer: ReturnType<typeof pydantic> | null = null;
const py = () => (pyAnswer === null ? (pyAnswer = pydantic(pyDocs)) : pyAnswer);

const cases: Record<string, () => void | Promise<void>> = {
  "zod `z.object({ name: z.string().min(2) })`": () => {
    const User = model("User", { name: t.string("required,min=2") });
    const Z = z.object({ name: z.string().min(2) });
    const docs = ['{"name":"Ada"}', '{"name":"A"}', '{"name":""}', "{}", '{"name":null}', '{"name":5}', '{"name":"Ada","x":1}'];
    expect(agree(docs, (d) => safeUnmarshal(User, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, false, false, false, false, false, true]);
    expect(codes(safeUnmarshal(User, '{"name":"A"}'))).toEqual(["name MIN_LENGTH"]);
    expect(codes(safeUnmarshal(User, "{}"))).toEqual(["name REQUIRED"]);
  },

  "zod `z.infer<typeof User>` / pydantic model class": () => {
    // the type itself is compiled in "the README's inline TypeScript compiles" below; at run time
    // the value has exactly the model's keys, as zod's inferred object and a pydantic instance do
    const User = model("User", { name: t.string(), age: t.int() });
    expect(Object.keys(unmarshal(User, '{"age":1,"name":"a","x":2}'))).toEqual(["name", "age"]);
    expect(Object.keys(z.object({ name: z.string(), age: z.number() }).parse({ age: 1, name: "a", x: 2 }))).toEqual(["name", "age"]);
  },

  "zod `User.parse(JSON.parse(text))`": () => {
    const User = model("User", { name: t.string("required"), tags: t.slice(t.string()) });
    const Z = z.object({ name: z.string(), tags: z.array(z.string()) });
    const doc = '{"name":"Ada","tags":["a","é"]}';
    expect(unmarshal(User, doc)).toEqual(Z.parse(JSON.parse(doc)));
    expect(unmarshal(User, bytes(doc))).toEqual(Z.parse(JSON.parse(doc))); // "also bytes"
    expect(() => unmarshal(User, '{"tags":[]}')).toThrow(ValidationError);
    expect(() => Z.parse(JSON.parse('{"tags":[]}'))).toThrow();
  },

  "zod `User.safeParse(x)` → `{ success, data, error }`": () => {
    const User = model("User", { name: t.string("required,min=2") });
    const Z = z.object({ name: z.string().min(2) });
    const good = safeUnmarshal(User, '{"name":"Ada"}');
    expect(good).toEqual({ ok: true, value: { name: "Ada" } });
    expect(good.ok && good.value).toEqual(Z.safeParse({ name: "Ada" }).data);
    const bad = safeUnmarshal(User, '{"name":"A"}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toBeInstanceOf(ValidationError);
    expect(Z.safeParse({ name: "A" }).success).toBe(false);
    // "safeNewModel(User, obj) for an object": the same answers from a parsed object
    expect(safeNewModel(User, { name: "Ada" })).toEqual({ ok: true, value: { name: "Ada" } });
    const badObj = safeNewModel(User, { name: "A" });
    expect(!badObj.ok && badObj.error instanceof ValidationError && badObj.error.errors.map((e) => e.code)).toEqual(["MIN_LENGTH"]);
  },

  "zod `error.issues[i].path` / `message`": () => {
    const Address = model("Address", { city: t.string("min=2") });
    const Item = model("Item", { sku: t.string("required") });
    const User = model("User", { address: Address, tags: t.slice(t.string()), items: t.slice(Item) });
    const r = safeUnmarshal(User, '{"address":{"city":"L"},"tags":[],"items":[{"sku":"a"},{"sku":"b"},{}]}');
    expect(!r.ok && r.error instanceof ValidationError && r.error.errors).toEqual([
      { field: "address.city", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "L" },
      { field: "items[2].sku", code: "REQUIRED", message: "field is required", value: null },
    ]);
    // `tags[2]`: an item of the wrong type in a typed value, where zod's path is ["tags", 2]
    const v = safeValidate(User, { address: { city: "London" }, tags: ["a", "b", 5], items: [] } as never);
    expect(!v.ok && v.error.errors.map((e: FieldError) => [e.field, e.code])).toEqual([["tags[2]", "INVALID_TYPE"]]);
    const zr = z.object({ tags: z.array(z.string()) }).safeParse({ tags: ["a", "b", 5] });
    expect(zr.error?.issues.map((i) => i.path)).toEqual([["tags", 2]]);
  },

  "zod `.optional()` / `.nullable()`": () => {
    const User = model("User", { nickname: t.ptr(t.string()), name: t.string() });
    const Z = z.object({ nickname: z.string().nullable().optional(), name: z.string() });
    const docs = ['{"name":"a"}', '{"name":"a","nickname":null}', '{"name":"a","nickname":"x"}', '{"name":"a","nickname":5}'];
    expect(agree(docs, (d) => safeUnmarshal(User, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, true, true, false]);
    expect(unmarshal(User, '{"name":"a"}').nickname).toBeNull(); // missing → null
    expect(unmarshal(User, '{"name":"a","nickname":null}').nickname).toBeNull();
    // "or strictMissingFields: false for zero values"
    expect(codes(safeUnmarshal(User, "{}"))).toEqual(["name MISSING_FIELD"]);
    expect(new Validator(User, { strictMissingFields: false }).unmarshal("{}")).toEqual({ nickname: null, name: "" });
  },

  "zod `.default(v)` / pydantic `Field(default=v)`": () => {
    const User = model("User", { age: t.int("default=7"), role: t.string("default=user") });
    const Z = z.object({ age: z.number().int().default(7), role: z.string().default("user") });
    expect(unmarshal(User, "{}")).toEqual(Z.parse({}));
    expect(unmarshal(User, '{"age":3}')).toEqual(Z.parse({ age: 3 }));
    expect(newModel(User, {})).toEqual({ age: 7, role: "user" });
    const p = py();
    if (p) expect(p.rows[1]!.dump).toEqual(dict(PyUser, unmarshal(PyUser, pyDocs[1]!)));
  },

  "zod `.email()` `.url()` `.uuid()` `.regex(/p/)`": () => {
    const U = model("U", { e: t.string("email"), u: t.string("url"), id: t.string("uuid"), s: t.string("regexp=^[a-z]+$") });
    const Z = z.object({ e: z.string().email(), u: z.string().url(), id: z.string().uuid(), s: z.string().regex(/^[a-z]+$/) });
    const good = { e: "ada@example.com", u: "https://example.com/a?b=1", id: "550e8400-e29b-41d4-a716-446655440000", s: "abc" };
    const docs = [
      good,
      { ...good, e: "nope" },
      { ...good, u: "not a url" },
      { ...good, id: "550e8400-e29b-41d4-a716" },
      { ...good, s: "ab1" },
    ].map((o) => JSON.stringify(o));
    expect(agree(docs, (d) => safeUnmarshal(U, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, false, false, false, false]);
    expect(codes(safeUnmarshal(U, docs[1]!))).toEqual(["e INVALID_EMAIL"]);
    // where they part (README "Strings"): checker's format checks pass the empty string
    expect(safeUnmarshal(U, JSON.stringify({ e: "", u: "", id: "", s: "" })).ok).toBe(true);
    // "RE2, linear time": a pattern that backtracks in RegExp, on 100 KB, in well under a second
    const Re = model("Re", { s: t.string("regexp=^(a+)+$") });
    const started = performance.now();
    expect(codes(safeUnmarshal(Re, JSON.stringify({ s: "a".repeat(100_000) + "!" })))).toEqual(["s PATTERN_MISMATCH"]);
    expect(performance.now() - started).toBeLessThan(2000); // RegExp does not finish this in minutes
    expect(() => new Validator(model("Back", { s: t.string("regexp=(a)\\1") }))).toThrow(/regexp/);
  },

  "zod `.int().min(0).max(150)`": () => {
    const User = model("User", { age: t.int("gte=0,lte=150") });
    const Z = z.object({ age: z.number().int().min(0).max(150) });
    const docs = ['{"age":0}', '{"age":150}', '{"age":-1}', '{"age":151}', '{"age":1.5}', '{"age":"1"}'];
    expect(agree(docs, (d) => safeUnmarshal(User, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, true, false, false, false, false]);
    expect(codes(safeUnmarshal(User, '{"age":-1}'))).toEqual(["age MIN_VALUE"]);
    expect(codes(safeUnmarshal(User, '{"age":151}'))).toEqual(["age MAX_VALUE"]);
    const frac = safeUnmarshal(User, '{"age":1.5}'); // "int kinds reject fractions"
    expect(!frac.ok && frac.error instanceof UnmarshalTypeError && frac.error.message).toBe("cannot unmarshal number 1.5 into field age of type int");
  },

  'zod `z.enum(["a", "b"])`': () => {
    const U = model("U", { v: t.string("oneof=a b") });
    const Z = z.object({ v: z.enum(["a", "b"]) });
    const docs = ['{"v":"a"}', '{"v":"b"}', '{"v":"c"}', '{"v":""}', '{"v":"a b"}'];
    expect(agree(docs, (d) => safeUnmarshal(U, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, true, false, false, false]);
    const r = safeUnmarshal(U, '{"v":"c"}');
    expect(!r.ok && r.error instanceof ValidationError && r.error.errors[0]!.message).toBe("must be one of: a, b");
  },

  "zod `.strict()` / `.passthrough()`": () => {
    const User = model("User", { name: t.string(), extras: t.extras() });
    const doc = '{"name":"a","role":"admin","n":{"x":1}}';
    const forbid = new Validator(model("Strict", { name: t.string() }), { extraFields: "forbid" }).safeUnmarshal(doc);
    expect(codes(forbid)).toEqual(["role EXTRA_FIELD", "n EXTRA_FIELD"]);
    expect(z.object({ name: z.string() }).strict().safeParse(JSON.parse(doc)).success).toBe(false);
    const allow = new Validator(User, { extraFields: "allow" }).unmarshal(doc);
    const passthrough = z.object({ name: z.string() }).passthrough().parse(JSON.parse(doc));
    expect({ name: allow.name, ...allow.extras }).toEqual(passthrough);
    expect(text.decode(new Validator(User, { extraFields: "allow" }).marshal(allow))).toBe(doc); // written back
  },

  'zod `z.discriminatedUnion("type", [...])`': () => {
    const Cat = model("Cat", { lives: t.int("min=1") });
    const Dog = model("Dog", { breed: t.string("required") });
    const Pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
    const Z = z.discriminatedUnion("type", [
      z.object({ type: z.literal("cat"), lives: z.number().int().min(1) }),
      z.object({ type: z.literal("dog"), breed: z.string() }),
    ]);
    const docs = ['{"type":"cat","lives":9}', '{"type":"dog","breed":"x"}', '{"type":"cat","lives":0}', '{"type":"cow"}', '{"lives":9}'];
    expect(agree(docs, (d) => Pets.safeUnmarshal(d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, true, false, false, false]);
    expect(Pets.unmarshal(docs[0]!)).toEqual({ variant: "cat", value: { lives: 9 } });
    const cow = Pets.safeUnmarshal('{"type":"cow"}');
    expect(!cow.ok && cow.error instanceof ValidationError && cow.error.errors[0]!.code).toBe("INVALID_DISCRIMINATOR");
  },

  "zod `.refine((o) => o.end > o.start)`": () => {
    const Span = model("Span", { start: t.int(), end: t.int("gtfield=start") });
    const Z = z.object({ start: z.number(), end: z.number() }).refine((o) => o.end > o.start);
    const docs = ['{"start":1,"end":2}', '{"start":2,"end":2}', '{"start":3,"end":2}', '{"end":2,"start":3}'];
    expect(agree(docs, (d) => safeUnmarshal(Span, d).ok, (d) => Z.safeParse(JSON.parse(d)).success)).toEqual([true, false, false, false]);
    // "cross-field directives run when the object closes": the key order does not matter
    expect(codes(safeUnmarshal(Span, docs[3]!))).toEqual(["end MUST_BE_GT_FIELD"]);
  },

  "ajv `ajv.compile(schema)`": () => {
    const User = model("User", { name: t.string("required,min=2"), age: t.int("gte=0,lte=150"), tags: t.slice(t.string(), "max=2,unique") });
    const users = new Validator(User, { extraFields: "forbid" }); // compiled once, used for every document
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const check = ajv.compile(users.schema()); // "schema(User) gives the JSON Schema"
    expect(users.schema()).toEqual({ ...schema(User), additionalProperties: false }); // forbid's schema
    const docs = [
      '{"name":"Ada","age":36,"tags":["a"]}',
      '{"name":"A","age":36,"tags":[]}',
      '{"name":"Ada","age":151,"tags":[]}',
      '{"name":"Ada","age":1,"tags":["a","a"]}',
      '{"name":"Ada","age":1,"tags":["a","b","c"]}',
      '{"name":"Ada","age":1,"tags":[],"x":1}',
    ];
    expect(agree(docs, (d) => users.safeUnmarshal(d).ok, (d) => check(JSON.parse(d)))).toEqual([true, false, false, false, false, false]);
  },

  "ajv `allErrors: true`": () => {
    const User = model("User", { name: t.string("min=2"), age: t.int("lte=150"), code: t.string("uuid") });
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    const check = ajv.compile(schema(User));
    const doc = '{"name":"A","age":151,"code":"x"}';
    expect(check(JSON.parse(doc))).toBe(false);
    expect(check.errors?.length).toBe(3);
    expect(codes(safeUnmarshal(User, doc))).toEqual(["name MIN_LENGTH", "age MAX_VALUE", "code INVALID_UUID"]);
    // "up to maxErrors", then TOO_MANY_ERRORS
    expect(codes(new Validator(User, { maxErrors: 2 }).safeUnmarshal(doc))).toEqual(["name MIN_LENGTH", "age MAX_VALUE", " TOO_MANY_ERRORS"]);
    // "a value of the wrong JSON type is an UnmarshalTypeError, reported alone (the first one)"
    const typed = safeUnmarshal(User, '{"name":"A","age":"x","code":5}');
    expect(!typed.ok && typed.error instanceof UnmarshalTypeError && [typed.error.field, typed.error.message]).toEqual([
      "age",
      "cannot unmarshal string into field age of type int",
    ]);
  },

  "pydantic `model_validate_json(text)`": () => {
    const mine = pyDocs.map((d) => safeUnmarshal(PyUser, d));
    expect(mine.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(codes(mine[4]!)).toEqual(["emailAddress MISSING_FIELD"]); // the alias is the only key
    const p = py();
    if (p) expect(p.rows.map((r) => r.ok)).toEqual(mine.map((r) => r.ok));
  },

  "pydantic `model_dump(by_alias=True)` / `model_dump_json(by_alias=True)`": () => {
    const user = unmarshal(PyUser, pyDocs[0]!);
    expect(dict(PyUser, user)).toEqual({ name: "Ada", emailAddress: "ada@example.com", age: 36 });
    const written = marshal(PyUser, user);
    expect(written).toBeInstanceOf(Uint8Array);
    expect(text.decode(written)).toBe('{"name":"Ada","emailAddress":"ada@example.com","age":36}');
    const p = py();
    if (p) {
      expect(p.rows[0]!.dump).toEqual(dict(PyUser, user));
      expect(p.rows[0]!.json).toBe(text.decode(written));
    }
  },

  "pydantic `model_json_schema()`": () => {
    const s = schema(PyUser);
    const o = schemaOpenAPI(PyUser);
    expect(Object.keys(s.properties as object)).toEqual(["name", "emailAddress", "age"]);
    expect(o.properties).toMatchObject({ name: { type: "string", minLength: 2 }, age: { type: "integer", default: 7, minimum: 0, maximum: 150 } });
    const p = py();
    if (p) expect(p.schema).toEqual(Object.keys(s.properties as object).sort());
  },

  'pydantic `Field(alias="emailAddress")`': () => {
    const U = model("U", { email: t.string('json:"emailAddress" checker:"required,email"') });
    expect(unmarshal(U, '{"emailAddress":"a@b.co"}')).toEqual({ email: "a@b.co" });
    expect(codes(safeUnmarshal(U, '{"email":"a@b.co"}'))).toEqual(["emailAddress REQUIRED"]);
    expect(text.decode(marshal(U, { email: "a@b.co" }))).toBe('{"emailAddress":"a@b.co"}');
  },

  "partial-json / AI SDK `parsePartialJson` in a loop": async () => {
    const Answer = model("Answer", { title: t.string("required,max=40"), steps: t.slice(t.string(), "maxItems=2") });
    const chunks = ['{"title":"Te', 'a","steps":["boil",', '"steep","po', 'ur"]}'];
    const p = new StreamParser(Answer);
    let soFar = "";
    const seen: unknown[] = [];
    for (const chunk of chunks) {
      soFar += chunk;
      const r = p.feed(chunk);
      const theirs = (await parsePartialJson(soFar)).value as { title?: string; steps?: string[] };
      // typed partials: the same text so far as the re-parse, without re-reading it
      expect(r.partial?.title).toBe(theirs.title);
      seen.push([r.done, r.errors.map((e) => (e instanceof Error ? e.name : `${e.field} ${e.code} ${e.early === true}`))]);
    }
    // early errors: maxItems=2 is certain once a third item opens, before the array closes
    expect(seen).toEqual([
      [false, []],
      [false, []],
      [false, ["steps MAX_ITEMS true"]],
      [true, ["steps MAX_ITEMS false"]],
    ]);
    expect(p.currentState().complete("steps")).toBe(true);
  },
};

describe('README "Coming from zod, ajv or pydantic"', () => {
  it("every row of the table has a case here, and every case a row", () => {
    expect(rows.length).toBe(20);
    expect([...rows].sort()).toEqual(Object.keys(cases).sort());
  });

  it("pydantic is at hand (python3 -c 'import pydantic'), or its comparisons are skipped", () => {
    const p = py();
    if (!p) console.log("readme-review: no python3 with pydantic; the pydantic rows check checker's side only");
    else expect(p.rows).toHaveLength(pyDocs.length);
  });

  for (const row of rows) it(`${row}: the checker column works as the row says`, async () => cases[row]!());
});

describe("the README's inline TypeScript", () => {
  // the recursive model (Declaring a model) and the OpenAPI `$id` spread (Schemas), as written there
  const tree = /`(interface TreeNode \{[^`]+\})` and\s+`(const Tree: Model<[^`]+)`/.exec(readme);
  const idSpread = /`(\{ \$id: "urn:app:User", \.\.\.schemaOpenAPI\(User\) \})`/.exec(readme);

  it("is found where the README has it", () => {
    expect(tree).not.toBeNull();
    expect(idSpread).not.toBeNull();
  });

  it("runs, and compiles under strict TypeScript with the Infer types the rows name", () => {
    const code = [
      'import { model, t, schemaOpenAPI, unmarshal, type Infer, type Model, type Type } from "checker";',
      tree![1]!.replace(/\s+/g, " ") + ";",
      tree![2]!.replace(/\s+/g, " ") + ";",
      "const t1: TreeNode = unmarshal(Tree, '{\"value\":1,\"children\":[{\"value\":2,\"children\":null}]}');",
      "const v: Infer<typeof Tree> = t1;",
      'const User = model("User", { name: t.string("required,min=2"), age: t.ptr(t.int()) });',
      "type User = Infer<typeof User>;",
      'const u: User = { name: "Ada", age: null };',
      "// @ts-expect-error: age is a number or null, never a string",
      'const wrong: User = { name: "Ada", age: "1" };',
      `const s = ${idSpread![1]};`,
      "console.log(JSON.stringify([v, u.age, wrong.name, s.$id, Object.keys(s)]));",
    ].join("\n");
    const dir = new URL(".readme-tmp/review/", root);
    mkdirSync(dir, { recursive: true });
    writeFileSync(new URL("inline.mts", dir), code + "\n");
    const out = execFileSync(process.execPath, ["--import", "tsx", new URL("inline.mts", dir).pathname], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual([
      { value: 1, children: [{ value: 2, children: null }] },
      null,
      "Ada",
      "urn:app:User",
      ["$id", "type", "properties", "required"],
    ]);
    expect(strictTscErrors(dir)).toBe("");
  }, 240_000);
});

describe("the README's command lines (Command line), as written", () => {
  const block = /## Command line\n\n```sh\n([\s\S]*?)\n```/.exec(readme)?.[1] ?? "";
  const lines = block.split("\n").map((l) => l.replace(/\s+#.*$/, ""));

  it("each runs: its exit code, its summary and the files it names", () => {
    assertBuilt();
    expect(lines).toHaveLength(5);
    const dir = mkdtempSync(join(tmpdir(), "checker-readme-cli-"));
    try {
      writeFileSync(join(dir, "package.json"), '{"type":"module"}');
      writeModelModule(dir, "models.js", 'export const User = model("User", { name: t.string("required,min=2") });');
      writeModelModule(
        dir,
        "events.js",
        'const Click = model("Click", { x: t.int() }), View = model("View", { page: t.string("required") });\n' +
          'export const Events = new UnionValidator({ discriminator: "kind", variants: { click: Click, view: View } });',
      );
      writeFileSync(join(dir, "data.ndjson"), '{"name":"Ada"}\n{"name":"A"}\n');
      writeFileSync(join(dir, "answer.json"), '{\n  "name": "Ada"\n}\n');
      writeFileSync(join(dir, "events.ndjson"), '{"kind":"click","x":1}\n{"kind":"view"}\n');
      // `[--opt]` is an optional part: given here; `npx checker` is the built CLI
      const run = (line: string, ...extra: string[]) => {
        const cmd = line.replace(/\[([^\]]+)\]/g, "$1").replaceAll("npx checker", `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`);
        const r = spawnSync("bash", ["-c", [cmd, ...extra].join(" ")], { cwd: dir, encoding: "utf8" });
        return { code: r.status, out: r.stdout, err: r.stderr };
      };
      const [ndjson, document, union, stdin, schemaLine] = lines as [string, string, string, string, string];
      const a = run(ndjson, "--no-progress");
      expect([a.code, a.err]).toEqual([1, ""]);
      expect(a.out).toMatch(/^data\.ndjson: NDJSON, model User\nrecords   2\naccepted  1 /);
      expect(readFileSync(join(dir, "good.ndjson"), "utf8")).toBe('{"name":"Ada"}\n');
      expect(JSON.parse(readFileSync(join(dir, "bad.ndjson"), "utf8"))).toMatchObject({ line: 2, record: { name: "A" }, errors: [{ field: "name", code: "MIN_LENGTH" }] });
      const b = run(document, "--no-progress");
      expect([b.code, b.out.split("\n")[0]]).toEqual([0, "answer.json: one JSON document, model User"]);
      const c = run(union, "--no-progress");
      expect([c.code, c.out.split("\n")[0]]).toEqual([1, "events.ndjson: NDJSON, union Click | View by kind"]);
      const d = run(stdin, "--no-progress");
      expect([d.code, d.out.split("\n").slice(1, 4)]).toEqual([1, a.out.split("\n").slice(1, 4)]);
      const e = run(schemaLine);
      expect([e.code, e.err]).toEqual([0, ""]);
      expect(JSON.parse(e.out)).toEqual(schemaOpenAPI(model("User", { name: t.string("required,min=2") })));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("README statements this review made precise", () => {
  it("newModel: a class instance, which validate takes, is a ConversionError at any level (README newModel)", () => {
    class Point {
      x = 2;
    }
    const Inner = model("Inner", { x: t.int() });
    const Outer = model("Outer", { p: Inner, l: t.slice(Inner) });
    expect(safeValidate(Outer, { p: new Point(), l: [new Point()] }).ok).toBe(true);
    const nested = safeNewModel(Outer, { p: new Point(), l: [] });
    expect(!nested.ok && [nested.error.name, nested.error.message]).toEqual(["ConversionError", "cannot convert Point to Inner at p"]);
    const item = safeNewModel(Outer, { p: { x: 1 }, l: [{ x: 1 }, new Point()] });
    expect(!item.ok && item.error.message).toBe("cannot convert Point to Inner at l[1]");
    expect(Outer["~standard"].validate({ p: new Point(), l: [] })).toEqual({ issues: [{ message: "cannot convert Point to Inner at p", path: ["p"] }] });
  });

  it("marshal writes captured extras back under allow only (README Marshal)", () => {
    const M = model("M", { a: t.int(), rest: t.extras() });
    const value = { a: 1, rest: { z: true } };
    expect(text.decode(new Validator(M, { extraFields: "allow" }).marshal(value))).toBe('{"a":1,"z":true}');
    expect(text.decode(marshal(M, value))).toBe('{"a":1}');
    expect(text.decode(new Validator(M, { extraFields: "forbid" }).marshal(value))).toBe('{"a":1}');
  });
});
