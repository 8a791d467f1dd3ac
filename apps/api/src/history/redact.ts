import { parsePhh, writePhh } from "@felt/engine";

/**
 * A stored hand history as one of its players may read it: his own hole cards
 * and every hand shown at showdown, the others' cards as `????` — the same
 * rule as the table view. (The revealed `_seed` still lets anyone recompute
 * the deck; that is the price of a verifiable shuffle, and it is public anyway
 * once the hand is over.)
 */
export function redactPhh(phh: string, viewerSeat: number): string | null {
  const parsed = parsePhh(phh);
  if (!parsed.ok) return null;
  const history = parsed.history;
  const viewer = history.seats?.indexOf(viewerSeat) ?? -1;
  const shown = new Set<number>();
  for (const action of history.actions) {
    if (action.kind === "showOrMuck" && action.show !== false) shown.add(action.player);
  }
  history.actions = history.actions.map((action) =>
    action.kind === "dealHole" && action.player !== viewer && !shown.has(action.player)
      ? { ...action, cards: action.cards.map(() => null) }
      : action,
  );
  return writePhh(history);
}
