// Where the compiled core comes from.
//
// - Node: nothing to do. On first use the core is read synchronously from build/checker.wasm in
//   the package (process.getBuiltinModule("node:fs"), so no import of node:fs reaches a bundler).
// - Browsers and bundlers: `await init()` fetches build/checker.wasm beside the package (the
//   `new URL(..., import.meta.url)` pattern bundlers rewrite to the emitted asset) and compiles it
//   with WebAssembly.compileStreaming; or pass a URL, a Response, the bytes or a compiled
//   WebAssembly.Module yourself (`init(source)`, or `initSync(bytes | module)`).
//
// The file is found from this module's URL in both builds: the CommonJS bundle (dist/cjs/) defines
// `import.meta.url` as the URL of dist/index.js (scripts/build-cjs.mjs), so the relative path below
// means the same file there.

import { isFileSource, openSource, readFileNow } from "./package-files.js";

let compiled: WebAssembly.Module | undefined;

declare global {
  // Named here so that checker's declarations compile without the DOM lib (Node's types do not
  // declare the WebAssembly namespace); it merges with lib.dom's declaration where that is loaded.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace WebAssembly {
    interface Module {}
  }
}

/** The bytes of a .wasm file (what the DOM lib calls a BufferSource). */
export type WasmBytes = ArrayBuffer | ArrayBufferView<ArrayBuffer>;

/** What `init` accepts: a URL of the .wasm, a fetch Response (or its promise), the bytes, or a compiled module. */
export type WasmSource = URL | string | Response | PromiseLike<Response> | WasmBytes | WebAssembly.Module;

/** The core shipped with the package. */
function packagedCore(): URL {
  return new URL("../build/checker.wasm", import.meta.url);
}

/**
 * Provide the core ahead of first use (needed outside Node). Without an argument it loads the
 * package's own build/checker.wasm (fetch + compileStreaming in browsers, the file in Node).
 * Calling it again after the core is loaded does nothing.
 */
export async function init(source?: WasmSource): Promise<void> {
  if (compiled) return;
  let module: WebAssembly.Module;
  try {
    module = checkCore(await compile(source ?? packagedCore()));
  } catch (e) {
    // the package's own file, where a bundler that does not emit it (esbuild) leaves it unserved
    if (source !== undefined || !(e instanceof Error)) throw e;
    throw new Error(`${e.message}; if your bundler does not emit the package's assets (esbuild does not), serve checker/checker.wasm and pass its URL: init(url)`, { cause: e });
  }
  compiled ??= module;
}

/** Provide the core synchronously: the bytes of the .wasm, or a compiled WebAssembly.Module. */
export function initSync(source: WasmBytes | WebAssembly.Module): void {
  if (compiled) return;
  compiled = checkCore(source instanceof WebAssembly.Module ? source : new WebAssembly.Module(byteView(source)));
}

/** Bytes as WebAssembly takes them: any view (a DataView, a Float64Array) as the bytes it covers. */
function byteView(bytes: WasmBytes): ArrayBuffer | Uint8Array<ArrayBuffer> {
  return ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
}

/** What the bindings call in the core. */
const CORE_EXPORTS = ["memory", "heapBase", "run", "parseNumber", "parseTime", "patternMatch"];

/** A module given to init/initSync must be checker's core (a wrong one would break every later call). */
function checkCore(module: WebAssembly.Module): WebAssembly.Module {
  const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = CORE_EXPORTS.filter((n) => !names.has(n));
  if (missing.length > 0) throw new TypeError(`checker: this WebAssembly module is not checker's core (it does not export ${missing.join(", ")}); pass build/checker.wasm`);
  return module;
}

async function compile(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (!isFileSource(source)) return WebAssembly.compile(byteView(source));
  const opened = await openSource(source, "the WebAssembly core");
  if (opened instanceof Uint8Array) return WebAssembly.compile(opened);
  const streaming = typeof WebAssembly.compileStreaming === "function" &&
    opened.headers.get("content-type")?.split(";")[0]?.trim() === "application/wasm";
  return streaming ? WebAssembly.compileStreaming(opened) : WebAssembly.compile(await opened.arrayBuffer());
}


/** Read the .wasm file synchronously (Node, Deno, Bun); elsewhere there is no file system. */
function readCore(url: URL): WebAssembly.Module {
  const bytes = readFileNow(url);
  if (bytes === undefined) {
    throw new Error("checker: the WebAssembly core is not loaded; call `await init()` (or initSync(bytes)) first");
  }
  return new WebAssembly.Module(bytes);
}

/** The compiled core: the one given to init/initSync, else (Node) the package's file, read now. */
export function wasmModule(): WebAssembly.Module {
  compiled ??= readCore(packagedCore());
  return compiled;
}
