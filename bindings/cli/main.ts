#!/usr/bin/env node
// The `checker` command line (the package's bin, dist/cli/main.js).
//
//   checker validate --model <module.js> [--export User|Events] <file.ndjson | file.json | ->
//   checker schema --model <module.js> [--export User] [--openapi]
//
// Exit codes: 0 every record accepted; 1 some rejected (0 with --exit-zero); 2 usage, model or
// I/O error, with a one-line message on stderr.
//
// Dependencies: the library itself has none. The CLI is built on commander (arguments) and
// cli-progress (the bar), which package.json lists as optionalDependencies: npm installs them
// with the package by default, only this CLI ever loads them (with import(), here and in
// progress.ts), and the library works without them (`npm install --omit=optional`). Without
// commander the CLI says so and exits 2; without cli-progress it shows no bar.

import { readFileSync } from "node:fs";
import type { CommanderError as CommanderErrorType } from "commander";
import { CliError, EXIT_ERROR, exitOnOutputError, messageOf } from "./errors.js";
import { schemaCommand } from "./schema.js";
import { validateCommand, type ValidateOptions } from "./validate.js";

function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let commander: typeof import("commander");
  try {
    commander = await import("commander");
  } catch {
    throw new CliError("the checker CLI needs its optional dependency commander: npm install commander");
  }
  const { Command, InvalidArgumentError, Option } = commander;
  const positiveInt = (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("It must be a positive integer."); // (commander puts it after its own sentence)
    return n;
  };
  const workersOption = (value: string): number | "auto" => (value === "auto" ? "auto" : Math.min(positiveInt(value), 64));
  let code = 0;
  const program = new Command("checker")
    .description("Validate JSON and NDJSON records against checker models.")
    .version(version())
    .exitOverride()
    // commander's own messages (usage errors) look like ours: one line, "checker: ..."
    .configureOutput({ outputError: (str, write) => write(`checker: ${str.replace(/^error: /, "").trim().replace(/\s*\n\s*/g, " ")}\n`) });

  program.command("validate")
    .description("validate NDJSON records or one JSON document against a model or a discriminated union, streaming; print a summary")
    .argument("<input>", "file.ndjson | file.json | - (stdin)")
    .requiredOption("-m, --model <module>", "JavaScript module (a path or a file: URL) exporting the model (built with checker's model DSL), a Validator or a UnionValidator (each record is read as the variant its discriminator names)")
    .option("-e, --export <name>", "which export of the module (default: the default export, else the only one)")
    .option("--lines", "read the input as NDJSON, one record a line (default: detected)")
    .option("--document", "read the input as one JSON document (default: detected)")
    .option("--rejects <file>", "write rejected records as NDJSON {line, record, errors} (- for stdout)")
    .option("--out <file>", "write accepted records as NDJSON, as read (- for stdout)")
    .option("--marshal", "with --out: write accepted records re-encoded by marshal instead (a union's variant, its discriminator first)")
    .addOption(new Option("--extra-fields <mode>", "unknown keys: ignore, forbid or allow").choices(["ignore", "forbid", "allow"]))
    .option("--no-strict-missing-fields", "a missing field takes its zero value instead of MISSING_FIELD")
    .option("--max-errors <n>", "errors collected per record", positiveInt)
    .option("--json", "print the summary as one JSON object")
    .option("--no-progress", "never show the progress bar (shown on a terminal for inputs over 4 MB)")
    .option("--exit-zero", "exit 0 even when records are rejected (2 still means an error)")
    .option("--workers <n>", "worker threads for NDJSON: a number, or auto (every core for inputs over 4 MB)", workersOption, "auto")
    .action(async (input: string, opts: ValidateOptions) => {
      code = await validateCommand(input, opts);
    });

  program.command("schema")
    .description("print the model's JSON Schema (2020-12), or its OpenAPI 3.1 schema")
    .requiredOption("-m, --model <module>", "JavaScript module exporting the model")
    .option("-e, --export <name>", "which export of the module")
    .option("--openapi", "print the OpenAPI 3.1 component schema")
    .action(async (opts: { model: string; export?: string; openapi?: boolean }) => {
      await schemaCommand(opts);
    });

  // (commander would print its whole help for a missing command: one line, as for other usage errors)
  if (argv.length <= 2) throw new CliError("missing command: validate or schema (checker --help lists their options)");
  try {
    await program.parseAsync(argv as string[]);
  } catch (e) {
    if (e instanceof commander.CommanderError) return usageExit(e);
    throw e;
  }
  return code;
}

/** commander has printed its message (or the help, or the version) already. */
function usageExit(e: CommanderErrorType): number {
  if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
  return EXIT_ERROR;
}

/** CHECKER_CLI_STATS=1: one more stderr line with the process's peak memory (for the tests). */
function stats(): void {
  if (!process.env.CHECKER_CLI_STATS) return;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  process.stderr.write(`checker-stats ${JSON.stringify({ peakRss, heapUsed: process.memoryUsage().heapUsed })}\n`);
}

// a reader that goes away (`checker ... | head -1`): exit 2 with one line, not a stack trace
process.stdout.on("error", (e: NodeJS.ErrnoException) => exitOnOutputError("stdout", e));
process.stderr.on("error", (e: NodeJS.ErrnoException) => exitOnOutputError("stderr", e));

main(process.argv).then(
  (code) => {
    stats();
    process.exitCode = code;
  },
  (e: unknown) => {
    const message = e instanceof CliError ? e.message : `unexpected error: ${e instanceof Error ? `${e.name}: ${e.message}` : messageOf(e)}`;
    process.stderr.write(`checker: ${message.split("\n")[0]}\n`);
    stats();
    process.exitCode = EXIT_ERROR;
  },
);
