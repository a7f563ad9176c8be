// Runs the built CLI (dist/cli/main.js, built by `npm test`) as a child process, the way a user
// does, and returns its exit code and output. Also writes model modules for the tests: small
// JavaScript files importing the built library by absolute URL.

import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = join(ROOT, "dist/cli/main.js");
export const DIST_INDEX = pathToFileURL(join(ROOT, "dist/index.js")).href;
export const SAMPLE = join(ROOT, "data/sample-users.ndjson");
export const SAMPLE_MODEL = join(ROOT, "data/user-model.js");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** Written to the child's stdin (else stdin is empty). */
  stdin?: string | Buffer;
  /** A file the child's stdin is opened from (as `< file` does). */
  stdinFile?: string;
  env?: Record<string, string>;
  cwd?: string;
}

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build (npm test builds first)`);
}

export async function runCli(args: readonly string[], o: CliRunOptions = {}): Promise<CliResult> {
  const fd = o.stdinFile === undefined ? undefined : openSync(o.stdinFile, "r");
  try {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, ...o.env },
      stdio: [fd ?? "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    // (the child may stop reading before the end: after a document's syntax error, it reads no further)
    child.stdin?.on("error", () => undefined);
    if (fd === undefined) child.stdin!.end(o.stdin ?? "");
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Write a model module into dir: `body` is JavaScript using model, t, Validator, UnionValidator. */
export function writeModelModule(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `import { model, t, Validator, UnionValidator } from ${JSON.stringify(DIST_INDEX)};\n${body}\n`);
  return path;
}

/** The `checker-stats` line the CLI prints with CHECKER_CLI_STATS=1. */
export function statsOf(stderr: string): { peakRss: number; heapUsed: number } {
  const line = stderr.split("\n").find((l) => l.startsWith("checker-stats "));
  if (!line) throw new Error(`no checker-stats line in stderr: ${stderr}`);
  return JSON.parse(line.slice("checker-stats ".length)) as { peakRss: number; heapUsed: number };
}
