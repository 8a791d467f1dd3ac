/** How the load-test bots play: random legal actions from a reproducible generator (`seededFloats`). */
import { type LegalActions, raiseAmountAt } from "@felt/engine";
import type { PlayerAction } from "@felt/protocol";

/**
 * A random legal action, sized uniformly when it is a bet or raise. In the
 * draw (five-card draw, dealt at dealer's choice): discard up to
 * `legal.draw.max` of `holeCards`, taken at random.
 */
export function randomAction(
  legal: LegalActions,
  random: () => number,
  holeCards: readonly number[] = [],
): PlayerAction {
  if (legal.draw) {
    const count = Math.floor(random() * (Math.min(legal.draw.max, holeCards.length) + 1));
    const discard = holeCards
      .map((card) => ({ card, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, count)
      .map(({ card }) => card);
    return { type: "draw", discard };
  }
  if (legal.show || legal.muck) return { type: legal.show ? "show" : "muck" };
  const choices: PlayerAction[] = [];
  if (legal.fold) choices.push({ type: "fold" });
  if (legal.check) choices.push({ type: "check" }, { type: "check" });
  if (legal.call) choices.push({ type: "call" }, { type: "call" });
  if (legal.betOrRaise) {
    choices.push({ type: "betOrRaiseTo", amount: raiseAmountAt(legal.betOrRaise, random()) });
  }
  return choices[Math.floor(random() * choices.length)] ?? { type: "check" };
}

/** Dealer's choice: a random game for the orbit, as an index in `view.dealersChoice.games`. */
export const randomGame = (games: readonly string[], random: () => number): number =>
  Math.min(games.length - 1, Math.floor(random() * games.length));
