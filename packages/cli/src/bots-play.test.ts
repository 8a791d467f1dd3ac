import type { LegalActions } from "@felt/engine";
import { seededFloats } from "@felt/fairness/testing";
import { describe, expect, it } from "vitest";
import { randomAction, randomGame } from "./bots-play";

const none: LegalActions = {
  fold: false,
  check: false,
  call: null,
  betOrRaise: null,
  show: false,
  muck: false,
  draw: null,
};

describe("the load-test bots' play", () => {
  it("S-3 in the draw a bot discards some of its own cards, each once, at most the maximum", () => {
    const random = seededFloats(7);
    const hole = [3, 17, 22, 40, 51];
    const counts = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const action = randomAction({ ...none, draw: { max: 3 } }, random, hole);
      if (action.type !== "draw") throw new Error(`not a draw: ${action.type}`);
      expect(action.discard.length).toBeLessThanOrEqual(3);
      expect(new Set(action.discard).size).toBe(action.discard.length);
      for (const card of action.discard) expect(hole).toContain(card);
      counts.add(action.discard.length);
    }
    expect(counts).toEqual(new Set([0, 1, 2, 3]));
  });

  it("§4 dealer's choice: a bot on the button picks any game of the list", () => {
    const random = seededFloats(11);
    const picked = new Set<number>();
    for (let i = 0; i < 200; i++) picked.add(randomGame(["a", "b", "c"], random));
    expect(picked).toEqual(new Set([0, 1, 2]));
  });
});
