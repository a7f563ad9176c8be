// time.Time values: RFC 3339 text as Go's time.Time.UnmarshalJSON accepts it. That is
// time.Parse(time.RFC3339, s) (src/time/format_rfc3339.go, parseStrictRFC3339: its strict checks
// are disabled, "TODO(https://go.dev/issue/54580)", so whatever Parse reads is taken):
//   YYYY-MM-DDTH[H]:MM:SS[(.|,)fraction](Z|+HH:MM|-HH:MM)
// a one-digit hour, a comma before the fraction, offsets up to 24 hours and 60 minutes; upper-case
// T and Z only; hour 0-23, second 0-59 (no leap second), the day valid for its month.
// Returns the instant in whole epoch milliseconds (as a JS Date holds it: digits below the
// millisecond are read and dropped), or NaN.

@inline function digit(p: usize): i32 {
  const c = <i32>load<u8>(p) - 0x30;
  return c >= 0 && c <= 9 ? c : -1000;
}

/** Two digits as a number, or a negative number when either is not a digit. */
@inline function two(p: usize): i32 {
  return digit(p) * 10 + digit(p + 1);
}

function daysInMonth(y: i32, m: i32): i32 {
  if (m == 2) return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
}

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
function daysFromCivil(y: i32, m: i32, d: i32): i64 {
  const yy: i64 = m <= 2 ? y - 1 : y;
  const era: i64 = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const mp: i64 = (m + 9) % 12;
  const doy = (153 * mp + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

export function parseTime(p: usize, len: u32): f64 {
  if (len < 19) return NaN;
  const hi = two(p);
  const lo = two(p + 2);
  if (hi < 0 || lo < 0) return NaN;
  const year = hi * 100 + lo;
  if (load<u8>(p + 4) != 0x2d || load<u8>(p + 7) != 0x2d || load<u8>(p + 10) != 0x54) return NaN;
  const month = two(p + 5);
  const day = two(p + 8);
  // the hour is one or two digits (the layout's "15" is Go's stdHour, read with getnum(value, false))
  let i: u32 = digit(p + 12) >= 0 ? 13 : 12;
  const hour = i == 13 ? two(p + 11) : digit(p + 11);
  if (i + 6 > len || load<u8>(p + i) != 0x3a || load<u8>(p + i + 3) != 0x3a) return NaN;
  const minute = two(p + i + 1);
  const second = two(p + i + 4);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour < 0 || hour > 23 ||
    minute < 0 || minute > 59 || second < 0 || second > 59) return NaN;
  i += 6;
  let frac: i32 = 0; // milliseconds
  // a fraction after '.' or ',' (Go's commaOrPeriod), when a digit follows it
  const sep = i + 1 < len ? load<u8>(p + i) : 0;
  if ((sep == 0x2e || sep == 0x2c) && digit(p + i + 1) >= 0) {
    i++;
    const start = i;
    while (i < len && digit(p + i) >= 0) {
      if (i - start < 3) frac = frac * 10 + digit(p + i);
      i++;
    }
    for (let k = i - start; k < 3; k++) frac *= 10;
  }
  if (i >= len) return NaN;
  let offsetMin: i32 = 0;
  const z = load<u8>(p + i);
  if (z == 0x5a) {
    i++;
  } else if (z == 0x2b || z == 0x2d) {
    if (i + 6 != len || load<u8>(p + i + 3) != 0x3a) return NaN;
    const oh = two(p + i + 1);
    const om = two(p + i + 4);
    // Go's range test is > rather than >= ("some people do write offsets of 24 hours or 60 minutes")
    if (oh < 0 || oh > 24 || om < 0 || om > 60) return NaN;
    offsetMin = (oh * 60 + om) * (z == 0x2d ? -1 : 1);
    i += 6;
  } else return NaN;
  if (i != len) return NaN;
  const days = daysFromCivil(year, month, day);
  const secs = days * 86400 + hour * 3600 + minute * 60 + second - offsetMin * 60;
  const ms = secs * 1000 + frac;
  // the instant must fall in years 0..9999 in UTC, where the value (a UTC Date) is written back
  // (Go's MarshalJSON refuses other years): 0000-01-01T00:30:00+01:00 is in year -1
  if (ms < FIRST_MS || ms > LAST_MS) return NaN;
  return <f64>ms;
}

/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in ms since 1970. */
const FIRST_MS: i64 = -62167219200000;
const LAST_MS: i64 = 253402300799999;
