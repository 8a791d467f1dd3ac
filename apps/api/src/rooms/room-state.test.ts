import { createTable, rebuysDue, STANDARD_DECK, type TableEvent } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { dealt, must, secretFor, snapshotOf, TIMING, tableWith } from "../../test/engine-tables";
import {
  ABSENT_ACTION_MS,
  dueWork,
  initialRoom,
  lobbyCounts,
  nextDeadline,
  roomAfter,
  type Snapshot,
  upgradedSnapshot,
} from "./room-state";

/** Apply the table change and the room's bookkeeping, as the room does. */
function step(s: Snapshot, table: Snapshot["table"], events: TableEvent[], now: number): Snapshot {
  return { table, room: roomAfter(s.room, table, events, now) };
}

describe("room bookkeeping", () => {
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
    const s = step(snapshotOf(one.state), two.state, two.events, 1_000);
    // The hand is due after the pause; the chooser's clock runs the action time after it.
    expect(s.room.nextHandAt).toBe(4_000);
    expect(s.room.clock).toMatchObject({
      seat: 1,
      playerId: "a",
      actionEndsAt: 24_000,
      timesOutAt: 24_000,
      choice: true,
    });
    // Nothing is dealt at 4 s: the alarm waits for the choice's deadline.
    expect(nextDeadline(s)).toBe(24_000);
    expect(dueWork(s, 5_000)).toMatchObject({ deal: false, timeout: false });
    expect(dueWork(s, 24_000)).toMatchObject({ deal: false, timeout: true });
    // Other changes keep his clock; his choice stops it and the deal is due at once.
    expect(step(s, s.table, [], 10_000).room.clock).toEqual(s.room.clock);
    const chosen = must(s.table, { type: "chooseGame", playerId: "a", game: 1 });
    const after = step(s, chosen.state, chosen.events, 10_000);
    expect(after.room.clock).toBeNull();
    expect(after.room.timeBanks).toEqual(s.room.timeBanks);
    expect(nextDeadline(after)).toBe(4_000);
    expect(dueWork(after, 10_000).deal).toBe(true);
  });

  it("the next hand is due 3 s after two players can play, and not while a hand runs", () => {
    const one = tableWith([100]);
    let s = step(snapshotOf(tableWith([])), one, [], 0);
    expect(s.room.nextHandAt).toBeNull();
    const two = must(one, { type: "sit", seat: 2, playerId: "b", name: "b", buyIn: 100 });
    s = step(s, two.state, two.events, 1_000);
    expect(s.room.nextHandAt).toBe(1_000 + TIMING.nextHandDelayMs);
    expect(s.room.timeBanks).toEqual({ b: TIMING.timeBankMs });
    // Later changes do not push the deal back.
    expect(step(s, two.state, [], 2_000).room.nextHandAt).toBe(4_000);
    expect(dueWork(s, 3_999).deal).toBe(false);
    expect(dueWork(s, 4_000).deal).toBe(true);
    const hand = dealt(two.state);
    s = step(s, hand.state, hand.events, 4_000);
    expect(s.room.nextHandAt).toBeNull();
    expect(s.room.clock).toMatchObject({ seat: 1, timesOutAt: 4_000 + 20_000 + 60_000 });
    expect(nextDeadline(s)).toBe(84_000);
    expect(dueWork(s, 84_000).timeout).toBe(true);
  });

  it("a hand's end records its pot and schedules the next; the deal's secret is never marked for showing", async () => {
    let s = step(snapshotOf(tableWith([100, 100])), tableWith([100, 100]), [], 0);
    const hand = dealt(s.table);
    s = step(s, hand.state, hand.events, 0);
    const secret = await secretFor(1);
    s = { ...s, room: { ...s.room, fairness: secret } };
    const folded = must(s.table, { type: "act", playerId: "a", action: { type: "fold" } });
    s = step(s, folded.state, folded.events, 10_000);
    expect(s.room.fairness).toEqual(secret);
    // The small blind folded: the big blind's uncalled chip went back, the pot was 2.
    expect(s.room.recentPots).toEqual([2]);
    expect(lobbyCounts(s)).toEqual({ playersSeated: 2, averagePot: 2 });
    expect(s.room.nextHandAt).toBe(13_000);
    expect(s.room.clock).toBeNull();
  });

  it("sitting out starts the 10-minute expiry; sitting in or leaving stops it", () => {
    let s = step(snapshotOf(tableWith([100, 100])), tableWith([100, 100]), [], 0);
    const out = must(s.table, { type: "sitOut", playerId: "a" });
    s = step(s, out.state, out.events, 5_000);
    expect(s.room.sitOutSince).toEqual({ a: 5_000 });
    expect(s.room.nextHandAt).toBeNull();
    expect(dueWork(s, 605_000).expired).toEqual(["a"]);
    const back = must(s.table, { type: "sitIn", playerId: "a" });
    expect(step(s, back.state, back.events, 6_000).room.sitOutSince).toEqual({});
  });

  it("T-6 auto-rebuy wishes the room kept before the table did move onto the seats on load", () => {
    const base = snapshotOf(tableWith([150, 50, 100]));
    // As stored before: the wishes in the room, none on the seats.
    const seats = base.table.seats.map((o) => {
      if (!o) return o;
      const { autoRebuy: _, ...old } = o;
      return old as typeof o;
    });
    const stored = {
      table: { ...base.table, seats },
      room: { ...base.room, autoRebuy: { a: 200, b: 100 } },
    };
    const upgraded = upgradedSnapshot(stored);
    expect(upgraded.table.seats.slice(0, 3).map((o) => o?.autoRebuy)).toEqual([200, 100, null]);
    expect(upgraded.room).not.toHaveProperty("autoRebuy");
    expect(rebuysDue(upgraded.table)).toEqual([
      { playerId: "a", seat: 1, amount: 50, sitIn: false },
      { playerId: "b", seat: 2, amount: 50, sitIn: false },
    ]);
    expect(upgradedSnapshot(upgraded)).toBe(upgraded);
  });
});

describe("a tournament table's bookkeeping (MT-6, MT-7)", () => {
  const link = { id: "mtt", number: 2, hand: null, levelNumber: null, report: null, closed: false };
  const planned = (table: Snapshot["table"], seats: number[]) =>
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

  it("a hand's end leaves the stacks of every seat dealt in for the tournament; a closed table never deals", () => {
    const table = tableWith([100, 100, 100]);
    let s: Snapshot = {
      table,
      room: { ...initialRoom("mtt-t2", TIMING, link), tournament: { ...link, hand: 7 } },
    };
    const hand = planned(table, [1, 2, 3]);
    s = step(s, hand.state, hand.events, 0);
    expect(s.room.tournament?.report).toBeNull();
    // Everyone folds to the big blind.
    let state = hand.state;
    let events: TableEvent[] = [];
    for (const playerId of ["a", "b"]) {
      ({ state, events } = must(state, { type: "act", playerId, action: { type: "fold" } }));
      s = step(s, state, events, 1);
    }
    expect(s.room.tournament).toMatchObject({
      hand: null,
      report: {
        table: 2,
        hand: 7,
        stacks: [
          { seat: 1, stack: 100 },
          { seat: 2, stack: 90 },
          { seat: 3, stack: 110 },
        ],
      },
    });
    expect(s.room.nextHandAt).toBe(1 + TIMING.nextHandDelayMs);
    const closed = { ...s.room, nextHandAt: null, tournament: { ...link, closed: true } };
    expect(roomAfter(closed, state, [], 2).nextHandAt).toBeNull();
  });

  it("an absent player is dealt in and his clock runs out at once; he is never removed for sitting out", () => {
    const seated = tableWith([100, 100, 100]);
    const away = must(seated, { type: "sitOut", playerId: "a" }).state;
    let s: Snapshot = { table: away, room: initialRoom("mtt-t2", TIMING, link) };
    s = step(s, away, [], 0);
    expect(s.room.sitOutSince).toEqual({});
    // Three-handed the button acts first pre-flop: the absent player has it.
    const hand = planned(away, [1, 2, 3]);
    s = step(s, hand.state, hand.events, 1_000);
    expect(s.room.clock).toMatchObject({ seat: 1, timesOutAt: 1_000 + ABSENT_ACTION_MS });
  });
});
