/** The API's test files that need no workerd: vitest.node.config.ts runs them, vitest.config.ts skips them. */
export const NODE_TESTS = [
  "src/auth/password.test.ts",
  "src/history/redact.test.ts",
  "src/ledger/rake.test.ts",
  "src/rooms/russian/russian-fairness.test.ts",
  "src/rooms/stake.test.ts",
  "src/rooms/tournament-table.test.ts",
  "src/tournaments/definition.test.ts",
  "src/tournaments/pieces.test.ts",
  "src/tournaments/record.test.ts",
  "src/tournaments/refusals.test.ts",
  "src/trpc/describe.test.ts",
];
