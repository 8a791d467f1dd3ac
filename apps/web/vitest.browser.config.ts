import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A poll waits on the server: under CI, where the API's tests share the two cores, a round
    // trip can take longer than vitest's default second. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
