/**
 * The fairness check a player runs on a hand he played (docs/fairness.md):
 * every card his copy of the history names — his own, the board, hands
 * shown — has a salted leaf at the place it was dealt from, under the Merkle
 * root the table published with the deal. `@felt/fairness` does it (the
 * same check as `felt verify`); this module only gives the result a shape
 * for the page.
 */
import type { HandHistory } from "@felt/engine";
import { type HistoryCheck, verifyHistory } from "@felt/fairness";

export type FairnessResult = HistoryCheck;

export const checkFairness = (history: HandHistory): Promise<FairnessResult> =>
  verifyHistory(history);
