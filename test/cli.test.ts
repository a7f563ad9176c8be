// The `checker` CLI, run as a child process on the built package (dist/cli/main.js): summary,
// exit codes, rejects and accepted files, stdin, one-document mode, model modules, schema.
// The 50 MB streaming test is in cli-stream.test.ts.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { closeSync, cpSync, existsSync, linkSync, openSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpErrorBody, marshal, safeUnmarshal, schemaJSON, schemaJSONOpenAPI } from "../dist/index.js";
import { User } from "../data/user-model.js";
import { assertBuilt, CLI, ROOT, runCli, SAMPLE, SAMPLE_MODEL, writeModelModule, type CliRunOptions } from "./support/cli-run.js";

const sampleLines = readFileSync(SAMPLE, "utf8").split("\n").filter((l) => l !== "");
const expected = sampleLines.map((text, i) => ({ line: i + 1, text, result: safeUnmarshal(User, text) }));
const rejected = expected.filter((e) => !e.result.ok);
const accepted = expected.filter((e) => e.result.ok);

let dir: string;
const tmp = (name: string) => join(dir, name);
const readLines = (path: string) => readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
const validateSample = (...args: string[]) => runCli(["validate", "--model", SAMPLE_MODEL, ...args]);
const BOM = "\uFEFF";

/**
 * Run the CLI with a stdout whose reader goes away (as `| head -1` or `| true` does): at once, or
 * after reading the first chunk. Its stdout pipe is destroyed, so the CLI's next write fails (EPIPE).
 */
async function runClosingStdout(args: readonly string[], when: "at once" | "after the first chunk"): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  const err: Buffer[] = [];
  child.stderr.on("data", (b: Buffer) => err.push(b));
  child.stdin.on("error", () => undefined); // the child may be gone before stdin is closed
  child.stdin.end();
  if (when === "at once") child.stdout.destroy();
  else child.stdout.once("data", () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  return { code, stderr: Buffer.concat(err).toString("utf8") };
}

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("checker validate on the bundled sample", () => {
  it("prints the summary (counts, errors by code, first errors, records/s) and exits 1 for rejections", async () => {
    expect(rejected.length).toBe(195); // data/README.md
    const r = await validateSample(SAMPLE);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(`${SAMPLE}: NDJSON, model User`);
    expect(lines.slice(1, 4)).toEqual([
      "records   2,000",
      "accepted  1,805  (90.3%)",
      "rejected    195  (9.8%)",
    ]);
    // the counts data/README.md gives for each kind of invalid record
    const codes = Object.fromEntries(r.stdout.split("errors by code:\n")[1].split("first errors:")[0].trim().split("\n")
      .map((l) => l.trim().split(/\s+/)).map(([c, n]) => [c, Number(n.replace(/,/g, ""))]));
    expect(codes).toEqual({
      MIN_LENGTH: 28, MAX_LENGTH: 17, INVALID_EMAIL: 25, MIN_VALUE: 6 + 21, MAX_VALUE: 15,
      NOT_UNIQUE: 22, MAX_ITEMS: 20, REQUIRED: 24, INVALID_TYPE: 17,
    });
    expect(Object.keys(codes)).toEqual([...Object.keys(codes)].sort((a, b) => codes[b] - codes[a] || (a < b ? -1 : 1)));
    const first = rejected[0];
    const e = httpErrorBody(first.result.ok ? undefined : first.result.error).details[0];
    expect(r.stdout).toContain(`first errors:\n  line ${first.line}: ${e.field}: ${e.message} [${e.code}]\n`);
    expect(r.stdout).toMatch(/\n2,000 records \(381\.6 KB\) in \d+ ms: [\d,]+ records\/s, [\d.]+ MB\/s\n$/);
  });

  it("npm start's command (--exit-zero) exits 0 with the same summary", async () => {
    const r = await validateSample(SAMPLE, "--exit-zero");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("rejected    195");
  });

  it("exits 0 when every record is accepted", async () => {
    const path = tmp("valid.ndjson");
    writeFileSync(path, accepted.slice(0, 50).map((a) => a.text).join("\n") + "\n");
    const r = await validateSample(path);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("records   50\naccepted  50  (100.0%)\nrejected   0  (0.0%)\n");
    expect(r.stdout).not.toContain("errors by code");
  });

  it("--rejects writes {line, record, errors} per rejected record; --out the accepted lines as read", async () => {
    const r = await validateSample(SAMPLE, "--rejects", tmp("rejects.ndjson"), "--out", tmp("accepted.ndjson"));
    expect(r.code).toBe(1);
    const rejects = readLines(tmp("rejects.ndjson")).map((l) => JSON.parse(l));
    expect(rejects).toEqual(rejected.map((x) => ({
      line: x.line,
      record: JSON.parse(x.text),
      errors: httpErrorBody(x.result.ok ? undefined : x.result.error).details,
    })));
    for (const x of rejects) expect(Object.keys(x)).toEqual(["line", "record", "errors"]);
    // the record is the line's own text, byte for byte
    expect(readLines(tmp("rejects.ndjson"))[0]).toContain(`"record":${rejected[0].text},"errors":`);
    expect(readLines(tmp("accepted.ndjson"))).toEqual(accepted.map((a) => a.text));
  });

  it("--out with --marshal writes marshal's bytes of each accepted value", async () => {
    const r = await validateSample(SAMPLE, "--out", tmp("marshalled.ndjson"), "--marshal", "--exit-zero");
    expect(r.code).toBe(0);
    const dec = new TextDecoder();
    expect(readLines(tmp("marshalled.ndjson"))).toEqual(accepted.map((a) => dec.decode(marshal(User, a.result.ok ? a.result.value : (undefined as never)))));
  });

  it("--json prints the summary as one JSON object", async () => {
    const r = await validateSample(SAMPLE, "--json");
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ input: SAMPLE, mode: "ndjson", model: "User", records: 2000, accepted: 1805, rejected: 195, bytes: 381639 });
    expect(s.errorsByCode.MIN_LENGTH).toBe(28);
    expect(s.firstErrors[0].line).toBe(rejected[0].line);
    expect(s.recordsPerSecond).toBeGreaterThan(0);
  });

  it("--json's first errors stay small: 3 errors per record (moreErrors counts the rest), long values cut; the rejects file has them whole", async () => {
    const path = tmp("long-values.ndjson");
    // (the 200th UTF-16 unit is the first half of an emoji: the cut keeps whole characters)
    const longName = `${"n".repeat(199)}${"😀".repeat(2400)}`;
    const tags = Array.from({ length: 40 }, (_, i) => `tag-${i}`);
    writeFileSync(path, `${JSON.stringify({ id: 0, name: longName, email: "x", age: 200, tags, active: true })}\n`);
    const r = await validateSample(path, "--json", "--rejects", tmp("long-values-rejects.ndjson"));
    expect(r.code).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s.firstErrors).toEqual([{
      line: 1,
      errors: [
        { field: "id", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
        { field: "name", code: "MAX_LENGTH", message: "must be at most 50 characters", value: `${"n".repeat(199)}…`, valueTruncated: true },
        { field: "email", code: "INVALID_EMAIL", message: "must be a valid email address", value: "x" },
      ],
      moreErrors: 2,
    }]);
    expect(r.stdout.length).toBeLessThan(2000);
    const [reject] = readLines(tmp("long-values-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(reject.errors.map((e: { code: string }) => e.code)).toEqual(["MIN_VALUE", "MAX_LENGTH", "INVALID_EMAIL", "MAX_VALUE", "MAX_ITEMS"]);
    expect(reject.errors[1].value).toBe(longName);
    expect(reject.errors[4].value).toEqual(tags);
  });
});

describe("stdin and output to stdout", () => {
  it("reads NDJSON from stdin (-), auto-detected from its first lines", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-"], { stdin: readFileSync(SAMPLE) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("stdin: NDJSON, model User\nrecords   2,000\naccepted  1,805");
  });

  it("reads stdin redirected from a file (< file)", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json"], { stdinFile: SAMPLE });
    expect(JSON.parse(r.stdout)).toMatchObject({ input: "stdin", records: 2000, accepted: 1805 });
  });

  it("--out - writes accepted records to stdout, and the summary to stderr", async () => {
    const r = await validateSample(SAMPLE, "--out", "-");
    expect(r.stdout.split("\n").filter((l) => l !== "")).toEqual(accepted.map((a) => a.text));
    expect(r.stderr).toContain("accepted  1,805");
  });

  it("--out /dev/stdout is stdout too: the summary goes to stderr, whether stdout is a pipe or a file (where it overwrote the first records)", async () => {
    const args = [CLI, "validate", "--model", SAMPLE_MODEL, SAMPLE, "--out", "/dev/stdout"];
    const acceptedText = accepted.map((a) => a.text + "\n").join("");
    const summary = `${SAMPLE}: NDJSON, model User\nrecords   2,000\naccepted  1,805`;
    // a shell's pipe (node's own stdio pipes are sockets, which /dev/stdout cannot open)
    const piped = spawnSync("sh", ["-c", `${[process.execPath, ...args].map((a) => `'${a}'`).join(" ")} | cat`], { cwd: ROOT, encoding: "utf8" });
    expect(piped.stdout).toBe(acceptedText);
    expect(piped.stderr).toContain(summary);
    const file = tmp("stdout-file.ndjson");
    const toFile = (more: string[]) => {
      const fd = openSync(file, "w");
      try {
        return spawnSync(process.execPath, [...args, ...more], { cwd: ROOT, stdio: ["ignore", fd, "pipe"], encoding: "utf8" });
      } finally {
        closeSync(fd);
      }
    };
    const redirected = toFile([]);
    expect(redirected.status).toBe(1);
    expect(readFileSync(file, "utf8")).toBe(acceptedText);
    expect(redirected.stderr).toContain(summary);
    const both = toFile(["--rejects", "-"]);
    expect([both.status, both.stderr, readFileSync(file, "utf8")]).toEqual([2, "checker: --out and --rejects cannot both be stdout\n", ""]);
  });

  it("--rejects - writes rejected records to stdout", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--rejects", "-", "-"], { stdin: sampleLines.slice(0, 30).join("\n") });
    const rejects = r.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
    expect(rejects.map((x) => x.line)).toEqual(rejected.filter((x) => x.line <= 30).map((x) => x.line));
  });

  it("empty stdin is no records: exit 0", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--lines", "-"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("records   0");
  });

  it("empty or blank stdin (detected) is no records: exit 0; with --document it is a rejected empty document", async () => {
    for (const stdin of ["", " \n\n\t\r\n"]) {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json"], { stdin });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ input: "stdin", mode: "ndjson", records: 0, accepted: 0, rejected: 0, errorsByCode: {} });
      const doc = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--document", "--json"], { stdin });
      expect(doc.code).toBe(1);
      expect(JSON.parse(doc.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1, errorsByCode: { INVALID_JSON: 1 } });
    }
  });

  it("an empty .json file is no records: exit 0, as an empty .ndjson file", async () => {
    for (const name of ["empty.json", "empty.ndjson"]) {
      writeFileSync(tmp(name), "\n");
      const r = await validateSample(tmp(name));
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain(`${tmp(name)}: NDJSON, model User\nrecords   0\naccepted  0\nrejected  0\n`);
    }
  });
});

describe("NDJSON details", () => {
  it("line numbers count blank lines; CRLF line ends; malformed lines are INVALID_JSON with the text as a string", async () => {
    const path = tmp("mixed.jsonl");
    const bad = '{"id": 2, "name": "Broken"';
    writeFileSync(path, `${sampleLines[0]}\r\n\r\n${bad}\r\n   \n${sampleLines[13]}\r\n${sampleLines[1]}`); // no final newline
    const r = await validateSample(path, "--rejects", tmp("mixed-rejects.ndjson"), "--out", tmp("mixed-out.ndjson"));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("records   4\naccepted  2  (50.0%)\nrejected  2  (50.0%)\n");
    const rejects = readLines(tmp("mixed-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(rejects.map((x) => x.line)).toEqual([3, 5]);
    expect(rejects[0].record).toBe(bad);
    expect(rejects[0].errors).toEqual([expect.objectContaining({ field: "", code: "INVALID_JSON", value: null })]);
    expect(rejects[1].record).toEqual(JSON.parse(sampleLines[13]));
    expect(readLines(tmp("mixed-out.ndjson"))).toEqual([sampleLines[0], sampleLines[1]]);
  });

  it("with worker threads, errors name the line and byte offset in the whole file, as with one thread", async () => {
    // batches start at many lines and offsets (2,000 records a copy, 3 copies: several read
    // buffers); malformed lines, CRLF ends and a byte order mark move both
    const lines: string[] = [];
    for (let copy = 0; copy < 3; copy++) {
      sampleLines.forEach((l, i) => lines.push(i % 500 === 7 ? `${l.slice(0, 30)}\r` : i % 300 === 11 ? '{"id": 5, "name": "x", "email": 12}' : l));
    }
    const path = tmp("workers-positions.ndjson");
    writeFileSync(path, BOM + lines.join("\n") + "\n");
    const one = await validateSample(path, "--rejects", tmp("wp-1.ndjson"), "--workers", "1");
    const two = await validateSample(path, "--rejects", tmp("wp-2.ndjson"), "--workers", "2");
    expect([one.code, two.code]).toEqual([1, 1]);
    const rejects = readLines(tmp("wp-1.ndjson")).map((l) => JSON.parse(l));
    const cut = rejects.filter((x) => x.errors[0].code === "INVALID_JSON");
    expect(cut.length).toBe(12);
    // the last cut line of the file: its own line, and its offset from the start of the input (after the BOM)
    const last = cut[cut.length - 1];
    const start = Buffer.byteLength(lines.slice(0, last.line - 1).join("\n") + "\n");
    expect(last.errors[0].message).toBe(`unexpected end of JSON input at offset ${start + 30} (line ${last.line}, column 31)`);
    expect(readFileSync(tmp("wp-2.ndjson"), "utf8")).toBe(readFileSync(tmp("wp-1.ndjson"), "utf8"));
    const untimed = (summary: string) => summary.replace(/ in [\d,.]+ m?s: .*$/m, ""); // (the last line says how fast)
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
  });

  it("the text summary writes a field name with a control character as a JSON string (one line per error)", async () => {
    const path = tmp("newline-key.ndjson");
    writeFileSync(path, `${JSON.stringify({ ...JSON.parse(sampleLines[0]), "a\nb": 1 })}\n`);
    const r = await validateSample(path, "--extra-fields", "forbid");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('first errors:\n  line 1: "a\\nb": unknown field in JSON [EXTRA_FIELD]\n');
  });

  it("--max-errors N is the validator's maxErrors: N errors of a record, then TOO_MANY_ERRORS (README)", async () => {
    const path = tmp("max-errors.ndjson");
    writeFileSync(path, `${JSON.stringify({ id: 0, name: "A", email: "x", age: 300, tags: ["a", "a"], active: true })}\n`);
    const r = await validateSample(path, "--max-errors", "2", "--rejects", tmp("max-errors-rejects.ndjson"));
    expect(r.code).toBe(1);
    const [x] = readLines(tmp("max-errors-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(x.errors).toEqual([
      { field: "id", code: "MIN_VALUE", message: "must be at least 1", value: 0 },
      { field: "name", code: "MIN_LENGTH", message: "must be at least 2 characters", value: "A" },
      { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 2", value: null },
    ]);
  });

  it("a line longer than the read buffer (600 KB) is read whole", async () => {
    const path = tmp("long.ndjson");
    const long = JSON.stringify({ ...JSON.parse(sampleLines[0]), name: "x".repeat(600_000) });
    writeFileSync(path, [sampleLines[0], long, sampleLines[1]].join("\n") + "\n");
    const r = await validateSample(path, "--rejects", tmp("long-rejects.ndjson"));
    expect(r.stdout).toContain("records   3\naccepted  2");
    const [x] = readLines(tmp("long-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(x.line).toBe(2);
    expect(x.record.name.length).toBe(600_000);
    expect(x.errors[0]).toMatchObject({ field: "name", code: "MAX_LENGTH" });
  });

  it("a first line over 1 MiB (2 MB) still reads as NDJSON: no record after it is lost", async () => {
    const path = tmp("long-first.json"); // not .ndjson: detected from the content
    const long = JSON.stringify({ ...JSON.parse(sampleLines[0]), name: "x".repeat(2_000_000) });
    writeFileSync(path, [long, sampleLines[0], sampleLines[1]].join("\n") + "\n");
    const r = await validateSample(path, "--json", "--rejects", tmp("long-first-rejects.ndjson"));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 3, accepted: 2, rejected: 1, errorsByCode: { MAX_LENGTH: 1 } });
    const [x] = readLines(tmp("long-first-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(x.line).toBe(1);
    expect(x.record.name.length).toBe(2_000_000);
  });

  it("a UTF-8 byte order mark at the start of a file or stdin is skipped (NDJSON detected, first record read)", async () => {
    const text = sampleLines.slice(0, 20).join("\n") + "\n";
    const path = tmp("bom.json"); // not .ndjson: detected from the content
    writeFileSync(path, BOM + text);
    const plain = JSON.parse((await validateSample(path, "--json")).stdout);
    const counts = { mode: "ndjson", records: 20, accepted: expected.slice(0, 20).filter((e) => e.result.ok).length };
    expect(plain).toMatchObject(counts);
    expect(plain.errorsByCode.INVALID_JSON).toBeUndefined();
    const viaStdin = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json", "--out", tmp("bom-out.ndjson")], { stdin: BOM + text });
    expect(JSON.parse(viaStdin.stdout)).toMatchObject(counts);
    expect(readLines(tmp("bom-out.ndjson"))).toEqual(accepted.filter((a) => a.line <= 20).map((a) => a.text));
    // a document after a BOM, from a file
    const doc = tmp("bom-doc.json");
    writeFileSync(doc, BOM + JSON.stringify(JSON.parse(accepted[0].text), null, 2));
    const d = await validateSample(doc, "--json", "--out", tmp("bom-doc-out.ndjson"));
    expect(d.code).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({ mode: "document", records: 1, accepted: 1 });
    expect(readFileSync(tmp("bom-doc-out.ndjson"), "utf8")).toBe(accepted[0].text + "\n");
  });

  it("--lines reads NDJSON from a .json file; NDJSON content in a .json file is detected", async () => {
    const path = tmp("records.json");
    writeFileSync(path, sampleLines.slice(0, 20).join("\n") + "\n");
    for (const args of [[path], [path, "--lines"]]) {
      const r = await validateSample(...args, "--json");
      expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 20 });
    }
  });

  it("NDJSON on stdin whose first record is cut short, garbled or not an object is still NDJSON: every record is read", async () => {
    const rest = sampleLines.slice(0, 20).join("\n") + "\n";
    const acceptedOf20 = accepted.filter((e) => e.line <= 20).length;
    for (const first of ['{"id":1,"name":"Ada', '{"id":1,"age":4', '{"id":1} trailing', "null", '"text"']) {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json", "--rejects", tmp("first-rejects.ndjson")], { stdin: `${first}\n${rest}` });
      expect(r.code, first).toBe(1);
      expect(JSON.parse(r.stdout), first).toMatchObject({ mode: "ndjson", records: 21, accepted: acceptedOf20 });
      const [line1] = readLines(tmp("first-rejects.ndjson")).map((l) => JSON.parse(l) as { line: number; record: unknown; errors: { code: string }[] });
      expect(line1.line, first).toBe(1);
      expect(line1.errors[0].code, first).toBe(first === "null" || first === '"text"' ? "INVALID_TYPE" : "INVALID_JSON");
    }
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--rejects", tmp("first-rejects.ndjson")], { stdin: `{"id":1,"name":"Ada\n${rest}` });
    expect(r.stdout).toContain("stdin: NDJSON, model User\n");
    expect(readLines(tmp("first-rejects.ndjson"))[0]).toBe(JSON.stringify({ line: 1, record: '{"id":1,"name":"Ada',
      errors: [{ field: "", code: "INVALID_JSON", message: "unexpected end of JSON input at offset 19 (line 1, column 20)", value: null }] }));
  });

  it("a document spanning lines whose second line starts with { is still one document", async () => {
    const v = JSON.parse(accepted[0].text) as Record<string, unknown>;
    const docs = [
      `{"user":\n{"id":1}}\n`, // a key's value on the next line
      `[\n${accepted[0].text},\n${accepted[1].text}\n]\n`, // an array, one element a line
      `{"tags":[\n{"a":1}]}\n`,
      `${JSON.stringify(v, null, 2)}\n`,
    ];
    for (const stdin of docs) {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json"], { stdin });
      expect(JSON.parse(r.stdout), stdin).toMatchObject({ mode: "document", records: 1 });
    }
  });
});

describe("one JSON document", () => {
  const pretty = (o: unknown) => JSON.stringify(o, null, 2) + "\n";
  const valid = JSON.parse(accepted[0].text) as Record<string, unknown>;

  it("a pretty-printed document is one record: exit 0 when valid, --out writes it on one line", async () => {
    const path = tmp("user.json");
    writeFileSync(path, pretty({ ...valid, name: "Ada \" Lovelace  " }));
    const r = await validateSample(path, "--out", tmp("user-out.ndjson"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${path}: one JSON document, model User\nrecords   1\naccepted  1`);
    expect(r.stdout).toContain("1 record (");
    expect(readFileSync(tmp("user-out.ndjson"), "utf8")).toBe(JSON.stringify({ ...valid, name: "Ada \" Lovelace  " }) + "\n");
  });

  it("an invalid document: exit 1, its errors, and line 1 in the rejects file", async () => {
    const path = tmp("bad-user.json");
    writeFileSync(path, pretty({ ...valid, age: 200, tags: ["a", "a"] }));
    const r = await validateSample(path, "--rejects", tmp("bad-user-rejects.ndjson"));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("first errors:\n  document: age: must be at most 150 [MAX_VALUE]\n  document: tags: items must be unique [NOT_UNIQUE]\n");
    const [x] = readLines(tmp("bad-user-rejects.ndjson")).map((l) => JSON.parse(l));
    expect(x).toEqual({
      line: 1,
      record: { ...valid, age: 200, tags: ["a", "a"] },
      errors: [
        { field: "age", code: "MAX_VALUE", message: "must be at most 150", value: 200 },
        { field: "tags", code: "NOT_UNIQUE", message: "items must be unique", value: ["a", "a"] },
      ],
    });
  });

  it("a malformed document from stdin is INVALID_JSON", async () => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--json"], { stdin: '{\n  "id": 1,\n  "name": ' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1, errorsByCode: { INVALID_JSON: 1 } });
  });

  it("a malformed document with a type error before its syntax error: the record is its text as a JSON string", async () => {
    const text = '{"name": 5 "x"}';
    const path = tmp("type-then-syntax.json");
    writeFileSync(path, text);
    for (const [input, stdin] of [[path, undefined], ["-", text]] as const) {
      const rejects = tmp("type-then-syntax-rejects.ndjson");
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, input, "--rejects", rejects], { stdin });
      expect(r.code).toBe(1);
      const lines = readLines(rejects);
      expect(lines).toHaveLength(1);
      const x = JSON.parse(lines[0]); // every line of the rejects file is JSON
      expect(x.line).toBe(1);
      expect(x.record).toBe(text);
      expect(x.errors.length).toBeGreaterThan(0);
    }
  });

  it("a document rejected for a type error early on: the record is the whole document (compact), from a file or stdin", async () => {
    // 1.2 MB pretty-printed: read in several chunks, the type error in the first one
    const doc = { ...valid, name: 5, notes: Array.from({ length: 40_000 }, (_, i) => `note ${i}`) };
    const text = pretty(doc);
    const path = tmp("mistyped.json");
    writeFileSync(path, text);
    for (const [input, stdin] of [[path, undefined], ["-", text]] as const) {
      const rejects = tmp("mistyped-rejects.ndjson");
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, input, "--rejects", rejects, "--json"], { stdin });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1, errorsByCode: { INVALID_TYPE: 1 } });
      const lines = readLines(rejects);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(`{"line":1,"record":${JSON.stringify(doc)},"errors":[{"field":"name","code":"INVALID_TYPE","message":"cannot unmarshal number into field name of type string","value":null}]}`);
    }
  });

  it("an accepted document from stdin is written by --out on one line", async () => {
    const text = pretty({ ...valid, notes: Array.from({ length: 40_000 }, (_, i) => `note ${i}`) });
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "-", "--out", tmp("stdin-doc-out.ndjson")], { stdin: text });
    expect(r.code).toBe(0);
    expect(readFileSync(tmp("stdin-doc-out.ndjson"), "utf8")).toBe(JSON.stringify(JSON.parse(text)) + "\n");
  });

  it("--document reads NDJSON as one document (trailing data is malformed JSON)", async () => {
    const path = tmp("two.ndjson");
    writeFileSync(path, sampleLines.slice(0, 2).join("\n") + "\n");
    const r = await validateSample(path, "--document", "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "document", records: 1, errorsByCode: { INVALID_JSON: 1 } });
  });
});

describe("--out and --rejects never overwrite the input, nor each other", () => {
  const content = sampleLines.slice(0, 3).join("\n") + "\n";
  const refused = async (args: string[], message: string, o: CliRunOptions = {}) => {
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, ...args], o);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`checker: ${message}\n`);
    expect(r.stdout).toBe("");
  };

  it("--out or --rejects naming the input file (by path, relative path, symlink or hard link) is refused; the input is kept", async () => {
    const input = tmp("precious.ndjson");
    writeFileSync(input, content);
    symlinkSync(input, tmp("precious-symlink.ndjson"));
    linkSync(input, tmp("precious-hardlink.ndjson"));
    for (const [flag, out, o] of [
      ["--out", input, {}],
      ["--rejects", input, {}],
      ["--out", "precious.ndjson", { cwd: dir }],
      ["--rejects", tmp("precious-symlink.ndjson"), {}],
      ["--out", tmp("precious-hardlink.ndjson"), {}],
    ] as const) {
      await refused([input, flag, out], `${flag} ${out} is the input file: it would be emptied before it is read`, o);
      expect(readFileSync(input, "utf8")).toBe(content);
    }
    // stdin redirected from the file (checker validate - < file --out file)
    await refused(["-", "--out", tmp("precious-hardlink.ndjson")], `--out ${tmp("precious-hardlink.ndjson")} is the input file: it would be emptied before it is read`, { stdinFile: input });
    expect(readFileSync(input, "utf8")).toBe(content);
  });

  it("--out and --rejects naming the same file (by path or hard link) are refused", async () => {
    const same = tmp("same.ndjson");
    writeFileSync(same, "keep\n");
    linkSync(same, tmp("same-link.ndjson"));
    await refused([SAMPLE, "--out", same, "--rejects", same], "--out and --rejects cannot be the same file");
    await refused([SAMPLE, "--out", same, "--rejects", tmp("same-link.ndjson")], "--out and --rejects cannot be the same file");
    await refused([SAMPLE, "--out", tmp("new.ndjson"), "--rejects", tmp("./new.ndjson")], "--out and --rejects cannot be the same file");
    expect(readFileSync(same, "utf8")).toBe("keep\n");
    expect(existsSync(tmp("new.ndjson"))).toBe(false);
    // not a regular file: nothing to lose
    const devNull = await validateSample(SAMPLE, "--out", "/dev/null", "--rejects", "/dev/null");
    expect(devNull.code).toBe(1);
    expect(devNull.stderr).toBe("");
  });

  it("no output file is emptied (or created) when another one cannot be opened", async () => {
    const rejects = tmp("kept-rejects.ndjson");
    writeFileSync(rejects, "keep\n");
    const badOut = join(dir, "no/such/dir/out.ndjson");
    await refused([SAMPLE, "--rejects", rejects, "--out", badOut], `cannot write output file ${badOut}: ENOENT: no such file or directory, open '${badOut}'`);
    expect(readFileSync(rejects, "utf8")).toBe("keep\n");
    await refused([SAMPLE, "--rejects", tmp("fresh-rejects.ndjson"), "--out", badOut], `cannot write output file ${badOut}: ENOENT: no such file or directory, open '${badOut}'`);
    expect(existsSync(tmp("fresh-rejects.ndjson"))).toBe(false);
  });
});

describe("a closed stdout (| head -1, | true): exit 2, one line on stderr, no stack trace", () => {
  const message = "checker: cannot write stdout: the reader closed the pipe (EPIPE)\n";
  it("validate --out - whose reader goes away after the first chunk", async () => {
    const r = await runClosingStdout(["validate", "--model", SAMPLE_MODEL, SAMPLE, "--out", "-"], "after the first chunk");
    expect(r).toEqual({ code: 2, stderr: message });
  });

  it("validate --out - --workers 2 whose reader goes away after the first chunk", async () => {
    const r = await runClosingStdout(["validate", "--model", SAMPLE_MODEL, SAMPLE, "--out", "-", "--workers", "2"], "after the first chunk");
    expect(r).toEqual({ code: 2, stderr: message });
  });

  it("validate writing its summary to a closed stdout", async () => {
    const r = await runClosingStdout(["validate", "--model", SAMPLE_MODEL, SAMPLE], "at once");
    expect(r).toEqual({ code: 2, stderr: message });
  });

  it("schema writing to a closed stdout", async () => {
    const r = await runClosingStdout(["schema", "--model", SAMPLE_MODEL], "at once");
    expect(r).toEqual({ code: 2, stderr: message });
  });
});

describe("model modules and options", () => {
  it("--export picks a model; a Validator export keeps its options; --extra-fields overrides them", async () => {
    const mod = writeModelModule(dir, "models.js", `
export const Item = model("Item", { sku: t.string("required,min=3") });
export const Strict = new Validator(Item, { extraFields: "forbid" });
export const notAModel = 42;`);
    const path = tmp("items.ndjson");
    writeFileSync(path, '{"sku":"abc","color":"red"}\n{"sku":"ab"}\n');
    const item = await runCli(["validate", "--model", mod, "--export", "Item", path, "--json"]);
    expect(JSON.parse(item.stdout)).toMatchObject({ model: "Item", records: 2, accepted: 1, errorsByCode: { MIN_LENGTH: 1 } });
    const strict = await runCli(["validate", "--model", mod, "--export", "Strict", path, "--json"]);
    expect(JSON.parse(strict.stdout)).toMatchObject({ accepted: 0, errorsByCode: { EXTRA_FIELD: 1, MIN_LENGTH: 1 } });
    const flag = await runCli(["validate", "--model", mod, "-e", "Item", "--extra-fields", "forbid", path, "--json"]);
    expect(JSON.parse(flag.stdout)).toMatchObject({ accepted: 0, errorsByCode: { EXTRA_FIELD: 1 } });
  });

  it("--model takes a path relative to the working directory, an absolute path or a file: URL (in worker threads too)", async () => {
    const url = pathToFileURL(SAMPLE_MODEL).href;
    for (const model of ["data/user-model.js", SAMPLE_MODEL, url]) {
      for (const workers of ["1", "2"]) {
        const r = await runCli(["validate", "--model", model, "--workers", workers, SAMPLE, "--json"]);
        expect(r.code, `${model} ${workers}`).toBe(1);
        expect(JSON.parse(r.stdout), model).toMatchObject({ model: "User", records: sampleLines.length, rejected: rejected.length });
      }
    }
    const schema = await runCli(["schema", "--model", url]);
    expect(schema.code).toBe(0);
    expect(schema.stdout).toBe(new TextDecoder().decode(schemaJSON(User)) + "\n");
  });

  it("the default export is used without --export; --no-strict-missing-fields", async () => {
    const mod = writeModelModule(dir, "default.js", `export default model("Point", { x: t.int(), y: t.int() });`);
    const path = tmp("points.ndjson");
    writeFileSync(path, '{"x":1,"y":2}\n{"x":1}\n');
    const strict = await runCli(["validate", "--model", mod, path, "--json"]);
    expect(JSON.parse(strict.stdout)).toMatchObject({ model: "Point", accepted: 1, errorsByCode: { MISSING_FIELD: 1 } });
    const lax = await runCli(["validate", "--model", mod, path, "--no-strict-missing-fields"]);
    expect(lax.code).toBe(0);
  });
});

const nodeLoadsTypeScript = Boolean((process.features as { typescript?: unknown }).typescript);

describe("exit code 2: usage, model or I/O error, with a one-line message", () => {
  const cases: [string, () => Promise<string[]>, RegExp][] = [
    ["no --model", async () => ["validate", SAMPLE], /^checker: required option '-m, --model <module>' not specified$/],
    ["an unknown option", async () => ["validate", "--model", SAMPLE_MODEL, "--bogus", SAMPLE], /^checker: unknown option '--bogus'$/],
    ["a bad --extra-fields", async () => ["validate", "--model", SAMPLE_MODEL, "--extra-fields", "drop", SAMPLE], /^checker: option '--extra-fields <mode>' argument 'drop' is invalid/],
    ["an unknown command", async () => ["check"], /^checker: unknown command 'check' \(Did you mean schema\?\)$/],
    ["a missing input file", async () => ["validate", "--model", SAMPLE_MODEL, join(dir, "nope.ndjson")], /^checker: cannot read .*nope\.ndjson: ENOENT/],
    ["a directory as input", async () => ["validate", "--model", SAMPLE_MODEL, dir], /^checker: cannot read .*: EISDIR/],
    ["a missing model module", async () => ["validate", "--model", join(dir, "none.js"), SAMPLE], /^checker: cannot load model module (\S*)none\.js: Cannot find module '\1none\.js'$/],
    ["a model module that throws", async () => ["validate", "--model", writeModelModule(dir, "throws.js", "throw new Error('boom');"), SAMPLE], /^checker: cannot load model module .*throws\.js: boom$/],
    ["a missing export", async () => ["validate", "--model", SAMPLE_MODEL, "--export", "Admin", SAMPLE], /^checker: .*user-model\.js has no export Admin \(models: User\)$/],
    ["several models and no --export", async () => ["validate", "--model", writeModelModule(dir, "two.js", "export const A = model('A', {}); export const B = model('B', {});"), SAMPLE], /^checker: .*two\.js exports several models \(A, B\): choose one with --export$/],
    ["a model mistake (ModelError)", async () => ["validate", "--model", writeModelModule(dir, "bad-tag.js", "export const Bad = model('Bad', { n: t.int('min=abc') });"), SAMPLE], /^checker: model Bad: /],
    ["an unwritable rejects file", async () => ["validate", "--model", SAMPLE_MODEL, "--rejects", join(dir, "no/such/dir.ndjson"), SAMPLE], /^checker: cannot write rejects file .*: ENOENT/],
    ["--lines with --document", async () => ["validate", "--model", SAMPLE_MODEL, "--lines", "--document", SAMPLE], /^checker: --lines and --document cannot be used together$/],
    // (a Node that strips types itself, process.features.typescript, loads it)
    ...(nodeLoadsTypeScript ? [] : [["a TypeScript model module, which Node cannot load by itself (the message said only 'Unknown file extension')", async () => ["validate", "--model", writeModelModule(dir, "models.ts", "export const User = model('User', { id: t.int() });"), SAMPLE],
      /^checker: cannot load model module .*models\.ts: Unknown file extension "\.ts" for .*models\.ts \(a TypeScript module: compile it to JavaScript, or run Node with a TypeScript loader, NODE_OPTIONS="--import tsx"\)$/]] as [string, () => Promise<string[]>, RegExp][]),
    ["a model module that throws a string", async () => ["validate", "--model", writeModelModule(dir, "throws-string.js", "throw 'x';"), SAMPLE], /^checker: cannot load model module .*throws-string\.js: x$/],
    ["a model module that throws null", async () => ["validate", "--model", writeModelModule(dir, "throws-null.js", "throw null;"), SAMPLE], /^checker: cannot load model module .*throws-null\.js: null$/],
    ["a model module whose top-level await never settles", async () => ["validate", "--model", writeModelModule(dir, "hangs.js", "await new Promise(() => {});"), SAMPLE], /^checker: cannot load model module .*hangs\.js: its top-level await never finished$/],
    ["schema of a model module whose top-level await never settles", async () => ["schema", "--model", writeModelModule(dir, "hangs-schema.js", "await new Promise(() => {});")], /^checker: cannot load model module .*hangs-schema\.js: its top-level await never finished$/],
    ["no command", async () => [], /^checker: missing command: validate or schema \(checker --help lists their options\)$/],
    ["a model module that throws in one of the worker threads (the other one is stopped too)", async () => ["validate", "--workers", "2", "--model", writeModelModule(dir, "throws-in-worker.js",
      "import { threadId } from 'node:worker_threads'; if (threadId === 2) throw new Error('worker 2 fails'); export const User = model('User', { id: t.int() });"), SAMPLE],
      /^checker: cannot load model module .*throws-in-worker\.js: worker 2 fails$/],
    ["a model module whose top-level await never settles in the worker threads", async () => ["validate", "--workers", "2", "--model", writeModelModule(dir, "hangs-in-worker.js",
      "import { isMainThread } from 'node:worker_threads'; if (!isMainThread) await new Promise(() => {}); export const User = model('User', { id: t.int() });"), SAMPLE],
      /^checker: cannot load model module .*hangs-in-worker\.js: its top-level await never finished$/],
    ["--marshal without --out", async () => ["validate", "--model", SAMPLE_MODEL, "--marshal", SAMPLE], /^checker: --marshal needs --out \(it re-encodes the records --out writes\)$/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const r = await runCli(await args());
      expect(r.code).toBe(2);
      expect(r.stderr.endsWith("\n") && r.stderr.split("\n").length === 2, r.stderr).toBe(true);
      expect(r.stderr.trimEnd()).toMatch(message);
      expect(r.stdout).toBe("");
    });
  }

  it("--help and --version exit 0", async () => {
    const help = await runCli(["validate", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: checker validate [options] <input>");
    expect(help.stdout).toContain("--rejects <file>");
    const version = await runCli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  });
});

describe("optional dependencies", () => {
  it("without node_modules the library loads and the CLI says what it needs (exit 2)", () => {
    const bare = join(dir, "bare");
    for (const p of ["dist", "build", "package.json"]) cpSync(join(ROOT, p), join(bare, p), { recursive: true });
    const lib = execFileSync(process.execPath, ["--input-type=module", "-e",
      `import { model, t, unmarshal } from ${JSON.stringify(join(bare, "dist/index.js"))}; console.log(JSON.stringify(unmarshal(model("A", { n: t.int() }), '{"n":1}')));`], { encoding: "utf8" });
    expect(lib.trim()).toBe('{"n":1}');
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [join(bare, "dist/cli/main.js"), "validate", "--model", SAMPLE_MODEL, SAMPLE], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      failure = e as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr).toBe("checker: the checker CLI needs its optional dependency commander: npm install commander\n");
  });
});

describe("checker schema", () => {
  const dec = new TextDecoder();
  it("prints the model's JSON Schema, or with --openapi its OpenAPI schema", async () => {
    const r = await runCli(["schema", "--model", SAMPLE_MODEL]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(dec.decode(schemaJSON(User)) + "\n");
    const o = await runCli(["schema", "--model", SAMPLE_MODEL, "--openapi"]);
    expect(o.stdout).toBe(dec.decode(schemaJSONOpenAPI(User)) + "\n");
  });

  it("prints a union's schema (oneOf its variants)", async () => {
    const mod = writeModelModule(dir, "union.js", `
export const Pet = new UnionValidator({ discriminator: "kind", variants: { cat: model("Cat", { lives: t.int() }), dog: model("Dog", { bark: t.string() }) } });`);
    const r = await runCli(["schema", "--model", mod]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).oneOf).toHaveLength(2);
  });
});
