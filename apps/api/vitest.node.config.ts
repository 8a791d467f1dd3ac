import { defineConfig } from "vitest/config";

// Node tests of the scripts around the Worker (serve.mjs starts workerd itself);
// the Worker's own tests run inside workerd (vitest.config.ts).
export default defineConfig({
  test: {
    include: ["scripts/**/*.test.mjs"],
    reporters: ["default", ["json", { outputFile: "test-results/vitest-node.json" }]],
    testTimeout: 60_000,
  },
});
