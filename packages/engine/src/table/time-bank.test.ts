import { describe, expect, it } from "vitest";
import { timeBankAfterHand } from "./time-bank";

// A 60 s bank that refills 10 s every 5 hands.
const rule = { bankMs: 60_000, refillMs: 10_000, everyHands: 5 };

describe("time bank refill", () => {
  it("refills by N seconds every M hands a player is dealt into", () => {
    expect(timeBankAfterHand(5_000, 1, rule)).toBe(5_000);
    expect(timeBankAfterHand(5_000, 4, rule)).toBe(5_000);
    expect(timeBankAfterHand(5_000, 5, rule)).toBe(15_000);
    expect(timeBankAfterHand(15_000, 10, rule)).toBe(25_000);
  });

  it("never above the stake's full bank", () => {
    expect(timeBankAfterHand(55_000, 5, rule)).toBe(60_000);
    expect(timeBankAfterHand(60_000, 5, rule)).toBe(60_000);
    // A bank the admin has since made smaller is not cut by a refill (the stake change cuts it).
    expect(timeBankAfterHand(60_000, 5, { ...rule, bankMs: 30_000 })).toBe(60_000);
  });

  it("a refill of 0 seconds never refills", () => {
    expect(timeBankAfterHand(0, 5, { ...rule, refillMs: 0 })).toBe(0);
  });

  it("a bank spent to nothing after one time-out comes back over the next hands", () => {
    let bank = 0;
    for (let hand = 1; hand <= 30; hand++) bank = timeBankAfterHand(bank, hand, rule);
    expect(bank).toBe(60_000);
  });
});
