// The published package: `npm pack` of the built tree, installed (offline, from the tarball) into a
// fresh project outside the repository, then an ESM and a CommonJS program run against it with
// plain `node`, and the typed consumer code of test/types compiled against its declarations. Also lints the tarball with publint and @arethetypeswrong/cli. Needs `npm run
// build` first (npm test does it).

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTarball, packTarball, requireBuilt, root, run } from "./support/pack.js";

let work: string;
let tarball: string;
let project: string;

async function node(file: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return stdout.trim().split("\n");
}

const MODEL = `
  const User = model("User", {
    name: t.string("required,min=2"),
    email: t.string('json:"email_address" checker:"required,email"'),
    age: t.int("gte=0,lte=150"),
  });`;

const BODY = `
  const user = unmarshal(User, '{"name":"Ada","email_address":"ada@example.com","age":36}');
  console.log(JSON.stringify(user));
  try {
    unmarshal(User, '{"name":"A","email_address":"nope","age":200}');
  } catch (e) {
    console.log(e instanceof ValidationError, e.name, JSON.stringify(e.errors.map((f) => [f.field, f.code])));
  }
  const r = safeUnmarshal(User, '{"name":');
  console.log(r.ok, r.error instanceof JsonSyntaxError);`;

const IMPORTS = "model, t, unmarshal, safeUnmarshal, ValidationError, JsonSyntaxError";

const EXPECTED = [
  '{"name":"Ada","email":"ada@example.com","age":36}',
  'true ValidationError [["name","MIN_LENGTH"],["email_address","INVALID_EMAIL"],["age","MAX_VALUE"]]',
  "false true",
];

beforeAll(async () => {
  requireBuilt(["dist/index.js", "dist/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "build/checker.wasm"]);
  work = mkdtempSync(join(tmpdir(), "checker-pack-"));
  tarball = await packTarball(work);
  project = join(work, "project");
  await installTarball(project, tarball);

  writeFileSync(join(project, "esm.mjs"), `import { ${IMPORTS} } from "checker";\n${MODEL}\n${BODY}\n`);
  writeFileSync(join(project, "cjs.cjs"), `"use strict";\nconst { ${IMPORTS} } = require("checker");\n${MODEL}\n${BODY}\n`);
  // Loading the core yourself: init() with the URL of the shipped file, initSync() with its bytes.
  writeFileSync(join(project, "init.mjs"), `import { init, ${IMPORTS} } from "checker";
    await init(new URL(import.meta.resolve("checker/checker.wasm")));\n${MODEL}\n${BODY}\n`);
  // A pattern naming Unicode classes: the tables are read from the package's assets/ on first use.
  const unicode = (load: string) => `${load}
    const Word = model("Word", { w: t.string("regexp=^\\\\p{Greek}+$") });
    console.log(["{\\"w\\":\\"λόγος\\"}", "{\\"w\\":\\"logos\\"}"].map((d) => safeUnmarshal(Word, d).ok).join(" "));\n`;
  writeFileSync(join(project, "unicode.mjs"), unicode(`import { ${IMPORTS} } from "checker";`));
  writeFileSync(join(project, "unicode.cjs"), unicode(`"use strict"; const { ${IMPORTS} } = require("checker");`));
  writeFileSync(join(project, "init-sync.cjs"), `"use strict";
    const { initSync, ${IMPORTS} } = require("checker");
    initSync(require("node:fs").readFileSync(require.resolve("checker/checker.wasm")));\n${MODEL}\n${BODY}\n`);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("npm pack tarball", () => {
  it("ships the ESM and CommonJS builds, their declarations and the core, and nothing else", async () => {
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.trim().split("\n").map((f) => f.replace(/^package\//, ""));
    const assets = ["package.json", "build/checker.wasm", "assets/unicode-ranges.json"];
    for (const f of [...assets, "dist/index.js", "dist/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json"]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => !f.startsWith("dist/") && ![...assets, "README.md", "LICENSE"].includes(f))).toEqual([]);
  });

  it("reads the Unicode tables from the package when a pattern names a class (ESM and CommonJS)", async () => {
    expect(await node("unicode.mjs")).toEqual(["true false"]);
    expect(await node("unicode.cjs")).toEqual(["true false"]);
  });

  it("runs an ESM program (import, core read from the package on first use)", async () => {
    expect(await node("esm.mjs")).toEqual(EXPECTED);
  });

  it("runs a CommonJS program (require, core read synchronously from the package)", async () => {
    expect(await node("cjs.cjs")).toEqual(EXPECTED);
  });

  it("loads the core given by URL (init) or as bytes (initSync), through the checker/checker.wasm export", async () => {
    expect(await node("init.mjs")).toEqual(EXPECTED);
    expect(await node("init-sync.cjs")).toEqual(EXPECTED);
  });

  it("resolves to two distinct builds, and the CommonJS one has no top-level await or import.meta", () => {
    const pkg = join(project, "node_modules", "checker");
    const cjs = readFileSync(join(pkg, "dist/cjs/index.js"), "utf8");
    expect(cjs).not.toMatch(/\bimport\.meta\b/);
    expect(cjs).not.toMatch(/^\s*(export|import)\s/m);
    expect(JSON.parse(readFileSync(join(pkg, "dist/cjs/package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("its declarations type-check test/types (exact Infer, Validator, StreamParser, parseStream, UnionValidator, ~standard) under module nodenext, ESM and CommonJS, and moduleResolution bundler", async () => {
    const types = join(project, "types");
    cpSync(join(root, "test/types"), types, { recursive: true });
    writeFileSync(join(types, "package.json"), JSON.stringify({ type: "module" })); // *.ts are ESM, cjs.cts CommonJS
    writeFileSync(join(types, "tsconfig.bundler.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { module: "preserve", moduleResolution: "bundler" } }));
    // the consumer's other dependencies, linked from this repository: "checker" comes from the tarball only
    for (const dep of ["@types/node", "@standard-schema/spec", "@tanstack/form-core", "@trpc/server"]) {
      mkdirSync(dirname(join(project, "node_modules", dep)), { recursive: true });
      symlinkSync(join(root, "node_modules", dep), join(project, "node_modules", dep), "dir");
    }
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    for (const config of ["tsconfig.json", "tsconfig.bundler.json"]) {
      const { stdout } = await run(process.execPath, [tsc, "-p", join(types, config)], { cwd: project })
        .catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? String(e) }));
      expect([config, stdout]).toEqual([config, ""]);
    }
    // two tsc runs with lib checks on: 23 s in the whole suite on 2 cores with 2 busy loops, up to
    // 97 s with 4, a second run of the file and other test files
  }, 300_000);

  it("passes publint", async () => {
    const { messages } = await publint({ pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer }, strict: true });
    expect(messages).toEqual([]);
  });

  it("passes @arethetypeswrong/cli (types for import and require in node10, node16 and bundler resolution)", async () => {
    const attw = join(root, "node_modules", ".bin", "attw");
    // checker.wasm and unicode-ranges.json are asset exports, not modules with types.
    const { stdout } = await run(attw, [tarball, "--format", "json", "--exclude-entrypoints", "./checker.wasm", "./unicode-ranges.json"], { cwd: root })
      .catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? "" }));
    const report = JSON.parse(stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints)).toEqual([".", "./package.json"]);
    // (4 s in the whole suite on 2 cores with 2 busy loops, up to 24 s with 4 and a second run of the file)
  }, 120_000);
});
