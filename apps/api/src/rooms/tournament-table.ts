/**
 * A tournament's table as a TableRoom plays it: no rake and no buy-in limits
 * (tournament chips are not money, MT-7), the seating and every hand's
 * positions and level from the tournament (MT-3, MT-4, MT-6). Pure helpers;
 * the room's tournament branch calls them.
 */
import { handInProgress, type TableCommand, type TableSetup, type TableState } from "@felt/engine";
import type { TournamentGame } from "@felt/protocol/games";
import type { RosterSeat, TableStructure } from "../tournaments/table-contract";
import { DEALERS_CHOICE_CATALOGUE, SIT_OUT_EXPIRY_MS, type Timing } from "./stake";

/** A table told to wait without a time asks its tournament again this often. */
export const TOURNAMENT_POLL_MS = 5_000;

/** Chips a tournament stack may reach: far above any field's total. */
const MAX_STACK = 1_000_000_000_000;

/**
 * The tournament's game, betting as at a cash table (the dealer's choice
 * catalogue); the blinds are placeholders until the first hand brings the
 * level's. Fixed-limit bets are left out so the engine sizes them from each
 * level's big blind (small bet = big blind, big bet = twice it, B-6).
 */
export function tournamentTableSetup(seatCount: number, game: TournamentGame): TableSetup {
  const { hand } = DEALERS_CHOICE_CATALOGUE[game];
  return {
    hand: { game: hand.game, betting: hand.betting, smallBlind: 1, bigBlind: 2 },
    seatCount,
    minBuyIn: 1,
    maxBuyIn: MAX_STACK,
    rake: null,
  };
}

/** The time bank grows by this much every few hands at a table, never above the tournament's bank. */
const REFILL_MS = 10_000;
const REFILL_HANDS = 5;

/** Tournament clocks: the tournament's action time and time bank, refilled by 10 s every 5 hands. */
export function tournamentTiming(
  nextHandDelayMs: number,
  clock: Pick<TableStructure, "actionSeconds" | "timeBankSeconds">,
): Timing {
  const timeBankMs = clock.timeBankSeconds * 1000;
  return {
    actionMs: clock.actionSeconds * 1000,
    timeBankMs,
    timeBankRefillMs: Math.min(REFILL_MS, timeBankMs),
    timeBankRefillHands: REFILL_HANDS,
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
