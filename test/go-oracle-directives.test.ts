// Directive lists as users write them (spaces around commas and `=`, Unicode spaces, empty parts,
// repeats, names in other case, numbers in every Go form, oneof values between runs of spaces)
// against Go: test/go-oracle/directives.go reads each list with the standard library functions
// the original library reads it with (strings.Split, strings.TrimSpace, strings.Fields,
// strconv.ParseFloat for gt/gte/lt/lte, strconv.Atoi for min/max), and checker, creating a
// validator of a field carrying the list, must read the same directives with the same bounds and
// values, or refuse the list with the ModelError that README's rules give (each rule cites README,
// "Declaring a model": "A directive list is read as Go's library reads it ... Where checker
// differs, by choice ...").
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelError, model, t, type Type } from "../bindings/index.js";
import { DIRECTIVES } from "../bindings/directives/index.js";
import { resolve, type RField } from "../bindings/resolve.js";
import { buildGoOracle, ensureGo, type GoDirective, type GoOracle } from "./support/go-oracle.js";

const SEED = 20261125;

/** The fields a list is tried on, and the directives each takes. */
const KINDS = {
  string: { type: (tag: string) => t.string(tag), counts: ["min", "max"], numbers: [], flags: ["required", "email", "alpha"] },
  float64: { type: (tag: string) => t.float64(tag), counts: [], numbers: ["gt", "gte", "lt", "lte", "min", "max"], flags: ["required"] },
  int: { type: (tag: string) => t.int(tag), counts: [], numbers: ["gt", "gte", "lt", "lte", "min", "max"], flags: ["required"] },
  list: { type: (tag: string) => t.slice(t.int(), tag), counts: ["min", "max", "minItems", "maxItems"], numbers: [], flags: ["required", "unique"] },
} as const satisfies Record<string, { type: (tag: string) => Type; counts: readonly string[]; numbers: readonly string[]; flags: readonly string[] }>;
type Kind = keyof typeof KINDS;

// ---- lists ----

/** Spaces Go's TrimSpace trims (and JavaScript's trim does not, U+0085) or does not (U+FEFF, which JavaScript's does). */
const space = fc.constantFrom("", "", "", "", " ", "  ", "\t", "\n", "\u00a0", "\u0085", "\u3000", "\u2028", "\ufeff");
const NUMBERS = [
  "0", "1", "5", "10", "-1", "-5", "1.5", ".5", "5.", "1e3", "1E3", "1e-2", "+5", "-0", "+0", "010", "00",
  "0x10", "0x1p4", "0X1P-2", "1_000", "1__0", "_1", "Inf", "+Inf", "-inf", "infinity", "NaN", "nan",
  "1e400", "-1e400", "1e-400", "99999999999", "4294967295", "4294967296", "٣", "３", "", "abc", "1e", "+", "-", "0b1", "0o7", "1 2",
];
const number = fc.constantFrom(...NUMBERS);
const WORDS = ["a", "b", "é", "名前", "1", "2.5", "-0", "true", "a=b", "x|y", "'q", "q'", "😀"];
const oneofValue = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(" ", " ", "  ", "\t", "\u00a0", "\u0085", "\u3000", "\ufeff")), { maxLength: 3 })
  .map((ws) => ws.map(([w, s]) => w + s).join(""));
/** A name as written: mostly right, sometimes in other case or unknown. */
const named = (name: string) => fc.oneof(
  { arbitrary: fc.constant(name), weight: 12 },
  { arbitrary: fc.constantFrom(name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1), "dive", "positive"), weight: 1 },
);

function directive(kind: Kind): fc.Arbitrary<string> {
  const k = KINDS[kind];
  const valued = (names: readonly string[], value: fc.Arbitrary<string>) =>
    fc.tuple(fc.constantFrom(...names).chain(named), space, space, value, space).map(([n, s1, s2, v, s3]) => `${n}${s1}=${s2}${v}${s3}`);
  const options = [
    { arbitrary: fc.tuple(fc.constantFrom(...k.flags).chain(named), fc.oneof({ arbitrary: fc.constant(""), weight: 6 }, { arbitrary: fc.constantFrom("=", "= ", "=x", "=\t"), weight: 1 })).map(([n, v]) => n + v), weight: 3 },
  ];
  if (k.counts.length > 0) options.push({ arbitrary: valued(k.counts, number), weight: 4 });
  if (k.numbers.length > 0) options.push({ arbitrary: valued(k.numbers, number), weight: 6 });
  if (kind !== "list") options.push({ arbitrary: valued(["oneof"], oneofValue), weight: 3 });
  return fc.tuple(space, fc.oneof(...options), space).map(([a, d, b]) => a + d + b);
}

const list = fc.constantFrom(...(Object.keys(KINDS) as Kind[])).chain((kind) =>
  fc.tuple(fc.constant(kind), fc.array(directive(kind), { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 11 }))
    .map(([k, ds, cut]) => ({ kind: k, text: cut === 0 ? ds.join(",,") : cut === 1 ? `${ds.join(",")},` : ds.join(",") })));

const HAND_PICKED: { kind: Kind; text: string }[] = [
  { kind: "int", text: "required,,min=1" }, { kind: "string", text: "required," }, { kind: "string", text: ", required" },
  { kind: "int", text: "min=1,min=2" }, { kind: "string", text: "max=1,max=5" }, { kind: "int", text: " min = 1 " },
  { kind: "string", text: "oneof=a\tb" }, { kind: "string", text: "oneof=a\u00a0b\u0085c" }, { kind: "string", text: "oneof=a\ufeffb" },
  { kind: "string", text: "oneof= " }, { kind: "string", text: "oneof='a b' c" }, { kind: "string", text: "min=-0" },
  { kind: "float64", text: "gte=1_000" }, { kind: "float64", text: "gte=0x1p4" }, { kind: "float64", text: "gte=Inf" },
  { kind: "float64", text: "gt=NaN" }, { kind: "float64", text: "min=1.5" }, { kind: "int", text: "min=1e3" },
  { kind: "string", text: "Required" }, { kind: "int", text: "MIN=1" }, { kind: "list", text: "dive,min=1" },
  { kind: "list", text: "unique= " }, { kind: "list", text: "unique=" }, { kind: "string", text: "\u0085required\u0085" },
  { kind: "string", text: "\ufeffrequired" }, { kind: "float64", text: "lte=\u3000-0\u3000" }, { kind: "string", text: "max=4294967296" },
];
const CASES = [...new Map([...HAND_PICKED, ...fc.sample(list, { seed: SEED, numRuns: 3000 })].map((c) => [`${c.kind} ${c.text}`, c])).values()];

// ---- what checker must do, from Go's reading ----

/** A check as compared: its code and message (the bound or values as read, N as written). */
interface Check { code: string; message: string; schema?: Record<string, unknown> }
type Want = { refused: string; directive: string | undefined } | { required: boolean; checks: Check[] };

const BOUND_CODES: Record<string, [string, string, string]> = {
  gt: ["EXCLUSIVE_MIN", "must be greater than", "exclusiveMinimum"], lt: ["EXCLUSIVE_MAX", "must be less than", "exclusiveMaximum"],
  gte: ["MIN_VALUE", "must be at least", "minimum"], lte: ["MAX_VALUE", "must be at most", "maximum"],
  min: ["MIN_VALUE", "must be at least", "minimum"], max: ["MAX_VALUE", "must be at most", "maximum"],
};
const FLAG_CODES: Record<string, string> = { email: "INVALID_EMAIL", alpha: "MUST_BE_ALPHA", unique: "NOT_UNIQUE" };

/** A count as checker reports it, by directive and kind. */
function countCheck(name: string, kind: Kind, n: number, text: string): Check {
  const min = name === "min" || name === "minItems";
  if (kind === "string") return { code: min ? "MIN_LENGTH" : "MAX_LENGTH", message: `must be at ${min ? "least" : "most"} ${text} characters`, schema: { [min ? "minLength" : "maxLength"]: n } };
  return { code: min ? "MIN_ITEMS" : "MAX_ITEMS", message: `must have at ${min ? "least" : "most"} ${text} items`, schema: { [min ? "minItems" : "maxItems"]: n } };
}

function expected(kind: Kind, text: string, go: GoDirective[]): Want {
  // README: "an empty directive (`required,,min=1`, a trailing comma) is a ModelError, where Go skips it"
  if (text.split(",").length > go.length) return { refused: "empty directive", directive: undefined };
  let required = false;
  const checks: Check[] = [];
  const k = KINDS[kind];
  const parts = text.split(","); // (one a directive: a list with an empty part is refused above)
  for (const [i, d] of go.entries()) {
    const refuse = (why: string): Want => ({ refused: why, directive: d.name });
    // README: "names are case-sensitive and an unknown one (`Required`, `dive`, `positive`) is a ModelError"
    if (!DIRECTIVES.has(d.name)) return refuse("unknown directive");
    if ((k.flags as readonly string[]).includes(d.name)) {
      // (unique= with nothing but spaces is Go's unique; another value names an item field, and these items are ints)
      if (d.name === "unique" && d.hasValue) {
        if (d.value !== "") return refuse("needs a slice of models");
      } else if (d.hasValue) return refuse("takes no value");
      if (d.name === "required") required = true;
      else checks.push({ code: FLAG_CODES[d.name]!, message: "" });
    } else if (d.name === "oneof") {
      // README: "`regexp=` with no pattern is a ModelError (`regexp needs a value`), as for every
      // directive that takes one"; a value of spaces only is Go's set of no values, which every value fails
      if (parts[i]!.slice(parts[i]!.indexOf("=") + 1) === "") return refuse("needs a value");
      checks.push({ code: "INVALID_ENUM", message: `must be one of: ${d.fields.join(", ")}` });
    } else if ((k.counts as readonly string[]).includes(d.name)) {
      // README: "take a count as `Atoi` reads it (`+3`, `007`, `-0`), not a negative one ... nor one above 4294967295"
      const n = Number(d.atoi.value);
      if (!d.atoi.ok || n < 0 || n > 0xffffffff) return refuse("malformed number");
      checks.push(countCheck(d.name, kind, n, d.value));
    } else {
      // README: "take a decimal as Go's `strconv.ParseFloat` reads it ..., not its `1_000`, hex
      // (`0x1p4`), `Inf` and `NaN` forms" (min and max on numbers too, which Go reads with Atoi)
      if (!d.float.ok || /[_xXiInN]/.test(d.value)) return refuse("malformed number");
      const [code, verb, keyword] = BOUND_CODES[d.name]!;
      checks.push({ code, message: `${verb} ${d.value}`, schema: { [keyword]: Number(d.float.value) } });
    }
  }
  return { required, checks };
}

/** What checker makes of the list on a field of the kind. */
function checkerReads(kind: Kind, text: string): Want {
  let field: RField;
  try {
    field = resolve(model("D", { f: KINDS[kind].type(text) })).root.fields[0]!;
  } catch (e) {
    if (!(e instanceof ModelError)) throw e;
    return { refused: e.message, directive: e.directive };
  }
  const checks = field.valueChecks.map((c): Check => {
    const bound = c.schema !== undefined && !("enum" in c.schema) && !("format" in c.schema) && !("pattern" in c.schema);
    return FLAG_CODES_SET.has(c.code) ? { code: c.code, message: "" } : { code: c.code, message: c.message, ...(bound ? { schema: c.schema } : {}) };
  });
  return { required: field.required, checks };
}
const FLAG_CODES_SET = new Set(Object.values(FLAG_CODES));

// ---- the batch ----

let oracle: GoOracle | undefined;
let answers: GoDirective[][];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  answers = oracle.ask(CASES.map(({ text }) => ({ op: "directives" as const, text }))).map((a, i) => {
    if (!a.ok) throw new Error(`the oracle failed on ${JSON.stringify(CASES[i]!.text)}: ${a.error}`);
    return a.directives ?? [];
  });
}, 900_000);

afterAll(() => oracle?.dispose());

describe("directive lists as Go's library reads them (test/go-oracle/directives.go)", () => {
  it("the same directives, bounds, counts and oneof values, or the ModelError of a README rule", () => {
    const disagreements: string[] = [];
    const seen = new Set<string>();
    CASES.forEach(({ kind, text }, i) => {
      const want = expected(kind, text, answers[i]!);
      const got = checkerReads(kind, text);
      if ("refused" in want) {
        seen.add(`refused: ${want.refused}`);
        const ok = "refused" in got && got.refused.includes(want.refused) && got.directive === want.directive;
        if (!ok) disagreements.push(`${kind} ${JSON.stringify(text)}: want ${JSON.stringify(want)}, checker ${JSON.stringify(got)}`);
        return;
      }
      for (const c of want.checks) seen.add(c.code);
      if (JSON.stringify(got) !== JSON.stringify(want)) disagreements.push(`${kind} ${JSON.stringify(text)}: want ${JSON.stringify(want)}, checker ${JSON.stringify(got)}`);
    });
    expect(CASES.length).toBeGreaterThan(2500);
    expect({ disagreements: disagreements.length, first: disagreements.slice(0, 30) }).toEqual({ disagreements: 0, first: [] });
    // every rule and every kind of check was exercised
    expect([...seen].sort()).toEqual([
      "EXCLUSIVE_MAX", "EXCLUSIVE_MIN", "INVALID_EMAIL", "INVALID_ENUM", "MAX_ITEMS", "MAX_LENGTH", "MAX_VALUE", "MIN_ITEMS",
      "MIN_LENGTH", "MIN_VALUE", "MUST_BE_ALPHA", "NOT_UNIQUE", "refused: empty directive", "refused: malformed number",
      "refused: needs a slice of models", "refused: needs a value", "refused: takes no value", "refused: unknown directive",
    ]);
  });
});
