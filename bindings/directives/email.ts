// `email`: INVALID_EMAIL `must be a valid email address`. The original library's rule, exactly:
// ^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$
// The core checks it byte by byte (assembly/formats.ts); this reference is the rule itself, as a
// JavaScript RegExp (the same meaning here: ASCII classes on UTF-16 units, `$` only at the end).
import { OP_EMAIL } from "../layout.js";
import { formatDirective } from "./format.js";

const EMAIL = /^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$/;

export function isEmail(s: string): boolean {
  return EMAIL.test(s);
}

export const email = formatDirective({
  name: "email", op: OP_EMAIL, code: "INVALID_EMAIL", message: "must be a valid email address",
  schema: { format: "email" }, test: isEmail,
});
