// `lte=N` on numbers: MAX_VALUE `must be at most N` (N printed as written).
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeComparison } from "../support/directive-comparison.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

describeComparison({ name: "lte", code: "MAX_VALUE", verb: "must be at most", passes: (v, b) => v <= b });

describe("lte: exact cases", () => {
  it("the bound itself passes", () => {
    expectTyped(one(t.int("lte=0")), { f: 0 }, []);
    expectTyped(one(t.int("lte=0")), { f: 1 }, [fe("f", "MAX_VALUE", "must be at most 0", 1)]);
    expectTyped(one(t.float64("lte=150")), { f: 150.5 }, [fe("f", "MAX_VALUE", "must be at most 150", 150.5)]);
  });

  it("has the code and message of max on numbers", () => {
    expectTyped(one(t.int("lte=3")), { f: 4 }, [fe("f", "MAX_VALUE", "must be at most 3", 4)]);
    expectTyped(one(t.int("max=3")), { f: 4 }, [fe("f", "MAX_VALUE", "must be at most 3", 4)]);
  });

  it("JSON digits beyond float64 precision are rounded before the comparison", () => {
    const m = one(t.float64("lte=3"));
    expectUnmarshal(m, '{"f":3.0000000000000001}', []);
    expectUnmarshal(m, '{"f":3.000000000000001}', [fe("f", "MAX_VALUE", "must be at most 3", 3.000000000000001)]);
  });

  it("gte and lte together bound a range; each side reports its own error", () => {
    const m = model("Age", { age: t.int("gte=0,lte=150") });
    expectTyped(m, { age: 0 }, []);
    expectTyped(m, { age: 150 }, []);
    expectTyped(m, { age: 151 }, [fe("age", "MAX_VALUE", "must be at most 150", 151)]);
    expectTyped(m, { age: -1 }, [fe("age", "MIN_VALUE", "must be at least 0", -1)]);
  });
});
