import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // `npm test` runs these beside workerd and the web build on two cores, where the 5 s
    // default failed tests that were only slow; they assert behaviour, never time.
    testTimeout: 30_000,
    // The JSON report feeds the pass/fail total that `npm test` prints last.
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
