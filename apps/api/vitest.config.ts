import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { NODE_TESTS } from "./vitest.node-tests.ts";

// Tests run inside workerd against real D1 and Durable Objects (no mocks).
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.jsonc" },
        miniflare: {
          // Hands are dealt when a test fires the room's alarm, never by the clock mid-test.
          // Every test signs up from the same (unknown) address; auth/limits.test.ts tests the limits.
          bindings: {
            TEST_MIGRATIONS: migrations,
            NEXT_HAND_DELAY_MS: "300000",
            SIGN_UPS_PER_IP_PER_HOUR: "100000",
            SIGN_UPS_PER_HOUR: "100000",
            // Sign-ups answer at once here; auth/sign-up.test.ts tests the steady answer time.
            SIGN_UP_ANSWER_MS: "0",
            // One JSON line per request would bury the output; health.test.ts turns it on.
            FELT_REQUEST_LOG: "off",
            // Mail stays in memory (mail/mail.ts), where the tests read it: no network, no account.
            MAIL_TRANSPORT: "memory",
          },
        },
      }),
    ],
    test: {
      include: ["src/**/*.test.ts"],
      // These need no workerd and run in Node (vitest.node.config.ts).
      exclude: NODE_TESTS,
      setupFiles: ["./test/apply-migrations.ts", "./test/reconcile-after-each.ts"],
      // The long random runs play a few seconds' worth in `npm test`; FELT_TEST_SIZE=full
      // plays them at full size (test/test-size.ts).
      provide: { fullSize: process.env.FELT_TEST_SIZE === "full" },
      reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
      // Console output goes straight to workerd's log, not through vitest. Vitest
      // forwards a Durable Object's console call from inside that object; when a
      // test throws the object out of memory (abortAllDurableObjects) just then,
      // the message is never sent, vitest waits for it forever at the end of the
      // file, and the run hangs with workerd idle (one run in three, 2026-12-02).
      disableConsoleIntercept: true,
      // A test here is a chain of real requests, sockets and object restarts in
      // workerd. Alone each takes well under a second, but `npm test` runs them
      // beside the web build and the browser tests on two cores, and vitest's
      // 5 s default then failed tests that were only slow (a tournament restart
      // test, the stake edit test, 2026-12-03). They assert behaviour, never time.
      testTimeout: 30_000,
      // Two files at a time (vitest's default here is one: cores − 1). Each file gets a
      // workerd of its own, so they share nothing; a file mostly waits (its runtime's start,
      // module loading, round trips): all 47 took 152 s at two, 134 s of CPU (2026-12-08).
      maxWorkers: Number(process.env.FELT_API_TEST_WORKERS ?? 2),
    },
  };
});
