// Where the compiled core comes from. In Node it is read from build/checker.wasm beside the
// package on first use; elsewhere (browsers, bundlers) call init() first, or pass the bytes or a
// compiled WebAssembly.Module yourself.

let compiled: WebAssembly.Module | undefined;

type WasmSource = BufferSource | WebAssembly.Module | URL | string | Response;

/** Provide the core ahead of first use (required outside Node). */
export async function init(source?: WasmSource): Promise<void> {
  if (compiled) return;
  if (source instanceof WebAssembly.Module) { compiled = source; return; }
  if (source === undefined) source = new URL("../build/checker.wasm", import.meta.url);
  if (typeof source === "string" || source instanceof URL) {
    const url = source;
    if (typeof process !== "undefined" && String(url).startsWith("file:")) {
      compiled = loadFromFile(url);
      return;
    }
    source = await fetch(url);
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    compiled = typeof WebAssembly.compileStreaming === "function"
      ? await WebAssembly.compileStreaming(source)
      : await WebAssembly.compile(await source.arrayBuffer());
    return;
  }
  compiled = await WebAssembly.compile(source as BufferSource);
}

/** Provide the core synchronously (bytes or a Module). */
export function initSync(source: BufferSource | WebAssembly.Module): void {
  compiled = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
}

function loadFromFile(url: string | URL): WebAssembly.Module {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (!getBuiltin) throw new Error("checker: cannot read the WebAssembly core here; call init() first");
  const fs = getBuiltin("node:fs") as { readFileSync(p: URL): Uint8Array<ArrayBuffer> };
  return new WebAssembly.Module(fs.readFileSync(new URL(String(url))));
}

export function wasmModule(): WebAssembly.Module {
  if (!compiled) compiled = loadFromFile(new URL("../build/checker.wasm", import.meta.url));
  return compiled;
}
