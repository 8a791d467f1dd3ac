/**
 * The random seat draw (MT-4). The entrants are shuffled with the caller's
 * integers (see random.ts), then dealt round the tables like cards: entrant
 * k of the shuffled list goes to table (k mod T) + 1, seat ⌊k / T⌋ + 1. So
 * T = ⌈entrants / seatsPerTable⌉ tables open, they differ by at most one
 * player, and which seats stay empty (the highest ones) does not matter
 * because who sits where is random.
 */

import { shuffle, shuffleBounds } from "./random";
import { failure, type Outcome } from "./result";
import { emptyTable, type Table } from "./table";

export function tableCountFor(entrants: number, seatsPerTable: number): number {
  return Math.max(1, Math.ceil(entrants / seatsPerTable));
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
    new Array<Table["seats"][number]>(seatsPerTable).fill(null),
  );
  for (const [k, playerId] of shuffled.items.entries()) {
    const row = seats[k % tableCount] as Table["seats"];
    row[Math.floor(k / tableCount)] = { playerId, stack: startingStack };
  }
  const tables = seats.map((row, i) => ({ ...emptyTable(i + 1, seatsPerTable), seats: row }));
  return { ok: true, tables };
}
