/**
 * A tournament's table as a TableRoom plays it: no rake and no buy-in limits
 * (tournament chips are not money, MT-7), the seating and every hand's
 * positions and level from the tournament (MT-3, MT-4, MT-6). Pure helpers;
 * the room's tournament branch calls them.
 */
import { handInProgress, type TableCommand, type TableSetup, type TableState } from "@felt/engine";
import type { RosterSeat } from "../tournaments/protocol";
import { SIT_OUT_EXPIRY_MS, type Timing } from "./stake";

/** A table told to wait without a time asks its tournament again this often. */
export const TOURNAMENT_POLL_MS = 5_000;

/** Chips a tournament stack may reach: far above any field's total. */
const MAX_STACK = 1_000_000_000_000;

/** No-limit hold'em; the blinds are placeholders until the first hand brings the level's. */
export function tournamentTableSetup(seatCount: number): TableSetup {
  return {
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    seatCount,
    minBuyIn: 1,
    maxBuyIn: MAX_STACK,
    rake: null,
  };
}

/** Tournament clocks: 20 s to act and a 60 s time bank at this table, refilled by 10 s every 5 hands. */
export function tournamentTiming(nextHandDelayMs: number): Timing {
  return {
    actionMs: 20_000,
    timeBankMs: 60_000,
    timeBankRefillMs: 10_000,
    timeBankRefillHands: 5,
    nextHandDelayMs,
    sitOutExpiryMs: SIT_OUT_EXPIRY_MS,
  };
}

/** The command that seats the table as `roster` says, or null when it already is (or a hand runs). */
export function rosterCommand(
  table: TableState,
  roster: readonly RosterSeat[],
): TableCommand | null {
  if (handInProgress(table)) return null;
  const seated = table.seats.filter((o) => o !== null);
  const same =
    seated.length === roster.length &&
    roster.every((r) => {
      const o = table.seats[r.seat - 1];
      return o?.playerId === r.playerId && o.stack === r.stack && o.pendingChips === 0;
    });
  return same ? null : { type: "seatPlayers", players: roster.map((r) => ({ ...r })) };
}
