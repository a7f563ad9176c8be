// `alpha`: MUST_BE_ALPHA `must contain only alphabetic characters` (ASCII letters).
import { OP_ALPHA } from "../layout.js";
import { every, formatDirective, isAsciiLetter } from "./format.js";

export const alpha = formatDirective({
  name: "alpha", op: OP_ALPHA, code: "MUST_BE_ALPHA", message: "must contain only alphabetic characters",
  schema: { pattern: "^[a-zA-Z]*$" }, test: (s) => every(s, 0, s.length, isAsciiLetter),
});
