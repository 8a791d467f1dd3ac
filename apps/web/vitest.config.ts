import { defineConfig } from "vitest/config";

// Unit tests of the web app's pure helpers; browser tests have their own config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["src/**/*.test.ts"],
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
