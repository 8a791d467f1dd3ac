import { defineConfig } from "vitest/config";
import { NODE_TESTS } from "./vitest.node-tests.ts";

// Tests that need no workerd run in plain Node: the scripts around the Worker
// (serve.mjs starts workerd itself), and the Worker's pure modules, which in the
// workers pool would pay workerd's setup (about 16 s a file under load) for nothing.
export default defineConfig({
  test: {
    include: ["scripts/**/*.test.mjs", ...NODE_TESTS],
    testTimeout: 60_000,
    provide: { fullSize: process.env.FELT_TEST_SIZE === "full" },
    reporters: ["default", ["json", { outputFile: "test-results/vitest-node.json" }]],
  },
});
