/** Random legal play for the live-table tests: seeded (`seededFloats`), so a failing run can be replayed. */
import { type LegalActions, raiseAmountAt } from "@felt/engine";
import type { PlayerAction } from "@felt/protocol";

/**
 * One of the legal actions, checks and calls twice as likely; a muck is a
 * confirmed one (S-2), a bet or raise any legal size. In the draw: discard
 * up to `legal.draw.max` of `holeCards`, taken at random.
 */
export function randomAction(
  legal: LegalActions,
  rand: () => number,
  holeCards: readonly number[] = [],
): PlayerAction {
  if (legal.draw) {
    const count = Math.floor(rand() * (Math.min(legal.draw.max, holeCards.length) + 1));
    const discard = holeCards
      .slice()
      .sort(() => rand() - 0.5)
      .slice(0, count);
    return { type: "draw", discard };
  }
  const options: PlayerAction[] = [];
  if (legal.check) options.push({ type: "check" }, { type: "check" });
  if (legal.call) options.push({ type: "call" }, { type: "call" });
  if (legal.fold) options.push({ type: "fold" });
  if (legal.betOrRaise) {
    options.push({ type: "betOrRaiseTo", amount: raiseAmountAt(legal.betOrRaise, rand()) });
  }
  return options[Math.floor(rand() * options.length)] as PlayerAction;
}
