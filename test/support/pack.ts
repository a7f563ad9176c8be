// The published package as a consumer gets it: `npm pack` of the built tree, installed offline
// from the tarball into a fresh project outside the repository (test/packaging.test.ts,
// test/bundlers.test.ts). Needs `npm run build` first (npm test does it).

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);
/** The repository (the package's root). */
export const root = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Fail with a clear reason when a built file the test needs is missing. */
export function requireBuilt(files: readonly string[]): void {
  for (const f of files) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run npm run build first`);
  }
}

/** `npm pack` the repository into `dir` (no scripts run); the tarball's path. */
export async function packTarball(dir: string): Promise<string> {
  const { stdout } = await run(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { cwd: root });
  return join(dir, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

/** A new project at `project` (created) with the tarball installed offline as its dependency `checker`. */
export async function installTarball(project: string, tarball: string): Promise<void> {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
  await run(npm, ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], { cwd: project });
}
