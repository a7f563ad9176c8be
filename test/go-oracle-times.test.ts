// checker's time fields against real Go 1.19 (Debian's golang-go, installed by
// scripts/ensure-go.sh when missing): thousands of JSON values (RFC 3339 texts of every form Go
// reads, near misses, escaped texts, values of other JSON kinds) go in one batch through
// test/go-oracle/times.go, which decodes {"T":<value>} into struct{T time.Time}, struct{T
// *time.Time} and struct{T []time.Time} with encoding/json. checker must agree on
//   1. acceptance, and for a refusal the error: an UnmarshalTypeError at the field's path, naming
//      what was read (Go's wording) and the type, at the value's offset;
//   2. the instant: the Date's getTime() is Go's UnixMilli;
//   3. marshal of what was read: Go's MarshalJSON of that millisecond instant in UTC;
//   4. validate(), marshal() and dict() of a Date at Go's instant; `unique` over a slice of times
//      and gtfield / ltfield between two times, against Go's Equal / Before / After at
//      milliseconds (null being Go's zero time), and validate() of the value unmarshal returns;
//   5. newModel of a time string (bindings/go-time.ts, the core's TypeScript twin): as unmarshal.
// Where README documents another choice it is applied as a rule (each cites its line) and
// counted, never by excluding cases one by one. Go 1.19 reads two forms that today's Go refuses,
// listed in goOnly119 below; checker reads times as today's Go does.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { model, t, Validator, type FieldError } from "../bindings/index.js";
import { buildGoOracle, ensureGo, type GoAnswer, type GoOracle, type GoRequest } from "./support/go-oracle.js";

const SEED = 20261126;

// ---- time texts ----

const pad = (n: number, w: number) => String(n).padStart(w, "0");
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

const year = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 4, 99, 100, 400, 1600, 1900, 1969, 1970, 2000, 2024, 2100, 9996, 9999));
const edge = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.constantFrom(0, max));
/** '.' or ',' and 0 to 12 digits (none: a near miss). */
const fraction = fc.oneof(
  { arbitrary: fc.constant(""), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom(".", ".", ","), fc.stringMatching(/^[0-9]{0,12}$/)).map(([s, d]) => s + d), weight: 3 },
);
/** Z or an offset Go (of every version) reads: hours 00-24, minutes 00-60. */
const zone = fc.oneof(
  fc.constant("Z"),
  fc.constantFrom("+00:00", "-00:00", "+24:00", "-24:00", "+00:60", "-00:60", "+24:60", "-24:60", "+23:59", "-23:59", "+05:30", "-09:30"),
  fc.tuple(fc.constantFrom("+", "-"), edge(24), edge(60)).map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`),
);
const clock = fc.tuple(edge(23), fc.boolean(), edge(59), edge(59)).map(([h, oneDigit, m, s]) => `${oneDigit && h < 10 ? h : pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}`);
const date = fc.tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.boolean())
  .map(([y, m, d, last]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(last ? daysIn(y, m) : Math.min(d, daysIn(y, m)), 2)}`);
const validTime = fc.tuple(date, clock, fraction, zone).map(([d, c, f, z]) => `${d}T${c}${f}${z}`);
/** 29 February in leap and common years (0, 1900, 2000, 2100 among them), and days past a month's end. */
const leapDay = fc.tuple(fc.constantFrom(0, 1, 4, 100, 400, 1600, 1700, 1900, 2000, 2023, 2024, 2100, 2400, 9996, 9999), fc.constantFrom("02-29", "02-28", "02-30", "04-31", "06-31", "12-31", "12-32", "01-00", "00-01", "13-01"), clock, zone)
  .map(([y, md, c, z]) => `${pad(y, 4)}-${md}T${c}${z}`);
/** Instants that an offset moves outside years 0..9999 in UTC, or just inside. */
const spill = fc.oneof(
  fc.tuple(edge(3), edge(59), fraction, edge(24), edge(60)).map(([h, m, f, oh, om]) => `0000-01-01T${pad(h, 2)}:${pad(m, 2)}:00${f}+${pad(oh, 2)}:${pad(om, 2)}`),
  fc.tuple(fc.integer({ min: 20, max: 23 }), edge(59), fraction, edge(24), edge(60)).map(([h, m, f, oh, om]) => `9999-12-31T${pad(h, 2)}:${pad(m, 2)}:59${f}-${pad(oh, 2)}:${pad(om, 2)}`),
);
/** Offsets Go 1.19 reads and today's Go refuses (goOnly119), beside others both refuse. */
const oddOffset = fc.tuple(validTime, fc.constantFrom("+", "-", "Z", "z", "±"), fc.constantFrom("00", "24", "25", "99", "+1", "-1", "+0", "-0", "1+", " 1", "++", "1", "-", "0x"), fc.constantFrom("00", "59", "60", "61", "99", "+5", "-5", "-0", "5", " 5"))
  .map(([s, sign, h, m]) => `${s.replace(/(Z|[+-]\d\d:\d\d)$/, "")}${sign}${h}:${m}`);
/** No seconds, or one digit of them, before a fraction (Go 1.19 reads the first: goOnly119). */
const noSeconds = fc.tuple(validTime, fc.constantFrom("", "5", "5."), fc.constantFrom(".", ","), fc.stringMatching(/^[0-9]{0,4}$/))
  .map(([s, sec, sep, digits]) => s.replace(/:\d\d([.,]\d*)?(?=Z|[+-]\d\d:\d\d$)/, `:${sec}${sep}${digits}`));
const CHARS = [..."0123456789-:T.Z+tz ,é\t"];
/** A valid time with one character replaced, inserted or deleted, or cut short, or with bytes after it. */
const mutated = fc.tuple(validTime, fc.constantFrom(0, 1, 2, 3), fc.nat(), fc.constantFrom(...CHARS)).map(([s, how, at, c]) => {
  const i = at % (s.length + 1);
  if (how === 0) return s.slice(0, i) + c + s.slice(i + 1);
  if (how === 1) return s.slice(0, i) + c + s.slice(i);
  if (how === 2) return s.slice(0, i) + s.slice(i + 1);
  return s.slice(0, i);
});
const HAND_PICKED = [
  "2024-01-01T00:00:00Z", "2024-01-01t00:00:00Z", "2024-01-01T00:00:00z", "2024-01-01 00:00:00Z", "2024-01-01T00:00:00",
  "2024-01-01T00:00Z", "2024-01-01", "T00:00:00Z", "", " ", "2024-01-01T00:00:00Z ", " 2024-01-01T00:00:00Z",
  "2024-01-01T00:00:00ZZ", "2024-01-01T00:00:00Zx", "2024-01-01T24:00:00Z", "2024-12-31T23:59:60Z", "2024-01-01T23:60:00Z",
  "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00+00:60", "2024-01-01T00:00:00-00:00", "2024-01-01T00:00:00+25:00",
  "2024-01-01T00:00:00+00:61", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00+01", "2024-01-01T00:00:00+01:00:00",
  "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00,Z", "2024-01-01T00:00:00..5Z", "2024-01-01T00:00:00.5.5Z", "2024-01-01T3:04:05Z",
  "2024-01-01T3:4:05Z", "2024-01-01T03:04:5Z", "2024-1-01T00:00:00Z", "24-01-01T00:00:00Z", "12024-01-01T00:00:00Z",
  "-2024-01-01T00:00:00Z", "+2024-01-01T00:00:00Z", "２０２４-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "0000-01-01T00:00:00+00:01",
  "0000-01-01T00:00:00-00:01", "9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999-00:01", "0001-01-01T00:00:00Z",
  "1969-12-31T23:59:59.9999Z", "1970-01-01T00:00:00.0005Z", "0000-01-01T00:00:00.0001Z", "2024-01-01T00:00:00.123456789123Z",
  "2024-01-01T00:00:00+-1:00", "2024-01-01T00:00:00++1:+1", "2024-01-01T00:00:00+99:99", "2024-01-01T00:00:00-+0:-0",
  `2024-01-01T00:00:00.${"7".repeat(1200)}Z`, `2024-01-01T00:00:00.${"1".repeat(1200)}Q`, `${"9".repeat(1001)}`,
];
const TEXTS = [...new Set([
  ...HAND_PICKED,
  ...fc.sample(validTime, { seed: SEED, numRuns: 2000 }),
  ...fc.sample(leapDay, { seed: SEED, numRuns: 300 }),
  ...fc.sample(spill, { seed: SEED, numRuns: 300 }),
  ...fc.sample(oddOffset, { seed: SEED, numRuns: 300 }),
  ...fc.sample(noSeconds, { seed: SEED, numRuns: 150 }),
  ...fc.sample(mutated, { seed: SEED, numRuns: 1200 }),
])];

// ---- JSON values ----

/** A JSON string of s with some characters written as escapes (\u0054 for T, \/ ...). */
const escapedArb = fc.tuple(fc.constantFrom(...TEXTS.slice(0, 600)), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([s, at, upper]) => {
  if (s === "") return '"\\u0041"';
  const picks = new Set(at.map((i) => i % s.length));
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(4, "0");
  return `"${[...s].map((c, i) => {
    if (!picks.has(i)) return JSON.stringify(c).slice(1, -1);
    return c === "/" ? "\\/" : `\\u${upper ? hex(c).toUpperCase() : hex(c)}`;
  }).join("")}"`;
});
const OTHER_KINDS = [
  "null", "0", "-0", "1", "1.5", "-1e3", "20240101", "1704067200000", "true", "false", "{}", "[]", '{"a":1}',
  '{"T":"2024-01-01T00:00:00Z"}', '["2024-01-01T00:00:00Z"]', "[null]", '""', '"null"',
];
/** The JSON values compared in a time.Time field. */
const ITEMS = [...new Set([
  ...TEXTS.map((s) => JSON.stringify(s)),
  ...fc.sample(escapedArb, { seed: SEED, numRuns: 400 }),
  ...OTHER_KINDS,
])];

// ---- documents with a ptr(time) and a slice(time) field ----

const fitting = ITEMS.filter((_, i) => i % 3 !== 2); // mostly texts Go reads, so that many lists are read
const PTR_TEXTS = ["null", ...ITEMS.filter((_, i) => i % 4 === 0)];
const SLICE_TEXTS = [
  "null", "[]", '"2024-01-01T00:00:00Z"', "1", "{}", "true",
  ...fc.sample(fc.array(fc.oneof({ arbitrary: fc.constantFrom(...fitting.slice(0, 2600)), weight: 12 }, { arbitrary: fc.constant("null"), weight: 1 },
    { arbitrary: fc.constantFrom(...ITEMS), weight: 1 }), { maxLength: 5 }).map((xs) => `[${xs.join(",")}]`), { seed: SEED, numRuns: 1500 }),
  // items that are equal at millisecond precision and not below it, and equal instants at other offsets
  ...fc.sample(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom("Z", "+00:00", "-00:00")).map(([ms, a, b, z]) =>
    `["2024-01-01T00:00:00.${pad(ms, 3)}${a}Z","2024-01-01T00:00:00.${pad(ms, 3)}${b}${z}","2024-01-01T01:00:00.${pad(ms, 3)}+01:00"]`), { seed: SEED, numRuns: 100 }),
  '[null,null]', '[null,"0001-01-01T00:00:00Z"]', '["0001-01-01T01:00:00+01:00",null]',
];

// ---- the batch ----

/** A string value written with escapes; README: checker reads the JSON string decoded (see expected()). */
const hasEscape = (item: string) => item.startsWith('"') && item.includes("\\");
/** The same string without the escapes JSON does not need (JSON.stringify of it). */
const plain = (item: string) => JSON.stringify(JSON.parse(item) as string);

let oracle: GoOracle | undefined;
const itemAnswer = new Map<string, GoAnswer>();
let ptrAnswers: GoAnswer[];
let sliceAnswers: GoAnswer[];

beforeAll(async () => {
  await ensureGo();
  oracle = buildGoOracle();
  const inLists = SLICE_TEXTS.filter((list) => list.startsWith("[")).flatMap((list) => splitArray(list).map(({ item }) => item));
  const items = [...ITEMS, ...inLists];
  const asked = [...new Set([...items, ...items.filter(hasEscape).map(plain)])];
  const requests: GoRequest[] = [
    ...asked.map((text) => ({ op: "time" as const, shape: "value" as const, text })),
    ...PTR_TEXTS.map((text) => ({ op: "time" as const, shape: "ptr" as const, text })),
    ...SLICE_TEXTS.map((text) => ({ op: "time" as const, shape: "slice" as const, text })),
  ];
  const answers = oracle.ask(requests);
  asked.forEach((text, i) => itemAnswer.set(text, answers[i]!));
  ptrAnswers = answers.slice(asked.length, asked.length + PTR_TEXTS.length);
  sliceAnswers = answers.slice(asked.length + PTR_TEXTS.length);
}, 900_000);

afterAll(() => oracle?.dispose());

// ---- what checker must do ----

/** README's rules applied: the values each was needed for. */
const rulesUsed = new Map<string, Set<string>>();
const used = (rule: string, item: string) => {
  if (!rulesUsed.has(rule)) rulesUsed.set(rule, new Set());
  rulesUsed.get(rule)!.add(item);
};
afterAll(() => console.log(`README's rules applied (values): ${[...rulesUsed].map(([rule, items]) => `${rule} ${items.size}`).join(", ")}`));

/**
 * Where Go 1.19, the oracle, reads a time that today's Go refuses (src/time/format.go, parse, in
 * Go 1.19.8 and in Go's current source); README (Semantics, Times) describes today's Go, and
 * checker refuses these:
 * - the offset of the layout's Z07:00: Go 1.19 reads its hours and minutes with atoi, which takes
 *   a sign ("+-1:00" is -01:00), and tests no range ("+99:99"); today's Go reads them with
 *   getnum(value, true) (two digits) and refuses hr > 24 or mm > 60 ("The range test use > rather
 *   than >=, as some people do write offsets of 24 hours or 60 minutes"): README's "offsets up to
 *   `+24:00` / `+00:60`";
 * - no seconds before a fraction ("T10:04:,5Z"): Go 1.19's stdSecond case goes on to the
 *   fraction after getnum failed, and the fraction's parse overwrites the error (the time has
 *   second 0); today's Go stops at the error (`if err != nil { break }`).
 * Go 1.19 and today's Go also word a refusal otherwise (a *time.ParseError for any value, where
 * Go since 1.20 says "Time.UnmarshalJSON: input is not a JSON string" for a number, bool, object
 * or array): checker's UnmarshalTypeError does not depend on it (see expected()).
 */
function goOnly119(text: string): "offset" | "seconds" | undefined {
  if (/^\d{4}-\d\d-\d\dT\d\d?:\d\d:[.,]\d/.test(text)) return "seconds";
  const offset = /[+-](.{2}):(.{2})$/s.exec(text);
  if (!offset) return undefined;
  const [h, m] = [offset[1]!, offset[2]!];
  return /^\d\d$/.test(h) && /^\d\d$/.test(m) && Number(h) <= 24 && Number(m) <= 60 ? undefined : "offset";
}

/** What checker must make of one JSON value in a time field. */
type Want =
  | { ok: true; ms: number; utc: string }
  | { ok: false; got: string };

/** checker's `got` for a refused value: Go's name for its JSON kind; a string with its text as written, cut after 1,000 bytes (README, Unmarshal and validate). */
function gotOf(item: string): string {
  const kind = item.startsWith('"') ? "string" : item.startsWith("{") ? "object" : item.startsWith("[") ? "array" : item === "true" || item === "false" ? "bool" : "number";
  if (kind !== "string") return kind;
  const bytes = Buffer.from(item);
  return `string ${bytes.length <= 1000 ? item : `${bytes.subarray(0, 1000).toString()}…`}`;
}

function expected(item: string): Want {
  // README (Semantics, Times): "The JSON string is read decoded (`\u005a` is `Z`; Go parses the
  // raw bytes and refuses it, go.dev/issue/47353)": what Go makes of the text without escapes
  const go = itemAnswer.get(hasEscape(item) ? plain(item) : item);
  if (go === undefined) throw new Error(`not asked: ${item}`);
  if (hasEscape(item)) used("decoded JSON string", item);
  if (!go.ok) {
    if (!go.error!.startsWith("ParseError: ")) throw new Error(`the oracle failed on ${item}: ${go.error}`);
    // README (Semantics, Times): "A value Go's `Time.UnmarshalJSON` refuses, a `*time.ParseError`
    // in Go whatever its JSON kind, is an UnmarshalTypeError naming what was read"
    used("ParseError as UnmarshalTypeError", item);
    return { ok: false, got: gotOf(item) };
  }
  const read = go.time!.items[0]!;
  const text = item.startsWith('"') ? (JSON.parse(item) as string) : "";
  const only119 = goOnly119(text);
  if (only119 !== undefined) {
    used(`Go 1.19 ${only119}`, item);
    return { ok: false, got: gotOf(item) };
  }
  if (read.utc.startsWith("error: ")) {
    // README (Semantics, Times): "unmarshal reads no time whose instant falls outside them [years
    // 0..9999] in UTC (`0000-01-01T00:30:00+01:00` is in year -1): an UnmarshalTypeError"
    used("year range", item);
    return { ok: false, got: gotOf(item) };
  }
  // README (Semantics, Times): "The value is a `Date` (milliseconds: digits below are read and
  // dropped ...)" and "`marshal` writes the instant in UTC"
  if (read.nsec % 1e6 !== 0) used("milliseconds", item);
  if (read.own !== read.utc) used("written in UTC", item);
  return { ok: true, ms: read.ms, utc: read.utc };
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** checker's outcome as one comparable string. */
function outcome(v: Validator, doc: string): string {
  const r = v.safeUnmarshal(doc);
  if (!r.ok) {
    const e = r.error as unknown as Record<string, unknown>;
    return `${r.error.name} ${JSON.stringify({ field: e.field, expected: e.expected, got: e.got, offset: e.offset, errors: e.errors })}: ${r.error.message}`;
  }
  const value = (r.value as { T: Date | Date[] | null }).T;
  const ms = value === null ? null : Array.isArray(value) ? value.map((d) => d.getTime()) : value.getTime();
  return `ok ${JSON.stringify(ms)} ${text(v.marshal(r.value))}`;
}

/** The outcome checker must give for `{"T":<value>}`, the value being one item (`at` its byte offset) or a list of them. */
function refusal(field: string, type: string, got: string, offset: number): string {
  return `UnmarshalTypeError ${JSON.stringify({ field, expected: type, got, offset })}: cannot unmarshal ${got} into field ${field} of type ${type}`;
}

/** The items of a JSON array text and their byte offsets in it (the arrays here are flat at top level). */
function splitArray(array: string): { item: string; at: number }[] {
  const out: { item: string; at: number }[] = [];
  let depth = 0;
  let start = 1;
  let inString = false;
  for (let i = 1; i < array.length - 1; i++) {
    const c = array[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      out.push({ item: array.slice(start, i), at: start });
      start = i + 1;
    }
  }
  if (array.length > 2) out.push({ item: array.slice(start, -1), at: start });
  return out.map(({ item, at }) => ({ item, at: Buffer.byteLength(array.slice(0, at)) }));
}

const PREFIX = '{"T":';
const compare = (disagreements: string[], doc: string, want: string, got: string) => {
  if (want !== got) disagreements.push(`${doc.length > 300 ? `${doc.slice(0, 300)}…` : doc}\n  Go:      ${want}\n  checker: ${got}`);
};
/** How many cases each test compared, printed at the end. */
const comparedCases: string[] = [];
afterAll(() => console.log(`compared: ${comparedCases.join(", ")}`));

function expectNone(disagreements: string[], cases: number, least: number): void {
  comparedCases.push(`${expect.getState().currentTestName?.split(" > ").pop()?.split(":")[0]} ${cases}`);
  expect(cases).toBeGreaterThan(least);
  expect({ disagreements: disagreements.length, first: disagreements.slice(0, 30) }).toEqual({ disagreements: 0, first: [] });
}

const Value = new Validator(model("GoTimeValue", { T: t.time() }));
const Ptr = new Validator(model("GoTimePtr", { T: t.ptr(t.time()) }));
const Slice = new Validator(model("GoTimeSlice", { T: t.slice(t.time()) }));
const UniqueSlice = new Validator(model("GoTimeUnique", { T: t.slice(t.time(), "unique") }));
const Ordered = new Validator(model("GoTimeOrder", { a: t.time(), b: t.time("gtfield=a"), c: t.time("ltfield=a") }));
const Unordered = new Validator(model("GoTimeNoOrder", { a: t.time(), b: t.time(), c: t.time() }));

describe("checker reads and writes time.Time fields as Go does (test/go-oracle/times.go)", () => {
  it("a time field: acceptance, the error, the instant and marshal's text", () => {
    const disagreements: string[] = [];
    for (const item of ITEMS) {
      const doc = `${PREFIX}${item}}`;
      const want = expected(item);
      compare(disagreements, doc, want.ok ? `ok ${want.ms} {"T":${want.utc}}` : refusal("T", "time.Time", want.got, PREFIX.length), outcome(Value, doc));
    }
    expectNone(disagreements, ITEMS.length, 4000);
    // every rule was needed, and both outcomes are common
    expect([...rulesUsed.keys()].sort()).toEqual(["Go 1.19 offset", "Go 1.19 seconds", "ParseError as UnmarshalTypeError", "decoded JSON string", "milliseconds", "written in UTC", "year range"]);
    for (const [rule, items] of rulesUsed) expect(items.size, rule).toBeGreaterThan(20);
    const accepted = ITEMS.filter((item) => expected(item).ok).length;
    expect({ acceptedOften: accepted > 2000, refusedOften: ITEMS.length - accepted > 1000 }).toEqual({ acceptedOften: true, refusedOften: true });
  });

  it("newModel of a time string reads it as unmarshal does (bindings/go-time.ts, the core's TypeScript twin)", () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const item of ITEMS) {
      if (!item.startsWith('"')) continue;
      compared++;
      const s = JSON.parse(item) as string;
      const want = expected(item);
      const r = Value.safeNewModel({ T: s });
      const got = r.ok ? `ok ${r.value.T.getTime()}` : `${r.error.name} ${JSON.stringify({ ...r.error, got: undefined })}`;
      compare(disagreements, `newModel ${item}`, want.ok ? `ok ${want.ms}` : `ConversionError ${JSON.stringify({ field: "T", expected: "time.Time", name: "ConversionError" })}`, got);
    }
    expectNone(disagreements, compared, 4000);
  });

  it("a ptr(time) field: null is nil, anything else as a time field", () => {
    const disagreements: string[] = [];
    PTR_TEXTS.forEach((item, i) => {
      const doc = `${PREFIX}${item}}`;
      const go = ptrAnswers[i]!;
      let want: string;
      if (item === "null") want = go.ok && go.time!.nil ? "ok null {\"T\":null}" : `the oracle: ${JSON.stringify(go)}`;
      else {
        const w = expected(item);
        // (an UnmarshalTypeError names the type a ptr points to, as Go's indirect does)
        want = w.ok ? `ok ${w.ms} {"T":${w.utc}}` : refusal("T", "time.Time", w.got, PREFIX.length);
        // Go's *time.Time reads what its time.Time reads
        if (go.ok !== itemAnswer.get(item)!.ok) want = `Go's ptr and value differ: ${JSON.stringify(go)}`;
      }
      compare(disagreements, doc, want, outcome(Ptr, doc));
    });
    expectNone(disagreements, PTR_TEXTS.length, 1000);
  });

  it("a slice(time) field: each item as a time field (null is the zero time), the first refusal reported", () => {
    const disagreements: string[] = [];
    let read = 0;
    SLICE_TEXTS.forEach((list, i) => {
      const doc = `${PREFIX}${list}}`;
      const go = sliceAnswers[i]!;
      let want: string;
      if (!list.startsWith("[")) {
        if (list === "null") want = go.ok && go.time!.nil ? "ok null {\"T\":null}" : `the oracle: ${JSON.stringify(go)}`;
        else {
          // Go's own UnmarshalTypeError: json: cannot unmarshal string into Go struct field .T of type []time.Time
          const m = /^UnmarshalTypeError: json: cannot unmarshal (\w+) into Go struct field \.T of type (\S+)$/.exec(go.error ?? "");
          want = m ? refusal("T", m[2]!, m[1]!, PREFIX.length) : `the oracle: ${JSON.stringify(go)}`;
        }
      } else {
        const items = splitArray(list);
        const wants = items.map(({ item }) => expected(item));
        const first = wants.findIndex((w) => !w.ok);
        if (first >= 0) want = refusal(`T[${first}]`, "time.Time", (wants[first] as { got: string }).got, PREFIX.length + items[first]!.at);
        else {
          read++;
          const oks = wants as { ms: number; utc: string }[];
          want = `ok ${JSON.stringify(oks.map((w) => w.ms))} {"T":[${oks.map((w) => w.utc).join(",")}]}`;
        }
        // Go reads the list exactly when it reads each item
        if (go.ok !== items.every(({ item }) => itemAnswer.get(item)!.ok)) want = `Go's list and items differ: ${JSON.stringify(go)}`;
      }
      compare(disagreements, doc, want, outcome(Slice, doc));
    });
    expectNone(disagreements, SLICE_TEXTS.length, 1000);
    expect(read).toBeGreaterThan(500);
  });

  it("unique over a slice of times and gtfield / ltfield between times: Go's Equal, Before and After at milliseconds", () => {
    const disagreements: string[] = [];
    let duplicates = 0;
    let pairs = 0;
    let withNullItems = 0;
    let lists = 0;
    let withNull = 0;
    SLICE_TEXTS.forEach((list, i) => {
      const go = sliceAnswers[i]!;
      if (!list.startsWith("[") || !go.ok) return;
      const items = splitArray(list).map(({ item }) => item);
      if (!items.every((item) => expected(item).ok)) return;
      const doc = `${PREFIX}${list}}`;
      // a null item is Go's zero time, which Go's Equal compares (as checker does). README
      // (Semantics, Times): "comparisons use the same milliseconds", where Go's Equal, Before
      // and After see nanoseconds
      const unique = go.time!.unique;
      if (unique !== go.time!.uniqueNs) used("compared in milliseconds", list);
      lists++;
      if (!unique) duplicates++;
      if (items.includes("null")) withNullItems++;
      const notUnique: FieldError = { field: "T", code: "NOT_UNIQUE", message: "items must be unique", value: JSON.parse(list) };
      const r = UniqueSlice.safeUnmarshal(doc);
      compare(disagreements, `${doc} (unique)`, JSON.stringify(unique ? [] : [notUnique]), JSON.stringify(r.ok ? [] : (r.error as { errors?: FieldError[] }).errors ?? r.error.message));
      // validate() of the value read (null items hold the zero time) says the same
      compare(disagreements, `${doc} (validate, unique)`, String(unique), String(UniqueSlice.safeValidate(Slice.unmarshal(doc)).ok));
      go.time!.order.forEach((order, k) => {
        pairs++;
        if (order !== go.time!.orderNs[k]) used("compared in milliseconds", `${list} ${k}`);
        const [a, b] = [items[k]!, items[k + 1]!];
        const pair = `{"a":${a},"b":${b},"c":${b}}`;
        const errors: FieldError[] = [];
        // (null on the other field is Go's zero time, compared as the struct holds it; null on
        // the checked field itself is accepted unchecked: DESIGN.md's rule for null, where Go
        // compares its zero time, and validate() of the zero time unmarshal returns then differs)
        if (a === "null" || b === "null") withNull++;
        if (b === "null") {
          used("null accepted unchecked", pair); // (Go refuses b or c: of two equal zero times one is not strictly ordered)
          compare(disagreements, pair, "[]", JSON.stringify(Ordered.safeUnmarshal(pair).ok ? [] : "refused"));
          return;
        }
        if (order !== 1) errors.push({ field: "b", code: "MUST_BE_GT_FIELD", message: "must be greater than field a", value: JSON.parse(b) });
        if (order !== -1) errors.push({ field: "c", code: "MUST_BE_LT_FIELD", message: "must be less than field a", value: JSON.parse(b) });
        const o = Ordered.safeUnmarshal(pair);
        compare(disagreements, pair, JSON.stringify(errors), JSON.stringify(o.ok ? [] : (o.error as { errors?: FieldError[] }).errors ?? o.error.message));
        compare(disagreements, `${pair} (validate)`, String(errors.length === 0), String(Ordered.safeValidate(Unordered.unmarshal(pair)).ok));
      });
    });
    expectNone(disagreements, lists + pairs, 1000);
    expect(duplicates).toBeGreaterThan(50);
    expect({ nullItems: withNullItems > 20, nullSides: withNull > 20 }).toEqual({ nullItems: true, nullSides: true });
    expect(rulesUsed.get("compared in milliseconds")?.size ?? 0).toBeGreaterThan(50);
    expect(rulesUsed.get("null accepted unchecked")?.size ?? 0).toBeGreaterThan(20);
  });

  it("validate() and marshal() of a Date at each instant Go read: years 0..9999 in UTC, as Go's MarshalJSON", () => {
    const disagreements: string[] = [];
    let outside = 0;
    for (const [item, go] of itemAnswer) {
      if (!go.ok) continue;
      const { ms, utc } = go.time!.items[0]!;
      const value = { T: new Date(ms) };
      const refused = utc.startsWith("error: ");
      if (refused) outside++;
      // README (Semantics, Times): "`validate` and `marshal` take a `Date` in years 0..9999 (Go's
      // MarshalJSON refuses others ...)"
      const invalid: FieldError = { field: "T", code: "INVALID_TYPE", message: "must be of type time.Time", value: value.T.toJSON() };
      const v = Value.safeValidate(value);
      compare(disagreements, `${item} validate`, JSON.stringify(refused ? [invalid] : []), JSON.stringify(v.ok ? [] : v.error.errors));
      let written: string;
      try {
        written = text(Value.marshal(value));
      } catch (e) {
        written = `${(e as Error).name}: ${(e as Error).message}`;
      }
      compare(disagreements, `${item} marshal`, refused ? "ValidationError: T: must be of type time.Time" : `{"T":${utc}}`, written);
      // README (Marshal): dict is "a `Date` as Go's time text"
      if (!refused) compare(disagreements, `${item} dict`, utc, JSON.stringify(Value.dict(value).T));
    }
    expectNone(disagreements, itemAnswer.size, 2000);
    expect(outside).toBeGreaterThan(50);
  });
});
