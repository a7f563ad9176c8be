// The generated Unicode tables (scripts/gen-unicode-tables.mjs; the ranges are read from
// assets/unicode-ranges.json on first use): they agree with this Node's own
// \p{...} (when it has the same Unicode version), and case folding orbits behave under (?i).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { compilePattern, matchPattern, UNICODE_VERSION } from "../bindings/pattern/index.js";
import { contains, decodeOrbits, foldOrbitOf } from "../bindings/pattern/charclass.js";
import { FOLD_ORBITS } from "../bindings/pattern/unicode-tables.js";
import { loadUnicodeTables, unicodeRanges } from "../bindings/unicode-data.js";
import { unicodeTable } from "../bindings/pattern/unicode.js";

const sameUnicode = process.versions.unicode === UNICODE_VERSION;
const { categories: CATEGORY_RANGES, scripts: SCRIPT_RANGES } = unicodeRanges("\\p{L}");

// Every 331st code point plus the edges of each table's ranges.
function samplePoints(ranges: readonly number[]): number[] {
  const pts = new Set<number>();
  for (let c = 0; c <= 0x10ffff; c += 331) pts.add(c);
  for (let i = 0; i < ranges.length; i += 2) {
    for (const c of [ranges[i]! - 1, ranges[i]!, ranges[i + 1]!, ranges[i + 1]! + 1]) if (c >= 0 && c <= 0x10ffff) pts.add(c);
  }
  return [...pts].filter((c) => c < 0xd800 || c > 0xdfff);
}

function disagreements(name: string, table: readonly number[], re: RegExp): string[] {
  return samplePoints(table)
    .filter((c) => contains(table, c) !== re.test(String.fromCodePoint(c)))
    .map((c) => `${name} U+${c.toString(16)}`);
}

describe.skipIf(!sameUnicode)(`tables vs this Node's RegExp (Unicode ${UNICODE_VERSION})`, () => {
  it("general categories and their one-letter groups", () => {
    const bad: string[] = [];
    const groups = ["C", "L", "M", "N", "P", "S", "Z"];
    for (const name of [...Object.keys(CATEGORY_RANGES), ...groups]) {
      const table = unicodeTable(name)!;
      // Go's and RE2's C leaves out Cn (unassigned); JavaScript's includes it
      const re = name === "C" ? /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u : new RegExp(`\\p{gc=${name}}`, "u");
      bad.push(...disagreements(name, table, re));
    }
    expect(bad).toEqual([]);
  });

  it("scripts", () => {
    const bad: string[] = [];
    for (const name of Object.keys(SCRIPT_RANGES)) {
      const table = unicodeTable(name)!;
      bad.push(...disagreements(name, table, new RegExp(`\\p{Script=${name}}`, "u")));
    }
    expect(bad).toEqual([]);
  });

  it("the committed files are what the generator writes", () => {
    const script = fileURLToPath(new URL("../scripts/gen-unicode-tables.mjs", import.meta.url));
    const run = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("case folding orbits", () => {
  const orbits = decodeOrbits(FOLD_ORBITS);

  it.skipIf(!sameUnicode)("each orbit is what this Node's /iu treats as one letter", () => {
    const bad: string[] = [];
    for (const o of orbits) {
      const re = new RegExp(`^\\u{${o[0]!.toString(16)}}$`, "iu");
      for (const c of o) if (!re.test(String.fromCodePoint(c))) bad.push(`U+${c.toString(16)} not like U+${o[0]!.toString(16)}`);
      // a neighbour outside the orbit does not match
      for (const c of [o[0]! - 1, o[1]! + 1, o[o.length - 1]! + 1]) {
        if (!o.includes(c) && re.test(String.fromCodePoint(c))) bad.push(`U+${c.toString(16)} like U+${o[0]!.toString(16)} but not in its orbit`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("partition the folding code points", () => {
    const seen = new Set<number>();
    for (const o of orbits) {
      expect(o.length).toBeGreaterThanOrEqual(2);
      for (const c of o) {
        expect(seen.has(c), `U+${c.toString(16)} in two orbits`).toBe(false);
        seen.add(c);
        expect(foldOrbitOf(c)).toEqual(o);
      }
    }
    expect(seen.size).toBeGreaterThan(2500);
    expect(foldOrbitOf(0x6b)).toEqual([0x4b, 0x6b, 0x212a]); // K k KELVIN SIGN
    expect(foldOrbitOf(0x131)).toEqual([0x131]); // dotless i folds to nothing else
  });

  it("(?i) on any orbit member matches exactly the orbit", () => {
    for (const o of orbits.filter((_, i) => i % 7 === 0)) {
      for (const c of o) {
        const p = compilePattern(`(?i)^\\x{${c.toString(16)}}$`);
        for (const d of o) expect(matchPattern(p, String.fromCodePoint(d))).toBe(true);
        expect(matchPattern(p, String.fromCodePoint(c + 0x10000 > 0x10ffff ? 0 : c + 0x10000))).toBe(false);
      }
    }
  });

  it("names: as written (every Go), else as Go >= 1.25 reads them (case, _ - and spaces ignored; Assigned, ASCII, LC, Cn; long names)", () => {
    const same = (a: string, b: string) => expect(unicodeTable(a), `${a} = ${b}`).toEqual(unicodeTable(b));
    for (const name of ["Greek", "Lu", "L", "Any", "Old_Italic", "SignWriting"]) expect(unicodeTable(name), name).toBeDefined();
    same("greek", "Greek");
    same("GREEK", "Greek");
    same("g-r_e e k", "Greek");
    same("lu", "Lu");
    same("l", "L");
    same("Letter", "L");
    same("uppercase letter", "Lu");
    same("Decimal_Number", "Nd");
    same("digit", "Nd");
    same("PUNCT", "P");
    same("Combining_Mark", "M");
    same("any", "Any");
    expect(unicodeTable("ASCII")).toEqual([0, 0x7f]);
    expect(unicodeTable("ascii")).toEqual([0, 0x7f]);
    // LC = Lu + Ll + Lt; Cn = no category; Assigned = every category (its complement)
    const lc = compilePattern(String.raw`^\p{LC}+$`);
    expect(["Aa", "\u01c5", "ǅß"].map((s) => matchPattern(lc, s))).toEqual([true, true, true]);
    expect(["ʰ", "1", "中"].map((s) => matchPattern(lc, s))).toEqual([false, false, false]);
    same("Cased_Letter", "LC");
    const cn = compilePattern(String.raw`^\p{Cn}$`);
    const assigned = compilePattern(String.raw`^\p{Assigned}$`);
    for (const [c, isAssigned] of [["\u0378", false], ["\uffff", false], ["\u{10ffff}", false], ["a", true], ["\ud800", true], ["\ue000", true], ["😀", true]] as const) {
      expect([matchPattern(cn, c), matchPattern(assigned, c)], JSON.stringify(c)).toEqual([!isAssigned, isAssigned]);
    }
    same("unassigned", "Cn");
    // (?i): ASCII takes the long s and the Kelvin sign, as Go's asciiFoldTable
    const fold = compilePattern(String.raw`^(?i)\p{ascii}$`);
    expect(["s", "\u017f", "\u212a", "é"].map((s) => matchPattern(fold, s))).toEqual([true, true, true, false]);
    // refused as by every Go: a script of several words by another spelling (Go >= 1.25 refuses
    // \p{Old_Italic} too), a script code, a property=value form, an unknown name
    for (const name of ["Old Italic", "olditalic", "signwriting", "Grek", "Script=Greek", "Unknown", "Zzzz", "", "L&", "Is_Greek"]) {
      expect(unicodeTable(name), name).toBeUndefined();
    }
  });
});

describe("the Unicode ranges file", () => {
  it("is for the Unicode version of the bundled folding orbits, and loading it again does nothing", async () => {
    expect(unicodeRanges("\\p{L}").unicode).toBe(UNICODE_VERSION);
    const before = unicodeRanges("\\p{L}");
    await loadUnicodeTables({ unicode: "0.0", categories: {}, scripts: {} });
    expect(unicodeRanges("\\p{L}")).toBe(before);
  });
});

describe("loadUnicodeTables (each case in a fresh copy of the module, where nothing is loaded yet)", () => {
  async function fresh(): Promise<typeof import("../bindings/unicode-data.js")> {
    vi.resetModules();
    return import("../bindings/unicode-data.js");
  }

  it("loads the packaged file from a file: URL, or takes the contents as an object", async () => {
    const a = await fresh();
    await a.loadUnicodeTables(new URL("../assets/unicode-ranges.json", import.meta.url));
    expect(Object.keys(a.unicodeRanges("\\p{Greek}").scripts)).toContain("Greek");
    const b = await fresh();
    await b.loadUnicodeTables({ unicode: UNICODE_VERSION, categories: { Lu: "1t p" }, scripts: {} });
    expect(b.unicodeRanges("\\p{Lu}").categories).toEqual({ Lu: "1t p" });
  });

  it("refuses tables of another Unicode version, other JSON, and a missing file, saying which", async () => {
    const m = await fresh();
    await expect(m.loadUnicodeTables({ unicode: "9.0", categories: {}, scripts: {} })).rejects.toThrow(
      `checker: the Unicode tables are for Unicode 9.0; this build needs Unicode ${UNICODE_VERSION}`,
    );
    await expect(m.loadUnicodeTables({ hello: 1 } as never)).rejects.toThrow("checker: these are not the Unicode tables (assets/unicode-ranges.json)");
    await expect(m.loadUnicodeTables(new URL("../assets/missing.json", import.meta.url))).rejects.toThrow(/ENOENT/);
    await expect(m.loadUnicodeTables(new Response("nope", { status: 404 }))).rejects.toThrow("checker: cannot load the Unicode tables from the Response given (HTTP 404)");
  });
});
