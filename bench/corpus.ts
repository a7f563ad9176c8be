/**
 * Deterministic NDJSON corpus of user records for the benchmarks, the sample data and the tests.
 *
 *   npx tsx bench/corpus.ts <out.ndjson> [count=2000] [seed=24301]
 *
 * A record is ~200 bytes of JSON, keys in this order:
 *   {"id": int >= 1, "name": string, "email": string, "age": int, "tags": [3 strings], "active": bool}
 * About 90% are valid and 10% break exactly one rule (see `InvalidKind`). The rules every validator
 * in bench/peers.ts enforces (and checker's bench model is meant to):
 *   id integer >= 1; name string of 2..50 Unicode code points; email matching EMAIL_PATTERN;
 *   age integer 0..150; tags array of strings, at most 5, unique; active boolean; all six present.
 * Every record is valid JSON (no syntax errors) and contains no `null`.
 *
 * Generation is a single seeded PRNG stream (no Math.random), so the output depends only on
 * (count, seed), and generateUsers(n, s) is a prefix of generateUsers(m, s) for n <= m.
 */
import { codePoints } from "../bindings/directives/directive.js";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_SEED = 24301;
/** The email rule, exactly as every validator applies it (ASCII only, anchored). */
export const EMAIL_PATTERN = "^[a-zA-Z0-9._%+\\-]+@[a-zA-Z0-9.\\-]+\\.[a-zA-Z]{2,}$";
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const AGE_MIN = 0;
export const AGE_MAX = 150;
export const TAGS_MAX = 5;
/** Share of records that break a rule. */
export const INVALID_RATE = 0.1;
/** Every record's UTF-8 size stays within these bounds (the generator retries otherwise). */
export const RECORD_MIN_BYTES = 150;
export const RECORD_MAX_BYTES = 260;

export const INVALID_KINDS = [
  "name-too-short", // 0 or 1 code point ("", "J", "李", "😀")
  "name-too-long", // 51..60 code points
  "bad-email", // does not match EMAIL_PATTERN (never the empty string: format checks pass "")
  "age-out-of-range", // < 0 or > 150
  "id-out-of-range", // 0 or negative
  "duplicate-tags", // 3 or 4 tags, one repeated
  "too-many-tags", // 6..7 distinct tags
  "missing-field", // one of the six keys absent
  "wrong-type", // a value of the wrong JSON type (age "34", age 34.5, id "17", active "true", ...)
] as const;
export type InvalidKind = (typeof INVALID_KINDS)[number];
/** "valid-unicode" is a valid record whose name is non-ASCII (some with astral code points). */
export type RecordKind = "valid" | "valid-unicode" | InvalidKind;
export const RECORD_KINDS: readonly RecordKind[] = ["valid", "valid-unicode", ...INVALID_KINDS];

export interface LabeledRecord {
  /** One JSON text, no trailing newline. */
  text: string;
  kind: RecordKind;
  /** True iff every rule holds (kind is "valid" or "valid-unicode"). */
  valid: boolean;
  /** Which variant of the kind, e.g. "age-as-string", "missing-email", "edge-age-150". */
  detail: string;
}

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** `n` distinct items of `items` (n <= items.length). */
  distinct<T>(items: readonly T[], n: number): T[] {
    const out: T[] = [];
    while (out.length < n) {
      const item = this.pick(items);
      if (!out.includes(item)) out.push(item);
    }
    return out;
  }
}

const FIRST_NAMES = [
  "Alice", "Benjamin", "Charlotte", "Daniel", "Eleanor", "Frederick", "Gabriela", "Harrison",
  "Isabella", "Jonathan", "Katherine", "Leonardo", "Margaret", "Nathaniel", "Olivia", "Patrick",
  "Rebecca", "Sebastian", "Theodora", "Victoria", "William", "Alexandra", "Christopher", "Dominic",
  "Evelyn", "Francesca", "Gregory", "Henrietta", "Ignatius", "Josephine", "Kenneth", "Lillian",
  "Maximilian", "Nicholas", "Penelope", "Quentin", "Rosalind", "Samuel", "Tabitha", "Valentina",
] as const;
const LAST_NAMES = [
  "Anderson", "Blackwood", "Castellano", "Donnelly", "Ellingsworth", "Fitzgerald", "Gallagher",
  "Hernandez", "Ingram", "Jefferson", "Kowalczyk", "Lindqvist", "Montgomery", "Nakamura",
  "Okonkwo", "Pemberton", "Quinlan", "Richardson", "Sutherland", "Thompson", "Underwood",
  "Vasquez", "Whitfield", "Yamamoto", "Zimmerman", "Abernathy", "Bartholomew", "Chamberlain",
  "Delacroix", "Eastwood", "Fairbanks", "Goldberg", "Hathaway", "Ivanova", "Kingsley",
] as const;
const DOMAINS = [
  "mail.example.com", "staff.example.org", "corp.example.net", "users.example.io",
  "alumni.example.co.uk", "inbox.example.dev", "post.example-mail.de", "students.example.edu",
] as const;
const TAGS = [
  "landscape-photography", "distributed-systems", "organic-gardening", "machine-learning-ops",
  "alpine-mountaineering", "open-source-maintainer", "typescript-tooling", "webassembly-runtimes",
  "amateur-astronomy", "vegetarian-cooking", "marathon-training", "strategy-board-games",
  "jazz-piano-improv", "fine-woodworking", "coastal-birdwatching", "applied-cryptography",
  "indoor-rock-climbing", "data-visualization", "offshore-sailing", "brush-calligraphy",
  "craft-home-brewing", "urban-cycling-advocacy", "urban-beekeeping", "chess-openings-theory",
  "classic-sci-fi-novels", "film-noir-history", "wheel-thrown-pottery", "community-volunteering",
  "kubernetes-operators", "functional-programming", "ultra-trail-running", "renaissance-art",
  "freshwater-aquascaping", "modular-origami", "sourdough-bread-baking", "historical-fencing", "retro-computing-restoration",
  "competitive-swimming", "documentary-filmmaking",
] as const;
const MEDIUM_TAGS = [
  "hiking", "cooking", "reading", "climbing", "painting", "chess", "travel", "running", "poetry",
  "cycling", "baking", "golang", "rustlang", "cinema", "skating", "knitting",
] as const;
const SHORT_TAGS = ["go", "rust", "ops", "ml", "art", "ski", "run", "tea", "dev", "jazz"] as const;

/** Non-ASCII names, each 2..50 code points, with an ASCII email local part. */
const UNICODE_NAMES: readonly (readonly [string, string])[] = [
  ["Zoë", "zoe"],
  ["Łukasz", "lukasz"],
  ["李雷", "li.lei"],
  ["Zoë Müller", "zoe.mueller"],
  ["Łukasz Kowalski", "lukasz.kowalski"],
  ["Søren Kierkegaard", "soren.k"],
  ["José Álvarez", "jose.alvarez"],
  ["Björn Ångström", "bjorn.angstrom"],
  ["Nguyễn Văn An", "nguyen.van.an"],
  ["Дмитрий Иванов", "dmitry.ivanov"],
  ["Αλέξανδρος Παπαδόπουλος", "alexandros.p"],
  ["田中 太郎", "tanaka.taro"],
  ["김민준", "minjun.kim"],
  ["𠮷野 花子", "yoshino.hanako"], // U+20BB7: one code point, two UTF-16 units
  ["Ana 🌸", "ana.flower"],
  ["𠮷𠮷", "yoshi.yoshi"], // 2 code points, 4 UTF-16 units: valid at the minimum
  // 50 code points, 56 UTF-16 units: valid only when length counts code points.
  ["Maximiliana Theodora von Habsburg-Lothringen 🌹🌹🌹🌹🌹", "maximiliana.habsburg"],
];

const TOO_SHORT_NAMES = ["", "J", "李", "😀", "Ø"] as const;

const BAD_EMAILS: readonly ((local: string, domain: string) => [string, string])[] = [
  (l, d) => [`${l}.${d}`, "no-at"],
  (l, d) => [`${l}@@${d}`, "double-at"],
  (l, d) => [`${l}@${l}@${d}`, "two-ats"],
  (_l, d) => [`@${d}`, "empty-local"],
  (l) => [`${l}@`, "empty-domain"],
  (l, d) => [`${l.slice(0, 2)} ${l.slice(2)}@${d}`, "space"],
  (l, d) => [`${l}@${d}.`, "trailing-dot"],
];
// Left out on purpose: failures that some email checks accept (a one-letter or missing TLD,
// "#" or other RFC 5322 atext in the local part), so that any sane `email` check agrees.

type Json = string | number | boolean | Json[] | { [key: string]: Json };
type UserDraft = Record<string, Json>;

/** Length in Unicode code points (a lone surrogate counts as one), as `min`/`max` count it. */
export const codePointLength = codePoints;

function asciiName(rng: Rng): { name: string; local: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const r = rng.float();
  const middle =
    r < 0.3 ? ` ${rng.pick(FIRST_NAMES).charAt(0)}.` : r < 0.7 ? ` ${rng.pick(FIRST_NAMES)}` : "";
  const l = rng.float();
  const local =
    l < 0.4
      ? `${first}.${last}`
      : l < 0.8
        ? `${first}.${last}${rng.int(10, 9999)}`
        : `${first.charAt(0)}${middle.charAt(1)}${last}${rng.int(1, 999)}`;
  return { name: `${first}${middle} ${last}`, local: local.toLowerCase() };
}

function baseUser(rng: Rng, id: number, unicode: boolean): UserDraft {
  let name: string;
  let local: string;
  if (unicode) [name, local] = rng.pick(UNICODE_NAMES);
  else ({ name, local } = asciiName(rng));
  if (rng.chance(0.2)) local = `${local}+${rng.pick(SHORT_TAGS)}`;
  return {
    id,
    name,
    email: `${local}@${rng.pick(DOMAINS)}`,
    age: rng.int(18, 90),
    tags: rng.distinct(TAGS, 3),
    active: rng.chance(0.7),
  };
}

/** A name of exactly `n` code points (n > 50), made of real names. */
function longName(rng: Rng, n: number): string {
  let s = rng.pick(FIRST_NAMES);
  while (codePointLength(s) < n) s += ` ${rng.pick(rng.chance(0.5) ? FIRST_NAMES : LAST_NAMES)}`;
  return Array.from(s).slice(0, n).join("").replace(/ $/, "x");
}

/** Applies one valid edge case (boundaries of each rule) to a valid user; returns its name. */
function validEdge(rng: Rng, u: UserDraft, keepName: boolean): string {
  const edge = rng.int(0, 5);
  switch (keepName && (edge === 2 || edge === 3) ? edge - 2 : edge) {
    case 0:
      u.age = 0;
      return "edge-age-0";
    case 1:
      u.age = 150;
      return "edge-age-150";
    case 2:
      u.name = rng.pick(["Al", "Bo", "李雷", "Zé"]);
      return "edge-name-2";
    case 3:
      u.name = longName(rng, 50);
      return "edge-name-50";
    case 4:
      u.tags = rng.distinct(SHORT_TAGS, 5);
      return "edge-tags-5";
    default:
      u.tags = [];
      return "edge-tags-0";
  }
}

/** Breaks exactly one rule of a valid user; returns the variant's name. */
function breakRule(rng: Rng, kind: InvalidKind, u: UserDraft): string {
  const tags = u.tags as Json[];
  switch (kind) {
    case "name-too-short": {
      u.name = rng.pick(TOO_SHORT_NAMES);
      return `name-${codePointLength(u.name)}-code-points`;
    }
    case "name-too-long": {
      u.name = longName(rng, rng.int(51, 60));
      return `name-${codePointLength(u.name)}-code-points`;
    }
    case "bad-email": {
      const [local = "x", domain = "example.com"] = String(u.email).split("@");
      const [email, detail] = rng.pick(BAD_EMAILS)(local.replace(/\+.*/, ""), domain);
      u.email = email;
      return detail;
    }
    case "age-out-of-range": {
      u.age = rng.chance(0.5) ? rng.int(-40, -1) : rng.int(151, 999);
      return (u.age as number) < 0 ? "age-negative" : "age-over-150";
    }
    case "id-out-of-range": {
      u.id = rng.chance(0.5) ? 0 : -rng.int(1, 99999);
      return u.id === 0 ? "id-zero" : "id-negative";
    }
    case "duplicate-tags": {
      if (rng.chance(0.5)) {
        tags[2] = tags[rng.int(0, 1)] as Json;
        return "3-tags-one-repeated";
      }
      tags.splice(rng.int(0, 3), 0, tags[rng.int(0, 2)] as Json);
      return "4-tags-one-repeated";
    }
    case "too-many-tags": {
      u.tags = rng.distinct(rng.chance(0.5) ? SHORT_TAGS : MEDIUM_TAGS, rng.int(6, 7));
      return `${(u.tags as string[]).length}-tags`;
    }
    case "missing-field": {
      const key = rng.pick(["id", "name", "email", "age", "tags", "active"] as const);
      delete u[key];
      return `missing-${key}`;
    }
    case "wrong-type": {
      switch (rng.int(0, 7)) {
        case 0:
          u.age = String(u.age);
          return "age-as-string";
        case 1:
          u.age = (u.age as number) + 0.5;
          return "age-not-integer";
        case 2:
          u.id = String(u.id);
          return "id-as-string";
        case 3:
          u.active = rng.pick(["true", "false", "yes"]);
          return "active-as-string";
        case 4:
          u.active = rng.int(0, 1);
          return "active-as-number";
        case 5:
          u.tags = tags.join(",");
          return "tags-as-string";
        case 6:
          tags[rng.int(0, 2)] = rng.int(1, 99);
          return "tag-as-number";
        default:
          u.name = { first: String(u.name).split(" ")[0] ?? "x" };
          return "name-as-object";
      }
    }
  }
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

const EMAIL_RE = new RegExp(EMAIL_PATTERN);

/**
 * Grows a record that lost bytes (a missing field, no tags) back to RECORD_MIN_BYTES without
 * touching its verdict: more surname parts in a valid email's local part (up to 64 characters),
 * then in a name that stays within 50 code points.
 */
function pad(rng: Rng, u: UserDraft): void {
  const short = () => utf8Length(JSON.stringify(u)) < RECORD_MIN_BYTES;
  while (short() && typeof u.email === "string" && EMAIL_RE.test(u.email)) {
    const at = u.email.indexOf("@");
    const grown = `${u.email.slice(0, at)}.${rng.pick(LAST_NAMES).toLowerCase()}`;
    if (grown.length > 64) break;
    u.email = grown + u.email.slice(at);
  }
  while (short() && typeof u.name === "string" && codePointLength(u.name) >= NAME_MIN) {
    const grown = `${u.name} ${rng.pick(LAST_NAMES)}`;
    if (codePointLength(grown) > NAME_MAX) break;
    u.name = grown;
  }
}

function generateOne(rng: Rng, id: number): LabeledRecord {
  const invalid = rng.chance(INVALID_RATE);
  const kind: RecordKind = invalid
    ? rng.pick(INVALID_KINDS)
    : rng.chance(0.03)
      ? "valid-unicode"
      : "valid";
  const edge = !invalid && rng.chance(0.02);
  // Retry the variable parts until the record's size is in bounds; each try draws from the same
  // stream, so the result stays deterministic.
  for (let attempt = 0; attempt < 50; attempt++) {
    const u = baseUser(rng, id, kind === "valid-unicode");
    let detail = "plain";
    if (kind !== "valid" && kind !== "valid-unicode") detail = breakRule(rng, kind, u);
    else if (edge) detail = validEdge(rng, u, kind === "valid-unicode");
    pad(rng, u);
    const text = JSON.stringify(u);
    const size = utf8Length(text);
    if (size >= RECORD_MIN_BYTES && size <= RECORD_MAX_BYTES) {
      return { text, kind, valid: !invalid, detail };
    }
  }
  throw new Error(`corpus: no ${kind} record of ${RECORD_MIN_BYTES}..${RECORD_MAX_BYTES} bytes`);
}

/** `count` labelled records from `seed`. */
export function generateLabeledUsers(count: number, seed: number = DEFAULT_SEED): LabeledRecord[] {
  const rng = new Rng(seed);
  const out: LabeledRecord[] = [];
  for (let i = 0; i < count; i++) out.push(generateOne(rng, i + 1));
  return out;
}

/** `count` records from `seed`, one JSON text per record. */
export function generateUsers(count: number, seed: number = DEFAULT_SEED): string[] {
  return generateLabeledUsers(count, seed).map((r) => r.text);
}

export type KindCounts = Record<RecordKind, number>;

export function countKinds(records: readonly LabeledRecord[]): KindCounts {
  const counts = Object.fromEntries(RECORD_KINDS.map((k) => [k, 0])) as KindCounts;
  for (const r of records) counts[r.kind]++;
  return counts;
}

/** Writes `count` records from `seed` as NDJSON (one record a line, final newline). */
export function writeCorpus(path: string, count: number, seed: number = DEFAULT_SEED): KindCounts {
  const records = generateLabeledUsers(count, seed);
  writeFileSync(path, records.map((r) => r.text).join("\n") + "\n");
  return countKinds(records);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [path, count = "2000", seed = String(DEFAULT_SEED)] = process.argv.slice(2);
  if (path === undefined) {
    console.error("usage: npx tsx bench/corpus.ts <out.ndjson> [count=2000] [seed=24301]");
    process.exit(2);
  }
  const counts = writeCorpus(path, Number(count), Number(seed));
  console.log(`wrote ${count} records (seed ${seed}) to ${path}`);
  for (const kind of RECORD_KINDS) console.log(`  ${kind.padEnd(18)} ${counts[kind]}`);
}
