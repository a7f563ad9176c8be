// `checker validate` reading one JSON document (README "Command line"): every outcome compared
// with safeUnmarshal (or a union's) run in-process over the same text, from a file, a pipe and
// stdin redirected from the file, whose outputs must agree byte for byte; how a document is told
// from NDJSON; what --rejects holds for a malformed document (it was where the parser stopped
// reading, 256 KiB from a file and what a pipe gave: two records for one input) and the memory
// that costs (the document was concatenated whole, then decoded: 1.5 GB for a 100 MB document);
// Ctrl-C while a document's record is written (the record was cut short); a document file that
// grows while it is validated (--out wrote the bytes added on the document's line); exit code 2;
// `checker schema`.

import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpErrorBody, JsonSyntaxError, marshal, safeUnmarshal, schemaJSON, schemaJSONOpenAPI, unmarshal, type FieldError } from "../dist/index.js";
import { lineOfError } from "../dist/cli/validate.js";
import { User } from "../data/user-model.js";
import { assertBuilt, CLI, runCli, SAMPLE, SAMPLE_MODEL, statsOf, writeModelModule } from "./support/cli-run.js";
import { interruptMidWrite, pausedFifoReader, waitForBlockedWrite } from "./support/wait.js";

const MB = 1024 * 1024;
const [L1, L2] = readFileSync(SAMPLE, "utf8").split("\n"); // both accepted
const user = JSON.parse(L1) as Record<string, unknown>;
const pretty = (o: unknown): string => JSON.stringify(o, null, 2);

let dir: string;
let usersModel: string;
let unionModel: string;
const tmp = (name: string) => join(dir, name);

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-document-"));
  usersModel = writeModelModule(dir, "users.js", `import { User } from ${JSON.stringify(pathToFileURL(SAMPLE_MODEL).href)};
export default model("Users", { users: t.slice(User), owner: t.ptr(User) });`);
  unionModel = writeModelModule(dir, "events.js", `
export const Events = new UnionValidator({ discriminator: "kind", variants: {
  click: model("Click", { x: t.int("min=0"), y: t.int("min=0") }),
  view: model("View", { page: t.string("required,min=1"), ref: t.ptr(t.string(), "url") }),
} });`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  readonly code: number | null;
  readonly stderr: string;
  /** The --json summary, its timing left out. */
  readonly summary: Record<string, unknown>;
  readonly rejects: string;
  readonly out: string;
}

/**
 * Validate `text` with --json, --rejects and --out from a .json file, from stdin (a pipe) and from
 * stdin redirected from the file (`< file`: its size known, but not read again); expect the same
 * outcome from the three, and return it.
 */
async function validateEveryWay(text: string | Buffer, modelPath: string, ...args: string[]): Promise<Outcome> {
  const file = tmp("input.json");
  writeFileSync(file, text);
  const outcomes: Outcome[] = [];
  for (const [input, stdin] of [[file, {}], ["-", { stdin: text }], ["-", { stdinFile: file }]] as const) {
    const rejects = tmp("rejects.ndjson");
    const out = tmp("out.ndjson");
    const r = await runCli(["validate", "--model", modelPath, "--json", "--rejects", rejects, "--out", out, ...args, input], stdin);
    const { input: _, seconds: _s, recordsPerSecond: _r, ...summary } = JSON.parse(r.stdout === "" ? "{}" : r.stdout) as Record<string, unknown>;
    outcomes.push({ code: r.code, stderr: r.stderr, summary, rejects: readFileSync(rejects, "utf8"), out: readFileSync(out, "utf8") });
  }
  expect(outcomes[1]).toEqual(outcomes[0]);
  expect(outcomes[2]).toEqual(outcomes[0]);
  return outcomes[0];
}

type Check = (text: Buffer) => { ok: true } | { ok: false; error: unknown };

/** The text of a malformed document up to the end of the line of byte `at`, at most 64 KiB past it (validate.ts's rule, written again). */
function throughLineOf(text: Buffer, at: number): string {
  let end = text.indexOf(0x0a, at);
  if (end < 0) end = text.length;
  end = Math.min(end, at + 64 * 1024);
  if (text[end] === 0x0a && text[end - 1] === 0x0d) end--;
  return text.subarray(0, end).toString("utf8");
}

/** What the CLI must give for one document, from the library's own verdict on its text. */
function expected(check: Check, text: Buffer, name: string): Omit<Outcome, "stderr"> {
  const r = check(text);
  const details: FieldError[] = r.ok ? [] : httpErrorBody(r.error).details;
  const byCode: Record<string, number> = {};
  for (const e of details) byCode[e.code] = (byCode[e.code] ?? 0) + 1;
  // (whitespace between tokens dropped, the text kept: 1e400 stays 1e400)
  const compact = (): string => text.toString("utf8").replace(/("(?:[^"\\]|\\.)*")|[ \t\r\n]+/g, (_, string?: string) => string ?? "");
  const syntax = r.ok || !(r.error instanceof JsonSyntaxError) ? undefined : r.error;
  const record = r.ok ? undefined : syntax ? JSON.stringify(throughLineOf(text, syntax.offset)) : compact();
  return {
    code: r.ok ? 0 : 1,
    summary: {
      mode: "document", model: name, records: 1, accepted: r.ok ? 1 : 0, rejected: r.ok ? 0 : 1, errorsByCode: byCode,
      firstErrors: r.ok ? [] : [{ line: 1, errors: details.slice(0, 3), ...(details.length > 3 ? { moreErrors: details.length - 3 } : {}) }],
      // (a malformed document's: up to its syntax error, where the parser stopped)
      bytes: syntax ? syntax.offset : text.length,
    },
    rejects: r.ok ? "" : `{"line":1,"record":${record},"errors":${JSON.stringify(details)}}\n`,
    out: r.ok ? `${compact()}\n` : "",
  };
}

const userCheck: Check = (text) => safeUnmarshal(User, text);

describe("one document, as safeUnmarshal reads it in-process", () => {
  const bad = { ...user, id: 0, name: "A", email: "x", age: 200 }; // 4 errors: 3 shown, moreErrors 1
  const cases: [string, string | Buffer][] = [
    ["a valid pretty-printed document", `${pretty(user)}\n`],
    ["a valid document on one line", `${L1}\n`],
    ["a valid document, CRLF line ends", `${pretty(user).replace(/\n/g, "\r\n")}\r\n`],
    ["a valid document after blank lines and indentation", `\n\n   \t${pretty(user)}\n\n`],
    ["four field errors (the summary shows 3)", pretty(bad)],
    ["an unknown key and a duplicate tag", pretty({ ...user, extra: 1, tags: ["a", "a"] })],
    ["an empty object", "{\n}\n"],
    ["a top-level array of records (README: an input starting with [ is one document)", `[\n${L1},\n${L2}\n]\n`],
    ["null", "null\n"],
    ["a number", "  42  "],
    ["a type error, then well-formed JSON", pretty({ ...user, name: 5 })],
    ["a repeated key", '{\n"id": 1,\n"id": "x"\n}'],
    ["a number too large for an int", `{\n"id": 1e400,\n"name": "Ada"\n}`],
    ["trailing data after the document", `${pretty(user)}\ngarbage\nmore\n`],
    ["trailing data, CRLF line ends", `${pretty(user)}\r\ngarbage\r\nmore\r\n`],
    ["a second document on the same line", `${L1} ${L2}\n`],
    ["a second pretty-printed document", `${pretty(user)}\n${pretty(user)}\n`],
    ["a document cut short", pretty(user).slice(0, 60)],
    ["a type error before a syntax error", '{"name": 5 "x"}'],
    ["a syntax error after multibyte text (offsets and bytes in UTF-8 bytes)", '{\n"name": "é€😀 x",\n"id": 1 2,\n"more": 3\n}\n'],
    ["a trailing comma", '{\n"id": 1,\n}\n'],
    ["NaN", '{\n"id": NaN\n}\n'],
    ["nesting deeper than maxDepth", `${"[".repeat(1001)}${"]".repeat(1001)}`],
    ["invalid UTF-8 in a string (README: a syntax error)", Buffer.concat([Buffer.from('{\n"name": "a'), Buffer.from([0xff]), Buffer.from('b"\n}\n')])],
  ];
  for (const [what, text] of cases) {
    it(`${what}: the same verdict, errors, counts, --rejects and --out, from a file, a pipe and < file`, async () => {
      const bytes = Buffer.from(text);
      const r = await validateEveryWay(bytes, SAMPLE_MODEL, "--document");
      expect(r.stderr).toBe("");
      expect({ ...r, stderr: undefined }).toEqual({ ...expected(userCheck, bytes, "User"), stderr: undefined });
    });
  }

  it("a leading UTF-8 byte order mark is skipped (README), so the verdict is safeUnmarshal's of the text after it; offsets count from there", async () => {
    for (const text of [`${pretty(user)}\n`, `${pretty(user)}\ngarbage\n`, pretty(bad)]) {
      const bytes = Buffer.from(text);
      const r = await validateEveryWay(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]), SAMPLE_MODEL);
      const want = expected(userCheck, bytes, "User");
      expect(r).toMatchObject({ ...want, summary: { ...want.summary, bytes: (want.summary.bytes as number) + 3 } });
    }
  });

  const usersCheck = async (): Promise<Check> => {
    const m = await import(pathToFileURL(usersModel).href) as { default: Parameters<typeof safeUnmarshal>[0] };
    return (text) => safeUnmarshal(m.default, text);
  };
  const nested: [string, unknown][] = [
    ["valid", { users: [user, JSON.parse(L2)], owner: user }],
    ["field errors at nested paths", { users: [user, { ...user, age: -1, tags: ["a", "a"] }], owner: { ...user, email: "nope" } }],
    ["a type error at a nested path", { users: [user, { ...user, id: "7" }], owner: null }],
    ["a missing field at a nested path", { users: [{ id: 1 }] }],
  ];
  for (const [what, doc] of nested) {
    it(`a model with nested records, ${what}: errors with their paths, as safeUnmarshal gives them`, async () => {
      const bytes = Buffer.from(`${pretty(doc)}\n`);
      const r = await validateEveryWay(bytes, usersModel);
      expect({ ...r, stderr: "" }).toEqual({ ...expected(await usersCheck(), bytes, "Users"), stderr: "" });
    });
  }

  const unionDocs: [string, string][] = [
    ["a variant, valid", pretty({ kind: "click", x: 1, y: 2 })],
    ["a variant's field errors", pretty({ kind: "view", page: "", ref: "nope" })],
    ["no variant named", pretty({ kind: "scroll", x: 1 })],
    ["no discriminator", pretty({ x: 1 })],
    ["a variant's type error", pretty({ kind: "view", page: 5 })],
    ["malformed", '{\n  "kind": "view",\n  "page": '],
  ];
  for (const [what, text] of unionDocs) {
    it(`a UnionValidator, ${what}: as its safeUnmarshal reads the text`, async () => {
      const m = await import(pathToFileURL(unionModel).href) as { Events: { safeUnmarshal: Check } };
      const bytes = Buffer.from(text);
      const r = await validateEveryWay(bytes, unionModel);
      const want = expected(m.Events.safeUnmarshal, bytes, "Click | View");
      expect(r).toMatchObject({ ...want, summary: { ...want.summary, discriminator: "kind" } });
      const variant = (JSON.parse(r.out || "{}") as { kind?: string }).kind;
      expect(r.summary.acceptedByVariant).toEqual({ click: variant === "click" ? 1 : 0, view: variant === "view" ? 1 : 0 });
    });
  }

  it("the text summary names the document, not a line, and counts one record", async () => {
    const path = tmp("nested.json");
    writeFileSync(path, pretty({ users: [user, { ...user, id: 0, name: "A", email: "x", age: 200 }] }));
    const r = await runCli(["validate", "--model", usersModel, path]);
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n").slice(0, 13)).toEqual([
      `${path}: one JSON document, model Users`,
      "records   1",
      "accepted  0  (0.0%)",
      "rejected  1  (100.0%)",
      "errors by code:",
      "  INVALID_EMAIL  1",
      "  MAX_VALUE      1",
      "  MIN_LENGTH     1",
      "  MIN_VALUE      1",
      "first errors:",
      "  document: users[1].id: must be at least 1 [MIN_VALUE]",
      "  document: users[1].name: must be at least 2 characters [MIN_LENGTH]",
      "  document: users[1].email: must be a valid email address [INVALID_EMAIL]",
    ]);
    expect(r.stdout).toContain("\n  document: ... and 1 more errors\n1 record (");
  });
});

describe("one document or NDJSON (a .json file: detected)", () => {
  const cases: [string, string, string, number][] = [
    ["a pretty-printed object", `${pretty(user)}\n`, "document", 1],
    ["one line, one document", `${L1}\n`, "document", 1],
    ["one line, no newline", L1, "document", 1],
    ["a top-level array of records (one document, always a type error for a model)", `[${L1},\n${L2}]\n`, "document", 1],
    ["a document, then trailing data", `${pretty(user)}\ngarbage\n`, "document", 1],
    ["pretty-printed documents one after another (README: jq without -c)", `${pretty(user)}\n${pretty(user)}\n`, "document", 1],
    // README: NDJSON when the first line leaves no bracket open (so a garbled first line, as a
    // comment is in JSON); every line of the document after it is a record of its own
    ["a comment-looking first line, then a pretty-printed document (README: a garbled first line makes NDJSON)", `// users\n${pretty(user)}\n`, "ndjson", 13],
    ["two records, one a line", `${L1}\n${L2}\n`, "ndjson", 2],
    ["nothing (README: 0 records)", "", "ndjson", 0],
    ["only whitespace", " \n\t\n", "ndjson", 0],
  ];
  for (const [what, text, mode, records] of cases) {
    it(`${what}: ${mode}, ${records} records, from a file, a pipe and < file`, async () => {
      const r = await validateEveryWay(text, SAMPLE_MODEL);
      expect(r.summary).toMatchObject({ mode, records });
      expect(r.code).toBe(r.summary.rejected === 0 ? 0 : 1);
    });
  }

  it("--lines reads a pretty-printed document as NDJSON: a record a line, each malformed but the bare string", async () => {
    const text = `${pretty(user)}\n`;
    const r = await validateEveryWay(text, SAMPLE_MODEL, "--lines");
    expect(r.summary).toMatchObject({ mode: "ndjson", records: 12, accepted: 0, rejected: 12, errorsByCode: { INVALID_JSON: 11, INVALID_TYPE: 1 } });
    const first = JSON.parse(r.rejects.split("\n")[0]) as unknown;
    expect(first).toEqual({ line: 1, record: "{", errors: [{ field: "", code: "INVALID_JSON", message: "unexpected end of JSON input at offset 1 (line 1, column 2)", value: null }] });
  });

  it("--document on an empty input or one of whitespace: one rejected empty document", async () => {
    for (const text of ["", "  \n"]) {
      const r = await validateEveryWay(text, SAMPLE_MODEL, "--document");
      expect({ ...r, stderr: "" }).toEqual({ ...expected(userCheck, Buffer.from(text), "User"), stderr: "" });
    }
  });
});

describe("the record of a malformed document in --rejects", () => {
  // 1.6 MB, pretty-printed: read in several chunks, from a file (256 KiB) or a pipe (64 KiB)
  const big = (bad: string): string => pretty({ ...user, notes: Array.from({ length: 40_000 }, (_, i) => (i === 3 ? bad : `note ${i}`)) });

  it("is the text up to the end of the error's line: the same from a file and a pipe (it was where the reading stopped: 256 KiB, or 64 KiB)", async () => {
    const text = big("TAB").replace('"TAB"', '"tab\there"'); // a raw tab in a string: a syntax error on line 12
    const r = await validateEveryWay(text, SAMPLE_MODEL);
    expect(r.code).toBe(1);
    const [line] = r.rejects.split("\n");
    const record = (JSON.parse(line) as { record: string }).record;
    expect(record).toBe(text.slice(0, text.indexOf("\n", text.indexOf("tab\there"))));
    expect(record.endsWith('"note 2",\n    "tab\there",')).toBe(true);
  });

  it("goes no more than 64 KiB past the error on a long line; to the end of the line when it comes sooner", async () => {
    const line = JSON.stringify({ ...user, notes: Array.from({ length: 100_000 }, (_, i) => `note ${i}`) });
    const at = line.indexOf('"note 0"');
    for (const text of [line.slice(0, at) + "x" + line.slice(at + 1), `${line}}\n`]) {
      const r = await validateEveryWay(text, SAMPLE_MODEL);
      const record = (JSON.parse(r.rejects.split("\n")[0]) as { record: string }).record;
      const error = safeUnmarshal(User, text);
      const offset = (error.ok ? undefined : error.error as JsonSyntaxError)!.offset;
      expect(record).toBe(text.slice(0, Math.min(offset + 64 * 1024, text.replace(/\n$/, "").length)));
    }
  });

  it("lineOfError: the same text whatever the chunks (every split of short texts of CR, LF and letters)", async () => {
    const alphabet = ["a", "\r", "\n"];
    let compared = 0;
    for (let n = 0; n <= 5; n++) {
      for (let k = 0; k < alphabet.length ** n; k++) {
        const text = Buffer.from(Array.from({ length: n }, (_, i) => alphabet[Math.floor(k / alphabet.length ** i) % alphabet.length]).join(""));
        for (let at = 0; at <= n; at++) {
          const want = throughLineOf(text, at);
          for (let cuts = 0; cuts < 2 ** Math.max(0, n - 1); cuts++) {
            const chunks: Buffer[] = [];
            let from = 0;
            for (let i = 1; i < n; i++) if (cuts & (1 << (i - 1))) { chunks.push(text.subarray(from, i)); from = i; }
            chunks.push(text.subarray(from));
            const got: Buffer[] = [];
            for await (const c of lineOfError((async function* () { yield* chunks; })(), at)) got.push(Buffer.from(c));
            expect(Buffer.concat(got).toString("latin1"), JSON.stringify({ text: text.toString("latin1"), at, cuts })).toBe(want);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(27_061);
  });
});

describe("the memory --rejects costs for a large document (it was a second and a third copy of it: 1.5 GB for 100 MB)", () => {
  /** Peak RSS without --rejects and with it (a young generation of 2 MiB: its garbage is no copy). */
  async function peaks(path: string, modelPath: string): Promise<[number, number]> {
    const env = { CHECKER_CLI_STATS: "1", NODE_OPTIONS: "--max-semi-space-size=2" };
    const rejects = tmp("big-rejects.ndjson");
    const plain = await runCli(["validate", "--model", modelPath, path, "--json"], { env });
    const withRejects = await runCli(["validate", "--model", modelPath, path, "--json", "--rejects", rejects], { env });
    expect(plain.code).toBe(1);
    expect(withRejects.code).toBe(1);
    expect(JSON.parse(withRejects.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1 });
    expect(statSync(rejects).size).toBeGreaterThan(20e6);
    return [statsOf(plain.stderr).peakRss, statsOf(withRejects.stderr).peakRss];
  }

  it("24 MB rejected for a type error, and cut short: the record is written as the file is read again", async () => {
    const mod = writeModelModule(dir, "list.js", `export default model("List", { n: t.int(), items: t.slice(t.string()) });`);
    const items = Array.from({ length: 400_000 }, (_, i) => `item ${i} ${"x".repeat(42)}`);
    for (const [what, text] of [["a type error", pretty({ n: "x", items })], ["cut short", pretty({ n: 1, items }).slice(0, -3)]]) {
      const path = tmp("big.json");
      const fd = openSync(path, "w");
      writeSync(fd, text);
      closeSync(fd);
      const [a, b] = await peaks(path, mod);
      console.log(`24 MB document, ${what}: peak RSS ${(a / MB).toFixed(1)} MiB, with --rejects ${(b / MB).toFixed(1)} MiB`);
      expect(b - a, what).toBeLessThan(12 * MB); // (it was 67 MiB more for a type error, 121 MiB cut short)
    }
  });
});

describe("the memory an accepted large document costs (its value was built though only --marshal writes it)", () => {
  it("34 MB of records: its value is built for --marshal only, which writes the same records as one-shot", async () => {
    const users = Array.from({ length: 240_000 }, (_, i) => ({ ...user, id: i + 1, name: `user number ${i}`, email: `user${i}@example.com` }));
    const path = tmp("big-accepted.json");
    writeFileSync(path, JSON.stringify({ users, owner: null }, null, 1));
    const env = { CHECKER_CLI_STATS: "1", NODE_OPTIONS: "--max-semi-space-size=2" };
    const out = tmp("big-accepted.ndjson");
    const plain = await runCli(["validate", "--model", usersModel, path, "--json"], { env });
    const marshalled = await runCli(["validate", "--model", usersModel, path, "--json", "--out", out, "--marshal"], { env });
    for (const r of [plain, marshalled]) {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ mode: "document", records: 1, accepted: 1, rejected: 0 });
    }
    const m = await import(pathToFileURL(usersModel).href) as { default: Parameters<typeof safeUnmarshal>[0] };
    const value = unmarshal(m.default, readFileSync(path));
    expect(readFileSync(out, "utf8")).toBe(`${new TextDecoder().decode(marshal(m.default, value as never))}\n`);
    const [a, b] = [statsOf(plain.stderr).peakRss, statsOf(marshalled.stderr).peakRss];
    console.log(`34 MB document accepted: peak RSS ${(a / MB).toFixed(1)} MiB, with --out --marshal ${(b / MB).toFixed(1)} MiB`);
    // the bytes in WASM memory and little else (131 MiB on Node 20 here; 310 MiB with the text and
    // the value in the JS heap as well, as --marshal still needs them; 371 MiB before the stream
    // dropped its tape and grew its input in place)
    expect(a).toBeLessThan(180 * MB);
  });
});

describe("Ctrl-C while a document's record is written (README: a write under way completes first, so the files end at a whole record)", () => {
  // the record is written in pieces as the file is read again; the signal's listener waited only
  // for the piece in flight, so the process ended inside the record (the reader got a line cut
  // short, no "\n")
  const text = pretty({ ...user, notes: Array.from({ length: 40_000 }, (_, i) => `note ${i}`) }); // 1.6 MB
  const cases: [string, string, string, (written: string) => void][] = [
    ["--out, an accepted document", "--out", text, (w) => expect(w).toBe(`${JSON.stringify(JSON.parse(text))}\n`)],
    ["--rejects, a document rejected for a type error", "--rejects", text.replace('"age": 90', '"age": "90"'), (w) => {
      expect(w.endsWith("}\n")).toBe(true);
      expect(JSON.parse(w)).toMatchObject({ line: 1, record: { ...JSON.parse(text), age: "90" }, errors: [{ code: "INVALID_TYPE" }] });
    }],
    ["--rejects, a malformed document (its one long line)", "--rejects", `${JSON.stringify(JSON.parse(text))}x\n`, (w) => {
      expect(w.endsWith("}\n")).toBe(true);
      expect(JSON.parse(w)).toMatchObject({ line: 1, errors: [{ code: "INVALID_JSON" }] });
    }],
  ];
  for (const [what, option, input, check] of cases) {
    it(`${what}: to a FIFO whose reader pauses, signalled mid-record, the reader gets the whole record`, async () => {
      const path = tmp("signalled.json");
      writeFileSync(path, input);
      const fifo = tmp(`signalled-${option.slice(2)}.fifo`);
      rmSync(fifo, { force: true });
      execFileSync("mkfifo", [fifo]);
      const child = spawn(process.execPath, [CLI, "validate", "--model", SAMPLE_MODEL, option, fifo, path], { stdio: ["ignore", "pipe", "pipe"] });
      let printed = "";
      child.stdout.on("data", (b: Buffer) => { printed += b.toString(); });
      child.stderr.on("data", (b: Buffer) => { printed += b.toString(); });
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on("close", (_code, signal) => resolve(signal)));
      const reader = await pausedFifoReader(fifo);
      await interruptMidWrite(child.pid!, (signal) => child.kill(signal));
      const drained = reader.drain();
      expect(await ended).toBe("SIGINT");
      const written = await drained;
      expect(printed).toBe(""); // (no summary)
      check(written.toString("utf8"));
    });
  }
});

describe("a document file that grows while it is validated", () => {
  it("--out writes the document validated, not what was added to the file since (it wrote it on the same line, the line no JSON)", async () => {
    const text = `${pretty({ ...user, notes: Array.from({ length: 40_000 }, (_, i) => `note ${i}`) })}\n`; // 1.6 MB
    const path = tmp("growing.json");
    writeFileSync(path, text);
    const fifo = tmp("growing-out.fifo");
    execFileSync("mkfifo", [fifo]);
    const child = spawn(process.execPath, [CLI, "validate", "--model", SAMPLE_MODEL, "--json", "--out", fifo, path], { stdio: ["ignore", "pipe", "inherit"] });
    const ended = new Promise<number | null>((resolve) => child.on("close", resolve));
    const reader = await pausedFifoReader(fifo);
    // validated, and being written: the file is read again as the pipe takes what is written
    await waitForBlockedWrite(child.pid!);
    appendFileSync(path, `${L2}\n`);
    const written = reader.drain();
    expect(await ended).toBe(0);
    expect((await written).toString("utf8")).toBe(`${JSON.stringify(JSON.parse(text))}\n`);
  });
});

describe("exit code 2 in document mode: one line, nothing written", () => {
  it("an output file in a missing directory, a directory as input, --lines with --document", async () => {
    const doc = tmp("doc.json");
    writeFileSync(doc, pretty(user));
    const cases: [string[], RegExp][] = [
      [["--out", tmp("no/dir/out.ndjson"), doc], /^checker: cannot write output file .*no\/dir\/out\.ndjson: ENOENT/],
      [["--rejects", tmp("no/dir/rejects.ndjson"), "--document", doc], /^checker: cannot write rejects file .*: ENOENT/],
      [["--document", dir], /^checker: cannot read .*: EISDIR/],
      [["--document", "--lines", doc], /^checker: --lines and --document cannot be used together$/],
      [["--out", doc, doc], /^checker: /],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")).toHaveLength(2);
      expect(r.stderr.trimEnd()).toMatch(message);
    }
    expect(readFileSync(doc, "utf8")).toBe(pretty(user));
  });
});

describe("checker schema", () => {
  const dec = new TextDecoder();
  let mod: string;
  beforeAll(() => {
    mod = writeModelModule(dir, "schemas.js", `
export const Cat = model("Cat", { lives: t.int("min=1,max=9"), name: t.string("required") });
export const Strict = new Validator(Cat, { extraFields: "forbid" });
export const Pet = new UnionValidator({ discriminator: "kind", variants: { cat: Cat, dog: model("Dog", { bark: t.string() }) } });
export const Tree = model("Tree", { name: t.string(), kids: t.slice(t.lazy(() => Tree)) });
export const notAModel = 42;`);
  });

  it("prints the export's schema as the library makes it, valid JSON, for a model, a Validator (its options), a union and a recursive model, with and without --openapi", async () => {
    const m = await import(pathToFileURL(mod).href) as Record<string, { schemaJSON(): Uint8Array; schemaJSONOpenAPI(): Uint8Array } | Parameters<typeof schemaJSON>[0]>;
    for (const name of ["Cat", "Strict", "Pet", "Tree"]) {
      for (const openapi of [false, true]) {
        const r = await runCli(["schema", "--model", mod, "--export", name, ...(openapi ? ["--openapi"] : [])]);
        expect(r.code, name).toBe(0);
        expect(r.stderr).toBe("");
        const x = m[name];
        const bytes = "schemaJSON" in x ? (openapi ? x.schemaJSONOpenAPI() : x.schemaJSON()) : (openapi ? schemaJSONOpenAPI(x) : schemaJSON(x));
        expect(r.stdout, name).toBe(`${dec.decode(bytes)}\n`);
        const schema = JSON.parse(r.stdout) as Record<string, unknown>;
        expect("$schema" in schema, name).toBe(!openapi);
      }
    }
    const strict = await runCli(["schema", "--model", mod, "--export", "Strict"]);
    expect(JSON.parse(strict.stdout)).toMatchObject({ additionalProperties: false });
    const pet = await runCli(["schema", "--model", mod, "--export", "Pet", "--openapi"]);
    expect(JSON.parse(pet.stdout)).toMatchObject({ oneOf: [{}, {}], discriminator: { propertyName: "kind" } });
  });

  it("exit 2 with one line and nothing on stdout: several exports and no --export, a missing export, one that is no model, a module that throws, a model mistake, an extra argument", async () => {
    const cases: [string[], RegExp][] = [
      [["--model", mod], /^checker: .*schemas\.js exports several models \(Cat, Pet, Strict, Tree\): choose one with --export$/],
      [["--model", mod, "--export", "Dog"], /^checker: .*schemas\.js has no export Dog \(models: Cat, Pet, Strict, Tree\)$/],
      [["--model", mod, "--export", "notAModel"], /^checker: .*schemas\.js: export notAModel is not a checker model, Validator or UnionValidator$/],
      [["--model", writeModelModule(dir, "throws.js", "throw new Error('boom');")], /^checker: cannot load model module .*throws\.js: boom$/],
      [["--model", writeModelModule(dir, "bad.js", "export const Bad = model('Bad', { n: t.int('min=abc') });")], /^checker: model Bad: /],
      [["--model", tmp("none.js")], /^checker: cannot load model module .*none\.js: Cannot find module/],
      [["--model", mod, "--export", "Cat", "extra"], /^checker: too many arguments for 'schema'\. Expected 0 arguments but got 1\.$/],
      [["--export", "Cat"], /^checker: required option '-m, --model <module>' not specified$/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(["schema", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n"), r.stderr).toHaveLength(2);
      expect(r.stderr.trimEnd()).toMatch(message);
    }
  });
});
