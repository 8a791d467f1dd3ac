import { type PhhAction, type PhhCard, parsePhh, writePhh } from "@felt/engine";
import { HISTORY_FIELDS } from "@felt/fairness";

/** Fields no player reads: the auditor's server seed, and the seed older hands were stored with. */
const SECRET_FIELDS = [HISTORY_FIELDS.serverSeed, "_seed"];

/**
 * A stored hand history as one of its players may read it: his own cards
 * and every card shown at showdown; any other card of another player — hole
 * cards folded or mucked, draw discards, cards drawn and not shown — as `??`,
 * the same rule as the table view. Of the deal's proof he gets the public
 * leaves and his own, never another player's or the server seed
 * (docs/fairness.md).
 */
export function redactPhh(phh: string, viewerSeat: number): string | null {
  const parsed = parsePhh(phh);
  if (!parsed.ok) return null;
  const history = parsed.history;
  const viewer = history.seats?.indexOf(viewerSeat) ?? -1;
  const shown = shownCards(history.actions);
  history.actions = history.actions.map((action) => {
    if (action.kind !== "dealHole" && action.kind !== "standPatOrDiscard") return action;
    if (action.player === viewer) return action;
    const visible = shown.get(action.player);
    const cards = action.cards.map((card) => (card !== null && visible?.has(card) ? card : null));
    return { ...action, cards };
  });
  for (const field of Object.keys(history.extra)) {
    const othersLeaves =
      field.startsWith(HISTORY_FIELDS.playerLeaves) &&
      field !== `${HISTORY_FIELDS.playerLeaves}${viewer + 1}`;
    if (othersLeaves || SECRET_FIELDS.includes(field)) delete history.extra[field];
  }
  return writePhh(history);
}

/** Each player's cards shown at showdown (`sm -` shows the hand he ended with). */
function shownCards(actions: readonly PhhAction[]): Map<number, Set<PhhCard>> {
  const held = new Map<number, PhhCard[]>();
  const shown = new Map<number, Set<PhhCard>>();
  for (const action of actions) {
    if (action.kind === "dealHole")
      held.set(action.player, [...(held.get(action.player) ?? []), ...action.cards]);
    if (action.kind === "standPatOrDiscard") {
      const rest = (held.get(action.player) ?? []).filter((c) => !action.cards.includes(c));
      held.set(action.player, rest);
    }
    if (action.kind === "showOrMuck" && action.show !== false) {
      const cards = action.show === "dealt" ? (held.get(action.player) ?? []) : action.show;
      shown.set(action.player, new Set(cards));
    }
  }
  return shown;
}
