// `npm test`: build what is stale, run every suite (vitest, whose JSON report goes to
// test-results.json), then end with the plain summary line "N passed, N failed" that CI reads.
// The exit code is non-zero when the build or any test fails.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status ?? 1;

rmSync(new URL("../test-results.json", import.meta.url), { force: true }); // (a stale report would be summed)
const built = run(["scripts/ensure-built.mjs"]);
const tested = built === 0 ? run(["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)]) : built;
const summary = run(["scripts/test-summary.mjs", "test-results.json", "--exit", String(tested)]);
process.exit(tested !== 0 ? tested : summary);
