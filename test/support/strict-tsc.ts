// Compiles the .mts files of a directory as a strict TypeScript user's code (test/types's
// settings: "checker" resolves to this package's declarations) and returns tsc's errors ("" when
// none). Used for the README's examples and snippets.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

export function strictTscErrors(dir: URL): string {
  const settings = JSON.parse(readFileSync(new URL("../types/tsconfig.json", import.meta.url), "utf8").replace(/^\s*\/\/.*$/gm, "")) as {
    compilerOptions: Record<string, unknown>;
  };
  writeFileSync(new URL("tsconfig.json", dir), JSON.stringify({ compilerOptions: settings.compilerOptions, include: ["*.mts"] }));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", dir.pathname], { encoding: "utf8" });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}
