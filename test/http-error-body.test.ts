// httpErrorBody: the spec's 400 body from each kind of input error.

import { describe, expect, it } from "vitest";
import {
  ConversionError, httpErrorBody, model, ModelError, newModel, safeUnmarshal, t, UnmarshalTypeError, ValidationError,
} from "../bindings/index.js";

const User = model("User", { name: t.string("required,min=2"), age: t.int("gte=0") });

function failureOf(data: string): unknown {
  const r = safeUnmarshal(User, data);
  if (r.ok) throw new Error("expected a failure");
  return r.error;
}

describe("httpErrorBody", () => {
  it("a ValidationError gives { error: validation_failed, details: [FieldError...] }, serialised with exactly the spec's keys", () => {
    const body = httpErrorBody(failureOf('{"name":"J","age":-1}'));
    expect(body).toEqual({
      error: "validation_failed",
      details: [
        { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "J" },
        { field: "age", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
      ],
    });
    expect(JSON.stringify(body)).toBe(
      '{"error":"validation_failed","details":[{"field":"name","code":"MIN_LENGTH","message":"must be at least 2 characters","value":"J"},' +
        '{"field":"age","code":"MIN_VALUE","message":"must be at least 0","value":-1}]}',
    );
  });

  it("key: \"errors\" names the list errors; the list is a copy", () => {
    const err = new ValidationError([{ field: "a", code: "REQUIRED", message: "field is required", value: null }]);
    const body = httpErrorBody(err, { key: "errors" });
    expect(Object.keys(body)).toEqual(["error", "errors"]);
    expect(body.errors).toEqual(err.errors);
    body.errors[0].field = "changed";
    expect(err.errors[0].field).toBe("a");
    expect(Object.keys(httpErrorBody(err, { key: "details" }))).toEqual(["error", "details"]);
  });

  it("malformed JSON is INVALID_JSON at the document; a mistyped value or a failed conversion is INVALID_TYPE at its field", () => {
    const syntax = failureOf('{"name":');
    expect(httpErrorBody(syntax)).toEqual({
      error: "validation_failed",
      details: [{ field: "", code: "INVALID_JSON", message: (syntax as Error).message, value: null }],
    });
    const mistyped = failureOf('{"name":"Jo","age":"1"}') as UnmarshalTypeError;
    expect(mistyped).toBeInstanceOf(UnmarshalTypeError);
    expect(httpErrorBody(mistyped, { key: "errors" })).toEqual({
      error: "validation_failed",
      errors: [{ field: "age", code: "INVALID_TYPE", message: mistyped.message, value: null }],
    });
    let conversion: unknown;
    try {
      newModel(User, { name: "Jo", age: "1" });
    } catch (e) {
      conversion = e;
    }
    expect(conversion).toBeInstanceOf(ConversionError);
    expect(httpErrorBody(conversion).details).toEqual([{ field: "age", code: "INVALID_TYPE", message: "cannot convert string to int at age", value: null }]);
  });

  it("an error that is not the client's is thrown back unchanged; a bad key is a TypeError", () => {
    const bug = new ModelError("broken model", "User");
    expect(() => httpErrorBody(bug)).toThrow(bug);
    const other = new RangeError("x");
    expect(() => httpErrorBody(other)).toThrow(other);
    expect(() => httpErrorBody(new ValidationError([]), { key: "problems" as never })).toThrow('httpErrorBody: key must be "details" or "errors", got "problems"');
  });

  it("options that are not { key }: a TypeError (the key given as a string, or misspelled, gave a body with `details` silently)", () => {
    const err = new ValidationError([]);
    expect(() => httpErrorBody(err, "errors" as never)).toThrow(new TypeError('httpErrorBody takes its options as an object ({ key: "details" | "errors" }), not the string "errors"'));
    expect(() => httpErrorBody(err, null as never)).toThrow(new TypeError('httpErrorBody takes its options as an object ({ key: "details" | "errors" }), not null'));
    expect(() => httpErrorBody(err, ["errors"] as never)).toThrow(new TypeError('httpErrorBody takes its options as an object ({ key: "details" | "errors" }), not an array'));
    expect(() => httpErrorBody(err, { keys: "errors" } as never)).toThrow(new TypeError('httpErrorBody: unknown option "keys" (key)'));
    // what stays: no options, {}, an undefined key
    expect(httpErrorBody(err)).toEqual({ error: "validation_failed", details: [] });
    expect(httpErrorBody(err, undefined)).toEqual({ error: "validation_failed", details: [] });
    expect(httpErrorBody(err, { key: undefined })).toEqual({ error: "validation_failed", details: [] });
    expect(httpErrorBody(err, { key: "errors" })).toEqual({ error: "validation_failed", errors: [] });
  });
});
