/**
 * Breaking and balancing tables (MT-4), between hands.
 *
 * Breaking: as soon as the players fit on one table fewer
 * (`tableCountFor(n, seatsPerTable)` < T), the highest-numbered table breaks: that
 * order is fixed and public, so nobody can guess better. Its players leave
 * one by one starting with the one who would be big blind next there, each
 * to the table with the fewest players (the lowest number on a tie). When
 * n ≤ seatsPerTable this consolidates everyone at the final table (table 1,
 * the lowest number, which is never broken).
 *
 * Balancing: while the longest table has two players more than the shortest,
 * the player who would be big blind next at the longest table (the highest
 * number on a tie) moves to the shortest. Moving that player means nobody
 * skips a blind at the table left behind: the next player simply becomes
 * the big blind.
 *
 * Every newcomer takes the worst free seat (`worstEmptySeat`): the one that
 * pays the big blind soonest, so moving never buys a free orbit.
 *
 * Nobody sits alone while others play: a table left with one player (the
 * others at it busted while a table that should break was still in its hand)
 * breaks whatever its number, its player taking the worst free seat at the
 * shortest table that has one (he plays from that table's next hand).
 *
 * A table in the middle of a hand can receive players (into empty seats;
 * they play from the next hand) but cannot give any: `canGiveFrom` says
 * which tables may lose players now. With every table idle the result
 * always has `tableCountFor(n, seatsPerTable)` tables that differ by at most
 * one player, each with two players or more.
 */
import { tableCountFor } from "./draw";
import { BrokenInvariant } from "./result";
import {
  occupantOf,
  occupiedSeats,
  playerCount,
  positionsForNextHand,
  type SeatedPlayer,
  type Table,
  withSeat,
  worstEmptySeat,
} from "./table";

export interface SeatRef {
  table: number;
  seat: number;
}

export interface Move {
  playerId: string;
  from: SeatRef;
  to: SeatRef;
}

export interface Rebalanced {
  /** The tables still in play, by number. */
  tables: Table[];
  moves: Move[];
  /** Numbers of the tables broken, in order. */
  broken: number[];
}

const idle = (table: Table) => !table.handInProgress;

export function rebalance(
  tables: readonly Table[],
  seatsPerTable: number,
  canGiveFrom: (table: Table) => boolean = idle,
): Rebalanced {
  const working = tables.slice().sort((a, b) => a.number - b.number);
  const counts = working.map(playerCount);
  const moves: Move[] = [];
  const broken: number[] = [];
  const total = counts.reduce((sum, c) => sum + c, 0);
  const tablesNeeded = tableCountFor(total, seatsPerTable);

  // Tables beyond the number needed are about to break: they never receive players.
  const keep = () => Math.min(working.length, tablesNeeded);
  const seatAtShortest = (player: SeatedPlayer, from: SeatRef) => {
    const target = indexOfShortest(counts, keep());
    const table = working[target] as Table;
    const seat = worstEmptySeat(table);
    if (seat === null) throw new BrokenInvariant(`table ${table.number} is the shortest but full`);
    working[target] = withSeat(table, seat, player);
    counts[target] = (counts[target] as number) + 1;
    moves.push({ playerId: player.playerId, from, to: { table: table.number, seat } });
  };

  // Break from the highest number down, as long as the players fit without that table.
  while (working.length > tablesNeeded) {
    const last = working[working.length - 1] as Table;
    if (!canGiveFrom(last)) break;
    working.pop();
    counts.pop();
    broken.push(last.number);
    for (const seat of leavingOrder(last)) {
      seatAtShortest(occupantOf(last, seat) as SeatedPlayer, { table: last.number, seat });
    }
  }

  for (;;) {
    const shortest = indexOfShortest(counts, keep());
    const longest = indexOfLongestGiver(working, counts, keep(), shortest, canGiveFrom);
    if (longest < 0 || (counts[longest] as number) - (counts[shortest] as number) < 2) break;
    const table = working[longest] as Table;
    const seat = (
      positionsForNextHand(table) as NonNullable<ReturnType<typeof positionsForNextHand>>
    ).bigBlind;
    const player = occupantOf(table, seat) as SeatedPlayer;
    working[longest] = withSeat(table, seat, null);
    counts[longest] = (counts[longest] as number) - 1;
    seatAtShortest(player, { table: table.number, seat });
  }

  // A player alone cannot play: his table breaks, out of the fixed order, when another can seat him.
  for (;;) {
    const lone = working.findIndex((t, i) => counts[i] === 1 && canGiveFrom(t));
    if (lone < 0 || working.length < 2) break;
    const target = indexOfShortestWithSeat(working, counts, lone);
    if (target < 0) break;
    const from = working[lone] as Table;
    const seat = occupiedSeats(from)[0] as number;
    const player = occupantOf(from, seat) as SeatedPlayer;
    const to = working[target] as Table;
    const free = worstEmptySeat(to) as number;
    working[target] = withSeat(to, free, player);
    counts[target] = (counts[target] as number) + 1;
    moves.push({
      playerId: player.playerId,
      from: { table: from.number, seat },
      to: { table: to.number, seat: free },
    });
    working.splice(lone, 1);
    counts.splice(lone, 1);
    broken.push(from.number);
  }

  return { tables: working, moves, broken };
}

/** The seats of a breaking table, starting with the player who would be big blind next, clockwise. */
function leavingOrder(table: Table): number[] {
  const seats = occupiedSeats(table);
  const first = positionsForNextHand(table)?.bigBlind ?? seats[0];
  if (first === undefined) return [];
  const start = seats.indexOf(first);
  return [...seats.slice(start), ...seats.slice(0, start)];
}

/** Fewest players among the first `limit` tables; the lowest number on a tie (tables are sorted). */
function indexOfShortest(counts: readonly number[], limit: number): number {
  let best = 0;
  for (let i = 1; i < limit; i++) if ((counts[i] as number) < (counts[best] as number)) best = i;
  return best;
}

/** Fewest players among the tables with a free seat, but `exclude`; the lowest number on a tie; -1 for none. */
function indexOfShortestWithSeat(
  tables: readonly Table[],
  counts: readonly number[],
  exclude: number,
): number {
  let best = -1;
  for (let i = 0; i < tables.length; i++) {
    if (i === exclude || worstEmptySeat(tables[i] as Table) === null) continue;
    if (best < 0 || (counts[i] as number) < (counts[best] as number)) best = i;
  }
  return best;
}

/** Most players among the first `limit` tables that may give one now; the highest number on a tie. */
function indexOfLongestGiver(
  tables: readonly Table[],
  counts: readonly number[],
  limit: number,
  exclude: number,
  canGiveFrom: (table: Table) => boolean,
): number {
  let best = -1;
  for (let i = 0; i < limit; i++) {
    if (i === exclude || !canGiveFrom(tables[i] as Table)) continue;
    if (best < 0 || (counts[i] as number) >= (counts[best] as number)) best = i;
  }
  return best;
}
