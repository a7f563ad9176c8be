// A stream's partial value cannot be written (bindings/stream.ts DeepPartial): its containers are
// shared with the next partials and with the final value, so a write to one (an in-place sort, a
// push, a field set) showed in a `value` the stream calls validated (test/types-runtime.test.ts
// shows it at run time). Reading and copying it stays as before.
import { model, t, StreamParser, parseUnionStream, UnionValidator, type DeepPartial, type Infer } from "checker";

const Answer = model("Answer", {
  title: t.string(),
  steps: t.slice(t.string()),
  sub: t.model(model("Sub", { a: t.int(), tags: t.map(t.int()) })),
  items: t.slice(model("Item", { n: t.int() })),
});
const r = new StreamParser(Answer).feed('{"steps":["b","a",');
const p = r.partial;
if (p) {
  // @ts-expect-error no field of a partial can be set
  p.title = "x";
  // @ts-expect-error an open array cannot be sorted in place (the next partials and the value share it)
  p.steps?.sort();
  // @ts-expect-error nor pushed to
  p.steps?.push("c");
  // @ts-expect-error a nested model's field cannot be set
  if (p.sub) p.sub.a = 99;
  // @ts-expect-error nor a map entry
  if (p.sub?.tags) p.sub.tags["k"] = 1;
  // @ts-expect-error nor an item of a list of models
  if (p.items?.[0]) p.items[0].n = 1;
  // reading and copying are as before
  const sorted: string[] = [...(p.steps ?? [])].sort();
  const first: string | undefined = p.steps?.[0];
  const n: number | undefined = p.items?.[0]?.n;
  void [sorted, first, n];
}
// the final value is the model's own (mutable) type
if (r.value) r.value.title = "x";
const dp: DeepPartial<Infer<typeof Answer>> = { title: "a", steps: ["x"] };
void dp;

const Pets = new UnionValidator({ discriminator: "type", variants: { cat: model("Cat", { names: t.slice(t.string()) }) } });
async function* source() { yield '{"type":"cat","names":["a"'; }
async function main() {
  for await (const u of parseUnionStream(Pets, source())) {
    // @ts-expect-error a union stream's partial is read-only too
    if (u.variant === "cat") u.partial?.names?.push("b");
  }
}
void main;
