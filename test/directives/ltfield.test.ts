// `ltfield=F`: MUST_BE_LT_FIELD `must be less than field F` (numbers, strings in code point
// order, times); skipped when either side is null. Runs when the object closes.
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeFieldComparison } from "../support/directive-field-comparison.js";
import { expectTyped, expectUnmarshal, fe } from "../support/directive-harness.js";

describeFieldComparison({ name: "ltfield", code: "MUST_BE_LT_FIELD", word: "less", sign: -1 });

describe("ltfield: exact cases", () => {
  it("a price range: min below max", () => {
    const Range = model("PriceRange", { min: t.float64("ltfield=max"), max: t.float64() });
    expectTyped(Range, { min: 10, max: 9.99 }, [fe("min", "MUST_BE_LT_FIELD", "must be less than field max", 10)]);
    expectTyped(Range, { min: 9.99, max: 10 }, []);
  });

  it("strings with escapes compare decoded", () => {
    const Names = model("Names", { first: t.string("ltfield=last"), last: t.string() });
    expectUnmarshal(Names, '{"first":"\\u0062","last":"b"}', [fe("first", "MUST_BE_LT_FIELD", "must be less than field last", "b")]);
    expectUnmarshal(Names, '{"first":"\\u00e9","last":"\\ud83d\\ude00"}', []);
  });
});
