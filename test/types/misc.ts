import { model, t, Validator, UnionValidator, StreamParser, disassemble, unmarshal, parseStream, parseLines, marshalWithOptions, httpErrorBody, init, initSync, loadUnicodeTables, type FieldError, type HttpErrorKey, type Infer, type Model, type ParseStreamOptions } from "checker";
import { type Equal, type Expect, show } from "./util.js";
const M = model("M", { a: t.int(), s: t.string() });
const v = new Validator(M);
disassemble(v);
StreamParser.fromValidator(v);
// @ts-expect-error a field type is not a model
unmarshal(t.string(), "{}");
// @ts-expect-error a number is not JSON input
unmarshal(M, 123);
// @ts-expect-error ArrayBuffer is not accepted (README: string | Uint8Array)
unmarshal(M, new ArrayBuffer(1));
async function* src() { yield ""; }
async function f() {
  for await (const r of parseStream(v, src())) { const x = show(r.value); void x; }
  for await (const r of parseLines(v, src())) { if (r.ok) { const y = show(r.value); void y; } }
}
void f;
// exactOptionalPropertyTypes: options computed from env
const tagName: string | undefined = process.env["TAG"];
new Validator(M, { tagName });
const maxErrors = Math.random() > 0.5 ? 10 : undefined;
new Validator(M, { maxErrors });
marshalWithOptions(M, { a: 1, s: "" }, { indent: undefined });
const so: ParseStreamOptions = { signal: undefined };
httpErrorBody(null, { key: undefined });
await init(); initSync(new Uint8Array()); await loadUnicodeTables();
type InfV = Infer<typeof v>;
const infv = show<InfV>(null!);
// Infer of a Validator is its model's value, of a UnionValidator { variant, value } (was never)
type _infv = Expect<Equal<InfV, { a: number; s: string }>>;
const U = new UnionValidator({ discriminator: "k", variants: { m: M } });
type _infu = Expect<Equal<Infer<typeof U>, { variant: "m"; value: { a: number; s: string } }>>;
type _infx = Expect<Equal<Infer<{ kind: "model" }>, never>>;
export { infv, so };

// httpErrorBody: the default key, or a key known only as HttpErrorKey: one list or the other, never both
declare const someKey: HttpErrorKey;
const plain = httpErrorBody(null, {});
type _plain = Expect<Equal<typeof plain, { error: "validation_failed" } & { details: FieldError[] }>>;
const either = httpErrorBody(null, { key: someKey });
// @ts-expect-error the body has one of the two lists
either.details.length;
if ("errors" in either) either.errors.length;
