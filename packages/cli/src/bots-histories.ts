/**
 * `felt bots --save-histories`: did every hand played leave exactly one
 * history, and does each replay? Kept apart from the command so it can be
 * tested on strings.
 */
import { isFailure, replayText } from "./replay-lines";

export type HistoriesCheck = {
  /** Histories saved: one per hand the listing gave. */
  saved: number;
  /** Hands played (`<table>:<hand>`) without a history, in table and hand order. */
  missing: string[];
  /** Histories of hands the bots did not count as played. */
  unexpected: string[];
  /** Saved histories `felt replay` refuses or whose finishing stacks differ. */
  unreplayable: { handId: string; error: string }[];
};

/**
 * `played` is each table's hands played (hands 1…n), `saved` each saved
 * history's PHH by hand id (`<table>:<hand>`).
 */
export function checkHistories(
  played: ReadonlyMap<string, number>,
  saved: ReadonlyMap<string, string>,
): HistoriesCheck {
  const expected = new Set<string>();
  for (const [tableId, hands] of played)
    for (let hand = 1; hand <= hands; hand++) expected.add(`${tableId}:${hand}`);
  const unreplayable: HistoriesCheck["unreplayable"] = [];
  for (const [handId, phh] of saved) {
    const failed = replayText(`${handId}.phh`, phh).find(isFailure);
    if (!failed) continue;
    const error = failed.ok
      ? "finishing_stacks differ"
      : `${failed.error.code}: ${failed.error.message}`;
    unreplayable.push({ handId, error });
  }
  return {
    saved: saved.size,
    missing: [...expected].filter((handId) => !saved.has(handId)),
    unexpected: [...saved.keys()].filter((handId) => !expected.has(handId)),
    unreplayable,
  };
}
