// `lt=N` on numbers: EXCLUSIVE_MAX `must be less than N` (N printed as written).
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeComparison } from "../support/directive-comparison.js";
import { expectTyped, expectUnmarshal, fe, one } from "../support/directive-harness.js";

describeComparison({ name: "lt", code: "EXCLUSIVE_MAX", verb: "must be less than", passes: (v, b) => v < b });

describe("lt: exact cases", () => {
  it("the bound itself fails", () => {
    expectTyped(one(t.int("lt=0")), { f: 0 }, [fe("f", "EXCLUSIVE_MAX", "must be less than 0", 0)]);
    expectTyped(one(t.int("lt=0")), { f: -1 }, []);
    expectTyped(one(t.float64("lt=-1.5")), { f: -1.5 }, [fe("f", "EXCLUSIVE_MAX", "must be less than -1.5", -1.5)]);
    expectTyped(one(t.float64("lt=-1.5")), { f: -1.5000000000000002 }, []);
  });

  it("lt=0 on an unsigned kind fails every value", () => {
    for (const v of [0, 1, 255]) expectTyped(one(t.uint8("lt=0")), { f: v }, [fe("f", "EXCLUSIVE_MAX", "must be less than 0", v)]);
  });

  it("-0 is not less than 0", () => {
    expectUnmarshal(one(t.float64("lt=0")), '{"f":-0}', [fe("f", "EXCLUSIVE_MAX", "must be less than 0", 0)]);
    expectUnmarshal(one(t.float64("lt=0")), '{"f":-0.0}', [fe("f", "EXCLUSIVE_MAX", "must be less than 0", 0)]);
    expectTyped(one(t.float64("lt=0")), { f: -0 }, [fe("f", "EXCLUSIVE_MAX", "must be less than 0", 0)]);
  });

  it("a required field that is missing gets REQUIRED alone", () => {
    expectUnmarshal(one(t.int("required,lt=5")), "{}", [fe("f", "REQUIRED", "field is required", null)]);
    expectUnmarshal(one(t.int("required,lt=-5")), "{}", [fe("f", "REQUIRED", "field is required", null)], { strictMissingFields: false });
  });

  it("a failure inside a list of models is reported at its index", () => {
    const Item = model("Item", { price: t.float64("lt=100") });
    const Order = model("Order", { items: t.slice(Item) });
    expectTyped(Order, { items: [{ price: 1 }, { price: 100 }, { price: 250.5 }] }, [
      fe("items[1].price", "EXCLUSIVE_MAX", "must be less than 100", 100),
      fe("items[2].price", "EXCLUSIVE_MAX", "must be less than 100", 250.5),
    ]);
  });
});
