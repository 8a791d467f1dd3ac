// Adds up the JSON reports of every vitest run into the one closing line CI reads.
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
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (passed === 0) {
  console.error("no test reports found: did any test run?");
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
