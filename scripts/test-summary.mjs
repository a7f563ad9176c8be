// Print the plain summary line CI reads, from vitest's JSON report: "N passed, N failed".
import { readFileSync, existsSync } from "node:fs";

const path = process.argv[2] ?? "test-results.json";
if (!existsSync(path)) {
  console.log("0 passed, 1 failed (no test report: the build or the test run did not start)");
  process.exit(1);
}
const r = JSON.parse(readFileSync(path, "utf8"));
const failedSuites = (r.testResults ?? []).filter((s) => s.status === "failed" && (s.assertionResults ?? []).length === 0).length;
console.log(`${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed`);
process.exit(r.numFailedTests + failedSuites > 0 || r.success === false ? 1 : 0);
