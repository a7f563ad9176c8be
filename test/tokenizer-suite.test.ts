// JSONTestSuite (nst/JSONTestSuite, test_parsing/, vendored in test/support/json-suite with its MIT
// license): for every file, checker's syntax check accepts exactly what JSON.parse accepts of the
// file's bytes decoded as strict UTF-8. y_ files must be accepted, n_ files rejected; i_ files
// (implementation-defined) follow JSON.parse, and their outcomes are printed.
//
// Documented outcomes where bytes and JSON.parse meet: bytes that are not UTF-8 are rejected (the
// decoder rejects them before JSON.parse could see them); a UTF-8 BOM is rejected as JSON.parse
// rejects U+FEFF (the decoder keeps it: ignoreBOM), whether given as bytes or in a string.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { syntaxOnly } from "../bindings/syntax.js";
import { ANY, runChunks } from "./support/chunked.js";

const dir = fileURLToPath(new URL("./support/json-suite/test_parsing/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

interface Verdict { utf8: boolean; accepts: boolean; value?: unknown }

function jsonParse(bytes: Uint8Array): Verdict & { text?: string } {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    return { utf8: false, accepts: false };
  }
  try {
    return { utf8: true, accepts: true, value: JSON.parse(text), text };
  } catch {
    return { utf8: true, accepts: false, text };
  }
}

const summary: string[] = [];

afterAll(() => {
  console.log(`JSONTestSuite: ${files.length} files; i_ files (implementation-defined):\n${summary.join("\n")}`);
});

describe("JSONTestSuite test_parsing", () => {
  it("has the whole suite (y_, n_, i_)", () => {
    const count = (p: string) => files.filter((f) => f.startsWith(p)).length;
    expect([count("y_"), count("n_"), count("i_")]).toEqual([95, 188, 35]);
  });

  for (const name of files) {
    it(name, () => {
      const bytes = new Uint8Array(readFileSync(join(dir, name)));
      const ref = jsonParse(bytes);
      if (name.startsWith("y_")) expect(ref.accepts, "JSON.parse must accept a y_ file").toBe(true);
      if (name.startsWith("n_")) expect(ref.accepts, "JSON.parse must reject an n_ file").toBe(false);

      const onBytes = syntaxOnly(bytes);
      expect(onBytes === undefined, `bytes: ${onBytes?.message ?? "accepted"}`).toBe(ref.accepts);
      if (onBytes) expect(onBytes.offset).toBeLessThanOrEqual(bytes.length);
      if (ref.text !== undefined) {
        const onString = syntaxOnly(ref.text);
        expect(onString?.message, "the string form gives the same verdict and offset").toBe(onBytes?.message);
      }
      if (ref.accepts) expect(runChunks(ANY, [bytes])).toEqual({ status: "valid", value: ref.value });
      if (name.startsWith("i_")) {
        summary.push(`  ${name}: ${ref.accepts ? "accepted" : `rejected (${onBytes?.message})`}`);
      }
    });
  }
});
