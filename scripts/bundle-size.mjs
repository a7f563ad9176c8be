// Bundle size of the browser build beside zod, valibot and ajv, measured the same way: a tiny entry
// per library (one small schema: name 2..50 chars, email, age 0..150, up to 5 unique tags, and one
// parse), bundled and minified by esbuild for the browser, then gzip -9 (zlib level 9). checker
// counts its WebAssembly core too (build/checker.wasm, gzipped on its own as it is served).
//
//   npm run build && node scripts/bundle-size.mjs     writes bench/results/bundle-size.{json,md}
import { build, version as esbuildVersion } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CHECKER = JSON.stringify(join(root, "dist", "index.js"));

/** The size goal of the browser build (js + wasm, gzip -9), in bytes: 25 KB. */
export const GOAL_BYTES = 25 * 1024;

const USER_CHECKER = `const User = model("User", { name: t.string("required,min=2,max=50"), email: t.string("required,email"),
  age: t.int("gte=0,lte=150"), tags: t.slice(t.string(), "max=5,unique") });`;

/** What is measured: one entry per library and use. `wasm` marks entries that also ship the core. */
export const ENTRIES = [
  { name: "checker", pkg: "checker", use: "Validator.safeUnmarshal", wasm: true,
    code: `import { model, t, Validator } from ${CHECKER}; ${USER_CHECKER}
      const v = new Validator(User); export const check = (s) => v.safeUnmarshal(s);` },
  { name: "checker", pkg: "checker", use: "StreamParser (the browser example's use)", wasm: true,
    code: `import { model, t, StreamParser } from ${CHECKER}; ${USER_CHECKER}
      export const parse = (chunks) => { const p = new StreamParser(User); let r; for (const c of chunks) r = p.feed(c); return r; };` },
  { name: "checker", pkg: "checker", use: "whole API (export *)", wasm: true, code: `export * from ${CHECKER};` },
  { name: "checker", pkg: "checker", use: "Validator.safeUnmarshal, wasm embedded as base64 (one file, no fetch)", wasm: "embedded",
    code: `import { initSync, model, t, Validator } from ${CHECKER}; import wasm from "checker-wasm-base64";
      initSync(Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0))); ${USER_CHECKER}
      const v = new Validator(User); export const check = (s) => v.safeUnmarshal(s);` },
  { name: "zod", pkg: "zod", use: "z.object(...).safeParse (import * as z, as its docs do)",
    code: `import * as z from "zod"; const User = z.object({ name: z.string().min(2).max(50), email: z.email(),
      age: z.number().int().gte(0).lte(150), tags: z.array(z.string()).max(5) });
      export const check = (s) => User.safeParse(JSON.parse(s));` },
  { name: "zod/mini", pkg: "zod", use: "z.object(...).safeParse",
    code: `import * as z from "zod/mini"; const User = z.object({ name: z.string().check(z.minLength(2), z.maxLength(50)),
      email: z.email(), age: z.int().check(z.gte(0), z.lte(150)), tags: z.array(z.string()).check(z.maxLength(5)) });
      export const check = (s) => User.safeParse(JSON.parse(s));` },
  { name: "valibot", pkg: "valibot", use: "v.safeParse",
    code: `import * as v from "valibot"; const User = v.object({ name: v.pipe(v.string(), v.minLength(2), v.maxLength(50)),
      email: v.pipe(v.string(), v.email()), age: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150)),
      tags: v.pipe(v.array(v.string()), v.maxLength(5)) });
      export const check = (s) => v.safeParse(User, JSON.parse(s));` },
  { name: "ajv", pkg: "ajv", use: "ajv.compile + ajv-formats (email)",
    code: `import Ajv from "ajv"; import addFormats from "ajv-formats"; const ajv = new Ajv(); addFormats(ajv);
      const validate = ajv.compile({ type: "object", required: ["name", "email"], properties: {
        name: { type: "string", minLength: 2, maxLength: 50 }, email: { type: "string", format: "email" },
        age: { type: "integer", minimum: 0, maximum: 150 }, tags: { type: "array", items: { type: "string" }, maxItems: 5, uniqueItems: true } } });
      export const check = (s) => validate(JSON.parse(s));` },
];

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

function versionOf(pkg) {
  const path = pkg === "checker" ? join(root, "package.json") : join(root, "node_modules", pkg, "package.json");
  return JSON.parse(readFileSync(path, "utf8")).version;
}

/** Bundle, minify and gzip one entry; returns sizes in bytes and the biggest modules of the bundle. */
export async function measure(entry) {
  const wasm = readFileSync(join(root, "build", "checker.wasm"));
  const result = await build({
    stdin: { contents: entry.code, resolveDir: root, loader: "js", sourcefile: "entry.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "error",
    plugins: [{
      name: "wasm-base64",
      setup(b) {
        b.onResolve({ filter: /^checker-wasm-base64$/ }, () => ({ path: "wasm", namespace: "wasm-base64" }));
        b.onLoad({ filter: /.*/, namespace: "wasm-base64" }, () => ({ contents: `export default ${JSON.stringify(wasm.toString("base64"))};`, loader: "js" }));
      },
    }],
  });
  const js = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
    .map(([file, v]) => ({ file: file.replace(/^wasm-base64:/, ""), minBytes: v.bytesInOutput }))
    .sort((a, b) => b.minBytes - a.minBytes);
  const jsGzip = gz(js);
  const wasmGzip = entry.wasm === true ? gz(wasm) : 0;
  return {
    name: entry.name,
    version: versionOf(entry.pkg),
    use: entry.use,
    jsMinBytes: js.length,
    jsGzipBytes: jsGzip,
    wasmBytes: entry.wasm === true ? wasm.length : 0,
    wasmGzipBytes: wasmGzip,
    totalGzipBytes: jsGzip + wasmGzip,
    largestModules: inputs.slice(0, 8),
  };
}

const kb = (n) => (n / 1024).toFixed(1);

function markdown(report) {
  const lines = [
    "# Bundle size of the browser build",
    "",
    `Each library bundles a tiny entry (${report.schema}) with esbuild ${report.esbuild} (\`--bundle --minify --format=esm --platform=browser\`), gzip -9.`,
    "checker's total adds its WebAssembly core (build/checker.wasm, gzip -9, fetched beside the script); the base64 row embeds it in the script instead.",
    `KB = 1024 bytes. Goal for checker: <= ${kb(report.goalBytes)} KB. Regenerate: \`npm run build && npm run bench:size\`.`,
    "",
    "| library | version | use | js min | js gzip | wasm gzip | total gzip |",
    "|---|---|---|---:|---:|---:|---:|",
    ...report.results.map((r) => `| ${r.name} | ${r.version} | ${r.use} | ${kb(r.jsMinBytes)} KB | ${kb(r.jsGzipBytes)} KB | ${r.wasmGzipBytes ? `${kb(r.wasmGzipBytes)} KB` : "–"} | **${kb(r.totalGzipBytes)} KB** |`),
    "",
    `checker (Validator.safeUnmarshal) against the goal: ${kb(report.results[0].totalGzipBytes)} KB of ${kb(report.goalBytes)} KB (${report.results[0].totalGzipBytes <= report.goalBytes ? "met" : "not met"}).`,
    "",
    `Not in any row: assets/unicode-ranges.json (the Unicode category and script ranges, ${kb(report.unicodeRanges.gzipBytes)} KB gzip), fetched by \`loadUnicodeTables()\` only by pages whose patterns name a \`\\p{...}\` class.`,
    "",
    "Largest modules of that checker bundle (minified bytes before gzip):",
    "",
    "| module | min bytes |",
    "|---|---:|",
    ...report.results[0].largestModules.map((m) => `| ${m.file} | ${m.minBytes} |`),
    "",
  ];
  return lines.join("\n");
}

/** Measure every entry. */
export async function measureAll() {
  const results = [];
  for (const entry of ENTRIES) results.push(await measure(entry));
  const ranges = readFileSync(join(root, "assets", "unicode-ranges.json"));
  return {
    generated: new Date().toISOString(),
    node: process.version,
    esbuild: esbuildVersion,
    method: "esbuild --bundle --minify --format=esm --platform=browser --target=es2022; gzip -9 (zlib level 9) of the js and, for checker, of build/checker.wasm",
    schema: "name 2..50 chars, email, age int 0..150, up to 5 unique tags; one parse",
    goalBytes: GOAL_BYTES,
    results,
    unicodeRanges: { file: "assets/unicode-ranges.json", bytes: ranges.length, gzipBytes: gz(ranges) },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await measureAll();
  const out = join(root, "bench", "results");
  writeFileSync(join(out, "bundle-size.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, "bundle-size.md"), markdown(report));
  console.log(markdown(report));
}
