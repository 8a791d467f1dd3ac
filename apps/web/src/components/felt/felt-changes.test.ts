import type { TableView } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { feltChanges, paidBy } from "./felt-changes";

type Player = { seat: number; bet: number };
type Award = {
  pot: number;
  amount: number;
  eligible: number[];
  winners: { seat: number; amount: number; hand: null }[];
};

/** A view with just what the felt reads: the hand's number, street, phase, bets and awards. */
const view = (
  handNumber: number,
  street: string,
  players: Player[],
  { phase = "betting", awards = [] as Award[] } = {},
): TableView => ({ handNumber, hand: { street, phase, players, awards } }) as unknown as TableView;

describe("the felt's chip movements", () => {
  it("a bet or a call within the round is a wager; nothing moves to the pot yet", () => {
    const blinds = view(3, "preflop", [
      { seat: 1, bet: 1 },
      { seat: 2, bet: 2 },
    ]);
    const raised = view(3, "preflop", [
      { seat: 1, bet: 6 },
      { seat: 2, bet: 2 },
    ]);
    expect(feltChanges(blinds, raised)).toEqual({ gathered: [], paid: [], wagered: [1] });
  });

  it("the end of a betting round gathers its bets into the pot", () => {
    const called = view(3, "preflop", [
      { seat: 1, bet: 6 },
      { seat: 2, bet: 6 },
    ]);
    const flop = view(3, "flop", [
      { seat: 1, bet: 0 },
      { seat: 2, bet: 0 },
    ]);
    expect(feltChanges(called, flop)).toEqual({
      gathered: [
        { seat: 1, amount: 6 },
        { seat: 2, amount: 6 },
      ],
      paid: [],
      wagered: [],
    });
  });

  it("the end of the hand gathers the last bets and pays each winner his pots together", () => {
    const river = view(3, "river", [
      { seat: 1, bet: 10 },
      { seat: 2, bet: 0 },
      { seat: 3, bet: 10 },
    ]);
    const awards: Award[] = [
      { pot: 0, amount: 60, eligible: [1, 2, 3], winners: [{ seat: 3, amount: 60, hand: null }] },
      { pot: 1, amount: 40, eligible: [1, 3], winners: [{ seat: 3, amount: 40, hand: null }] },
    ];
    const over = view(
      3,
      "river",
      [
        { seat: 1, bet: 0 },
        { seat: 2, bet: 0 },
        { seat: 3, bet: 0 },
      ],
      {
        phase: "complete",
        awards,
      },
    );
    expect(feltChanges(river, over)).toEqual({
      gathered: [
        { seat: 1, amount: 10 },
        { seat: 3, amount: 10 },
      ],
      paid: [{ seat: 3, amount: 100 }],
      wagered: [],
    });
  });

  it("a new hand, a first state or a finished hand shows where things are, without movement", () => {
    const over = view(3, "river", [{ seat: 1, bet: 0 }], { phase: "complete" });
    const next = view(4, "preflop", [{ seat: 1, bet: 2 }]);
    const none = { gathered: [], paid: [], wagered: [] };
    expect(feltChanges(over, next)).toEqual(none);
    expect(feltChanges(null, next)).toEqual(none);
    expect(feltChanges(over, over)).toEqual(none);
  });

  it("a split pot pays both winners; an empty share is no movement", () => {
    expect(
      paidBy([
        {
          pot: 0,
          amount: 41,
          eligible: [2, 5],
          winners: [
            { seat: 5, amount: 20, hand: null },
            { seat: 2, amount: 21, hand: null },
          ],
        },
        { pot: 1, amount: 0, eligible: [5], winners: [{ seat: 5, amount: 0, hand: null }] },
      ]),
    ).toEqual([
      { seat: 2, amount: 21 },
      { seat: 5, amount: 20 },
    ]);
  });
});
