import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEED,
  EMAIL_PATTERN,
  INVALID_KINDS,
  RECORD_MAX_BYTES,
  RECORD_MIN_BYTES,
  countKinds,
  generateLabeledUsers,
  generateUsers,
  type LabeledRecord,
  type RecordKind,
} from "../bench/corpus.js";
import {
  AgreementError,
  checkAgreement,
  percentile,
  runBenchmarks,
  spread,
  writeResults,
  type Validator,
} from "../bench/harness.js";
import { peers, validatingPeers } from "../bench/peers.js";

const N = 20_000;
const labeled = generateLabeledUsers(N);
const texts = labeled.map((r) => r.text);

const cp = (s: string) => Array.from(s).length;
const KEYS = ["id", "name", "email", "age", "tags", "active"] as const;

/** An independent statement of the rules: the kinds a record breaks (empty when valid). */
function violations(text: string): RecordKind[] {
  const u = JSON.parse(text) as Record<string, unknown>;
  const out = new Set<RecordKind>();
  if (KEYS.some((k) => !(k in u))) out.add("missing-field");
  const { id, name, email, age, tags, active } = u;
  const isInt = (x: unknown) => typeof x === "number" && Number.isInteger(x);
  if ("id" in u && !isInt(id)) out.add("wrong-type");
  if (isInt(id) && (id as number) < 1) out.add("id-out-of-range");
  if ("name" in u && typeof name !== "string") out.add("wrong-type");
  if (typeof name === "string" && cp(name) < 2) out.add("name-too-short");
  if (typeof name === "string" && cp(name) > 50) out.add("name-too-long");
  if ("email" in u && typeof email !== "string") out.add("wrong-type");
  if (typeof email === "string" && !new RegExp(EMAIL_PATTERN).test(email)) out.add("bad-email");
  if ("age" in u && !isInt(age)) out.add("wrong-type");
  if (isInt(age) && ((age as number) < 0 || (age as number) > 150)) out.add("age-out-of-range");
  if ("tags" in u) {
    if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string")) out.add("wrong-type");
    else if (tags.length > 5) out.add("too-many-tags");
    else if (new Set(tags).size !== tags.length) out.add("duplicate-tags");
  }
  if ("active" in u && typeof active !== "boolean") out.add("wrong-type");
  return [...out];
}

describe("bench corpus generator", () => {
  it("is deterministic: same seed, same records; another seed, other records", () => {
    expect(generateUsers(2_000, 7)).toEqual(generateUsers(2_000, 7));
    expect(generateUsers(2_000)).toEqual(generateUsers(2_000, DEFAULT_SEED));
    expect(generateUsers(2_000, 8)).not.toEqual(generateUsers(2_000, 7));
    // One PRNG stream: a shorter corpus is a prefix of a longer one.
    expect(texts.slice(0, 2_000)).toEqual(generateUsers(2_000));
  });

  it("does not use Math.random", () => {
    const original = Math.random;
    Math.random = () => {
      throw new Error("Math.random called");
    };
    try {
      expect(generateUsers(500)).toEqual(texts.slice(0, 500));
    } finally {
      Math.random = original;
    }
  });

  it("has ~10% invalid records, with every failure kind", () => {
    const counts = countKinds(labeled);
    const invalid = labeled.filter((r) => !r.valid).length;
    expect(invalid / N).toBeGreaterThan(0.08);
    expect(invalid / N).toBeLessThan(0.12);
    for (const kind of INVALID_KINDS) expect(counts[kind], kind).toBeGreaterThan(N / 200);
    expect(counts["valid-unicode"]).toBeGreaterThan(N / 100);
    // The 2,000-record sample has every kind too.
    const sample = countKinds(labeled.slice(0, 2_000));
    for (const kind of INVALID_KINDS) expect(sample[kind], kind).toBeGreaterThan(0);
  });

  it("labels each record with exactly the rule it breaks", () => {
    for (const r of labeled) {
      expect(violations(r.text), `${r.kind}/${r.detail}: ${r.text}`).toEqual(
        r.valid ? [] : [r.kind],
      );
      expect(r.valid).toBe(r.kind === "valid" || r.kind === "valid-unicode");
    }
  });

  it("covers each missing key and several wrong types", () => {
    const details = new Set(labeled.map((r) => r.detail));
    for (const k of KEYS) expect(details.has(`missing-${k}`), k).toBe(true);
    for (const d of ["age-as-string", "age-not-integer", "id-as-string", "tags-as-string"]) {
      expect(details.has(d), d).toBe(true);
    }
  });

  it("keeps every record ~200 bytes (150..260 bytes of UTF-8)", () => {
    let total = 0;
    for (const r of labeled) {
      const size = Buffer.byteLength(r.text);
      expect(size, r.text).toBeGreaterThanOrEqual(RECORD_MIN_BYTES);
      expect(size, r.text).toBeLessThanOrEqual(RECORD_MAX_BYTES);
      total += size;
    }
    expect(total / N).toBeGreaterThan(170);
    expect(total / N).toBeLessThan(230);
  });

  it("has valid non-ASCII names, counted in code points, that UTF-16 counting gets wrong", () => {
    const names = (pred: (r: LabeledRecord, name: unknown) => boolean) =>
      labeled.filter((r) => pred(r, (JSON.parse(r.text) as { name?: unknown }).name));
    const unicode = names((r) => r.kind === "valid-unicode");
    expect(unicode.length).toBeGreaterThan(0);
    for (const r of unicode) {
      const name = (JSON.parse(r.text) as { name: string }).name;
      expect(/[^\x00-\x7f]/.test(name)).toBe(true);
      expect(cp(name)).toBeGreaterThanOrEqual(2);
      expect(cp(name)).toBeLessThanOrEqual(50);
    }
    for (const n of ["Zoë", "Łukasz", "李雷"]) {
      expect(texts.some((t) => t.includes(`"name":"${n}`)), n).toBe(true);
    }
    // Valid only in code points: more than 50 UTF-16 units / a 2-unit single code point.
    expect(names((r, n) => r.valid && typeof n === "string" && n.length > 50).length).toBeGreaterThan(0);
    expect(
      names((r, n) => !r.valid && typeof n === "string" && n.length === 2 && cp(n) === 1).length,
    ).toBeGreaterThan(0);
  });
});

describe("bench peers", () => {
  it("all validating peers agree with each other and with the labels", () => {
    const labels: Validator = {
      name: "labels",
      validate: (t) => labeled[texts.indexOf(t)]?.valid ?? false,
    };
    const report = checkAgreement(validatingPeers, texts);
    expect(report.disagreements).toEqual([]);
    expect(report.agree).toBe(true);
    expect(report.accepted).toBe(labeled.filter((r) => r.valid).length);
    expect(validatingPeers.map((p) => p.name)).toEqual(
      expect.arrayContaining(["JSON.parse + ajv", "JSON.parse + zod", "JSON.parse + valibot"]),
    );
    // Per record, against the generator's labels (a smaller slice: indexOf is linear).
    expect(checkAgreement([labels, ...validatingPeers], texts.slice(0, 2_000)).agree).toBe(true);
  });

  it("JSON.parse alone accepts every record, type and constraint errors included", () => {
    const baseline = peers.find((p) => p.name === "JSON.parse");
    expect(baseline?.validates).toBe(false);
    expect(texts.every((t) => baseline?.validate(t))).toBe(true);
    expect(baseline?.validate('{"id":1,')).toBe(false);
    for (const p of validatingPeers) expect(p.validate("{not json"), p.name).toBe(false);
  });

  it("count name length in code points, not UTF-16 units", () => {
    const rec = (name: string) =>
      JSON.stringify({ id: 1, name, email: "a.b@example.com", age: 3, tags: [], active: true });
    for (const p of validatingPeers) {
      expect(p.validate(rec("😀")), `${p.name} 1 astral`).toBe(false);
      expect(p.validate(rec("😀😀")), `${p.name} 2 astral`).toBe(true);
      expect(p.validate(rec("😀".repeat(50))), `${p.name} 50 astral`).toBe(true);
      expect(p.validate(rec("😀".repeat(51))), `${p.name} 51 astral`).toBe(false);
      expect(p.validate(rec("a".repeat(50))), `${p.name} 50 ascii`).toBe(true);
    }
  });
});

describe("bench harness", () => {
  it("computes median and spread", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, p10: 1.4, p90: 4.6, max: 5 });
  });

  it("times rounds and checks that each round accepts the same count", () => {
    const [t] = runBenchmarks([{ name: "x", round: () => 7 }], 10, { rounds: 3, warmup: 1 });
    expect(t?.samples.length).toBe(3);
    expect(t?.accepted).toBe(7);
    let n = 0;
    expect(() => runBenchmarks([{ name: "y", round: () => n++ }], 10, { rounds: 2 })).toThrow(
      /accepted/,
    );
  });

  it("reports disagreements and refuses to write results for them", () => {
    const a: Validator = { name: "a", validate: () => true };
    const b: Validator = { name: "b", validate: (t) => t !== "2" };
    const report = checkAgreement([a, b], ["1", "2", "3"]);
    expect(report.agree).toBe(false);
    expect(report.disagreements).toEqual([
      { index: 1, text: "2", verdicts: { a: true, b: false } },
    ]);
    const write = () =>
      writeResults("never-written", {
        title: "x",
        corpus: { records: 3, seed: 1, bytesPerRecord: 1 },
        agreement: report,
        timings: [],
      });
    expect(write).toThrow(AgreementError);
  });
});

describe("bundled sample data", () => {
  it("is the generator's 2,000 records with the default seed", () => {
    const file = readFileSync(new URL("../data/sample-users.ndjson", import.meta.url), "utf8");
    expect(file).toBe(texts.slice(0, 2_000).join("\n") + "\n");
  });
});
