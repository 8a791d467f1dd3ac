import { describe, expect, it } from "vitest";
import { GAMES, streetFacts } from "./games";
import { unitOf } from "./round";
import { normalizeConfig } from "./rules";

describe("variants are data: the street records", () => {
  it("B-6 the hot-path unit lookup agrees with every game's street records", () => {
    for (const [game, spec] of Object.entries(GAMES)) {
      const rules = normalizeConfig({
        game,
        betting: "fixed-limit",
        smallBlind: 1,
        bigBlind: 2,
      });
      if (!rules.ok) throw new Error(rules.error.message);
      for (const street of spec.streets) {
        expect(unitOf(rules.rules, street.name)).toBe(street.unit === "small" ? 2 : 4);
        expect(streetFacts(game as keyof typeof GAMES, street.name).small).toBe(
          street.unit === "small",
        );
      }
    }
  });

  it("§4 five-card draw: a round from the left of the big blind, the draw, a round from the left of the button", () => {
    expect(GAMES["five-card-draw"]).toMatchObject({
      holeCards: 5,
      streets: [
        { name: "predraw", draw: false, boardCards: 0, unit: "small", opener: "left-of-big-blind" },
        { name: "postdraw", draw: true, boardCards: 0, unit: "big", opener: "left-of-button" },
      ],
    });
    expect(streetFacts("five-card-draw", "predraw")).toMatchObject({
      next: { name: "postdraw" },
      drawAhead: true,
    });
    expect(streetFacts("five-card-draw", "postdraw")).toMatchObject({
      next: null,
      drawAhead: false,
    });
    expect(streetFacts("holdem", "flop").drawAhead).toBe(false);
  });
});
