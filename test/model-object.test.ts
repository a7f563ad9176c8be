// newModel's direct copy reads and makes a model's objects with code generated per model
// (bindings/model-object.ts), or member by member where code generation is not allowed: either
// way the object is unmarshal's (own members only, "__proto__" an own member, the key order JSON
// gives), and the string bounds answer by length where it decides (hasAtLeastPoints).
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePoints, hasAtLeastPoints, hasAtMostPoints } from "../bindings/directives/directive.js";
import { model, newModel, t, unmarshal, ValidationError } from "../bindings/index.js";

// Keys that a plain keyed read or write gets wrong: inherited names, integer-like keys (which
// objects list first), and "__proto__" (which an assignment or a literal key takes as the prototype).
const FIELDS = `{ constructor: t.string(), toString: t.int("min=1"), "10": t.bool(), "2": t.string(), ["__proto__"]: t.string("required"), zed: t.ptr(t.int()) }`;
const INPUT = `{ constructor: "c", toString: 3, "10": true, "2": "two", ["__proto__"]: "p", zed: null }`;
const EXPECTED_ENTRIES = [["2", "two"], ["10", true], ["constructor", "c"], ["toString", 3], ["__proto__", "p"], ["zed", null]];

function errorsOf(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    if (e instanceof ValidationError) return e.errors.map((x) => ({ ...x }));
    throw e;
  }
  throw new Error("no ValidationError");
}

describe("newModel's direct copy of awkward keys", () => {
  const M = new Function("model", "t", `return model("Awkward", ${FIELDS});`)(model, t) as ReturnType<typeof model>;
  const input = new Function(`return ${INPUT};`)() as Record<string, unknown>;

  it("gives unmarshal's object: own members, the same key order, Object.prototype", () => {
    const v = newModel(M, input) as Record<string, unknown>;
    expect(v).not.toBe(input);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.entries(v)).toEqual(EXPECTED_ENTRIES);
    expect(Object.entries(unmarshal(M, JSON.stringify(input)) as object)).toEqual(EXPECTED_ENTRIES);
  });

  it("checks them and finds a missing one that a plain read would find inherited", () => {
    expect(errorsOf(() => newModel(M, { ...input, toString: 0 }))).toEqual([{ field: "toString", code: "MIN_VALUE", message: "must be at least 1", value: 0 }]);
    const body = JSON.parse('{"constructor":"c","10":true,"2":"two","__proto__":"p","zed":null}') as object;
    expect(errorsOf(() => newModel(M, body))).toEqual([{ field: "toString", code: "MISSING_FIELD", message: "toString field is missing and has no default", value: null }]);
  });

  it("makes and reads a model with no fields", () => {
    const Empty = model("Empty", {});
    const input = {};
    const v = newModel(Empty, input);
    expect(v).toEqual({});
    expect(v).not.toBe(input);
    expect(newModel(Empty, { x: {}, y: 1 })).toEqual({}); // (unknown keys, ignored: by the round trip, and by the copy)
  });

  it("gives the same without code generation (node --disallow-code-generation-from-strings)", () => {
    const script = `
      import { model, t, newModel, validate, safeValidate } from "checker";
      const M = model("Awkward", ${FIELDS});
      const v = newModel(M, ${INPUT});
      let bad; try { newModel(M, { ...${INPUT}, toString: 0 }); } catch (e) { bad = e.errors; }
      const checked = [validate(M, v) ?? "valid", safeValidate(M, { ...v, toString: 0 }).error?.errors];
      let evalWorks = true; try { new Function("return 1"); } catch { evalWorks = false; }
      console.log(JSON.stringify([Object.getPrototypeOf(v) === Object.prototype, Object.entries(v), bad, checked, evalWorks]));`;
    const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8" });
    const tooSmall = [{ field: "toString", code: "MIN_VALUE", message: "must be at least 1", value: 0 }];
    expect(JSON.parse(out)).toEqual([true, EXPECTED_ENTRIES, tooSmall, ["valid", tooSmall], false]);
  });
});

describe("string bounds answered by length where it decides", () => {
  // (lone and paired surrogates, ASCII and the BMP: strings whose length and code points differ)
  const unit = fc.constantFrom("a", "é", "\ud83d\ude00", "\ud800", "\udc00", "\ud83d");
  const text = fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(""));

  it("agree with counting the code points (2,000 strings and bounds)", () => {
    fc.assert(fc.property(text, fc.nat(30), (s, n) => {
      expect(hasAtLeastPoints(s, n)).toBe(codePoints(s) >= n);
      expect(hasAtMostPoints(s, n)).toBe(codePoints(s) <= n);
    }), { seed: 20261124, numRuns: 2000 });
  });
});
