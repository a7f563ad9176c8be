// A tiny static server for the browser example, on 127.0.0.1 only. It serves the example pages,
// the built ESM library (dist/) and the core (build/checker.wasm, as application/wasm so
// WebAssembly.compileStreaming can compile it while it downloads), plus any extra in-memory routes
// (test/browser.test.ts adds the conformance bundle and cases.json).
//
//   npm run build && node examples/browser/serve.mjs [port]    then open the printed address
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Only these parts of the repository are served. */
const PUBLIC = ["examples/browser/", "dist/", "build/checker.wasm", "assets/unicode-ranges.json"];
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
};

/**
 * Start the server. `routes` maps a path to `{ body, type }` served from memory. `root` serves that
 * directory instead (all of it, from "/"; test/bundlers.test.ts serves each bundler's output so).
 * @param {{ port?: number, routes?: Record<string, { body: string | Uint8Array, type: string }>, root?: string }} [options]
 * @returns {Promise<{ url: string, requests: string[], close(): Promise<void> }>}
 */
export function startServer({ port = 0, routes = {}, root } = {}) {
  const base = root ?? ROOT;
  const served = (/** @type {string} */ rel) => root !== undefined || PUBLIC.some((p) => rel.split(sep).join("/").startsWith(p));
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    requests.push(path);
    const send = (status, body, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed");
    if (path === "/" && root === undefined) {
      res.writeHead(302, { location: "/examples/browser/" });
      return res.end();
    }
    const route = routes[path];
    if (route) return send(200, route.body, route.type);
    const rel = normalize(path.endsWith("/") ? `${path}index.html` : path).replace(/^[/\\]+/, "");
    if (rel.split(sep).includes("..") || !served(rel)) return send(404, "not found");
    try {
      send(200, await readFile(join(base, rel)), TYPES[extname(rel)] ?? "application/octet-stream");
    } catch {
      send(404, "not found");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${actual}`,
        requests,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // the conformance page also needs the cases and the bundled runner (esbuild, a devDependency)
  const cases = process.env.CHECKER_CASES ?? join(ROOT, "..", "shared", "conformance", "cases.json");
  let routes = {};
  if (existsSync(cases)) {
    const { conformanceRoutes } = await import("../../scripts/conformance-bundle.mjs");
    routes = await conformanceRoutes(await readFile(cases, "utf8"));
  }
  const { url } = await startServer({ port: Number(process.argv[2] ?? 8080), routes });
  console.log(`checker browser example: ${url}/examples/browser/`);
  if (existsSync(cases)) console.log(`conformance cases (${cases}): ${url}/examples/browser/conformance.html`);
}
