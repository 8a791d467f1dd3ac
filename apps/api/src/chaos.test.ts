import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedDemo } from "../test/seed";
import { roomOf } from "../test/table-client";
import { chaosEnabled } from "./chaos";

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
