/**
 * What the room keeps beside the engine's table state: clocks, time banks,
 * the next deal, sit-out timers, the deal's secret (fairness.ts).
 * Pure: `roomAfter` is called with the table after every accepted change.
 */
import {
  dueWork as dueTimers,
  handInProgress,
  type Occupant,
  settleWaitlist,
  type TableEvent,
  type TableState,
  type TableTimers,
  timersAfter,
  nextDeadline as timersDeadline,
  type Waitlist,
  waitlistDeadline,
} from "@felt/engine";
import { endTimeDeadline, type HomeRoomState } from "../home/rules";
import type { LobbyCounts } from "../lobby/rows";
import type { HandReport } from "../tournaments/table-contract";
import type { CommittedSeed, DealSecret } from "./fairness";
import type { Timing } from "./stake";
import type { PendingStakes } from "./stake-change";

export { ABSENT_ACTION_MS } from "@felt/engine";

/**
 * The room's state beside the table: the timers (`TableTimers`, whose rules
 * are the engine's room-timers.ts) and what else the room keeps.
 */
export type RoomState = TableTimers & {
  tableId: string;
  /** Auto-rebuy wishes, kept here before the table kept them: moved to the table on load (`upgradedSnapshot`). */
  autoRebuy?: Record<string, number>;
  /** The highest message sequence number accepted from each player, across connections. */
  lastSeq: Record<string, number>;
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
  /** A home game's host controls (H-2): paused, closed; absent at every other table. */
  home?: HomeRoomState | null;
  /** T-12: the waiting list of a full cash table, first in line first (absent: nobody waits). */
  waitlist?: Waitlist;
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

/** The room after the table changed to `table` with `events`, at time `now`. */
export function roomAfter(
  room: RoomState,
  table: TableState,
  events: readonly TableEvent[],
  now: number,
): RoomState {
  // Players who left are forgotten: a late message of theirs finds no seat anyway.
  const lastSeq = { ...room.lastSeq };
  let recentPots = room.recentPots;
  for (const e of events) {
    if (e.type === "playerLeft") delete lastSeq[e.playerId];
    if (e.type === "handSettled") {
      recentPots = [...recentPots, potOf(events, e.handNumber)].slice(-RECENT_POTS);
    }
  }
  const tournament = room.tournament ? tournamentAfter(room.tournament, table, events, now) : null;
  return {
    ...room,
    ...timersAfter(room, table, events, now, tournament),
    ...waitlistAfter(room, table, now),
    feed: (room.feed ?? 0) + 1,
    lastSeq,
    recentPots,
    tournament,
  };
}

/**
 * T-12: every change settles the waiting list against the table it leaves:
 * whoever sat down here is off it, a freed seat is offered, a run-out offer
 * passes on. A room nobody waits at keeps no list.
 */
function waitlistAfter(room: RoomState, table: TableState, now: number): Partial<RoomState> {
  if (!room.waitlist?.length) return {};
  return { waitlist: settleWaitlist(room.waitlist, table, now) };
}

/** A paused home game (H-2) deals nothing: its next deal waits, the rest of its timers run. */
const dealable = (room: RoomState): RoomState =>
  room.home?.paused ? { ...room, nextHandAt: null } : room;

/** H-3: when the end time must close a home game that has nothing to deal (home/rules.ts). */
export function endTimeAt({ table, room }: Snapshot): number | null {
  if (!room.home) return null;
  return endTimeDeadline(
    table.config.home?.endsAt ?? null,
    room.home,
    {
      closedForTime: table.homeGame?.closed === true,
      handInProgress: handInProgress(table),
      dealersChoice: table.config.games !== null,
    },
    room.nextHandAt,
  );
}

/**
 * The earliest moment the room must wake up, or null when nothing is pending
 * (room-timers.ts): a timer, a home game's end, a seat offer's end (T-12).
 */
export const nextDeadline = (snapshot: Snapshot): number | null => {
  const times = [
    timersDeadline(dealable(snapshot.room), snapshot.table),
    endTimeAt(snapshot),
    waitlistDeadline(snapshot.room.waitlist ?? []),
  ].filter((t): t is number => t !== null);
  return times.length === 0 ? null : Math.min(...times);
};

/**
 * What is due at `now`: a timeout, expired sit-outs, new stakes, a hand's
 * report, the next deal (not while a home game is paused), a home game's end (H-3),
 * a seat offer's end (T-12).
 */
export const dueWork = (snapshot: Snapshot, now: number) => {
  const end = endTimeAt(snapshot);
  return {
    ...dueTimers(dealable(snapshot.room), snapshot.table, now),
    endTime: end !== null && end <= now,
    /** T-12: a seat offer ran out; the next change passes the seat on (`waitlistAfter`). */
    waitlist: (waitlistDeadline(snapshot.room.waitlist ?? []) ?? Number.POSITIVE_INFINITY) <= now,
  };
};

export function lobbyCounts({ table, room }: Snapshot): LobbyCounts {
  const pots = room.recentPots;
  return {
    playersSeated: occupants(table).length,
    waiting: room.waitlist?.length ?? 0,
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
