// Go's string form of a value, used where the original library compares values as text
// (oneof, required_if): strconv.FormatInt / FormatFloat(v, 'f', -1, 64) / FormatBool, and a
// string as Go holds it (goString).

/** Shortest decimal digits of a float without an exponent, as Go's FormatFloat(v, 'f', -1, 64). */
export function formatFloatGo(v: number): string {
  if (!Number.isFinite(v)) return v > 0 ? "+Inf" : v < 0 ? "-Inf" : "NaN";
  const s = String(v);
  const e = s.indexOf("e");
  if (e < 0) return s;
  // JS uses an exponent for |v| >= 1e21 and |v| < 1e-6: expand it.
  const neg = s[0] === "-";
  const mant = s.slice(neg ? 1 : 0, e).replace(".", "");
  const dot = (s.indexOf(".") < 0 ? e : s.indexOf(".")) - (neg ? 1 : 0);
  const point = dot + Number(s.slice(e + 1));
  let out: string;
  if (point <= 0) out = "0." + "0".repeat(-point) + mant;
  else if (point >= mant.length) out = mant + "0".repeat(point - mant.length);
  else out = mant.slice(0, point) + "." + mant.slice(point);
  return (neg ? "-" : "") + out;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The Go string of a JS string: each lone surrogate is U+FFFD, as Go's encoding/json decodes a lone
 * `\u` escape (and as UTF-8 encoders write one). The core reads a value's lone surrogate this way
 * (assembly/strings.ts replaceLoneSurrogates), and a directive's text reaches it UTF-8 encoded, so
 * every check that compares strings compares their Go strings.
 */
export function goString(s: string): string {
  return SURROGATE.test(s) ? s.replace(LONE_SURROGATE, "\uFFFD") : s;
}

/** Go's text of a scalar value of the given kind class (a string's: its Go string). */
export function formatGo(value: unknown): string {
  if (typeof value === "string") return goString(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Object.is(value, -0) ? "0" : formatFloatGo(value);
  return String(value);
}

/** The number whose Go text is exactly `text`, or undefined when no number prints that way. */
export function numberWithGoText(text: string): number | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && formatFloatGo(n) === text ? n : undefined;
}
