import { parsePhh, playersCopy, writePhh } from "@felt/engine";
import { HISTORY_FIELDS } from "@felt/fairness";

/** Fields no player reads: the auditor's server seed, and the seed older hands were stored with. */
const SECRET_FIELDS = [HISTORY_FIELDS.serverSeed, "_seed"];

/**
 * A stored hand history as one of its players may read it: his own cards
 * and every card shown at showdown; any other card of another player — hole
 * cards folded or mucked, draw discards, cards drawn and not shown — as `??`,
 * the same rule as the table view (the engine's `playersCopy`, which such a
 * copy replays with). Of the deal's proof he gets the public leaves and his
 * own, never another player's or the server seed (docs/fairness.md).
 */
export function redactPhh(phh: string, viewerSeat: number): string | null {
  const parsed = parsePhh(phh);
  if (!parsed.ok) return null;
  const viewer = parsed.history.seats?.indexOf(viewerSeat) ?? -1;
  const history = playersCopy(parsed.history, viewer);
  for (const field of Object.keys(history.extra)) {
    const othersLeaves =
      field.startsWith(HISTORY_FIELDS.playerLeaves) &&
      field !== `${HISTORY_FIELDS.playerLeaves}${viewer + 1}`;
    if (othersLeaves || SECRET_FIELDS.includes(field)) delete history.extra[field];
  }
  return writePhh(history);
}
