// Field tags (bindings/tags.ts): Go-style tag strings, the JSON name / omitempty / "-", which
// directive list applies (tagName option, else setTagName, else checker, else validate), and how a
// directive list is split (\, escapes; pattern values keep commas inside [] {} ()).
import { afterEach, describe, expect, it } from "vitest";
import { ModelError, Validator, getTagName, model, setTagName, t, unmarshal, type FieldError } from "../bindings/index.js";
import { TagSyntaxError, parseStructTag, readFieldTag, splitDirectives } from "../bindings/tags.js";
import { expectUnmarshal, fe } from "./support/directive-harness.js";

const NAMES = ["checker", "validate"];

describe("parseStructTag: key:\"value\" pairs as Go's reflect.StructTag reads them", () => {
  it("pairs separated by spaces, leading and trailing spaces ignored", () => {
    expect([...parseStructTag('json:"name" checker:"required"')]).toEqual([["json", "name"], ["checker", "required"]]);
    expect([...parseStructTag('  json:"a"   checker:"b"  ')]).toEqual([["json", "a"], ["checker", "b"]]);
    expect([...parseStructTag('a-b.c:"x"')]).toEqual([["a-b.c", "x"]]);
    expect([...parseStructTag('json:""')]).toEqual([["json", ""]]);
  });

  it("values are Go string literals, read as strconv.Unquote reads them", () => {
    expect(parseStructTag('json:"a\\"b\\\\c\\n\\t\\r"').get("json")).toBe("a\"b\\c\n\t\r");
    expect(parseStructTag('checker:"\\a\\b\\f\\v"').get("checker")).toBe("\x07\b\f\v");
    // Go reads these escapes; checker refused them as "bad escape" before
    expect(parseStructTag('json:"\\x41\\101\\u00e9\\U0001F600"').get("json")).toBe("AAé😀");
    expect(parseStructTag('json:"\\xc3\\xa9"').get("json")).toBe("é"); // \x and octal escapes are bytes
    expect(parseStructTag('json:"a\tb é"').get("json")).toBe("a\tb é"); // a raw tab is allowed
  });

  it("the first occurrence of a key wins (Go's Lookup)", () => {
    expect(parseStructTag('json:"a" json:"b"').get("json")).toBe("a");
  });

  it("malformed tags throw TagSyntaxError", () => {
    const cases: [string, string][] = [
      ['json:"name', "unterminated value of json"],
      ['json:"a"checker:"b"', "expected a space after the value of json"],
      ['json:"a"\tchecker:"b"', "expected a space after the value of json"],
      ['json:"a\\q"', "bad escape \\q in json"],
      ['j"son:"a"', 'expected key:"value" at offset 0'],
      ['json:"a" checker:min=1', 'expected key:"value" at offset 9'],
      ['json:"a" :"b"', 'expected key:"value" at offset 9'],
      // what strconv.Unquote refuses (Go's Lookup then finds no value): checker read \' and a raw newline before
      ['json:"a\\\'b"', "bad escape \\' in json"],
      ['json:"a\nb"', "a raw newline in json"],
      ['json:"\\x4"', "bad escape \\x4 in json"],
      ['json:"\\400"', "bad escape \\400 in json"],
      ['json:"\\ud800"', "bad escape \\ud800 in json"],
      ['json:"\\U00110000"', "bad escape \\U00110000 in json"],
      ['checker:"\\xff"', "escapes that make bytes that are not UTF-8 in checker"],
    ];
    for (const [tag, message] of cases) {
      expect(() => parseStructTag(tag), tag).toThrow(TagSyntaxError);
      expect(() => parseStructTag(tag), tag).toThrow(message);
    }
  });
});

describe("readFieldTag: JSON name, omitempty, \"-\" and the directive list", () => {
  it("no tag, an empty tag: nothing", () => {
    for (const tag of [undefined, "", "   "]) expect(readFieldTag(tag, NAMES)).toEqual({ jsonName: undefined, omitEmpty: false, skip: false, directives: undefined });
  });

  it("a bare list is the directive list, whatever the tag name", () => {
    expect(readFieldTag("required,min=2", NAMES)).toEqual({ jsonName: undefined, omitEmpty: false, skip: false, directives: "required,min=2" });
    expect(readFieldTag("required", ["binding"]).directives).toBe("required");
    // only key:"..." at the start makes a Go-style tag
    expect(readFieldTag('json :"x"', NAMES).directives).toBe('json :"x"');
    expect(readFieldTag('min=1:"x"', NAMES).directives).toBe('min=1:"x"');
  });

  it("json name, options and \"-\"", () => {
    const json = (tag: string) => {
      const r = readFieldTag(`json:"${tag}"`, NAMES);
      return [r.jsonName, r.omitEmpty, r.skip];
    };
    expect(json("x")).toEqual(["x", false, false]);
    expect(json("-")).toEqual([undefined, false, true]);
    expect(json("-,")).toEqual(["-", false, false]); // Go: a field named "-"
    expect(json(",omitempty")).toEqual([undefined, true, false]);
    expect(json("n,omitempty,foo")).toEqual(["n", true, false]); // unknown options are ignored, as in Go
    expect(() => json("n,omitempty,string")).toThrow('json option "string" is not supported');
    expect(json("")).toEqual([undefined, false, false]);
  });

  it("any JSON name is used as written, also one Go's encoding/json would ignore (isValidTag)", () => {
    const name = (n: string) => readFieldTag(`json:"${n}"`, NAMES).jsonName;
    for (const goTakes of ["!#$%&()*+-./:;<=>?@[]^_{|}~ ", "a b", "é", "名前", "ǅ", "٣"]) expect(name(goTakes), goTakes).toBe(goTakes);
    const goIgnores: [string, string][] = [['a\\"b', 'a"b'], ["a\\\\b", "a\\b"], ["a'b", "a'b"], ["`a`", "`a`"], ["😀", "😀"], ["a\\tb", "a\tb"], ["Ⅻ", "Ⅻ"]];
    for (const [written, read] of goIgnores) expect(name(written), written).toBe(read);
  });
});

describe("splitDirectives", () => {
  const split = (list: string) => splitDirectives(list).map((d) => [d.name, d.value, d.raw]);

  it("names and values; a name alone has no value; '=' with nothing after it has \"\"", () => {
    expect(split("required,min=2")).toEqual([["required", undefined, "required"], ["min", "2", "min=2"]]);
    expect(split("default=")).toEqual([["default", "", "default="]]);
    expect(split("default=a=b")).toEqual([["default", "a=b", "default=a=b"]]);
    expect(split("")).toEqual([]);
    expect(split("   ")).toEqual([]);
  });

  it("spaces around a name are trimmed; a value keeps its spaces (numbers are trimmed when parsed)", () => {
    expect(split(" required , min=1 ")).toEqual([["required", undefined, "required"], ["min", "1 ", "min=1"]]);
    expect(split("oneof=a b")).toEqual([["oneof", "a b", "oneof=a b"]]);
  });

  it("\\, is a literal comma in any value", () => {
    expect(split("oneof=a\\,b c,max=3")).toEqual([["oneof", "a,b c", "oneof=a\\,b c"], ["max", "3", "max=3"]]);
    expect(split("default=x\\,y")).toEqual([["default", "x,y", "default=x\\,y"]]);
  });

  it("regexp / pattern values keep commas inside [] {} () and escapes", () => {
    expect(split("regexp=^[a,b]{1,3}(x,y)$,min=1")).toEqual([["regexp", "^[a,b]{1,3}(x,y)$", "regexp=^[a,b]{1,3}(x,y)$"], ["min", "1", "min=1"]]);
    expect(split("pattern=(a|(b,c)),max=9")).toEqual([["pattern", "(a|(b,c))", "pattern=(a|(b,c))"], ["max", "9", "max=9"]]);
    expect(split("regexp=x{2,},y")).toEqual([["regexp", "x{2,}", "regexp=x{2,}"], ["y", undefined, "y"]]);
    expect(split("regexp=a\\,b,max=2")).toEqual([["regexp", "a,b", "regexp=a\\,b"], ["max", "2", "max=2"]]);
    expect(split("regexp=\\d+\\.\\,x")).toEqual([["regexp", "\\d+\\.,x", "regexp=\\d+\\.\\,x"]]);
  });

  it("a ] right after [ or [^ is a class member; \\] inside a class does not close it", () => {
    expect(split("regexp=[]a,],min=1")).toEqual([["regexp", "[]a,]", "regexp=[]a,]"], ["min", "1", "min=1"]]);
    expect(split("regexp=[^],x],min=1")).toEqual([["regexp", "[^],x]", "regexp=[^],x]"], ["min", "1", "min=1"]]);
    expect(split("regexp=[a\\],b]")).toEqual([["regexp", "[a\\],b]", "regexp=[a\\],b]"]]);
  });

  it("an unbalanced ) does not protect the commas after it", () => {
    expect(split("regexp=a),b")).toEqual([["regexp", "a)", "regexp=a)"], ["b", undefined, "b"]]);
  });

  it("an empty directive is a TagSyntaxError", () => {
    for (const list of ["min=1,,max=2", ",required", "required,", " , "]) {
      expect(() => splitDirectives(list), list).toThrow(TagSyntaxError);
      expect(() => splitDirectives(list), list).toThrow(`empty directive in ${JSON.stringify(list)}`);
    }
  });
});

describe("which directive list a validator reads", () => {
  afterEach(() => setTagName(""));

  // checker: min=3, validate: required, binding: max=1
  const M = model("Tagged", { name: t.string('json:"n" checker:"min=3" validate:"required" binding:"max=1"') });
  const OnlyValidate = model("OnlyValidate", { name: t.string('json:"n" validate:"min=3"') });
  const Bare = model("Bare", { name: t.string("min=3") });
  const MIN3 = fe("n", "MIN_LENGTH", "must be at least 3 characters", "ab");
  const REQ = fe("n", "REQUIRED", "field is required", null);
  const errorsOf = (v: Validator, json: string): FieldError[] => {
    const r = v.safeUnmarshal(json);
    return r.ok ? [] : (r.error as { errors: FieldError[] }).errors;
  };

  it("default: checker", () => {
    expectUnmarshal(M, '{"n":"ab"}', [MIN3]);
    expectUnmarshal(M, "{}", [fe("n", "MISSING_FIELD", "n field is missing and has no default", null)]);
  });

  it("the tagName option", () => {
    expect(errorsOf(new Validator(M, { tagName: "validate" }), "{}")).toEqual([REQ]);
    expect(errorsOf(new Validator(M, { tagName: "binding" }), '{"n":"ab"}')).toEqual([fe("n", "MAX_LENGTH", "must be at most 1 characters", "ab")]);
  });

  it("a tag name the field does not have falls back to checker, then validate", () => {
    expect(errorsOf(new Validator(M, { tagName: "other" }), '{"n":"ab"}')).toEqual([MIN3]);
    expect(errorsOf(new Validator(OnlyValidate, { tagName: "other" }), '{"n":"ab"}')).toEqual([MIN3]);
    expect(errorsOf(new Validator(OnlyValidate), '{"n":"ab"}')).toEqual([MIN3]);
  });

  it("setTagName sets the default for validators created afterwards; the option wins over it", () => {
    const before = new Validator(M);
    setTagName("validate");
    expect(getTagName()).toBe("validate");
    expect(errorsOf(new Validator(M), "{}")).toEqual([REQ]);
    expect(errorsOf(new Validator(M, { tagName: "binding" }), '{"n":"ab"}')).toEqual([fe("n", "MAX_LENGTH", "must be at most 1 characters", "ab")]);
    expect(errorsOf(new Validator(M, { tagName: "checker" }), '{"n":"ab"}')).toEqual([MIN3]);
    // a validator keeps the tag name it was created with
    expect(errorsOf(before, '{"n":"ab"}')).toEqual([MIN3]);
    setTagName("");
    expect(getTagName()).toBe("checker");
    expect(errorsOf(new Validator(M), '{"n":"ab"}')).toEqual([MIN3]);
  });

  it("the simple API follows setTagName", () => {
    expect(() => unmarshal(M, "{}")).toThrow("n: n field is missing and has no default");
    setTagName("validate");
    expect(() => unmarshal(M, "{}")).toThrow("n: field is required");
    setTagName("");
    expect(() => unmarshal(M, '{"n":"ab"}')).toThrow("n: must be at least 3 characters");
  });

  it("a bare list applies under every tag name", () => {
    for (const tagName of ["", "validate", "binding"]) expect(errorsOf(new Validator(Bare, { tagName }), '{"name":"ab"}'), tagName).toEqual([fe("name", "MIN_LENGTH", "must be at least 3 characters", "ab")]);
  });

  it("escapes in a tag's values are Go's: \\u00e9 and \\x41 name the key, \\' is a ModelError", () => {
    const E = model("Escaped", { a: t.string('json:"\\u00e9t\\x41" checker:"max\\x3d1"') });
    expectUnmarshal(E, '{"étA":"xx"}', [fe("étA", "MAX_LENGTH", "must be at most 1 characters", "xx")]);
    expect(() => new Validator(model("Quote", { a: t.string('json:"it\\\'s"') }))).toThrow(ModelError);
    expect(() => new Validator(model("Quote", { a: t.string('json:"it\\\'s"') }))).toThrow(`field Quote.a: malformed tag "json:\\"it\\\\'s\\"": bad escape \\' in json`);
  });

  it("a key is read only under the exact JSON name, case included (Go's encoding/json also folds case)", () => {
    const C = model("Cased", { name: t.string('json:"name" checker:"max=1"') });
    expectUnmarshal(C, '{"NAME":"xx","Name":"yy"}', [fe("name", "MISSING_FIELD", "name field is missing and has no default", null)]);
    expectUnmarshal(C, '{"NAME":"xx","name":"yy"}', [fe("name", "MAX_LENGTH", "must be at most 1 characters", "yy")]);
  });

  it("the JSON name comes from json:\"...\" whatever the tag name; json:\"-\" is never read", () => {
    const S = model("Skip", { a: t.string('json:"-" checker:"min=3"'), b: t.string('json:",omitempty" checker:"min=3"') });
    expectUnmarshal(S, '{"a":"x","-":"y","b":"ab"}', [fe("b", "MIN_LENGTH", "must be at least 3 characters", "ab")]);
  });
});
