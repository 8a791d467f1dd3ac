import type { TableEvent } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { dealt, must, snapshotOf, TIMING, tableWith } from "../../test/engine-tables";
import {
  dueWork,
  lobbyCounts,
  nextDeadline,
  readyPlayers,
  rebuysDue,
  roomAfter,
  type Snapshot,
} from "./room-state";

/** Apply the table change and the room's bookkeeping, as the room does. */
function step(s: Snapshot, table: Snapshot["table"], events: TableEvent[], now: number): Snapshot {
  return { table, room: roomAfter(s.room, table, events, now) };
}

describe("room bookkeeping", () => {
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

  it("a hand's end reveals its seed, records its pot, and schedules the next", () => {
    let s = step(snapshotOf(tableWith([100, 100])), tableWith([100, 100]), [], 0);
    const hand = dealt(s.table);
    s = step(s, hand.state, hand.events, 0);
    s = {
      ...s,
      room: { ...s.room, fairness: { handNumber: 1, commitment: "c", seed: "s", revealed: false } },
    };
    const folded = must(s.table, { type: "act", playerId: "a", action: { type: "fold" } });
    s = step(s, folded.state, folded.events, 10_000);
    expect(s.room.fairness?.revealed).toBe(true);
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

  it("T-6 auto-rebuy: up to the amount within the table maximum; a busted player is bought back in", () => {
    const base = snapshotOf(tableWith([150, 50, 100]));
    const s: Snapshot = { ...base, room: { ...base.room, autoRebuy: { a: 500, b: 100, c: 100 } } };
    expect(rebuysDue(s)).toEqual([
      { playerId: "a", seat: 1, amount: 50, sitIn: false },
      { playerId: "b", seat: 2, amount: 50, sitIn: false },
    ]);
    // Busted: no chips, sat out by the table layer; still counted as ready to play.
    const seats = s.table.seats.map((o) =>
      o?.playerId === "b" ? { ...o, stack: 0, status: "sittingOut" as const } : o,
    );
    const busted: Snapshot = { ...s, table: { ...s.table, seats } };
    expect(rebuysDue(busted)).toContainEqual({ playerId: "b", seat: 2, amount: 100, sitIn: true });
    expect(readyPlayers(busted.table, busted.room)).toBe(3);
  });
});
