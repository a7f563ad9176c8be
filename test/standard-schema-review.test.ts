// Standard Schema as the users of its consumers meet it (review-consumers): a request body, a
// tRPC caller's input or a form's values that leave a field out, read by property keys.
//
// An object is read by property keys when all its keys are property keys and one is no JSON name
// (README "newModel"): a body {"email": ..., "name": ...} for a field `email` whose JSON name is
// `email_address`. A field it leaves out (or holds as undefined, which JSON.stringify leaves out)
// is a missing field, as in an object read by JSON names: its default=, null for a ptr, REQUIRED,
// or MISSING_FIELD under strictMissingFields. It was read as null (the zero value, unchecked), so
// such a body skipped default= and MISSING_FIELD, and ~standard.validate gave a value that
// validate() refuses ({ n: 0 } under gte=1).

import { sValidator } from "@hono/standard-validator";
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { generateText, NoObjectGeneratedError, Output, type TypeValidationError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Ajv } from "ajv";
import { initTRPC, TRPCError } from "@trpc/server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { model, newModel, t, validate, Validator, ValidationError, type Infer } from "../bindings/index.js";

const Line = model("Line", {
  sku: t.string('json:"sku_code" checker:"required,min=2"'),
  qty: t.int("gte=1,default=1"),
  gift: t.bool(),
});
const Order = model("Order", {
  name: t.string("required"),
  email: t.string('json:"email_address" checker:"required,email"'),
  n: t.int("gte=1"),
  kind: t.string("oneof=a b,default=a"),
  note: t.ptr(t.string()),
  lines: t.slice(Line),
});
type Order = Infer<typeof Order>;

/** A body with property keys (`email`, `sku`: no JSON names), leaving fields out. */
const partial = { name: "Ada", email: "ada@example.com", lines: [{ sku: "PX", gift: true }] };

describe("a field left out of an object read by property keys is a missing field", () => {
  it("~standard.validate: MISSING_FIELD and defaults as for JSON names, not a zero value that breaks gte=1", () => {
    expect(Order["~standard"].validate(partial)).toEqual({
      issues: [{ message: "n field is missing and has no default", path: ["n"] }],
    });
    // the same body by JSON names gives the same issue (at the same place)
    expect(Order["~standard"].validate({ name: "Ada", email_address: "ada@example.com", lines: [{ sku_code: "PX", gift: true }] })).toEqual({
      issues: [{ message: "n field is missing and has no default", path: ["n"] }],
    });
    // with n: the defaults of kind and lines[0].qty, note null
    expect(Order["~standard"].validate({ ...partial, n: 2 })).toEqual({
      value: { name: "Ada", email: "ada@example.com", n: 2, kind: "a", note: null, lines: [{ sku: "PX", qty: 1, gift: true }] },
    });
    // a nested item that leaves out a field with no default (gift): its path by property keys
    expect(Order["~standard"].validate({ ...partial, n: 2, lines: [{ sku: "PX", qty: 3 }] })).toEqual({
      issues: [{ message: "gift field is missing and has no default", path: ["lines", 0, "gift"] }],
    });
  });

  it("an undefined field is left out, as JSON.stringify leaves it out; null stays null (the zero value, README Missing and null)", () => {
    const value = { name: "Ada", email: "ada@example.com", n: 2, kind: undefined, note: undefined, lines: [{ sku: "PX", qty: undefined, gift: false }] };
    expect(Order["~standard"].validate(value)).toEqual({
      value: { name: "Ada", email: "ada@example.com", n: 2, kind: "a", note: null, lines: [{ sku: "PX", qty: 1, gift: false }] },
    });
    expect(Order["~standard"].validate({ ...value, n: undefined })).toEqual({
      issues: [{ message: "n field is missing and has no default", path: ["n"] }],
    });
    // null on a field that is no ptr: its zero value, unchecked, whether read by property keys or JSON names
    expect(newModel(Order, { ...partial, n: null, lines: null })).toEqual({ name: "Ada", email: "ada@example.com", n: 0, kind: "a", note: null, lines: null });
  });

  it("newModel: the same (a ValidationError with unmarshal's codes), and its value passes validate()", () => {
    let err: unknown;
    try {
      newModel(Order, partial);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).errors).toEqual([{ field: "n", code: "MISSING_FIELD", message: "n field is missing and has no default", value: null }]);
    const v = newModel(Order, { ...partial, n: 1 });
    expect(() => validate(Order, v)).not.toThrow();
    // a required field left out is REQUIRED, as before
    const { name: _name, ...noName } = partial;
    expect(Order["~standard"].validate({ ...noName, n: 1 })).toEqual({ issues: [{ message: "field is required", path: ["name"] }] });
    // strictMissingFields: false takes the zero value, which is checked (README Missing and null)
    const lax = new Validator(Order, { strictMissingFields: false });
    expect(lax["~standard"].validate(partial)).toEqual({ issues: [{ message: "must be at least 1", path: ["n"] }] });
  });

  it("through Hono's sValidator and tRPC's .input(): the request's missing field is a 400 / BAD_REQUEST, not n: 0", async () => {
    const app = new Hono().post("/orders", sValidator("json", Order), (c) => c.json(c.req.valid("json")));
    const post = (body: unknown) => app.request("/orders", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const bad = await post(partial);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: [{ message: "n field is missing and has no default", path: ["n"] }],
      data: partial,
    });
    const ok = await post({ ...partial, n: 4 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ name: "Ada", email: "ada@example.com", n: 4, kind: "a", note: null, lines: [{ sku: "PX", qty: 1, gift: true }] });

    const tr = initTRPC.create();
    const router = tr.router({ create: tr.procedure.input(Order).mutation(({ input }) => input.n) });
    const caller = tr.createCallerFactory(router)({});
    const e = await caller.create(partial as unknown as Order).then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(TRPCError);
    expect((e as TRPCError).code).toBe("BAD_REQUEST");
    expect((e as TRPCError).message).toBe("n field is missing and has no default");
  });
});

// The AI SDK sends ~standard.jsonSchema (schema(), draft-07) to the LLM. Its `required` lists the
// `required` directive's fields only (as the Go library writes it: README "Schemas"), so an answer
// that leaves out a field with no default=, ptr or omitempty passes the schema and is refused by
// checker (MISSING_FIELD under strictMissingFields). README's AI SDK paragraph says so and how to
// declare such a field; these pin both sides of it.
describe("AI SDK: an answer the sent schema allows may leave out a field checker requires (README, Standard Schema)", () => {
  const answering = (text: string) => new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      warnings: [],
    }),
  });
  const sentSchema = (m: StandardJSONSchemaV1) => m["~standard"].jsonSchema.input({ target: "draft-07" });
  const answer = { title: "Soup", steps: [{ text: "Boil water" }] };

  it("minutes with no default: ajv passes the answer against the schema sent, checker refuses it (MISSING_FIELD)", async () => {
    const Step = model("Step", { text: t.string("required,min=3"), minutes: t.int("min=0,max=120") });
    const Recipe = model("Recipe", { title: t.string("required"), steps: t.slice(Step, "required,min=1") });
    expect(new Ajv({ strict: false }).validate(sentSchema(Recipe), answer)).toBe(true);
    const failure = await generateText({ model: answering(JSON.stringify(answer)), prompt: "A recipe.", output: Output.object({ schema: Recipe }) })
      .then(() => undefined, (e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(failure)).toBe(true);
    expect(((failure as NoObjectGeneratedError).cause as TypeValidationError).cause).toEqual([
      { message: "minutes field is missing and has no default", path: ["steps", 0, "minutes"] },
    ]);
  });

  it("the README's remedy: default= (or a ptr) on such a field, and both agree", async () => {
    const Step = model("Step", { text: t.string("required,min=3"), minutes: t.int("min=0,max=120,default=0"), tip: t.ptr(t.string()) });
    const Recipe = model("Recipe", { title: t.string("required"), steps: t.slice(Step, "required,min=1") });
    expect(new Ajv({ strict: false }).validate(sentSchema(Recipe), answer)).toBe(true);
    const result = await generateText({ model: answering(JSON.stringify(answer)), prompt: "A recipe.", output: Output.object({ schema: Recipe }) });
    expect(result.output).toEqual({ title: "Soup", steps: [{ text: "Boil water", minutes: 0, tip: null }] });
  });
});
