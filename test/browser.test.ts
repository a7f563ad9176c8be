// The browser build in a real browser: Debian's Chromium (installed by scripts/ensure-chromium.sh
// when missing) driven by playwright-core, on pages served from 127.0.0.1 by
// examples/browser/serve.mjs. The streaming demo (examples/browser/index.html) must render the
// partial value live, end with the validated value, and stop the second answer at the chunk where
// its error became certain; the conformance page must pass the same cases as Node does. Needs
// `npm run build` first (npm test does it). Screenshots go to test/artifacts/.

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Answer, answers, chunksOf, options } from "../examples/browser/answers.js";
import { startServer } from "../examples/browser/serve.mjs";
import { bundleTestFile, conformanceRoutes } from "../scripts/conformance-bundle.mjs";
import { loadCases } from "./support/cases.js";
import { ensureChromium, launchChromium, watchPage } from "./support/chromium.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const artifacts = join(root, "test", "artifacts");

interface Outcome { name: string; ok: boolean; error?: string }
interface ErrorInfo { field?: string; code?: string; message: string; early?: boolean; offset?: number; name?: string }
interface Snapshot {
  chunk: number; bytes: number; done: boolean; openPath: (string | number)[];
  status: Record<string, string>; partial: Record<string, unknown> | null; errors: ErrorInfo[];
}
interface StreamRecord {
  state: string; chunksTotal: number; chunksSent: number; cancelled: boolean;
  value?: Record<string, unknown>; errors: ErrorInfo[]; snapshots: Snapshot[];
}

/** The conformance runner, bundled as for the page, run by plain Node on the same cases text. */
async function runConformanceInNode(casesText: string): Promise<Outcome[]> {
  const dir = mkdtempSync(join(tmpdir(), "checker-conformance-"));
  try {
    writeFileSync(join(dir, "cases.json"), casesText);
    writeFileSync(join(dir, "run.mjs"), await bundleTestFile({ platform: "node" }));
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, "run.mjs")], {
      env: { ...process.env, CHECKER_CASES: join(dir, "cases.json") },
      maxBuffer: 64 << 20,
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as Outcome[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let nodeOutcomes: Outcome[];

beforeAll(async () => {
  for (const f of ["dist/index.js", "build/checker.wasm"]) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run npm run build first`);
  }
  mkdirSync(artifacts, { recursive: true });
  const casesText = JSON.stringify(loadCases());
  const [routes, outcomes] = await Promise.all([
    conformanceRoutes(casesText),
    runConformanceInNode(casesText),
    ensureChromium(),
  ]);
  nodeOutcomes = outcomes;
  server = await startServer({ routes });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page that fails the test on any uncaught error or console error. */
async function openPage(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = await watchPage(page);
  await page.goto(`${server!.url}${path}`);
  return { page, problems };
}

const LEVEL: Record<string, number> = { waiting: 0, writing: 1, complete: 2 };

describe("Chromium", () => {
  let demo: { good: StreamRecord; bad: StreamRecord };
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ page, problems } = await openPage("/examples/browser/?delay=20"));
    await page.waitForFunction(() => document.body.dataset.demo === "done", undefined, { timeout: 60_000 });
    demo = await page.evaluate(() => (window as unknown as { __demo: typeof demo }).__demo);
    await page.screenshot({ path: join(artifacts, "browser-stream.png"), fullPage: true });
  }, 120_000);

  afterAll(async () => {
    await page?.close();
  });

  it("loads the core with fetch + WebAssembly.compileStreaming, and the page has no errors", async () => {
    expect(await page.evaluate(() => (window as unknown as { __compileStreaming: number }).__compileStreaming)).toBe(1);
    expect(server!.requests).toContain("/build/checker.wasm");
    expect(problems).toEqual([]);
  });

  it("streams the valid answer: fields fill in live, each one waiting -> writing -> complete, then the validated value", async () => {
    const { good } = demo;
    const chunks = chunksOf(answers.good);
    expect(good.state).toBe("valid");
    expect(good.chunksSent).toBe(chunks.length);
    expect(good.snapshots.length).toBe(chunks.length);
    expect(good.errors).toEqual([]);
    // the value is the one-shot unmarshal of the whole answer
    const { Validator } = await import("../dist/index.js");
    expect(good.value).toEqual(JSON.parse(JSON.stringify(new Validator(Answer, options).unmarshal(answers.good))));

    const final = good.value!;
    let bytes = 0;
    good.snapshots.forEach((s, i) => {
      bytes += chunks[i]!.length;
      expect(s.bytes, `bytes after chunk ${i + 1}`).toBe(bytes);
      // the partial value only ever shows a prefix of what the final value holds
      for (const [key, v] of Object.entries(s.partial ?? {})) {
        if (typeof v === "string") expect((final[key] as string).startsWith(v), `${key} after chunk ${i + 1}`).toBe(true);
        else if (typeof v === "number" && s.status[key] === "complete") expect(v).toBe(final[key]);
      }
    });
    // statuses only move forward, strings and lists are seen being written (a number shows once
    // it is complete), and all end complete
    for (const [key, type] of Object.entries(Answer.shape)) {
      const seq = good.snapshots.map((s) => LEVEL[s.status[key]!]!);
      expect(seq.every((n, i) => i === 0 || n >= seq[i - 1]!), `${key}: ${seq.join("")}`).toBe(true);
      if (type.kind === "string" || type.kind === "slice") expect(seq, key).toContain(1);
      expect(seq.at(-1)).toBe(2);
    }
    // one moment caught mid-way: earlier fields complete, the summary being written, later ones waiting
    const mid = good.snapshots.find((s) => s.status.summary === "writing" && (s.partial?.summary as string | undefined)?.length);
    expect(mid).toBeDefined();
    expect(mid!.openPath).toEqual(["summary"]);
    expect(mid!.status).toMatchObject({ title: "complete", sentiment: "complete", confidence: "complete", tags: "waiting", citations: "waiting" });

    // what is on screen at the end
    const panel = page.locator("#good");
    expect(await panel.getAttribute("data-state")).toBe("valid");
    const statuses = await panel.locator(".row").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.status));
    expect(statuses.length).toBeGreaterThan(Object.keys(Answer.shape).length);
    expect(new Set(statuses)).toEqual(new Set(["complete"]));
    // completeness shows as text on each row's badge, and the counter says the whole answer came
    const badges = await panel.locator(".row > .badge").allTextContents();
    expect(badges.length).toBe(statuses.length);
    expect(new Set(badges)).toEqual(new Set(["complete"]));
    expect(await panel.locator(".stats").textContent()).toMatch(new RegExp(`^chunk ${chunks.length} of ${chunks.length} · ${answers.good.length} bytes`));
    expect(await panel.locator(".state").textContent()).toBe("complete: valid ✓");
    expect(await panel.locator('.row[data-path="summary"] > .value').textContent()).toBe(JSON.stringify(final.summary));
    expect(await panel.locator('.row[data-path="citations[1].quote"] > .value').textContent()).toBe(JSON.stringify((final.citations as { quote: string }[])[1]!.quote));
  });

  it("stops the second answer at the chunk where its error became certain, and highlights the field", async () => {
    const { bad } = demo;
    const chunks = chunksOf(answers.bad);
    // the summary's 161st character (max=160) is where the error becomes certain
    const opening = '"summary": "';
    const certainAt = answers.bad.indexOf(opening) + opening.length + 160;
    let fed = 0;
    let expectedChunks = 0;
    while (fed <= certainAt) fed += chunks[expectedChunks++]!.length;

    expect(bad.state).toBe("aborted");
    expect(bad.chunksSent).toBe(expectedChunks);
    expect(bad.chunksSent).toBeLessThan(chunks.length);
    expect(bad.cancelled).toBe(true);
    expect(bad.errors).toEqual([{ field: "summary", code: "MAX_LENGTH", message: "must be at most 160 characters", early: true, offset: fed }]);
    // no error before that chunk; the summary field is in error from that chunk on
    expect(bad.snapshots.slice(0, -1).every((s) => s.errors.length === 0)).toBe(true);
    expect(bad.snapshots.at(-1)!.status).toMatchObject({ title: "complete", summary: "error", tags: "waiting", citations: "waiting" });
    // highlighted in the very chunk that made it certain: that chunk's render is the last one
    expect(bad.snapshots.length).toBe(expectedChunks);
    expect(bad.snapshots.at(-1)!.chunk).toBe(expectedChunks);
    expect(bad.snapshots.at(-1)!.errors).toEqual(bad.errors);
    expect(bad.snapshots.slice(0, -1).map((s) => s.status.summary)).not.toContain("error");
    // one-shot unmarshal of the whole answer agrees
    const { Validator } = await import("../dist/index.js");
    const r = new Validator(Answer, options).safeUnmarshal(answers.bad);
    expect(r.ok).toBe(false);
    expect((r as { error: { errors: ErrorInfo[] } }).error.errors.map((e) => [e.field, e.code])).toEqual([["summary", "MAX_LENGTH"]]);

    const panel = page.locator("#bad");
    expect(await panel.getAttribute("data-state")).toBe("aborted");
    const row = panel.locator('.row[data-path="summary"]');
    expect(await row.getAttribute("data-status")).toBe("error");
    expect(await row.locator(".message").textContent()).toBe("must be at most 160 characters (MAX_LENGTH, before the value ended)");
    // highlighted: the badge says error in the error colour, the value on a tinted background
    expect(await row.locator("> .badge").textContent()).toBe("error");
    expect(await row.locator("> .badge").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(214, 51, 108)");
    expect(await row.locator("> .value").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(255, 227, 236)");
    expect(await panel.locator('.row[data-path="title"] > .value').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgba(0, 0, 0, 0)");
    expect(await panel.locator(".errors li").allTextContents()).toEqual([`summary: must be at most 160 characters (MAX_LENGTH) at byte ${fed}`]);
    expect(await panel.locator('.row[data-path="tags"] > .badge').textContent()).toBe("waiting");
    expect(await panel.locator(".state").textContent()).toContain(`stopped early at chunk ${expectedChunks} of ${chunks.length}`);
    expect(await panel.locator(".raw .stop").count()).toBe(1);
  });

  it("an answer that stops being JSON is stopped at the syntax error, and the page names it", async () => {
    const { page: p, problems: pageProblems } = await openPage("/examples/browser/?delay=0");
    try {
      await p.waitForFunction(() => document.body.dataset.demo === "done", undefined, { timeout: 60_000 });
      const text = '{\n  "title": "Broken answer",\n  "sentiment": positive,\n  "confidence": 0.5\n}';
      const record = (await p.evaluate(`window.__run("bad", ${JSON.stringify(text)})`)) as StreamRecord;
      const { Validator } = await import("../dist/index.js");
      const r = new Validator(Answer, options).safeUnmarshal(text);
      const message = r.ok ? "" : r.error.message;
      expect(message).toBe('unexpected character "p" at offset 45 (line 3, column 16)');
      expect(record.state).toBe("aborted");
      expect(record.chunksSent).toBeLessThan(chunksOf(text).length);
      expect(record.errors).toEqual([{ name: "JsonSyntaxError", message }]);
      expect(await p.locator("#bad .state").textContent()).toBe(`stopped early at chunk ${record.chunksSent} of ${chunksOf(text).length} (JsonSyntaxError: ${message})`);
      expect(pageProblems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it("compiles a \\p{...} pattern once loadUnicodeTables() has fetched the tables (and says so before)", async () => {
    const { page: p, problems: pageProblems } = await openPage("/examples/browser/");
    try {
      // a string, so the test runner does not rewrite the page's import()
      const outcome = (await p.evaluate(`(async () => {
        const lib = await import("/dist/index.js");
        await lib.init();
        const Name = lib.model("Name", { name: lib.t.string(${JSON.stringify("regexp=^\\p{Lu}\\p{Ll}+$")}) });
        const Ascii = lib.model("Ascii", { code: lib.t.string("regexp=(?i)^[a-z]+$") });
        let before = "";
        try {
          new lib.Validator(Name);
        } catch (e) {
          before = e.name + ": " + e.message;
        }
        // (?i) needs only the case-folding orbits, which are bundled: no tables for it
        const foldsFirst = new lib.Validator(Ascii).safeUnmarshal(${JSON.stringify('{"code":"K\u212a"}')}).ok;
        await lib.loadUnicodeTables();
        const v = new lib.Validator(Name);
        const codes = ${JSON.stringify(['{"name":"Émile"}', '{"name":"émile"}', '{"name":"Ωμέγα"}'])}.map((d) => {
          const r = v.safeUnmarshal(d);
          return r.ok ? "ok" : r.error.errors[0].code;
        });
        return { before, foldsFirst, codes };
      })()`)) as { before: string; foldsFirst: boolean; codes: string[] };
      expect(outcome.before).toBe(
        "ModelError: field Name.name: regexp=^\\p{Lu}\\p{Ll}+$: \\p{Lu} needs the Unicode tables, which are not loaded: call `await loadUnicodeTables()` first (Node reads them itself)",
      );
      expect(outcome.foldsFirst).toBe(true);
      expect(outcome.codes).toEqual(["ok", "PATTERN_MISMATCH", "ok"]);
      expect(server!.requests).toContain("/assets/unicode-ranges.json");
      expect(pageProblems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it("passes the conformance cases, the same ones as Node", async () => {
    const { page: conf, problems: confProblems } = await openPage("/examples/browser/conformance.html");
    try {
      await conf.waitForFunction(() => document.body.dataset.conformance !== undefined, undefined, { timeout: 120_000 });
      const result = await conf.evaluate(() => (window as unknown as { __conformance: { outcomes?: Outcome[]; error?: string } }).__conformance);
      await conf.screenshot({ path: join(artifacts, "browser-conformance.png"), fullPage: true });
      expect(result.error).toBeUndefined();
      const outcomes = result.outcomes!;
      expect(outcomes.filter((o) => !o.ok)).toEqual([]);
      expect(nodeOutcomes.filter((o) => !o.ok)).toEqual([]);
      expect(outcomes.map((o) => o.name)).toEqual(nodeOutcomes.map((o) => o.name));
      expect(outcomes.length).toBeGreaterThan(300);
      expect(confProblems).toEqual([]);
      console.log(`conformance: ${outcomes.length} passed in Chromium, ${nodeOutcomes.length} in Node`);
    } finally {
      await conf.close();
    }
  });
});
