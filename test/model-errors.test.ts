// Every model mistake is a ModelError thrown when the validator is created (never at first use),
// naming the model, the field and the directive, in its properties and in its message.
import { describe, expect, it } from "vitest";
import { ModelError, Validator, model, t, unmarshal, type Model, type Type } from "../bindings/index.js";
import { expectModelError, type ModelErrorExpect } from "./support/directive-harness.js";

/** `new Validator(model(name, { f: type }))` fails with the expected ModelError. */
function fieldError(type: Type, directive: string | undefined, contains: string | string[], name = "Bad"): void {
  const exp: ModelErrorExpect = { model: name, field: "f", directive, contains };
  expectModelError(() => new Validator(model(name, { f: type })), exp);
}

describe("ModelError: directives", () => {
  it("an unknown directive (names are case-sensitive)", () => {
    fieldError(t.string("requried"), "requried", "unknown directive 'requried'");
    fieldError(t.string("Required"), "Required", "unknown directive 'Required'");
    fieldError(t.int("min=1,maximum=3"), "maximum", "unknown directive 'maximum'");
    fieldError(t.string("=1"), "", "unknown directive ''");
  });

  it("an unknown directive that is a common mistake says what was meant (oneof values split by commas, omitempty outside json:)", () => {
    expectModelError(() => new Validator(model("Bad", { f: t.string("required,oneof=red,green blue") })), { model: "Bad", field: "f", directive: "green blue", contains: "field Bad.f: unknown directive 'green blue' (oneof's values are separated by spaces: oneof=red green blue)" });
    fieldError(t.int("oneof=1,2"), "2", "unknown directive '2' (oneof's values are separated by spaces: oneof=1 2)");
    fieldError(t.string("omitempty,min=2"), "omitempty", `unknown directive 'omitempty' (omitempty is an option of the json tag: json:"name,omitempty")`);
    // no hint where none fits
    expect(() => new Validator(model("Bad", { f: t.string("email,b") }))).toThrow(new ModelError("field Bad.f: unknown directive 'b'", "Bad", "f", "b"));
    // a Go-style tag needs key:"value"; anything else is read as a bare directive list
    fieldError(t.string("json:name"), "json:name", "unknown directive 'json:name'");
  });

  it("a directive on a kind it cannot apply to", () => {
    fieldError(t.bool("min=1"), "min", "'min' can only be used on string, number, slice, array or map fields, got bool");
    fieldError(t.time("max=1"), "max", "'max' can only be used on string, number, slice, array or map fields, got time");
    fieldError(t.int("email"), "email", "'email' can only be used on string fields, got int");
    fieldError(t.slice(t.string(), "email"), "email", "'email' can only be used on string fields, got list");
    fieldError(t.map(t.string(), "alpha"), "alpha", "'alpha' can only be used on string fields, got map");
    fieldError(t.string("gt=1"), "gt", "'gt' can only be used on number fields, got string");
    fieldError(t.string("unique"), "unique", "'unique' can only be used on slice, array or map fields, got string");
    fieldError(t.string("minItems=1"), "minItems", "'minItems' can only be used on slice, array or map fields, got string");
    fieldError(t.time("oneof=a"), "oneof", "'oneof' can only be used on string, number or bool fields, got time");
    fieldError(t.slice(t.int(), "default=1"), "default", "'default' can only be used on string, number or bool fields, got list");
    fieldError(t.int("extra_fields"), "extra_fields", "'extra_fields' can only be used on t.extras() fields, got int");
  });

  it("a malformed number", () => {
    fieldError(t.string("min=abc"), "min", "malformed number in min=abc");
    fieldError(t.float64("gt=1..2"), "gt", "malformed number in gt=1..2");
    fieldError(t.slice(t.int(), "maxItems=-1"), "maxItems", "malformed number in maxItems=-1");
    fieldError(t.int("lte="), "lte", "malformed number in lte=");
    fieldError(t.string("max=1.5"), "max", "expected a non-negative integer");
  });

  it("a directive without its value, or with one it does not take", () => {
    fieldError(t.int("gtfield"), "gtfield", "gtfield needs a value");
    fieldError(t.string("oneof="), "oneof", "oneof needs a value");
    fieldError(t.string("required=yes"), "required", "required takes no value");
    fieldError(t.string("email=strict"), "email", "email takes no value");
  });

  it("an unknown field in gtfield= / ltfield= / required_if= / required_with=", () => {
    for (const tag of ["gtfield=nope", "ltfield=nope", "required_if=nope x", "required_with=nope"]) {
      const directive = tag.split("=")[0];
      expectModelError(() => new Validator(model("Bad", { a: t.int(), f: t.int(tag) })), { model: "Bad", field: "f", directive, contains: "Bad has no field nope" });
    }
  });

  it("a field referring to itself", () => {
    for (const tag of ["gtfield=f", "ltfield=f", "required_if=f 1", "required_with=f"]) {
      const directive = tag.split("=")[0];
      expectModelError(() => new Validator(model("Bad", { f: t.int(tag) })), { model: "Bad", field: "f", directive, contains: "a field cannot refer to itself" });
    }
  });

  it("fields that cannot be compared", () => {
    expectModelError(() => new Validator(model("Bad", { a: t.string(), f: t.int("gtfield=a") })), { model: "Bad", field: "f", directive: "gtfield", contains: "cannot compare int with string" });
    expectModelError(() => new Validator(model("Bad", { a: t.slice(t.int()), f: t.int("required_if=a 1") })), { model: "Bad", field: "f", directive: "required_if", contains: "a must be a string, number or bool field" });
  });

  it("a bad default= for the kind", () => {
    fieldError(t.int("default=1.5"), "default", "default=1.5 is not an integer for int");
    // digits only, as Go's ParseInt (and as JSON: 1.0 and 1e2 are UnmarshalTypeErrors for an int)
    fieldError(t.int("default=1.0"), "default", "default=1.0 is not an integer for int");
    fieldError(t.int64("default=1e2"), "default", "default=1e2 is not an integer for int64");
    fieldError(t.uint8("default=-0"), "default", "default=-0 is out of range for uint8");
    fieldError(t.uint8("default=256"), "default", "default=256 is out of range for uint8");
    fieldError(t.bool("default=yes"), "default", "default=yes is not a bool (1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False, as Go's ParseBool)");
    fieldError(t.uint8("default=+1"), "default", "default=+1 is not an integer for uint8 (digits only, as Go's ParseUint)");
    fieldError(t.float64("default=abc"), "default", "default=abc is not a number");
    fieldError(t.string("default=a,min=2"), "default", "default=a breaks min=2");
  });

  it("the error names the nested model and field where the mistake is", () => {
    const Address = model("Address", { city: t.bool("min=2") });
    expectModelError(() => new Validator(model("User", { name: t.string(), address: Address })), { model: "Address", field: "city", directive: "min" });
    const Item = model("Item", { sku: t.string("unique") });
    expectModelError(() => new Validator(model("Order", { items: t.slice(Item) })), { model: "Item", field: "sku", directive: "unique" });
    const Lazy: Model = model("Lazy", { next: t.ptr(t.lazy(() => Lazy)), n: t.int("gt=x") });
    expectModelError(() => new Validator(Lazy), { model: "Lazy", field: "n", directive: "gt" });
  });
});

describe("ModelError: tags", () => {
  it("a malformed Go-style tag", () => {
    fieldError(t.string('json:"name'), undefined, ['malformed tag "json:\\"name"', "unterminated value of json"]);
    fieldError(t.string('json:"a"checker:"b"'), undefined, "expected a space after the value of json");
    fieldError(t.string('json:"a\\q"'), undefined, "bad escape \\q in json");
    fieldError(t.string('json:"a" checker:min=1'), undefined, 'expected key:"value" at offset 9');
  });

  it("a Go json option checker does not implement (string, omitzero); unknown options are ignored, as in Go", () => {
    const notString = 'json option "string" is not supported: numbers and bools are read and written as JSON numbers and booleans only (declare a t.string() field with a pattern, or drop the option)';
    fieldError(t.int64('json:"id,string"'), undefined, notString);
    fieldError(t.bool('json:",omitempty,string" checker:"required"'), undefined, notString);
    fieldError(t.int('json:"n,omitzero"'), undefined, 'json option "omitzero" is not supported: marshal leaves out empty fields by omitempty\'s rule only (use omitempty, or drop the option)');
    const Loose = model("Loose", { n: t.int('json:"n,foo"'), dash: t.int('json:"-,"') });
    expect(new Validator(Loose).unmarshal('{"n":1,"-":2}')).toEqual({ n: 1, dash: 2 });
  });

  it("an empty directive in the list", () => {
    fieldError(t.string("min=1,,max=2"), undefined, 'empty directive in "min=1,,max=2"');
    fieldError(t.string('json:"x" checker:",required"'), undefined, 'empty directive in ",required"');
    fieldError(t.string("min=1,"), undefined, 'empty directive in "min=1,"');
  });

  it("two fields with the same JSON name", () => {
    expectModelError(() => new Validator(model("Bad", { f: t.string('json:"x"'), g: t.int('json:"x"') })), { model: "Bad", field: "g", contains: 'fields Bad.f and Bad.g have the same JSON name "x"' });
  });

  it("a tag on the element of a ptr, slice or map", () => {
    for (const type of [t.slice(t.string("min=1")), t.map(t.int("gt=0"))]) {
      fieldError(type, undefined, "has no effect (element checks need dive, which is not supported); put the tag on the field");
    }
    // a ptr's own tag is the one that checks its value: the message says where (it said "element checks need dive")
    fieldError(t.ptr(t.string("email")), undefined, 'field Bad.f: a tag on the element of a ptr has no effect; write it on the ptr: t.ptr(<element>, "email"), whose checks apply to the value it points to');
    const Ptr = model("Ptr", { nick: t.ptr(t.string("min=2")) });
    expect(() => new Validator(Ptr)).toThrow(new ModelError('field Ptr.nick: a tag on the element of a ptr has no effect; write it on the ptr: t.ptr(<element>, "min=2"), whose checks apply to the value it points to', "Ptr", "nick"));
    // and written there, it checks the value, and null passes
    const Fixed = model("Fixed", { nick: t.ptr(t.string(), "min=2") });
    expect(new Validator(Fixed).safeUnmarshal('{"nick":"a"}')).toMatchObject({ ok: false, error: { errors: [{ field: "nick", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "a" }] } });
    expect(new Validator(Fixed).unmarshal('{"nick":null}')).toEqual({ nick: null });
  });
});

describe("ModelError: models and options", () => {
  it("ExtraAllow without t.extras() at the top level", () => {
    expectModelError(() => new Validator(model("NoExtras", { a: t.int() }), { extraFields: "allow" }), { model: "NoExtras", contains: ["ExtraAllow needs an extras field", "model NoExtras has no t.extras() field"] });
  });

  it("a model containing itself without a ptr, slice or map in between", () => {
    const Node: Model = model("Node", { child: t.lazy(() => Node) });
    expectModelError(() => new Validator(Node), { model: "Node", contains: "model Node contains itself (Node.child)" });
    const A: Model = model("A", { b: t.lazy(() => B) });
    const B: Model = model("B", { a: t.lazy(() => A) });
    expectModelError(() => new Validator(A), { model: "A", contains: "(A.b -> B.a)" });
    expect(() => new Validator(model("Tree", { kids: t.slice(t.lazy(() => Node)) }))).toThrow(ModelError);
    const Ok: Model = model("Ok", { next: t.ptr(t.lazy(() => Ok)), kids: t.slice(t.lazy(() => Ok)), byKey: t.map(t.lazy(() => Ok)) });
    expect(() => new Validator(Ok)).not.toThrow();
  });

  it("t.lazy that does not give a model", () => {
    fieldError(t.lazy(() => 5 as never), undefined, "t.model/t.lazy must give a model");
  });

  it("bad options (the error carries the model's name)", () => {
    const m = model("Opts", { a: t.int() });
    const cases: [object, string][] = [
      [{ maxErrors: 0 }, "maxErrors must be a positive integer (at most 4294967295), got 0"],
      [{ maxDepth: 1.5 }, "maxDepth must be a positive integer (at most 1000: a value nested deeper would overflow the JavaScript call stack in validate, newModel, marshal or dict), got 1.5"],
      // (the core counts in 32 bits: 2^32 wrapped to 0 and failed every document; NaN turned the limit off)
      [{ maxDepth: 2 ** 32 }, "maxDepth must be a positive integer (at most 1000: a value nested deeper would overflow the JavaScript call stack in validate, newModel, marshal or dict), got 4294967296"],
      [{ maxErrors: 2 ** 32 + 1 }, "maxErrors must be a positive integer (at most 4294967295), got 4294967297"],
      [{ maxDocumentBytes: NaN }, "maxDocumentBytes must be a positive integer (at most 4294967295), got NaN"],
      [{ maxDocumentBytes: -1 }, "maxDocumentBytes must be a positive integer (at most 4294967295), got -1"],
      [{ maxDocumentBytes: 1.5 }, "maxDocumentBytes must be a positive integer (at most 4294967295), got 1.5"],
      [{ extraFields: "nope" }, 'unknown extraFields mode "nope" (ignore, forbid or allow)'],
    ];
    for (const [opts, message] of cases) {
      let err: unknown;
      try {
        new Validator(m, opts);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ModelError);
      expect((err as ModelError).model).toBe("Opts");
      expect((err as ModelError).message).toBe(message);
    }
  });

  it("thrown at creation: the simple API throws it from the first call, every call", () => {
    const Broken = model("Broken", { f: t.bool("min=1") });
    for (let i = 0; i < 2; i++) expect(() => unmarshal(Broken, "{}")).toThrow(ModelError);
  });
});
