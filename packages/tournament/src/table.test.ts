import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type HandPositions,
  occupiedSeats,
  positionsForNextHand,
  type Table,
  withHandStarted,
  withSeat,
  worstEmptySeat,
} from "./table";
import { tableOf } from "./test-support";

/** Starts the next hand at `table` and returns its positions and the table after. */
function deal(table: Table, hand = 1): { at: HandPositions; table: Table } {
  const at = positionsForNextHand(table);
  if (at === null) throw new Error("no hand possible");
  return { at, table: { ...withHandStarted(table, at, hand), handInProgress: false } };
}

const leave = (table: Table, seat: number) => withSeat(table, seat, null);
const arrive = (table: Table, seat: number, playerId: string) =>
  withSeat(table, seat, { playerId, stack: 1_000 });

describe("positions of the first hand", () => {
  it("T-1 T-2 the button starts at the lowest seat, blinds follow clockwise", () => {
    const { at } = deal(tableOf(1, "ABCD."));
    expect(at).toMatchObject({
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
      dealtIn: [2, 3, 4, 1],
      waiting: [],
    });
  });

  it("T-2 heads-up the button posts the small blind", () => {
    const { at } = deal(tableOf(1, ".A.B"));
    expect(at).toMatchObject({ button: 2, smallBlind: 2, bigBlind: 4, dealtIn: [4, 2] });
  });

  it("needs two players", () => {
    expect(positionsForNextHand(tableOf(1, "A..."))).toBeNull();
  });
});

describe("T-9 the dead button: the big blind moves one player every hand", () => {
  it("T-9 with a full table each seat takes the big blind in turn", () => {
    let table = tableOf(1, "ABCD");
    const bigBlinds: number[] = [];
    for (let hand = 1; hand <= 8; hand++) {
      const dealt = deal(table, hand);
      bigBlinds.push(dealt.at.bigBlind);
      table = dealt.table;
    }
    expect(bigBlinds).toEqual([3, 4, 1, 2, 3, 4, 1, 2]);
  });

  it("T-9 when the big blind busts, the small blind is dead and then the button", () => {
    let { table } = deal(tableOf(1, "ABCDE")); // button 1, SB 2, BB 3
    table = leave(table, 3);
    const second = deal(table, 2);
    expect(second.at).toMatchObject({
      button: 2,
      smallBlind: null,
      smallBlindSeat: 3,
      bigBlind: 4,
    });
    const third = deal(second.table, 3);
    expect(third.at).toMatchObject({ button: 3, smallBlind: 4, bigBlind: 5 });
    expect(third.at.dealtIn).toEqual([4, 5, 1, 2]);
  });

  it("T-9 when the small blind busts, the button is dead next hand", () => {
    let { table } = deal(tableOf(1, "ABCDE"));
    table = leave(table, 2);
    expect(deal(table, 2).at).toMatchObject({ button: 2, smallBlind: 3, bigBlind: 4 });
  });

  it("T-2 T-9 going heads-up, the big blind still moves on and the other player has the button", () => {
    let { table } = deal(tableOf(1, "ABC")); // button 1, SB 2, BB 3
    table = leave(table, 1);
    const next = deal(table, 2);
    expect(next.at).toMatchObject({ button: 3, smallBlind: 3, bigBlind: 2, dealtIn: [2, 3] });
    expect(deal(next.table, 3).at).toMatchObject({ button: 2, smallBlind: 2, bigBlind: 3 });
  });
});

describe("MT-4 newcomers take the worst position", () => {
  it("MT-4 the worst free seat is the one that is big blind next", () => {
    let { table } = deal(tableOf(1, "ABC.D.E..")); // button 1, SB 2, BB 3
    expect(worstEmptySeat(table)).toBe(4);
    table = arrive(table, 4, "X");
    const next = deal(table, 2);
    expect(next.at).toMatchObject({ bigBlind: 4, smallBlind: 3, button: 2, waiting: [] });
  });

  it("MT-4 without a free seat before the next big blind, the one that pays it soonest", () => {
    let { table } = deal(tableOf(1, "ABCD.E.")); // button 1, SB 2, BB 3; next BB 4
    table = arrive(table, worstEmptySeat(table) as number, "X");
    expect(occupiedSeats(table)).toContain(5);
    const next = deal(table, 2);
    expect(next.at.bigBlind).toBe(4);
    expect(deal(next.table, 3).at.bigBlind).toBe(5);
  });

  it("MT-4 T-7 a newcomer in the small blind's seat waits until the button passes", () => {
    let { table } = deal(tableOf(1, "ABCD")); // button 1, SB 2, BB 3
    table = leave(table, 3); // the big blind busts: the only free seat is next hand's small blind
    expect(worstEmptySeat(table)).toBe(3);
    table = arrive(table, 3, "X");
    const second = deal(table, 2);
    expect(second.at).toMatchObject({ button: 2, smallBlind: null, bigBlind: 4, waiting: [3] });
    expect(second.at.dealtIn).not.toContain(3);
    const third = deal(second.table, 3);
    expect(third.at).toMatchObject({ button: 3, smallBlind: 4, bigBlind: 1, waiting: [3] });
    const fourth = deal(third.table, 4);
    expect(fourth.at).toMatchObject({ button: 4, smallBlind: 1, bigBlind: 2, waiting: [] });
    expect(fourth.at.dealtIn).toContain(3);
    expect(deal(fourth.table, 5).at.bigBlind).toBe(3);
  });

  it("before the first hand the lowest free seat will do", () => {
    expect(worstEmptySeat(tableOf(1, "A.B."))).toBe(2);
    expect(worstEmptySeat(tableOf(1, "AB"))).toBeNull();
  });
});

describe("T-9 MT-4 nobody skips the big blind (property)", () => {
  it("T-9 MT-4 over random arrivals and departures the big blind always goes to the next occupied seat", () => {
    const step = fc.record({ leaveIndex: fc.nat(), arrive: fc.boolean(), arrivals: fc.nat() });
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10 }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        (size, steps) => {
          let table = tableOf(1, "ABCDEFGHIJ".slice(0, size));
          let newcomer = 0;
          let lastBigBlind: number | null = null;
          for (const [hand, s] of steps.entries()) {
            const before = occupiedSeats(table);
            const dealt = deal(table, hand + 1);
            const { at } = dealt;
            // Positions are real seats, distinct, and the blinds are dealt in.
            expect(at.dealtIn).toContain(at.bigBlind);
            if (at.smallBlind !== null) expect(at.dealtIn).toContain(at.smallBlind);
            expect(at.smallBlind).not.toBe(at.bigBlind);
            expect(new Set(at.dealtIn).size).toBe(at.dealtIn.length);
            expect(at.dealtIn.length + at.waiting.length).toBe(before.length);
            if (lastBigBlind !== null && before.length > 2) {
              // The next occupied seat after the last big blind (T-9): nobody is skipped.
              const after =
                before.find((seat) => seat > (lastBigBlind as number)) ?? (before[0] as number);
              expect(at.bigBlind).toBe(after);
            }
            lastBigBlind = at.bigBlind;
            table = dealt.table;
            const seats = occupiedSeats(table);
            if (seats.length > 3)
              table = leave(table, seats[s.leaveIndex % seats.length] as number);
            const free = worstEmptySeat(table);
            if (s.arrive && free !== null) table = arrive(table, free, `n${newcomer++}`);
          }
        },
      ),
    );
  });
});
