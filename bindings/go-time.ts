// The instant of a time text the core accepted (assembly/time.ts: Go's time.Parse(time.RFC3339)
// form, which is looser than the ECMAScript date format that `new Date(text)` is sure to read: a
// one-digit hour, a comma before the fraction, a fraction of any length, offsets up to +24:60).
// The text is rewritten into the ECMAScript form, in UTC, and the offset subtracted. Digits below
// the millisecond are dropped (a Date holds milliseconds), as the core drops them.

const GO_RFC3339 = /^(\d{4}-\d{2}-\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The Date of an RFC 3339 text as Go reads it (an invalid Date when it is none). */
export function timeFromText(text: string): Date {
  const m = GO_RFC3339.exec(text);
  if (m === null) return new Date(Number.NaN);
  const [, date, hour, minute, second, fraction = "", sign, offsetHours = "0", offsetMinutes = "0"] = m;
  const ms = fraction.slice(0, 3).padEnd(3, "0");
  const utc = Date.parse(`${date}T${hour.padStart(2, "0")}:${minute}:${second}.${ms}Z`);
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return new Date(sign === "-" ? utc + offset : sign === "+" ? utc - offset : utc);
}
