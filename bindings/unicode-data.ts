// The Unicode category and script ranges behind \p{...} in patterns (assets/unicode-ranges.json,
// written by scripts/gen-unicode-tables.mjs). They are most of the pattern engine's data, and only
// patterns that name a class need them, so they are a file beside the code rather than part of
// it: Node (Deno, Bun) reads it on first use; a browser calls `await loadUnicodeTables()` first.

import { isFileSource, openSource, readFileNow, type FileSource } from "./package-files.js";
import { UNICODE_VERSION } from "./pattern/unicode-tables.js";

/** The contents of assets/unicode-ranges.json: ranges per general category and per script. */
export interface UnicodeRanges {
  readonly unicode: string;
  readonly categories: Readonly<Record<string, string>>;
  readonly scripts: Readonly<Record<string, string>>;
}

/** A pattern names a Unicode class where the tables are not loaded and cannot be read. */
export class UnicodeTablesNotLoaded extends Error {
  constructor(readonly className: string) {
    super(`${className} needs the Unicode tables, which are not loaded: call \`await loadUnicodeTables()\` first (Node reads them itself)`);
    this.name = "UnicodeTablesNotLoaded";
  }
}

let loaded: UnicodeRanges | undefined;

/** The file shipped with the package. */
function packagedRanges(): URL {
  return new URL("../assets/unicode-ranges.json", import.meta.url);
}

/**
 * Load the Unicode tables that patterns with \p{...} need (needed outside Node, before such a
 * model is compiled). Without an argument it fetches the package's assets/unicode-ranges.json
 * beside the code; or pass its URL, a fetch Response, or its parsed contents. Calling it again
 * once they are loaded does nothing.
 */
export async function loadUnicodeTables(source?: FileSource | UnicodeRanges): Promise<void> {
  if (loaded) return;
  let data: unknown = source;
  if (source === undefined || isFileSource(source)) {
    const opened = await openSource(source ?? packagedRanges(), "the Unicode tables");
    data = opened instanceof Uint8Array ? parseFile(opened) : await opened.json();
  }
  loaded ??= checked(data);
}


/** The tables: loaded, else read now from the package (Node), else UnicodeTablesNotLoaded for `className`. */
export function unicodeRanges(className: string): UnicodeRanges {
  if (loaded === undefined) {
    const bytes = readFileNow(packagedRanges());
    if (bytes === undefined) throw new UnicodeTablesNotLoaded(className);
    loaded = checked(parseFile(bytes));
  }
  return loaded;
}

function parseFile(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}

function checked(data: unknown): UnicodeRanges {
  const d = data as Partial<UnicodeRanges> | null;
  if (typeof d !== "object" || d === null || typeof d.categories !== "object" || typeof d.scripts !== "object") {
    throw new Error("checker: these are not the Unicode tables (assets/unicode-ranges.json)");
  }
  // the case-folding orbits bundled with the code come from the same Unicode version
  if (d.unicode !== UNICODE_VERSION) {
    throw new Error(`checker: the Unicode tables are for Unicode ${String(d.unicode)}; this build needs Unicode ${UNICODE_VERSION}`);
  }
  return d as UnicodeRanges;
}
