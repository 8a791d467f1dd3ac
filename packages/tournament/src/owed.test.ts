import { describe, expect, it } from "vitest";
import { owedAfter } from "./owed";
import type { TournamentState } from "./state";

const rules = { buyIn: { prize: 100, fee: 10 }, rebuy: { fee: 5 }, addOn: null };
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
  tables: [],
  handForHand: null,
} as unknown as TournamentState;
const before = { finishes: [], owed: [] };

describe("what a tournament owes after its events", () => {
  it("MT-2 the finish owes every prize once, keyed by entry, and the house its fees", () => {
    const standings = [
      { playerId: "a", entry: 1, place: { from: 1, to: 1 }, prize: 300 },
      { playerId: "b", entry: 1, place: { from: 2, to: 2 }, prize: 0 },
    ];
    const done = owedAfter("mtt", before, state, [
      { type: "tournamentFinished", winner: "a", prizePool: 300, overlay: 0, standings },
    ]);
    expect(done.finishes).toEqual(standings);
    expect(done.owed).toEqual([
      { kind: "prize", userId: "a", amount: 300, key: "mtt:e1" },
      { kind: "fees", amount: 3 * 10 + 2 * 5, key: "final" },
    ]);
  });

  it("MT-1 a cancel before the start owes each refund the state machine names, keyed by player", () => {
    const off = owedAfter("mtt", before, { ...state, phase: "cancelled", startedAt: null }, [
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
    const off = owedAfter("mtt", before, { ...state, phase: "cancelled" }, [
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

  it("MT-1 unregistering owes the buy-in and fee back, keyed by the state's version", () => {
    const out = owedAfter("mtt", before, { ...state, phase: "registering", version: 7 }, [
      { type: "registrationCancelled", playerId: "b", refundPrize: 100, refundFee: 10 },
    ]);
    expect(out.owed).toEqual([{ kind: "refund", userId: "b", amount: 110, key: "mtt:v7" }]);
    // A free tournament owes nothing.
    const free = owedAfter("mtt", before, { ...state, version: 8 }, [
      { type: "registrationCancelled", playerId: "b", refundPrize: 0, refundFee: 0 },
    ]);
    expect(free.owed).toEqual([]);
  });

  it("MT-5 a bust's place is kept as it happens, its prize once known", () => {
    const out = owedAfter("mtt", before, state, [
      {
        type: "playerEliminated",
        playerId: "b",
        entry: 1,
        place: { from: 2, to: 2 },
        provisional: false,
        prize: null,
      },
    ]);
    expect(out.finishes).toEqual([
      { playerId: "b", entry: 1, place: { from: 2, to: 2 }, prize: null },
    ]);
    expect(out.owed).toEqual([]);
  });
});
