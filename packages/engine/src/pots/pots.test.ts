import { describe, expect, it } from "vitest";
import { onePerWinner, remainderToFirst } from "./odd-chips";
import { buildPots, buildPotsWithDeadMoney, mergeSameEligibility } from "./pots";

const live = (seat: number, amount: number) => ({ seat, amount, live: true });
const folded = (seat: number, amount: number) => ({ seat, amount, live: false });

describe("pots from contributions", () => {
  it("SP-1 A 40, B 80, C 120, D 120 → main 160 (ABCD), side 120 (BCD), side 80 (CD)", () => {
    expect(buildPots([live(1, 40), live(2, 80), live(3, 120), live(4, 120)])).toEqual([
      { amount: 160, eligible: [1, 2, 3, 4] },
      { amount: 120, eligible: [2, 3, 4] },
      { amount: 80, eligible: [3, 4] },
    ]);
  });

  it("SP-1 round 3: D folds, so C alone contests side pot 2", () => {
    expect(buildPots([live(1, 40), live(2, 80), live(3, 120), folded(4, 120)])).toEqual([
      { amount: 160, eligible: [1, 2, 3] },
      { amount: 120, eligible: [2, 3] },
      { amount: 80, eligible: [3] },
    ]);
  });

  it("SP-0 folded chips stay in the pots they reach", () => {
    expect(buildPots([live(1, 10), folded(2, 30), live(3, 50)])).toEqual([
      { amount: 30, eligible: [1, 3] },
      { amount: 60, eligible: [3] },
    ]);
  });

  it("SP-3 dead money joins the main pot and sets no level", () => {
    expect(buildPots([live(1, 0), live(2, 20), live(3, 20)], 15)).toEqual([
      { amount: 15, eligible: [1, 2, 3] },
      { amount: 40, eligible: [2, 3] },
    ]);
    expect(buildPots([live(1, 12), live(2, 12), live(3, 12)], 2)).toEqual([
      { amount: 38, eligible: [1, 2, 3] },
    ]);
  });

  it("the pots always hold every chip", () => {
    const contributions = [live(1, 7), folded(2, 13), live(3, 3), folded(4, 1), live(5, 13)];
    const pots = buildPots(contributions, 5);
    expect(pots.reduce((sum, p) => sum + p.amount, 0)).toBe(7 + 13 + 3 + 1 + 13 + 5);
  });

  it("PokerKit merges neighbouring pots with the same contenders", () => {
    const pots = [
      { amount: 9, eligible: [3, 5] },
      { amount: 25, eligible: [5, 3] },
      { amount: 4, eligible: [5] },
    ];
    expect(mergeSameEligibility(pots)).toEqual([
      { amount: 34, eligible: [3, 5] },
      { amount: 4, eligible: [5] },
    ]);
  });
});

describe("odd chips", () => {
  it("SP-2 one odd chip each to the winners clockwise from the button", () => {
    expect(onePerWinner(14, [2, 3, 4, 5])).toEqual([4, 4, 3, 3]);
    expect(onePerWinner(9, [7, 1])).toEqual([5, 4]);
    expect(onePerWinner(10, [7])).toEqual([10]);
  });

  it("PokerKit gives the whole remainder to the first winner", () => {
    expect(remainderToFirst(14, [2, 3, 4, 5])).toEqual([5, 3, 3, 3]);
  });
});

describe("dead money with a short ante (SP-3 Decision)", () => {
  it("SP-3 each short ante sets a level; the rest of the antes join the live chips", () => {
    const contributions = [live(1, 0), live(2, 10), live(3, 10)];
    const dead = [
      { amount: 3, allIn: true },
      { amount: 5, allIn: false },
      { amount: 5, allIn: false },
    ];
    expect(buildPotsWithDeadMoney(contributions, dead)).toEqual([
      { amount: 9, eligible: [1, 2, 3] },
      { amount: 24, eligible: [2, 3] },
    ]);
  });

  it("SP-3 everyone all-in on the antes: the top level takes what is left", () => {
    const contributions = [live(1, 0), live(2, 0)];
    const dead = [
      { amount: 3, allIn: true },
      { amount: 5, allIn: true },
    ];
    expect(buildPotsWithDeadMoney(contributions, dead)).toEqual([
      { amount: 6, eligible: [1, 2] },
      { amount: 2, eligible: [2] },
    ]);
  });
});
