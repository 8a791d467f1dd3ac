import { describe, expect, it } from "vitest";
import { parseCard } from "../cards";
import { deckLayout } from "../hand/deck";
import { parsePhh } from "./parse";
import { cardPositions } from "./positions";

const history = (text: string) => {
  const parsed = parsePhh(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.history;
};

describe("cardPositions: where each card of a history lay in the deck (T-1)", () => {
  it("hold'em: hole cards round the table from p1, then burn-and-deal for the board", () => {
    const h = history(
      [
        "variant = 'NT'",
        "antes = [0, 0, 0]",
        "blinds_or_straddles = [1, 2, 0]",
        "min_bet = 2",
        "starting_stacks = [100, 100, 100]",
        "actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 2c3c', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 4d5d6d', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 7h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 8h', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm AsKs', 'p2 sm', 'p3 sm 2c3c']",
      ].join("\n"),
    );
    const result = cardPositions(h);
    if (!result.ok) throw new Error(result.error.message);
    const layout = deckLayout("holdem", 3);
    const at = (text: string) => result.cards.find((c) => c.card === parseCard(text))?.position;
    expect(at("As")).toBe(layout.hole[0]?.[0]);
    expect(at("Ks")).toBe(layout.hole[0]?.[1]);
    expect(at("2c")).toBe(layout.hole[2]?.[0]);
    expect(at("4d")).toBe(layout.flop[0]);
    expect(at("7h")).toBe(layout.turn);
    expect(at("8h")).toBe(layout.river);
    // p2's cards were never shown: nothing is known of them.
    expect(result.cards).toHaveLength(9);
    expect(result.deckSize).toBe(52);
  });

  it("five-card draw: the deal, then the stub in the order of the draw", () => {
    const h = history(
      [
        "variant = 'F5D'",
        "antes = [0, 0]",
        "blinds_or_straddles = [1, 2]",
        "small_bet = 2",
        "big_bet = 4",
        "starting_stacks = [100, 100]",
        "actions = ['d dh p1 AsKsQsJs2c', 'd dh p2 ??????????', 'p2 cc', 'p1 cc', 'p1 sd 2c', 'd dh p1 Ts', 'p2 sd ????', 'd dh p2 ????', 'p1 cc', 'p2 cc']",
      ].join("\n"),
    );
    const result = cardPositions(h);
    if (!result.ok) throw new Error(result.error.message);
    const position = (text: string) =>
      result.cards.find((c) => c.card === parseCard(text))?.position;
    expect(position("As")).toBe(0);
    expect(position("Ks")).toBe(2);
    expect(position("2c")).toBe(8);
    expect(position("Ts")).toBe(10);
    expect(result.cards).toHaveLength(6);
  });
});
