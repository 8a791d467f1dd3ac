import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run side by side against the one seeded platform: each uses tables, stakes and
    // players of its own (tagged names), so none waits on another. Most of a browser test's
    // time is the server's pacing (the pause between hands, a tournament's start), so three
    // at once overlap those waits; more starved the two cores under `npm test`.
    fileParallelism: true,
    maxWorkers: 3,
    // A poll waits on the server: under CI, where the API's tests share the two cores, a round
    // trip can take longer than vitest's default second. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
