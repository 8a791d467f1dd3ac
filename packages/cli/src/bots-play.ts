/** How the load-test bots play: random legal actions from a reproducible generator. */
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

/** mulberry32: reproducible bot choices without Math.random. */
export function seededRandom(seed = 0x9e3779b9): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
