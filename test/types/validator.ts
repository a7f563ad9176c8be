import { model, t, Validator, JsonSyntaxError, UnmarshalTypeError, ValidationError, ConversionError, ModelError, MarshalError,
  defaultValidatorOptions, setTagName, getTagName, extraAllow, extraForbid, extraIgnore,
  type ValidatorOptions, type FieldError, type Result, type UnmarshalError, type Infer } from "checker";
import type { Equal, Expect } from "./util.js";

const Order = model("Order", {
  id: t.string("required,uuid"),
  qty: t.int("min=1"),
  note: t.string(),
  extras: t.extras(),
});
const orders = new Validator(Order, { strictMissingFields: false, extraFields: "allow", maxErrors: 100 });
const o = orders.unmarshal('{}');
type _o = Expect<Equal<typeof o, { id: string; qty: number; note: string; extras: Record<string, unknown> }>>;
console.log(o.note === "", o.extras);
const d = orders.dict(o);
type _d = Expect<Equal<typeof d, Record<string, unknown>>>;

for (const doc of ["{}"]) {
  const r = orders.safeUnmarshal(doc);
  if (r.ok) { type _v = Expect<Equal<typeof r.value, Infer<typeof Order>>>; continue; }
  type _e = Expect<Equal<typeof r.error, ValidationError | JsonSyntaxError | UnmarshalTypeError>>;
  if (r.error instanceof ValidationError) console.log(r.error.errors.map((e) => `${e.field} ${e.code}`).join(", "));
  else if (r.error instanceof UnmarshalTypeError) { const f: string = r.error.field; const ex: string = r.error.expected; const g: string = r.error.got; const off: number = r.error.offset; void [f, ex, g, off]; }
  else if (r.error instanceof JsonSyntaxError) { const n: number = r.error.offset + r.error.line + r.error.column; void n; }
  else { const never: never = r.error; void never; }
}
try { orders.validate({ ...o, qty: 0 }); } catch (e) { console.log((e as ValidationError).errors); }

// FieldError shape
type _fe = Expect<Equal<FieldError, { field: string; code: string; message: string; value: unknown }>>;
declare const ve: ValidationError;
type _errs = Expect<Equal<typeof ve.errors, FieldError[]>>;
const isErr: Error = ve; const isSyn: SyntaxError = new JsonSyntaxError("x", 0, 1, 1); const isTE: TypeError = new UnmarshalTypeError("a", "int", "string", 0);
void [isErr, isSyn, isTE];

// misspelled options must fail
// @ts-expect-error misspelled option
new Validator(Order, { strictMissingField: false });
// @ts-expect-error bad extraFields mode
new Validator(Order, { extraFields: "allwo" });
// @ts-expect-error maxErrors must be a number
new Validator(Order, { maxErrors: "100" });
const opts: ValidatorOptions = { tagName: "validate", maxDepth: 10, maxDocumentBytes: 1 << 20 };
new Validator(Order, opts);
// a non-literal options object with a typo (excess property check does not apply; weak type detection?)
const loose = { strictMissingField: false };
// @ts-expect-error weak type: no common properties
new Validator(Order, loose);
const def = defaultValidatorOptions();
// every option set, none of them `| undefined` (Required<ValidatorOptions> kept it under exactOptionalPropertyTypes)
type Defaults = { strictMissingFields: boolean; extraFields: "ignore" | "forbid" | "allow"; tagName: string; maxErrors: number; maxDepth: number; maxDocumentBytes: number };
type _def = Expect<Equal<typeof def, Defaults>>;
// a validator's options are read-only (frozen at run time: one changed later, maxDepth past 1000, would bypass its checks)
type _opts = Expect<Equal<typeof orders.options, Readonly<Defaults>>>;
// @ts-expect-error the options are fixed when the validator is made
orders.options.maxErrors = 5;
const budget: number = orders.options.maxErrors - def.maxErrors; void budget;
setTagName("json2"); const tn: string = getTagName(); void tn;
const modes: ("ignore" | "forbid" | "allow")[] = [extraAllow, extraForbid, extraIgnore]; void modes;

// validator methods
const s1 = orders.schema(); const s2: Uint8Array = orders.schemaJSON(); const s3 = orders.schemaOpenAPI(); const s4: Uint8Array = orders.schemaJSONOpenAPI();
void [s1, s2, s3, s4];
const m: Uint8Array = orders.marshal(o);
const m2: Uint8Array = orders.marshalWithOptions(o, { indent: 2, omitEmpty: true, extras: false });
// @ts-expect-error misspelled marshal option
orders.marshalWithOptions(o, { indnt: 2 });
void [m, m2];
const nm = orders.newModel({ id: "x", qty: 1 });
type _nm = Expect<Equal<typeof nm, Infer<typeof Order>>>;
const snm = orders.safeNewModel(new TextEncoder().encode("{}"));
if (!snm.ok) { type _sne = Expect<Equal<typeof snm.error, ValidationError | ConversionError | JsonSyntaxError | UnmarshalTypeError>>; }
const sv = orders.safeValidate(o);
if (!sv.ok) { type _sve = Expect<Equal<typeof sv.error, ValidationError>>; }
// validate with wrong type must fail
// @ts-expect-error qty is a number
orders.validate({ ...o, qty: "1" });
// Uint8Array input
orders.unmarshal(new Uint8Array(2));
const me = new ModelError("m", "Order", "qty", "min"); const mf: string | undefined = me.field; void mf;
const mae: TypeError = new MarshalError("x", "NaN"); void mae;
// model property
type _vm = Expect<Equal<typeof orders.model, typeof Order>>;
type _r = Expect<Equal<Result<number>, { ok: true; value: number } | { ok: false; error: UnmarshalError }>>;
// the library's own third argument (union variants' ignored keys) is no part of the public types
// @ts-expect-error new Validator takes a model and options
new Validator(Order, {}, { ignoredKeys: ["id"] });
