/**
 * The action clock and time bank, as plain arithmetic on epoch milliseconds:
 * the room passes in `now`, so every rule here is tested without waiting.
 */
import { handInProgress, type TableState } from "@felt/engine";

/** Whose decision it is and when each of his deadlines falls. */
export type RoomClock = {
  handNumber: number;
  /** The hand's version when the clock started: any accepted action starts a new clock. */
  handVersion: number;
  seat: number;
  playerId: string;
  /** The normal action time ends here; the time bank runs after it. */
  actionEndsAt: number;
  /** Action time and the whole time bank are gone: the room times the player out. */
  timesOutAt: number;
};

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
  if (previous) {
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
      actionEndsAt,
      timesOutAt: actionEndsAt + bank,
    },
    banks: next,
  };
}
