// The README's examples run: every ```ts block followed by an "Output:" ```text block is written to
// a file, run with Node (importing "checker" resolves to this package), and its output must be
// exactly the text block.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)\n```\n\nOutput:\n\n```text\n([\s\S]*?)\n```/g)].map((m) => ({ code: m[1], output: m[2] }));
const dir = new URL(".readme-tmp/", root);

describe("README examples", () => {
  it("there are examples to run", () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  examples.forEach(({ code, output }, i) => {
    it(`example ${i + 1} (${code.split("\n")[0].slice(0, 60)}) prints what the README says`, () => {
      mkdirSync(dir, { recursive: true });
      const file = new URL(`example-${i + 1}.mts`, dir);
      writeFileSync(file, code + "\n");
      const out = execFileSync(process.execPath, ["--import", "tsx", file.pathname], { cwd: root, encoding: "utf8" });
      expect(out.trimEnd()).toBe(output);
    });
  });
});
