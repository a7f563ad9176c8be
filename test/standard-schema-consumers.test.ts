// Standard Schema consumers besides Hono and the AI SDK (test/standard-schema.test.ts,
// test/ai-sdk-output.test.ts), with the real packages: tRPC v11 (a procedure's .input() is a
// checker model or union validator; called through createCallerFactory and over HTTP with the
// fetch adapter) and TanStack Form's framework-free core (a FormApi whose form-level validators
// are a model; errors read from the fields' meta as TanStack puts them there). The types these
// consumers infer are compiled in test/types/standard-consumers.ts.

import { FieldApi, FormApi } from "@tanstack/form-core";
import { initTRPC, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { StandardSchemaV1Error } from "@trpc/server/unstable-core-do-not-import";
import { describe, expect, it } from "vitest";
import { model, newModel, t, UnionValidator, type Infer, type UnionValue } from "../bindings/index.js";

const Address = model("Address", {
  street: t.string("required"),
  city: t.string("required,min=2"),
});

const Line = model("Line", {
  sku: t.string('json:"sku_code" checker:"required,min=3"'),
  qty: t.int("gte=1"),
});

const Order = model("Order", {
  id: t.string("required,min=2"),
  email: t.string('json:"email_address" checker:"required,email"'),
  items: t.slice(t.string(), "max=3,unique"),
  lines: t.slice(Line, "max=5"),
  shipTo: Address,
  depots: t.map(Address),
  stock: t.map(t.int(), "max=2"),
  note: t.ptr(t.string(), "max=10"),
  placed: t.time(),
});
type Order = Infer<typeof Order>;

const Cat = model("Cat", { lives: t.int("gte=1,lte=9") });
const Dog = model("Dog", { bark: t.string('json:"bark_sound" checker:"required,min=2"') });
const Pet = new UnionValidator({ discriminator: "pet_type", variants: { cat: Cat, dog: Dog } });
type Pet = UnionValue<{ cat: typeof Cat; dog: typeof Dog }>;

// What a JSON client sends (JSON names, a time as a string) ...
const orderJson = {
  id: "o-17",
  email_address: "ada@example.com",
  items: ["pen", "ink"],
  lines: [{ sku_code: "PEN", qty: 2 }, { sku_code: "INK", qty: 1 }],
  shipTo: { street: "1 Loop St", city: "London" },
  depots: { "main.hub": { street: "2 Side St", city: "Paris" } },
  stock: { "a.b": 1 },
  note: null,
  placed: "2024-05-01T10:00:00Z",
};
// ... and the typed value newModel gives for it (property keys, a Date): the procedure's input type.
const order: Order = {
  id: "o-17",
  email: "ada@example.com",
  items: ["pen", "ink"],
  lines: [{ sku: "PEN", qty: 2 }, { sku: "INK", qty: 1 }],
  shipTo: { street: "1 Loop St", city: "London" },
  depots: { "main.hub": { street: "2 Side St", city: "Paris" } },
  stock: { "a.b": 1 },
  note: null,
  placed: new Date("2024-05-01T10:00:00Z"),
};

/** What a promise rejected with (fails the test if it resolved). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then((v) => { throw new Error(`expected a rejection, got ${JSON.stringify(v)}`); }, (e: unknown) => e);
}

/** The issues of a tRPC input error, after checking it is tRPC's BAD_REQUEST over a Standard Schema failure. */
function trpcIssues(e: unknown): unknown[] {
  expect(e).toBeInstanceOf(TRPCError);
  const err = e as TRPCError;
  expect(err.code).toBe("BAD_REQUEST");
  expect(err.cause).toBeInstanceOf(StandardSchemaV1Error);
  const cause = err.cause as StandardSchemaV1Error;
  expect(cause.name).toBe("SchemaError");
  // tRPC's message is the first issue's (its StandardSchemaV1Error takes issues[0].message)
  expect(err.message).toBe(cause.issues[0]!.message);
  return [...cause.issues];
}

describe("tRPC v11: .input(model) and .input(union validator)", () => {
  const tr = initTRPC.create();
  const seen: unknown[] = [];
  const router = tr.router({
    createOrder: tr.procedure.input(Order).mutation(({ input }) => {
      seen.push(input);
      // the resolver's input is the model's typed value (compiled in test/types/standard-consumers.ts)
      const typed: Order = input;
      return { id: typed.id, email: typed.email, lines: typed.lines?.length, placedYear: typed.placed.getUTCFullYear() };
    }),
    pet: tr.procedure.input(Pet).query(({ input }) => {
      seen.push(input);
      const typed: Pet = input;
      return typed.variant === "cat" ? `cat with ${typed.value.lives} lives` : `dog that says ${typed.value.bark}`;
    }),
  });
  const caller = tr.createCallerFactory(router)({});

  it("a valid JSON-form input reaches the resolver as newModel's typed value (renamed keys under their property names, the time a Date)", async () => {
    seen.length = 0;
    // tRPC's input type is the typed value; a JSON-form object is what an untyped client sends
    await expect(caller.createOrder(orderJson as never)).resolves.toEqual({ id: "o-17", email: "ada@example.com", lines: 2, placedYear: 2024 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual(order);
    expect(seen[0]).toEqual(newModel(Order, orderJson));
    const got = seen[0] as Record<string, unknown>;
    expect(Object.keys(got)).toEqual(["id", "email", "items", "lines", "shipTo", "depots", "stock", "note", "placed"]);
    expect(got["placed"]).toBeInstanceOf(Date);
    expect(Object.keys((got["lines"] as object[])[0]!)).toEqual(["sku", "qty"]);
  });

  it("a valid typed input (what the procedure's type asks for) reaches the resolver unchanged in value", async () => {
    seen.length = 0;
    await expect(caller.createOrder(order)).resolves.toEqual({ id: "o-17", email: "ada@example.com", lines: 2, placedYear: 2024 });
    expect(seen).toEqual([order]);
    expect(seen[0]).not.toBe(order);
  });

  it("an invalid JSON-form input rejects with BAD_REQUEST whose cause holds checker's issues (JSON names, indexes, map keys with dots), the resolver not called", async () => {
    seen.length = 0;
    const bad = {
      ...orderJson,
      id: "o",
      email_address: "nope",
      items: ["pen", "pen", "ink", "cap"],
      lines: [{ sku_code: "PEN", qty: 2 }, { sku_code: "IN", qty: 0 }],
      shipTo: { street: "1 Loop St", city: "L" },
      depots: { "main.hub": { street: "2 Side St", city: "P" } },
      stock: { a: 1, b: 2, c: 3 },
      note: "far too long a note",
    };
    const issues = trpcIssues(await rejection(caller.createOrder(bad as never)));
    expect(issues).toEqual([
      { message: "must be at least 2 characters", path: ["id"] },
      { message: "must be a valid email address", path: ["email_address"] },
      { message: "must have at most 3 items", path: ["items"] },
      { message: "items must be unique", path: ["items"] },
      { message: "must be at least 3 characters", path: ["lines", 1, "sku_code"] },
      { message: "must be at least 1", path: ["lines", 1, "qty"] },
      { message: "must be at least 2 characters", path: ["shipTo", "city"] },
      { message: "must be at least 2 characters", path: ["depots", "main.hub", "city"] },
      { message: "must have at most 2 items", path: ["stock"] },
      { message: "must be at most 10 characters", path: ["note"] },
    ]);
    // the cause's issues are exactly what ~standard gives
    expect(issues).toEqual(Order["~standard"].validate(bad).issues);
    expect(seen).toEqual([]);
  });

  it("an invalid typed input: the issue paths name the input's own keys (property names where it has them)", async () => {
    const bad: Order = { ...order, email: "nope", lines: [{ sku: "PE", qty: 1 }], shipTo: { street: "s", city: "L" } };
    expect(trpcIssues(await rejection(caller.createOrder(bad)))).toEqual([
      { message: "must be a valid email address", path: ["email"] },
      { message: "must be at least 3 characters", path: ["lines", 0, "sku"] },
      { message: "must be at least 2 characters", path: ["shipTo", "city"] },
    ]);
  });

  it("missing fields, a wrong kind and a non-object are issues too (not a 500)", async () => {
    expect(trpcIssues(await rejection(caller.createOrder({ id: "o-1" } as never)))).toEqual([
      { message: "field is required", path: ["email_address"] },
      ...["items", "lines", "shipTo", "depots", "stock", "placed"].map((k) => ({ message: `${k} field is missing and has no default`, path: [k] })),
    ]);
    expect(trpcIssues(await rejection(caller.createOrder({ ...orderJson, lines: [{ sku_code: "PEN", qty: "2" }] } as never)))).toEqual([
      { message: "cannot convert string to int at lines[0].qty", path: ["lines", 0, "qty"] },
    ]);
    expect(trpcIssues(await rejection(caller.createOrder("o-17" as never)))).toEqual([
      { message: "cannot convert string to JSON bytes (Uint8Array), a Order value or a plain object at the value" },
    ]);
  });

  it(".input(UnionValidator): the resolver gets { variant, value }; a bad variant or discriminator is BAD_REQUEST with its issues", async () => {
    seen.length = 0;
    await expect(caller.pet({ pet_type: "dog", bark_sound: "woof" })).resolves.toBe("dog that says woof");
    await expect(caller.pet({ pet_type: "cat", lives: 7 })).resolves.toBe("cat with 7 lives");
    expect(seen).toEqual([{ variant: "dog", value: { bark: "woof" } }, { variant: "cat", value: { lives: 7 } }]);
    expect(trpcIssues(await rejection(caller.pet({ pet_type: "cat", lives: 10 })))).toEqual([{ message: "must be at most 9", path: ["lives"] }]);
    expect(trpcIssues(await rejection(caller.pet({ pet_type: "dog", bark_sound: "w" })))).toEqual([{ message: "must be at least 2 characters", path: ["bark_sound"] }]);
    expect(trpcIssues(await rejection(caller.pet({ pet_type: "cow" })))).toEqual([{ message: "must be one of: cat, dog", path: ["pet_type"] }]);
    expect(trpcIssues(await rejection(caller.pet({ lives: 3 })))).toEqual([{ message: "field is required", path: ["pet_type"] }]);
    expect(seen).toHaveLength(2);
  });

  it("over HTTP (fetch adapter): a JSON body is validated by the model; an error formatter can send checker's issues with the 400", async () => {
    const trh = initTRPC.create({
      errorFormatter: ({ shape, error }) => ({
        ...shape,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues: error.cause instanceof StandardSchemaV1Error ? error.cause.issues : null },
      }),
    });
    const app = trh.router({
      createOrder: trh.procedure.input(Order).mutation(({ input }) => ({ email: input.email, placed: input.placed })),
    });
    const post = (body: unknown) => fetchRequestHandler({
      endpoint: "/trpc",
      router: app,
      createContext: () => ({}),
      req: new Request("http://localhost/trpc/createOrder", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const ok = await post(orderJson);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ result: { data: { email: "ada@example.com", placed: "2024-05-01T10:00:00.000Z" } } });
    const bad = await post({ ...orderJson, email_address: "nope", lines: [{ sku_code: "PEN", qty: 0 }] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        message: "must be a valid email address",
        code: -32600,
        data: {
          code: "BAD_REQUEST",
          httpStatus: 400,
          issues: [
            { message: "must be a valid email address", path: ["email_address"] },
            { message: "must be at least 1", path: ["lines", 0, "qty"] },
          ],
        },
      },
    });
  });
});

describe("TanStack Form core: validators: { onChange / onSubmit: Model }", () => {
  const Signup = model("Signup", {
    name: t.string("required,min=2"),
    email: t.string('json:"email_address" checker:"required,email"'),
    tags: t.slice(t.string(), "max=2,unique"),
    address: Address,
    lines: t.slice(Line),
  });
  type Signup = Infer<typeof Signup>;
  const defaults: Signup = { name: "Ada", email: "ada@example.com", tags: [], address: { street: "1 Loop St", city: "London" }, lines: [{ sku: "PEN", qty: 1 }] };
  const names = ["name", "email", "tags", "address.city", "lines[0].sku", "lines[0].qty"] as const;

  function setup(validators: { onChange?: typeof Signup; onSubmit?: typeof Signup }, onSubmit?: (v: Signup) => void) {
    const form = new FormApi({
      defaultValues: structuredClone(defaults),
      validators,
      onSubmit: ({ value }) => onSubmit?.(value),
    });
    form.mount();
    const field = <N extends (typeof names)[number]>(name: N) => {
      const f = new FieldApi({ form, name });
      f.mount();
      return f;
    };
    const fields = {
      name: field("name"), email: field("email"), tags: field("tags"), "address.city": field("address.city"),
      "lines[0].sku": field("lines[0].sku"), "lines[0].qty": field("lines[0].qty"),
    };
    /** Each field's errors as TanStack keeps them (only fields that have some). */
    const errors = () => Object.fromEntries(Object.keys(form.state.fieldMeta)
      .map((n) => [n, form.getFieldMeta(n as never)!.errors] as const)
      .filter(([, e]) => e.length > 0));
    return { form, fields, errors };
  }

  it("onChange: each field gets checker's issues for its own path, synchronously; they clear when fixed", () => {
    const { form, fields, errors } = setup({ onChange: Signup });
    expect(errors()).toEqual({});
    fields.name.handleChange("A");
    // no await: checker's validate is synchronous, as TanStack's sync validators need
    expect(errors()).toEqual({ name: [{ message: "must be at least 2 characters", path: ["name"] }] });
    expect(fields.name.state.meta.errorMap).toEqual({ onChange: [{ message: "must be at least 2 characters", path: ["name"] }] });
    fields.email.handleChange("nope");
    fields.tags.handleChange(["x", "x", "y"]);
    fields["address.city"].handleChange("L");
    fields["lines[0].sku"].handleChange("PE");
    fields["lines[0].qty"].handleChange(0);
    expect(errors()).toEqual({
      name: [{ message: "must be at least 2 characters", path: ["name"] }],
      // the field named by its property key (the form's values are the typed value), not a phantom "email_address"
      email: [{ message: "must be a valid email address", path: ["email"] }],
      tags: [{ message: "must have at most 2 items", path: ["tags"] }, { message: "items must be unique", path: ["tags"] }],
      "address.city": [{ message: "must be at least 2 characters", path: ["address", "city"] }],
      "lines[0].sku": [{ message: "must be at least 3 characters", path: ["lines", 0, "sku"] }],
      "lines[0].qty": [{ message: "must be at least 1", path: ["lines", 0, "qty"] }],
    });
    expect(form.getFieldMeta("email_address" as never)).toBeUndefined();
    expect(form.state.isValid).toBe(false);
    expect(form.state.canSubmit).toBe(false);

    fields.email.handleChange("ada@example.com");
    fields.tags.handleChange(["x", "y"]);
    expect(Object.keys(errors())).toEqual(["name", "address.city", "lines[0].sku", "lines[0].qty"]);
    fields.name.handleChange("Ada");
    fields["address.city"].handleChange("Lyon");
    fields["lines[0].sku"].handleChange("PENS");
    fields["lines[0].qty"].handleChange(3);
    expect(errors()).toEqual({});
    for (const name of names) expect(form.getFieldMeta(name)!.errorMap).toEqual({ onChange: undefined });
    expect(form.state.errors).toEqual([]);
    expect(form.state.isValid).toBe(true);
    expect(form.state.canSubmit).toBe(true);
  });

  it("form-level errors: the form's errorMap holds the issues by field name (TanStack's shape), cleared when valid", () => {
    const { form, fields } = setup({ onChange: Signup });
    fields.email.handleChange("nope");
    fields["lines[0].qty"].handleChange(0);
    const byField = {
      email: [{ message: "must be a valid email address", path: ["email"] }],
      "lines[0].qty": [{ message: "must be at least 1", path: ["lines", 0, "qty"] }],
    };
    expect(form.state.errorMap).toEqual({ onChange: byField });
    expect(form.state.errors).toEqual([byField]);
    fields.email.handleChange("ada@example.com");
    fields["lines[0].qty"].handleChange(1);
    expect(form.state.errorMap).toEqual({ onChange: undefined });
    expect(form.state.errors).toEqual([]);
  });

  it("onSubmit: an invalid form is not submitted and its fields get the issues; once fixed it submits the form's values", async () => {
    const submitted: Signup[] = [];
    const { form, fields, errors } = setup({ onSubmit: Signup }, (v) => submitted.push(v));
    fields.name.handleChange("A");
    // onSubmit validators do not run on change
    expect(errors()).toEqual({});
    await form.handleSubmit();
    expect(submitted).toEqual([]);
    expect(form.state.submissionAttempts).toBe(1);
    expect(errors()).toEqual({ name: [{ message: "must be at least 2 characters", path: ["name"] }] });
    expect(fields.name.state.meta.errorMap).toEqual({ onSubmit: [{ message: "must be at least 2 characters", path: ["name"] }] });
    expect(form.state.errorMap).toEqual({ onSubmit: { name: [{ message: "must be at least 2 characters", path: ["name"] }] } });
    fields.name.handleChange("Ada");
    await form.handleSubmit();
    // TanStack submits its own values (validation does not replace them with the schema's output)
    expect(submitted).toEqual([{ ...defaults, name: "Ada" }]);
    expect(errors()).toEqual({});
    expect(form.state.isSubmitSuccessful).toBe(true);
  });
});
