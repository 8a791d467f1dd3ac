import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkFairness } from "./fairness";

const seed = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const commitment = createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");

describe("the replayer's fairness check", () => {
  it("verifies a seed against its commitment, as packages/fairness computes it", async () => {
    expect(await checkFairness(seed, commitment)).toEqual({
      status: "verified",
      seed,
      commitment,
      computed: commitment,
    });
  });

  it("reports a mismatch, a malformed seed and a hand without one", async () => {
    const other = `${seed.slice(0, -1)}0`;
    expect((await checkFairness(other, commitment)).status).toBe("failed");
    expect((await checkFairness("zz", commitment)).status).toBe("badSeed");
    expect((await checkFairness(undefined, undefined)).status).toBe("unavailable");
  });
});
