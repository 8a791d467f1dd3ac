/**
 * A Russian poker table between and across rounds: who sits at it with how
 * many chips, and the round in progress (the round machine in `machine.ts`).
 * Players sit down with chips bought in (T-4), join the round while it is
 * still taking bets, and leave at once when they have nothing in play, else
 * when the round is settled. The room sends the shuffled deck (`openRound`)
 * and the house's commands; everything else is decided here.
 */

import type { Card } from "../cards";
import { isAmount } from "./amounts";
import { type Failure, failure, type RussianError } from "./errors";
import { apply, startRound } from "./machine";
import { type RussianTableOptions, resolveOptions } from "./options";
import {
  BOX_COUNT,
  type HouseCommand,
  type PlayerCommand,
  type RussianEvent,
  type RussianState,
} from "./types";

export interface RussianSeat {
  playerId: string;
  name: string;
  /** Chips at the table; during a round the round's own count is the one that plays. */
  chips: number;
  /** Asked to leave while he had chips in play: cashed out when the round is settled. */
  leaving: boolean;
}

export interface RussianTableSetup {
  options?: Partial<RussianTableOptions>;
  /** Up to six players: one box each at least (RP-1). */
  maxPlayers: number;
  minBuyIn: number;
  maxBuyIn: number;
}

export interface RussianTableState {
  game: "russian-table";
  /** Goes up by one with every accepted command. */
  version: number;
  options: RussianTableOptions;
  maxPlayers: number;
  minBuyIn: number;
  maxBuyIn: number;
  seats: RussianSeat[];
  /** The number of the round in `round` (0 before the first). */
  roundNumber: number;
  /** The round in progress, or the last one settled; null before the first. */
  round: RussianState | null;
  /** Players with bets down who asked for the cards: the deal need not wait for the clock. */
  ready: string[];
  /**
   * New rules given while a round was live: they take over when it is settled, so a round
   * is always played to the end under the rules it was dealt with (absent in older states).
   */
  pendingRules?: RussianTableRules | null;
}

/** What an admin may change at an open table: its options, seats and buy-in limits. */
export type RussianTableRules = Pick<
  RussianTableState,
  "options" | "maxPlayers" | "minBuyIn" | "maxBuyIn"
>;

export type RussianTableCommand =
  | { type: "sit"; playerId: string; name: string; chips: number }
  | { type: "addChips"; playerId: string; amount: number }
  | { type: "leave"; playerId: string }
  /** A permutation of the 52 cards: a new round opens for bets. */
  | { type: "openRound"; deck: Card[] }
  /** Deal now: every player who has bets down is ready. */
  | { type: "ready"; playerId: string }
  | { type: "round"; command: PlayerCommand | HouseCommand }
  /** The stake was edited: these rules apply now between rounds, else once the round is settled. */
  | { type: "setRules"; setup: RussianTableSetup };

export type RussianTableEvent =
  | { type: "playerSat"; playerId: string; name: string; chips: number }
  | { type: "chipsAdded"; playerId: string; amount: number; chips: number }
  | { type: "playerLeft"; playerId: string; cashOut: number }
  | { type: "leavingAfterRound"; playerId: string }
  | { type: "roundOpened"; roundNumber: number; players: string[] }
  | { type: "playerReady"; playerId: string }
  | { type: "roundEvent"; roundNumber: number; event: RussianEvent }
  /** New rules wait for the round in progress to be settled. */
  | { type: "rulesPending" }
  /** New rules are the table's from its next round. */
  | { type: "rulesChanged"; rules: RussianTableRules };

export type RussianTableResult =
  | { ok: true; state: RussianTableState; events: RussianTableEvent[] }
  | { ok: false; error: RussianError };

/** A setup checked: the table's rules with every option resolved, or why not. */
function rulesOf(setup: RussianTableSetup): { ok: true; rules: RussianTableRules } | Failure {
  const resolved = resolveOptions(setup.options ?? {});
  if (!resolved.ok) return resolved;
  const { maxPlayers, minBuyIn, maxBuyIn } = setup;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 1 || maxPlayers > BOX_COUNT) {
    return failure("invalid_players", `a table seats 1 to ${BOX_COUNT} players`);
  }
  if (!isAmount(minBuyIn) || !isAmount(maxBuyIn) || minBuyIn < 1 || maxBuyIn < minBuyIn) {
    return failure("invalid_amount", "buy-in limits must be whole chips with 1 ≤ min ≤ max");
  }
  return { ok: true, rules: { options: resolved.options, maxPlayers, minBuyIn, maxBuyIn } };
}

export function createRussianTable(
  setup: RussianTableSetup,
): { ok: true; state: RussianTableState } | Failure {
  const checked = rulesOf(setup);
  if (!checked.ok) return checked;
  return {
    ok: true,
    state: {
      game: "russian-table",
      version: 0,
      ...checked.rules,
      seats: [],
      roundNumber: 0,
      round: null,
      ready: [],
      pendingRules: null,
    },
  };
}

/** Betting is open: a player who sits down now is dealt in. */
export const takingBets = (table: RussianTableState): boolean => table.round?.phase === "betting";

const hasBoxes = (round: RussianState | null, playerId: string): boolean =>
  round?.boxes.some((box) => box.ownerId === playerId) ?? false;

/** A player's chips at the table, wherever they are counted now (not counting what is on his boxes). */
export function chipsOf(table: RussianTableState, playerId: string): number | null {
  const seat = table.seats.find((s) => s.playerId === playerId);
  if (!seat) return null;
  const inRound = liveRound(table)?.players.find((p) => p.id === playerId);
  return inRound ? inRound.chips : seat.chips;
}

/**
 * What the table's escrow holds: the players' chips and their stakes on boxes of a round not
 * yet settled (the house's part moves when a box is settled).
 */
export function chipsAtTable(table: RussianTableState): number {
  const round = liveRound(table);
  const inRound = new Set(round?.players.map((p) => p.id) ?? []);
  let total = 0;
  for (const seat of table.seats) if (!inRound.has(seat.playerId)) total += seat.chips;
  if (round) {
    for (const player of round.players) total += player.chips;
    for (const box of round.boxes) {
      total += box.ante + box.bet + box.bonus + box.insurance;
      total += box.fees.exchange + box.fees.sixthCard + box.fees.buyGame;
      // RP-10: insurance settled at the reveal is already in its owner's chips; the house
      // pays it with the box's settlement, so until then it is counted once, as the stake.
      if (box.insuranceResult) total -= box.insuranceResult.returned + box.insuranceResult.paid;
    }
  }
  return total;
}

/** Every player with bets down asked for the cards. */
export function everyoneReady(table: RussianTableState): boolean {
  const round = table.round;
  if (round?.phase !== "betting") return false;
  const owners = new Set(round.boxes.flatMap((box) => (box.ownerId ? [box.ownerId] : [])));
  return owners.size > 0 && [...owners].every((id) => table.ready.includes(id));
}

const liveRound = (table: RussianTableState): RussianState | null =>
  table.round !== null && table.round.phase !== "settled" ? table.round : null;

export function applyRussianTable(
  table: RussianTableState,
  command: RussianTableCommand,
): RussianTableResult {
  if (typeof command !== "object" || command === null) {
    return failure("invalid_command", "a command must be an object with a type");
  }
  const next = JSON.parse(JSON.stringify(table)) as RussianTableState;
  const events: RussianTableEvent[] = [];
  const problem = handle(next, command, events);
  if (problem) return { ok: false, error: problem };
  next.version = table.version + 1;
  return { ok: true, state: next, events };
}

function handle(
  table: RussianTableState,
  command: RussianTableCommand,
  events: RussianTableEvent[],
): RussianError | null {
  switch (command.type) {
    case "sit": {
      if (typeof command.playerId !== "string" || command.playerId === "") {
        return error("invalid_players", "sit needs a playerId");
      }
      if (table.seats.some((s) => s.playerId === command.playerId)) {
        return error("already_seated", "already at this table");
      }
      if (table.seats.length >= table.maxPlayers) return error("table_full", "the table is full");
      if (!isAmount(command.chips) || command.chips < table.minBuyIn) {
        return error("below_min", `the buy-in is at least ${table.minBuyIn}`);
      }
      if (command.chips > table.maxBuyIn) {
        return error("above_max", `the buy-in is at most ${table.maxBuyIn}`);
      }
      table.seats.push({
        playerId: command.playerId,
        name: String(command.name ?? ""),
        chips: command.chips,
        leaving: false,
      });
      events.push({
        type: "playerSat",
        playerId: command.playerId,
        name: String(command.name ?? ""),
        chips: command.chips,
      });
      if (takingBets(table) && table.round) {
        table.round.players.push({
          id: command.playerId,
          chips: command.chips,
          chipsAtStart: command.chips,
        });
      }
      return null;
    }
    case "addChips": {
      const seat = table.seats.find((s) => s.playerId === command.playerId);
      if (!seat) return error("unknown_player", "not at this table");
      if (!isAmount(command.amount) || command.amount < 1) {
        return error("invalid_amount", "chips are added in whole numbers");
      }
      const now = chipsOf(table, seat.playerId) ?? 0;
      if (now + command.amount > table.maxBuyIn) {
        return error("above_max", `a stack may be at most ${table.maxBuyIn}`);
      }
      seat.chips += command.amount;
      const inRound = liveRound(table)?.players.find((p) => p.id === seat.playerId);
      if (inRound) {
        // The round counts the chips he brought as his start, so its conservation check holds.
        inRound.chips += command.amount;
        inRound.chipsAtStart += command.amount;
      }
      events.push({
        type: "chipsAdded",
        playerId: seat.playerId,
        amount: command.amount,
        chips: now + command.amount,
      });
      return null;
    }
    case "leave": {
      const seat = table.seats.find((s) => s.playerId === command.playerId);
      if (!seat) return error("unknown_player", "not at this table");
      if (seat.leaving) return error("wrong_phase", "already leaving after this round");
      const round = liveRound(table);
      if (round && hasBoxes(round, seat.playerId)) {
        seat.leaving = true;
        events.push({ type: "leavingAfterRound", playerId: seat.playerId });
        return null;
      }
      const cashOut = chipsOf(table, seat.playerId) ?? 0;
      if (round) round.players = round.players.filter((p) => p.id !== seat.playerId);
      table.seats = table.seats.filter((s) => s.playerId !== seat.playerId);
      table.ready = table.ready.filter((id) => id !== seat.playerId);
      events.push({ type: "playerLeft", playerId: seat.playerId, cashOut });
      return null;
    }
    case "openRound": {
      if (liveRound(table)) return error("wrong_phase", "a round is in progress");
      const players = table.seats.filter((s) => !s.leaving && s.chips > 0);
      if (players.length === 0) return error("invalid_players", "nobody to deal to");
      const started = startRound({
        options: table.options,
        players: players.map((s) => ({ id: s.playerId, chips: s.chips })),
        deck: command.deck,
      });
      if (!started.ok) return started.error;
      table.round = started.state;
      table.roundNumber += 1;
      table.ready = [];
      events.push({
        type: "roundOpened",
        roundNumber: table.roundNumber,
        players: players.map((s) => s.playerId),
      });
      return null;
    }
    case "ready": {
      if (!takingBets(table)) return error("wrong_phase", "the cards are already out");
      if (!hasBoxes(table.round, command.playerId)) {
        return error("no_bets", "place a bet before asking for the cards");
      }
      if (!table.ready.includes(command.playerId)) table.ready.push(command.playerId);
      events.push({ type: "playerReady", playerId: command.playerId });
      return null;
    }
    case "round": {
      const round = liveRound(table);
      if (!round) return error("wrong_phase", "no round is in progress");
      const result = apply(round, command.command);
      if (!result.ok) return result.error;
      table.round = result.state;
      for (const event of result.events) {
        events.push({ type: "roundEvent", roundNumber: table.roundNumber, event });
      }
      if (result.state.phase === "settled") settle(table, events);
      // A box cleared while betting: a player with no boxes left is no longer ready.
      table.ready = table.ready.filter((id) => hasBoxes(table.round, id));
      return null;
    }
    case "setRules": {
      const checked = rulesOf(command.setup ?? ({} as RussianTableSetup));
      if (!checked.ok) return checked.error;
      // The live round keeps the options it was dealt with (its own copy); the seats and
      // buy-in limits wait too, so the table's rules never change under a round.
      if (liveRound(table)) {
        table.pendingRules = checked.rules;
        events.push({ type: "rulesPending" });
      } else {
        adopt(table, checked.rules, events);
      }
      return null;
    }
    default:
      return error("unknown_command", "unknown table command");
  }
}

/** The round is over: its chips go back to the seats, and those who asked to leave do. */
function settle(table: RussianTableState, events: RussianTableEvent[]): void {
  const round = table.round as RussianState;
  for (const player of round.players) {
    const seat = table.seats.find((s) => s.playerId === player.id);
    if (seat) seat.chips = player.chips;
  }
  for (const seat of table.seats.filter((s) => s.leaving)) {
    events.push({ type: "playerLeft", playerId: seat.playerId, cashOut: seat.chips });
  }
  table.seats = table.seats.filter((s) => !s.leaving);
  table.ready = [];
  if (table.pendingRules) adopt(table, table.pendingRules, events);
}

/** The rules become the table's: the next round is dealt with them. */
function adopt(table: RussianTableState, rules: RussianTableRules, events: RussianTableEvent[]) {
  Object.assign(table, rules);
  table.pendingRules = null;
  events.push({ type: "rulesChanged", rules });
}

const error = (code: RussianError["code"], message: string): RussianError => ({ code, message });
