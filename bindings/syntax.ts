// Syntax-only check of a document (a program that accepts any JSON value): used when a type
// mismatch stops a run early, because a syntax error anywhere in the document wins over it.

import { anyProgram } from "./compile.js";
import { loadProgram, type LoadedProgram } from "./engine.js";
import type { JsonSyntaxError } from "./errors.js";
import * as L from "./layout.js";
import { syntaxError } from "./render.js";
import { Session } from "./session.js";

let program: LoadedProgram | undefined;
let shared: Session | undefined;
const owner = {};

/** Start a syntax-only run in session s. */
function begin(s: Session, maxDepth: number): Session {
  program ??= loadProgram(anyProgram(), owner);
  // (no tape: the `any` root is skipped as text, its content neither parsed nor written)
  s.begin(program.address, { maxErrors: 1, maxDepth, strictMissingFields: false }, true);
  s.set(L.S_TAPE_OFF, 1);
  return s;
}

/** The syntax error of the document, or undefined when it is well-formed JSON. */
export function syntaxOnly(data: string | Uint8Array, maxDepth = 1000): JsonSyntaxError | undefined {
  const s = begin((shared ??= new Session()), maxDepth);
  s.append(data);
  return s.run(true) === L.ST_SYNTAX ? syntaxError(s) : undefined;
}

/**
 * The same check over a stream, chunk by chunk (what a stream parser does after a type error),
 * in a session of its own.
 */
export class SyntaxStream {
  /** Its session: the text is appended to it (the stream parser's input, after a type error). */
  readonly session: Session;

  constructor(maxDepth: number) {
    this.session = begin(new Session(), maxDepth);
  }

  /** Read the text appended since; ST_SYNTAX (see error()), ST_DONE (a whole value read so far) or ST_NEED_MORE. */
  run(final: boolean): number {
    return this.session.run(final);
  }

  error(): JsonSyntaxError {
    return syntaxError(this.session);
  }

  /** Give the session's memory back (see Session.free). */
  free(): void {
    this.session.free();
  }

  /** Containers open in the text read so far. */
  get depth(): number {
    return this.session.get(L.S_DEPTH);
  }
}
