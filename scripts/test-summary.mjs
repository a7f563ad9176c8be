// Print the plain summary line CI reads, from vitest's JSON report: "N passed, N failed".
// `--exit N`: vitest's exit code; a run that failed with no failed test (no test files, an error
// outside the tests) still counts one failure, so the line never says "0 failed" for a failed run.
import { readFileSync, existsSync } from "node:fs";

const args = process.argv.slice(2);
const at = args.indexOf("--exit");
const exit = at >= 0 ? Number(args[at + 1]) : 0;
const path = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--exit") ?? "test-results.json";
if (!existsSync(path)) {
  console.log("0 passed, 1 failed (no test report: the build or the test run did not start)");
  process.exit(1);
}
const r = JSON.parse(readFileSync(path, "utf8"));
const failedSuites = (r.testResults ?? []).filter((s) => s.status === "failed" && (s.assertionResults ?? []).length === 0).length;
const failed = r.numFailedTests + failedSuites;
if (failed === 0 && (exit !== 0 || r.success === false || r.numTotalTests === 0)) {
  const why = r.numTotalTests === 0 ? "no tests ran" : `the run failed outside the tests (vitest exit code ${exit})`;
  console.log(`${r.numPassedTests} passed, 1 failed (${why})`);
  process.exit(1);
}
console.log(`${r.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
