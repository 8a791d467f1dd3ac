/** How the load-test bots play: random legal actions from a reproducible generator (`seededFloats`). */
import { type LegalActions, raiseAmountAt } from "@felt/engine";
import type { PlayerAction } from "@felt/protocol";

/** A random legal action, sized uniformly when it is a bet or raise. */
export function randomAction(legal: LegalActions, random: () => number): PlayerAction {
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
