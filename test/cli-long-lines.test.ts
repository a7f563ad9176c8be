// `checker validate` and a line longer than maxDocumentBytes: the CLI held the whole line in memory
// until its "\n" (a 200 MB line under a 1,000-byte limit took 600 MB; a line that never ends,
// all the memory there is), and so did the detection of NDJSON or one document for a first line.
// Now what is held of a line stops a little past the limit: the record is the limit's error, the
// rest of the line is skipped as it is read, and the records after it are read as before, with
// one thread or several, and as parseLines reads the same file.

import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { model, parseLines, t, Validator } from "../dist/index.js";
import { assertBuilt, runCli, statsOf, writeModelModule } from "./support/cli-run.js";

const MB = 1024 * 1024;
const LONG = 64; // MiB of "x" in the long string
const LIMIT = 1000;

let dir: string;
let modelPath: string;
let baseline: number;

/** A file of `head`, a line holding a LONG MiB string (with `end` after it), then `tail`. */
function writeLongLine(path: string, head: string, end: string, tail: string): void {
  const fd = openSync(path, "w");
  writeSync(fd, `${head}{"s":"`);
  const x = Buffer.alloc(MB, "x");
  for (let i = 0; i < LONG; i++) writeSync(fd, x);
  writeSync(fd, `"}${end}${tail}`);
  closeSync(fd);
}

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-long-"));
  modelPath = writeModelModule(dir, "limited.js", `export const Limited = new Validator(model("Limited", { s: t.string() }), { maxDocumentBytes: ${LIMIT} });`);
  const small = join(dir, "small.ndjson");
  writeFileSync(small, '{"s":"a"}\n{"s":1}\n');
  baseline = statsOf((await runCli(["validate", "--model", modelPath, small], { env: { CHECKER_CLI_STATS: "1" } })).stderr).peakRss;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a line longer than maxDocumentBytes", () => {
  it("NDJSON: the record is the limit's error at its byte offset, the lines after it are read; one thread and two agree; memory stays flat", async () => {
    const path = join(dir, "long.ndjson");
    writeLongLine(path, '{"s":"a"}\n', "\r\n", '{"s":"b"}\n{"s":2}\n');
    const runs = [];
    for (const workers of ["1", "2"]) {
      const rejects = join(dir, `rejects-${workers}.ndjson`);
      const r = await runCli(["validate", "--model", modelPath, path, "--rejects", rejects, "--json", "--workers", workers], { env: { CHECKER_CLI_STATS: "1" } });
      expect(r.code).toBe(1);
      const s = JSON.parse(r.stdout);
      expect(s).toMatchObject({ mode: "ndjson", records: 4, accepted: 2, rejected: 2 });
      expect(s.firstErrors[0]).toEqual({
        line: 2,
        errors: [{ field: "", code: "INVALID_JSON", message: `document larger than maxDocumentBytes (${LIMIT}) at offset ${10 + LIMIT} (line 2, column ${LIMIT + 1})`, value: null }],
      });
      expect(s.firstErrors[1]).toMatchObject({ line: 4, errors: [{ field: "s", code: "INVALID_TYPE" }] });
      const peak = statsOf(r.stderr).peakRss;
      expect(peak - baseline).toBeLessThan(32 * MB); // the line is 64 MiB (it took 3 times that)
      const lines = readFileSync(rejects, "utf8").split("\n").filter((l) => l !== "");
      expect(lines.map((l) => JSON.parse(l).line)).toEqual([2, 4]);
      // the record written for it is the start of the line, what was read when it passed the limit
      const record = JSON.parse(lines[0]).record as string;
      expect(record.startsWith('{"s":"xxx')).toBe(true);
      expect(record.length).toBeGreaterThan(LIMIT);
      expect(record.length).toBeLessThan(4 * MB);
      runs.push({ summary: { ...s, seconds: 0, recordsPerSecond: 0 }, rejects: readFileSync(rejects, "utf8") });
    }
    expect(runs[1]).toEqual(runs[0]);
    // parseLines reads the same file the same way
    const v = new Validator(model("Limited", { s: t.string() }), { maxDocumentBytes: LIMIT });
    const records: { line: number; ok: boolean; message?: string }[] = [];
    for await (const rec of parseLines(v, createReadStream(path))) records.push(rec.ok ? { line: rec.line, ok: true } : { line: rec.line, ok: false, message: rec.error.message });
    expect(records).toEqual([
      { line: 1, ok: true },
      { line: 2, ok: false, message: `document larger than maxDocumentBytes (${LIMIT}) at offset ${10 + LIMIT} (line 2, column ${LIMIT + 1})` },
      { line: 3, ok: true },
      { line: 4, ok: false, message: "cannot unmarshal number into field s of type string" },
    ]);
  });

  it("a line that starts with more than maxDocumentBytes of whitespace is still a record (it was lost: the rest of the line was skipped); a line that long and blank is none", async () => {
    const WS = 300_000; // more than one read of the input (256 KiB)
    const path = join(dir, "long-blank.ndjson");
    writeFileSync(path, `{"s":"a"}\n${" ".repeat(WS)}{"s":"b"}\n${" ".repeat(WS)}\n{"s":1}\n`);
    const tooLarge = `document larger than maxDocumentBytes (${LIMIT}) at offset ${10 + LIMIT} (line 2, column ${LIMIT + 1})`;
    const runs = [];
    for (const workers of ["1", "2"]) {
      const rejects = join(dir, `long-blank-rejects-${workers}.ndjson`);
      const r = await runCli(["validate", "--model", modelPath, path, "--rejects", rejects, "--json", "--workers", workers]);
      expect(r.code).toBe(1);
      const s = JSON.parse(r.stdout);
      expect(s).toMatchObject({ mode: "ndjson", records: 3, accepted: 1, rejected: 2 });
      expect(s.firstErrors).toEqual([
        { line: 2, errors: [{ field: "", code: "INVALID_JSON", message: tooLarge, value: null }] },
        { line: 4, errors: [{ field: "s", code: "INVALID_TYPE", message: "cannot unmarshal number into field s of type string", value: null }] },
      ]);
      const lines = readFileSync(rejects, "utf8").split("\n").filter((l) => l !== "");
      expect(lines.map((l) => JSON.parse(l).line)).toEqual([2, 4]);
      // the record written for line 2: its whitespace as read past the limit, then its first other byte
      expect(JSON.parse(lines[0]).record).toMatch(new RegExp(`^ {${LIMIT + 1},${WS}}\\{$`));
      runs.push({ summary: { ...s, seconds: 0, recordsPerSecond: 0 }, rejects: readFileSync(rejects, "utf8") });
    }
    expect(runs[1]).toEqual(runs[0]);
    const v = new Validator(model("Limited", { s: t.string() }), { maxDocumentBytes: LIMIT });
    const records: { line: number; message?: string }[] = [];
    for await (const rec of parseLines(v, createReadStream(path))) records.push(rec.ok ? { line: rec.line } : { line: rec.line, message: rec.error.message });
    expect(records).toEqual([{ line: 1 }, { line: 2, message: tooLarge }, { line: 4, message: "cannot unmarshal number into field s of type string" }]);
  });

  it("a first line that long, no NDJSON extension: one document, rejected at the limit, without holding the line", async () => {
    const path = join(dir, "long.json");
    writeLongLine(path, "", "\n", '{"s":"b"}\n');
    const r = await runCli(["validate", "--model", modelPath, path, "--json"], { env: { CHECKER_CLI_STATS: "1" } });
    expect(r.code).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ mode: "document", records: 1, rejected: 1 });
    expect(s.firstErrors[0].errors[0].message).toBe(`document larger than maxDocumentBytes (${LIMIT}) at offset ${LIMIT} (line 1, column ${LIMIT + 1})`);
    expect(statsOf(r.stderr).peakRss - baseline).toBeLessThan(32 * MB);
  });
});
