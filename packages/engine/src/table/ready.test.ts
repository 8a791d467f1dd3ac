import { describe, expect, it } from "vitest";
import { awaitsRebuy, chipsOfPlayer, liveStack, readyToDeal, rebuysDue } from "./ready";
import { deck, expectRefused, run, sit, table } from "./test-support";
import type { Occupant, TableCommand, TableState } from "./types";
import { tableViewFor } from "./view";

/** Seats 1… with these stacks (players p1, p2, …); table 40–200. */
const tableWith = (stacks: number[]): TableState =>
  run(table(), ...stacks.map((buyIn, i) => sit(i + 1, buyIn)));

const rebuy = (playerId: string, upTo: number | null): TableCommand => ({
  type: "setAutoRebuy",
  playerId,
  upTo,
});

/** The player's stack and status as a busted player's: no chips, sat out by the table layer. */
const bust = (state: TableState, playerId: string): TableState => ({
  ...state,
  seats: state.seats.map((o) =>
    o?.playerId === playerId ? { ...o, stack: 0, status: "sittingOut" as const } : o,
  ),
});

describe("between hands (T-6 auto-rebuy, who is dealt in)", () => {
  it("T-6 auto-rebuy tops up to the amount within the table maximum; only the player sees his", () => {
    const t = run(tableWith([150, 50, 100]), rebuy("p1", 200), rebuy("p2", 100), rebuy("p3", 100));
    expect(rebuysDue(t)).toEqual([
      { playerId: "p1", seat: 1, amount: 50, sitIn: false },
      { playerId: "p2", seat: 2, amount: 50, sitIn: false },
    ]);
    expect(tableViewFor(t, "p2").myAutoRebuy).toBe(100);
    expect(tableViewFor(t, "p3").myAutoRebuy).toBe(100);
    expect(tableViewFor(t, null).myAutoRebuy).toBeNull();
    expect(JSON.stringify(tableViewFor(t, "p3").seats)).not.toContain("autoRebuy");
    // Turned off: nothing due for him any more.
    expect(rebuysDue(run(t, rebuy("p2", null)))).toEqual([
      { playerId: "p1", seat: 1, amount: 50, sitIn: false },
    ]);
  });

  it("T-6 a busted player with auto-rebuy is bought back in and counts as ready to be dealt", () => {
    const t = bust(run(tableWith([100, 100]), rebuy("p2", 100)), "p2");
    expect(awaitsRebuy(t.seats[1] as Occupant)).toBe(true);
    expect(rebuysDue(t)).toEqual([{ playerId: "p2", seat: 2, amount: 100, sitIn: true }]);
    expect(readyToDeal(t)).toBe(true);
    // Without auto-rebuy he waits for chips: one player cannot be dealt a hand.
    expect(readyToDeal(bust(tableWith([100, 100]), "p2"))).toBe(false);
  });

  it("T-6 auto-rebuy amounts are whole chips up to the table maximum, for seated players only", () => {
    const t = tableWith([100]);
    for (const upTo of [201, 0, -5, 1.5, Number.NaN])
      expectRefused(t, rebuy("p1", upTo), "invalid_amount");
    expectRefused(t, rebuy("nobody", 100), "not_seated");
  });

  it("no top-ups and no deal while a hand is in progress; the live stack is what is behind plus what waits", () => {
    const t = run(tableWith([100, 100]), rebuy("p1", 200));
    expect(readyToDeal(t)).toBe(true);
    const dealt = run(t, { type: "startHand", deck: deck() });
    expect(readyToDeal(dealt)).toBe(false);
    expect(rebuysDue(dealt)).toEqual([]);
    const added = run(dealt, { type: "addChips", playerId: "p2", amount: 50 });
    // Heads-up the button (seat 1) posts the small blind: 99 behind, 50 more wait for the next hand for p2.
    expect(liveStack(added, "p1")).toBe(99);
    expect(liveStack(added, "p2")).toBe(98 + 50);
    expect(liveStack(added, "nobody")).toBe(0);
    // The cashier counts what each brought into the hand: blinds in the pot are still his.
    expect(chipsOfPlayer(added, "p1")).toBe(100);
    expect(chipsOfPlayer(added, "p2")).toBe(100 + 50);
    expect(chipsOfPlayer(added, "nobody")).toBe(0);
  });
});
