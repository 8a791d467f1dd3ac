/** Small helpers shared by the table's command handlers. */
import type { Occupant, TableEvent, TableResult, TableState } from "./types";

/** Chips beyond this are refused outright: far above any real stack, well inside safe integers. */
export const MAX_CHIPS = 1e12;

export const fail = (code: string, message: string): TableResult => ({
  ok: false,
  error: { code, message },
});

export const isChips = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_CHIPS;

export const handInProgress = (state: TableState): boolean =>
  state.hand !== null && state.hand.phase !== "complete";

export function occupantOf(state: TableState, playerId: string): Occupant | null {
  return state.seats.find((o) => o?.playerId === playerId) ?? null;
}

/**
 * The seat `playerId` was dealt into in the current or last hand, or null
 * when he was not dealt in: what a viewer sees of a hand follows the player,
 * not the seat he sits in now.
 */
export function handSeatOf(state: TableState, playerId: string): number | null {
  if (!state.hand) return null;
  if (state.dealtIn) return state.dealtIn.find((p) => p.playerId === playerId)?.seat ?? null;
  // A hand dealt before tables kept `dealtIn`: while it runs, no seat changes hands.
  return handInProgress(state) ? (occupantOf(state, playerId)?.seat ?? null) : null;
}

export function withSeat(
  state: TableState,
  seat: number,
  occupant: Occupant | null,
): TableState["seats"] {
  const seats = state.seats.slice();
  seats[seat - 1] = occupant;
  return seats;
}

/** An accepted command: the changes, one more version, and what happened. */
export function accepted(
  state: TableState,
  changes: Partial<TableState>,
  events: TableEvent[],
): TableResult {
  return { ok: true, state: { ...state, ...changes, version: state.version + 1 }, events };
}

/**
 * A table stored before the seat rules (T-7 … T-9) and dealer's choice
 * existed lacks their fields: fill them in, nothing owed and no positions
 * yet (the next hand then moves the button on from the stored one).
 */
export function upgraded(state: TableState): TableState {
  const stored = state as TableState & Partial<Pick<TableState, "positions" | "dealersChoice">>;
  const seatsCurrent = state.seats.every(
    (o) => o === null || (o.owes !== undefined && o.autoRebuy !== undefined),
  );
  if (
    stored.positions !== undefined &&
    stored.dealersChoice !== undefined &&
    state.config.games !== undefined &&
    seatsCurrent
  )
    return state;
  return {
    ...state,
    config: { ...state.config, games: state.config.games ?? null },
    seats: state.seats.map((o) => {
      if (o === null) return o;
      const seat = o.owes !== undefined ? o : { ...o, owes: null, waitForBigBlind: true };
      // A seat stored before the table kept auto-rebuy wishes has it off.
      return seat.autoRebuy !== undefined ? seat : { ...seat, autoRebuy: null };
    }),
    positions: stored.positions ?? null,
    dealersChoice: stored.dealersChoice ?? null,
  };
}
