// Adds up the JSON reports of every vitest run into the closing lines CI reads:
// each failed test by file and name with the first line of its error, then the totals.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const reports = ["apps", "packages"].flatMap((group) =>
  readdirSync(group).flatMap((pkg) => {
    const dir = path.join(group, pkg, "test-results");
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .map((f) => path.join(dir, f))
      : [];
  }),
);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const reason = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
      failures.push(`  ✗ ${where} › ${test.fullName ?? test.title}\n      ${reason}`);
    }
    // A file that failed to load has no tests to name, only its own message.
    if (suite.status === "failed" && !(suite.assertionResults ?? []).length) {
      failures.push(`  ✗ ${where}\n      ${(suite.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}
if (passed === 0) {
  console.error("no test reports found: did any test run?");
  process.exit(1);
}
if (failures.length) console.log(`failed:\n${failures.join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
