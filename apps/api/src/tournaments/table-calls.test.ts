import type { TournamentState } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import type { Stored } from "./stored";
import { tablesToNudge } from "./table-calls";

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

describe("telling the tables", () => {
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
