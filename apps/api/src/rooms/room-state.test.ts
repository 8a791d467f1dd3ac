import { rebuysDue, SEAT_OFFER_MS, STANDARD_DECK, type TableEvent } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { dealt, must, secretFor, snapshotOf, TIMING, tableWith } from "../../test/engine-tables";
import {
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

// The timers' rules (the clocks, the deal's wait, the sit-out expiry, MT-6's absent
// player, dueWork, nextDeadline) are the engine's, tested in room-timers.test.ts.
describe("room bookkeeping", () => {
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
    expect(lobbyCounts(s)).toEqual({ playersSeated: 2, averagePot: 2, waiting: 0 });
    expect(s.room.nextHandAt).toBe(13_000);
    expect(s.room.clock).toBeNull();
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

  it("T-12: a change that frees a seat offers it to the first in line; its end is a deadline and, due, passes it on", () => {
    const full = tableWith([100, 100], 2);
    const waiting = [
      { playerId: "x", name: "X", offerUntil: null },
      { playerId: "y", name: "Y", offerUntil: null },
    ];
    let s: Snapshot = { table: full, room: { ...initialRoom("t", TIMING), waitlist: waiting } };
    expect(nextDeadline(s)).toBeNull();
    expect(lobbyCounts(s).waiting).toBe(2);
    const left = must(full, { type: "leave", playerId: "b" });
    s = step(s, left.state, left.events, 1_000);
    expect(s.room.waitlist?.map((w) => w.offerUntil)).toEqual([1_000 + SEAT_OFFER_MS, null]);
    expect(nextDeadline(s)).toBe(1_000 + SEAT_OFFER_MS);
    expect(dueWork(s, 1_000 + SEAT_OFFER_MS - 1).waitlist).toBe(false);
    expect(dueWork(s, 1_000 + SEAT_OFFER_MS).waitlist).toBe(true);
    // The alarm's change (nothing at the table) passes the seat to y.
    s = step(s, s.table, [], 1_000 + SEAT_OFFER_MS);
    expect(s.room.waitlist).toEqual([
      { playerId: "y", name: "Y", offerUntil: 1_000 + 2 * SEAT_OFFER_MS },
    ]);
    expect(lobbyCounts(s).waiting).toBe(1);
  });
});
