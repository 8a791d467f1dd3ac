/**
 * What a Russian poker room keeps beside the engine's table: the timers, the
 * shuffle's commitment and the last message number of each player. All of it
 * is plain arithmetic on epoch milliseconds, so the clock's rules are tested
 * without waiting.
 */
import { russian } from "@felt/engine";

export type RussianTiming = {
  /** Bets close this long after the first one, unless everyone with bets asks for the cards first. */
  bettingMs: number;
  /** Time for the decisions on the boxes, and again for the no-game choices. */
  actionMs: number;
  /** Pause after a settled round so everyone sees it. */
  nextRoundDelayMs: number;
};

export type RussianClock = {
  phase: "betting" | "decisions" | "noGameChoices";
  endsAt: number;
};

export type RussianFairness = {
  roundNumber: number;
  commitment: string;
  /** Hex; sent to clients only once `revealed`. */
  seed: string;
  revealed: boolean;
};

export type RussianRoomState = {
  tableId: string;
  timing: RussianTiming;
  lastSeq: Record<string, number>;
  clock: RussianClock | null;
  nextRoundAt: number | null;
  fairness: RussianFairness | null;
};

export type RussianSnapshot = { table: russian.RussianTableState; room: RussianRoomState };

export const initialRussianRoom = (tableId: string, timing: RussianTiming): RussianRoomState => ({
  tableId,
  timing,
  lastSeq: {},
  clock: null,
  nextRoundAt: null,
  fairness: null,
});

/** Events after which the boxes to decide are new: their owners get a fresh clock. */
const FRESH_DECISIONS = new Set([
  "cardsDealt",
  "cardsExchanged",
  "sixthCardDealt",
  "dealerRevealed",
]);

/** The room after a change to the table: the clock, the next round, the seed's reveal. */
export function russianRoomAfter(
  room: RussianRoomState,
  table: russian.RussianTableState,
  events: readonly russian.RussianTableEvent[],
  now: number,
): RussianRoomState {
  const round = table.round;
  const phase = round?.phase ?? null;
  let clock: RussianClock | null = null;
  if (phase === "betting" && round?.boxes.some((box) => box.ownerId !== null)) {
    clock =
      room.clock?.phase === "betting"
        ? room.clock
        : { phase: "betting", endsAt: now + room.timing.bettingMs };
  } else if (phase === "decisions" || phase === "noGameChoices") {
    const fresh = events.some((e) => e.type === "roundEvent" && FRESH_DECISIONS.has(e.event.type));
    clock =
      room.clock?.phase === phase && !fresh
        ? room.clock
        : { phase, endsAt: now + room.timing.actionMs };
  }
  const settled = events.some((e) => e.type === "roundEvent" && e.event.type === "roundSettled");
  const someoneToDeal = table.seats.some((seat) => !seat.leaving && seat.chips > 0);
  let nextRoundAt: number | null = null;
  if ((round === null || phase === "settled") && someoneToDeal) {
    // After a settled round everyone sees it for a moment; the first player in is dealt at once.
    nextRoundAt = settled ? now + room.timing.nextRoundDelayMs : (room.nextRoundAt ?? now);
  }
  const fairness = settled && room.fairness ? { ...room.fairness, revealed: true } : room.fairness;
  return { ...room, clock, nextRoundAt, fairness };
}

/** What the room must do now. */
export function russianDueWork(
  { table, room }: RussianSnapshot,
  now: number,
): { openRound: boolean; deal: boolean; timeout: boolean } {
  const phase = table.round?.phase ?? null;
  const clockDone = room.clock !== null && room.clock.endsAt <= now;
  return {
    openRound: room.nextRoundAt !== null && room.nextRoundAt <= now,
    deal:
      phase === "betting" &&
      table.round !== null &&
      table.round.boxes.some((box) => box.ownerId !== null) &&
      (russian.everyoneReady(table) || clockDone),
    timeout: (phase === "decisions" || phase === "noGameChoices") && clockDone,
  };
}

/** The earliest time the room must wake up, or null. */
export function russianDeadline({ room }: RussianSnapshot): number | null {
  const times = [room.clock?.endsAt, room.nextRoundAt].filter(
    (t): t is number => typeof t === "number",
  );
  return times.length === 0 ? null : Math.min(...times);
}
