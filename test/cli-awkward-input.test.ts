// `checker validate` on input its users did not write, and the slips they make running it: NDJSON
// whose records are not all objects, awkward bytes (a byte order mark, CRLF, blank lines, invalid
// UTF-8, NULs, a last record cut short), UTF-16 and compressed input, millions of short lines,
// jq's pretty output, Ctrl-C, --out naming the model module, bad option values. Most cases run
// from a file and from stdin, with one thread and with two workers, whose outputs must agree
// byte for byte (the --json summary's timing aside).

import { execFileSync, spawn } from "node:child_process";
import { existsSync, linkSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeUnmarshal } from "../dist/index.js";
import { User } from "../data/user-model.js";
import { assertBuilt, CLI, runCli, SAMPLE, SAMPLE_MODEL, statsOf, writeModelModule, type CliResult } from "./support/cli-run.js";
import { interruptMidWrite, pausedFifoReader } from "./support/wait.js";

const [L1, L2] = readFileSync(SAMPLE, "utf8").split("\n"); // both accepted

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "checker-cli-awkward-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run extends CliResult {
  readonly rejects: string;
  readonly out: string;
}

const untimed = (summary: string): string => summary.replace(/"seconds":[^,]*,"recordsPerSecond":[^}]*/, "").replace(/^\{"input":"[^"]*",/, "{");

/**
 * Validate `text` (a .json file: the mode is detected) from the file and from stdin, with one
 * thread and with --workers 2; expect the same exit code, --json summary, rejects and out files
 * from all four, and return one.
 */
async function validateEveryWay(text: string | Buffer, ...args: string[]): Promise<Run> {
  const file = join(dir, "input.json");
  writeFileSync(file, text);
  const runs: Run[] = [];
  for (const [input, workers] of [[file, "1"], [file, "2"], ["-", "1"], ["-", "2"]]) {
    const rejects = join(dir, "rejects.ndjson");
    const out = join(dir, "out.ndjson");
    const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--json", "--workers", workers, "--rejects", rejects, "--out", out, ...args, input],
      input === "-" ? { stdin: text } : {});
    runs.push({ ...r, rejects: readFileSync(rejects, "utf8"), out: readFileSync(out, "utf8") });
  }
  const [first, ...rest] = runs;
  for (const r of rest) {
    expect({ ...r, stdout: untimed(r.stdout) }).toEqual({ ...first, stdout: untimed(first.stdout) });
  }
  return first;
}

const lines = (ndjson: string): unknown[] => ndjson.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as unknown);

describe("NDJSON detection (no .ndjson extension)", () => {
  // read as one document, each of these was rejected for its trailing data ("unexpected data
  // after the document"): one record, and the records after the first went uncounted
  const offset = Buffer.byteLength(L1) + 1; // of line 2
  const notObjects: [string, { code: string; message: string }, unknown][] = [
    ["null", { code: "INVALID_TYPE", message: "cannot unmarshal null into the document of type User" }, null],
    ['"x"', { code: "INVALID_TYPE", message: "cannot unmarshal string into the document of type User" }, "x"],
    ["42", { code: "INVALID_TYPE", message: "cannot unmarshal number into the document of type User" }, 42],
    ["[1]", { code: "INVALID_TYPE", message: "cannot unmarshal array into the document of type User" }, [1]],
    ["garbage", { code: "INVALID_JSON", message: `unexpected character "g" at offset ${offset} (line 2, column 1)` }, "garbage"],
    ["}", { code: "INVALID_JSON", message: `unexpected character "}" at offset ${offset} (line 2, column 1)` }, "}"],
    ["tru", { code: "INVALID_JSON", message: `unexpected end of JSON input at offset ${offset + 3} (line 2, column 4)` }, "tru"],
  ];
  for (const [second, error, record] of notObjects) {
    it(`a whole record, then ${second}: NDJSON, every line with content a record`, async () => {
      const r = await validateEveryWay(`${L1}\n${second}\n\n${L2}\n${L2}\n`);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 4, accepted: 3, rejected: 1, errorsByCode: { [error.code]: 1 } });
      expect(lines(r.rejects)).toEqual([{ line: 2, record, errors: [{ field: "", ...error, value: null }] }]);
      expect(r.out).toBe(`${L1}\n${L2}\n${L2}\n`);
    });
  }

  it("a first record cut inside a string, then null: NDJSON (a JSON string never spans lines)", async () => {
    const r = await validateEveryWay(`{"id":1,"name":"Ada\nnull\n${L2}\n`);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 3, accepted: 1, rejected: 2 });
    expect(lines(r.rejects)).toEqual([
      { line: 1, record: '{"id":1,"name":"Ada', errors: [{ field: "", code: "INVALID_JSON", message: "unexpected end of JSON input at offset 19 (line 1, column 20)", value: null }] },
      { line: 2, record: null, errors: [{ field: "", code: "INVALID_TYPE", message: "cannot unmarshal null into the document of type User", value: null }] },
    ]);
  });

  it("a document spanning lines is still one document, whatever its second line starts with", async () => {
    const v = JSON.parse(L1) as Record<string, unknown>;
    for (const text of [
      `${JSON.stringify(v, null, 2)}\n`, // `{` alone on the first line
      `${L1.replace(/,"email"/, ',\n"email"')}\n`, // cut after a comma
      `${L1.replace(/"age":/, '"age":\n')}\n`, // a key's value on the next line
      `${L1.replace(/\["data/, '[\n"data')}\n`, // an array's first item on the next line
    ]) {
      const r = await validateEveryWay(text);
      expect(r.code, text).toBe(0);
      expect(JSON.parse(r.stdout), text).toMatchObject({ mode: "document", records: 1, accepted: 1 });
      expect(r.out, text).toBe(`${L1}\n`);
    }
  });
});

describe("awkward bytes in NDJSON", () => {
  it("a byte order mark, CRLF ends, blank and whitespace-only lines, invalid UTF-8 in and out of a string, a NUL, no final newline: each line with content one record, at its line", async () => {
    const parts = [
      Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${L1}\r\n\r\n \t \r\n`),
      Buffer.from('{"id":5,"name":"Bo'), Buffer.from([0xff]), Buffer.from('b","email":"a@b.co","age":3,"tags":[],"active":true}\n'),
      Buffer.from([0x00, 0x0a]), Buffer.from('{"id":5,'), Buffer.from([0xff]), Buffer.from("}\n"),
      Buffer.from(`${L2}\n\n  `),
    ];
    const r = await validateEveryWay(Buffer.concat(parts));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 5, accepted: 2, rejected: 3, errorsByCode: { INVALID_JSON: 3 } });
    // offsets count from the start of the input after the byte order mark; a malformed record is
    // its text as a JSON string (invalid UTF-8 in it as U+FFFD: a JSON string cannot hold it)
    const start4 = Buffer.byteLength(`${L1}\r\n\r\n \t \r\n`);
    const invalid = (line: number, record: string, message: string) => ({ line, record, errors: [{ field: "", code: "INVALID_JSON", message, value: null }] });
    expect(lines(r.rejects)).toEqual([
      invalid(4, '{"id":5,"name":"Bo\uFFFDb","email":"a@b.co","age":3,"tags":[],"active":true}', `invalid UTF-8 at offset ${start4 + 18} (line 4, column 19)`),
      invalid(5, "\u0000", `unexpected character 0x00 at offset ${start4 + 72} (line 5, column 1)`),
      invalid(6, '{"id":5,\uFFFD}', `unexpected character 0xff at offset ${start4 + 82} (line 6, column 9)`),
    ]);
    expect(r.out).toBe(`${L1}\n${L2}\n`);
  });

  it("an empty input, one of only whitespace, or only a byte order mark: 0 records, exit 0", async () => {
    for (const text of ["", " \n\t\r\n\n  ", "\uFEFF", "\uFEFF\r\n"]) {
      const r = await validateEveryWay(text);
      expect(r.code, JSON.stringify(text)).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 0, accepted: 0, rejected: 0, errorsByCode: {} });
      expect([r.rejects, r.out, r.stderr]).toEqual(["", "", ""]);
    }
  });

  it("a last record cut short (no newline) is INVALID_JSON at its line; the records before it are kept", async () => {
    const r = await validateEveryWay(`${L1}\n${L2}\n{"id":3,"name":"Tru`);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 3, accepted: 2, rejected: 1 });
    const at = Buffer.byteLength(`${L1}\n${L2}\n`) + 19; // the end of the input
    expect(lines(r.rejects)).toEqual([{ line: 3, record: '{"id":3,"name":"Tru', errors: [{ field: "", code: "INVALID_JSON", message: `unexpected end of JSON input at offset ${at} (line 3, column 20)`, value: null }] }]);
  });
});

describe("Ctrl-C (SIGINT) while reading", () => {
  // README: it stops at once, as jq does: no summary; a write of --out or --rejects under way
  // completes first (bindings/cli/interrupt.ts), so the files hold whole records
  const sampleLines = readFileSync(SAMPLE, "utf8").split("\n").filter((l) => l !== "");
  const input = Buffer.from(Array.from({ length: 3 }, () => sampleLines.join("\n") + "\n").join(""));
  const acceptedLines = [...sampleLines, ...sampleLines, ...sampleLines].filter((l) => safeUnmarshal(User, l).ok);

  /** A validate run reading stdin, which stays open: the run is still reading when signalled. */
  function startRun(workers: string, out: string, rejects: string) {
    const child = spawn(process.execPath, [CLI, "validate", "--model", SAMPLE_MODEL, "--workers", workers, "--out", out, "--rejects", rejects, "-"], { stdio: ["pipe", "pipe", "pipe"] });
    let printed = "";
    child.stdout.on("data", (b: Buffer) => { printed += b.toString(); });
    child.stderr.on("data", (b: Buffer) => { printed += b.toString(); });
    const run = { exited: false, printed: () => printed, child, ended: undefined as unknown as Promise<NodeJS.Signals | null> };
    run.ended = new Promise((resolve) => child.on("close", (_code, signal) => {
      run.exited = true;
      resolve(signal);
    }));
    child.stdin.on("error", () => undefined); // (the rest of the input is not read)
    child.stdin.write(input);
    return run;
  }

  /** --out's text: whole accepted records, the first ones in line order. */
  function expectWholeRecords(written: string): void {
    expect(written.endsWith("\n")).toBe(true);
    const accepted = written.split("\n").slice(0, -1);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted).toEqual(acceptedLines.slice(0, accepted.length));
  }

  for (const workers of ["1", "2"]) {
    it(`--workers ${workers}: the process ends by the signal (a shell's 130), nothing printed; --out and --rejects hold whole records, in line order`, async () => {
      const out = join(dir, `sigint-out-${workers}.ndjson`);
      const rejects = join(dir, `sigint-rejects-${workers}.ndjson`);
      const run = startRun(workers, out, rejects);
      while (!run.exited && (!existsSync(out) || statSync(out).size === 0)) await new Promise((r) => setTimeout(r, 20));
      run.child.kill("SIGINT"); // (often while the first block is being written)
      expect(await run.ended).toBe("SIGINT");
      expect(run.printed()).toBe("");
      expectWholeRecords(readFileSync(out, "utf8"));
      const rejected = readFileSync(rejects, "utf8");
      expect(rejected === "" || rejected.endsWith("\n")).toBe(true);
      const lineNumbers = lines(rejected).map((x) => (x as { line: number }).line);
      expect(lineNumbers).toEqual([...lineNumbers].sort((a, b) => a - b));
    });
  }

  it("a write under way completes before the process ends: --out a FIFO whose reader pauses, signalled mid-write", async () => {
    // the write blocks on the full pipe; the signal's default action would cut it short, leaving
    // the reader a record cut in two
    const fifo = join(dir, "sigint-out.fifo");
    execFileSync("mkfifo", [fifo]);
    const run = startRun("1", fifo, join(dir, "sigint-fifo-rejects.ndjson"));
    const reader = await pausedFifoReader(fifo);
    // the writer fills the pipe and waits (it has far more than a pipe holds to write: 1 MB); a
    // fixed sleep for that (1 s) is too short on a loaded machine: the signal then comes between
    // two writes, and the process rightly ends at once. The signal taken: interrupt.ts removed
    // its listeners, so SIGINT is no longer caught
    const blockedInWrite = await interruptMidWrite(run.child.pid!, (signal) => run.child.kill(signal));
    expect(run.exited).toBe(false); // it waits for its write, which waits for the reader
    expect(blockedInWrite()).not.toBe(false);
    const drained = reader.drain();
    expect(await run.ended).toBe("SIGINT");
    const written = await drained;
    expect(run.printed()).toBe("");
    expectWholeRecords(written.toString("utf8"));
  });
});

describe("input in UTF-16 or UTF-32 (a byte order mark says so)", () => {
  // it was read as UTF-8: every line INVALID_JSON (unexpected character 0xff, 0x00), one record more
  // than the lines (the NUL after the last "\n"); JSON is UTF-8 (RFC 8259), and Windows PowerShell
  // 5 writes UTF-16 with `>`
  const text = `${L1}\r\n${L2}\r\n`;
  const utf16be = (s: string): Buffer => Buffer.from(s, "utf16le").swap16();
  const cases: [string, Buffer, string, string][] = [
    ["UTF-16LE", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), "UTF-16", "FF FE"],
    ["UTF-16BE", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), "UTF-16", "FE FF"],
    ["UTF-32LE", Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from([...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0]))]), "UTF-32", "FF FE 00 00"],
  ];
  for (const [what, bytes, encoding, bom] of cases) {
    it(`${what}: exit 2 with one line saying so, from a file or stdin, with one thread or two; no output file written`, async () => {
      const file = join(dir, `${what}.json`);
      writeFileSync(file, bytes);
      const out = join(dir, `${what}-out.ndjson`);
      writeFileSync(out, "kept\n");
      for (const input of [file, "-"]) {
        for (const workers of ["1", "2"]) {
          const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--workers", workers, "--out", out, "--rejects", join(dir, `${what}-rejects.ndjson`), input],
            input === "-" ? { stdin: bytes } : {});
          expect(r).toEqual({ code: 2, stdout: "",
            stderr: `checker: cannot read ${input === "-" ? "stdin" : file}: it is ${encoding} (it starts with the byte order mark ${bom}), and JSON is UTF-8: convert it first (iconv -f ${encoding} -t UTF-8)\n` });
        }
      }
      expect(readFileSync(out, "utf8")).toBe("kept\n");
      expect(existsSync(join(dir, `${what}-rejects.ndjson`))).toBe(false);
    });
  }
});

describe("usage errors read as sentences", () => {
  // it was "argument '0' is invalid. not a positive integer."
  for (const [option, value] of [["--workers", "0"], ["--workers", "two"], ["--max-errors", "-1"], ["--max-errors", "1.5"]]) {
    it(`${option} ${value}: exit 2, one line`, async () => {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, option, value, SAMPLE]);
      expect(r).toEqual({ code: 2, stdout: "", stderr: `checker: option '${option} <n>' argument '${value}' is invalid. It must be a positive integer.\n` });
    });
  }
});

describe("compressed input", () => {
  // it was read as JSON text: one document (or with .ndjson a record a "\n" byte), rejected, exit 1
  // as if the data had a bad record; a pipeline taking exit 1 for "some records rejected" went on
  // with an empty --out
  const text = `${L1}\n${L2}\n`;
  const cases: [string, Buffer, string][] = [
    ["gzip", gzipSync(text), "gzip-compressed: decompress it first (gzip -dc)"],
    ["zstd", Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x0a, 0x0a, 0x7b]), "zstd-compressed: decompress it first (zstd -dc)"],
    ["xz", Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x0a, 0x7b]), "xz-compressed: decompress it first (xz -dc)"],
    ["zip", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x0a, 0x7b]), "a zip archive: take the file out of it first (unzip -p)"],
  ];
  for (const [what, bytes, message] of cases) {
    it(`${what}: exit 2 with one line saying so, from a .ndjson file or stdin; no output file written`, async () => {
      const file = join(dir, `${what}.ndjson`);
      writeFileSync(file, bytes);
      for (const input of [file, "-"]) {
        const out = join(dir, `${what}-out.ndjson`);
        const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--out", out, input], input === "-" ? { stdin: bytes } : {});
        expect(r).toEqual({ code: 2, stdout: "", stderr: `checker: cannot read ${input === "-" ? "stdin" : file}: it is ${message}\n` });
        expect(existsSync(out)).toBe(false);
      }
    });
  }
});

describe("--out or --rejects naming the model module", () => {
  // it was overwritten with records (swapped arguments: `--out models.js`), the run exiting 1 as usual
  it("is refused before anything is written (by path, relative path, file: URL, symlink or hard link); the module is kept", async () => {
    const model = writeModelModule(dir, "precious-model.js", "export const User = model('User', { id: t.int() });");
    const kept = readFileSync(model, "utf8");
    symlinkSync(model, join(dir, "model-symlink.js"));
    linkSync(model, join(dir, "model-hardlink.js"));
    for (const [modelArg, flag, out, cwd] of [
      [model, "--out", model, undefined],
      [model, "--rejects", "precious-model.js", dir],
      [pathToFileURL(model).href, "--out", model, undefined],
      [join(dir, "model-symlink.js"), "--rejects", model, undefined],
      [model, "--out", join(dir, "model-symlink.js"), undefined],
      [model, "--rejects", join(dir, "model-hardlink.js"), undefined],
    ] as const) {
      const r = await runCli(["validate", "--model", modelArg, flag, out, SAMPLE], cwd === undefined ? {} : { cwd });
      expect(r).toEqual({ code: 2, stdout: "", stderr: `checker: ${flag} ${out} is the model module: it would be overwritten with records\n` });
      expect(readFileSync(model, "utf8")).toBe(kept);
    }
  });
});

describe("pretty-printed documents one after another (jq's output without -c)", () => {
  it("are one document, rejected at the second one's start (README: jq -c writes NDJSON)", async () => {
    const pretty = (line: string): string => JSON.stringify(JSON.parse(line), null, 2);
    const first = pretty(L1);
    const r = await validateEveryWay(`${first}\n${pretty(L2)}\n`);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "document", records: 1, rejected: 1 });
    const at = Buffer.byteLength(first) + 1;
    const lineOfSecond = first.split("\n").length + 1;
    expect((lines(r.rejects)[0] as { errors: unknown[] }).errors).toEqual([{ field: "", code: "INVALID_JSON",
      message: `unexpected data after the document "{" at offset ${at} (line ${lineOfSecond}, column 1)`, value: null }]);
  });
});

describe("many short lines (a chunk of them is cut into batches of 4,096 lines)", () => {
  it("blank lines and {} among records: every record counted at its line, the same from a file and stdin, one thread and two", async () => {
    // ~20 bytes a line: a 256 KiB chunk holds ~13,000 lines, cut into several batches
    const text = Array.from({ length: 30_000 }, (_, i) => (i % 10 === 0 ? L1 : i % 10 === 3 ? "{}" : i % 10 === 7 ? "  \r" : "")).join("\n") + "\n";
    const r = await validateEveryWay(text);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: "ndjson", records: 6000, accepted: 3000, rejected: 3000, errorsByCode: { REQUIRED: 18_000 } });
    expect(lines(r.rejects).map((x) => (x as { line: number }).line)).toEqual(Array.from({ length: 3000 }, (_, k) => 10 * k + 4));
    expect(r.out).toBe(`${L1}\n`.repeat(3000));
  });

  it("1.5 million rejected {} lines: memory stays small (it peaked at 460 MB in one thread, 1.8 GB with two workers, whose results of 87,000 records a batch were copied whole)", async () => {
    const path = join(dir, "braces.ndjson");
    writeFileSync(path, "{}\n".repeat(1_500_000));
    for (const [workers, limit] of [["1", 300e6], ["2", 600e6]] as const) {
      const r = await runCli(["validate", "--model", SAMPLE_MODEL, "--json", "--workers", workers, path], { env: { CHECKER_CLI_STATS: "1" } });
      expect(JSON.parse(r.stdout)).toMatchObject({ records: 1_500_000, rejected: 1_500_000, errorsByCode: { REQUIRED: 9_000_000 } });
      expect(statsOf(r.stderr).peakRss, `--workers ${workers}`).toBeLessThan(limit);
    }
    // two runs of 1.5 million records are long work: 47 s in the whole suite on 2 cores with 2
    // busy loops, 114-152 s with 4 busy loops and a second run of this case (past the 120 s default)
  }, 480_000);
});
