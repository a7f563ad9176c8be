import { model, t, unmarshal, safeUnmarshal, ValidationError, type Infer, type Model } from "checker";
import type { Equal, Expect } from "./util.js";

const Address = model("Address", {
  street: t.string("required"),
  city: t.string("required,min=2"),
});

const User = model("User", {
  name: t.string("required,min=2,max=50"),
  email: t.string('json:"email_address" checker:"required,email"'),
  age: t.int("gte=0,lte=150"),
  nickname: t.ptr(t.string()),
  tags: t.slice(t.string(), "maxItems=5,unique"),
  address: Address,
  scores: t.map(t.float64()),
});
type User = Infer<typeof User>;

type _u = Expect<Equal<User, {
  name: string; email: string; age: number; nickname: string | null;
  tags: string[] | null; address: { street: string; city: string };
  scores: Record<string, number> | null;
}>>;

const user: User = unmarshal(User, '{}');
console.log(user.email, user.nickname, user.address.city);
const r = safeUnmarshal(User, "{}");
if (!r.ok && r.error instanceof ValidationError) {
  console.log(r.error.message);
  for (const e of r.error.errors) console.log(e.field, e.code, JSON.stringify(e.value));
}
if (r.ok) { const v: User = r.value; void v; }

// every kind
const All = model("All", {
  s: t.string(), b: t.bool(),
  i: t.int(), i8: t.int8(), i16: t.int16(), i32: t.int32(), i64: t.int64(),
  u: t.uint(), u8: t.uint8(), u16: t.uint16(), u32: t.uint32(), u64: t.uint64(),
  f32: t.float32(), f64: t.float64(),
  a: t.any(), tm: t.time("required"),
  p: t.ptr(t.int()), pt: t.ptr(t.time()), pm: t.ptr(Address),
  sl: t.slice(t.int()), sls: t.slice(t.slice(t.string())), slm: t.slice(Address),
  arr: t.array(3, t.float64()),
  mp: t.map(t.string()), mpm: t.map(Address), mpp: t.map(t.ptr(t.bool())),
  nested: t.model(Address, "required"),
  dash: t.string('json:"-"'),
  omit: t.string('json:"o,omitempty"'),
  dflt: t.int("default=3"),
  ex: t.extras(),
});
type All = Infer<typeof All>;
type Addr = { street: string; city: string };
type _all = Expect<Equal<All, {
  s: string; b: boolean;
  i: number; i8: number; i16: number; i32: number; i64: number;
  u: number; u8: number; u16: number; u32: number; u64: number;
  f32: number; f64: number;
  a: unknown; tm: Date;
  p: number | null; pt: Date | null; pm: Addr | null;
  sl: number[] | null; sls: (string[] | null)[] | null; slm: Addr[] | null;
  arr: number[];
  mp: Record<string, string> | null; mpm: Record<string, Addr> | null; mpp: Record<string, boolean | null> | null;
  nested: Addr;
  dash: string; omit: string; dflt: number;
  ex: Record<string, unknown>;
}>>;

// models are Types? model used directly as field ok; ptr of model
export { User, Address, All };
