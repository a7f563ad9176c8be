// The progress bar of `checker validate` (cli-progress, an optional dependency): on stderr, only
// when stderr is a terminal and the input's size is known and over PROGRESS_MIN_BYTES. Piped or
// redirected output never gets one; without cli-progress installed there is simply no bar.

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
    format: "{bar} {percentage}% | {read}/{size} MB | {records} records | eta {eta_formatted}",
    stream,
    clearOnComplete: true,
    hideCursor: true,
    etaBuffer: 64,
    fps: 10,
  }, cp.Presets.shades_classic);
  bar.start(size, 0, { read: mb(0), size: mb(size), records: "0" });
  return {
    update(bytes, records) {
      bar.update(Math.min(bytes, size), { read: mb(bytes), records: records.toLocaleString("en-US") });
    },
    stop() {
      bar.stop();
    },
  };
}
