// checker's Go-style tag strings against real Go (Debian's golang-go, installed by
// scripts/ensure-go.sh when missing): random and hand-picked tags go in one batch through
// test/go-oracle/tags.go (reflect.StructTag, encoding/json on a struct built by reflect.StructOf
// with one string field, Field, carrying the tag), and checker must agree on
//   1. the directive list read under each tag name (Go's StructTag.Lookup, first name found);
//   2. the JSON name (marshal's key), omitempty (marshal of "") and "-" (no key);
//   3. which key unmarshal reads, and which directive list it then enforces, under the default
//      tag name, the tagName option and setTagName.
// What README documents as checker's own choice is applied as a rule (each cites its line).
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ModelError, model, setTagName, t, Validator, type FieldError } from "../bindings/index.js";
import { readFieldTag, TagSyntaxError } from "../bindings/tags.js";
import { buildGoOracle, ensureGo, type GoOracle, type GoTagAnswer } from "./support/go-oracle.js";

const SEED = 20261124;
/** Keys whose Lookup Go reports, in this order. */
const KEYS = ["json", "checker", "validate", "binding"] as const;
/** The tag names checker reads, first found wins (README, Declaring a model: "read under the
 * validator's `tagName` option, else the global `setTagName()`, else `checker`, else `validate`"). */
const NAMINGS = [
  { how: "default", names: ["checker", "validate"], options: {}, global: "" },
  { how: "tagName option", names: ["binding", "checker", "validate"], options: { tagName: "binding" }, global: "" },
  { how: "setTagName", names: ["binding", "checker", "validate"], options: {}, global: "binding" },
] as const;
/** Directive lists whose effect unmarshal of "xx" shows (max=1 fails); others are compared as text only. */
const LISTS = ["", "max=1", "max=5"];

// ---- tags ----

/** A Go string literal's body for s: `"` and `\` escaped, sometimes other characters as Go escapes. */
const goLiteral = (s: string, escapeAll: boolean): string =>
  [...s].map((c) => {
    if (c === '"' || c === "\\") return `\\${c}`;
    if (!escapeAll) return c;
    const cp = c.codePointAt(0)!;
    return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, "0")}` : cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
  }).join("");

/** JSON names: what encoding/json's isValidTag allows (letters, digits, !#$%&()*+-./:;<=>?@[]^_{|}~ and space) and refuses. */
const jsonName = fc.oneof(
  fc.constantFrom("", "-", "name", "Field", "field", "a b", "é", "名前", "x1", "_", "a-b.c", "ǅ", "Ⅻ", "٣"),
  fc.string({ unit: fc.constantFrom(..."!#$%&()*+-./:;<=>?@[]^_{|}~ aZ9é"), minLength: 1, maxLength: 6 }),
  fc.string({ unit: fc.constantFrom(..."ab\"\\'`\t😀\u00a0\u200b"), minLength: 1, maxLength: 4 }),
);
const jsonValue = fc.tuple(jsonName, fc.array(fc.constantFrom("omitempty", "string", "omitzero", "", "foo", " omitempty", "OmitEmpty"), { maxLength: 2 }))
  .map(([name, options]) => [name, ...options].join(","));
const directiveValue = fc.oneof({ arbitrary: fc.constantFrom(...LISTS), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...KEYS), weight: 6 },
  { arbitrary: fc.string({ unit: fc.constantFrom(..."ab=,.-é😀!\u00a0#"), minLength: 1, maxLength: 4 }), weight: 1 },
);
/** A value's text inside the quotes: the plain literal, Go escapes of it, or odd escapes (some not Go's). */
const quoted = (value: string) => fc.oneof(
  { arbitrary: fc.constant(goLiteral(value, false)), weight: 6 },
  { arbitrary: fc.constant(goLiteral(value, true)), weight: 2 },
  { arbitrary: fc.constantFrom("\\'", "\\q", "\\a\\b\\f\\v", "\\101", "\\ud800", "\\U00110000", "\\x4", "\\n", "\n", "\t", "`x`", "\\u00e9").map((e) => goLiteral(value, false) + e), weight: 1 },
);
const pair = fc.tuple(key, fc.boolean()).chain(([k, asJson]) =>
  ((k === "json" || asJson) ? jsonValue : directiveValue).chain((v) => quoted(v).map((q) => `${k}:"${q}"`)));
const separator = fc.oneof({ arbitrary: fc.constant(" "), weight: 8 }, { arbitrary: fc.constantFrom("  ", "\t", "", ",", " \t "), weight: 1 });
const randomTag = fc.tuple(fc.constantFrom("", "", "", " ", "\t"), fc.array(fc.tuple(separator, pair), { minLength: 1, maxLength: 4 }), fc.constantFrom("", "", " ", "\t"), fc.integer({ min: 0, max: 19 }))
  .map(([lead, pairs, trail, cut]) => {
    const tag = lead + pairs.map(([s, p], i) => (i === 0 ? p : s + p)).join("") + trail;
    return cut === 0 ? tag.slice(0, -1 - (trail.length)) : tag; // sometimes no closing quote
  });

const HAND_PICKED = [
  'json:"name"', 'json:"name,omitempty"', 'json:",omitempty"', 'json:""', 'json:"-"', 'json:"-,"', 'json:"-,omitempty"',
  'json:"a" json:"b"', 'checker:"max=1" checker:"max=5"', 'json:"a"  checker:"max=1"', 'json:"a"\tchecker:"max=1"',
  'json:"a"checker:"max=1"', 'json:"a,omitempty', 'json:"a\\"b"', 'json:"a\\\\b"', 'json:"a\\tb"', 'json:"\\u00e9"',
  'json:"\\x41"', 'json:"\\101"', 'json:"a\\\'b"', 'json:"\\xff"', 'checker:"\\xe9"', 'checker:"\\xc3\\xa9"', 'json:"`a`"',
  'json:"!#$%&()*+-./:;<=>?@[]^_{|}~ "', 'json:"a\\"b"', 'json:"a\\\\b"', 'json:"a\'b"', 'json:"😀"', 'json:"名前"',
  'json:"a,string"', 'json:"a,omitzero"', 'json:"a, omitempty"', 'validate:"max=1"', 'validate:"max=1" checker:"max=5"',
  'binding:"max=1"', 'binding:"max=1" checker:"max=5"', 'checker:""', 'checker:"" validate:"max=1"', 'a=b:"x" json:"n"',
  'a,b:"x" json:"n"', 'é:"x" json:"n"', ' json:"n"', '\tjson:"n"', 'json:"n" ', 'json :"n"', 'json:n', 'json:"a\nb"',
  'json:"n" checker:max=1', 'json:"a" :"b"', 'x:"\\q" json:"n"', 'json:"n" x:"\\q"', 'json:"Field"', 'json:"field"',
];
const TAGS = [...new Set([...HAND_PICKED, ...fc.sample(randomTag, { seed: SEED, numRuns: 4000 })])]
  .filter((tag) => !/\p{Cs}|\ufffd/u.test(tag)); // the oracle's JSON shows bytes that are not UTF-8 as U+FFFD

// ---- rules (README, Declaring a model) ----

/** "A tag is Go-style when it starts with `key:"` (after spaces; a key without spaces, quotes, `=`
 * or `,`)"; anything else is a bare directive list ("The tag is either a bare directive list ..."). */
const isGoStyle = (tag: string) => /^\s*[^\s:"=,]+:"/.test(tag);

/** Why checker refuses (a ModelError) a tag Go reads, by README's list of model mistakes;
 * undefined when checker must read it as Go does. */
function refusal(go: GoTagAnswer): string | undefined {
  // "a malformed Go tag (what `go vet` calls malformed, where Go's `StructTag.Lookup` silently finds nothing ...)"
  if (go.vet !== "") return "malformed";
  const json = go.lookups[0]!;
  const [name = "", ...options] = json.found ? json.value.split(",") : [];
  // "a Go json option checker does not implement (`string`, `omitzero`: refused rather than ignored ...)"
  if (json.found && json.value !== "-" && options.some((o) => o === "string" || o === "omitzero")) return "unsupported json option";
  // "escapes that make bytes that are not UTF-8, `\xff`, which a JS string cannot hold" (the
  // oracle's JSON shows such bytes as U+FFFD, which no generated tag holds)
  if (go.lookups.some((l) => l.found && l.value.includes("\ufffd"))) return "bytes that are not UTF-8";
  return undefined;
}

/** Go's JSON key for Field: the one key marshal writes, or undefined ("-"). */
function goJsonKey(go: GoTagAnswer): string | undefined {
  return Object.keys(JSON.parse(go.marshalSet) as object)[0];
}

/** The key checker reads Field under (for the oracle's reads). */
function checkerKey(tag: string): string {
  try {
    const r = readFieldTag(tag, NAMINGS[0].names);
    return r.skip ? "Field" : r.jsonName ?? "Field";
  } catch {
    return "Field";
  }
}
const swapAsciiCase = (s: string) => s.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

// ---- the batch ----

let oracle: GoOracle | undefined;
let answers: GoTagAnswer[];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const replies = oracle.ask(TAGS.map((tag) => {
    const k = checkerKey(tag);
    return { op: "tag" as const, tag, keys: [...KEYS], reads: [k, swapAsciiCase(k)] };
  }));
  answers = replies.map((a, i) => {
    if (!a.ok || !a.tag) throw new Error(`the oracle failed on ${JSON.stringify(TAGS[i])}: ${a.error}`);
    return a.tag;
  });
}, 900_000);

afterAll(() => oracle?.dispose());
afterEach(() => setTagName(""));

function expectNone(disagreements: string[], cases: number): void {
  expect(cases).toBeGreaterThan(1000);
  expect({ disagreements: disagreements.length, first: disagreements.slice(0, 40) }).toEqual({ disagreements: 0, first: [] });
}

/** What checker reads from a tag: the key it reads and writes, omitempty, "-", the directive list. */
interface Reading { key: string | undefined; omitEmpty: boolean; skip: boolean; directives: string | undefined }

/** What readFieldTag gives, or the TagSyntaxError's message. */
function read(tag: string, names: readonly string[]): Reading | string {
  try {
    const r = readFieldTag(tag, names);
    return { key: r.skip ? undefined : r.jsonName ?? "Field", omitEmpty: r.omitEmpty, skip: r.skip, directives: r.directives };
  } catch (e) {
    if (e instanceof TagSyntaxError) return `TagSyntaxError: ${e.message}`;
    throw e;
  }
}

/** The name before the options of Go's json value, when it gives one and is not "-". */
function jsonNameOf(go: GoTagAnswer): string | undefined {
  const json = go.lookups[0]!;
  const name = json.value.split(",")[0]!;
  return json.found && json.value !== "-" && name !== "" ? name : undefined;
}

/** Names Go ignores: README (Declaring a model): "A `json` name is used as written, whatever it
 * holds (...); Go's encoding/json ... silently uses the field's own name for any other". */
const nameGoIgnores = (go: GoTagAnswer) => jsonNameOf(go) !== undefined && goJsonKey(go) !== jsonNameOf(go);

/** What checker must read from a tag Go reads, from Go's answer. */
function expected(go: GoTagAnswer, names: readonly string[]): Reading {
  const key = nameGoIgnores(go) ? jsonNameOf(go) : goJsonKey(go);
  const list = names.map((n) => go.lookups[KEYS.indexOf(n as (typeof KEYS)[number])]!).find((l) => l.found);
  return {
    key,
    omitEmpty: key !== undefined && go.marshalZero === "{}",
    skip: key === undefined,
    directives: list?.value,
  };
}

describe("checker reads Go-style tags as Go does (test/go-oracle/tags.go)", () => {
  it("the JSON name, omitempty, \"-\" and the directive list under each tag name (readFieldTag)", () => {
    const disagreements: string[] = [];
    const rulesUsed = new Set<string>();
    TAGS.forEach((tag, i) => {
      const go = answers[i]!;
      for (const { how, names } of NAMINGS) {
        const got = read(tag, names);
        let want: Reading | string;
        if (tag.trim() === "") want = { key: "Field", omitEmpty: false, skip: false, directives: undefined };
        else if (!isGoStyle(tag)) want = { key: "Field", omitEmpty: false, skip: false, directives: tag }; // a bare list
        else {
          const why = refusal(go);
          if (why !== undefined) rulesUsed.add(why);
          want = why === undefined ? expected(go, names) : `TagSyntaxError (${why})`;
          if (why !== undefined && typeof got === "string") continue;
        }
        if (JSON.stringify(got) !== JSON.stringify(want)) disagreements.push(`${JSON.stringify(tag)} (${how}): Go ${JSON.stringify(want)}, checker ${JSON.stringify(got)}`);
      }
    });
    expectNone(disagreements, TAGS.length);
    expect([...rulesUsed].sort()).toEqual(["bytes that are not UTF-8", "malformed", "unsupported json option"]);
    expect(TAGS.filter((tag, i) => isGoStyle(tag) && answers[i]!.vet === "" && nameGoIgnores(answers[i]!)).length).toBeGreaterThan(50);
  });

  it("marshal (zero and set), the key unmarshal reads and the list it enforces (Validator)", () => {
    const disagreements: string[] = [];
    const shown = new Set<string>(); // what the compared cases exercised
    let compared = 0;
    TAGS.forEach((tag, i) => {
      const go = answers[i]!;
      if (!isGoStyle(tag) || refusal(go) !== undefined) return;
      for (const { how, names, options, global } of NAMINGS) {
        const want = expected(go, names);
        if (want.directives !== undefined && !LISTS.includes(want.directives)) continue; // compared as text above
        compared++;
        if (want.skip) shown.add("json:\"-\"");
        if (want.omitEmpty) shown.add("omitempty");
        if (want.key !== undefined && want.key !== "Field") shown.add(nameGoIgnores(go) ? "a json name Go ignores" : "a json name");
        if (want.directives === "max=1") shown.add(`max=1 (${how})`);
        setTagName(global);
        const v = new Validator(model("GoTag", { Field: t.string(tag) }), { ...options, strictMissingFields: false });
        setTagName("");
        const say = (what: string, goSays: unknown, checkerSays: unknown) => {
          if (JSON.stringify(goSays) !== JSON.stringify(checkerSays)) disagreements.push(`${JSON.stringify(tag)} (${how}) ${what}: Go ${JSON.stringify(goSays)}, checker ${JSON.stringify(checkerSays)}`);
        };
        const text = (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b)) as unknown;
        const renamed = (goJson: string) => JSON.parse(nameGoIgnores(go) ? goJson.replace('"Field":', `${JSON.stringify(jsonNameOf(go))}:`) : goJson) as unknown;
        say("marshal of \"\"", renamed(go.marshalZero), text(v.marshal({ Field: "" })));
        say("marshal of \"v\"", renamed(go.marshalSet), text(v.marshal({ Field: "v" })));
        const k = checkerKey(tag);
        const readsOf = (key: string) => {
          const r = v.safeUnmarshal(`{${JSON.stringify(key)}:"xx"}`);
          return r.ok ? { Field: r.value.Field } : (r.error as { errors?: FieldError[] }).errors ?? r.error.message;
        };
        const maxOne = [{ field: k, code: "MAX_LENGTH", message: "must be at most 1 characters", value: "xx" }];
        // a name Go ignores: Go reads the key "Field" instead, checker the name
        const goReads = nameGoIgnores(go) ? true : go.reads[0];
        say(`unmarshal of {${JSON.stringify(k)}:"xx"}`, goReads ? (want.directives === "max=1" ? maxOne : { Field: "xx" }) : { Field: "" }, readsOf(k));
        // README (Unknown keys): "A key is a field's only when it is the field's JSON name exactly,
        // case included (...; Go's encoding/json also takes a key that differs only in case ...)"
        const swapped = swapAsciiCase(k);
        if (swapped !== k) {
          say(`unmarshal of {${JSON.stringify(swapped)}:"xx"}`, { Field: "" }, readsOf(swapped));
          if (go.reads[0] && !go.reads[1] && !nameGoIgnores(go)) disagreements.push(`${JSON.stringify(tag)}: Go does not read ${swapped} (the case rule is not needed)`);
        }
      }
    });
    expectNone(disagreements, compared);
    expect([...shown].sort()).toEqual(["a json name", "a json name Go ignores", "json:\"-\"", "max=1 (default)", "max=1 (setTagName)", "max=1 (tagName option)", "omitempty"]);
  });

  it("a tag Go reads and checker refuses is a ModelError naming the model and field", () => {
    TAGS.forEach((tag, i) => {
      if (!isGoStyle(tag) || refusal(answers[i]!) === undefined) return;
      expect(() => new Validator(model("GoTag", { Field: t.string(tag) })), tag).toThrow(ModelError);
      expect(() => new Validator(model("GoTag", { Field: t.string(tag) })), tag).toThrow("GoTag.Field");
    });
  });
});
