// The spec's HTTP usage pattern: a caller answering a failed validation with status 400 and the body
// `{ "error": "validation_failed", "details": [FieldError...] }` (one variant names the list `errors`).
//
//   const r = safeUnmarshal(User, body);
//   if (!r.ok) return Response.json(httpErrorBody(r.error), { status: 400 });
//
// Every error of bad input becomes FieldErrors: a ValidationError gives its own list; a
// JsonSyntaxError gives `{ field: "", code: "INVALID_JSON", message, value: null }`; an
// UnmarshalTypeError or a ConversionError gives `{ field, code: "INVALID_TYPE", message, value:
// null }` (INVALID_TYPE is also what validate() reports for a value of the wrong type). Any other
// error is not the client's fault and is thrown back unchanged (let it become a 500).

import { ConversionError, JsonSyntaxError, UnmarshalTypeError, ValidationError, type FieldError } from "./errors.js";

export type HttpErrorKey = "details" | "errors";

export interface HttpErrorBodyOptions<K extends HttpErrorKey = HttpErrorKey> {
  /** Name of the list: "details" (default, the spec's body) or "errors". */
  key?: K | undefined;
}

/**
 * The 400 body: `{ error: "validation_failed", details }`, or `errors` with key "errors". (For a
 * key only known as HttpErrorKey, the type is one body or the other, not both lists.)
 */
export type HttpErrorBody<K extends HttpErrorKey = "details"> = K extends HttpErrorKey ? { error: "validation_failed" } & { [P in K]: FieldError[] } : never;

function fieldErrorsOf(err: unknown): FieldError[] {
  if (err instanceof ValidationError) return err.errors.map((e) => ({ field: e.field, code: e.code, message: e.message, value: e.value }));
  if (err instanceof JsonSyntaxError) return [{ field: "", code: "INVALID_JSON", message: err.message, value: null }];
  if (err instanceof UnmarshalTypeError || err instanceof ConversionError) {
    return [{ field: err.field, code: "INVALID_TYPE", message: err.message, value: null }];
  }
  throw err;
}

/** Options as an object of known keys: httpErrorBody(err, "errors") or { keys: "errors" } gave `details` silently. */
function checkOptions(options: unknown): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    const got = options === null ? "null" : Array.isArray(options) ? "an array" : typeof options === "string" ? `the string ${JSON.stringify(options)}` : typeof options;
    throw new TypeError(`httpErrorBody takes its options as an object ({ key: "details" | "errors" }), not ${got}`);
  }
  for (const name of Object.keys(options)) {
    if (name !== "key") throw new TypeError(`httpErrorBody: unknown option ${JSON.stringify(name)} (key)`);
  }
}

export function httpErrorBody(err: unknown, options?: { key?: "details" | undefined }): HttpErrorBody<"details">;
export function httpErrorBody<K extends HttpErrorKey>(err: unknown, options: HttpErrorBodyOptions<K>): HttpErrorBody<K>;
export function httpErrorBody(err: unknown, options: HttpErrorBodyOptions = {}): { error: "validation_failed" } {
  checkOptions(options);
  const key = options.key ?? "details";
  if (key !== "details" && key !== "errors") throw new TypeError(`httpErrorBody: key must be "details" or "errors", got ${JSON.stringify(key)}`);
  return { error: "validation_failed", [key]: fieldErrorsOf(err) };
}
