import { model, t, StreamParser, Validator, parseStream, parseLines, JsonSyntaxError, UnmarshalTypeError,
  type StreamResult, type StreamReadOptions, type StreamError, type StreamFieldError, type DeepPartial, type Infer, type LineResult } from "checker";
import { type Equal, type Expect, show } from "./util.js";

const Answer = model("Answer", {
  title: t.string("required,max=40"),
  mood: t.string("oneof=happy sad"),
  steps: t.slice(t.string(), "maxItems=3"),
  when: t.time(),
  meta: t.map(t.int()),
  sub: model("Sub", { a: t.int(), tags: t.slice(t.string()) }),
  subs: t.slice(model("Sub2", { b: t.ptr(t.string()) })),
});
type A = Infer<typeof Answer>;

const chunks = ['{"title":"How to br', 'ew tea","mood":"ha', 'ppy","steps":["boil",', '"steep"]}'];
const p = new StreamParser(Answer);
for (const chunk of chunks) {
  const r = p.feed(chunk);
  console.log(r.done, JSON.stringify(r.partial), r.state.openPath.join("."), r.errors.length);
  type _r = Expect<Equal<typeof r, StreamResult<A>>>;
  const partial = show(r.partial);
  // read-only at every level: a partial's containers are shared with the next partials and the final value
  type _p = Expect<Equal<typeof partial, {
    readonly title?: string; readonly mood?: string; readonly steps?: readonly string[] | null; readonly when?: Date;
    readonly meta?: { readonly [k: string]: number | undefined } | null;
    readonly sub?: { readonly a?: number; readonly tags?: readonly string[] | null };
    readonly subs?: readonly { readonly b?: string | null }[] | null;
  } | undefined>>;
  if (r.done) { const v = r.value; type _v = Expect<Equal<typeof v, A | undefined>>; }
}
console.log(p.currentState().complete("steps"));
p.currentState().complete(["steps", 0]);

const bad = new StreamParser(Answer);
let seen = 0;
for (const chunk of ['{"title":"ok","mood":"an', 'gry","steps":[]}']) {
  const r = bad.feed(chunk);
  for (const e of r.errors.slice(seen)) console.log(`chunk ${r.state.chunks}:`, e instanceof Error ? e.message : `${e.field} ${e.code} ${JSON.stringify(e.value)}`);
  seen = r.errors.length;
}
declare const se: StreamError;
if (se instanceof JsonSyntaxError) { se.offset; } else if (se instanceof UnmarshalTypeError) { se.expected; } else { const f: StreamFieldError = se; f.offset; f.early; }
const last = show(p.currentState().lastError);
const buf: string = p.buffer(); p.reset(); const endR = p.end(); void [buf, endR];

const v = new Validator(Answer, { extraFields: "forbid" });
const sp1 = new StreamParser(v); const sp2 = StreamParser.fromValidator(v); const sp3 = new StreamParser(Answer, { maxErrors: 5 });
const r1 = show(sp1.feed("")); const r2 = show(sp2.feed("")); const r3 = show(sp3.feed(new Uint8Array()));
// @ts-expect-error misspelled stream option
new StreamParser(Answer, { maxError: 5 });
// @ts-expect-error a Validator has its own options (they would be ignored)
new StreamParser(v, { maxErrors: 5 });

const Item = model("Item", { sku: t.string("required,alphanum"), qty: t.int("gt=0") });
async function* source(...parts: string[]) { for (const p of parts) yield p; }
async function main() {
  for await (const r of parseStream(Item, source('{"sku":"A1",', '"qty":3}'))) {
    console.log(r.done, r.value);
    type _r = Expect<Equal<typeof r, StreamResult<{ sku: string; qty: number }>>>;
  }
  for await (const rec of parseLines(Item, source('{"sku":"A1","qty":1}\n'))) {
    console.log(rec.line, rec.ok ? "ok" : rec.error.message);
    if (rec.ok) { const q: number = rec.value.qty; void q; }
    const text = show(rec.text);
    type _rec = Expect<Equal<typeof rec, LineResult<{ sku: string; qty: number }>>>;
  }
  const ac = new AbortController();
  for await (const r of parseStream(v, new ReadableStream<Uint8Array>(), { signal: ac.signal, abortOnError: ac })) { void r; }
  for await (const r of parseStream(Item, source(), { signal: ac.signal, abortOnError: ac, extraFields: "forbid" })) { void r; }
  // @ts-expect-error a Validator has its own options (they would be ignored)
  parseStream(v, source(), { extraFields: "forbid" });
  // @ts-expect-error a Validator has its own options (they would be ignored)
  parseLines(v, source(), { maxErrors: 5, signal: ac.signal });
  const read: StreamReadOptions = { signal: ac.signal, abortOnError: true };
  for await (const rec of parseLines(v, source(), read)) { type _rec = Expect<Equal<typeof rec, LineResult<A>>>; }
  for await (const r of parseStream(Item, source(), { abortOnError: true })) { void r; }
  // @ts-expect-error misspelled parseStream option
  for await (const r of parseStream(Item, source(), { abortOnErrors: true })) { void r; }
  // fetch body
  const res = await fetch("http://x");
  if (res.body) for await (const r of parseStream(Item, res.body)) { void r; }
  // ReadableStream<string> (AI SDK textStream)
  const ts = new ReadableStream<string>(); for await (const r of parseStream(Item, ts)) void r;
}
void main;
export { last, r1, r2, r3 };
