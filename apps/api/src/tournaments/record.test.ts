import type { TournamentState } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { type Stored, statusOf, tablesToNudge, withEvents } from "./record";

const rules = { buyIn: { prize: 100, fee: 10 }, rebuy: { fee: 5 }, addOn: null };
const table = (number: number, handInProgress: boolean) => ({
  number,
  seats: [{ playerId: `p${number}`, stack: 100 }, null],
  lastHand: null,
  handInProgress,
});
const state = {
  rules,
  phase: "running",
  startedAt: 1,
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
  state,
  names: {},
  dealt: {},
  opened: [1, 2, 3],
  intents: {},
  finishes: [],
  owed: [],
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
    expect(done.finishes).toEqual(standings);
    expect(done.owed).toEqual([
      { kind: "prize", userId: "a", amount: 300, key: "mtt:e1" },
      { kind: "fees", amount: 3 * 10 + 2 * 5, key: "final" },
    ]);
  });

  it("MT-1 a cancel before the start owes each refund the state machine names, keyed by player", () => {
    const off = withEvents(stored, { ...state, phase: "cancelled", startedAt: null }, [
      {
        type: "tournamentCancelled",
        reason: "min_field",
        split: null,
        prizePool: 0,
        overlay: 0,
        standings: [],
        refunds: [
          { playerId: "a", amount: 110 },
          { playerId: "b", amount: 110 },
        ],
        fees: 0,
      },
    ]);
    expect(statusOf(off)).toBe("cancelled");
    expect(off.owed).toEqual([
      { kind: "refund", userId: "a", amount: 110, key: "mtt:cancel:a" },
      { kind: "refund", userId: "b", amount: 110, key: "mtt:cancel:b" },
    ]);
  });

  it("MT-7 a cancel after the start owes the prizes it names and the fees it leaves the house", () => {
    const standings = [
      { playerId: "a", entry: 1, place: { from: 1, to: 2 }, prize: 200 },
      { playerId: "b", entry: 1, place: { from: 1, to: 2 }, prize: 100 },
    ];
    const off = withEvents(stored, { ...state, phase: "cancelled" }, [
      {
        type: "tournamentCancelled",
        reason: "director",
        split: "chips",
        prizePool: 300,
        overlay: 0,
        standings,
        refunds: [],
        fees: 40,
      },
    ]);
    expect(off.finishes).toEqual(standings);
    expect(off.owed).toEqual([
      { kind: "prize", userId: "a", amount: 200, key: "mtt:e1" },
      { kind: "prize", userId: "b", amount: 100, key: "mtt:e1" },
      { kind: "fees", amount: 40, key: "final" },
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
