// `email`: INVALID_EMAIL `must be a valid email address`; the original library's rule
// ^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$, checked byte by byte.
import fc from "fast-check";
import { describe, it } from "vitest";
import { t } from "../../bindings/index.js";
import { describeFormat } from "../support/directive-format.js";
import { nearEmail } from "../support/directive-gen.js";
import { expectSame, fe, one, unmarshalErrors, validateErrors } from "../support/directive-harness.js";

describeFormat({
  name: "email", code: "INVALID_EMAIL", message: "must be a valid email address",
  valid: [
    "a@b.co", "first.last+tag@sub.example.com", "A_B%c-d@x-y.z.AB", "1@2.io", "user@example.museum",
    // the rule allows dots and dashes anywhere in both parts
    ".a@b.cd", "a..b@c..de", "a@-.co", "a@b.c.d.ef",
  ],
  invalid: [
    "plainaddress", "@b.co", "a@", "a@b", "a@b.c", "a@b.c1", "a@.co", "a b@c.de", "a@b_c.de", "é@b.co",
    "a@b.co ", " a@b.co", "a@@b.co", "a@b@c.co", "a@b.co.", "a@b.c-o", "a@b.c😀", "a@münchen.de", "\"a\"@b.co",
  ],
});

const RULE = /^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$/;

describe("email: the rule as a regular expression is the oracle", () => {
  it("unmarshal and validate agree with the rule on 3,000 nearly valid addresses", () => {
    const m = one(t.string("email"));
    fc.assert(
      fc.property(nearEmail, (s) => {
        const want = s === "" || RULE.test(s) ? [] : [fe("f", "INVALID_EMAIL", "must be a valid email address", s)];
        expectSame(unmarshalErrors(m, { f: s }), want, `unmarshal ${s}`);
        expectSame(validateErrors(m, { f: s }), want, `validate ${s}`);
      }),
      { numRuns: 3000 },
    );
  });
});
