// Waiting for a condition instead of sleeping a fixed time: a fixed sleep is too short on a loaded
// machine and wasted time on an idle one. The deadline is far beyond what the condition needs on
// any machine; reaching it is a failure that says what was awaited.
//
// And what another process is doing, read from Linux's /proc (undefined elsewhere): which kernel
// function each of its threads sleeps in, and which signals it catches.

import { createReadStream, existsSync, readdirSync, readFileSync } from "node:fs";
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

/**
 * Wait until a thread of `pid` is blocked writing to a full pipe. The result tells whether it
 * still is (undefined without /proc, where a fixed sleep stands in: too short on a loaded machine).
 */
export async function waitForBlockedWrite(pid: number): Promise<() => boolean | undefined> {
  if (!hasProc(pid)) {
    await sleep(1000);
    return () => undefined;
  }
  // (a thread asleep in the kernel's pipe_write: anon_pipe_write in recent kernels, pipe_wait in old ones)
  const blockedInWrite = () => threadWaits(pid).some((w) => /pipe_(write|wait)/.test(w));
  await waitFor(blockedInWrite, "the CLI's write to block on the full pipe");
  return blockedInWrite;
}

/**
 * Send SIGINT to `pid` once it is blocked writing to a full pipe (waitForBlockedWrite), and wait
 * until it has taken the signal (its listener removed). The result tells whether it is still
 * blocked in that write.
 */
export async function interruptMidWrite(pid: number, kill: (signal: NodeJS.Signals) => void): Promise<() => boolean | undefined> {
  const blockedInWrite = await waitForBlockedWrite(pid);
  kill("SIGINT");
  if (hasProc(pid)) await waitFor(() => !catchesSignal(pid, "SIGINT"), "the CLI to take the signal");
  else await sleep(300);
  return blockedInWrite;
}

/** A FIFO's reader that reads its first chunk, then waits: `drain()` reads on to its end, and gives every byte read. */
export async function pausedFifoReader(path: string): Promise<{ drain(): Promise<Buffer> }> {
  const reader = createReadStream(path, { highWaterMark: 4096 });
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => reader.once("data", (b) => {
    chunks.push(b as Buffer);
    reader.pause();
    resolve();
  }));
  return {
    drain: () => new Promise((resolve) => {
      reader.on("data", (b) => chunks.push(b as Buffer));
      reader.on("end", () => resolve(Buffer.concat(chunks)));
      reader.resume();
    }),
  };
}
