// Google's RE2 (re2-wasm) as the oracle. It is driven through re2-wasm's C++ binding directly
// (WrappedRE2) rather than its RegExp-like class, because that class rewrites JavaScript syntax
// (\u, \c, (?<name>) before RE2 sees it and never frees the compiled regexps (its 16 MB heap
// runs out after a few hundred patterns).
import { createRequire } from "node:module";

interface WrappedRE2 {
  ok(): boolean;
  error(): string;
  match(input: string, start: number, groups: boolean): { index: number };
  delete(): void;
}
type WrappedRE2Ctor = new (pattern: string, ignoreCase: boolean, multiline: boolean, dotAll: boolean) => WrappedRE2;

const { WrappedRE2: RE2 } = createRequire(import.meta.url)("re2-wasm/build/wasm/re2.js") as { WrappedRE2: WrappedRE2Ctor };

export type Oracle = { ok: true; test(input: string): boolean } | { ok: false; error: string };

/** Compiles pattern with RE2 (default options: UTF-8, Perl classes, one-line), runs fn, frees it. */
export function withRE2<T>(pattern: string, fn: (o: Oracle) => T): T {
  const re = new RE2(pattern, false, false, false);
  try {
    if (!re.ok()) return fn({ ok: false, error: re.error() });
    return fn({ ok: true, test: (s) => re.match(s, 0, false).index >= 0 });
  } finally {
    re.delete();
  }
}

/** Whether RE2 accepts the pattern. */
export function re2Accepts(pattern: string): boolean {
  return withRE2(pattern, (o) => o.ok);
}
