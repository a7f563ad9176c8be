// `regexp=<P>` and its alias `pattern=<P>`: PATTERN_MISMATCH `must match pattern P` (P as written,
// unquoted). RE2 syntax, unanchored unless the pattern anchors, the empty string passes; syntax RE2
// rejects is a ModelError at creation. Both unmarshal (WASM) and validate (TS reference) are checked.
import { describe, expect, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "../support/directive-cases.js";
import { expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one } from "../support/directive-harness.js";

const mismatch = (p: string) => `must match pattern ${p}`;

describe("regexp: PATTERN_MISMATCH `must match pattern P`", () => {
  it("anchored patterns: the whole string must match", () => {
    expectValues({
      type: t.string("regexp=^[A-Z]{3}$"), pass: ["ABC", "XYZ"], fail: ["AB", "ABCD", "abc", "AB1", " ABC"],
      code: "PATTERN_MISMATCH", message: mismatch("^[A-Z]{3}$"),
    });
  });

  it("unanchored patterns match anywhere (Go's MatchString)", () => {
    expectValues({
      type: t.string("regexp=\\d{3}"), pass: ["123", "ab123cd", "x9999"], fail: ["12", "a1b2c3"],
      code: "PATTERN_MISMATCH", message: mismatch("\\d{3}"),
    });
  });

  it("pattern= is the same directive", () => {
    expectTyped(one(t.string("pattern=^a+$")), { f: "b" }, [fe("f", "PATTERN_MISMATCH", mismatch("^a+$"), "b")]);
    expectTyped(one(t.string("pattern=^a+$")), { f: "aaa" }, []);
  });

  it("the empty string passes (a format check), min=1 catches it", () => {
    expectTyped(one(t.string("regexp=^\\d+$")), { f: "" }, []);
    expectUnmarshal(one(t.string("regexp=^\\d+$")), '{"f":""}', []);
    expectTyped(one(t.string("min=1,regexp=^\\d+$")), { f: "" }, [fe("f", "MIN_LENGTH", "must be at least 1 characters", "")]);
  });

  it("commas inside [...] {...} (...) belong to the pattern; \\, is a literal comma", () => {
    const m = one(t.string("regexp=^[a-z]{2,5}$,max=4"));
    expectTyped(m, { f: "abc" }, []);
    expectTyped(m, { f: "abcde" }, [fe("f", "MAX_LENGTH", "must be at most 4 characters", "abcde")]);
    expectTyped(m, { f: "abcdef" }, [fe("f", "PATTERN_MISMATCH", mismatch("^[a-z]{2,5}$"), "abcdef"), fe("f", "MAX_LENGTH", "must be at most 4 characters", "abcdef")]);
    expectTyped(one(t.string("regexp=^(a,b|c)$")), { f: "a,b" }, []);
    expectTyped(one(t.string("regexp=^a\\,b$")), { f: "a,b" }, []);
    expectTyped(one(t.string("regexp=^[,;]+$")), { f: ",;," }, []);
  });

  it("Unicode classes, case folding and non-ASCII input, through unmarshal and validate alike", () => {
    expectValues({
      type: t.string("regexp=^\\p{Greek}+$"), pass: ["αβγ", "Ωμέγα"], fail: ["abc", "αb"],
      code: "PATTERN_MISMATCH", message: mismatch("^\\p{Greek}+$"),
    });
    expectValues({ type: t.string("regexp=(?i)^straße$"), pass: ["STRAßE", "strasse".replace("ss", "ß")], fail: ["strasse"], code: "PATTERN_MISMATCH", message: mismatch("(?i)^straße$") });
    expectUnmarshal(one(t.string("regexp=^.$")), '{"f":"\\ud83d\\ude00"}', []);
  });

  it("reports at nested paths, skips a null ptr, and the zero value \"\" passes when missing", () => {
    const Leaf = model("Leaf", { v: t.string("regexp=^ok$") });
    expectNested(Leaf, { v: "ok" }, { v: "no" }, [fe("v", "PATTERN_MISMATCH", mismatch("^ok$"), "no")]);
    expectPtrNullSkips(t.ptr(t.string(), "regexp=^ok$"), "no", "PATTERN_MISMATCH", mismatch("^ok$"));
    expectMissing(t.string("regexp=^ok$"), []);
  });

  it("a pattern that backtracks exponentially in JS RegExp is answered (linear-time engine; times are in bench/)", () => {
    const long = "a".repeat(100_000) + "!";
    expectUnmarshal(one(t.string("regexp=^(a+)+$")), JSON.stringify({ f: long }), [fe("f", "PATTERN_MISMATCH", mismatch("^(a+)+$"), long)]);
  });
});

describe("regexp: model errors", () => {
  it("syntax RE2 rejects fails at creation, quoting the pattern and the reason", () => {
    for (const [p, why] of [["(a", "missing closing )"], ["a\\1", "\\1"], ["(?=a)", "(?="], ["[z-a]", "z-a"], ["a{1001}", "1001"], ["a**", "*"]] as const) {
      const err = expectModelError(() => validatorOf(`regexp=${p}`), { model: "M", field: "f", directive: "regexp", contains: [p] });
      expect(err.message).toContain(why);
    }
  });

  it("only string fields; a value is needed", () => {
    expectRejectedOn(kindsExcept("string", "ptr-string"), "regexp=^a$", "regexp");
    expectModelError(() => validatorOf("regexp="), { model: "M", field: "f", directive: "regexp", contains: "needs a value" });
  });
});

function validatorOf(tag: string): Validator {
  return new Validator(one(t.string(tag)));
}
