import { model, t, UnionValidator, UnionStreamParser, parseLines, parseUnionStream, type LineResult, type StreamState, type UnionStreamResult, type UnionValue } from "checker";
import { type Equal, type Expect, show } from "./util.js";
const Cat = model("Cat", { name: t.string("required"), lives: t.int("min=1,max=9") });
const Dog = model("Dog", { name: t.string("required"), breed: t.string() });
const Pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });
async function* source(...parts: string[]) { for (const p of parts) yield p; }
async function main() {
  for await (const r of parseUnionStream(Pets, source('{"type":"cat",', '"name":"Tom","lives":9}'))) {
    const variant = show(r.variant);
    const partial = show(r.partial);
    const value = show(r.value);
    if (r.variant === "cat") {
      // narrowed to the variant: its typed partial
      const lives: number | undefined = r.partial?.lives;
      // @ts-expect-error a dog's field is not a cat's
      void r.partial?.breed;
      void lives;
    } else if (r.variant === undefined) {
      type _p = Expect<Equal<typeof r.partial, undefined>>;
    }
    if (r.value?.variant === "cat") { const l: number = r.value.value.lives; void l; }
  }
  const usp = new UnionStreamParser(Pets);
  const fr = show(usp.feed("{"));
  // the state now, as a StreamParser's (bound: passed on by itself)
  const { currentState } = usp;
  const st: StreamState = currentState(); void st;
  const Pets2 = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }] });
  for await (const r of parseUnionStream(Pets2, source())) { const v2 = show(r.variant); void v2; }
  // @ts-expect-error a union's validators have their options (new UnionValidator(definition, options))
  parseUnionStream(Pets2, source(), { maxErrors: 3 });
  parseUnionStream(Pets2, source(), { abortOnError: true });
  // NDJSON of a union: each record as its variant
  for await (const rec of parseLines(Pets, source('{"type":"cat","name":"Tom","lives":9}\n'))) {
    type _rec = Expect<Equal<typeof rec, LineResult<UnionValue<{ cat: typeof Cat; dog: typeof Dog }>>>>;
    if (rec.ok && rec.value.variant === "cat") { const l: number = rec.value.value.lives; void l; }
  }
  // @ts-expect-error a union's validators have their options (new UnionValidator(definition, options))
  parseLines(Pets, source(), { maxErrors: 3 });
  parseLines(Pets, source(), { abortOnError: true });
}
void main;
