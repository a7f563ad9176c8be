// The README as a user reads it.
// - Its examples run: every ```ts block followed by an "Output:" ```text block is written to a
//   file, run with Node (importing "checker" resolves to this package), and its output must be
//   exactly the text block. The examples also compile as a strict TypeScript user's code
//   (test/types's settings). A ```ts block that is not meant to run is marked ```ts fragment;
//   any other ```ts block without its output fails here. ```sh blocks are commands, not run.
// - It names every export of the package, and its directive table holds every directive, code and
//   message of ../shared/SPEC.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { strictTscErrors } from "./support/strict-tsc.js";

const root = new URL("../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)\n```\n\nOutput:\n\n```text\n([\s\S]*?)\n```/g)].map((m) => ({ code: m[1], output: m[2] }));
const dir = new URL(".readme-tmp/", root);
const exampleFile = (i: number) => new URL(`example-${i + 1}.mts`, dir);

describe("README examples", () => {
  it("there are examples to run, and every ```ts block is one of them or marked ```ts fragment", () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
    const tsBlocks = [...readme.matchAll(/^```ts\n/gm)].length;
    expect(tsBlocks).toBe(examples.length);
  });

  examples.forEach(({ code, output }, i) => {
    it(`example ${i + 1} (${code.split("\n")[0].slice(0, 60)}) prints what the README says`, () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(exampleFile(i), code + "\n");
      const out = execFileSync(process.execPath, ["--import", "tsx", exampleFile(i).pathname], { cwd: root, encoding: "utf8" });
      expect(out.trimEnd()).toBe(output);
    });
  });

  it("the examples compile under strict TypeScript (test/types's settings)", () => {
    mkdirSync(dir, { recursive: true });
    examples.forEach(({ code }, i) => writeFileSync(exampleFile(i), code + "\n"));
    expect(strictTscErrors(dir)).toBe("");
    // tsc: 13 s in the whole suite on 2 cores with 2 busy loops, 37 s with 4, a second run of the
    // file and other test files
  }, 240_000);
});

describe("README coverage of the API and the spec", () => {
  it("names every export of bindings/index.ts", () => {
    const index = readFileSync(new URL("bindings/index.ts", root), "utf8");
    const names = [
      ...[...index.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) => m[1].split(",").map((n) => n.trim()).filter((n) => n !== "")),
      ...[...index.matchAll(/export const (\w+)/g)].map((m) => m[1]),
    ];
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => !new RegExp(`\\b${n}\\b`).test(readme))).toEqual([]);
  });

  const spec = readFileSync(new URL("../shared/SPEC.md", root), "utf8");
  const tableStart = readme.indexOf("| directive | applies to | code | message |");
  const table = readme.slice(tableStart, readme.indexOf("\n\n", tableStart));

  it("the directive table has every directive of SPEC.md", () => {
    const line = /^`required`, .*$/m.exec(spec)?.[0] ?? "";
    const directives = [...line.matchAll(/`([A-Za-z_]+)/g)].map((m) => m[1]);
    expect(directives.length).toBe(24);
    expect(directives.filter((d) => !new RegExp(`\`${d}[\`=]`).test(table))).toEqual([]);
  });

  it("the directive table has every error code of SPEC.md that 2.1.3 uses (and EXTRA_FIELD), and every message", () => {
    const codes = [...spec.matchAll(/^\| ([A-Z_]+) \| [^|]+ \| [^|]+ \| (all|2\.1\.3) \|$/gm)].map((m) => m[1]);
    expect(codes.length).toBe(14);
    codes.push("EXTRA_FIELD"); // listed for 0.1.2 only; DESIGN.md keeps it
    expect(codes.filter((c) => !table.includes(c))).toEqual([]);
    const messagesAt = spec.indexOf("### Error messages");
    const messages = [...spec.slice(messagesAt, spec.indexOf("###", messagesAt + 3)).matchAll(/\| `([^`]+)` \|$/gm)].map((m) => m[1].replace("<pattern>", "P"));
    expect(messages.length).toBe(18);
    expect(messages.filter((m) => !table.includes(`\`${m}\``))).toEqual([]);
  });
});
