import { defineConfig } from "vitest/config";

// Unit tests of the web app's pure helpers; browser tests have their own config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["src/**/*.test.ts"],
    // `npm test` runs these beside workerd and the web build on two cores, where the 5 s
    // default failed tests that were only slow; they assert behaviour, never time.
    testTimeout: 30_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
