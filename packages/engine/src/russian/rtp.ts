/**
 * The theoretical return to player of a table's rules, as the admin's stake form shows it:
 * the same Monte-Carlo run as `felt simulate russian --hands 200000 --seed 1 --strategy basic
 * --rules FILE` (simulate.ts, the fast engine), so the two figures agree to the last digit.
 * A fixed seed makes it reproducible; 200 000 rounds answer in well under two seconds and
 * put the 95 % interval within about ±0.5 %.
 */
import type { Failure } from "./errors";
import type { RussianTableOptions } from "./options";
import { returnToPlayer, simulate } from "./simulate";
import type { StrategyName } from "./strategies";

export const RULES_RTP_RUN: { hands: number; seed: number; strategy: StrategyName } = {
  hands: 200_000,
  seed: 1,
  strategy: "basic",
};

export interface RulesRtp {
  /** Returned ÷ wagered over the run (1 = the house keeps nothing). */
  rtp: number;
  ci95: [number, number];
  /** 1 − rtp: the share of every chip wagered the house keeps. */
  houseEdge: number;
  hands: number;
  seed: number;
  strategy: StrategyName;
}

/** RTP of one open box under these options (validated as a round would validate them). */
export function rulesRtp(
  options: Partial<RussianTableOptions>,
): { ok: true; result: RulesRtp } | Failure {
  const run = simulate({ ...RULES_RTP_RUN, options });
  if (!run.ok) return run;
  const { rtp, ci95 } = returnToPlayer(run.tally);
  return { ok: true, result: { ...RULES_RTP_RUN, rtp, ci95, houseEdge: 1 - rtp } };
}
