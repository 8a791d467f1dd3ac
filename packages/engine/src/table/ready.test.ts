import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { awaitsRebuy, liveStack, readyToDeal, rebuysDue } from "./ready";
import { applyTable, createTable } from "./table";
import type { Occupant, TableCommand, TableState } from "./types";
import { tableViewFor } from "./view";

function run(state: TableState, ...commands: TableCommand[]): TableState {
  return commands.reduce((s, c) => {
    const result = applyTable(s, c);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.state;
  }, state);
}

/** Seats 1… with these stacks; table maximum 200. */
function tableWith(stacks: number[]): TableState {
  const created = createTable({
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    seatCount: 6,
    minBuyIn: 40,
    maxBuyIn: 200,
  });
  if (!created.ok) throw new Error(created.error.message);
  return run(
    created.state,
    ...stacks.map((buyIn, i): TableCommand => {
      const playerId = String.fromCharCode(97 + i);
      return { type: "sit", seat: i + 1, playerId, name: playerId, buyIn };
    }),
  );
}

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
    const t = run(tableWith([150, 50, 100]), rebuy("a", 200), rebuy("b", 100), rebuy("c", 100));
    expect(rebuysDue(t)).toEqual([
      { playerId: "a", seat: 1, amount: 50, sitIn: false },
      { playerId: "b", seat: 2, amount: 50, sitIn: false },
    ]);
    expect(tableViewFor(t, "b").myAutoRebuy).toBe(100);
    expect(tableViewFor(t, "c").myAutoRebuy).toBe(100);
    expect(tableViewFor(t, null).myAutoRebuy).toBeNull();
    expect(JSON.stringify(tableViewFor(t, "c").seats)).not.toContain("autoRebuy");
    // Turned off: nothing due for him any more.
    expect(rebuysDue(run(t, rebuy("b", null)))).toEqual([
      { playerId: "a", seat: 1, amount: 50, sitIn: false },
    ]);
  });

  it("T-6 a busted player with auto-rebuy is bought back in and counts as ready to be dealt", () => {
    const t = bust(run(tableWith([100, 100]), rebuy("b", 100)), "b");
    expect(awaitsRebuy(t.seats[1] as Occupant)).toBe(true);
    expect(rebuysDue(t)).toEqual([{ playerId: "b", seat: 2, amount: 100, sitIn: true }]);
    expect(readyToDeal(t)).toBe(true);
    // Without auto-rebuy he waits for chips: one player cannot be dealt a hand.
    expect(readyToDeal(bust(tableWith([100, 100]), "b"))).toBe(false);
  });

  it("T-6 auto-rebuy amounts are whole chips up to the table maximum, for seated players only", () => {
    const t = tableWith([100]);
    for (const [command, code] of [
      [rebuy("a", 201), "invalid_amount"],
      [rebuy("a", 0), "invalid_amount"],
      [rebuy("a", -5), "invalid_amount"],
      [rebuy("a", 1.5), "invalid_amount"],
      [rebuy("a", Number.NaN), "invalid_amount"],
      [rebuy("z", 100), "not_seated"],
    ] as const) {
      const result = applyTable(t, command);
      expect(result.ok ? "accepted" : result.error.code).toBe(code);
    }
  });

  it("no top-ups and no deal while a hand is in progress; the live stack is what is behind plus what waits", () => {
    const t = run(tableWith([100, 100]), rebuy("a", 200));
    expect(readyToDeal(t)).toBe(true);
    const dealt = run(t, { type: "startHand", deck: STANDARD_DECK.slice() });
    expect(readyToDeal(dealt)).toBe(false);
    expect(rebuysDue(dealt)).toEqual([]);
    const added = run(dealt, { type: "addChips", playerId: "b", amount: 50 });
    // Heads-up the button (seat 1) posts the small blind: 99 behind, 50 more wait for the next hand for b.
    expect(liveStack(added, "a")).toBe(99);
    expect(liveStack(added, "b")).toBe(98 + 50);
    expect(liveStack(added, "nobody")).toBe(0);
  });
});
