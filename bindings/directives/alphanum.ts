// `alphanum`: MUST_BE_ALPHANUM `must contain only alphanumeric characters` (ASCII letters, digits).
import { OP_ALPHANUM } from "../layout.js";
import { every, formatDirective, isAsciiLetter, isDigit } from "./format.js";

export const alphanum = formatDirective({
  name: "alphanum", op: OP_ALPHANUM, code: "MUST_BE_ALPHANUM", message: "must contain only alphanumeric characters",
  schema: { pattern: "^[a-zA-Z0-9]*$" }, test: (s) => every(s, 0, s.length, (c) => isAsciiLetter(c) || isDigit(c)),
});
