/**
 * What the room keeps beside the engine's table state: clocks, time banks,
 * the next deal, sit-out timers, the deal's secret (fairness.ts).
 * Pure: `roomAfter` is called with the table after every accepted change.
 */
import {
  applyTable,
  awaitsRebuy,
  choiceDue,
  handInProgress,
  type Occupant,
  readyToDeal,
  type TableEvent,
  type TableState,
  type TimeBankRule,
  timeBankAfterHand,
} from "@felt/engine";
import type { LobbyCounts } from "../lobby/rows";
import type { HandReport } from "../tournaments/table-contract";
import { advanceClock, choiceClock, type RoomClock } from "./clock";
import type { CommittedSeed, DealSecret } from "./fairness";
import type { Timing } from "./stake";
import type { PendingStakes } from "./stake-change";

export type RoomState = {
  tableId: string;
  timing: Timing;
  clock: RoomClock | null;
  /** Time bank left per seated player (ms). */
  timeBanks: Record<string, number>;
  /** Hands each seated player was dealt into since he sat down, for the bank's refill (absent in rooms stored before it). */
  handsPlayed?: Record<string, number>;
  /** When each seated player started sitting out (epoch ms). */
  sitOutSince: Record<string, number>;
  /** Auto-rebuy wishes, kept here before the table kept them: moved to the table on load (`upgradedSnapshot`). */
  autoRebuy?: Record<string, number>;
  /** The highest message sequence number accepted from each player, across connections. */
  lastSeq: Record<string, number>;
  /** When the next hand is dealt, or null while a hand runs or fewer than two can play. */
  nextHandAt: number | null;
  /** The current (or last) hand's deal; a room stored before this scheme may hold an older secret, shown to nobody. */
  fairness: DealSecret | null;
  /** The next deal's server seed, committed before the client seeds for it are taken (absent in older rooms). */
  nextSeed?: CommittedSeed | null;
  /** Client seeds sent since the last deal, by player: each deal takes those of the players seated, then forgets them all. */
  clientSeeds?: Record<string, string>;
  /** Total pots of the last hands, newest last, for the lobby's average pot. */
  recentPots: number[];
  /** The admin's new stakes, waiting for the hand in progress to end (absent in rooms stored before them). */
  pendingStakes?: PendingStakes | null;
  /**
   * The table's version when its hand last changed (a deal, an action, a
   * timeout): an action decided on any version since is still current, so
   * another player's sitting down, sitting out or auto-rebuy while one
   * thinks does not make his click stale. Absent in rooms stored before it
   * (every change then counts).
   */
  handMovedAt?: number;
  /** Counts the changes: the feed's number, stamped on every message (absent in rooms stored before it). */
  feed?: number;
  /** Set at a tournament's table; absent in rooms stored before tournaments ran. */
  tournament?: TournamentLink | null;
};

/**
 * A tournament table's tie to its tournament: which table it is, the
 * tournament's number for the hand being played, and the stacks after the
 * last hand until the tournament has taken them.
 */
export type TournamentLink = {
  id: string;
  number: number;
  hand: number | null;
  levelNumber: number | null;
  report: HandReport | null;
  /**
   * When to send `report`: as the hand settles, so the tournament knows at
   * once that the table is between hands (rebuys, moves, the next round);
   * later again after a failure. Absent in rooms stored before: the report
   * then goes with the next deal.
   */
  reportAt?: number | null;
  /** Broken, or the tournament is over: no more hands here. */
  closed: boolean;
};

export type Snapshot = { table: TableState; room: RoomState };

const RECENT_POTS = 20;
/** MT-6: an absent tournament player is folded (or checked) this fast, so the table is not held up. */
export const ABSENT_ACTION_MS = 1_000;

export function initialRoom(
  tableId: string,
  timing: Timing,
  tournament: TournamentLink | null = null,
): RoomState {
  return {
    feed: 0,
    tournament,
    tableId,
    timing,
    clock: null,
    timeBanks: {},
    sitOutSince: {},
    lastSeq: {},
    nextHandAt: null,
    fairness: null,
    recentPots: [],
    pendingStakes: null,
  };
}

const occupants = (table: TableState): Occupant[] =>
  table.seats.filter((o): o is Occupant => o !== null);

/**
 * A snapshot stored before the table kept auto-rebuy wishes: the room's
 * wishes move onto the seats (T-6), so none is lost across the upgrade.
 */
export function upgradedSnapshot(snapshot: Snapshot): Snapshot {
  const { autoRebuy, ...room } = snapshot.room;
  if (autoRebuy === undefined) return snapshot;
  const seats = snapshot.table.seats.map((o) =>
    o === null ? o : { ...o, autoRebuy: o.autoRebuy ?? autoRebuy[o.playerId] ?? null },
  );
  return { table: { ...snapshot.table, seats }, room };
}

/** Chips the pots of this change awarded (plus rake): one hand's total pot. */
function potOf(events: readonly TableEvent[], handNumber: number): number {
  let pot = 0;
  for (const e of events) {
    if (e.type === "handEvent" && e.handNumber === handNumber && e.event.type === "potAwarded")
      pot += e.event.amount;
    if (e.type === "handSettled" && e.handNumber === handNumber) pot += e.rake;
  }
  return pot;
}

/** Refills a stake that predates the setting: 10 s every 5 hands (the stake's default). */
const DEFAULT_REFILL = { refillMs: 10_000, everyHands: 5 };

/**
 * The hand just settled: everyone still seated who was dealt into it counts
 * one more hand (`handsPlayed`, updated in place), and his bank refills as
 * the stake says (`timeBankAfterHand`, the engine's rule).
 */
function refilledBanks(
  banks: Record<string, number>,
  handsPlayed: Record<string, number>,
  table: TableState,
  timing: Timing,
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

/** The room after the table changed to `table` with `events`, at time `now`. */
export function roomAfter(
  room: RoomState,
  table: TableState,
  events: readonly TableEvent[],
  now: number,
): RoomState {
  const timeBanks = { ...room.timeBanks };
  const handsPlayed = { ...room.handsPlayed };
  // Players who left are forgotten: a late message of theirs finds no seat anyway.
  const lastSeq = { ...room.lastSeq };
  let recentPots = room.recentPots;
  for (const e of events) {
    if (e.type === "playerSat") {
      timeBanks[e.playerId] = room.timing.timeBankMs;
      handsPlayed[e.playerId] = 0;
    }
    if (e.type === "playerLeft") {
      delete timeBanks[e.playerId];
      delete handsPlayed[e.playerId];
      delete lastSeq[e.playerId];
    }
    if (e.type === "handSettled") {
      recentPots = [...recentPots, potOf(events, e.handNumber)].slice(-RECENT_POTS);
    }
  }
  const advanced = advanceClock(room.clock, table, timeBanks, now, room.timing);
  // After the last decision's bank time is paid: the hand is over, the banks refill.
  const banks = events.some((e) => e.type === "handSettled")
    ? refilledBanks(advanced.banks, handsPlayed, table, room.timing)
    : advanced.banks;
  const tournament = room.tournament ? tournamentAfter(room.tournament, table, events, now) : null;
  const clock = tournament ? absentOnTheClock(advanced.clock, table, now) : advanced.clock;
  const next: RoomState = {
    ...room,
    feed: (room.feed ?? 0) + 1,
    clock,
    timeBanks: banks,
    handsPlayed,
    sitOutSince: {},
    lastSeq,
    recentPots,
    tournament,
  };
  if (tournament) {
    // Tournament players are never removed for sitting out (MT-6): they are blinded off.
    const nextHandAt =
      handInProgress(table) || tournament.closed
        ? null
        : (room.nextHandAt ?? now + room.timing.nextHandDelayMs);
    return { ...next, nextHandAt };
  }
  // Sitting out counts toward the expiry unless the player is already on his way
  // out, or busted and about to be bought back in by his auto-rebuy.
  for (const o of occupants(table)) {
    if (o.status === "sittingOut" && !o.leaving && !awaitsRebuy(o))
      next.sitOutSince[o.playerId] = room.sitOutSince[o.playerId] ?? now;
  }
  // Dealer's choice: a hand that waits only for the button's choice is due as
  // usual, and the chooser is on the clock; the deal waits for his choice (dueWork).
  const chooser = choiceDue(table);
  const ready = readyToDeal(table) || (chooser !== null && readyOnceChosen(table));
  const nextHandAt = ready ? (room.nextHandAt ?? now + room.timing.nextHandDelayMs) : null;
  if (chooser !== null && nextHandAt !== null) {
    const startsAt = Math.max(now, nextHandAt);
    const chooserClock = choiceClock(room.clock, chooser, table, startsAt, room.timing.actionMs);
    return { ...next, clock: chooserClock, nextHandAt };
  }
  return { ...next, nextHandAt };
}

/** Whether a hand could be dealt once the chooser has chosen (any game: the seats decide). */
function readyOnceChosen(table: TableState): boolean {
  const chosen = applyTable(table, { type: "timeout" });
  return chosen.ok && readyToDeal(chosen.state);
}

/** Dealer's choice: the next hand waits for the button to choose (or his clock to run out). */
const awaitingChoice = (table: TableState): boolean => choiceDue(table) !== null;

/** The earliest moment the room must wake up, or null when nothing is pending. */
export function nextDeadline({ table, room }: Snapshot): number | null {
  const times: number[] = [];
  if (room.pendingStakes && !handInProgress(table)) times.push(room.pendingStakes.since);
  if (room.clock) times.push(room.clock.timesOutAt);
  // While the button chooses, his clock is the deadline, not the deal.
  if (room.nextHandAt !== null && !awaitingChoice(table)) times.push(room.nextHandAt);
  const reportAt = room.tournament?.report ? room.tournament.reportAt : null;
  if (reportAt != null) times.push(reportAt);
  for (const since of Object.values(room.sitOutSince))
    times.push(since + room.timing.sitOutExpiryMs);
  return times.length === 0 ? null : Math.min(...times);
}

/** What is due at `now`: a timeout (a hand's or the chooser's), players whose sit-out ran out, new stakes, a hand's report, the next deal. */
export function dueWork(
  { table, room }: Snapshot,
  now: number,
): { timeout: boolean; expired: string[]; restake: boolean; report: boolean; deal: boolean } {
  const reportAt = room.tournament?.report ? room.tournament.reportAt : null;
  return {
    timeout: room.clock !== null && room.clock.timesOutAt <= now,
    expired: Object.entries(room.sitOutSince)
      .filter(([, since]) => since + room.timing.sitOutExpiryMs <= now)
      .map(([playerId]) => playerId),
    restake: Boolean(room.pendingStakes) && !handInProgress(table),
    report: reportAt != null && reportAt <= now,
    deal: room.nextHandAt !== null && room.nextHandAt <= now && !awaitingChoice(table),
  };
}

export function lobbyCounts({ table, room }: Snapshot): LobbyCounts {
  const pots = room.recentPots;
  return {
    playersSeated: occupants(table).length,
    averagePot:
      pots.length === 0 ? null : Math.round(pots.reduce((a, b) => a + b, 0) / pots.length),
  };
}

/** The stacks of every seat dealt into the hand that just ended, for the tournament (MT-7). */
function tournamentAfter(
  link: TournamentLink,
  table: TableState,
  events: readonly TableEvent[],
  now: number,
): TournamentLink {
  const settled = events.some((e) => e.type === "handSettled");
  if (!settled || link.hand === null || !table.hand) return link;
  const stacks = table.hand.players.map(({ seat }) => ({
    seat,
    stack: (table.seats[seat - 1] as Occupant).stack,
  }));
  const report = { table: link.number, hand: link.hand, stacks };
  return { ...link, hand: null, report, reportAt: now };
}

/** MT-6: a player sitting out is still dealt in; his clock runs out at once. */
function absentOnTheClock(clock: RoomClock | null, table: TableState, now: number) {
  if (!clock) return clock;
  const occupant = table.seats[clock.seat - 1];
  if (occupant?.status !== "sittingOut") return clock;
  const timesOutAt = Math.min(clock.timesOutAt, now + ABSENT_ACTION_MS);
  return { ...clock, actionEndsAt: Math.min(clock.actionEndsAt, timesOutAt), timesOutAt };
}
