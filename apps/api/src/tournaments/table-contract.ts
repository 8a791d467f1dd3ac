/**
 * What a tournament's room and its tables say to each other (Durable Object
 * RPC). The tournament decides who sits where and the positions and blinds
 * of every hand; the table deals and plays it with the engine and reports
 * the stacks after it.
 *
 * Calls go one way only while a room waits: a table may wait for its
 * tournament, never the reverse (the tournament tells tables to look again
 * without waiting for them), so two rooms can never wait on each other.
 */
import type { PlannedHand } from "@felt/engine";
import { TOURNAMENT_CLOCK, type TournamentGame } from "@felt/protocol/games";

/** A player at a tournament table, as the table seats him before a hand. */
export type RosterSeat = { seat: number; playerId: string; name: string; stack: number };

/** The tournament's next hand at one table. */
export type HandOrder = {
  /** The tournament's hand number (across all its tables). */
  hand: number;
  /** Everyone seated at the table now, dealt in or waiting for the button to pass. */
  roster: RosterSeat[];
  plan: PlannedHand;
  levelNumber: number;
};

export type NextHand =
  | ({ type: "deal" } & HandOrder)
  /** No hand now; ask again at `retryAt` (a break's end) or when told to look again. */
  | { type: "wait"; retryAt: number | null; reason: string; roster: RosterSeat[] }
  /** The table was broken or the tournament is over. */
  | { type: "closed" };

export type HandReport = {
  table: number;
  hand: number;
  /** Every seat dealt in, with its stack after the hand. */
  stacks: { seat: number; stack: number }[];
};

export type ReportReply =
  | { ok: true; roster: RosterSeat[] }
  | { ok: false; code: string; message: string };

/** What every table of a tournament deals, and its clock (the admin's structure choices). */
export type TableStructure = {
  game: TournamentGame;
  actionSeconds: number;
  timeBankSeconds: number;
};

/** Tournaments (and their rooms) stored before the admin chose these: no-limit hold'em, 20 s, 60 s. */
export const DEFAULT_TABLE_STRUCTURE: TableStructure = {
  game: "holdem-nl",
  actionSeconds: TOURNAMENT_CLOCK.actionSeconds.default,
  timeBankSeconds: TOURNAMENT_CLOCK.timeBankSeconds.default,
};

/** What a tournament table's room needs to open. */
export type TableOpening = {
  tableId: string;
  tournamentId: string;
  number: number;
  seatCount: number;
  roster: RosterSeat[];
  /** Absent from tournament rooms older than the structure choices: the default. */
  structure?: TableStructure;
};

/** A tournament table's id: also the name of its TableRoom and the path of its socket. */
export const tournamentTableId = (tournamentId: string, number: number) =>
  `${tournamentId}-t${number}`;
