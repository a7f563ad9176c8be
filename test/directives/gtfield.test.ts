// `gtfield=F`: MUST_BE_GT_FIELD `must be greater than field F` (numbers, strings in code point
// order, times); skipped when either side is null. Runs when the object closes.
import { describe, it } from "vitest";
import { model, t } from "../../bindings/index.js";
import { describeFieldComparison } from "../support/directive-field-comparison.js";
import { expectTyped, fe } from "../support/directive-harness.js";

describeFieldComparison({ name: "gtfield", code: "MUST_BE_GT_FIELD", word: "greater", sign: 1 });

describe("gtfield: exact cases", () => {
  it("a booking: end after start", () => {
    const Booking = model("Booking", { start: t.time(), end: t.time("gtfield=start") });
    expectTyped(Booking, { start: new Date("2024-05-01T10:00:00Z"), end: new Date("2024-05-01T09:59:59.999Z") }, [
      fe("end", "MUST_BE_GT_FIELD", "must be greater than field start", "2024-05-01T09:59:59.999Z"),
    ]);
    expectTyped(Booking, { start: new Date("2024-05-01T10:00:00Z"), end: new Date("2024-05-01T10:00:00.001Z") }, []);
  });

  it("gtfield and ltfield together bound a field between two others", () => {
    const Between = model("Between", { lo: t.int(), x: t.int("gtfield=lo,ltfield=hi"), hi: t.int() });
    expectTyped(Between, { lo: 1, x: 2, hi: 3 }, []);
    expectTyped(Between, { lo: 3, x: 2, hi: 1 }, [
      fe("x", "MUST_BE_GT_FIELD", "must be greater than field lo", 2),
      fe("x", "MUST_BE_LT_FIELD", "must be less than field hi", 2),
    ]);
  });
});
