// The browser the browser tests drive (test/browser.test.ts, test/bundlers.test.ts): Debian's
// Chromium, installed by scripts/ensure-chromium.sh when missing (never by hand), launched
// headless through playwright-core. CHECKER_CHROMIUM names another executable.

import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { runEnsureScript } from "./ensure-tool.js";

export const CHROMIUM = process.env.CHECKER_CHROMIUM ?? "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic"];

/** Install Chromium when it is missing; a failure is an error of the test, with apt's reason. */
export async function ensureChromium(): Promise<void> {
  await runEnsureScript("ensure-chromium.sh", "Chromium is required for the browser test");
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is required for the browser test: scripts/ensure-chromium.sh succeeded but ${CHROMIUM} is missing`);
}

/** Launch it headless (after ensureChromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/**
 * Watch a page before it loads: what goes wrong on it (uncaught errors, console errors, failed
 * requests) is collected in the returned list, and window.__compileStreaming counts the calls of
 * WebAssembly.compileStreaming (init() must use it on an application/wasm response).
 */
export async function watchPage(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${new URL(r.url()).pathname}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __compileStreaming: number };
    const original = WebAssembly.compileStreaming.bind(WebAssembly);
    w.__compileStreaming = 0;
    WebAssembly.compileStreaming = (source) => {
      w.__compileStreaming++;
      return original(source);
    };
  });
  return problems;
}
