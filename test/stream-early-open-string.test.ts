// Early checks while one string value stays open over many chunks (bindings/early.ts skips the
// checks of the open containers then: max items, unknown keys under forbid): what is reported,
// and at which chunk, stays what it was, and the string's own checks (max=) still run on every
// chunk. (The skip saves work only; these pin that it changes nothing a user sees.)
import { describe, expect, it } from "vitest";
import { model, t } from "../bindings/model.js";
import { StreamParser, type StreamError, type StreamFieldError } from "../bindings/stream.js";
import { Validator } from "../bindings/validator.js";
import type { ValidatorOptions } from "../bindings/resolve.js";
import { differences, feedAll, oneShot } from "./support/stream-harness.js";

const Doc = model("Doc", { tags: t.slice(t.string(), "max=2"), name: t.string("max=4") });

function run(chunks: string[], options: ValidatorOptions = {}) {
  const v = new Validator(Doc, { strictMissingFields: false, ...options });
  const r = feedAll(new StreamParser(v), chunks, { keep: true });
  expect(differences(r, oneShot(v, chunks.join("")))).toEqual([]);
  return r.results;
}

const early = (code: string) => (e: StreamError) => !(e instanceof Error) && (e as StreamFieldError).early === true && (e as StreamFieldError).code === code;

describe("a string value open over many chunks", () => {
  it("an array past max items is reported once, at the chunk its third item starts", () => {
    const r = run(['{"tags":["a","b",', '"c', "c", "c", "c", '"]}']);
    const at = r.map((x) => x.errors.filter(early("MAX_ITEMS")).length);
    expect(at).toEqual([0, 1, 1, 1, 1, 0, 0]); // (the last result is end()'s)
  });

  it("the open string's max length is still checked on later chunks", () => {
    const r = run(['{"name":"a', "bb", "cc", "d", '"}']);
    expect(r.map((x) => x.errors.filter(early("MAX_LENGTH")).length)).toEqual([0, 0, 1, 1, 0, 0]);
  });

  it("an unknown key under forbid whose value is a long string is reported once, when the key closes", () => {
    const r = run(['{"zz":"a', "bb", "cc", '"}'], { extraFields: "forbid" });
    expect(r.map((x) => x.errors.filter(early("EXTRA_FIELD")).length)).toEqual([1, 1, 1, 0, 0]);
  });
});
