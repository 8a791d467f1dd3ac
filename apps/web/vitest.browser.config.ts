import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time. Two at a time against the one seeded platform took the suite from
    // 554 s to 405-500 s, but in a full `npm test` (2026-12-07) it failed a draw hand's
    // one-second clicks and starved the action clocks, and a lobby filter can see another
    // file's tables: the landing is worth more than the two minutes.
    fileParallelism: false,
    // A poll waits on the server: under CI, where the API's tests share the two cores, a round
    // trip can take longer than vitest's default second. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
