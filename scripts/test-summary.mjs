// Adds up the JSON reports of every vitest run into the closing lines CI reads: how long
// each stage took (scripts/test.sh passes its own as `--stage name=seconds`, and `--stage turbo`
// where turbo's tasks go, timed by turbo's run summaries), each failed test by file and name
// with the first line of its error, then the totals.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { stage: { type: "string", multiple: true, default: [] } },
});
printStages(args.stage.map((s) => s.split("=")));

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

/** One line per stage as "seconds  name"; turbo's tasks in the order they started. */
function printStages(stages) {
  if (stages.length === 0) return;
  console.log("stage times (turbo's tasks: two lanes, one task at a time on each):");
  for (const [name, seconds] of stages) {
    if (seconds !== undefined) console.log(stageLine(Number(seconds), name));
    else if (name === "turbo") printTurboTasks();
  }
}

function stageLine(seconds, name) {
  return `  ${seconds.toFixed(0).padStart(5)} s  ${name}`;
}

/**
 * The tasks of turbo's run summaries in .turbo/runs (test.sh empties it first, then runs turbo
 * with --summarize), in the order they started, each with when it started.
 */
function printTurboTasks() {
  const dir = path.join(".turbo", "runs");
  const runs = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")))
    : [];
  if (runs.length === 0) return;
  const started = Math.min(...runs.map((run) => run.execution.startTime));
  const tasks = runs
    .flatMap((run) => run.tasks)
    .filter((t) => t.execution)
    .sort((a, b) => a.execution.startTime - b.execution.startTime);
  for (const { taskId, cache, execution } of tasks) {
    const seconds = (execution.endTime - execution.startTime) / 1000;
    const at = ((execution.startTime - started) / 1000).toFixed(0);
    const cached = cache?.status === "HIT" ? ", cached" : "";
    console.log(`${stageLine(seconds, taskId)}  (from ${at} s${cached})`);
  }
}
