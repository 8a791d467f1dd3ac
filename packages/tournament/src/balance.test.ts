import { seededInts, seededRandom } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rebalance } from "./balance";
import { drawBounds, drawSeats } from "./draw";
import {
  occupiedSeats,
  playerCount,
  positionsForNextHand,
  type Table,
  withHandStarted,
  withSeat,
} from "./table";
import { tableOf } from "./test-support";

/** Plays one (empty) hand at the table, so it has positions to respect. */
function played(table: Table): Table {
  const at = positionsForNextHand(table);
  return at === null ? table : { ...withHandStarted(table, at, 1), handInProgress: false };
}

const counts = (tables: readonly Table[]) => tables.map(playerCount);
const who = (tables: readonly Table[]) =>
  tables.flatMap((t) => t.seats.flatMap((s) => (s ? [s.playerId] : []))).sort();

describe("balancing", () => {
  it("MT-4 the player who is big blind next at the long table moves into the short table's big blind", () => {
    const long = played(tableOf(1, "ABCDEFG..")); // button 1, SB 2, BB 3: D (seat 4) is big blind next
    const short = played(tableOf(2, "HIJ......")); // BB 3: seat 4 is big blind next
    const result = rebalance([long, short], 9);
    expect(result.moves).toEqual([
      { playerId: "D", from: { table: 1, seat: 4 }, to: { table: 2, seat: 4 } },
      { playerId: "E", from: { table: 1, seat: 5 }, to: { table: 2, seat: 5 } },
    ]);
    expect(counts(result.tables)).toEqual([5, 5]);
    // At the long table the big blind simply passes to the next player: nobody skips it.
    expect(positionsForNextHand(result.tables[0] as Table)?.bigBlind).toBe(6);
    expect(positionsForNextHand(result.tables[1] as Table)?.bigBlind).toBe(4);
  });

  it("MT-4 tables one apart are left alone", () => {
    const result = rebalance([tableOf(1, "ABCDEF..."), tableOf(2, "GHIJK....")], 9);
    expect(result.moves).toEqual([]);
    expect(result.broken).toEqual([]);
  });

  it("MT-4 a table in the middle of a hand gives nobody until it ends", () => {
    const busy = { ...tableOf(1, "ABCDEFG.."), handInProgress: true };
    const result = rebalance([busy, tableOf(2, "HIJ......")], 9);
    expect(result.moves).toEqual([]);
  });
});

describe("breaking", () => {
  it("MT-4 the highest-numbered table breaks as soon as its players fit elsewhere", () => {
    const tables = [tableOf(1, "ABCDEF..."), tableOf(2, "GHIJKL..."), tableOf(3, "MNOPQ....")];
    const result = rebalance(tables, 9);
    expect(result.broken).toEqual([3]);
    expect(result.tables.map((t) => t.number)).toEqual([1, 2]);
    expect(counts(result.tables)).toEqual([9, 8]);
    expect(who(result.tables)).toEqual(who(tables));
  });

  it("MT-4 the order is fixed: a busy highest table is waited for, and nobody is moved into it", () => {
    const tables = [
      tableOf(1, "ABCDEF..."),
      tableOf(2, "GHIJ....."),
      { ...tableOf(3, "MNOPQ...."), handInProgress: true },
    ];
    const result = rebalance(tables, 9);
    expect(result.broken).toEqual([]);
    expect(result.moves.every((m) => m.to.table !== 3)).toBe(true);
    expect(counts(result.tables)).toEqual([5, 5, 5]);
  });

  it("MT-4 final table: when everyone fits at one table, all move to table 1", () => {
    const result = rebalance([tableOf(1, "ABCDE...."), tableOf(2, "FGHI.....")], 9);
    expect(result.broken).toEqual([2]);
    expect(result.tables).toHaveLength(1);
    expect(playerCount(result.tables[0] as Table)).toBe(9);
  });

  it("MT-4 several tables can break at once, highest first", () => {
    const tables = [
      tableOf(1, "AB......."),
      tableOf(2, "CD......."),
      tableOf(3, "EF......."),
      tableOf(4, "GH......."),
    ];
    expect(rebalance(tables, 9).broken).toEqual([4, 3, 2]);
  });
});

describe("MT-4 balancing over random fields and eliminations (property)", () => {
  it("MT-4 after every rebalance: ⌈n/seats⌉ tables, max − min ≤ 1, nobody lost or seated twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 2000 }),
        fc.integer({ min: 2, max: 10 }),
        fc.integer(),
        (entrants, size, seed) => {
          const random = seededRandom(seed);
          const playerIds = Array.from({ length: entrants }, (_, i) => `p${i}`);
          const drawn = drawSeats({
            playerIds,
            seatsPerTable: size,
            startingStack: 100,
            randomInts: seededInts(seed, drawBounds(entrants)),
          });
          if (!drawn.ok) throw new Error(drawn.error.message);
          let tables: Table[] = drawn.tables;
          const alive = new Set(playerIds);
          while (alive.size > 1) {
            // Some tables play a hand, then a batch of players busts anywhere in the field.
            tables = tables.map((t) => (random.nextInt(2) === 0 ? played(t) : t));
            const busts = 1 + random.nextInt(Math.max(1, Math.floor(alive.size / 10)));
            for (let k = 0; k < busts && alive.size > 1; k++) {
              const i = random.nextInt(tables.length);
              const table = tables[i] as Table;
              const seats = occupiedSeats(table);
              if (seats.length === 0) continue;
              const seat = seats[random.nextInt(seats.length)] as number;
              alive.delete(table.seats[seat - 1]?.playerId as string);
              tables[i] = withSeat(table, seat, null);
            }
            const result = rebalance(tables, size);
            tables = result.tables;
            const c = counts(tables);
            expect(tables).toHaveLength(Math.ceil(alive.size / size));
            expect(Math.max(...c) - Math.min(...c)).toBeLessThanOrEqual(1);
            expect(Math.max(...c)).toBeLessThanOrEqual(size);
            expect(tables.every((t) => t.seats.length === size)).toBe(true);
            const seated = who(tables);
            expect(seated).toEqual([...alive].sort());
            for (const move of result.moves) {
              const to = tables.find((t) => t.number === move.to.table);
              if (to) expect(to.seats[move.to.seat - 1]?.playerId).toBe(move.playerId);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});
