/**
 * The random seat draw (MT-4). The entrants are shuffled with the caller's
 * integers (see random.ts), then dealt round the tables like cards: entrant
 * k of the shuffled list goes to table (k mod T) + 1, seat ⌊k / T⌋ + 1. So
 * T = `tableCountFor(entrants, seatsPerTable)` tables open, they differ by at
 * most one player, nobody sits alone, and which seats stay empty (the
 * highest ones) does not matter because who sits where is random.
 */

import { shuffle, shuffleBounds } from "./random";
import { failure, type Outcome } from "./result";
import { emptyTable, seatsAtTable, type Table } from "./table";

/**
 * The tables a field of `entrants` plays at (MT-4): ⌈entrants / seatsPerTable⌉,
 * but never so many that a table of balanced ones holds a single player,
 * who could not play while the others do. That only bites at two per table
 * with an odd field: ⌊entrants / 2⌋ tables, one of them three-handed
 * (`seatsAtTable`). From three per table up, ⌈n / s⌉ tables always hold two
 * players or more each.
 */
export function tableCountFor(entrants: number, seatsPerTable: number): number {
  return Math.max(1, Math.min(Math.ceil(entrants / seatsPerTable), Math.floor(entrants / 2)));
}

/** The random integers a draw of `entrants` players takes (`randomInts[k]` in `[0, bounds[k])`). */
export function drawBounds(entrants: number): number[] {
  return shuffleBounds(entrants);
}

export interface DrawInput {
  /** Entrants in a fixed order (the tournament sorts them by id), so the integers alone decide the draw. */
  playerIds: readonly string[];
  seatsPerTable: number;
  startingStack: number;
  randomInts: readonly number[];
}

export function drawSeats(input: DrawInput): Outcome<{ tables: Table[] }> {
  const { playerIds, seatsPerTable, startingStack } = input;
  if (new Set(playerIds).size !== playerIds.length) {
    return failure("invalid_player_id", "a player may be drawn only once");
  }
  if (playerIds.length < 2) {
    return failure("not_enough_entrants", "a tournament needs at least 2 entrants");
  }
  const shuffled = shuffle(playerIds, input.randomInts);
  if (!shuffled.ok) return shuffled;
  const tableCount = tableCountFor(playerIds.length, seatsPerTable);
  const seats = Array.from({ length: tableCount }, () =>
    new Array<Table["seats"][number]>(seatsAtTable(seatsPerTable)).fill(null),
  );
  for (const [k, playerId] of shuffled.items.entries()) {
    const row = seats[k % tableCount] as Table["seats"];
    row[Math.floor(k / tableCount)] = { playerId, stack: startingStack };
  }
  const tables = seats.map((row, i) => ({
    ...emptyTable(i + 1, seatsAtTable(seatsPerTable)),
    seats: row,
  }));
  return { ok: true, tables };
}
