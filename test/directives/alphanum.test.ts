// `alphanum`: MUST_BE_ALPHANUM `must contain only alphanumeric characters` (ASCII letters and digits).
import { describe, it } from "vitest";
import { t } from "../../bindings/index.js";
import { describeFormat } from "../support/directive-format.js";
import { expectTyped, fe, one } from "../support/directive-harness.js";

const msg = "must contain only alphanumeric characters";

describeFormat({
  name: "alphanum", code: "MUST_BE_ALPHANUM", message: msg,
  valid: ["abc123", "A1", "0", "ZZZ", "0123456789", "aZ09"],
  invalid: ["a_b", "a b", "é1", "١٢٣", "a-1", "1.5", "😀", "+1", "/", ":", "-0", "１"],
});

describe("alphanum: ASCII only", () => {
  it("non-ASCII digits and letters fail", () => {
    for (const s of ["٣", "१२", "Ⅻ", "ñ1"]) expectTyped(one(t.string("alphanum")), { f: s }, [fe("f", "MUST_BE_ALPHANUM", msg, s)]);
  });

  it("alpha and alphanum together report their own errors", () => {
    expectTyped(one(t.string("alpha,alphanum")), { f: "a1" }, [fe("f", "MUST_BE_ALPHA", "must contain only alphabetic characters", "a1")]);
    expectTyped(one(t.string("alpha,alphanum")), { f: "a_" }, [
      fe("f", "MUST_BE_ALPHA", "must contain only alphabetic characters", "a_"),
      fe("f", "MUST_BE_ALPHANUM", msg, "a_"),
    ]);
  });
});
