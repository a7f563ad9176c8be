// Real Go as a test oracle (test/go-oracle.test.ts): Debian's Go toolchain, installed by
// scripts/ensure-go.sh when missing (never by hand), builds test/go-oracle/*.go (stdlib only)
// into a temporary directory, offline; the program answers one JSON line per request line.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEnsureScript } from "./ensure-tool.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const DEBIAN_GO = "/usr/lib/go/bin/go";

/** What the oracle is asked: see test/go-oracle/main.go (tags.go for "tag", structure.go for "struct", times.go for "time", patterns.go for "pattern", marshal.go for "remarshal", defaults.go for "defaults", errors.go for "httpbody", directives.go for "directives"). */
export type GoRequest =
  | { op: "unmarshal"; kind: string; text: string }
  | { op: "marshal"; f32: string; f64: string }
  | { op: "string"; s: string }
  | { op: "tag"; tag: string; keys: string[]; reads: string[] }
  | { op: "struct"; type: GoType; writeAs?: GoType; text: string }
  | { op: "time"; shape: "value" | "ptr" | "slice"; text: string }
  | { op: "pattern"; pattern: string; inputs: string[] }
  | { op: "remarshal"; type: GoType; text: string; indent?: string }
  | { op: "defaults"; type: GoType; text: string }
  | { op: "httpbody"; key: "details" | "errors"; errors: GoFieldError[] }
  | { op: "directives"; text: string };

/** A FieldError for the "httpbody" op (test/go-oracle/errors.go): its value is `text` decoded into `type`. */
export interface GoFieldError { field: string; code: string; message: string; type: GoType; text: string }

/**
 * A Go type for the "struct" op (test/go-oracle/structure.go): fields are named F0, F1, ... with
 * json:"json[,omitempty]"; `default` is the "defaults" op's default= text (test/go-oracle/defaults.go).
 */
export type GoType =
  | { k: string }
  | { k: "ptr" | "slice" | "map"; elem: GoType }
  | { k: "array"; n: number; elem: GoType }
  | { k: "struct"; fields: { json: string; omitempty: boolean; type: GoType; default?: string }[] };

/** What Go makes of the struct tag of a string field named Field (test/go-oracle/tags.go). */
export interface GoTagAnswer {
  /** reflect.StructTag.Lookup of each requested key. */
  lookups: { found: boolean; value: string }[];
  /** go vet's structtag syntax verdict: "" when well formed. */
  vet: string;
  /** json.Marshal of the struct holding "" and "v". */
  marshalZero: string;
  marshalSet: string;
  /** For each requested key k: whether json.Unmarshal of {k:"x"} sets the field. */
  reads: boolean[];
}

/** One time.Time that Go read (test/go-oracle/times.go). */
export interface GoTimeItem {
  /** Unix seconds and nanoseconds of the instant, as Go holds it. */
  sec: number; nsec: number;
  /** UnixMilli (floored, as a Date holds it) and the year of that instant in UTC. */
  ms: number; utcYear: number;
  /** MarshalJSON of the millisecond instant in UTC, and of the time as parsed; "error: ..." where it refuses. */
  utc: string; own: string;
}

/** What Go read into a time.Time, *time.Time or []time.Time field (test/go-oracle/times.go). */
export interface GoTimeAnswer {
  /** A nil ptr or slice. */
  nil?: boolean;
  items: GoTimeItem[];
  /** No two items are Equal at millisecond precision. */
  unique: boolean;
  /** For each item after the first: -1, 0, 1 as it is Before, Equal to or After the one before (milliseconds). */
  order: number[];
  /** unique and order of the times as read (nanoseconds). */
  uniqueNs: boolean; orderNs: number[];
}

/** What Go's regexp makes of a pattern and inputs (test/go-oracle/patterns.go). */
export interface GoPatternAnswer {
  /** "" when regexp.Compile accepts the pattern, else its syntax error without "error parsing regexp: ". */
  error: string;
  /** regexp.MatchString of each input (none when the pattern is refused). */
  matches: boolean[];
}

/** A number as strconv read it: ok, and its value in Go's text (FormatFloat 'g' -1, or Itoa). */
export interface GoParsedNumber { ok: boolean; value: string }

/** One directive of a list as the Go library reads it (test/go-oracle/directives.go); empty parts are skipped. */
export interface GoDirective {
  /** The name, strings.TrimSpace'd. */
  name: string;
  /** Whether it has "=": then value is what follows, strings.TrimSpace'd. */
  hasValue: boolean;
  value: string;
  /** strings.Fields of the value (oneof's values). */
  fields: string[];
  /** strconv.ParseFloat(value, 64) (gt, gte, lt, lte) and strconv.Atoi(value) (min, max). */
  float: GoParsedNumber;
  atoi: GoParsedNumber;
}

/** Its answer: `value` (or `tag`, `time`, `pattern`, `directives`) when Go succeeded, else `error` ("UnmarshalTypeError: ..." or "oracle: ..."). */
export interface GoAnswer { ok: boolean; value?: string; error?: string; tag?: GoTagAnswer; time?: GoTimeAnswer; pattern?: GoPatternAnswer; directives?: GoDirective[] }

/** Install Go when it is missing; a failure is an error of the test, with apt's reason. */
export function ensureGo(): Promise<void> {
  return runEnsureScript("ensure-go.sh", "Go is required for the Go differential test");
}

function goExecutable(): string {
  const onPath = spawnSync("sh", ["-c", "command -v go"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  if (existsSync(DEBIAN_GO)) return DEBIAN_GO;
  throw new Error("go is neither on PATH nor at /usr/lib/go/bin/go after scripts/ensure-go.sh");
}

/** A built oracle: `ask` runs every request in one batch; `dispose` removes the temporary directory. */
export interface GoOracle { version: string; ask(requests: GoRequest[]): GoAnswer[]; dispose(): void }

/** Build test/go-oracle/*.go with its caches in a temporary directory, no network. */
export function buildGoOracle(): GoOracle {
  const go = goExecutable();
  const dir = mkdtempSync(join(tmpdir(), "checker-go-oracle-"));
  const env = {
    ...process.env, GOCACHE: join(dir, "cache"), GOPATH: join(dir, "gopath"), GOFLAGS: "-mod=mod",
    GOPROXY: "off", GOTOOLCHAIN: "local", GO111MODULE: "on", CGO_ENABLED: "0",
  };
  const binary = join(dir, "oracle");
  const sources = join(root, "test", "go-oracle");
  const files = readdirSync(sources).filter((f) => f.endsWith(".go")).map((f) => join(sources, f));
  try {
    execFileSync(go, ["build", "-o", binary, ...files], { env, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? String(e);
    throw new Error(`go build of test/go-oracle/*.go failed:\n${stderr}`);
  }
  const version = execFileSync(go, ["version"], { env, encoding: "utf8" }).trim();
  return {
    version,
    ask(requests) {
      const input = requests.map((r) => JSON.stringify(r)).join("\n") + "\n";
      const run = spawnSync(binary, [], { input, encoding: "utf8", maxBuffer: 1 << 28 });
      if (run.status !== 0) throw new Error(`the Go oracle exited ${run.status}: ${run.stderr}`);
      const lines = run.stdout.trimEnd().split("\n");
      if (lines.length !== requests.length) throw new Error(`the Go oracle answered ${lines.length} of ${requests.length} requests`);
      return lines.map((l) => JSON.parse(l) as GoAnswer);
    },
    dispose() { rmSync(dir, { recursive: true, force: true }); },
  };
}

/**
 * Go's string escapes where checker writes another spelling of the same JSON, by rule:
 * - README (Semantics, Numbers): "`marshal` writes strings as `JSON.stringify` does: ... U+2028
 *   and U+2029 as themselves, where Go's encoding/json writes ... `\u2028`, `\u2029`";
 * - Go 1.19's encoder writes backspace and form feed as `\u0008` and `\u000c`; since Go 1.22 it
 *   writes `\b` and `\f`, as JSON.stringify and checker do.
 */
export function asCheckerEscapes(goJson: string): string {
  const as: Record<string, string> = { "\\\\": "\\\\", "\\u2028": "\u2028", "\\u2029": "\u2029", "\\u0008": "\\b", "\\u000c": "\\f" };
  return goJson.replace(/\\(?:\\|u2028|u2029|u0008|u000c)/g, (e) => as[e]!);
}
