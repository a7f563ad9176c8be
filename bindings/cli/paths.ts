// Output files that would destroy data: --out or --rejects naming the input (opening it for
// writing empties it before it is read), the model module, or each other. Checked before anything is opened.
//
// Two names are the same file when they resolve to the same path, or, when the file exists, when
// they have the same device and inode: a symlink, a hard link, or stdin redirected from the file
// (`checker validate - < data.ndjson --out data.ndjson`). Only regular files count (and paths
// with no file yet): /dev/null, a FIFO or a terminal is never emptied, `--out /dev/null
// --rejects /dev/null` is fine.

import { fstatSync, statSync, type Stats } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "./errors.js";

interface FileId {
  /** The resolved path (none for stdin). */
  readonly path: string | undefined;
  /** The file's stat, when it exists. */
  readonly stat: Stats | undefined;
}

function statOrUndefined(stat: () => Stats): Stats | undefined {
  try {
    return stat();
  } catch {
    return undefined; // no such file (yet), or stdin closed
  }
}

/**
 * What names the file: "-" is stdin for the input, stdout (never a file) for an output.
 * Undefined: nothing that opening for writing could empty.
 */
function fileId(name: string, isInput: boolean): FileId | undefined {
  let id: FileId | undefined;
  if (name !== "-") id = { path: resolve(name), stat: statOrUndefined(() => statSync(name)) };
  else if (isInput) id = { path: undefined, stat: statOrUndefined(() => fstatSync(0)) };
  return id?.stat === undefined || id.stat.isFile() ? id : undefined;
}

function sameFile(a: FileId | undefined, b: FileId | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a.path !== undefined && a.path === b.path) return true;
  return a.stat !== undefined && b.stat !== undefined && a.stat.dev === b.stat.dev && a.stat.ino === b.stat.ino;
}

/**
 * Does this output name stdout: "-", or a path to the file or pipe stdout is (`--out /dev/stdout`,
 * or the file stdout is redirected to)? Then the summary goes to stderr, not in among the records
 * (nor over them: the file is written at its own offset). A terminal or /dev/null does not count.
 */
export function isStdout(name: string | undefined): boolean {
  if (name === undefined) return false;
  if (name === "-") return true;
  const stdout = statOrUndefined(() => fstatSync(1));
  const file = statOrUndefined(() => statSync(name));
  return stdout !== undefined && file !== undefined && !stdout.isCharacterDevice() && stdout.dev === file.dev && stdout.ino === file.ino;
}

/** --model's file: a path, or a file: URL's (a URL that names no file here is for loadModel to report). */
function modelPath(model: string): string {
  try {
    return /^file:/i.test(model) ? fileURLToPath(model) : model;
  } catch {
    return model;
  }
}

/**
 * Refuse (CliError, exit 2) outputs that are the input file, the model module (`--model`: a path
 * or a file: URL; swapped arguments would overwrite it with records) or the same file as each other.
 */
export function checkOutputPaths(input: string, model: string, out: string | undefined, rejects: string | undefined): void {
  if (isStdout(out) && isStdout(rejects)) throw new CliError("--out and --rejects cannot both be stdout");
  const inputId = fileId(input, true);
  const modelId = fileId(modelPath(model), false);
  const outId = out === undefined ? undefined : fileId(out, false);
  const rejectsId = rejects === undefined ? undefined : fileId(rejects, false);
  for (const [flag, name, id] of [["--out", out, outId], ["--rejects", rejects, rejectsId]] as const) {
    if (sameFile(id, inputId)) throw new CliError(`${flag} ${name} is the input file: it would be emptied before it is read`);
    if (sameFile(id, modelId)) throw new CliError(`${flag} ${name} is the model module: it would be overwritten with records`);
  }
  if (sameFile(outId, rejectsId)) throw new CliError("--out and --rejects cannot be the same file");
}
