import { defineConfig } from "vitest/config";
import { NODE_TESTS } from "./vitest.node-tests.ts";

// The API's tests that use nothing of workerd run in plain Node: each file in the
// workers pool pays workerd's setup (about 16 s a file under load) for nothing.
export default defineConfig({
  test: {
    include: NODE_TESTS,
    testTimeout: 30_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest-node.json" }]],
  },
});
