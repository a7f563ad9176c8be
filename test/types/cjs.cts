import checker = require("checker");
import type { Equal, Expect } from "./util.js";
const { model, t, unmarshal, safeUnmarshal, ValidationError, Validator, StreamParser, UnionValidator } = checker;
const User = model("User", { name: t.string("required"), at: t.time(), tags: t.slice(t.string()) });
type U = checker.Infer<typeof User>;
type _u = Expect<Equal<U, { name: string; at: Date; tags: string[] | null }>>;
const u = unmarshal(User, "{}");
const r = safeUnmarshal(User, "{}");
if (!r.ok && r.error instanceof ValidationError) r.error.errors[0]?.code;
new Validator(User, { extraFields: "forbid" });
new StreamParser(User).feed("{").partial?.name;
const Pets = new UnionValidator({ discriminator: "k", variants: { u: User } });
const pv = Pets.unmarshal("{}"); const nm: string = pv.value.name;
const req = require("checker"); // plain require in a .cts
const isAny: Expect<Equal<typeof req, any>> = true;
export = { u, nm, isAny };
