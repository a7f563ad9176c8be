// Build (npm run build) only when the outputs are missing or older than their sources, so that
// `npm start` right after `npm install` (which builds, via "prepare") starts at once.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const newest = (dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts"))
  .reduce((t, e) => Math.max(t, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);
const outputs = ["build/checker.wasm", "dist/index.js", "dist/cjs/index.js", "dist/cli/main.js"].map((f) => join(root, f));
const sources = Math.max(newest("assembly"), newest("bindings"), statSync(join(root, "asconfig.json")).mtimeMs, statSync(join(root, "tsconfig.json")).mtimeMs);
const stale = outputs.some((f) => !existsSync(f) || statSync(f).mtimeMs < sources);
if (stale) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
