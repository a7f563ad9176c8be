// The --model module: a JavaScript module (ESM or CommonJS) exporting models built with checker's
// DSL, Validators or UnionValidators. --export names one; without it the default export is used,
// else the only one there is.

import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";
import { isModel, type Model } from "../model.js";
import { UnionValidator } from "../union.js";
import { Validator } from "../validator.js";
import { CliError, EXIT_ERROR, messageOf } from "./errors.js";

export type Loaded =
  | { readonly kind: "model"; readonly name: string; readonly model: Model }
  | { readonly kind: "validator"; readonly name: string; readonly validator: Validator }
  | { readonly kind: "union"; readonly name: string; readonly union: UnionValidator };

/** A Validator of this copy of checker, or one of another copy (same shape, other class). */
function asValidator(v: unknown): Validator | undefined {
  if (v instanceof Validator) return v;
  const o = v as { model?: unknown; options?: unknown; safeUnmarshal?: unknown } | null;
  if (typeof o === "object" && o !== null && isModel(o.model) && typeof o.options === "object" && typeof o.safeUnmarshal === "function") {
    // a model module that imports another copy of checker (a CommonJS build, another install)
    return new Validator(o.model, o.options as ConstructorParameters<typeof Validator>[1]);
  }
  return undefined;
}

/**
 * A UnionValidator of this copy of checker, or the same union made again from one of another copy
 * (its discriminator, and each variant's model and options).
 */
function asUnion(v: unknown): UnionValidator | undefined {
  if (v instanceof UnionValidator) return v;
  const o = v as { discriminator?: unknown; values?: unknown; variant?: unknown; safeUnmarshal?: unknown } | null;
  if (typeof o !== "object" || o === null || typeof o.discriminator !== "string" || !Array.isArray(o.values) || o.values.length === 0
    || typeof o.variant !== "function" || typeof o.safeUnmarshal !== "function") return undefined;
  const variants = (o.values as unknown[]).map((value) => ({ value, validator: asValidator((o.variant as (value: unknown) => unknown)(value)) }));
  if (!variants.every((x): x is { value: string; validator: Validator } => typeof x.value === "string" && x.validator !== undefined)) return undefined;
  return new UnionValidator(
    { discriminator: o.discriminator, variants: variants.map((x) => ({ value: x.value, model: x.validator.model })) },
    variants[0].validator.options,
  );
}

function classify(name: string, v: unknown): Loaded | undefined {
  if (isModel(v)) return { kind: "model", name, model: v };
  const union = asUnion(v);
  if (union) return { kind: "union", name, union };
  const validator = asValidator(v);
  if (validator) return { kind: "validator", name, validator };
  return undefined;
}

/** A worker thread's exit code when the model module's top-level await never finished (Node's own code for it). */
export const UNFINISHED_IMPORT = 13;

export function unfinishedImport(path: string): string {
  return `cannot load model module ${path}: its top-level await never finished`;
}

/** --model's module: a path (relative to the working directory), or a file: URL. */
function moduleUrl(path: string): string {
  return /^file:/i.test(path) ? new URL(path).href : pathToFileURL(resolvePath(path)).href;
}

/**
 * Import the module. A top-level await in it that never settles leaves nothing for Node to wait
 * for, and Node would exit (code 0, silently) with the import still pending: an 'exit' listener,
 * there only while the import runs, reports it and makes the exit code 2. In a worker thread it
 * only sets the exit code: the main thread says it, once (cli/parallel.ts).
 */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const neverFinished = (): void => {
    if (!isMainThread) {
      process.exitCode = UNFINISHED_IMPORT;
      return;
    }
    process.stderr.write(`checker: ${unfinishedImport(path)}\n`);
    process.exitCode = EXIT_ERROR;
  };
  process.once("exit", neverFinished);
  try {
    return await import(moduleUrl(path)) as Record<string, unknown>;
  } catch (e) {
    // a module may throw anything (`throw "x"`, `throw null`), not only Errors
    // (Node's "Cannot find module '...' imported from <this file>" names the CLI's own file: dropped)
    const hint = /\.[mc]?tsx?$/.test(path) && (e as { code?: unknown } | null)?.code === "ERR_UNKNOWN_FILE_EXTENSION"
      ? " (a TypeScript module: compile it to JavaScript, or run Node with a TypeScript loader, NODE_OPTIONS=\"--import tsx\")"
      : "";
    throw new CliError(`cannot load model module ${path}: ${messageOf(e).split("\n")[0].replace(/ imported from \S*cli[\\/]load\.js$/, "")}${hint}`);
  } finally {
    process.off("exit", neverFinished);
  }
}

export async function loadModel(path: string, exportName: string | undefined): Promise<Loaded> {
  const mod = await importModule(path);
  const found = Object.entries(mod).flatMap(([k, v]) => classify(k, v) ?? []);
  const listing = found.filter((f) => f.name !== "default").map((f) => f.name).join(", ") || "none";
  if (exportName !== undefined) {
    if (!(exportName in mod)) throw new CliError(`${path} has no export ${exportName} (models: ${listing})`);
    const chosen = found.find((f) => f.name === exportName);
    if (!chosen) throw new CliError(`${path}: export ${exportName} is not a checker model, Validator or UnionValidator`);
    return chosen;
  }
  const byDefault = found.find((f) => f.name === "default");
  if (byDefault) return byDefault;
  if (found.length === 1) return found[0];
  if (found.length === 0) throw new CliError(`${path} exports no checker model, Validator or UnionValidator`);
  throw new CliError(`${path} exports several models (${listing}): choose one with --export`);
}
