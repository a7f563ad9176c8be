// A checker model as the AI SDK's structured output schema (ai v6, Standard Schema + Standard
// JSON Schema): generateText({ output: Output.object({ schema: Model }) }) sends the model's JSON
// Schema to the LLM in the draft-07 form the SDK asks for, and validates the answer with checker.
// The LLM is the SDK's own mock (ai/test), which records the call it receives.

import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { generateText, NoObjectGeneratedError, Output, TypeValidationError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { model, t, UnionValidator, type Infer } from "../bindings/index.js";

const Step = model("Step", { text: t.string("required,min=3,max=80"), minutes: t.int("min=0,max=120") });
const Recipe = model("Recipe", {
  title: t.string("required,max=40"),
  cuisine: t.string("required,oneof=french italian"),
  steps: t.slice(Step, "required,min=1,max=6"),
});

/** A mock model that answers `text` and keeps the call options it was given. */
function answering(text: string) {
  const calls: LanguageModelV3CallOptions[] = [];
  const llm = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push(options);
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  return { llm, calls };
}

const GOOD: Infer<typeof Recipe> = { title: "Ratatouille", cuisine: "french", steps: [{ text: "Stew the vegetables.", minutes: 40 }] };

describe("a checker model as the AI SDK's Output.object schema", () => {
  it("the LLM is asked for the model's JSON Schema (draft-07 form), and the answer comes back validated and typed", async () => {
    const { llm, calls } = answering(JSON.stringify(GOOD));
    const result = await generateText({ model: llm, prompt: "A recipe.", output: Output.object({ schema: Recipe }) });
    const recipe: Infer<typeof Recipe> = result.output;
    expect(recipe).toEqual(GOOD);
    expect(calls).toHaveLength(1);
    const format = calls[0].responseFormat;
    expect(format?.type).toBe("json");
    // what the SDK sends: checker's draft-07 schema (the SDK adds additionalProperties: false to objects)
    const step = {
      type: "object",
      properties: { text: { type: "string", minLength: 3, maxLength: 80 }, minutes: { type: "integer", minimum: 0, maximum: 120 } },
      required: ["text"],
      additionalProperties: false,
    };
    expect(format?.type === "json" ? format.schema : undefined).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        title: { type: "string", maxLength: 40 },
        cuisine: { type: "string", enum: ["french", "italian"] },
        steps: { type: "array", items: step, minItems: 1, maxItems: 6 },
      },
      required: ["title", "cuisine", "steps"],
      additionalProperties: false,
    });
  });

  it("an answer that breaks the model's rules: NoObjectGeneratedError whose cause holds checker's issues (message and path)", async () => {
    const bad = { title: "Ratatouille", cuisine: "provençal", steps: [{ text: "Go", minutes: 500 }] };
    const { llm } = answering(JSON.stringify(bad));
    const failure = await generateText({ model: llm, prompt: "A recipe.", output: Output.object({ schema: Recipe }) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(NoObjectGeneratedError.isInstance(failure)).toBe(true);
    const cause = (failure as NoObjectGeneratedError).cause;
    expect(TypeValidationError.isInstance(cause)).toBe(true);
    expect((cause as TypeValidationError).value).toEqual(bad);
    expect((cause as TypeValidationError).cause).toEqual([
      { message: "must be one of: french, italian", path: ["cuisine"] },
      { message: "must be at least 3 characters", path: ["steps", 0, "text"] },
      { message: "must be at most 120", path: ["steps", 0, "minutes"] },
    ]);
  });

  it("a UnionValidator too: the schema is oneOf the variants, the output { variant, value }", async () => {
    const Search = model("Search", { query: t.string("required,max=30") });
    const Reply = model("Reply", { text: t.string("required") });
    const action = new UnionValidator({ discriminator: "type", variants: { search: Search, reply: Reply } });
    const { llm, calls } = answering('{"type":"search","query":"weather in Lyon"}');
    const result = await generateText({ model: llm, prompt: "Act.", output: Output.object({ schema: action }) });
    expect(result.output).toEqual({ variant: "search", value: { query: "weather in Lyon" } });
    const format = calls[0].responseFormat;
    const sent = (format?.type === "json" ? format.schema : undefined) as { $schema: string; oneOf: { properties: object }[] };
    expect(sent.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(sent.oneOf.map((v) => Object.keys(v.properties))).toEqual([["type", "query"], ["type", "text"]]);
  });
});
