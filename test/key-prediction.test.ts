// The core predicts each object key as the field after the last one read (documents mostly write
// keys in declaration order) and looks it up in the key table only on a miss. Whatever the order,
// the result must be the key table's: checked here against an oracle built from JSON.parse on
// documents whose keys come in declaration order, reversed, shuffled, repeated and mixed with
// unknown keys, for models whose json:"-" and extras fields share their property key with a key
// the document writes (a prediction must never land on a field JSON does not read).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { Validator } from "../bindings/validator.js";

const M = model("KeyOrder", {
  a: t.string(),
  secret: t.string('json:"-"'), // never read: a "secret" key is unknown
  b: t.string('json:"b_name"'),
  c: t.string('json:"a2"'),
  extra: t.extras(),
  "": t.string(),
  é: t.string(),
  last: t.string('json:"secret2"'),
});
const READ: Record<string, string> = { a: "a", b_name: "b", a2: "c", "": "", é: "é", secret2: "last" }; // JSON name -> property key
const KEYS = [...Object.keys(READ), "secret", "b", "c", "extra", "last", "zz", "-"];

/** What unmarshal must give for the document `members` (in order): the oracle. */
function expected(members: readonly [string, string][], forbid: boolean): { ok: true; value: Record<string, unknown> } | { ok: false; fields: string[] } {
  const value: Record<string, unknown> = { a: "", secret: "", b: "", c: "", extra: {}, "": "", é: "", last: "" };
  const unknown: string[] = [];
  for (const [k, v] of members) {
    if (k in READ) value[READ[k]!] = v;
    else {
      // (a repeated unknown key is reported once, where it last came: README, Repeated keys)
      if (unknown.includes(k)) unknown.splice(unknown.indexOf(k), 1);
      unknown.push(k);
    }
  }
  return forbid && unknown.length > 0 ? { ok: false, fields: unknown } : { ok: true, value };
}

describe("object keys in any order read the fields the key table names", () => {
  const ignore = new Validator(M, { strictMissingFields: false });
  const forbid = new Validator(M, { strictMissingFields: false, extraFields: "forbid" });

  it("a key named like a json:\"-\" or extras field's property key, right where that field would be predicted", () => {
    expect(ignore.safeUnmarshal('{"a":"x","secret":"y","b_name":"z"}')).toEqual({ ok: true, value: { a: "x", secret: "", b: "z", c: "", extra: {}, "": "", é: "", last: "" } });
    const r = forbid.safeUnmarshal('{"a":"x","secret":"y","b_name":"z","extra":1}');
    expect(!r.ok && r.error.message).toBe("secret: unknown field in JSON (and 1 more errors)");
  });

  it("equals the JSON.parse oracle on 3,000 generated documents (orders, repeats, unknown keys)", () => {
    const member = fc.tuple(fc.constantFrom(...KEYS), fc.string({ maxLength: 3 }));
    const docs = fc.oneof(
      fc.array(member, { maxLength: 12 }),
      fc.shuffledSubarray(Object.keys(READ)).map((ks) => ks.map((k): [string, string] => [k, k])),
      fc.constant(Object.keys(READ).map((k): [string, string] => [k, "d"])),
      fc.constant(Object.keys(READ).reverse().map((k): [string, string] => [k, "r"])),
    );
    fc.assert(fc.property(docs, (members) => {
      const text = `{${members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
      for (const [v, isForbid] of [[ignore, false], [forbid, true]] as const) {
        const want = expected(members, isForbid);
        const got = v.safeUnmarshal(text);
        if (want.ok) expect(got, text).toEqual(want);
        else expect(!got.ok && (got.error as { errors: { field: string }[] }).errors.map((e) => e.field), text).toEqual(want.fields);
      }
    }), { numRuns: 3000, seed: 4711 });
  });
});
