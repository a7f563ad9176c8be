// Bundles a vitest test file (by default test/conformance.test.ts) so it runs unchanged outside
// vitest: in a browser page (examples/browser/conformance.html) or in plain Node, to compare the two.
//
// - `vitest` becomes test/support/browser-vitest.ts (describe/it/hooks collected, vitest's own
//   expect); the bundle exports `runRegistered()`, which runs the collected tests.
// - The library (`bindings/index.js`) is not bundled: imports of it go to the built ESM entry
//   (`/dist/index.js` in the page, dist/index.js in Node), so the tests exercise what is shipped.
// - In the browser, node:* modules are stubs; node:fs's readFileSync returns the text the page
//   gives it through `globalThis.__checkerReadFile(path)` (the page fetches cases.json over HTTP
//   first). In Node the test file reads its files as usual.
import { build } from "esbuild";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const FS_STUB = `
  function readFileSync(path) {
    if (typeof globalThis.__checkerReadFile !== "function") throw new Error("this page gives no files (globalThis.__checkerReadFile)");
    return globalThis.__checkerReadFile(String(path));
  }
  module.exports = { readFileSync };`;

/**
 * @param {{ platform: "browser" | "node", testFile?: string }} options
 * @returns {Promise<string>} the bundle (an ES module)
 */
export async function bundleTestFile({ platform, testFile = "test/conformance.test.ts" }) {
  const testPath = resolve(root, testFile);
  const shim = join(root, "test/support/browser-vitest.ts");
  const library = platform === "browser" ? "/dist/index.js" : pathToFileURL(join(root, "dist/index.js")).href;
  const entry = platform === "browser"
    ? `export { runRegistered } from ${JSON.stringify(shim)};\nimport ${JSON.stringify(testPath)};\n`
    : `import { runRegistered } from ${JSON.stringify(shim)};\nimport ${JSON.stringify(testPath)};\n` +
      `process.stdout.write("\\n" + JSON.stringify(await runRegistered()) + "\\n"); // the last line\n`;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts", sourcefile: "conformance-entry.ts" },
    bundle: true,
    format: "esm",
    platform,
    target: platform === "browser" ? "chrome120" : "node20",
    write: false,
    alias: { vitest: shim },
    define: platform === "browser" ? { "process.env.CHECKER_CASES": "undefined" } : {},
    logLevel: "error",
    plugins: [{
      name: "checker-test-bundle",
      setup(b) {
        // the test file is imported for what it registers (the package says sideEffects: false)
        b.onResolve({ filter: /\.test\.ts$/ }, (a) => ({ path: resolve(a.resolveDir, a.path), sideEffects: true }));
        b.onResolve({ filter: /(^|\/)bindings\/index\.js$/ }, () => ({ path: library, external: true }));
        if (platform === "browser") {
          b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: "node-stub" }));
          b.onLoad({ filter: /.*/, namespace: "node-stub" }, (a) => ({
            contents: a.path === "node:fs" ? FS_STUB : "module.exports = {};",
            loader: "js",
          }));
        }
      },
    }],
    // bundled CommonJS dependencies may call require() for Node's own modules
    banner: platform === "node" ? { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' } : {},
  });
  return result.outputFiles[0].text;
}

/** The in-memory routes examples/browser/conformance.html needs (for examples/browser/serve.mjs). */
export async function conformanceRoutes(casesText) {
  return {
    "/conformance/bundle.js": { body: await bundleTestFile({ platform: "browser" }), type: "text/javascript; charset=utf-8" },
    "/conformance/cases.json": { body: casesText, type: "application/json; charset=utf-8" },
  };
}
