// The CommonJS build: dist/cjs/index.js, one esbuild bundle of the ESM build tsc wrote to dist/
// (same code, no top-level await), with the declaration files it needs copied beside it and a
// package.json marking the folder as CommonJS (so those .d.ts files are read as CommonJS types).
//
// The ESM code finds build/checker.wasm with `new URL("../build/checker.wasm", import.meta.url)`.
// CommonJS has no import.meta, so the bundle defines `import.meta.url` as the URL of dist/index.js
// (computed from __dirname when first read): every import.meta-relative path then names the same
// file in both builds, and the core is read synchronously with readFileSync on first use.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const out = join(dist, "cjs");

if (!existsSync(join(dist, "index.js"))) throw new Error("build-cjs: run tsc first (dist/index.js is missing)");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const banner = [
  "\"use strict\";",
  "// The URL of the ESM module this bundle stands for (dist/index.js): see scripts/build-cjs.mjs.",
  "var __checker_import_meta = { get url() { return require(\"node:url\").pathToFileURL(require(\"node:path\").join(__dirname, \"..\", \"index.js\")).href; } };",
].join("\n");

const result = await build({
  entryPoints: [join(dist, "index.js")],
  outfile: join(out, "index.js"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  define: { "import.meta": "__checker_import_meta" },
  banner: { js: banner },
  logLevel: "warning",
  metafile: true,
});
if (result.errors.length > 0 || result.warnings.length > 0) {
  throw new Error(`build-cjs: esbuild reported ${result.errors.length} errors, ${result.warnings.length} warnings`);
}

// Declarations: everything dist/index.d.ts reaches, copied with the same relative layout.
const seen = new Set();
const queue = ["index.d.ts"];
while (queue.length > 0) {
  const rel = queue.pop();
  if (seen.has(rel)) continue;
  seen.add(rel);
  const text = readFileSync(join(dist, rel), "utf8");
  mkdirSync(dirname(join(out, rel)), { recursive: true });
  copyFileSync(join(dist, rel), join(out, rel));
  for (const m of text.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)\.js["']|\bimport\(["'](\.{1,2}\/[^"']+)\.js["']\)/g)) {
    const spec = m[1] ?? m[2];
    const target = relative(dist, join(dist, dirname(rel), `${spec}.d.ts`));
    if (!existsSync(join(dist, target))) throw new Error(`build-cjs: ${rel} refers to ${spec}.js, which has no declaration file`);
    queue.push(target);
  }
}
writeFileSync(join(out, "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

// No top-level await can reach a CommonJS bundle (esbuild refuses it), and the result must load.
const bytes = readFileSync(join(out, "index.js")).length;
console.log(`build-cjs: dist/cjs/index.js ${(bytes / 1024).toFixed(1)} KB, ${seen.size} declaration files`);
