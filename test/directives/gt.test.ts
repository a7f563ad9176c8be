// `gt=N` on numbers: EXCLUSIVE_MIN `must be greater than N` (N printed as written).
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeComparison } from "../support/directive-comparison.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

describeComparison({ name: "gt", code: "EXCLUSIVE_MIN", verb: "must be greater than", passes: (v, b) => v > b });

describe("gt: exact cases", () => {
  it("the bound itself fails", () => {
    expectTyped(one(t.int("gt=0")), { f: 0 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than 0", 0)]);
    expectTyped(one(t.int("gt=0")), { f: 1 }, []);
    expectTyped(one(t.float64("gt=1.5")), { f: 1.5 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than 1.5", 1.5)]);
    expectTyped(one(t.float64("gt=1.5")), { f: 1.5000000000000002 }, []);
    expectTyped(one(t.uint8("gt=255")), { f: 255 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than 255", 255)]);
  });

  it("N is printed as written (leading zeros, sign, exponent)", () => {
    expectTyped(one(t.int("gt=01")), { f: 1 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than 01", 1)]);
    expectTyped(one(t.int("gt=+1")), { f: 1 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than +1", 1)]);
    expectTyped(one(t.float64("gt=1E-3")), { f: 0.001 }, [fe("f", "EXCLUSIVE_MIN", "must be greater than 1E-3", 0.001)]);
  });

  it("several failing directives of one field are reported in the order they are written", () => {
    expectTyped(one(t.int("gt=5,lt=3")), { f: 4 }, [
      fe("f", "EXCLUSIVE_MIN", "must be greater than 5", 4),
      fe("f", "EXCLUSIVE_MAX", "must be less than 3", 4),
    ]);
    expectTyped(one(t.int("lt=3,gt=5")), { f: 4 }, [
      fe("f", "EXCLUSIVE_MAX", "must be less than 3", 4),
      fe("f", "EXCLUSIVE_MIN", "must be greater than 5", 4),
    ]);
  });

  it("fields fail in document order (unmarshal) and declaration order (validate)", () => {
    const m = model("Two", { a: t.int("gt=0"), b: t.int("gt=0") });
    expectTyped(m, { a: 0, b: -1 }, [fe("a", "EXCLUSIVE_MIN", "must be greater than 0", 0), fe("b", "EXCLUSIVE_MIN", "must be greater than 0", -1)]);
    expectUnmarshal(m, '{"b":-1,"a":0}', [fe("b", "EXCLUSIVE_MIN", "must be greater than 0", -1), fe("a", "EXCLUSIVE_MIN", "must be greater than 0", 0)]);
  });
});
