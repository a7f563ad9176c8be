// `gte=N` on numbers: MIN_VALUE `must be at least N` (N printed as written).
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeComparison } from "../support/directive-comparison.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

describeComparison({ name: "gte", code: "MIN_VALUE", verb: "must be at least", passes: (v, b) => v >= b });

describe("gte: exact cases", () => {
  it("the bound itself passes", () => {
    expectTyped(one(t.int("gte=0")), { f: 0 }, []);
    expectTyped(one(t.int("gte=0")), { f: -1 }, [fe("f", "MIN_VALUE", "must be at least 0", -1)]);
    expectTyped(one(t.float32("gte=0.5")), { f: 0.49999999 }, [fe("f", "MIN_VALUE", "must be at least 0.5", 0.49999999)]);
  });

  it("has the code and message of min on numbers; both written, both are reported", () => {
    expectTyped(one(t.int("gte=3")), { f: 2 }, [fe("f", "MIN_VALUE", "must be at least 3", 2)]);
    expectTyped(one(t.int("min=3")), { f: 2 }, [fe("f", "MIN_VALUE", "must be at least 3", 2)]);
    expectTyped(one(t.int("min=3,gte=3")), { f: 2 }, [fe("f", "MIN_VALUE", "must be at least 3", 2), fe("f", "MIN_VALUE", "must be at least 3", 2)]);
  });

  it("a number in exponent form is read by its value", () => {
    const m = one(t.float64("gte=100"));
    expectUnmarshal(m, '{"f":1e2}', []);
    expectUnmarshal(m, '{"f":0.999e2}', [fe("f", "MIN_VALUE", "must be at least 100", 99.9)]);
  });

  it("map values of models report at `map.key.field`", () => {
    const Score = model("Score", { points: t.int("gte=0") });
    const Board = model("Board", { scores: t.map(Score) });
    expectTyped(Board, { scores: { alice: { points: 1 }, bob: { points: -1 } } }, [fe("scores.bob.points", "MIN_VALUE", "must be at least 0", -1)]);
    expectUnmarshal(Board, '{"scores":{"b\\u006fb":{"points":-1}}}', [fe("scores.bob.points", "MIN_VALUE", "must be at least 0", -1)]);
  });
});
