import { describe, expect, it } from "vitest";
import { betPresets, clampAmount, raiseChoice } from "./bet-presets";

describe("bet presets", () => {
  it("B-5 the pot preset equals the pot-limit maximum: blinds 1/2, call 2, raise to 4 → 17", () => {
    // Pot 1 + 2 + 2 + 4 = 9 in the middle, facing 4 with nothing in: pot raise is to 17.
    const presets = betPresets({
      totalPot: 9,
      highestBet: 4,
      ownBet: 0,
      min: 6,
      max: 17,
      allIn: 498,
    });
    // Pot-limit with 498 behind: the top of the range is the pot, not an all-in.
    expect(presets).toEqual([
      { label: "½ pot", amount: 10 },
      { label: "¾ pot", amount: 13 },
      { label: "Pot", amount: 17 },
    ]);
    // Short of the pot: the whole stack is the most he may raise to, and that is all-in.
    const short = betPresets({ totalPot: 9, highestBet: 4, ownBet: 0, min: 6, max: 15, allIn: 15 });
    expect(short.at(-1)).toEqual({ label: "All-in", amount: 15 });
  });

  it("B-4 opening bets in no-limit: pot 15, stack 300", () => {
    const presets = betPresets({
      totalPot: 15,
      highestBet: 0,
      ownBet: 0,
      min: 2,
      max: 300,
      allIn: 300,
    });
    expect(presets).toEqual([
      { label: "½ pot", amount: 7 },
      { label: "¾ pot", amount: 11 },
      { label: "Pot", amount: 15 },
      { label: "All-in", amount: 300 },
    ]);
  });

  it("clamps into the legal range and drops duplicates when the stack is short", () => {
    const presets = betPresets({
      totalPot: 100,
      highestBet: 0,
      ownBet: 0,
      min: 2,
      max: 30,
      allIn: 30,
    });
    expect(presets).toEqual([{ label: "All-in", amount: 30 }]);
  });

  it("clampAmount snaps to whole legal chips", () => {
    expect(clampAmount(7.6, 2, 10)).toBe(8);
    expect(clampAmount(-5, 2, 10)).toBe(2);
    expect(clampAmount(99, 2, 10)).toBe(10);
    expect(clampAmount(Number.NaN, 2, 10)).toBe(2);
  });

  it("B-6 B-5 the raise button says all-in only for the whole stack, and what it will send", () => {
    // Fixed-limit, 99 behind: the bet of 4 is the top of the range but not all-in.
    expect(raiseChoice(4, { min: 4, max: 4, allIn: 99 })).toEqual({ amount: 4, allIn: false });
    // Pot-limit Omaha, 498 behind: the pot raise to 15 is not all-in.
    expect(raiseChoice(15, { min: 4, max: 15, allIn: 498 })).toEqual({ amount: 15, allIn: false });
    // No-limit, 194 behind: a typed 500 is an all-in for 194; a typed -5 is the minimum.
    expect(raiseChoice(500, { min: 2, max: 194, allIn: 194 })).toEqual({
      amount: 194,
      allIn: true,
    });
    expect(raiseChoice(-5, { min: 2, max: 194, allIn: 194 })).toEqual({ amount: 2, allIn: false });
  });
});
