import { seededInts } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawBounds, drawSeats, tableCountFor } from "./draw";
import { playerCount, seatsAtTable } from "./table";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe("the seat draw", () => {
  it("MT-4 opens ⌈entrants / seats⌉ tables", () => {
    expect(tableCountFor(9, 9)).toBe(1);
    expect(tableCountFor(10, 9)).toBe(2);
    expect(tableCountFor(2000, 9)).toBe(223);
  });

  it("MT-4 never seats a player alone: an odd field at two per table puts three at one table", () => {
    // Issue 48: 3 entrants at 2 per table sat 2 + 1, and the one alone was dealt nothing for two levels.
    expect(tableCountFor(3, 2)).toBe(1);
    expect(tableCountFor(7, 2)).toBe(3);
    expect(tableCountFor(8, 2)).toBe(4);
    const drawn = drawSeats({
      playerIds: ids(3),
      seatsPerTable: 2,
      startingStack: 500,
      randomInts: seededInts(3, drawBounds(3)),
    });
    expect(drawn.ok && drawn.tables.map(playerCount)).toEqual([3]);
    expect(drawn.ok && drawn.tables[0]?.seats).toHaveLength(3);
  });

  it("MT-4 the caller's integers decide who sits where", () => {
    const input = { playerIds: ids(5), seatsPerTable: 3, startingStack: 500 };
    const zeros = drawSeats({ ...input, randomInts: [0, 0, 0, 0] });
    expect(zeros.ok && zeros.tables.map((t) => t.seats.map((s) => s?.playerId ?? null))).toEqual([
      ["p0", "p2", "p4"],
      ["p1", "p3", null],
    ]);
    const other = drawSeats({ ...input, randomInts: [4, 0, 0, 0] });
    expect(other.ok && other.tables[0]?.seats[0]?.playerId).toBe("p4");
  });

  it("MT-4 refuses bad randomness, duplicates and a field of one", () => {
    const input = { playerIds: ids(3), seatsPerTable: 9, startingStack: 500 };
    expect(drawSeats({ ...input, randomInts: [0] })).toMatchObject({
      error: { code: "bad_randomness" },
    });
    expect(drawSeats({ ...input, playerIds: ["a", "a"], randomInts: [0] })).toMatchObject({
      error: { code: "invalid_player_id" },
    });
    expect(drawSeats({ ...input, playerIds: ["a"], randomInts: [] })).toMatchObject({
      error: { code: "not_enough_entrants" },
    });
  });

  it("MT-4 every entrant gets exactly one seat, tables differ by at most one, nobody alone (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 2000 }),
        fc.integer({ min: 2, max: 10 }),
        fc.integer(),
        (n, size, seed) => {
          const drawn = drawSeats({
            playerIds: ids(n),
            seatsPerTable: size,
            startingStack: 100,
            randomInts: seededInts(seed, drawBounds(n)),
          });
          if (!drawn.ok) throw new Error(drawn.error.message);
          expect(drawn.tables).toHaveLength(tableCountFor(n, size));
          // ⌈n / size⌉ tables but at two per table with an odd field, one table fewer.
          const fewer = size === 2 && n % 2 === 1 && n > 1 ? 1 : 0;
          expect(drawn.tables).toHaveLength(Math.ceil(n / size) - fewer);
          const counts = drawn.tables.map(playerCount);
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
          expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
          expect(Math.max(...counts)).toBeLessThanOrEqual(seatsAtTable(size));
          const seated = drawn.tables.flatMap((t) =>
            t.seats.flatMap((s) => (s ? [s.playerId] : [])),
          );
          expect(seated.sort()).toEqual(ids(n).sort());
          for (const t of drawn.tables) expect(t.seats).toHaveLength(seatsAtTable(size));
        },
      ),
      { numRuns: 60 },
    );
  });
});
