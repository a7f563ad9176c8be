// Waiting for a condition instead of sleeping a fixed time: a fixed sleep is too short on a loaded
// machine and wasted time on an idle one. The deadline is far beyond what the condition needs on
// any machine; reaching it is a failure that says what was awaited.
//
// And what another process is doing, read from Linux's /proc (undefined elsewhere): which kernel
// function each of its threads sleeps in, and which signals it catches.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { constants } from "node:os";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolve once `condition()` holds (checked every `everyMs`); throw after `timeoutMs` without it. */
export async function waitFor(condition: () => boolean, what: string, { timeoutMs = 60_000, everyMs = 10 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`);
    await sleep(everyMs);
  }
}

/** Does /proc describe `pid` (Linux, the process alive)? */
export const hasProc = (pid: number): boolean => existsSync(`/proc/${pid}/task`);

/** The wait channel of each thread of `pid`: the kernel function it sleeps in ("0" when running). */
export function threadWaits(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((t) => {
      try {
        return readFileSync(`/proc/${pid}/task/${t}/wchan`, "utf8");
      } catch {
        return ""; // (the thread ended meanwhile)
      }
    });
  } catch {
    return []; // (the process ended)
  }
}

/** Does `pid` catch `signal` (a handler installed, /proc's SigCgt)? false once it has ended. */
export function catchesSignal(pid: number, signal: NodeJS.Signals): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return false;
  }
  const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status);
  if (!mask) throw new Error(`no SigCgt line in /proc/${pid}/status`);
  return ((BigInt(`0x${mask[1]}`) >> BigInt(constants.signals[signal] - 1)) & 1n) === 1n;
}
