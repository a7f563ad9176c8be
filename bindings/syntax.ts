// Syntax-only check of a document (a program that accepts any JSON value): used when a type
// mismatch stops a run early, because a syntax error anywhere in the document wins over it.

import { anyProgram } from "./compile.js";
import { loadProgram, type LoadedProgram } from "./engine.js";
import type { JsonSyntaxError } from "./errors.js";
import * as L from "./layout.js";
import { syntaxError } from "./render.js";
import { Session } from "./session.js";

let program: LoadedProgram | undefined;
let session: Session | undefined;
const owner = {};

/** The syntax error of the document, or undefined when it is well-formed JSON. */
export function syntaxOnly(data: string | Uint8Array, maxDepth = 1000): JsonSyntaxError | undefined {
  program ??= loadProgram(anyProgram(), owner);
  session ??= new Session();
  session.begin(program.address, { maxErrors: 1, maxDepth, strictMissingFields: false });
  session.set(L.S_TAPE_OFF, 1);
  session.append(data);
  const status = session.run(true);
  return status === L.ST_SYNTAX ? syntaxError(session) : undefined;
}
