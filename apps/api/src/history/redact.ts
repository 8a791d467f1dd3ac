import { type PhhCard, parsePhh, writePhh } from "@felt/engine";

/**
 * A stored hand history as one of its players may read it: his own cards
 * and every hand shown at showdown, the others' cards as `????` — the same
 * rule as the table view. In draw a discard is never shown (S-3: only how
 * many), so another player's discards are `????` too, and so are the cards
 * of a shown hand's first five that it no longer holds. (The revealed
 * `_seed` still lets anyone recompute the deck; that is the price of a
 * verifiable shuffle, and it is public anyway once the hand is over.)
 */
export function redactPhh(phh: string, viewerSeat: number): string | null {
  const parsed = parsePhh(phh);
  if (!parsed.ok) return null;
  const history = parsed.history;
  const viewer = history.seats?.indexOf(viewerSeat) ?? -1;
  /** Players who showed, with the cards they showed (null: "what was dealt", `sm -`). */
  const shown = new Map<number, Set<PhhCard> | null>();
  for (const action of history.actions) {
    if (action.kind === "showOrMuck" && action.show !== false)
      shown.set(action.player, Array.isArray(action.show) ? new Set(action.show) : null);
  }
  history.actions = history.actions.map((action) => {
    if (!("player" in action) || action.player === viewer) return action;
    if (action.kind === "standPatOrDiscard")
      return { ...action, cards: action.cards.map(() => null) };
    if (action.kind !== "dealHole") return action;
    if (!shown.has(action.player)) return { ...action, cards: action.cards.map(() => null) };
    const showed = shown.get(action.player);
    return showed
      ? { ...action, cards: action.cards.map((card) => (showed.has(card) ? card : null)) }
      : action;
  });
  return writePhh(history);
}
