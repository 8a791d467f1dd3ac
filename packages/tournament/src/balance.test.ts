import { seededInts, seededRandom } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rebalance } from "./balance";
import { drawBounds, drawSeats, tableCountFor } from "./draw";
import {
  occupiedSeats,
  playerCount,
  positionsForNextHand,
  seatsAtTable,
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
  it("MT-4 after every rebalance: tableCountFor(n, seats) tables, max − min ≤ 1, nobody alone, lost or seated twice", () => {
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
            expect(tables).toHaveLength(tableCountFor(alive.size, size));
            expect(Math.max(...c) - Math.min(...c)).toBeLessThanOrEqual(1);
            // Above the size only at two per table, where an odd field puts three at one table.
            expect(Math.max(...c)).toBeLessThanOrEqual(size === 2 ? 3 : size);
            if (tables.length > 1) expect(Math.min(...c)).toBeGreaterThanOrEqual(2);
            expect(tables.every((t) => t.seats.length === seatsAtTable(size))).toBe(true);
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

describe("MT-4 nobody sits alone while others play (property)", () => {
  it("MT-4 busts while some tables are in a hand: a player left alone joins a table with a free seat, and once every hand is over nobody is alone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }),
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
          let tables: Table[] = drawn.tables.map(played);
          const alive = new Set(playerIds);
          const alone = (t: Table) => playerCount(t) === 1;
          while (alive.size > 1) {
            // Some tables (of two players or more) are in a hand; busts fall at the idle ones.
            tables = tables.map((t) =>
              playerCount(t) >= 2 && random.nextInt(2) === 0 ? { ...t, handInProgress: true } : t,
            );
            const idle = tables.filter((t) => !t.handInProgress);
            for (const table of idle) {
              const seats = occupiedSeats(table);
              const busts = random.nextInt(seats.length);
              let left = table;
              for (const seat of seats.slice(0, busts)) {
                if (alive.size <= 1) break;
                alive.delete(left.seats[seat - 1]?.playerId as string);
                left = withSeat(left, seat, null);
              }
              tables = tables.map((t) => (t.number === table.number ? left : t));
            }
            tables = rebalance(tables, size).tables;
            expect(who(tables)).toEqual([...alive].sort());
            // Alone only where no other table has a seat for him (they are full and playing on).
            for (const t of tables.filter(alone))
              for (const other of tables)
                if (other !== t) expect(other.seats.every((s) => s !== null)).toBe(true);
            // The hands end: with every table idle, nobody is alone while others play.
            tables = rebalance(
              tables.map((t) => played({ ...t, handInProgress: false })),
              size,
            ).tables;
            if (tables.length > 1) expect(tables.filter(alone)).toEqual([]);
            expect(who(tables)).toEqual([...alive].sort());
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
