import { defineConfig } from "vitest/config";

// Real Chromium against the real API (workerd) and the built web app.
export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    globalSetup: ["./test/servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each on a platform of its own (test/servers.ts starts one per
    // worker; test/browser.ts picks the worker's): one platform shared by two files
    // failed a draw hand's one-second clicks and let a lobby filter see another file's
    // tables (2026-12-07). FELT_BROWSER_WORKERS=1 runs them one at a time on one platform.
    fileParallelism: true,
    maxWorkers: Number(process.env.FELT_BROWSER_WORKERS ?? 2),
    // A poll waits on the server: under CI, where the API's tests share the two cores, a round
    // trip can take longer than vitest's default second. A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/browser.json" }]],
  },
});
