// The progress bar of `checker validate` (cli-progress, an optional dependency): on stderr, only
// when stderr is a terminal and the input's size is known and over PROGRESS_MIN_BYTES. Piped or
// redirected output never gets one; without cli-progress installed there is simply no bar.

import { onInterrupt } from "./interrupt.js";

/** Inputs smaller than this are read too fast for a bar to help. */
export const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;

export interface Progress {
  update(bytes: number, records: number): void;
  stop(): void;
}

export async function progressBar(size: number | undefined, enabled: boolean): Promise<Progress | undefined> {
  const stream = process.stderr;
  if (!enabled || !stream.isTTY || size === undefined || size < PROGRESS_MIN_BYTES) return undefined;
  let cp: typeof import("cli-progress");
  try {
    const m = await import("cli-progress");
    cp = (m as { default?: typeof import("cli-progress") }).default ?? m;
  } catch {
    return undefined;
  }
  const mb = (b: number) => (b / 1e6).toFixed(1);
  const bar = new cp.SingleBar({
    format: "{bar} {percentage}% | {read}/{size} MB | {records} | eta {eta_formatted}",
    stream,
    clearOnComplete: true,
    hideCursor: true,
    etaBuffer: 64,
    fps: 10,
  }, cp.Presets.shades_classic);
  // the bar hides the cursor and turns line wrapping off: whatever ends the run must undo that,
  // an interrupt (Ctrl-C, interrupt.ts) or a failed stdout (stopShownBar) included; this is in
  // place before the first frame, so a Ctrl-C the moment the bar shows is caught too
  const stop = (): void => {
    if (shown !== stop) return;
    shown = undefined;
    unregister();
    bar.stop();
  };
  const unregister = onInterrupt(stop);
  shown = stop;
  bar.start(size, 0, { read: mb(0), size: mb(size), records: recordCount(0) });
  return {
    update(bytes, records) {
      bar.update(Math.min(bytes, size), { read: mb(bytes), records: recordCount(records) });
    },
    stop,
  };
}

/** "0 records", "1 record", "12,345 records": the bar's count of records read. */
export function recordCount(n: number): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "record" : "records"}`;
}

/** Stop the bar on screen, if one is (its line cleared, the cursor shown again). */
let shown: (() => void) | undefined;

export function stopShownBar(): void {
  shown?.();
}
