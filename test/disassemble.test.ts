// Golden listings of the compiled instruction tables of three models: any change to what the
// compiler writes shows up here. Regenerate with UPDATE_GOLDEN=1 npx vitest run test/disassemble.test.ts
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Validator, disassemble, model, t, type Model, type ValidatorOptions } from "../bindings/index.js";

const Address = model("Address", { street: t.string("required"), city: t.string("required,min=2"), zip: t.string("regexp=^\\d{5}$") });
const User = model("User", {
  name: t.string("required,min=2,max=50"),
  email: t.string('json:"email_address" checker:"required,email"'),
  age: t.int("gte=0,lte=150"),
  nickname: t.ptr(t.string()),
  tags: t.slice(t.string(), "maxItems=5,unique"),
  address: Address,
  scores: t.map(t.float64(), "min=1"),
  role: t.string("oneof=admin user guest,default=user"),
  extras: t.extras(),
});
const Item = model("Item", { sku: t.string("required,alphanum"), qty: t.uint16("gt=0") });
const Order = model("Order", {
  id: t.string("uuid"),
  start: t.time("required"),
  end: t.time("gtfield=start"),
  items: t.slice(Item, "unique=sku,min=1"),
  grid: t.array(2, t.int8()),
  note: t.string("required_if=Kind gift"),
  Kind: t.string(),
  url: t.string("url,required_with=note"),
  meta: t.any(),
});

const Tree: Model = model("Tree", { value: t.int(), children: t.slice(t.lazy((): Model => Tree)) });

const cases: [string, Model, ValidatorOptions][] = [
  ["user", User, { extraFields: "allow" }],
  ["order", Order, { extraFields: "forbid", strictMissingFields: false }],
  ["tree", Tree, {}],
];

describe("disassemble", () => {
  for (const [name, m, opts] of cases) {
    it(`${name}: the listing matches test/golden/${name}.txt`, () => {
      const listing = disassemble(new Validator(m, opts));
      const file = new URL(`./golden/${name}.txt`, import.meta.url);
      if (process.env.UPDATE_GOLDEN || !existsSync(file)) writeFileSync(file, listing);
      expect(listing).toBe(readFileSync(file, "utf8"));
    });
  }
});

