// A failure that is not about the records: usage, the model module, I/O. The CLI prints its
// message on one line and exits with code 2.

import { stopShownBar } from "./progress.js";

export class CliError extends Error {
  override readonly name = "CliError";
}

/** The exit code of a usage, model or I/O error. */
export const EXIT_ERROR = 2;

/** What was thrown, as text: an Error's message, else String(value) (`throw "x"`, `throw null`). */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return Object.prototype.toString.call(e); // e.g. Object.create(null), which String() rejects
  }
}

/**
 * stdout or stderr failed, typically with EPIPE: its reader went away (`checker ... | head -1`).
 * Nothing more can be written there, so stop at once (reading too), with exit code 2 and one line
 * on stderr (none when stderr itself failed), rather than an unhandled 'error' event's stack trace.
 * Writes to pipes and files are synchronous on POSIX, so the line is out before the exit.
 */
export function exitOnOutputError(stream: "stdout" | "stderr", e: NodeJS.ErrnoException): never {
  if (stream === "stdout") {
    try {
      stopShownBar(); // (its line would end up in front of ours, the cursor hidden)
    } catch { /* stderr is gone too */ }
    const why = e.code === "EPIPE" ? "the reader closed the pipe (EPIPE)" : e.message;
    try {
      process.stderr.write(`checker: cannot write stdout: ${why}\n`);
    } catch { /* stderr is gone too */ }
  }
  process.exit(EXIT_ERROR);
}
