// The browser the browser tests drive (test/browser.test.ts, test/bundlers.test.ts): Debian's
// Chromium, installed by scripts/ensure-chromium.sh when missing (never by hand), launched
// headless through playwright-core. CHECKER_CHROMIUM names another executable.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const CHROMIUM = process.env.CHECKER_CHROMIUM ?? "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic"];

/** Install Chromium when it is missing; a failure is an error of the test, with apt's reason. */
export function ensureChromium(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", [join(root, "scripts", "ensure-chromium.sh")], { stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr.on("data", (d: Buffer) => (log += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 && existsSync(CHROMIUM)) return resolve();
      const tail = log.trim().split("\n").slice(-15).join("\n");
      reject(new Error(`Chromium is required for the browser test and could not be installed (scripts/ensure-chromium.sh exited ${code}):\n${tail}`));
    });
  });
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
