import { describe, expect, it } from "vitest";
import { advanceClock, bankUsed } from "./room-clock";
import { dealt, must, TIMING, tableWith } from "./room-test-support";

describe("action clock and time bank", () => {
  it("no hand, no clock", () => {
    expect(advanceClock(null, tableWith([100, 100]), {}, 1_000, TIMING)).toEqual({
      clock: null,
      banks: {},
    });
  });

  it("the player to act gets the action time, then his whole bank, in absolute times", () => {
    const hand = dealt(tableWith([100, 100])).state;
    const { clock, banks } = advanceClock(null, hand, { a: 60_000, b: 60_000 }, 1_000, TIMING);
    expect(clock).toMatchObject({
      seat: 1,
      playerId: "a",
      actionEndsAt: 21_000,
      timesOutAt: 81_000,
    });
    expect(banks).toEqual({ a: 60_000, b: 60_000 });
  });

  it("the clock keeps running while the same decision waits (someone else's change)", () => {
    const hand = dealt(tableWith([100, 100, 100])).state;
    const first = advanceClock(null, hand, {}, 1_000, TIMING);
    const sat = must(hand, { type: "sitOut", playerId: "b" }).state;
    expect(advanceClock(first.clock, sat, first.banks, 5_000, TIMING).clock).toBe(first.clock);
  });

  it("the bank pays only for time beyond the action time", () => {
    const hand = dealt(tableWith([100, 100])).state;
    const start = advanceClock(null, hand, { a: 60_000, b: 60_000 }, 0, TIMING);
    const acted = must(hand, { type: "act", playerId: "a", action: { type: "call" } }).state;
    // Acted after 15 s: inside the action time, the bank is untouched.
    expect(advanceClock(start.clock, acted, start.banks, 15_000, TIMING).banks.a).toBe(60_000);
    // After 50 s: 30 s of bank used; the next player's clock starts then.
    const late = advanceClock(start.clock, acted, start.banks, 50_000, TIMING);
    expect(late.banks.a).toBe(30_000);
    expect(late.clock).toMatchObject({ seat: 2, actionEndsAt: 70_000, timesOutAt: 130_000 });
  });

  it("never more than the bank, never less than nothing", () => {
    const clock = {
      handNumber: 1,
      handVersion: 1,
      seat: 1,
      playerId: "a",
      actionEndsAt: 100,
      timesOutAt: 200,
    };
    expect(bankUsed(clock, 50, 100)).toBe(0);
    expect(bankUsed(clock, 150, 100)).toBe(50);
    expect(bankUsed(clock, 900, 100)).toBe(100);
  });
});
