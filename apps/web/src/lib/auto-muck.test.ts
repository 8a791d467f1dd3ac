import { type HandView, parseCards } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { beatenAtShowdown } from "./auto-muck";

/** A hold'em showdown where seat 1 has shown and seat 2 (the viewer) decides. */
function showdown(shown: string, mine: string, board: string, game = "holdem"): HandView {
  return {
    game,
    phase: "showdown",
    board: parseCards(board),
    deckType: "52",
    wild: "none",
    players: [
      { seat: 1, holeCards: parseCards(shown), shown: true, folded: false, mucked: false },
      { seat: 2, holeCards: parseCards(mine), shown: false, folded: false, mucked: false },
    ],
  } as unknown as HandView;
}

describe("auto-muck: a hand already beaten by one shown (the timeout rule)", () => {
  it("a beaten hand is mucked", () => {
    expect(beatenAtShowdown(showdown("AhAd", "KcKd", "2s7h9cJdQs"), 2)).toBe(true);
  });
  it("a winning hand and a tie are left to the player", () => {
    expect(beatenAtShowdown(showdown("KcKd", "AhAd", "2s7h9cJdQs"), 2)).toBe(false);
    expect(beatenAtShowdown(showdown("AhKd", "AcKs", "2s7h9cJdQs"), 2)).toBe(false);
  });
  it("Omaha uses two hole cards and three of the board", () => {
    // Seat 2's four hearts and the board's one make no flush in Omaha (two hole cards only): his
    // pair of queens loses to seat 1's set of deuces.
    const hand = showdown("2c2dKsJd", "AhKhQhJh", "2s7h9c4dQs", "omaha");
    expect(beatenAtShowdown(hand, 2)).toBe(true);
  });
  it("outside the showdown nothing is mucked", () => {
    const hand = { ...showdown("AhAd", "KcKd", "2s7h9cJdQs"), phase: "complete" } as HandView;
    expect(beatenAtShowdown(hand, 2)).toBe(false);
  });
});
