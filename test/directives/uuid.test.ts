// `uuid`: INVALID_UUID `must be a valid UUID`: 8-4-4-4-12 hex digits, any case, any version.
import fc from "fast-check";
import { describe, it } from "vitest";
import { t } from "../../bindings/index.js";
import { describeFormat } from "../support/directive-format.js";
import { nearUuid } from "../support/directive-gen.js";
import { expectSame, fe, one, unmarshalErrors, validateErrors } from "../support/directive-harness.js";

describeFormat({
  name: "uuid", code: "INVALID_UUID", message: "must be a valid UUID",
  valid: [
    "123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    "aBcDeF01-2345-6789-abcd-ef0123456789",
    // any version and variant digit
    "123e4567-e89b-f2d3-0456-426614174000",
  ],
  invalid: [
    "123e4567e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
    "g23e4567-e89b-12d3-a456-426614174000", "{123e4567-e89b-12d3-a456-426614174000}", "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
    "123e4567-e89b-12d3-a456_426614174000", " 123e4567-e89b-12d3-a456-42661417400", "123e4567e89b12d3a456426614174000",
    "123e4567-e89b-12d3-a456-42661417400é", "123e4567-e89b-12d3-a4560426614174000-",
  ],
});

const RULE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

describe("uuid: the 8-4-4-4-12 rule as a regular expression is the oracle", () => {
  it("unmarshal and validate agree with it on 3,000 UUIDs with one change", () => {
    const m = one(t.string("uuid"));
    fc.assert(
      fc.property(nearUuid, (s) => {
        const want = RULE.test(s) ? [] : [fe("f", "INVALID_UUID", "must be a valid UUID", s)];
        expectSame(unmarshalErrors(m, { f: s }), want, `unmarshal ${s}`);
        expectSame(validateErrors(m, { f: s }), want, `validate ${s}`);
      }),
      { numRuns: 3000 },
    );
  });
});
