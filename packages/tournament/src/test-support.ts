/** Shared fixtures for the tests: a fast structure, a payout table, a config. */
import type { TournamentConfig } from "./config";
import type { BlindStructure } from "./levels";
import type { PayoutTable } from "./payouts";
import type { Table } from "./table";

export const MINUTE = 60_000;

export const structure: BlindStructure = {
  anteKind: "each",
  entries: [
    { kind: "level", smallBlind: 10, bigBlind: 20, ante: 0, durationMs: 10 * MINUTE },
    { kind: "level", smallBlind: 15, bigBlind: 30, ante: 0, durationMs: 10 * MINUTE },
    { kind: "break", durationMs: 5 * MINUTE },
    { kind: "level", smallBlind: 25, bigBlind: 50, ante: 5, durationMs: 10 * MINUTE },
    { kind: "level", smallBlind: 50, bigBlind: 100, ante: 10, durationMs: 10 * MINUTE },
  ],
};

export const payouts: PayoutTable = {
  brackets: [
    { minEntries: 2, maxEntries: 6, basisPoints: [10_000] },
    { minEntries: 7, maxEntries: 12, basisPoints: [6_500, 3_500] },
    { minEntries: 13, maxEntries: 30, basisPoints: [5_000, 3_000, 2_000] },
    {
      minEntries: 31,
      maxEntries: null,
      basisPoints: [3_000, 2_000, 1_500, 1_200, 1_000, 800, 500],
    },
  ],
};

export function config(overrides: Partial<TournamentConfig> = {}): TournamentConfig {
  return {
    seatsPerTable: 9,
    startingStack: 1_000,
    structure,
    buyIn: { prize: 100, fee: 10 },
    payouts,
    ...overrides,
  };
}

/** A table from a seat map such as "AB.C" (letters are players, dots empty seats). */
export function tableOf(number: number, layout: string, stack = 1_000): Table {
  return {
    number,
    seats: [...layout].map((c) => (c === "." ? null : { playerId: c, stack })),
    lastHand: null,
    handInProgress: false,
  };
}
