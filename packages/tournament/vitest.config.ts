import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The JSON report feeds the pass/fail total that `npm test` prints last.
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
