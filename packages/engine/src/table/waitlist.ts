/**
 * T-12: the waiting list of a full cash table. Pure: the room keeps the list
 * in its state, passes the table and the time, and arms its alarm from
 * `waitlistDeadline`.
 *
 * First come, first served. A freed seat is held for the first in line
 * (an offer) until he sits down, declines, or his time runs out; then the
 * next in line is offered it. Seats are held by count, not by number: with
 * two free seats and two offers, nobody else may sit, and each offered
 * player may take either seat.
 */
import { occupantOf } from "./support";
import type { TableState } from "./types";

/**
 * How long a freed seat waits for the player it is offered to. Long enough
 * to see the notice, come back to the table and choose a buy-in (about what
 * card rooms give: 30 s to a minute); short enough that a player who went
 * away does not keep the table a seat short for long.
 */
export const SEAT_OFFER_MS = 30_000;

/** The longest list a table keeps: far more than ever wait, and a bound on the room's state. */
export const MAX_WAITING = 50;

export type Waiting = {
  playerId: string;
  /** The display name, for the table's list. */
  name: string;
  /** When a seat is held for him, until when; null while he waits his turn. */
  offerUntil: number | null;
};

/** The list in order: the first in line first. */
export type Waitlist = Waiting[];

export type WaitlistRefusal =
  /** He sits at this table already. */
  | "seated_here"
  /** A seat is free and not held: he should just sit down. */
  | "seat_free"
  | "already_waiting"
  | "not_waiting"
  | "waitlist_full";

export type WaitlistResult = { ok: true; list: Waitlist } | { ok: false; code: WaitlistRefusal };

const freeSeats = (table: TableState) => table.seats.filter((o) => o === null).length;
const offers = (list: Waitlist) => list.filter((w) => w.offerUntil !== null).length;

/** Join the end of the list: only at a table with no seat he could take now. */
export function joinWaitlist(
  list: Waitlist,
  table: TableState,
  player: { playerId: string; name: string },
  now: number,
): WaitlistResult {
  if (occupantOf(table, player.playerId)) return { ok: false, code: "seated_here" };
  if (list.some((w) => w.playerId === player.playerId))
    return { ok: false, code: "already_waiting" };
  if (freeSeats(table) > offers(list)) return { ok: false, code: "seat_free" };
  if (list.length >= MAX_WAITING) return { ok: false, code: "waitlist_full" };
  return { ok: true, list: settleWaitlist([...list, { ...player, offerUntil: null }], table, now) };
}

/** Leave the list, or decline the seat offered: a held seat goes to the next in line. */
export function leaveWaitlist(
  list: Waitlist,
  table: TableState,
  playerId: string,
  now: number,
): WaitlistResult {
  if (!list.some((w) => w.playerId === playerId)) return { ok: false, code: "not_waiting" };
  return {
    ok: true,
    list: settleWaitlist(
      list.filter((w) => w.playerId !== playerId),
      table,
      now,
    ),
  };
}

/**
 * The list after the table changed or time passed: whoever sat down here is
 * off it (he took his seat), expired offers are dropped with their players
 * (a player who went away does not stay first), and every free seat not yet
 * held is offered to the next in line for `SEAT_OFFER_MS`. When seats went
 * (an offer outlived its seat), the latest offers are withdrawn and those
 * players wait again in their place.
 */
export function settleWaitlist(list: Waitlist, table: TableState, now: number): Waitlist {
  const kept = list.filter(
    (w) => !occupantOf(table, w.playerId) && (w.offerUntil === null || w.offerUntil > now),
  );
  let room = freeSeats(table);
  const settled = kept.map((w) => {
    if (w.offerUntil === null) return w;
    if (room === 0) return { ...w, offerUntil: null };
    room -= 1;
    return w;
  });
  return settled.map((w) => {
    if (w.offerUntil !== null || room === 0) return w;
    room -= 1;
    return { ...w, offerUntil: now + SEAT_OFFER_MS };
  });
}

/**
 * Does the list let `playerId` sit down now? Only in a seat nobody is
 * offered, unless one is offered to him: held seats are closed to everyone
 * else, listed or not. Whether a seat is free at all is the table's to say.
 */
export function maySit(list: Waitlist, table: TableState, playerId: string): boolean {
  const mine = list.find((w) => w.playerId === playerId)?.offerUntil ?? null;
  // No seat held: the list has no say (a full table refuses him by its own rules).
  if (mine !== null || offers(list) === 0) return true;
  return freeSeats(table) > offers(list);
}

/** The earliest offer's end: the room wakes then to pass the seat on. */
export function waitlistDeadline(list: Waitlist): number | null {
  let at: number | null = null;
  for (const w of list)
    if (w.offerUntil !== null && (at === null || w.offerUntil < at)) at = w.offerUntil;
  return at;
}

/** One player's place: his position (1 = first) and the end of his offer, or null when not listed. */
export function waitingPlace(
  list: Waitlist,
  playerId: string,
): { position: number; offerUntil: number | null } | null {
  const i = list.findIndex((w) => w.playerId === playerId);
  const w = list[i];
  return w ? { position: i + 1, offerUntil: w.offerUntil } : null;
}
