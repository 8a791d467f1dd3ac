/**
 * The action clock and time bank, as plain arithmetic on epoch milliseconds:
 * the room passes in `now`, so every rule here is tested without waiting.
 */
import { handInProgress } from "./table";
import type { TableState } from "./types";

/** Whose decision it is and when each of his deadlines falls. */
export type RoomClock = {
  handNumber: number;
  /** The hand's version when the clock started: any accepted action starts a new clock. */
  handVersion: number;
  seat: number;
  playerId: string;
  /** When this decision's clock started (absent in a room stored before it was kept). */
  startedAt?: number;
  /** The normal action time ends here; the time bank runs after it. */
  actionEndsAt: number;
  /** Action time and the whole time bank are gone: the room times the player out. */
  timesOutAt: number;
  /**
   * Dealer's choice: the clock of the player choosing the next orbit's game
   * between hands (the stake's action time, no bank); the timeout picks the
   * next game in the list. Absent on a hand's clock.
   */
  choice?: true;
};

/**
 * Dealer's choice: the chooser's clock, kept while the same player is due to
 * choose; a new one runs the action time from `startsAt` (the end of the pause
 * between hands, or now if that has passed).
 */
export function choiceClock(
  previous: RoomClock | null,
  chooser: { seat: number; playerId: string },
  table: TableState,
  startsAt: number,
  actionMs: number,
): RoomClock {
  if (
    previous?.choice &&
    previous.seat === chooser.seat &&
    previous.playerId === chooser.playerId &&
    previous.handNumber === table.handNumber
  )
    return previous;
  const actionEndsAt = startsAt + actionMs;
  return {
    handNumber: table.handNumber,
    handVersion: table.version,
    seat: chooser.seat,
    playerId: chooser.playerId,
    startedAt: startsAt,
    actionEndsAt,
    timesOutAt: actionEndsAt,
    choice: true,
  };
}

/** Bank milliseconds a decision used: only what went past the action time, never more than the bank. */
export function bankUsed(clock: RoomClock, decidedAt: number, bank: number): number {
  return Math.min(bank, Math.max(0, decidedAt - clock.actionEndsAt));
}

/**
 * The clock after a change at the table. It keeps running while the same
 * decision is pending (someone else sat down, say); otherwise the last
 * decider pays for the bank time he used and the next decider's clock starts.
 */
export function advanceClock(
  previous: RoomClock | null,
  table: TableState,
  banks: Readonly<Record<string, number>>,
  now: number,
  timing: { actionMs: number; timeBankMs: number },
): { clock: RoomClock | null; banks: Record<string, number> } {
  const hand = handInProgress(table) ? table.hand : null;
  const seat = hand?.toAct ?? null;
  if (
    previous &&
    hand &&
    seat === previous.seat &&
    table.handNumber === previous.handNumber &&
    hand.version === previous.handVersion
  ) {
    return { clock: previous, banks: { ...banks } };
  }
  const next = { ...banks };
  // A choice of game costs no bank time: its clock is the action time alone.
  if (previous && !previous.choice) {
    const bank = next[previous.playerId];
    if (bank !== undefined) next[previous.playerId] = bank - bankUsed(previous, now, bank);
  }
  const occupant = seat === null ? null : table.seats[seat - 1];
  if (!hand || seat === null || !occupant) return { clock: null, banks: next };
  const bank = next[occupant.playerId] ?? timing.timeBankMs;
  next[occupant.playerId] = bank;
  const actionEndsAt = now + timing.actionMs;
  return {
    clock: {
      handNumber: table.handNumber,
      handVersion: hand.version,
      seat,
      playerId: occupant.playerId,
      startedAt: now,
      actionEndsAt,
      timesOutAt: actionEndsAt + bank,
    },
    banks: next,
  };
}
