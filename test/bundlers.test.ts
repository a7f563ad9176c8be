// The published package in an app built by real bundlers and run in Chromium. The `npm pack`
// tarball is installed into a temp project (test/support/pack.ts); a tiny app (index.html +
// main.js) imports checker, loads the core, validates a good and a bad document, feeds a stream in
// chunks, checks a \p{Greek} pattern and writes the outcome as JSON into the page. It is built
//
//   - with Vite (rolldown), unchanged: `await init()` and `await loadUnicodeTables()` without an
//     argument, the `new URL("../build/checker.wasm", import.meta.url)` in the package rewritten
//     to an emitted asset; and served unchanged by the Vite dev server (checker pre-bundled);
//   - with esbuild (bundle, esm, browser), which leaves `new URL(..., import.meta.url)` as it is:
//     the same app then looks for <bundle dir>/../build/checker.wasm and fails; what works is
//     importing `checker/checker.wasm` with the file loader (`loader: { ".wasm": "file" }`) and
//     passing `new URL(wasm, import.meta.url)` to init(), or copying `checker/checker.wasm` beside
//     the bundle and passing its URL.
//
// Each output is served from 127.0.0.1 (.wasm as application/wasm) and opened in Chromium
// (test/support/chromium.ts). Needs `npm run build` first (npm test does it).

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build as esbuild } from "esbuild";
import type { Browser } from "playwright-core";
import { createServer as viteServer, build as viteBuild, type Rolldown, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../examples/browser/serve.mjs";
import { ensureChromium, launchChromium, watchPage } from "./support/chromium.js";
import { installTarball, packTarball, requireBuilt, root } from "./support/pack.js";

const CORE = readFileSync(join(root, "build", "checker.wasm"));
const TABLES = readFileSync(join(root, "assets", "unicode-ranges.json"));

/** The app's page: its script is `src` (main.js for Vite, the bundle for esbuild). */
const page = (src: string) => `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>checker app</title></head>
<body><pre id="out">pending</pre><script type="module" src="${src}"></script></body></html>
`;

/** The app's script: `imports` and `load` (how it gets the core and the Unicode tables) vary by bundler. */
const main = (imports: string, load: string) => `import { init, loadUnicodeTables, model, t, Validator, StreamParser } from "checker";
${imports}
const out = document.getElementById("out");
try {
  ${load}
  const User = model("User", {
    name: t.string("required,min=2"),
    email: t.string('json:"email_address" checker:"required,email"'),
    age: t.int("gte=0,lte=150"),
  });
  const v = new Validator(User);
  const good = v.safeUnmarshal('{"name":"Ada","email_address":"ada@example.com","age":36}');
  const bad = v.safeUnmarshal('{"name":"Ada","email_address":"nope","age":200}');
  const p = new StreamParser(User);
  const chunks = ['{"name":"Gr', 'ace","email_addr', 'ess":"grace@example.com",', '"age":85}'].map((chunk) => {
    const r = p.feed(chunk);
    return { done: r.done, partial: r.partial, errors: r.errors.length };
  });
  const end = p.end();
  const Word = model("Word", { w: t.string("regexp=^\\\\p{Greek}+$") });
  const words = new Validator(Word);
  out.textContent = JSON.stringify({
    good: good.ok ? good.value : good.error.message,
    bad: bad.ok ? bad.value : { name: bad.error.name, message: bad.error.message, errors: bad.error.errors },
    stream: { chunks, done: end.done, value: end.value, errors: end.errors },
    greek: ['{"w":"λόγος"}', '{"w":"logos"}'].map((d) => words.safeUnmarshal(d).ok),
  });
  document.body.dataset.state = "done";
} catch (e) {
  out.textContent = JSON.stringify({ failed: String(e && e.message || e) });
  document.body.dataset.state = "failed";
}
`;

const EXPECTED = {
  good: { name: "Ada", email: "ada@example.com", age: 36 },
  bad: {
    name: "ValidationError",
    message: "email_address: must be a valid email address (and 1 more errors)",
    errors: [
      { field: "email_address", code: "INVALID_EMAIL", message: "must be a valid email address", value: "nope" },
      { field: "age", code: "MAX_VALUE", message: "must be at most 150", value: 200 },
    ],
  },
  stream: {
    chunks: [
      { done: false, partial: { name: "Gr" }, errors: 0 },
      { done: false, partial: { name: "Grace" }, errors: 0 },
      { done: false, partial: { name: "Grace", email: "grace@example.com" }, errors: 0 },
      { done: true, partial: { name: "Grace", email: "grace@example.com", age: 85 }, errors: 0 },
    ],
    done: true,
    value: { name: "Grace", email: "grace@example.com", age: 85 },
    errors: [],
  },
  greek: [true, false],
};

/** The string literals of the `new URL("...", ...)` expressions in bundled code, in order. */
function urlsIn(code: string): string[] {
  return [...code.matchAll(/new URL\(\s*(["'`])([^"'`]*)\1\s*,/g)].map((m) => m[2]!);
}

// ---------------------------------------------------------------- a static server for one output

interface Served { url: string; requests: string[]; close(): Promise<void> }

/** Serve `dir` (and nothing else) on 127.0.0.1, a free port (the browser example's server, rooted there). */
function serve(dir: string): Promise<Served> {
  return startServer({ root: dir });
}

// ---------------------------------------------------------------- the page in Chromium

interface Run {
  /** The server's http://127.0.0.1:port. */
  origin: string;
  /** What the app wrote into the page. */
  outcome: Record<string, unknown>;
  /** Page errors, console errors, failed requests and HTTP errors. */
  problems: string[];
  /** The paths the page requested over HTTP, in order. */
  requests: string[];
  /** How many times the page called WebAssembly.compileStreaming. */
  compileStreaming: number;
}

let browser: Browser | undefined;
const servers: Served[] = [];
let dev: ViteDevServer | undefined;

/** Serve `dir` and open its index.html (openPage). */
async function open(dir: string): Promise<Run> {
  const server = await serve(dir);
  servers.push(server);
  const run = await openPage(server.url);
  expect(server.requests).toEqual(run.requests);
  return run;
}

/** Open the app at `origin`/, wait for it to finish and read what it wrote. */
async function openPage(origin: string): Promise<Run> {
  const p = await browser!.newPage();
  try {
    const problems = await watchPage(p);
    const requests: string[] = [];
    p.on("request", (r) => {
      if (r.url().startsWith("http:")) requests.push(new URL(r.url()).pathname);
    });
    p.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${new URL(r.url()).pathname}`);
    });
    await p.goto(`${origin}/`);
    await p.waitForFunction(() => document.body.dataset.state !== undefined, undefined, { timeout: 20_000 });
    const text = await p.textContent("#out");
    const compileStreaming = await p.evaluate(() => (window as unknown as { __compileStreaming: number }).__compileStreaming);
    return { origin, outcome: JSON.parse(text!) as Record<string, unknown>, problems, requests, compileStreaming };
  } finally {
    await p.close();
  }
}

// ---------------------------------------------------------------- the builds

let work: string;
let project: string;
let vite: { dir: string; output: (Rolldown.OutputChunk | Rolldown.OutputAsset)[] };
interface EsbuildOut { dir: string; outputs: string[] }
const esb: Record<"plain" | "fileLoader" | "copied", EsbuildOut> = {} as never;

/** Bundle `entry` with esbuild into <out>/assets/app.js, beside <out>/index.html; the files written (relative to out). */
async function bundle(name: string, entry: string, loader?: Record<string, "file">): Promise<EsbuildOut> {
  const dir = join(project, `out-esbuild-${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), page("./assets/app.js"));
  const result = await esbuild({
    entryPoints: { app: join(project, entry) },
    bundle: true,
    format: "esm",
    platform: "browser",
    outdir: join(dir, "assets"),
    loader,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: project,
  });
  expect(result.errors).toEqual([]);
  expect(result.warnings).toEqual([]);
  const outputs = Object.keys(result.metafile.outputs).map((f) => f.replace(`out-esbuild-${name}/`, "")).sort();
  return { dir, outputs };
}

beforeAll(async () => {
  requireBuilt(["dist/index.js", "build/checker.wasm", "assets/unicode-ranges.json"]);
  const chromium = ensureChromium();
  work = mkdtempSync(join(tmpdir(), "checker-bundlers-"));
  const tarball = await packTarball(work);
  project = join(work, "project");
  await installTarball(project, tarball);

  // the app: main.js loads the core and the tables the way README says for browsers and bundlers
  writeFileSync(join(project, "index.html"), page("./main.js"));
  writeFileSync(join(project, "main.js"), main("", "await init();\n  await loadUnicodeTables();"));
  // esbuild, file loader: the .wasm export imported as an emitted file (its URL relative to the bundle)
  writeFileSync(join(project, "main-file-loader.js"), main(
    'import wasm from "checker/checker.wasm";\nimport tables from "checker/unicode-ranges.json";',
    "await init(new URL(wasm, import.meta.url));\n  await loadUnicodeTables(tables);"));
  // esbuild, files copied beside the bundle by hand
  writeFileSync(join(project, "main-copied.js"), main("",
    'await init(new URL("./checker.wasm", import.meta.url));\n  await loadUnicodeTables(new URL("./unicode-ranges.json", import.meta.url));'));

  const viteDir = join(project, "out-vite");
  const [built] = await Promise.all([
    viteBuild({ root: project, logLevel: "silent", configFile: false, build: { outDir: viteDir, emptyOutDir: true } }),
    (async () => {
      esb.plain = await bundle("plain", "main.js");
      esb.fileLoader = await bundle("file-loader", "main-file-loader.js", { ".wasm": "file" });
      esb.copied = await bundle("copied", "main-copied.js");
      const pkg = createRequire(join(project, "package.json"));
      copyFileSync(pkg.resolve("checker/checker.wasm"), join(esb.copied.dir, "assets", "checker.wasm"));
      copyFileSync(pkg.resolve("checker/unicode-ranges.json"), join(esb.copied.dir, "assets", "unicode-ranges.json"));
    })(),
  ]);
  vite = { dir: viteDir, output: (Array.isArray(built) ? built[0]! : built as Rolldown.RolldownOutput).output };

  await chromium;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([...servers.map((s) => s.close()), dev?.close()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("Vite (rolldown)", () => {
  it("emits the core as a hashed asset with the bytes of build/checker.wasm, referenced by the JS chunk", () => {
    const chunks = vite.output.filter((o): o is Rolldown.OutputChunk => o.type === "chunk");
    const assets = vite.output.filter((o): o is Rolldown.OutputAsset => o.type === "asset");
    expect(chunks.map((c) => c.fileName)).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.js$/)]);
    expect(assets.map((a) => a.fileName).sort()).toEqual([
      expect.stringMatching(/^assets\/checker-[\w-]+\.wasm$/),
      expect.stringMatching(/^assets\/unicode-ranges-[\w-]+\.json$/),
      "index.html",
    ]);
    const wasm = assets.find((a) => a.fileName.endsWith(".wasm"))!;
    const tables = assets.find((a) => a.fileName.endsWith(".json"))!;
    expect(readFileSync(join(vite.dir, wasm.fileName)).equals(CORE)).toBe(true);
    expect(readFileSync(join(vite.dir, tables.fileName)).equals(TABLES)).toBe(true);
    // the package's new URL("../build/checker.wasm", import.meta.url) now names the emitted files
    expect(urlsIn(chunks[0]!.code)).toEqual([`/${tables.fileName}`, `/${wasm.fileName}`]);
    expect(readFileSync(join(vite.dir, "index.html"), "utf8")).toContain(`/${chunks[0]!.fileName}`);
  });

  it("runs in Chromium: init() with no argument streams in the emitted core, and the app's outcome is exact", async () => {
    const wasm = vite.output.find((o) => o.fileName.endsWith(".wasm"))!.fileName;
    const tables = vite.output.find((o) => o.fileName.endsWith(".json"))!.fileName;
    const js = vite.output.find((o) => o.type === "chunk")!.fileName;
    const r = await open(vite.dir);
    expect(r.outcome).toEqual(EXPECTED);
    expect(r.problems).toEqual([]);
    expect(r.compileStreaming).toBe(1);
    expect(r.requests).toEqual(["/", `/${js}`, `/${wasm}`, `/${tables}`]);
  });
});

describe("Vite dev server", () => {
  it("serves the unchanged app (checker pre-bundled into .vite/deps): init() streams in the package's build/checker.wasm", async () => {
    dev = await viteServer({ root: project, logLevel: "silent", configFile: false, server: { host: "127.0.0.1", port: 0, hmr: false, watch: null } });
    await dev.listen();
    const r = await openPage(dev.resolvedUrls!.local[0]!.replace(/\/$/, ""));
    expect(r.outcome).toEqual(EXPECTED);
    expect(r.problems).toEqual([]);
    expect(r.compileStreaming).toBe(1);
    expect(r.requests).toContain("/node_modules/.vite/deps/checker.js");
    expect(r.requests.filter((q) => /\.(wasm|json)$/.test(q))).toEqual(["/node_modules/checker/build/checker.wasm", "/node_modules/checker/assets/unicode-ranges.json"]);
  });
});

describe("esbuild (bundle, esm, browser)", () => {
  it("leaves new URL(..., import.meta.url) alone: the unchanged app's init() fetches <bundle dir>/../build/checker.wasm and fails", async () => {
    expect(esb.plain.outputs).toEqual(["assets/app.js"]);
    expect(urlsIn(readFileSync(join(esb.plain.dir, "assets", "app.js"), "utf8"))).toEqual(["../assets/unicode-ranges.json", "../build/checker.wasm"]);
    const r = await open(esb.plain.dir);
    expect(r.outcome).toEqual({ failed: `checker: cannot load the WebAssembly core from ${r.origin}/build/checker.wasm (HTTP 404); if your bundler does not emit the package's assets (esbuild does not), serve checker/checker.wasm and pass its URL: init(url)` });
    expect(r.requests).toEqual(["/", "/assets/app.js", "/build/checker.wasm"]);
    expect(r.problems).toEqual(["HTTP 404: /build/checker.wasm", "console: Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    expect(r.compileStreaming).toBe(0);
  });

  it("with the file loader: import wasm from \"checker/checker.wasm\" emits the core, init(new URL(wasm, import.meta.url)) loads it", async () => {
    const wasm = esb.fileLoader.outputs.find((f) => f.endsWith(".wasm"));
    expect(esb.fileLoader.outputs).toEqual(["assets/app.js", expect.stringMatching(/^assets\/checker-[A-Z0-9]+\.wasm$/)]);
    expect(readFileSync(join(esb.fileLoader.dir, wasm!)).equals(CORE)).toBe(true);
    const code = readFileSync(join(esb.fileLoader.dir, "assets", "app.js"), "utf8");
    expect(code.includes(`"./${wasm!.replace("assets/", "")}"`), "the bundle holds the emitted file's path").toBe(true);
    const r = await open(esb.fileLoader.dir);
    expect(r.outcome).toEqual(EXPECTED);
    expect(r.problems).toEqual([]);
    expect(r.compileStreaming).toBe(1);
    expect(r.requests).toEqual(["/", "/assets/app.js", `/${wasm}`]);
  });

  it("with checker/checker.wasm copied beside the bundle: init(new URL(\"./checker.wasm\", import.meta.url)) loads it", async () => {
    expect(esb.copied.outputs).toEqual(["assets/app.js"]);
    const r = await open(esb.copied.dir);
    expect(r.outcome).toEqual(EXPECTED);
    expect(r.problems).toEqual([]);
    expect(r.compileStreaming).toBe(1);
    expect(r.requests).toEqual(["/", "/assets/app.js", "/assets/checker.wasm", "/assets/unicode-ranges.json"]);
  });
});
