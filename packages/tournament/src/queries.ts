/** Reading a tournament state: the clock, a player, the payouts. Pure, for the room and lobby too. */
import { type BlindStructure, type ClockReading, clockAt } from "./levels";
import { bracketFor, payoutAmounts, prizePool } from "./payouts";
import { findRecord, type PlayerRecord } from "./players";
import type { Moment } from "./registration";
import type { TournamentState } from "./state";
import { occupantOf, type SeatedPlayer, seatOf, type Table } from "./table";

/** The level clock at `now`, or null before the start (MT-3). Paused time does not count. */
export function clockOf(state: TournamentState, now: number): ClockReading | null {
  if (state.startedAt === null) return null;
  const pausedAt = state.pausedAt ?? null;
  const paused = (state.pausedMs ?? 0) + (pausedAt === null ? 0 : Math.max(0, now - pausedAt));
  return clockAt(structureOf(state), now - state.startedAt - paused);
}

/** The blind structure with the director's changes to the lengths of its levels and breaks. */
export function structureOf(state: TournamentState): BlindStructure {
  const adjustments = state.levelAdjustments ?? {};
  const { structure } = state.rules;
  if (Object.keys(adjustments).length === 0) return structure;
  return {
    ...structure,
    entries: structure.entries.map((entry, index) => {
      const delta = adjustments[index] ?? 0;
      return delta === 0 ? entry : { ...entry, durationMs: Math.max(0, entry.durationMs + delta) };
    }),
  };
}

export function momentOf(state: TournamentState): Moment {
  return {
    started: state.phase !== "registering",
    finished: state.phase === "finished",
    levelNumber: clockOf(state, state.clock)?.levelNumber ?? 0,
  };
}

export function playerRecord(state: TournamentState, playerId: string): PlayerRecord | null {
  return findRecord(state.players, playerId);
}

/** Where a player sits, or null when not seated. */
export function findPlayer(
  state: Pick<TournamentState, "tables">,
  playerId: string,
): { tableIndex: number; table: Table; seat: number; occupant: SeatedPlayer } | null {
  for (let tableIndex = 0; tableIndex < state.tables.length; tableIndex++) {
    const table = state.tables[tableIndex] as Table;
    const seat = seatOf(table, playerId);
    if (seat !== null) {
      return { tableIndex, table, seat, occupant: occupantOf(table, seat) as SeatedPlayer };
    }
  }
  return null;
}

/** The pool and what each place gets if the field stopped growing now (MT-2). */
export function payoutsOf(state: TournamentState): {
  pool: number;
  overlay: number;
  amounts: number[];
} {
  const { rules, totals } = state;
  const { pool, overlay } = prizePool({
    entries: totals.entries,
    prizePerEntry: rules.buyIn.prize,
    rebuys: totals.rebuys,
    prizePerRebuy: rules.rebuy?.prize ?? 0,
    addOns: totals.addOns,
    prizePerAddOn: rules.addOn?.prize ?? 0,
    guarantee: rules.guarantee,
  });
  const bracket = bracketFor(rules.payouts, Math.max(2, totals.entries));
  // The payout table is validated to cover every field from 2 up.
  const amounts = bracket.ok ? payoutAmounts(pool, bracket.bracket.basisPoints) : [pool];
  return { pool, overlay, amounts };
}
