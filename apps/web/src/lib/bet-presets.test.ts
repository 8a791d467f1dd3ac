import { describe, expect, it } from "vitest";
import { betPresets, clampAmount } from "./bet-presets";

describe("bet presets", () => {
  it("B-5 the pot preset equals the pot-limit maximum: blinds 1/2, call 2, raise to 4 → 17", () => {
    // Pot 1 + 2 + 2 + 4 = 9 in the middle, facing 4 with nothing in: pot raise is to 17.
    const presets = betPresets({ totalPot: 9, highestBet: 4, ownBet: 0, min: 6, max: 17 });
    expect(presets.find((p) => p.label === "All-in")?.amount).toBe(17);
    expect(presets.map((p) => p.amount)).toEqual([10, 13, 17]);
  });

  it("B-4 opening bets in no-limit: pot 15, stack 300", () => {
    const presets = betPresets({ totalPot: 15, highestBet: 0, ownBet: 0, min: 2, max: 300 });
    expect(presets).toEqual([
      { label: "½ pot", amount: 7 },
      { label: "¾ pot", amount: 11 },
      { label: "Pot", amount: 15 },
      { label: "All-in", amount: 300 },
    ]);
  });

  it("clamps into the legal range and drops duplicates when the stack is short", () => {
    const presets = betPresets({ totalPot: 100, highestBet: 0, ownBet: 0, min: 2, max: 30 });
    expect(presets).toEqual([{ label: "All-in", amount: 30 }]);
  });

  it("clampAmount snaps to whole legal chips", () => {
    expect(clampAmount(7.6, 2, 10)).toBe(8);
    expect(clampAmount(-5, 2, 10)).toBe(2);
    expect(clampAmount(99, 2, 10)).toBe(10);
    expect(clampAmount(Number.NaN, 2, 10)).toBe(2);
  });
});
