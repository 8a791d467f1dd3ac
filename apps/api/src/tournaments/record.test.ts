import type { TournamentState } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { cancelled, type Stored, tablesToNudge, withEvents } from "./record";

const rules = { buyIn: { prize: 100, fee: 10 }, rebuy: { fee: 5 }, addOn: null };
const table = (number: number, handInProgress: boolean) => ({
  number,
  seats: [{ playerId: `p${number}`, stack: 100 }, null],
  lastHand: null,
  handInProgress,
});
const state = {
  rules,
  clock: 5,
  totals: { entries: 3, rebuys: 2, addOns: 0 },
  players: [
    { playerId: "a", entries: 1, rebuys: 0, addOns: 0 },
    { playerId: "b", entries: 1, rebuys: 0, addOns: 0 },
  ],
  tables: [table(1, false), table(2, true), table(3, false)],
  handForHand: null,
} as unknown as TournamentState;
const stored: Stored = {
  id: "mtt",
  name: "MTT",
  startsAt: 0,
  minEntrants: 2,
  status: "running",
  state,
  names: {},
  dealt: {},
  opened: [1, 2, 3],
  rebuyOffers: {},
  intents: {},
  finishes: [],
  owed: [],
  cancelledReason: null,
};

describe("tournament bookkeeping", () => {
  it("MT-2 the finish owes every prize once, keyed by entry, and the house its fees", () => {
    const standings = [
      { playerId: "a", entry: 1, place: { from: 1, to: 1 }, prize: 300 },
      { playerId: "b", entry: 1, place: { from: 2, to: 2 }, prize: 0 },
    ];
    const done = withEvents(stored, state, [
      { type: "tournamentFinished", winner: "a", prizePool: 300, overlay: 0, standings },
    ]);
    expect(done.status).toBe("finished");
    expect(done.finishes).toEqual(standings);
    expect(done.owed).toEqual([
      { kind: "prize", userId: "a", amount: 300, key: "mtt:e1" },
      { kind: "fees", amount: 3 * 10 + 2 * 5, key: "final" },
    ]);
  });

  it("MT-1 a cancellation refunds buy-in and fee to every entrant", () => {
    const off = cancelled({ ...stored, status: "registering" }, "too few");
    expect(off).toMatchObject({ status: "cancelled", cancelledReason: "too few" });
    expect(off.owed.map((o) => [o.kind, o.amount])).toEqual([
      ["refund", 110],
      ["refund", 110],
    ]);
  });

  it("tells the tables a move touched, and every idle table when it concerns all; never one mid-hand", () => {
    const moved = {
      type: "playerMoved",
      playerId: "p3",
      from: { table: 3, seat: 1 },
      to: { table: 2, seat: 2 },
    } as const;
    expect(tablesToNudge(stored, [moved], false)).toEqual([3]);
    expect(tablesToNudge(stored, [{ type: "handForHandStarted" }], false)).toEqual([1, 3]);
    // A table not yet confirmed open is always told (it is opened).
    expect(tablesToNudge({ ...stored, opened: [1] }, [], true)).toEqual([1, 2, 3]);
  });
});
