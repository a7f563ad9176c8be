// `url`: INVALID_URL `must be a valid URL`. Any scheme with a host or a path (DESIGN.md):
//   scheme ":" "//" [userinfo "@"] host [":" port] [path]   host or path non-empty
//   scheme ":" "/" path
// An opaque form (mailto:x, data:...) has neither and fails. Control characters and spaces fail
// anywhere; '%' must start a %XX escape; a port is digits.
import { OP_URL } from "../layout.js";
import { formatDirective, isAsciiLetter, isDigit, isHex } from "./format.js";

const isSchemeChar = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e;

export function isUrl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return false;
    if (c === 0x25 && !(i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))) return false;
  }
  if (s.length === 0 || !isAsciiLetter(s.charCodeAt(0))) return false;
  let i = 1;
  while (i < s.length && isSchemeChar(s.charCodeAt(i))) i++;
  if (s.charCodeAt(i) !== 0x3a) return false; // ':'
  i++;
  if (s.charCodeAt(i) !== 0x2f) return false; // opaque or empty after the scheme
  if (s.charCodeAt(i + 1) !== 0x2f) return true; // scheme:/path
  // authority: up to the next '/', '?' or '#'
  const start = i + 2;
  let end = start;
  while (end < s.length && !"/?#".includes(s[end])) end++;
  const at = s.lastIndexOf("@", end - 1);
  const hostStart = at >= start ? at + 1 : start;
  let hostEnd = end;
  if (s.charCodeAt(hostStart) === 0x5b) {
    // [IPv6]
    const close = s.indexOf("]", hostStart);
    if (close < 0 || close >= end) return false;
    hostEnd = close + 1;
    if (hostEnd < end && s.charCodeAt(hostEnd) !== 0x3a) return false;
  } else {
    const colon = s.indexOf(":", hostStart);
    if (colon >= 0 && colon < end) hostEnd = colon;
  }
  for (let p = hostEnd + 1; p < end; p++) if (!isDigit(s.charCodeAt(p))) return false; // port
  let pathEnd = end;
  while (pathEnd < s.length && s[pathEnd] !== "?" && s[pathEnd] !== "#") pathEnd++;
  return hostEnd > hostStart || pathEnd > end;
}

export const url = formatDirective({
  name: "url", op: OP_URL, code: "INVALID_URL", message: "must be a valid URL",
  schema: { format: "uri" }, test: isUrl,
});
