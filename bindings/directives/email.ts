// `email`: INVALID_EMAIL `must be a valid email address`. The original library's rule, exactly:
// ^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$  (checked byte by byte, no regex engine).
import { OP_EMAIL } from "../layout.js";
import { every, formatDirective, isAsciiLetter, isDigit } from "./format.js";

const isLocal = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 0x2e || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
const isDomain = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 0x2e || c === 0x2d;

export function isEmail(s: string): boolean {
  const at = s.indexOf("@");
  if (at <= 0 || !every(s, 0, at, isLocal)) return false;
  if (!every(s, at + 1, s.length, isDomain)) return false;
  // the TLD is what follows the last dot: at least two letters, with a domain character before the dot
  const dot = s.lastIndexOf(".");
  return dot >= at + 2 && s.length - dot - 1 >= 2 && every(s, dot + 1, s.length, isAsciiLetter);
}

export const email = formatDirective({
  name: "email", op: OP_EMAIL, code: "INVALID_EMAIL", message: "must be a valid email address",
  schema: { format: "email" }, test: isEmail,
});
