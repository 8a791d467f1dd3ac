// The test-only routes (one file: each file here pays workerd's setup): off in the Worker
// as wrangler.jsonc configures it, on only for their exact values.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedDemo } from "../test/seed";
import { roomOf } from "../test/table-client";
import { chaosEnabled } from "./chaos";
import { now } from "./clock";
import { testClockEnabled } from "./test-clock";

describe("the soak's chaos hook", () => {
  it("is off in the Worker as wrangler.jsonc configures it: the route is a 404 and the room refuses", async () => {
    await seedDemo(env.DB);
    expect(chaosEnabled(env)).toBe(false);
    const res = await exports.default.fetch("http://api.test/chaos/abort-room/aurora", {
      method: "POST",
    });
    expect(res.status).toBe(404);
    expect(await roomOf(env, "aurora").abortForChaos()).toEqual({ aborted: false });
  });

  it("turns on only for the exact value", () => {
    expect(chaosEnabled({ FELT_CHAOS: "abort-rooms" })).toBe(true);
    for (const v of [undefined, "", "1", "true", "ABORT-ROOMS"])
      expect(chaosEnabled({ FELT_CHAOS: v })).toBe(false);
  });
});

describe("the browser tests' clock route", () => {
  it("is off in the Worker as wrangler.jsonc configures it: a 404, and the clock stays put", async () => {
    expect(testClockEnabled(env)).toBe(false);
    const before = now();
    const res = await exports.default.fetch("http://api.test/test-clock/advance", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ to: before + 600_000 }),
    });
    expect(res.status).toBe(404);
    expect((await exports.default.fetch("http://api.test/test-clock/now")).status).toBe(404);
    // Moved by the route, the clock would read ten minutes on; the wall clock took well under one.
    expect(now() - before).toBeLessThan(60_000);
  });

  it("turns on only for the exact value", () => {
    expect(testClockEnabled({ FELT_TEST_CLOCK: "browser-tests" })).toBe(true);
    for (const v of [undefined, "", "1", "true", "on", "BROWSER-TESTS"])
      expect(testClockEnabled({ FELT_TEST_CLOCK: v })).toBe(false);
  });
});
