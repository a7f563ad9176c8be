import { model, t, UnionValidator, Validator, type Model, UnionStreamParser, schema, schemaJSON, schemaOpenAPI, schemaJSONOpenAPI, marshal, marshalWithOptions, dict, newModel, safeNewModel, validate, safeValidate,
  httpErrorBody, ValidationError, type Infer, type HttpErrorBody, type FieldError, type JsonSchema, type UnionValue } from "checker";
import type { Equal, Expect } from "./util.js";

const Cat = model("Cat", { name: t.string("required"), lives: t.int("min=1,max=9") });
const Dog = model("Dog", { name: t.string("required"), breed: t.string() });
const Pets = new UnionValidator({ discriminator: "type", variants: { cat: Cat, dog: Dog } });

const pet = Pets.unmarshal('{"type":"cat","name":"Tom","lives":9}');
console.log(pet.variant, pet.value);
type _pet = Expect<Equal<typeof pet, { variant: "cat"; value: { name: string; lives: number } } | { variant: "dog"; value: { name: string; breed: string } }>>;
if (pet.variant === "cat") { const l: number = pet.value.lives; void l; }
else { const b: string = pet.value.breed; void b; }
switch (pet.variant) { case "cat": case "dog": break; default: { const nv: never = pet; void nv; } }

const r = Pets.safeUnmarshal('{"type":"cow","name":"Daisy"}');
if (!r.ok) console.log(JSON.stringify(httpErrorBody(r.error)));
else if (r.value.variant === "dog") { const b: string = r.value.value.breed; void b; }

// list form
const Pets2 = new UnionValidator({ discriminator: "type", variants: [{ value: "cat", model: Cat }, { value: "dog", model: Dog }] });
const p2 = Pets2.unmarshal("{}");
type _p2 = Expect<Equal<typeof p2, typeof pet>>;
const cv = Pets2.variant("cat");
type _cv = Expect<Equal<NonNullable<typeof cv>["model"], typeof Cat>>;
// a value the union's type names always has its validator (the type said `| undefined`, so a
// strict user had to write Pets.variant("cat")!.unmarshal); a union typed only as VariantModels keeps it
type _cvd = Expect<Equal<typeof cv, Validator<typeof Cat>>>;
const cat: { name: string; lives: number } = Pets.variant("cat").unmarshal('{"name":"Tom","lives":9}'); void cat;
declare const anyUnion: UnionValidator;
const maybe = anyUnion.variant("cat");
type _maybe = Expect<Equal<typeof maybe, Validator<Model> | undefined>>;
// @ts-expect-error unknown variant name
Pets.variant("cow");
Pets.validate({ variant: "cat", value: { name: "x", lives: 3 } });
// @ts-expect-error mismatched variant/value
Pets.validate({ variant: "dog", value: { name: "x", lives: 3 } });
const us: JsonSchema = Pets.schema(); void us;
// union with options
new UnionValidator({ discriminator: "kind", variants: { cat: Cat } }, { extraFields: "forbid" });
// @ts-expect-error misspelled union option
new UnionValidator({ discriminator: "kind", variants: { cat: Cat } }, { extraField: "forbid" });
// @ts-expect-error misspelled definition key
new UnionValidator({ discriminatr: "kind", variants: { cat: Cat } });

// http body
const body = httpErrorBody(new ValidationError([]));
type _b = Expect<Equal<typeof body, HttpErrorBody<"details">>>;
const det: FieldError[] = body.details; const e: "validation_failed" = body.error; void [det, e];
const body2 = httpErrorBody(new ValidationError([]), { key: "errors" });
const errs: FieldError[] = body2.errors; void errs;
// @ts-expect-error no details on errors-key body
body2.details;

// schema/marshal/newModel
const Tag = model("Tag", { name: t.string('json:"n" checker:"required,min=2"'), weight: t.float64("gte=0") });
const sc = schema(Tag); const props = sc["properties"]; // JsonValue | undefined
type _sc = Expect<Equal<typeof sc, JsonSchema>>;
void props;
const sj: Uint8Array = schemaJSON(Tag); const so: JsonSchema = schemaOpenAPI(Tag); const soj: Uint8Array = schemaJSONOpenAPI(Tag); void [sj, so, soj];
console.log(JSON.stringify(schema(Tag)));
const tag = newModel(Tag, { n: "tea", weight: 1.5 });
type _tag = Expect<Equal<typeof tag, { name: string; weight: number }>>;
console.log(tag, new TextDecoder().decode(marshal(Tag, tag)), dict(Tag, tag));
marshalWithOptions(Tag, tag, { indent: "  " });
try { newModel(Tag, { n: "x", weight: -1 }); } catch (err) { console.log((err as ValidationError).message); }
const sn = safeNewModel(Tag, new Map([["n", "tea"]]));
if (sn.ok) { const w: number = sn.value.weight; void w; }
validate(Tag, tag);
const sv = safeValidate(Tag, tag); if (!sv.ok) { const ve: ValidationError = sv.error; void ve; }
// @ts-expect-error wrong field type in validate
validate(Tag, { name: 1, weight: 2 });
// newModel from a string of JSON: README says bytes only
declare const uv: UnionValue<{ cat: typeof Cat }>;
void uv;
