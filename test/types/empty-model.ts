// A model without fields is an object without members (bindings/model.ts InferShape): its value,
// at run time always `{}`, was typed `{}`, which takes any value but null and undefined, so a
// string or a number type-checked where the model's value belongs.
import { model, t, validate, newModel, type Infer } from "checker";
import type { Equal, Expect } from "./util.js";

const Empty = model("Empty", {});
type E = Infer<typeof Empty>;
type _e = Expect<Equal<E, { [key: string]: never }>>;
const e: E = {};
const Outer = model("Outer", { e: Empty, es: t.slice(t.model(Empty)), pe: t.ptr(Empty) });
const o: Infer<typeof Outer> = { e: {}, es: [{}], pe: null };
// @ts-expect-error a string is not the empty model's value
const bad1: Infer<typeof Outer> = { e: "x", es: null, pe: null };
// @ts-expect-error nor a number
validate(Empty, 5);
// @ts-expect-error nor an object with members
const bad2: E = { a: 1 };
const made = newModel(Empty, {});
type _m = Expect<Equal<typeof made, E>>;
export { e, o, bad1, bad2 };
