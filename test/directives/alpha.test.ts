// `alpha`: MUST_BE_ALPHA `must contain only alphabetic characters` (ASCII letters only).
import { describe, it } from "vitest";
import { t } from "../../bindings/index.js";
import { describeFormat } from "../support/directive-format.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

const msg = "must contain only alphabetic characters";

describeFormat({
  name: "alpha", code: "MUST_BE_ALPHA", message: msg,
  valid: ["abc", "ABCxyz", "Z", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"],
  invalid: ["abc1", "a b", "é", "a-b", "日本", "😀", "a\n", "ab_", "@", "[", "`", "{", "Ａ"],
});

describe("alpha: ASCII only", () => {
  it("non-ASCII letters fail, composed or not", () => {
    for (const s of ["café", "cafe\u0301", "straße", "Ωmega"]) expectTyped(one(t.string("alpha")), { f: s }, [fe("f", "MUST_BE_ALPHA", msg, s)]);
  });

  it("a letter written as a \\u escape passes", () => {
    expectUnmarshal(one(t.string("alpha")), '{"f":"\\u0041b"}', []);
  });
});
