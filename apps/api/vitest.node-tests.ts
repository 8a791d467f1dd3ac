/** The API's test files that need no workerd: vitest.node.config.ts runs them, vitest.config.ts skips them. */
export const NODE_TESTS = [
  "src/auth/password.test.ts",
  "src/history/redact.test.ts",
  "src/ledger/rake.test.ts",
  "src/rooms/russian/russian-fairness.test.ts",
  "src/rooms/stake.test.ts",
  "src/rooms/tournament-table.test.ts",
  "src/admin/tournament-input.test.ts",
  "src/lobby/tournaments-router.test.ts",
  "src/tournaments/refusals.test.ts",
  "src/tournaments/series.test.ts",
  "src/tournaments/stored-chunks.test.ts",
  "src/tournaments/table-calls.test.ts",
  "src/trpc/describe.test.ts",
];
