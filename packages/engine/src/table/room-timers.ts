/**
 * The table room's timers as pure rules on epoch milliseconds (the room
 * passes in `now`): the action clock and time bank after each change, the
 * bank's refill after a hand, MT-6's absent tournament player, the sit-out
 * expiry, dealer's choice's wait for the button, and from all of them what
 * is due now and when the room must next wake up. The room keeps these
 * timers beside the table (its `RoomState`) and only stores them and arms
 * its alarm for `nextDeadline`.
 */
import { choiceDue } from "./dealers-choice";
import { awaitsRebuy, readyToDeal } from "./ready";
import { advanceClock, choiceClock, type RoomClock } from "./room-clock";
import { applyTable, handInProgress } from "./table";
import { type TimeBankRule, timeBankAfterHand } from "./time-bank";
import type { Occupant, TableEvent, TableState } from "./types";

/** The room's timers, in milliseconds (a stake's, or a tournament's). */
export type TableTiming = {
  /** Normal time to act (the stake's action seconds). */
  actionMs: number;
  /** Each player's time bank when he sits down, spent only beyond the action time; the cap of its refills. */
  timeBankMs: number;
  /** Added to a player's bank every `timeBankRefillHands` hands he is dealt into (absent in rooms stored before refills). */
  timeBankRefillMs?: number;
  timeBankRefillHands?: number;
  /** Pause after a hand (and before the first one) so everyone sees the result. */
  nextHandDelayMs: number;
  /** A player sitting out this long is cashed out and leaves the seat to someone else. */
  sitOutExpiryMs: number;
};

/** What the room keeps of the timers, beside the table. */
export type TableTimers = {
  timing: TableTiming;
  clock: RoomClock | null;
  /** Time bank left per seated player (ms). */
  timeBanks: Record<string, number>;
  /** Hands each seated player was dealt into since he sat down, for the bank's refill. */
  handsPlayed?: Record<string, number>;
  /** When each seated player started sitting out (epoch ms). */
  sitOutSince: Record<string, number>;
  /** When the next hand is dealt, or null while a hand runs or fewer than two can play. */
  nextHandAt: number | null;
};

/** Work the room has beside the timers: new stakes waiting for the hand's end, a tournament's report. */
export type OtherWork = {
  pendingStakes?: { since: number } | null;
  tournament?: { report: unknown; reportAt?: number | null } | null;
};

/** MT-6: an absent tournament player is folded (or checked) this fast, so the table is not held up. */
export const ABSENT_ACTION_MS = 1_000;

/** Refills a stake that predates the setting: 10 s every 5 hands (the stake's default). */
const DEFAULT_REFILL = { refillMs: 10_000, everyHands: 5 };

/**
 * The timers after the table changed to `table` with `events`, at `now`.
 * `tournament`: the table is a tournament's (MT-6: absent players are dealt
 * in and folded at once, never removed for sitting out); `closed`: a
 * tournament table that deals no more.
 */
export function timersAfter(
  timers: TableTimers,
  table: TableState,
  events: readonly TableEvent[],
  now: number,
  tournament: { closed: boolean } | null = null,
): Required<Omit<TableTimers, "timing">> {
  const { timing } = timers;
  const timeBanks = { ...timers.timeBanks };
  const handsPlayed = { ...timers.handsPlayed };
  for (const e of events) {
    if (e.type === "playerSat") {
      timeBanks[e.playerId] = timing.timeBankMs;
      handsPlayed[e.playerId] = 0;
    }
    if (e.type === "playerLeft") {
      delete timeBanks[e.playerId];
      delete handsPlayed[e.playerId];
    }
  }
  const advanced = advanceClock(timers.clock, table, timeBanks, now, timing);
  // After the last decision's bank time is paid: the hand is over, the banks refill.
  const banks = events.some((e) => e.type === "handSettled")
    ? refilledBanks(advanced.banks, handsPlayed, table, timing)
    : advanced.banks;
  const next = { timeBanks: banks, handsPlayed, sitOutSince: {} };
  if (tournament) {
    const clock = absentOnTheClock(advanced.clock, table, now);
    const nextHandAt =
      handInProgress(table) || tournament.closed
        ? null
        : (timers.nextHandAt ?? now + timing.nextHandDelayMs);
    return { ...next, clock, nextHandAt };
  }
  const sitOutSince = sitOutSinceAfter(timers.sitOutSince, table, now);
  // Dealer's choice: a hand that waits only for the button's choice is due as
  // usual, and the chooser is on the clock; the deal waits for his choice (dueWork).
  const chooser = choiceDue(table);
  // H-3: a home game with an end time deals with `now` (and is ready when the deal would close it).
  const ready = readyToDeal(table, now) || (chooser !== null && readyOnceChosen(table, now));
  const nextHandAt = ready ? (timers.nextHandAt ?? now + timing.nextHandDelayMs) : null;
  if (chooser !== null && nextHandAt !== null) {
    const startsAt = Math.max(now, nextHandAt);
    const clock = choiceClock(timers.clock, chooser, table, startsAt, timing.actionMs);
    return { ...next, sitOutSince, clock, nextHandAt };
  }
  return { ...next, sitOutSince, clock: advanced.clock, nextHandAt };
}

/**
 * The hand just settled: everyone still seated who was dealt into it counts
 * one more hand (`handsPlayed`, updated in place), and his bank refills as
 * the stake says (`timeBankAfterHand`).
 */
export function refilledBanks(
  banks: Record<string, number>,
  handsPlayed: Record<string, number>,
  table: TableState,
  timing: TableTiming,
): Record<string, number> {
  const rule: TimeBankRule = {
    bankMs: timing.timeBankMs,
    refillMs: timing.timeBankRefillMs ?? DEFAULT_REFILL.refillMs,
    everyHands: timing.timeBankRefillHands ?? DEFAULT_REFILL.everyHands,
  };
  const next = { ...banks };
  for (const p of table.hand?.players ?? []) {
    const occupant = table.seats[p.seat - 1];
    if (!occupant || next[occupant.playerId] === undefined) continue;
    const played = (handsPlayed[occupant.playerId] ?? 0) + 1;
    handsPlayed[occupant.playerId] = played;
    next[occupant.playerId] = timeBankAfterHand(next[occupant.playerId] as number, played, rule);
  }
  return next;
}

/** MT-6: a player sitting out is still dealt in; his clock runs out at once. */
export function absentOnTheClock(
  clock: RoomClock | null,
  table: TableState,
  now: number,
): RoomClock | null {
  if (!clock) return clock;
  const occupant = table.seats[clock.seat - 1];
  if (occupant?.status !== "sittingOut") return clock;
  const timesOutAt = Math.min(clock.timesOutAt, now + ABSENT_ACTION_MS);
  return { ...clock, actionEndsAt: Math.min(clock.actionEndsAt, timesOutAt), timesOutAt };
}

/**
 * When each player sitting out started to: the expiry counts unless he is
 * already on his way out, or busted and about to be bought back in by his
 * auto-rebuy. Sitting in or leaving stops it.
 */
export function sitOutSinceAfter(
  previous: Readonly<Record<string, number>>,
  table: TableState,
  now: number,
): Record<string, number> {
  const since: Record<string, number> = {};
  for (const o of table.seats) {
    if (o && o.status === "sittingOut" && !o.leaving && !awaitsRebuy(o as Occupant))
      since[o.playerId] = previous[o.playerId] ?? now;
  }
  return since;
}

/** Whether a hand could be dealt once the chooser has chosen (any game: the seats decide). */
function readyOnceChosen(table: TableState, now: number): boolean {
  const chosen = applyTable(table, { type: "timeout" });
  return chosen.ok && readyToDeal(chosen.state, now);
}

/** Dealer's choice: the next hand waits for the button to choose (or his clock to run out). */
export const awaitingChoice = (table: TableState): boolean => choiceDue(table) !== null;

/** The earliest moment the room must wake up, or null when nothing is pending. */
export function nextDeadline(timers: TableTimers & OtherWork, table: TableState): number | null {
  const times: number[] = [];
  if (timers.pendingStakes && !handInProgress(table)) times.push(timers.pendingStakes.since);
  if (timers.clock) times.push(timers.clock.timesOutAt);
  // While the button chooses, his clock is the deadline, not the deal.
  if (timers.nextHandAt !== null && !awaitingChoice(table)) times.push(timers.nextHandAt);
  const reportAt = timers.tournament?.report ? timers.tournament.reportAt : null;
  if (reportAt != null) times.push(reportAt);
  for (const since of Object.values(timers.sitOutSince))
    times.push(since + timers.timing.sitOutExpiryMs);
  return times.length === 0 ? null : Math.min(...times);
}

/** What is due at `now`. */
export type DueWork = {
  /** A hand's (or the chooser's) clock ran out. */
  timeout: boolean;
  /** Players whose sit-out ran out: they leave. */
  expired: string[];
  /** New stakes, now that no hand runs. */
  restake: boolean;
  /** A tournament hand's report. */
  report: boolean;
  deal: boolean;
};

export function dueWork(timers: TableTimers & OtherWork, table: TableState, now: number): DueWork {
  const reportAt = timers.tournament?.report ? timers.tournament.reportAt : null;
  return {
    timeout: timers.clock !== null && timers.clock.timesOutAt <= now,
    expired: Object.entries(timers.sitOutSince)
      .filter(([, since]) => since + timers.timing.sitOutExpiryMs <= now)
      .map(([playerId]) => playerId),
    restake: Boolean(timers.pendingStakes) && !handInProgress(table),
    report: reportAt != null && reportAt <= now,
    deal: timers.nextHandAt !== null && timers.nextHandAt <= now && !awaitingChoice(table),
  };
}
