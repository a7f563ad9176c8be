// The public types as a strict TypeScript user meets them: test/types/ holds consumer code for
// every API the README shows, with exact type assertions (Expect<Equal<...>>) and @ts-expect-error
// for what must not compile, compiled against the package's own declarations (dist/*.d.ts, as
// "checker" resolves for a consumer) under strict, exactOptionalPropertyTypes and
// noUncheckedIndexedAccess, without the DOM lib and with lib checks on.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

describe("public types", () => {
  it("test/types compiles: inferred model types, narrowing of results and errors, options, streams, unions, Standard Schema, CommonJS", () => {
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", "test/types"], { encoding: "utf8" });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe("");
    // tsc with lib checks on: 6 s in the whole suite on 2 cores with 2 busy loops, 58 s with 4, a
    // second run of the file and other test files
  }, 300_000);
});
