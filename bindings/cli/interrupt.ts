// Ctrl-C (SIGINT), SIGTERM or SIGHUP during a run: the run stops at once, as jq does (no summary),
// but what must not be left half done is finished first: the progress bar is taken down (the
// cursor shown again), and a write of --out or --rejects that is under way completes (the signal's
// default action can cut a write to a file short, leaving the file ending inside a record). Then
// the signal is raised again with no listener, so the process ends by it (a shell's 130 for
// SIGINT). A second signal while that is under way ends the process at once.
//
// Listeners are in place only while something is registered: with nothing to finish, a signal
// has its default action straight away.

/** Something to finish before the process ends by the signal; a promise: wait for it. */
export type Finish = () => unknown;

const SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
const finishing = new Set<Finish>();
let caught: NodeJS.Signals | undefined;

/** Finish `f` before the process ends by a signal; returns what unregisters it. */
export function onInterrupt(f: Finish): () => void {
  if (finishing.size === 0 && caught === undefined) for (const s of SIGNALS) process.on(s, interrupt);
  finishing.add(f);
  return () => {
    if (!finishing.delete(f) || finishing.size > 0 || caught !== undefined) return;
    for (const s of SIGNALS) process.off(s, interrupt);
  };
}

/** A signal came: the run must not start anything new (no write, no summary). */
export function interrupted(): boolean {
  return caught !== undefined;
}

/** What the run awaits, once interrupted, instead of going on: it never settles. */
export const halted: Promise<never> = new Promise<never>(() => undefined);

function interrupt(signal: NodeJS.Signals): void {
  caught = signal;
  for (const s of SIGNALS) process.off(s, interrupt);
  const pending = [...finishing].map((f) => {
    try {
      return f();
    } catch {
      return undefined; // (the others are still finished)
    }
  });
  void Promise.allSettled(pending).then(() => process.kill(process.pid, signal));
}
