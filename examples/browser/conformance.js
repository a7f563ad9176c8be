// Runs the conformance bundle (served at /conformance/bundle.js with the cases at
// /conformance/cases.json: see serve.mjs and scripts/conformance-bundle.mjs) and shows the counts.
// The outcomes are kept in `window.__conformance` for test/browser.test.ts.
import { init } from "../../dist/index.js";

const summary = document.getElementById("summary");
try {
  const t0 = performance.now();
  await init(); // fetch + WebAssembly.compileStreaming of build/checker.wasm
  const response = await fetch("/conformance/cases.json");
  if (!response.ok) throw new Error(`cases.json: HTTP ${response.status} (serve this page with examples/browser/serve.mjs)`);
  const cases = await response.text();
  // the runner reads cases.json with node:fs's readFileSync; in the bundle that asks the page
  globalThis.__checkerReadFile = (path) => {
    if (path.endsWith("cases.json")) return cases;
    throw new Error(`no file ${path} in the browser`);
  };
  const { runRegistered } = await import("/conformance/bundle.js");
  const outcomes = await runRegistered();
  const ms = performance.now() - t0;

  const byOp = new Map();
  for (const o of outcomes) {
    const op = o.name.split(" > ").at(-1).split(" ")[0];
    const n = byOp.get(op) ?? { passed: 0, failed: 0 };
    n[o.ok ? "passed" : "failed"]++;
    byOp.set(op, n);
  }
  const passed = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - passed;
  summary.textContent = `${passed} passed, ${failed} failed, of ${outcomes.length} cases, in ${ms.toFixed(0)} ms (${navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent})`;
  summary.className = failed ? "failed" : "";
  const rows = [...byOp].sort((a, b) => a[0].localeCompare(b[0])).map(([op, n]) => `<tr><td>${op}</td><td>${n.passed}</td><td>${n.failed}</td></tr>`);
  document.getElementById("by-op").innerHTML = `<tr><th>op</th><th>passed</th><th>failed</th></tr>${rows.join("")}`;
  document.getElementById("failures").replaceChildren(...outcomes.filter((o) => !o.ok).map((o) => {
    const li = document.createElement("li");
    li.textContent = `${o.name}: ${o.error}`;
    return li;
  }));
  window.__conformance = { outcomes, passed, failed, ms };
  document.body.dataset.conformance = failed ? "failed" : "passed";
} catch (e) {
  summary.textContent = `could not run: ${e instanceof Error ? e.message : String(e)}`;
  summary.className = "failed";
  window.__conformance = { error: String(e instanceof Error ? e.stack ?? e.message : e) };
  document.body.dataset.conformance = "error";
}
