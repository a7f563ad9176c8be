// time.Time text as Go's time.Time.UnmarshalJSON reads it, the TypeScript twin of assembly/time.ts
// (the same steps, on UTF-16 units; every position is tested, so a text with a non-ASCII unit is
// refused by both): time.Parse(time.RFC3339, s) with its strict checks disabled
//   YYYY-MM-DDTH[H]:MM:SS[(.|,)fraction](Z|+HH:MM|-HH:MM)
// a one-digit hour, a comma before the fraction, a fraction of any length (digits below the
// millisecond dropped, as a Date holds milliseconds), offsets up to 24 hours and 60 minutes;
// upper-case T and Z only; hour 0-23, second 0-59, the day valid for its month; the instant in
// years 0..9999 in UTC. Used to build the Date of a text the core accepted, and by newModel's
// direct copy for a time given as a string (test/go-numbers-times checks it against the core).

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 0x30;
  return c >= 0 && c <= 9 ? c : -1000; // (NaN past the end: not a digit either)
};

/** Two digits as a number, or a negative number when either is not a digit. */
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in ms since 1970. */
const FIRST_MS = -62167219200000;
const LAST_MS = 253402300799999;

/** The instant of a Go RFC 3339 time text in epoch milliseconds, or NaN when Go (and the core) refuse it. */
export function goTimeMillis(s: string): number {
  const len = s.length;
  if (len < 19) return NaN;
  const hi = two(s, 0);
  const lo = two(s, 2);
  if (hi < 0 || lo < 0) return NaN;
  const year = hi * 100 + lo;
  if (s[4] !== "-" || s[7] !== "-" || s[10] !== "T") return NaN;
  const month = two(s, 5);
  const day = two(s, 8);
  // the hour is one or two digits (the layout's "15" is Go's stdHour, read with getnum(value, false))
  let i = digit(s, 12) >= 0 ? 13 : 12;
  const hour = i === 13 ? two(s, 11) : digit(s, 11);
  if (i + 6 > len || s[i] !== ":" || s[i + 3] !== ":") return NaN;
  const minute = two(s, i + 1);
  const second = two(s, i + 4);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour < 0 || hour > 23 ||
    minute < 0 || minute > 59 || second < 0 || second > 59) return NaN;
  i += 6;
  let frac = 0; // milliseconds
  // a fraction after '.' or ',' (Go's commaOrPeriod), when a digit follows it
  if (i + 1 < len && (s[i] === "." || s[i] === ",") && digit(s, i + 1) >= 0) {
    const start = ++i;
    for (; i < len && digit(s, i) >= 0; i++) if (i - start < 3) frac = frac * 10 + digit(s, i);
    for (let k = i - start; k < 3; k++) frac *= 10;
  }
  if (i >= len) return NaN;
  let offsetMin = 0;
  if (s[i] === "Z") {
    i++;
  } else if (s[i] === "+" || s[i] === "-") {
    if (i + 6 !== len || s[i + 3] !== ":") return NaN;
    const oh = two(s, i + 1);
    const om = two(s, i + 4);
    // Go's range test is > rather than >= ("some people do write offsets of 24 hours or 60 minutes")
    if (oh < 0 || oh > 24 || om < 0 || om > 60) return NaN;
    offsetMin = (oh * 60 + om) * (s[i] === "-" ? -1 : 1);
    i += 6;
  } else return NaN;
  if (i !== len) return NaN;
  const secs = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offsetMin * 60;
  const ms = secs * 1000 + frac;
  // the instant must fall in years 0..9999 in UTC, where the value (a UTC Date) is written back
  // (Go's MarshalJSON refuses other years): 0000-01-01T00:30:00+01:00 is in year -1
  return ms < FIRST_MS || ms > LAST_MS ? NaN : ms;
}

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian; integer division truncates, as in the core). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.trunc((yy >= 0 ? yy : yy - 399) / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.trunc((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.trunc(yoe / 4) - Math.trunc(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The Date of a Go RFC 3339 time text (an invalid Date when it is none). */
export function timeFromText(text: string): Date {
  return new Date(goTimeMillis(text));
}
