import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time against the one seeded platform: each uses tables, stakes and
    // players of its own (tagged names), so neither waits on the other, and much of a file's
    // time is the server's pacing (the pause between hands, a tournament's start), which the
    // other file's steps fill. Three at a time, under `npm test` on a loaded 2-core machine,
    // starved the one Next server and the action clocks: a 20 s clock ran out mid-test
    // (table-ux's side pots) and a page load outlived 30 s (issue48-bugs, bug 9), 2026-12-07.
    fileParallelism: true,
    maxWorkers: 2,
    // A poll waits on the server: under CI, where the API's tests share the two cores, a round
    // trip can take longer than vitest's default second. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
