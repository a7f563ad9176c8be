// The core's parseTime (RFC 3339 text -> epoch milliseconds, NaN when invalid) against a reference
// written here from what Go's time.Time.UnmarshalJSON reads. That is time.Parse(time.RFC3339, s):
// src/time/format_rfc3339.go parseStrictRFC3339 falls back to Parse and its strict checks are
// disabled ("TODO(https://go.dev/issue/54580): Strict parsing is disabled for now"):
//   YYYY-MM-DDTH[H]:MM:SS[(.|,)1*DIGIT](Z|+HH:MM|-HH:MM)
// the hour one or two digits (layout "15" is stdHour, getnum(value, false)), '.' or ',' before the
// fraction (commaOrPeriod), the day valid for its month (leap years), hours 0-23 (no 24:00:00),
// minutes and seconds 00-59 (no leap second 60, as Go), offset hours 00-24 and minutes 00-60 (Go's
// range test is `hr > 24`, `mm > 60`), upper-case T and Z only (RFC 3339 also allows t and z; Go's
// layout does not). Fraction digits beyond the 9th (nanoseconds) are read and dropped. The typed
// value (a Date built from the same text) must be the same instant, to the ms.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { getEngine } from "../bindings/engine.js";
import { Validator } from "../bindings/validator.js";
import { model, t } from "../bindings/model.js";

const engine = getEngine();
const block = engine.heap.alloc(256);
let compared = 0;

function core(text: string): number {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > 250) throw new Error("time text too long for the test block");
  const u8 = engine.heap.views().u8;
  u8.fill(0, block, block + 256);
  u8.set(bytes, block);
  return engine.exports.parseTime(block, bytes.length);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Days from 0000-03-01 counted by whole years and months (independent of the core's formula), minus the same for 1970-01-01. */
function daysFromEpoch(y: number, m: number, d: number): number {
  const count = (yy: number, mm: number, dd: number) => {
    let days = 0;
    for (let i = 1; i < mm; i++) days += daysIn(yy, i);
    const yearsBefore = yy; // years 0 .. yy-1
    const leapsBefore = yy === 0 ? 0 : Math.floor((yy - 1) / 4) - Math.floor((yy - 1) / 100) + Math.floor((yy - 1) / 400) + 1; // year 0 is leap
    return yearsBefore * 365 + leapsBefore + days + dd - 1;
  };
  return count(y, m, d) - count(1970, 1, 1);
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The instant in epoch ms (exact, and floored to whole ms), or undefined when the text is not a valid time. */
function referenceTime(text: string): { ms: number; wholeMs: number; fractionDigits: number } | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  let offset = 0;
  if (m[8] !== undefined) {
    const oh = Number(m[9]);
    const om = Number(m[10]);
    if (oh > 24 || om > 60) return undefined;
    offset = (oh * 60 + om) * (m[8] === "-" ? -1 : 1);
  }
  const frac = m[7] ?? "";
  const nanos = Number(frac.slice(0, 9).padEnd(9, "0"));
  const whole = ((daysFromEpoch(y, mo, d) * 24 + h) * 60 + mi) * 60 + s - offset * 60;
  const wholeMs = whole * 1000 + Math.floor(nanos / 1e6);
  // the instant must fall in years 0..9999 in UTC, where the value (a UTC Date) is written back:
  // 0000-01-01T00:00:00+00:01 is in year -1 (Go's MarshalJSON refuses such years)
  if (wholeMs < FIRST_MS || wholeMs > LAST_MS) return undefined;
  return { ms: whole * 1000 + nanos / 1e6, wholeMs, fractionDigits: frac.length };
}

/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z. */
const FIRST_MS = Date.parse("0000-01-01T00:00:00Z");
const LAST_MS = Date.parse("9999-12-31T23:59:59.999Z");

const TimeModel = model("Event", { at: t.time() });
const validator = new Validator(TimeModel);

/** Why the core disagrees with the reference on this text, or undefined. */
function disagreement(text: string, viaValidator = false): string | undefined {
  compared++;
  const want = referenceTime(text);
  const got = core(text);
  if (want === undefined) return Number.isNaN(got) ? undefined : `${JSON.stringify(text)}: reference rejects, parseTime gives ${got}`;
  if (Number.isNaN(got)) return `${JSON.stringify(text)}: reference gives ${want.ms}, parseTime rejects`;
  // parseTime gives whole milliseconds, as the Date that unmarshal builds holds them
  if (got !== want.wholeMs) return `${JSON.stringify(text)}: reference ${want.wholeMs}, parseTime ${got}`;
  if (viaValidator) {
    const r = validator.safeUnmarshal(JSON.stringify({ at: text }));
    if (!r.ok) return `${JSON.stringify(text)}: unmarshal rejects (${r.error.message})`;
    if (r.value.at.getTime() !== want.wholeMs) return `${JSON.stringify(text)}: unmarshal gives Date ${r.value.at.getTime()}, want ${want.wholeMs}`;
  }
  return undefined;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

// (Go takes ',' before the fraction, and offsets up to 24 hours and 60 minutes)
const fractionArb = fc.oneof(fc.constant(""), fc.tuple(fc.constantFrom(".", ".", ","), fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 9 })).map(([sep, f]) => sep + f));
const zoneArb = fc.oneof(fc.constant("Z"), fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
  .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`));

/** Valid RFC 3339 times (days valid for their month). */
const validTimeArb = fc.tuple(
  fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 4, 99, 100, 400, 1600, 1900, 1969, 1970, 2000, 2024, 2100, 9999)),
  fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }),
  fc.integer({ min: 0, max: 59 }), fractionArb, zoneArb, fc.boolean(),
).map(([y, mo, d, h, mi, s, f, z, oneDigitHour]) =>
  `${pad(y, 4)}-${pad(mo, 2)}-${pad(Math.min(d, daysIn(y, mo)), 2)}T${pad(h, oneDigitHour ? 1 : 2)}:${pad(mi, 2)}:${pad(s, 2)}${f}${z}`);

/** Fields out of range, one at a time. */
const outOfRangeArb = fc.tuple(
  fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }),
  fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fractionArb, fc.constantFrom("Z", "+", "-"), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }),
).map(([y, mo, d, h, mi, s, f, z, oh, om]) =>
  `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${f}${z === "Z" ? "Z" : `${z}${pad(oh, 2)}:${pad(om, 2)}`}`);

const CHARS = "0123456789-:T.Z+tz ,";
/** A valid time with one character replaced, inserted or deleted. */
const mutatedArb = fc.tuple(validTimeArb, fc.constantFrom(0, 1, 2), fc.nat(), fc.constantFrom(...CHARS)).map(([s, kind, at, c]) => {
  const i = at % (s.length + 1);
  if (kind === 0) return s.slice(0, i) + c + s.slice(i + 1);
  if (kind === 1) return s.slice(0, i) + c + s.slice(i);
  return s.slice(0, i) + s.slice(i + 1);
});

afterAll(() => console.log(`parseTime: ${compared} texts compared with the reference`));

describe("parseTime matches an RFC 3339 reference", () => {
  it("hand-picked valid and invalid times", () => {
    const valid = [
      "2024-02-29T00:00:00Z", "2000-02-29T12:30:45Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z", "0000-01-01T00:00:00Z",
      "0000-02-29T00:00:00Z", "9999-12-31T23:59:59.999999999+23:59", "2024-06-30T23:59:59-23:59", "2024-01-31T10:00:00.5+05:30",
      "2024-04-30T00:00:00.000Z", "1600-02-29T00:00:00Z", "2024-12-31T23:59:59.1-00:00",
      // what time.Parse(time.RFC3339) reads beyond RFC 3339: a one-digit hour, a comma, offsets to 24:60
      "2024-01-01T0:00:00Z", "2024-01-01T9:59:59.5-01:00", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00+24:00",
      "2024-01-01T00:00:00+05:60", "2024-01-01T00:00:00-24:60", "2024-01-01T5:00:00,123456789+24:00",
    ];
    const invalid = [
      "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-04-31T00:00:00Z",
      "2024-06-31T00:00:00Z", "2024-09-31T00:00:00Z", "2024-11-31T00:00:00Z", "2024-01-32T00:00:00Z", "2024-01-00T00:00:00Z",
      "2024-00-10T00:00:00Z", "2024-13-10T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z",
      "2024-01-01 00:00:00Z", "2024-01-01t00:00:00Z", "2024-01-01T00:00:00z", "2024-01-01T00:00:00", "2024-01-01T00:00:00.123",
      "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00+0530", "2024-01-01T00:00:00+05", "2024-01-01T00:00:00ZZ", "2024-01-01T00:00:00Z ", " 2024-01-01T00:00:00Z", "2024-1-01T00:00:00Z",
      "24-01-01T00:00:00Z", "12024-01-01T00:00:00Z", "-2024-01-01T00:00:00Z", "+2024-01-01T00:00:00Z", "2024-01-01T00:00Z", "2024-01-01", "", "2024-01-01T00:00:00+05:30Z", "2024-01-01T00:00:00.+05:30", "２０２４-01-01T00:00:00Z",
      "202x-01-01T00:00:00Z", "100t-01-01T00:00:00Z", "999:-01-01T00:00:00Z", // the year's last character is not a digit
      "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00+05:61", "2024-01-01T00:00:00,Z", "2024-01-01T:00:00Z", "2024-01-01T000:00:00Z",
      "2024-01-01T0:0:00Z", "2024-01-01T00:00:0Z", "2024-01-01T00:00:00.,5Z",
    ];
    const bad = [...valid.map((s) => disagreement(s, true)), ...invalid.map((s) => disagreement(s))].filter((d) => d !== undefined);
    expect(bad).toEqual([]);
    for (const s of valid) expect(referenceTime(s), s).toBeDefined();
    for (const s of invalid) expect(referenceTime(s), s).toBeUndefined();
  });

  it("generated valid times, read as the same instant by parseTime and by unmarshal", () => {
    fc.assert(fc.property(validTimeArb, (s) => {
      const d = disagreement(s, true);
      if (d) throw new Error(d);
    }), { numRuns: 4000 });
  });

  it("generated times with fields out of range", () => {
    fc.assert(fc.property(outOfRangeArb, (s) => {
      const d = disagreement(s);
      if (d) throw new Error(d);
    }), { numRuns: 4000 });
  });

  it("generated times with a character replaced, inserted or deleted", () => {
    fc.assert(fc.property(mutatedArb, (s) => {
      if ((referenceTime(s)?.fractionDigits ?? 0) > 9) return; // the next test
      const d = disagreement(s);
      if (d) throw new Error(d);
    }), { numRuns: 4000 });
  });

  it("fractions of more than 9 digits are read (RFC 3339 time-secfrac is 1*DIGIT; Go reads them and keeps nanoseconds)", () => {
    const texts = ["2024-01-01T00:00:00.1234567891Z", "2024-01-01T00:00:00.000000000000000001+01:00", `2024-01-01T00:00:00.${"9".repeat(30)}Z`];
    const bad = texts.map((s) => disagreement(s, true)).filter((d) => d !== undefined);
    expect(bad).toEqual([]);
  });
});
