#!/usr/bin/env node
// Generates the Unicode data of the RE2 pattern compiler:
//  - bindings/pattern/unicode-tables.ts: the Unicode version and the simple case-folding orbits
//    ((?i) needs them for any letter: k also matches U+212A KELVIN SIGN), bundled with the code;
//  - assets/unicode-ranges.json: the general categories and scripts (\pL, \p{Greek}), a file
//    shipped beside the code and loaded only when a pattern names one (bindings/unicode-data.ts).
//
//   node scripts/gen-unicode-tables.mjs            write the files
//   node scripts/gen-unicode-tables.mjs --check    exit 1 if a committed file differs
//
// The data comes from the running Node's own RegExp engine (ICU): every code point is tested
// against `\p{gc=X}` / `\p{Script=X}` and `/x/iu`, so no table is typed by hand. The output is
// committed; re-running it on a Node with a newer Unicode version updates the tables.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = fileURLToPath(new URL("../bindings/pattern/unicode-tables.ts", import.meta.url));
const OUT_RANGES = fileURLToPath(new URL("../assets/unicode-ranges.json", import.meta.url));
const MAX = 0x10ffff;

// The two-letter general categories RE2 and Go name (Cn, unassigned, is not one of them).
const CATEGORIES = ["Cc", "Cf", "Co", "Cs", "Ll", "Lm", "Lo", "Lt", "Lu", "Mc", "Me", "Mn",
  "Nd", "Nl", "No", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Sc", "Sk", "Sm", "So", "Zl", "Zp", "Zs"];

// Script names as RE2 and Go spell them (Unicode long property value aliases). A name this
// Node does not know is skipped, so the tables follow the Unicode version of the generating Node.
const SCRIPT_NAMES = `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah
Batak Bengali Beria_Erfe Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian
Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan
Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic
Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul
Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi
Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script
Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani
Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui
Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari
Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian
Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic
Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi
Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham Sidetic SignWriting Sinhala Sogdian
Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet
Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Tolong_Siki Toto
Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square`.split(/\s+/);

// All code points except the surrogates, in order, as one string; a regex with /gu walks it
// once per property and its match runs become ranges directly.
const SURR_LO = 0xd800;
const SURR_HI = 0xdfff;
const parts = [];
for (let cp = 0; cp <= MAX; cp++) {
  if (cp === SURR_LO) cp = SURR_HI + 1;
  parts.push(String.fromCodePoint(cp));
}
const ALL = parts.join("");

// UTF-16 index in ALL -> code point.
function cpAt(index) {
  if (index < SURR_LO) return index;
  if (index < 0xf800) return index + 0x800; // U+E000..U+FFFF follow the skipped surrogates
  return 0x10000 + ((index - 0xf800) >> 1);
}

/** Ranges [lo, hi, lo, hi, ...] of the code points matched by `\p{<prop>}`. */
function rangesOf(prop, withSurrogates) {
  const re = new RegExp(`\\p{${prop}}+`, "gu");
  const out = [];
  for (const m of ALL.matchAll(re)) {
    const lo = cpAt(m.index);
    const hi = cpAt(m.index + m[0].length - 1);
    if (out.length > 0 && out[out.length - 1] + 1 === lo) out[out.length - 1] = hi;
    else out.push(lo, hi);
  }
  if (withSurrogates) return mergeRanges([...out, SURR_LO, SURR_HI]);
  return out;
}

function mergeRanges(r) {
  const pairs = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i], r[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1] + 1) out[out.length - 1] = Math.max(out[out.length - 1], hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Compact text form: base-36 "gap,len" pairs (gap from the previous hi+1, len = hi-lo). */
function encodeRanges(r) {
  const out = [];
  let next = 0;
  for (let i = 0; i < r.length; i += 2) {
    out.push((r[i] - next).toString(36), (r[i + 1] - r[i]).toString(36));
    next = r[i + 1] + 1;
  }
  return out.join(" ");
}

function knows(prop) {
  try {
    new RegExp(`\\p{${prop}}`, "u");
    return true;
  } catch {
    return false;
  }
}

// Simple case folding orbits: sets of code points equal under Unicode simple case folding
// (what /iu compares, and what Go's unicode.SimpleFold cycles through). Candidates are the
// code points that change under case mapping and their single-code-point images; each is then
// grouped with the candidates that `/^c$/iu` accepts.
function foldOrbits() {
  const candidates = new Set();
  for (let cp = 0; cp <= MAX; cp++) {
    if (cp === SURR_LO) cp = SURR_HI + 1;
    const s = String.fromCodePoint(cp);
    const lower = s.toLowerCase();
    const upper = s.toUpperCase();
    if (lower === s && upper === s) continue;
    candidates.add(cp);
    for (const t of [lower, upper]) {
      const cps = [...t];
      if (cps.length === 1) candidates.add(cps[0].codePointAt(0));
    }
  }
  const list = [...candidates].sort((a, b) => a - b);
  const joined = list.map((c) => String.fromCodePoint(c)).join("");
  const seen = new Set();
  const orbits = [];
  for (const cp of list) {
    if (seen.has(cp)) continue;
    const esc = `\\u{${cp.toString(16)}}`;
    const re = new RegExp(esc, "giu");
    const orbit = [];
    for (const m of joined.matchAll(re)) orbit.push(m[0].codePointAt(0));
    if (!orbit.includes(cp)) throw new Error(`fold orbit of U+${cp.toString(16)} misses itself`);
    for (const c of orbit) seen.add(c);
    if (orbit.length > 1) orbits.push(orbit.sort((a, b) => a - b));
  }
  return orbits;
}

/**
 * Compact text form of the orbits: runs of orbits with the same shape (offsets of the other
 * members from the least one) whose least members are evenly spaced (A..Z: 26 orbits, stride 1,
 * offset 32). Each run is `gap:offsets` or `gap:offsets:count:stride` in base 36, gap measured
 * from the least member of the previous run's last orbit.
 */
function encodeOrbits(orbits) {
  const runs = [];
  for (const o of [...orbits].sort((a, b) => a[0] - b[0])) {
    const offsets = o.slice(1).map((c) => (c - o[0]).toString(36)).join(",");
    const last = runs[runs.length - 1];
    if (last && last.offsets === offsets && (last.count === 1 || o[0] - last.lastMin === last.stride)) {
      if (last.count === 1) last.stride = o[0] - last.lastMin;
      last.count++;
      last.lastMin = o[0];
    } else {
      runs.push({ first: o[0], lastMin: o[0], offsets, count: 1, stride: 0 });
    }
  }
  let prev = 0;
  return runs.map((r) => {
    const gap = (r.first - prev).toString(36);
    prev = r.lastMin;
    return r.count === 1 ? `${gap}:${r.offsets}` : `${gap}:${r.offsets}:${r.count.toString(36)}:${r.stride.toString(36)}`;
  }).join(" ");
}

function generate() {
  const categories = {};
  for (const name of CATEGORIES) {
    if (!knows(`gc=${name}`)) throw new Error(`this Node does not know \\p{gc=${name}}`);
    categories[name] = encodeRanges(rangesOf(`gc=${name}`, name === "Cs"));
  }
  const scripts = {};
  const skipped = [];
  for (const name of SCRIPT_NAMES) {
    if (!knows(`Script=${name}`)) {
      skipped.push(name);
      continue;
    }
    scripts[name] = encodeRanges(rangesOf(`Script=${name}`, false));
  }
  const orbits = encodeOrbits(foldOrbits());

  const lines = [
    "// Generated by scripts/gen-unicode-tables.mjs; do not edit by hand.",
    `// Source: Node ${process.version}'s RegExp engine (ICU ${process.versions.icu}, Unicode ${process.versions.unicode}).`,
    "// Fold orbits come in runs \"gap:offsets[:count:stride]\" (base 36): `count` orbits (default 1)",
    "// whose least members are `stride` apart, the first `gap` after the previous run's last one;",
    "// each orbit is its least member plus the comma-separated offsets. The category and script",
    "// ranges are in assets/unicode-ranges.json (loaded when a pattern names one).",
    skipped.length > 0 ? `// Script names this Node does not know (left out of the ranges): ${skipped.join(", ")}.` : "",
    "",
    `export const UNICODE_VERSION = ${JSON.stringify(process.versions.unicode)};`,
    "",
    `export const FOLD_ORBITS = ${JSON.stringify(orbits)};`,
    "",
  ].filter((l, i, a) => !(l === "" && a[i - 1] === ""));
  // Ranges are base-36 "gap len" pairs: lo = previous hi + 1 + gap, hi = lo + len.
  const ranges = { unicode: process.versions.unicode, format: "base-36 'gap len' pairs: lo = previous hi + 1 + gap, hi = lo + len", categories, scripts };
  return { [OUT]: lines.join("\n"), [OUT_RANGES]: `${JSON.stringify(ranges, null, 0)}\n` };
}

const files = generate();
if (process.argv.includes("--check")) {
  let stale = false;
  for (const [path, text] of Object.entries(files)) {
    let old = "";
    try {
      old = readFileSync(path, "utf8");
    } catch {
      // missing file: differs
    }
    if (old !== text) {
      console.error(`${path} is not what this Node generates (Unicode ${process.versions.unicode})`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
  console.log("the Unicode tables are up to date");
} else {
  mkdirSync(dirname(OUT_RANGES), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(path, text);
    console.log(`wrote ${path} (${text.length} bytes, Unicode ${process.versions.unicode})`);
  }
}
