import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { dealt, must, TIMING, tableWith } from "./room-test-support";
import {
  ABSENT_ACTION_MS,
  dueWork,
  nextDeadline,
  type TableTimers,
  timersAfter,
} from "./room-timers";
import { createTable } from "./table";
import type { TableEvent, TableState } from "./types";

/** The room's timers, with the table they were worked out for. */
type Timed = { table: TableState; timers: TableTimers };

const fresh = (table: TableState): Timed => ({
  table,
  timers: { timing: TIMING, clock: null, timeBanks: {}, sitOutSince: {}, nextHandAt: null },
});

/** Apply the table change and the timers' rules, as the room does. */
function step(
  s: Timed,
  table: TableState,
  events: TableEvent[],
  now: number,
  tournament: { closed: boolean } | null = null,
): Timed {
  return {
    table,
    timers: { ...s.timers, ...timersAfter(s.timers, table, events, now, tournament) },
  };
}

const deadline = (s: Timed) => nextDeadline(s.timers, s.table);
const due = (s: Timed, now: number) => dueWork(s.timers, s.table, now);

describe("the room's timers", () => {
  it("§4 dealer's choice: the button is on the clock (action time, no bank); the deal waits for his choice, never spinning", () => {
    const holdem = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 } as const;
    const made = createTable({
      games: [
        { name: "Hold'em NL", hand: holdem },
        { name: "Omaha PL", hand: { ...holdem, game: "omaha", betting: "pot-limit" } },
      ],
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    if (!made.ok) throw new Error(made.error.message);
    const one = must(made.state, { type: "sit", seat: 1, playerId: "a", name: "a", buyIn: 100 });
    const two = must(one.state, { type: "sit", seat: 2, playerId: "b", name: "b", buyIn: 100 });
    const s = step(fresh(one.state), two.state, two.events, 1_000);
    // The hand is due after the pause; the chooser's clock runs the action time after it.
    expect(s.timers.nextHandAt).toBe(4_000);
    expect(s.timers.clock).toMatchObject({
      seat: 1,
      playerId: "a",
      actionEndsAt: 24_000,
      timesOutAt: 24_000,
      choice: true,
    });
    // Nothing is dealt at 4 s: the alarm waits for the choice's deadline.
    expect(deadline(s)).toBe(24_000);
    expect(due(s, 5_000)).toMatchObject({ deal: false, timeout: false });
    expect(due(s, 24_000)).toMatchObject({ deal: false, timeout: true });
    // Other changes keep his clock; his choice stops it and the deal is due at once.
    expect(step(s, s.table, [], 10_000).timers.clock).toEqual(s.timers.clock);
    const chosen = must(s.table, { type: "chooseGame", playerId: "a", game: 1 });
    const after = step(s, chosen.state, chosen.events, 10_000);
    expect(after.timers.clock).toBeNull();
    expect(after.timers.timeBanks).toEqual(s.timers.timeBanks);
    expect(deadline(after)).toBe(4_000);
    expect(due(after, 10_000).deal).toBe(true);
  });

  it("the next hand is due 3 s after two players can play, and not while a hand runs", () => {
    const one = tableWith([100]);
    let s = step(fresh(tableWith([])), one, [], 0);
    expect(s.timers.nextHandAt).toBeNull();
    const two = must(one, { type: "sit", seat: 2, playerId: "b", name: "b", buyIn: 100 });
    s = step(s, two.state, two.events, 1_000);
    expect(s.timers.nextHandAt).toBe(1_000 + TIMING.nextHandDelayMs);
    expect(s.timers.timeBanks).toEqual({ b: TIMING.timeBankMs });
    // Later changes do not push the deal back.
    expect(step(s, two.state, [], 2_000).timers.nextHandAt).toBe(4_000);
    expect(due(s, 3_999).deal).toBe(false);
    expect(due(s, 4_000).deal).toBe(true);
    const hand = dealt(two.state);
    s = step(s, hand.state, hand.events, 4_000);
    expect(s.timers.nextHandAt).toBeNull();
    expect(s.timers.clock).toMatchObject({ seat: 1, timesOutAt: 4_000 + 20_000 + 60_000 });
    expect(deadline(s)).toBe(84_000);
    expect(due(s, 84_000).timeout).toBe(true);
  });

  it("H-3 a home game with an end time: the next hand is due as anywhere, and due at its end time too (the deal closes it)", () => {
    const made = createTable({
      hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
      home: { endsAt: 10_000 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const one = must(made.state, { type: "sit", seat: 1, playerId: "a", name: "a", buyIn: 100 });
    const two = must(one.state, { type: "sit", seat: 2, playerId: "b", name: "b", buyIn: 100 });
    const s = step(fresh(one.state), two.state, two.events, 1_000);
    expect(s.timers.nextHandAt).toBe(1_000 + TIMING.nextHandDelayMs);
    // After the end time the deal that is due closes the table, so it is due all the same.
    const late = step(fresh(one.state), two.state, two.events, 20_000);
    expect(late.timers.nextHandAt).toBe(20_000 + TIMING.nextHandDelayMs);
    const closed = must(two.state, { type: "startHand", deck: STANDARD_DECK.slice(), now: 20_000 });
    expect(closed.events).toEqual([{ type: "tableClosed", reason: "endTime" }]);
    expect(step(late, closed.state, closed.events, 20_000).timers.nextHandAt).toBeNull();
  });

  it("sitting out starts the 10-minute expiry; sitting in or leaving stops it", () => {
    let s = step(fresh(tableWith([100, 100])), tableWith([100, 100]), [], 0);
    const out = must(s.table, { type: "sitOut", playerId: "a" });
    s = step(s, out.state, out.events, 5_000);
    expect(s.timers.sitOutSince).toEqual({ a: 5_000 });
    expect(s.timers.nextHandAt).toBeNull();
    expect(deadline(s)).toBe(605_000);
    expect(due(s, 604_999).expired).toEqual([]);
    expect(due(s, 605_000).expired).toEqual(["a"]);
    const back = must(s.table, { type: "sitIn", playerId: "a" });
    expect(step(s, back.state, back.events, 6_000).timers.sitOutSince).toEqual({});
  });

  it("new stakes are due once no hand runs; a tournament's report when its time comes", () => {
    const s = step(fresh(tableWith([100, 100])), tableWith([100, 100]), [], 0);
    const waiting = { ...s.timers, pendingStakes: { since: 500 } };
    expect(nextDeadline(waiting, s.table)).toBe(500);
    expect(dueWork(waiting, s.table, 500).restake).toBe(true);
    const hand = dealt(s.table).state;
    expect(dueWork(waiting, hand, 500).restake).toBe(false);
    const reporting = { ...s.timers, tournament: { report: { hand: 1 }, reportAt: 700 } };
    expect(dueWork(reporting, s.table, 699).report).toBe(false);
    expect(dueWork(reporting, s.table, 700).report).toBe(true);
    expect(nextDeadline({ ...reporting, nextHandAt: null }, s.table)).toBe(700);
  });
});

describe("a tournament table's timers (MT-6)", () => {
  const planned = (table: TableState, seats: number[]) =>
    must(table, {
      type: "startPlannedHand",
      deck: [...STANDARD_DECK],
      plan: {
        seats,
        button: seats[0] as number,
        smallBlind: seats[1] as number,
        bigBlind: seats[2] as number,
        blinds: { smallBlind: 10, bigBlind: 20, ante: 0, anteKind: "each" },
      },
    });
  const open = { closed: false };

  it("MT-6 an absent player is dealt in and his clock runs out at once; he is never removed for sitting out", () => {
    const seated = tableWith([100, 100, 100]);
    const away = must(seated, { type: "sitOut", playerId: "a" }).state;
    let s = step(fresh(away), away, [], 0, open);
    expect(s.timers.sitOutSince).toEqual({});
    // Three-handed the button acts first pre-flop: the absent player has it.
    const hand = planned(away, [1, 2, 3]);
    s = step(s, hand.state, hand.events, 1_000, open);
    expect(s.timers.clock).toMatchObject({ seat: 1, timesOutAt: 1_000 + ABSENT_ACTION_MS });
  });

  it("a closed tournament table never deals", () => {
    const table = tableWith([100, 100, 100]);
    expect(step(fresh(table), table, [], 0, open).timers.nextHandAt).toBe(TIMING.nextHandDelayMs);
    expect(step(fresh(table), table, [], 0, { closed: true }).timers.nextHandAt).toBeNull();
  });
});
