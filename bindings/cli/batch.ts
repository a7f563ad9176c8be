// The messages between `checker validate --workers N` and its worker threads (cli/worker.ts).

import type { FieldError } from "../errors.js";
import type { ValidatorOptions } from "../resolve.js";

export interface WorkerSetup {
  readonly model: string;
  readonly export: string | undefined;
  readonly options: ValidatorOptions;
  readonly marshal: boolean;
}

/** A batch: complete lines (each ending with "\n", the last one perhaps not). */
export interface Batch {
  readonly seq: number;
  readonly bytes: Uint8Array;
  /** The line number of its first line, and the byte offset of its start in the input. */
  readonly firstLine: number;
  readonly start: number;
}

export const ACCEPTED = 0;
export const BLANK = 1;
export const REJECTED = 2;

/** Per line of a batch, in order: its status, and for a rejected record its errors. */
export interface BatchResult {
  readonly seq: number;
  readonly status: number[];
  /** By line index within the batch: the errors, and whether the line was not well-formed JSON. */
  readonly errors: Record<number, { errors: FieldError[]; malformed: boolean }>;
  /** A union's accepted records: their variant, by line index. */
  readonly variants: Record<number, string>;
  /** With --marshal: the accepted records re-encoded, by line index. */
  readonly marshaled: Record<number, Uint8Array> | undefined;
}
