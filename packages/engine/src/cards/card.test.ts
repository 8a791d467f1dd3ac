import { describe, expect, it } from "vitest";
import {
  CardParseError,
  formatCard,
  formatCards,
  parseCard,
  parseCards,
  rankOf,
  SEVEN_TO_ACE_DECK,
  STANDARD_DECK,
  suitOf,
} from "./card";

describe("cards", () => {
  it("C-1 the deck has 52 distinct cards, 13 ranks in 4 suits", () => {
    expect(new Set(STANDARD_DECK.map(formatCard)).size).toBe(52);
    for (let rank = 0; rank < 13; rank++) {
      expect(STANDARD_DECK.filter((c) => rankOf(c) === rank)).toHaveLength(4);
    }
  });

  it("C-1 the 7–A deck has 32 cards, sevens to aces", () => {
    expect(SEVEN_TO_ACE_DECK).toHaveLength(32);
    expect(formatCards(SEVEN_TO_ACE_DECK.slice(0, 4))).toBe("7c7d7h7s");
  });

  it("parses and formats round trip", () => {
    for (const card of STANDARD_DECK) expect(parseCard(formatCard(card))).toBe(card);
    expect(parseCards("AcKd")).toEqual([parseCard("Ac"), parseCard("Kd")]);
    expect(rankOf(parseCard("As"))).toBe(12);
    expect(suitOf(parseCard("As"))).toBe(3);
  });

  it("rejects malformed cards", () => {
    for (const bad of ["", "A", "1c", "Ax", "AcK", "ac"]) {
      expect(() => (bad.length > 2 ? parseCards(bad) : parseCard(bad))).toThrow(CardParseError);
    }
  });
});

describe("jokers", () => {
  it("W-1 the two jokers are distinct cards: Jk and Jr", () => {
    expect(parseCards("JkJr")).toEqual([52, 53]);
    expect(formatCards([52, 53])).toBe("JkJr");
    expect(parseCard("JK")).toBe(52);
  });
});
