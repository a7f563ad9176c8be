// `checker validate` with a UnionValidator export (a discriminated union): each record is read as
// the variant its discriminator names, in every mode a model has (NDJSON from a file or stdin,
// one document, --rejects, --out, --marshal, the summary, worker threads, the progress bar).
// Until then the CLI refused a union with exit 2 ("validate reads records of a model or a
// Validator"), although `checker schema` took one.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, CLI, ROOT, runCli, writeModelModule } from "./support/cli-run.js";

let dir: string;
let events: string;
const tmp = (name: string) => join(dir, name);
const readLines = (path: string) => readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
const untimed = (summary: string) => summary.replace(/\n[\d,]+ records? \(.*\n$/, "\n"); // (the last line says how fast)

// Note has a field of the discriminator's name: its value is the discriminator's
const MODELS = `
export const Click = model("Click", { x: t.int("min=0"), y: t.int("min=0"), button: t.string("default=left,oneof=left right") });
export const View = model("View", { page: t.string("required,min=1"), ref: t.ptr(t.string(), "url") });
export const Note = model("Note", { kind: t.string(), text: t.string("required") });
export const Events = new UnionValidator({ discriminator: "kind", variants: { click: Click, view: View, note: Note } });`;

/** Every kind of record: accepted ones of each variant, and each way a union rejects one. */
const LINES = [
  '{"kind":"click","x":1,"y":2}',
  '{"kind":"view","page":"home","ref":null}\r', // (a CRLF line end)
  "",
  '{"kind":"scroll","x":1}',
  '{"x":1,"y":2}',
  '{"kind":"click","x":-1,"y":2,"button":"middle"}',
  '{"kind":"view","page":',
  '{"kind":"view","page":5}',
  '{"kind":"note","text":"hi"}',
  '{"kind":"CLICK","x":1}',
  "[]",
  '{"kind":"view","page":"","ref":"nope"}',
];
const TEXT = LINES.join("\n") + "\n";

const oneOf = "must be one of: click, view, note";
/** The rejects file of TEXT, line by line. */
const REJECTS = [
  { line: 4, record: { kind: "scroll", x: 1 }, errors: [{ field: "kind", code: "INVALID_DISCRIMINATOR", message: oneOf, value: "scroll" }] },
  { line: 5, record: { x: 1, y: 2 }, errors: [{ field: "kind", code: "REQUIRED", message: "field is required", value: null }] },
  { line: 6, record: { kind: "click", x: -1, y: 2, button: "middle" }, errors: [
    { field: "x", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
    { field: "button", code: "INVALID_ENUM", message: "must be one of: left, right", value: "middle" },
  ] },
  // (its offset counts from the start of the input: 180 bytes before the end of line 7)
  { line: 7, record: '{"kind":"view","page":', errors: [{ field: "", code: "INVALID_JSON", message: "unexpected end of JSON input at offset 180 (line 7, column 23)", value: null }] },
  { line: 8, record: { kind: "view", page: 5 }, errors: [{ field: "page", code: "INVALID_TYPE", message: "cannot unmarshal number into field page of type string", value: null }] },
  { line: 10, record: { kind: "CLICK", x: 1 }, errors: [{ field: "kind", code: "INVALID_DISCRIMINATOR", message: oneOf, value: "CLICK" }] },
  { line: 11, record: [], errors: [{ field: "", code: "INVALID_TYPE", message: "cannot unmarshal array into the document of type Click | View | Note", value: null }] },
  { line: 12, record: { kind: "view", page: "", ref: "nope" }, errors: [
    { field: "page", code: "MIN_LENGTH", message: "must be at least 1 characters", value: "" },
    { field: "ref", code: "INVALID_URL", message: "must be a valid URL", value: "nope" },
  ] },
];

const SUMMARY_COUNTS = `records   11
accepted   3  (27.3%)
rejected   8  (72.7%)
accepted by variant:
  click  1
  view   1
  note   1
errors by code:
  INVALID_DISCRIMINATOR  2
  INVALID_TYPE           2
  INVALID_ENUM           1
  INVALID_JSON           1
  INVALID_URL            1
  MIN_LENGTH             1
  MIN_VALUE              1
  REQUIRED               1
first errors:
  line 4: kind: ${oneOf} [INVALID_DISCRIMINATOR]
  line 5: kind: field is required [REQUIRED]
  line 6: x: must be at least 0 [MIN_VALUE]
  line 6: button: must be one of: left, right [INVALID_ENUM]
  line 7: unexpected end of JSON input at offset 180 (line 7, column 23) [INVALID_JSON]
  line 8: page: cannot unmarshal number into field page of type string [INVALID_TYPE]
`;

const validateEvents = (input: string, ...args: string[]) => runCli(["validate", "--model", events, "--export", "Events", input, ...args]);

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-union-"));
  events = writeModelModule(dir, "events.js", MODELS);
  writeFileSync(tmp("events.ndjson"), TEXT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("checker validate with a UnionValidator export, NDJSON", () => {
  it("prints the summary (the union, accepted by variant, errors by code, first errors) and exits 1 for rejections", async () => {
    const path = tmp("events.ndjson");
    const r = await validateEvents(path);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\n11 records \(\d+ bytes\) in \d+ ms: [\d,]+ records\/s, [\d.]+ MB\/s\n$/);
    expect(untimed(r.stdout)).toBe(`${path}: NDJSON, union Click | View | Note by kind\n${SUMMARY_COUNTS}`);
  });

  it("--rejects has each rejected record with the union's errors, line numbers counting blank lines; --out the accepted lines as read", async () => {
    const r = await validateEvents(tmp("events.ndjson"), "--rejects", tmp("rejects.ndjson"), "--out", tmp("out.ndjson"));
    expect(r.code).toBe(1);
    expect(readLines(tmp("rejects.ndjson")).map((l) => JSON.parse(l))).toEqual(REJECTS);
    // the record is the line's own text, byte for byte; a malformed one a JSON string
    expect(readLines(tmp("rejects.ndjson"))[0]).toBe(`{"line":4,"record":${LINES[3]},"errors":[{"field":"kind","code":"INVALID_DISCRIMINATOR","message":"${oneOf}","value":"scroll"}]}`);
    expect(readLines(tmp("out.ndjson"))).toEqual([LINES[0], LINES[1].slice(0, -1), LINES[8]]);
  });

  it("--out --marshal writes each variant's marshal with the discriminator first, which reads back as the same variant", async () => {
    const out = tmp("marshaled.ndjson");
    const r = await validateEvents(tmp("events.ndjson"), "--out", out, "--marshal", "--exit-zero");
    expect(r.code).toBe(0);
    // (Click's default applied; Note's own kind field written once)
    expect(readLines(out)).toEqual([
      '{"kind":"click","x":1,"y":2,"button":"left"}',
      '{"kind":"view","page":"home","ref":null}',
      '{"kind":"note","text":"hi"}',
    ]);
    const again = await validateEvents(out, "--json");
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ records: 3, accepted: 3, acceptedByVariant: { click: 1, view: 1, note: 1 } });
  });

  it("--json: model names the variants' models, the discriminator and accepted by variant (every variant, in declaration order)", async () => {
    const r = await validateEvents(tmp("events.ndjson"), "--json");
    expect(r.code).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s)).toEqual(["input", "mode", "model", "discriminator", "records", "accepted", "rejected", "acceptedByVariant",
      "errorsByCode", "firstErrors", "bytes", "seconds", "recordsPerSecond"]);
    expect(s).toMatchObject({ mode: "ndjson", model: "Click | View | Note", discriminator: "kind", records: 11, accepted: 3, rejected: 8, bytes: Buffer.byteLength(TEXT) });
    expect(s.acceptedByVariant).toEqual({ click: 1, view: 1, note: 1 });
    expect(Object.keys(s.acceptedByVariant)).toEqual(["click", "view", "note"]);
    expect(s.errorsByCode).toEqual({ INVALID_DISCRIMINATOR: 2, INVALID_TYPE: 2, INVALID_ENUM: 1, INVALID_JSON: 1, INVALID_URL: 1, MIN_LENGTH: 1, MIN_VALUE: 1, REQUIRED: 1 });
    expect(s.firstErrors[0]).toEqual({ line: 4, errors: REJECTS[0].errors });
    // a variant no record names is counted 0
    const noClick = tmp("no-click.ndjson");
    writeFileSync(noClick, `${LINES[8]}\n`);
    const one = await validateEvents(noClick, "--json");
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).acceptedByVariant).toEqual({ click: 0, view: 0, note: 1 });
  });

  it("reads NDJSON from stdin (auto-detected), with the same rejects and summary", async () => {
    const s = await runCli(["validate", "--model", events, "--export", "Events", "-", "--rejects", tmp("stdin-rejects.ndjson")], { stdin: TEXT });
    expect(s.code).toBe(1);
    expect(untimed(s.stdout)).toBe(`stdin: NDJSON, union Click | View | Note by kind\n${SUMMARY_COUNTS}`);
    expect(readLines(tmp("stdin-rejects.ndjson")).map((l) => JSON.parse(l))).toEqual(REJECTS);
  });

  it("exits 0 when every record is accepted; --rejects - writes rejected records to stdout and the summary to stderr", async () => {
    const path = tmp("valid.ndjson");
    writeFileSync(path, [LINES[0], LINES[8], LINES[0]].join("\n"));
    const ok = await validateEvents(path);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("records   3\naccepted  3  (100.0%)\nrejected  0  (0.0%)\naccepted by variant:\n  click  2\n  view   0\n  note   1\n3 records (");
    expect(ok.stdout).not.toContain("errors by code");
    const toStdout = await validateEvents(tmp("events.ndjson"), "--rejects", "-");
    expect(toStdout.code).toBe(1);
    expect(toStdout.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))).toEqual(REJECTS);
    expect(toStdout.stderr).toContain("union Click | View | Note by kind");
  });

  it("--lines reads NDJSON from a .json file", async () => {
    const path = tmp("events-as.json");
    writeFileSync(path, TEXT);
    const r = await validateEvents(path, "--lines", "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 11, accepted: 3 });
  });
});

describe("checker validate with a UnionValidator export, one JSON document", () => {
  const pretty = (o: unknown) => JSON.stringify(o, null, 2) + "\n";

  it("a pretty-printed document is one record, read as its variant: --out writes it on one line, --marshal as the variant", async () => {
    const path = tmp("click.json");
    writeFileSync(path, pretty({ kind: "click", x: 3, y: 4 }));
    const r = await validateEvents(path, "--out", tmp("click-out.ndjson"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${path}: one JSON document, union Click | View | Note by kind\nrecords   1\naccepted  1  (100.0%)\nrejected  0  (0.0%)\naccepted by variant:\n  click  1\n  view   0\n  note   0\n1 record (`);
    expect(readFileSync(tmp("click-out.ndjson"), "utf8")).toBe('{"kind":"click","x":3,"y":4}\n');
    const m = await validateEvents(path, "--out", tmp("click-marshal.ndjson"), "--marshal");
    expect(m.code).toBe(0);
    expect(readFileSync(tmp("click-marshal.ndjson"), "utf8")).toBe('{"kind":"click","x":3,"y":4,"button":"left"}\n');
  });

  it("a document from stdin naming no variant: exit 1, INVALID_DISCRIMINATOR at line 1 of the rejects file", async () => {
    const text = pretty({ kind: "scroll", x: 1 });
    const r = await runCli(["validate", "--model", events, "--export", "Events", "-", "--rejects", tmp("doc-rejects.ndjson")], { stdin: text });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`first errors:\n  document: kind: ${oneOf} [INVALID_DISCRIMINATOR]\n`);
    expect(readLines(tmp("doc-rejects.ndjson")).map((l) => JSON.parse(l))).toEqual([{ ...REJECTS[0], line: 1 }]);
  });

  it("a document with a variant's field errors, and a malformed document (INVALID_JSON, its text as a JSON string)", async () => {
    const path = tmp("bad-view.json");
    writeFileSync(path, pretty({ kind: "view", page: "", ref: "nope" }));
    const r = await validateEvents(path, "--rejects", tmp("bad-view-rejects.ndjson"));
    expect(r.code).toBe(1);
    expect(readLines(tmp("bad-view-rejects.ndjson")).map((l) => JSON.parse(l))).toEqual([{ ...REJECTS[7], line: 1 }]);
    const cut = '{\n  "kind": "view",\n  "page": ';
    const m = await runCli(["validate", "--model", events, "--export", "Events", "-", "--rejects", tmp("cut-rejects.ndjson"), "--json"], { stdin: cut });
    expect(m.code).toBe(1);
    expect(JSON.parse(m.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1, errorsByCode: { INVALID_JSON: 1 }, acceptedByVariant: { click: 0, view: 0, note: 0 } });
    expect(readLines(tmp("cut-rejects.ndjson")).map((l) => JSON.parse(l))).toEqual([
      { line: 1, record: cut, errors: [{ field: "", code: "INVALID_JSON", message: "unexpected end of JSON input at offset 30 (line 3, column 11)", value: null }] },
    ]);
  });
});

describe("a union's options", () => {
  it("a UnionValidator export keeps its options; --extra-fields, --no-strict-missing-fields and --max-errors override them; the discriminator is never an unknown key", async () => {
    const mod = writeModelModule(dir, "strict-union.js", `
const Click = model("Click", { x: t.int("min=0"), y: t.int("min=0") });
export default new UnionValidator({ discriminator: "kind", variants: { click: Click } }, { extraFields: "forbid" });`);
    const path = tmp("extra.ndjson");
    writeFileSync(path, '{"kind":"click","x":1,"y":2,"z":3}\n{"kind":"click"}\n{"kind":"click","x":-1,"y":-1}\n');
    const own = await runCli(["validate", "--model", mod, path, "--rejects", tmp("extra-rejects.ndjson")]);
    expect(own.code).toBe(1);
    expect(readLines(tmp("extra-rejects.ndjson")).map((l) => JSON.parse(l).errors)).toEqual([
      [{ field: "z", code: "EXTRA_FIELD", message: "unknown field in JSON", value: 3 }],
      [
        { field: "x", code: "MISSING_FIELD", message: "x field is missing and has no default", value: null },
        { field: "y", code: "MISSING_FIELD", message: "y field is missing and has no default", value: null },
      ],
      [
        { field: "x", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
        { field: "y", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
      ],
    ]);
    const flags = await runCli(["validate", "--model", mod, path, "--extra-fields", "ignore", "--no-strict-missing-fields", "--max-errors", "1", "--rejects", tmp("flag-rejects.ndjson")]);
    expect(flags.code).toBe(1);
    expect(readLines(tmp("flag-rejects.ndjson")).map((l) => JSON.parse(l))).toEqual([{
      line: 3,
      record: { kind: "click", x: -1, y: -1 },
      errors: [
        { field: "x", code: "MIN_VALUE", message: "must be at least 0", value: -1 },
        { field: "", code: "TOO_MANY_ERRORS", message: "too many errors: stopped after 1", value: null },
      ],
    }]);
  });
});

describe("summary shape and errors", () => {
  it("a model's summary is as before: no accepted by variant, no discriminator", async () => {
    const path = tmp("clicks.ndjson");
    writeFileSync(path, '{"x":1,"y":2}\n');
    const text = await validateEvents(path, "--export", "Click");
    expect(text.code).toBe(0);
    expect(untimed(text.stdout)).toBe(`${path}: NDJSON, model Click\nrecords   1\naccepted  1  (100.0%)\nrejected  0  (0.0%)\n`);
    const json = await validateEvents(path, "--export", "Click", "--json");
    expect(Object.keys(JSON.parse(json.stdout))).toEqual(["input", "mode", "model", "records", "accepted", "rejected", "errorsByCode", "firstErrors", "bytes", "seconds", "recordsPerSecond"]);
  });

  it("a command-line option a variant cannot take is exit 2 with one line naming the model", async () => {
    const r = await validateEvents(tmp("events.ndjson"), "--extra-fields", "allow");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('checker: model Click: ExtraAllow needs an extras field: model Click has no t.extras() field (map[string]any with json:"-" and extra_fields)\n');
  });
});

describe("a union of another copy of checker", () => {
  it("a CommonJS model module (require of the package's CommonJS build) exporting a union is read as one, in worker threads too (it was 'not a checker model, Validator or UnionValidator', where a Validator of that build was taken)", async () => {
    const mod = tmp("events.cjs");
    writeFileSync(mod, `"use strict";\nconst { model, t, UnionValidator } = require(${JSON.stringify(join(ROOT, "dist/cjs/index.js"))});\n${MODELS.replace(/export const (\w+)/g, "const $1 = exports.$1")}\n`);
    for (const workers of ["1", "2"]) {
      const r = await runCli(["validate", "--model", mod, "--export", "Events", tmp("events.ndjson"), "--workers", workers, "--rejects", tmp(`cjs-rejects-${workers}.ndjson`)]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(1);
      expect(untimed(r.stdout)).toBe(`${tmp("events.ndjson")}: NDJSON, union Click | View | Note by kind\n${SUMMARY_COUNTS}`);
      expect(readLines(tmp(`cjs-rejects-${workers}.ndjson`)).map((l) => JSON.parse(l))).toEqual(REJECTS);
    }
    const schema = await runCli(["schema", "--model", mod, "--export", "Events"]);
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout).discriminator.propertyName).toBe("kind");
  });
});

describe("worker threads and the progress bar", () => {
  /** TEXT repeated: `copies` x 12 lines, in several of the workers' batches. */
  const repeated = (copies: number) => Array.from({ length: copies }, () => TEXT).join("");

  it("--workers 2 gives the same rejects file, --out file and summary as one thread, errors placed in the whole input", async () => {
    const copies = 6_000; // 1.8 MB: several read buffers, so several batches
    const path = tmp("many.ndjson");
    writeFileSync(path, repeated(copies));
    const run = (workers: string) => validateEvents(path, "--workers", workers, "--rejects", tmp(`many-rejects-${workers}.ndjson`), "--out", tmp(`many-out-${workers}.ndjson`), "--marshal");
    const [one, two] = [await run("1"), await run("2")];
    expect([one.code, two.code]).toEqual([1, 1]);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(two.stdout).toContain("records   66,000\naccepted  18,000  (27.3%)\nrejected  48,000  (72.7%)\naccepted by variant:\n  click  6,000\n  view   6,000\n  note   6,000\n");
    expect(readFileSync(tmp("many-rejects-2.ndjson"), "utf8")).toBe(readFileSync(tmp("many-rejects-1.ndjson"), "utf8"));
    expect(readFileSync(tmp("many-out-2.ndjson"), "utf8")).toBe(readFileSync(tmp("many-out-1.ndjson"), "utf8"));
    // the last copy's malformed line: its own line number and offset in the whole file
    const rejects = readLines(tmp("many-rejects-2.ndjson")).map((l) => JSON.parse(l));
    const last = rejects.filter((x) => x.errors[0].code === "INVALID_JSON").pop();
    const before = (copies - 1) * Buffer.byteLength(TEXT);
    expect(last).toEqual({ ...REJECTS[3], line: (copies - 1) * 12 + 7, errors: [{ ...REJECTS[3].errors[0], message: `unexpected end of JSON input at offset ${before + 180} (line ${(copies - 1) * 12 + 7}, column 23)` }] });
  });

  it("over 4 MB: every core by default (workers auto), and the progress bar on a terminal", async () => {
    const copies = 15_000; // 4.5 MB
    const path = tmp("big.ndjson");
    writeFileSync(path, repeated(copies));
    const r = await validateEvents(path, "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ records: 11 * copies, accepted: 3 * copies, acceptedByVariant: { click: copies, view: copies, note: copies } });
    let hasScript = true;
    try {
      execFileSync("script", ["--version"], { stdio: "ignore" });
    } catch {
      hasScript = false;
    }
    if (!hasScript) return;
    const cmd = [process.execPath, CLI, "validate", "--model", events, "--export", "Events", path, "--exit-zero"].map((a) => `'${a}'`).join(" ");
    const out = execFileSync("script", ["-qfec", cmd, "/dev/null"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, COLUMNS: "120" } });
    expect(out).toMatch(/\d+% \| [\d.]+\/4\.\d MB \| [\d,]+ records \| eta/);
    expect(out).toContain(`records   ${(11 * copies).toLocaleString("en-US")}`);
  });
});

describe("--help", () => {
  it("says validate takes a UnionValidator", async () => {
    const help = await runCli(["validate", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("a Validator or a UnionValidator (each record is read as the variant its discriminator names)");
  });
});
