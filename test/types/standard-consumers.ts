// Standard Schema consumers as a strict TypeScript user meets them (run in
// test/standard-schema-consumers.test.ts): tRPC v11 infers a procedure's input from a model or a
// union validator, TanStack Form's core takes a model as a form validator for the model's values.
import { model, t, UnionValidator, type Infer, type UnionValue } from "checker";
import { initTRPC, type inferRouterInputs, type inferRouterOutputs } from "@trpc/server";
import { FormApi } from "@tanstack/form-core";
import type { Equal, Expect } from "./util.js";

const Address = model("Address", { city: t.string("required,min=2") });
const Order = model("Order", {
  id: t.string("required"),
  email: t.string('json:"email_address" checker:"required,email"'),
  items: t.slice(t.string(), "max=3,unique"),
  shipTo: Address,
  stock: t.map(t.int()),
  note: t.ptr(t.string()),
  placed: t.time(),
});
type Order = Infer<typeof Order>;
const Cat = model("Cat", { lives: t.int("gte=1,lte=9") });
const Dog = model("Dog", { bark: t.string() });
const Pet = new UnionValidator({ discriminator: "pet_type", variants: { cat: Cat, dog: Dog } });
type Pet = UnionValue<{ cat: typeof Cat; dog: typeof Dog }>;

// tRPC: the resolver's input is the model's typed value / the union's { variant, value }
const tr = initTRPC.create();
const appRouter = tr.router({
  createOrder: tr.procedure.input(Order).mutation(({ input }) => {
    type _input = Expect<Equal<typeof input, Order>>;
    const placed: Date = input.placed;
    const city: string = input.shipTo.city;
    const note: string | null = input.note;
    // @ts-expect-error the typed value has the property key, not the JSON name
    void input.email_address;
    return { email: input.email, placed, city, note };
  }),
  pet: tr.procedure.input(Pet).query(({ input }) => {
    type _input = Expect<Equal<typeof input, Pet>>;
    if (input.variant === "cat") { const l: number = input.value.lives; return l; }
    const b: string = input.value.bark;
    return b;
  }),
});
type In = inferRouterInputs<typeof appRouter>;
type Out = inferRouterOutputs<typeof appRouter>;
type _in = Expect<Equal<In["createOrder"], Order>>;
// what the client gets: without a transformer tRPC types the output as JSON (the Date as a string)
type _out = Expect<Equal<Out["createOrder"], { email: string; placed: string; city: string; note: string | null }>>;
// a union's input type is a JSON-form object
type _petIn = Expect<Equal<In["pet"], Record<string, unknown>>>;
type _petOut = Expect<Equal<Out["pet"], string | number>>;

const caller = tr.createCallerFactory(appRouter)({});
const order: Order = { id: "o-1", email: "a@b.co", items: null, shipTo: { city: "Lyon" }, stock: null, note: null, placed: new Date() };
export const created: Promise<{ email: string; placed: Date; city: string; note: string | null }> = caller.createOrder(order);
const { email: _email, ...rest } = order;
// @ts-expect-error the caller takes the typed value (property keys), not the JSON form
export const wrong = caller.createOrder({ ...rest, email_address: "a@b.co" });
export const pet: Promise<string | number> = caller.pet({ pet_type: "cat", lives: 9 });

// TanStack Form: a model validates a form whose values are the model's typed value
const form = new FormApi({
  defaultValues: { name: "", email: "", tags: [] as string[] | null, address: { city: "" } },
  validators: {
    onChange: model("Signup", { name: t.string("min=2"), email: t.string('json:"email_address" checker:"email"'), tags: t.slice(t.string()), address: Address }),
  },
});
form.setFieldValue("address.city", "Lyon");
// @ts-expect-error the form's fields are named by property keys
form.setFieldValue("email_address", "a@b.co");
const cityMeta = form.getFieldMeta("address.city");
export const cityErrors: unknown[] | undefined = cityMeta?.errors;
type _values = Expect<Equal<typeof form.state.values, { name: string; email: string; tags: string[] | null; address: { city: string } }>>;
export const mismatched = new FormApi({
  defaultValues: { name: 0 },
  // @ts-expect-error the model's values have name: string, the form's a number
  validators: { onChange: model("Named", { name: t.string() }) },
});
