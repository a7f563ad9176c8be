// The shared suite of the string format directives (email, url, uuid, alpha, alphanum): valid and
// invalid strings, the empty string passing, nested paths, ptr null, missing keys, the kinds they
// cannot apply to, and that they take no value. Each directive file gives its own lists.

import { describe, it } from "vitest";
import { Validator, model, t } from "../../bindings/index.js";
import { expectMissing, expectNested, expectPtrNullSkips, expectValues } from "./directive-cases.js";
import { expectAcceptedOn, expectModelError, expectRejectedOn, expectTyped, expectUnmarshal, fe, kindsExcept, one } from "./directive-harness.js";

export interface Format {
  name: "email" | "url" | "uuid" | "alpha" | "alphanum";
  code: string;
  message: string;
  valid: readonly string[];
  invalid: readonly string[];
}

export function describeFormat(f: Format): void {
  const err = (field: string, value: string) => fe(field, f.code, f.message, value);

  describe(`${f.name}: ${f.code} \`${f.message}\``, () => {
    it("accepts the valid strings", () => {
      expectValues({ type: t.string(f.name), pass: f.valid, fail: [], code: f.code, message: f.message });
    });

    it("rejects the invalid strings, the value being the string", () => {
      expectValues({ type: t.string(f.name), pass: [], fail: f.invalid, code: f.code, message: f.message });
    });

    it("the empty string passes (a format check, unlike min and oneof)", () => {
      expectTyped(one(t.string(f.name)), { f: "" }, []);
      expectTyped(one(t.string(`${f.name},min=1`)), { f: "" }, [fe("f", "MIN_LENGTH", "must be at least 1 characters", "")]);
      expectUnmarshal(one(t.string(f.name)), '{"f":""}', []);
    });

    it("reads the decoded string (JSON escapes are decoded first)", () => {
      const m = one(t.string(f.name));
      const escape = (s: string) => JSON.stringify(s).replace(/[a-zA-Z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      expectUnmarshal(m, `{"f":${escape(f.valid[0])}}`, []);
      expectUnmarshal(m, `{"f":${escape(f.invalid[0])}}`, [err("f", f.invalid[0])]);
    });

    it("reports the failure at nested paths", () => {
      const Leaf = model("Leaf", { v: t.string(f.name) });
      expectNested(Leaf, { v: f.valid[0] }, { v: f.invalid[0] }, [err("v", f.invalid[0])]);
    });

    it("skips a null ptr", () => {
      expectPtrNullSkips(t.ptr(t.string(), f.name), f.invalid[0], f.code, f.message);
    });

    it("missing: MISSING_FIELD under strictMissingFields; without it the zero value \"\" passes", () => {
      expectMissing(t.string(f.name), []);
    });

    it("fails alongside the field's other checks, in the order they are written", () => {
      const bad = f.invalid[0];
      const withMax = one(t.string(`max=0,${f.name}`));
      expectTyped(withMax, { f: bad }, [fe("f", "MAX_LENGTH", "must be at most 0 characters", bad), err("f", bad)]);
      const first = one(t.string(`${f.name},max=0`));
      expectTyped(first, { f: bad }, [err("f", bad), fe("f", "MAX_LENGTH", "must be at most 0 characters", bad)]);
    });

    it("applies to strings and ptrs to strings only", () => {
      expectAcceptedOn(["string", "ptr-string"], f.name);
      expectRejectedOn(kindsExcept("string", "ptr-string"), f.name, f.name);
    });

    it("takes no value", () => {
      expectModelError(() => new Validator(one(t.string(`${f.name}=x`), "Bad")), { model: "Bad", field: "f", directive: f.name, contains: "takes no value" });
    });
  });
}
