// Files shipped beside the code (build/checker.wasm, assets/unicode-ranges.json): read
// synchronously where there is a file system, fetched elsewhere. Each caller names its file with
// `new URL("../<path>", import.meta.url)` written out in its own module, the pattern bundlers
// recognise and rewrite to the emitted asset; "../" is the package root from dist/ and from the
// CommonJS bundle alike (wasm.ts explains why).

/** Where a shipped file can come from: its URL, a fetch Response (or its promise). */
export type FileSource = URL | string | Response | PromiseLike<Response>;

/** Is v a URL, a Response or a promise of one (rather than bytes, a module or parsed contents)? */
export function isFileSource(v: unknown): v is FileSource {
  return typeof v === "string" || v instanceof URL || (typeof Response !== "undefined" && v instanceof Response) ||
    typeof (v as PromiseLike<unknown> | null)?.then === "function";
}

/** The bytes of a file: URL, read synchronously (Node, Deno, Bun); undefined without a file system. */
export function readFileNow(url: URL): Uint8Array<ArrayBuffer> | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const getBuiltin = proc?.getBuiltinModule;
  if (typeof getBuiltin !== "function") return undefined;
  // process.getBuiltinModule, so no import of node:fs reaches a bundler
  const fs = getBuiltin.call(proc, "node:fs") as { readFileSync(p: URL): Uint8Array<ArrayBuffer> };
  return fs.readFileSync(url);
}

/**
 * A source as a Response, or as bytes when it is a file: URL (read from disk). `what` names the
 * file in the error for an HTTP failure.
 */
export async function openSource(source: FileSource, what: string): Promise<Response | Uint8Array<ArrayBuffer>> {
  if (typeof source === "string" || source instanceof URL) {
    const url = new URL(String(source), typeof location === "undefined" ? undefined : location.href);
    if (url.protocol === "file:") {
      const bytes = readFileNow(url);
      if (bytes === undefined) throw new Error(`checker: cannot read ${url.href} here (no file system)`);
      return bytes;
    }
    source = fetch(url);
  }
  const response = await source;
  if (!response.ok) throw new Error(`checker: cannot load ${what} from ${response.url || "the Response given"} (HTTP ${response.status})`);
  return response;
}
