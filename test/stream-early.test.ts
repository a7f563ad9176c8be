// Errors a stream reports before the document ends, each at the chunk where it becomes certain:
// a closed value that breaks a constraint, an open string already longer than max=, an array
// already past max items, an unknown key under forbid, a string no oneof= value starts with, a
// wrong JSON type (UnmarshalTypeError; the rest is only checked for syntax), a syntax error
// (JsonSyntaxError ends the stream). Checks that need the object closed (required, missing fields, cross-field) come at
// close. For each: the chunk index of the first report, the `early` mark and its replacement by
// the final record, the offset, and (done) the same errors as one-shot.
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, UnmarshalTypeError, type FieldError } from "../bindings/errors.js";
import { model, t, type Model } from "../bindings/model.js";
import { StreamParser, type StreamError, type StreamFieldError, type StreamResult } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import type { ValidatorOptions } from "../bindings/resolve.js";
import { differences, feedAll, fieldError, oneShot } from "./support/stream-harness.js";

const encoder = new TextEncoder();

const Sub = model("Sub", { a: t.int("required"), b: t.string() });
const Doc = model("Doc", {
  age: t.int("min=18"),
  name: t.string("min=2,max=5"),
  kind: t.string("oneof=alpha beta"),
  tags: t.slice(t.string(), "max=2"),
  nums: t.slice(t.int(), "max=2"),
  subs: t.slice(Sub, "max=1"),
  sub: t.ptr(Sub),
  lo: t.int(),
  hi: t.int("gtfield=lo"),
  req: t.string("required"),
  cond: t.string("required_if=kind beta"),
  meta: t.any(),
});

const lax: ValidatorOptions = { strictMissingFields: false };

/** Feed the chunks (then end()) and keep every result; also check the run against one-shot. */
function trace(chunks: (string | Uint8Array)[], options: ValidatorOptions = lax, m: Model = Doc): StreamResult<unknown>[] {
  const v = new Validator(m, options);
  const run = feedAll(new StreamParser(v), chunks, { keep: true });
  const whole = chunks.every((c) => typeof c === "string") ? chunks.join("") : concat(chunks);
  expect(differences(run, oneShot(v, whole))).toEqual([]);
  return run.results;
}

function concat(chunks: (string | Uint8Array)[]): Uint8Array {
  const parts = chunks.map((c) => (typeof c === "string" ? encoder.encode(c) : c));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

const isField = (e: StreamError): e is StreamFieldError => !(e instanceof Error);
const has = (field: string, code: string) => (e: StreamError) => isField(e) && e.field === field && e.code === code;

/** Index of the first result with an error matching `pred` (-1: none). */
function firstAt(results: StreamResult<unknown>[], pred: (e: StreamError) => boolean): number {
  return results.findIndex((r) => r.errors.some(pred));
}

function errorAt(results: StreamResult<unknown>[], i: number, pred: (e: StreamError) => boolean): StreamError {
  const e = results[i].errors.find(pred);
  if (!e) throw new Error(`no such error after chunk ${i}`);
  return e;
}

/** The error's offset lies in the chunk that reported it: bytes before it <= offset <= bytes after it. */
function expectOffsetIn(results: StreamResult<unknown>[], i: number, e: StreamError): void {
  const before = i === 0 ? 0 : results[i - 1].state.bytesReceived;
  expect(e.offset).toBeGreaterThanOrEqual(before);
  expect(e.offset).toBeLessThanOrEqual(results[i].state.bytesReceived);
}

describe("a closed value that breaks a constraint: reported when the value closes", () => {
  it("a number: when a delimiter ends it (17 could still become 170)", () => {
    const r = trace(['{"age":1', "7", ',"req":"x"', "}"]);
    expect(firstAt(r, has("age", "MIN_VALUE"))).toBe(2);
    const e = errorAt(r, 2, has("age", "MIN_VALUE")) as StreamFieldError;
    expect(e.early).toBeUndefined();
    expect(fieldError(e)).toEqual({ field: "age", code: "MIN_VALUE", message: "must be at least 18", value: 17 });
    expectOffsetIn(r, 2, e);
    expect(r[2].done).toBe(false);
    expect(r[2].state.lastError).toBe(e);
  });

  it("a number ended by whitespace or by the closing brace", () => {
    expect(firstAt(trace(['{"age":17', " ", ',"req":"x"}']), has("age", "MIN_VALUE"))).toBe(1);
    expect(firstAt(trace(['{"req":"x","age":17', "}"]), has("age", "MIN_VALUE"))).toBe(1);
  });

  it("a string below min=: when its closing quote arrives", () => {
    const r = trace(['{"name":"a', '"', ',"req":"x"}']);
    expect(firstAt(r, has("name", "MIN_LENGTH"))).toBe(1);
    expect((errorAt(r, 1, has("name", "MIN_LENGTH")) as StreamFieldError).early).toBeUndefined();
  });

  it("an item of an array of models: when the item closes, not when the array does", () => {
    const r = trace(['{"req":"x","subs":[{"b":"q"', "}", "]}"]);
    expect(firstAt(r, has("subs[0].a", "REQUIRED"))).toBe(1);
  });
});

describe("an open string already longer than max=: reported early, replaced when it closes", () => {
  it("counted in characters as they arrive", () => {
    const r = trace(['{"req":"x","name":"abc', "de", "f", "gh", '"', "}"]);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBe(2);
    const early = errorAt(r, 2, has("name", "MAX_LENGTH")) as StreamFieldError;
    expect(early).toMatchObject({ field: "name", code: "MAX_LENGTH", message: "must be at most 5 characters", value: "abcdef", early: true });
    expectOffsetIn(r, 2, early);
    expect(r[2].state.lastError).toBe(early);
    // still reported once while the string grows, then the final record (not early) replaces it
    expect(r[3].errors.filter(has("name", "MAX_LENGTH"))).toHaveLength(1);
    const closed = errorAt(r, 4, has("name", "MAX_LENGTH")) as StreamFieldError;
    expect(closed.early).toBeUndefined();
    expect(closed.value).toBe("abcdefgh");
    expect(r[5].errors.filter(has("name", "MAX_LENGTH"))).toHaveLength(1);
  });

  it("characters are code points: five emoji are not too long, the sixth is", () => {
    const r = trace(['{"req":"x","name":"😀😀😀', "😀😀", "😀", '"}']);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBe(2);
  });

  it("escapes count as the character they stand for, once complete", () => {
    const r = trace(['{"req":"x","name":"\\u00e9\\n\\"\\\\', "\\u00", "e9", "x", '"}']);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBe(3);
  });

  it("byte chunks: a character cut inside its UTF-8 bytes counts when it can no longer be anything else", () => {
    const bytes = encoder.encode('{"req":"x","name":"ééééé€"}');
    const at = bytes.indexOf(0xe2); // € (3 bytes), the sixth character
    const r = trace([bytes.subarray(0, at), bytes.subarray(at, at + 2), bytes.subarray(at + 2, at + 3), bytes.subarray(at + 3)]);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBeGreaterThanOrEqual(1);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBeLessThanOrEqual(2);
    expect((errorAt(r, 2, has("name", "MAX_LENGTH")) as StreamFieldError).value).toBe("ééééé€");
  });

  it("a pointer to a string: the same", () => {
    const P = model("P", { p: t.ptr(t.string(), "max=2") });
    const r = trace(['{"p":"ab', "c", '"}'], lax, P);
    expect(firstAt(r, has("p", "MAX_LENGTH"))).toBe(1);
  });

  it("a long string in hundreds of chunks (emoji, escapes, cut escapes): the text and the count stay exact", () => {
    const unit = 'ab😀\\u00e9\\ud83d\\ude00\\n"x';
    const body = JSON.stringify(unit.repeat(300)).slice(1, -1); // raw JSON string text, 300 units
    const limit = [...(JSON.parse(`"${body}"`) as string)].length - 7;
    const S = model("S", { s: t.string(`max=${limit}`) });
    const chunks = ['{"s":"'];
    for (let i = 0, k = 0; i < body.length; k++) {
      const n = 1 + ((k * 7) % 13); // 1..13 units, cutting escapes and surrogate pairs anywhere
      let end = Math.min(body.length, i + n);
      if (/[\uD800-\uDBFF]/.test(body[end - 1])) end++; // a string chunk cannot hold half a pair
      chunks.push(body.slice(i, end));
      i = end;
    }
    chunks.push('"}');
    const r = trace(chunks, lax, S);
    // oracle: the text so far is the longest prefix of the raw text JSON.parse accepts, unless it
    // ends in a high surrogate (its low half may follow); the error comes with the first chunk
    // after which that text has more than `limit` characters
    const shown: string[] = [];
    let raw = "";
    for (let i = 1; i < chunks.length - 1; i++) {
      raw += chunks[i];
      for (let cut = raw.length; ; cut--) {
        let text: string;
        try {
          text = JSON.parse(`"${raw.slice(0, cut)}"`) as string;
        } catch {
          continue;
        }
        if (/[\uD800-\uDBFF]$/.test(text)) continue;
        shown.push(text);
        break;
      }
    }
    const want = 1 + shown.findIndex((text) => [...text].length > limit);
    expect(want).toBeGreaterThan(0);
    expect(firstAt(r, has("s", "MAX_LENGTH"))).toBe(want);
    expect(chunks.length).toBeGreaterThan(200); // more parts than one flattened block holds
    shown.forEach((text, i) => expect((r[i + 1].partial as { s: string }).s).toBe(text));
  });

  it("a string exactly max long is not reported", () => {
    const r = trace(['{"req":"x","name":"abcde', '"}']);
    expect(firstAt(r, has("name", "MAX_LENGTH"))).toBe(-1);
  });
});

describe("an open array already past max items: reported when the extra item starts", () => {
  it("strings: at the opening quote of the third item, not at the comma before it", () => {
    const r = trace(['{"req":"x","tags":["a","b"', ",", '"', 'c"', "]", "}"]);
    expect(firstAt(r, has("tags", "MAX_ITEMS"))).toBe(2);
    expect(errorAt(r, 2, has("tags", "MAX_ITEMS"))).toMatchObject({ early: true, message: "must have at most 2 items" });
    const final = errorAt(r, 4, has("tags", "MAX_ITEMS")) as StreamFieldError;
    expect(final.early).toBeUndefined();
    expect(final.value).toEqual(["a", "b", "c"]);
  });

  it("numbers: at the first digit of the third item", () => {
    const r = trace(['{"req":"x","nums":[1,2,', "3", "]}"]);
    expect(firstAt(r, has("nums", "MAX_ITEMS"))).toBe(1);
  });

  it("a fixed-size array holds its length whatever the JSON holds (extra items are dropped): no early report, the count is checked when it closes", () => {
    const Fixed = model("FixedMax", { a: t.array(3, t.int(), "max=3"), b: t.array(3, t.int(), "maxItems=2") });
    const r = trace(['{"a":[1,2,3,', "4,5", '],"b":[1,2,', "3,4", "]}"], lax, Fixed);
    expect(r.map((x) => x.errors.map((e) => (isField(e) ? [e.field, e.code, e.early ?? false] : e.message)))).toEqual([
      [], [], [], [], [["b", "MAX_ITEMS", false]], [["b", "MAX_ITEMS", false]], // (the last: end())
    ]);
  });

  it("objects: at the brace that opens the second item (max=1)", () => {
    const r = trace(['{"req":"x","subs":[{"a":1}', ",", "{", '"a":2}', "]}"]);
    expect(firstAt(r, has("subs", "MAX_ITEMS"))).toBe(2);
  });

  it("the early value is the array so far in JSON form: JSON names, times as RFC 3339 (Go's form), fields not read yet left out; the final record's is the array as written", () => {
    const Stop = model("Stop", { zip: t.string('json:"zip_code"'), at: t.time() });
    const Trip = model("Trip", { stops: t.slice(Stop, "max=1") });
    const r = trace(['{"stops":[{"zip_code":"a","at":"2020-01-01T00:00:00.500Z"},{"zip_code":"b"', ',"at":"2021-02-03T04:05:06Z"}]}'], lax, Trip);
    expect(errorAt(r, 0, has("stops", "MAX_ITEMS"))).toMatchObject({ early: true, value: [{ zip_code: "a", at: "2020-01-01T00:00:00.5Z" }, { zip_code: "b" }] });
    expect(errorAt(r, 1, has("stops", "MAX_ITEMS"))).toMatchObject({ value: [{ zip_code: "a", at: "2020-01-01T00:00:00.500Z" }, { zip_code: "b", at: "2021-02-03T04:05:06Z" }] });
  });
});

describe("an unknown key under forbid: reported when the key closes", () => {
  const forbid: ValidatorOptions = { ...lax, extraFields: "forbid" };

  it("at the key's closing quote, before its value; the final record carries the value", () => {
    const r = trace(['{"req":"x","zz', 'z"', ":", "[1,", "2]", "}"], forbid);
    expect(firstAt(r, has("zzz", "EXTRA_FIELD"))).toBe(1);
    expect(errorAt(r, 1, has("zzz", "EXTRA_FIELD"))).toMatchObject({ early: true, message: "unknown field in JSON" });
    const final = r[r.length - 1].errors.find(has("zzz", "EXTRA_FIELD")) as StreamFieldError;
    expect(final.early).toBeUndefined();
    expect(final.value).toEqual([1, 2]);
  });

  it("nested objects give the path; escaped keys their decoded name", () => {
    const r = trace(['{"req":"x","sub":{"a":1,"\\u00e9', '"', ":2}}"], forbid);
    expect(firstAt(r, has("sub.é", "EXTRA_FIELD"))).toBe(1);
  });

  it("keys inside an unknown key's value or inside an any value are not unknown keys", () => {
    const r = trace(['{"req":"x","zz":{"q', '":1},"meta":{"w', '":2}}'], forbid);
    const extra = (e: StreamError) => isField(e) && e.code === "EXTRA_FIELD";
    expect(r[r.length - 1].errors.filter(extra).map((e) => (e as FieldError).field)).toEqual(["zz"]);
    expect(r.flatMap((x) => x.errors).filter(extra).every((e) => (e as FieldError).field === "zz")).toBe(true);
  });

  it("ignore and allow report nothing", () => {
    const Open = model("Open", { req: t.string(), rest: t.extras() });
    for (const extraFields of ["ignore", "allow"] as const) {
      const r = trace(['{"req":"x","zz', 'z"', ":1}"], { ...lax, extraFields }, Open);
      expect(r.flatMap((x) => x.errors).filter((e) => isField(e) && e.code === "EXTRA_FIELD")).toEqual([]);
    }
  });
});

describe("a string no oneof= value can start with: reported when the first impossible character arrives", () => {
  it("al then x", () => {
    const r = trace(['{"req":"x","kind":"', "al", "x", 'pha"}']);
    expect(firstAt(r, has("kind", "INVALID_ENUM"))).toBe(2);
    expect(errorAt(r, 2, has("kind", "INVALID_ENUM"))).toMatchObject({ early: true, value: "alx", message: "must be one of: alpha, beta" });
  });

  it("a prefix of a value is not reported until the string closes", () => {
    const r = trace(['{"req":"x","kind":"', "alp", "h", '"', "}"]);
    expect(firstAt(r, has("kind", "INVALID_ENUM"))).toBe(3);
    expect((errorAt(r, 3, has("kind", "INVALID_ENUM")) as StreamFieldError).early).toBeUndefined();
  });

  it("escaped characters are compared decoded", () => {
    expect(firstAt(trace(['{"req":"x","kind":"b\\u0065', "t", 'a"}']), has("kind", "INVALID_ENUM"))).toBe(-1);
    expect(firstAt(trace(['{"req":"x","kind":"b\\u0066', "t", 'a"}']), has("kind", "INVALID_ENUM"))).toBe(0);
  });
});

describe("a wrong JSON type: UnmarshalTypeError as soon as the value's first byte shows it; the rest is only checked for syntax", () => {
  it("a string for an int: the type error alone, as one-shot; done when the document completes", () => {
    const r = trace(['{"age":', '"', '1"', "}"]);
    expect(firstAt(r, (e) => e instanceof UnmarshalTypeError)).toBe(1);
    const e = r[1].errors[0] as UnmarshalTypeError;
    expect(r[1].errors).toEqual([e]);
    expect(e).toMatchObject({ field: "age", expected: "int", got: "string", message: "cannot unmarshal string into field age of type int" });
    expectOffsetIn(r, 1, e);
    expect(r[1].state.lastError).toBe(e);
    // later chunks are read (a syntax error there would win), the error stays; done at the closing brace
    expect(r.map((x) => x.done)).toEqual([false, false, false, true, true]);
    expect(r[3].errors).toEqual([e]);
    expect(r[3].state.bytesReceived).toBe(11);
    expect(r[4].value).toBeUndefined();
  });

  it("a literal for an int, before the literal is complete; an object for a string; a number for a model", () => {
    expect(firstAt(trace(['{"age":', "tr", "ue}"]), (e) => e instanceof UnmarshalTypeError)).toBe(1);
    expect(firstAt(trace(['{"name":', "{", "}}"]), (e) => e instanceof UnmarshalTypeError)).toBe(1);
    expect(firstAt(trace(['{"sub":', "1", "}"]), (e) => e instanceof UnmarshalTypeError)).toBe(1);
  });

  it("constraint errors found before it leave the list: one-shot reports the type error alone", () => {
    const r = trace(['{"age":1,', '"name":', "[", "]}"]);
    expect(r[1].errors.map((e) => (e instanceof Error ? e.name : e.code))).toEqual(["MIN_VALUE"]);
    expect(r[2].errors.map((e) => (e instanceof Error ? e.name : e.code))).toEqual(["UnmarshalTypeError"]);
  });

  it("a syntax error after it takes its place, at the chunk where it is certain (Go checks the whole text first)", () => {
    const r = trace(['{"age":"x"', ",", "}"]);
    expect(r[0].errors.map((e) => e.constructor.name)).toEqual(["UnmarshalTypeError"]);
    expect(r[1].errors).toEqual(r[0].errors);
    expect(r[2].errors).toHaveLength(1);
    expect(r[2].errors[0]).toBeInstanceOf(JsonSyntaxError);
    expect(r[2].errors[0]).toMatchObject({ offset: 11, message: 'unexpected character "}" at offset 11 (line 1, column 12)' });
    expect(r[2].done).toBe(true);
    // so do bytes after the document, and a document cut short (at end())
    const after = trace(['{"age":"x"}', " x"]);
    expect(after[1].errors[0]).toMatchObject({ offset: 12 });
    expect(after[1].errors[0]).toBeInstanceOf(JsonSyntaxError);
    const cut = trace(['{"age":"x"']);
    expect(cut[0].errors[0]).toBeInstanceOf(UnmarshalTypeError);
    expect(cut[1].errors[0]).toBeInstanceOf(JsonSyntaxError);
  });
});

describe("a syntax error: JsonSyntaxError at the chunk with the first impossible byte; done, the stream ends", () => {
  it("a trailing comma", () => {
    const r = trace(['{"req":"x","age":20', ",", "}", "]"]);
    expect(firstAt(r, (e) => e instanceof JsonSyntaxError)).toBe(2);
    const e = r[2].errors[r[2].errors.length - 1] as JsonSyntaxError;
    expect(e.offset).toBe(20);
    expect(r[2].done).toBe(true);
    expect(r[1].done).toBe(false);
    expect(r[3].errors).toEqual(r[2].errors);
  });

  it("a bad literal, a bad escape, invalid UTF-8, a raw control character", () => {
    expect(firstAt(trace(['{"req":"x","meta":t', "ru", "x"]), (e) => e instanceof JsonSyntaxError)).toBe(2);
    expect(firstAt(trace(['{"req":"x","name":"a\\', "q", '"}']), (e) => e instanceof JsonSyntaxError)).toBe(1);
    expect(firstAt(trace([encoder.encode('{"req":"x","name":"a'), Uint8Array.of(0xff), encoder.encode('"}')]), (e) => e instanceof JsonSyntaxError)).toBe(1);
    expect(firstAt(trace(['{"req":"x","name":"a', "\n", '"}']), (e) => e instanceof JsonSyntaxError)).toBe(1);
  });

  it("a document cut short: at end()", () => {
    const r = trace(['{"req":"x"', ',"age":20']);
    expect(r[1].done).toBe(false);
    expect(firstAt(r, (e) => e instanceof JsonSyntaxError)).toBe(2);
    expect(r[2].done).toBe(true);
  });
});

describe("checks that need the object closed: only at its closing brace", () => {
  it("required, missing fields (strict), gtfield, required_if", () => {
    const chunks = ['{"kind":"beta"', ',"lo":5', ',"hi":3', ',"age":20', ',"name":"abc"', ',"tags":[],"nums":[],"subs":[],"sub":null,"meta":1', "}"];
    const r = trace(chunks, {});
    const last = chunks.length - 1;
    for (const [field, code] of [["req", "REQUIRED"], ["cond", "REQUIRED_IF"], ["hi", "MUST_BE_GT_FIELD"]]) {
      const at = firstAt(r, (e) => isField(e) && e.field === field);
      expect(at, `${field} ${code}`).toBe(last);
    }
    expect(r[last].errors.map((e) => (e as FieldError).field).sort()).toEqual(["cond", "hi", "req"]);
    expect(r.slice(0, last).every((x) => x.errors.length === 0)).toBe(true);
  });

  it("required and missing fields (strict) of a nested object: when that object closes", () => {
    const r = trace(['{"sub":{"b":"x"', "}", ',"req":"x"', "}"], {});
    expect(firstAt(r, has("sub.a", "REQUIRED"))).toBe(1);
    const m = trace(['{"sub":{"a":1', "}", ',"req":"x"', "}"], {});
    expect(firstAt(m, has("sub.b", "MISSING_FIELD"))).toBe(1);
  });
});

describe("reports stay consistent", () => {
  it("a final record that replaces an early report which is not the last one shows in that very result (the list is not a stale copy)", () => {
    const Item = model("StaleItem", { s: t.string("max=3") });
    const S = model("Stale", { list: t.slice(Item, "max=2") });
    const p = new StreamParser(S, lax);
    const first = p.feed('{"list":[{},{},{"s":"zzzzzz');
    expect(first.errors.map((e) => `${(e as StreamFieldError).field} ${(e as StreamFieldError).code} ${(e as StreamFieldError).early === true}`)).toEqual(["list[2].s MAX_LENGTH true", "list MAX_ITEMS true"]);
    const second = p.feed('"');
    expect(second.errors.map((e) => `${(e as StreamFieldError).field} ${(e as StreamFieldError).code} ${(e as StreamFieldError).early === true}`)).toEqual(["list[2].s MAX_LENGTH false", "list MAX_ITEMS true"]);
    expect((second.errors[0] as StreamFieldError).value).toBe("zzzzzz");
  });

  it("the list holds the final records in one-shot's order, then the early reports still open; an error shows once when keyed by field and code", () => {
    const Item = model("OrdItem", { n: t.int("min=1") });
    const Ord = model("Ord", { items: t.slice(Item, "max=1") });
    const r = trace(['{"items":[{"n":1},{', '"n":0}', "]}"], lax, Ord);
    const listed = r.map((x) => x.errors.map((e) => `${(e as StreamFieldError).field} ${(e as StreamFieldError).code}${(e as StreamFieldError).early ? " early" : ""}`));
    expect(listed).toEqual([["items MAX_ITEMS early"], ["items[1].n MIN_VALUE", "items MAX_ITEMS early"], ["items[1].n MIN_VALUE", "items MAX_ITEMS"], ["items[1].n MIN_VALUE", "items MAX_ITEMS"]]);
    // the README's way to show each error once
    const shown = new Set<string>();
    const order: string[] = [];
    for (const x of r) for (const e of x.errors as StreamFieldError[]) if (!shown.has(`${e.field} ${e.code}`)) { shown.add(`${e.field} ${e.code}`); order.push(`${e.field} ${e.code}`); }
    expect(order).toEqual(["items MAX_ITEMS", "items[1].n MIN_VALUE"]);
  });

  it("an error keeps the offset at which it was reported when a later repeated key re-renders the list", () => {
    const r = trace(['{"age":1', "7", ',"req":"x"', ',"name":"a"', ',"name":"abc"', "}"]);
    const first = errorAt(r, 2, has("age", "MIN_VALUE"));
    for (let i = 3; i < r.length; i++) expect(errorAt(r, i, has("age", "MIN_VALUE")).offset, `after chunk ${i}`).toBe(first.offset);
  });

  it("early reports stop at maxErrors (every early report is confirmed by the final list)", () => {
    const M = model("M", { a: t.string("max=2"), b: t.string("max=2") });
    // trace() checks that every early error is in the final list
    const r = trace(['{"a":"xxx","b":"yy', "y", '"}'], { maxErrors: 1 }, M);
    expect(r[r.length - 1].errors.map((e) => (e as FieldError).code)).toEqual(["MAX_LENGTH", "TOO_MANY_ERRORS"]);
  });

  it("an early report leaves the list when its final record can no longer fit within maxErrors", () => {
    const Item = model("Item", { s: t.string("max=1") });
    const M = model("M", { items: t.slice(Item, "max=2") });
    const r = trace(['{"items":[{"s":"aa"},{"s":"bb"},{"s":"c', 'c"}', "]}"], { maxErrors: 3 }, M);
    const item = (i: number, value: string, offset: number) => ({ field: `items[${i}].s`, code: "MAX_LENGTH", message: "must be at most 1 characters", value, offset });
    const shown = (k: number) => r[k].errors.map((e) => ({ ...(e as FieldError) }));
    expect(shown(0)).toEqual([
      item(0, "aa", 39), item(1, "bb", 39),
      { field: "items", code: "MAX_ITEMS", message: "must have at most 2 items", value: [{ s: "aa" }, { s: "bb" }, { s: "c" }], offset: 39, early: true },
    ]);
    // the third item's record fills the list: the array's own record would come fourth
    expect(shown(1)).toEqual([item(0, "aa", 39), item(1, "bb", 39), item(2, "cc", 42)]);
    expect(shown(2)).toEqual([
      item(0, "aa", 39), item(1, "bb", 39), item(2, "cc", 42),
      { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 3", value: null, offset: 44 },
    ]);
  });

  it("a repeated key takes back an early report of the value it replaced, also when that value closed in the same chunk", () => {
    const M = model("M", { tags: t.slice(t.string(), "max=1") });
    const v = new Validator(M, lax);
    const chunks = ['{"tags":["a","b"', '],"tags":["a"', "]}"];
    const run = feedAll(new StreamParser(v), chunks, { keep: true });
    expect(differences(run, oneShot(v, chunks.join("")), { repeatedKeys: true })).toEqual([]);
    const r = run.results;
    expect(r[0].errors.map((e) => ({ ...(e as FieldError) }))).toEqual([
      { field: "tags", code: "MAX_ITEMS", message: "must have at most 1 items", value: ["a", "b"], offset: 16, early: true },
    ]);
    // (the first value's final record came and was taken back within chunk 1: never rendered)
    expect(r[1].errors).toEqual([]);
    expect(r[2].errors).toEqual([]);
    expect(r[2].value).toEqual({ tags: ["a"] });
  });

  it("a list cut at maxErrors drops the early reports still waiting: none can join it any more", () => {
    const S = model("S", { s: t.string("alpha,max=1") });
    // "1a": MAX_LENGTH is certain at the "a" (early); at the closing quote MUST_BE_ALPHA comes
    // first in one-shot's order and fills the list of one, so MAX_LENGTH is never confirmed
    const r = trace(['{"s":"1a', '"', "}"], { maxErrors: 1 }, S);
    expect(r[0].errors.map((e) => ({ ...(e as FieldError) }))).toEqual([
      { field: "s", code: "MAX_LENGTH", message: "must be at most 1 characters", value: "1a", offset: 8, early: true },
    ]);
    const cut = [
      { field: "s", code: "MUST_BE_ALPHA", message: "must contain only alphabetic characters", value: "1a", offset: 9 },
      { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 1", value: null, offset: 9 },
    ];
    expect(r[1].errors.map((e) => ({ ...(e as FieldError) }))).toEqual(cut);
    expect(r[1].done).toBe(false);
    expect(r[2].errors.map((e) => ({ ...(e as FieldError) }))).toEqual(cut);
  });

  it("an escaped surrogate pair cut between its halves counts as one character", () => {
    const S = model("S", { s: t.string("max=1") });
    // "\uD83D\uDE00" is one character (😀): max=1 holds, one-shot accepts
    const r = trace(['{"s":"\\uD83D', "\\uDE00", '"}'], {}, S);
    expect(r[1].errors).toEqual([]);
    expect(r[r.length - 1].value).toEqual({ s: "😀" });
  });

  it("a document that closes early and then has more than whitespace: the same syntax error as one-shot, however it is cut", () => {
    const S = model("S", { s: t.string() });
    const v = new Validator(S);
    const whole = '{"s":"a"} x';
    const want = oneShot(v, whole);
    expect(want).toMatchObject({ status: "syntax", offset: 10 });
    for (let i = 1; i < whole.length; i++) {
      const run = feedAll(new StreamParser(v), [whole.slice(0, i), whole.slice(i)]);
      expect(run.ending, `cut at ${i}`).toEqual(want);
    }
  });
});

describe("a field error's offset is bytesReceived at the chunk that made it certain (README), not its value's position", () => {
  it("fed whole: the document's length; byte by byte: the byte after the one that made it certain", () => {
    const M = model("M", { mood: t.string("oneof=happy sad"), n: t.int("min=5") });
    const text = '{"mood":"ha","n":1}   ';
    const whole = new StreamParser(M).feed(text);
    expect(whole.errors).toEqual([
      { field: "mood", code: "INVALID_ENUM", message: "must be one of: happy, sad", value: "ha", offset: text.length },
      { field: "n", code: "MIN_VALUE", message: "must be at least 5", value: 1, offset: text.length },
    ]);
    const p = new StreamParser(M);
    let last: StreamResult<unknown> | undefined;
    for (const ch of text) last = p.feed(ch);
    // "ha" is certain at its closing quote (byte 11); 1 at the "}" that ends it (byte 18)
    expect((last?.errors as StreamFieldError[]).map((e) => [e.field, e.offset])).toEqual([["mood", 12], ["n", 19]]);
    // a syntax error's offset is the bad byte itself, however it is fed
    expect((new StreamParser(M).feed('{"mood":"sad",]').errors[0] as JsonSyntaxError).offset).toBe(14);
  });
});

describe("the final value deep-equals one-shot's, with its keys in the document's order (README)", () => {
  it("nested models and items keep the order they were written in; fields left out come last", () => {
    const A = model("A", { x: t.int(), y: t.int() });
    const M = model("M", { a: t.int("default=5"), s: t.string(), n: A, l: t.slice(A) });
    const text = '{"l":[{"y":1,"x":2}],"n":{"y":3,"x":4},"s":"q"}';
    const oneShot = new Validator(M).unmarshal(text);
    const streamed = new StreamParser(M).feed(text).value;
    expect(streamed).toEqual(oneShot);
    expect(JSON.stringify(oneShot)).toBe('{"a":5,"s":"q","n":{"x":4,"y":3},"l":[{"x":2,"y":1}]}');
    expect(JSON.stringify(streamed)).toBe('{"l":[{"y":1,"x":2}],"n":{"y":3,"x":4},"s":"q","a":5}');
  });
});
