import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // `npm test` runs these beside workerd and the web build on two cores, where the 5 s
    // default failed tests that were only slow; they assert behaviour, never time.
    testTimeout: 30_000,
    // The long random runs play a few seconds' worth in `npm test`; FELT_TEST_SIZE=full
    // plays them at full size (src/test-size.ts).
    provide: { fullSize: process.env.FELT_TEST_SIZE === "full" },
    // The JSON report feeds the pass/fail total that `npm test` prints last.
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
