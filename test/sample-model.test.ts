// The sample model `npm start` runs (data/user-model.js, plain JavaScript that node loads) and the
// bench's model (bench/user-model.ts, TypeScript for the benches' types; both on dist/) are the
// same rules written twice; their compiled programs must stay equal, so the README's sample run
// and the bench measure the same validator.
import { describe, expect, it } from "vitest";
import * as dist from "../dist/index.js";
import { User as SampleUser } from "../data/user-model.js";
import { User as BenchUser } from "../bench/user-model.js";
import { disassemble, Validator } from "../bindings/index.js";

describe("sample model", () => {
  it("data/user-model.js compiles to the same program as bench/user-model.ts", () => {
    const sample = dist.disassemble(new dist.Validator(SampleUser));
    const bench = disassemble(new Validator(BenchUser));
    expect(sample).toContain("User");
    expect(sample).toBe(bench);
  });
});
