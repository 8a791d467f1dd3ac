import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
