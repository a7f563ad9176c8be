import { model, t, Validator, UnionValidator, type Infer, type CheckerStandard } from "checker";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { type Equal, type Expect, show } from "./util.js";

const Login = model("Login", { user: t.string("required,min=3"), password: t.string("required,min=8") });
const result = Login["~standard"].validate({ user: "al", password: "correct horse" });
console.log(JSON.stringify(result));
if (result.issues) { for (const i of result.issues) { const m: string = i.message; const p = i.path; void [m, p]; } }
else { const v = result.value; type _v = Expect<Equal<typeof v, Infer<typeof Login>>>; }

const User = model("User", {
  email: t.string('json:"email_address" checker:"required,email"'),
  born: t.time(),
  nick: t.ptr(t.string()),
});
type _out = Expect<Equal<StandardSchemaV1.InferOutput<typeof User>, Infer<typeof User>>>;
const asStd: StandardSchemaV1<unknown, Infer<typeof User>> = User; void asStd;
const uv = new Validator(User);
type _outV = Expect<Equal<StandardSchemaV1.InferOutput<typeof uv>, Infer<typeof User>>>;
const Cat = model("Cat", { name: t.string() });
const Pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat } });
type _outU = Expect<Equal<StandardSchemaV1.InferOutput<typeof Pets>, { variant: "cat"; value: { name: string } }>>;
const inU = show<StandardSchemaV1.InferInput<typeof Pets>>(null!);
// input type: what validate() accepts is a JSON-form object (email_address, born as a string)
const inp = show<StandardSchemaV1.InferInput<typeof User>>(null!);
const vendor: "checker" = User["~standard"].vendor; void vendor;
const r2 = uv["~standard"].validate({});
// sync: not a promise
if (!(r2 instanceof Promise)) {}
const js = User["~standard"].jsonSchema.output({ target: "draft-2020-12" }); void js;
export { inU, inp };
