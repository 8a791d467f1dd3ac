/**
 * What a Russian poker room keeps beside the engine's table: the timers, the
 * deal's commitment and the last message number of each player. All of it
 * is plain arithmetic on epoch milliseconds, so the clock's rules are tested
 * without waiting.
 */
import { russian } from "@felt/engine";
import type { SCHEME } from "@felt/fairness";

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

/**
 * The round's deal commitment (docs/fairness.md), the same scheme as the poker tables' but
 * without client seeds. The deck's tree follows from the seed and is rebuilt in memory
 * (`RussianDeal` in the room), so the snapshot written on every change stays small.
 */
export type RussianFairness = {
  /** `seed-only`: a round stored before the tree (russian-fairness.ts `storedFairness`); it makes no claim. */
  scheme: typeof SCHEME | "seed-only";
  roundNumber: number;
  /** Hex server seed: never sent to a client; it would show the folded boxes and the stub. */
  seed: string;
  seedCommitment: string;
  root: string;
  /** Reshuffles of the discards so far this round: the next one's order is the `k`-th. */
  reshuffles: number;
  /** Cards that came round again through a reshuffle: their first position would tell who held them. */
  reshuffled: number[];
};

export type RussianRoomState = {
  tableId: string;
  /** The room's change counter, for the feed (`russianDelta`); absent in rooms stored before it. */
  feed?: number;
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
  return { ...room, clock, nextRoundAt, fairness: afterReshuffles(room.fairness, table, events) };
}

/**
 * A reshuffle puts the discards back into the stub: every card of the stub then may have
 * come round again, so it is given no leaf (a leaf's position would tell who held it first).
 */
function afterReshuffles(
  fairness: RussianFairness | null,
  table: russian.RussianTableState,
  events: readonly russian.RussianTableEvent[],
): RussianFairness | null {
  const count = events.filter(
    (e) => e.type === "roundEvent" && e.event.type === "deckReshuffled",
  ).length;
  if (!fairness || count === 0) return fairness;
  const stub = table.round?.stub ?? [];
  return {
    ...fairness,
    reshuffles: fairness.reshuffles + count,
    reshuffled: [...new Set([...fairness.reshuffled, ...stub])],
  };
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
