/**
 * A hand history as one of its players saw the hand: his own cards and
 * every card shown at showdown; any other card of another player — hole
 * cards folded or mucked, draw discards, cards drawn and not shown — is `??`,
 * the same rule as the table view (S-3). Such a copy still replays: unknown
 * cards never decide a pot (replay.ts, draw-fill.ts).
 */
import { type HandHistory, HOLE_CARDS, isStudVariant, type PhhAction, type PhhCard } from "./types";

/** Stud (ST-1, ST-5): which of a player's cards, in the order dealt, are dealt face up. */
const STUD_FACES: Readonly<Record<number, readonly boolean[]>> = {
  3: [false, false, true, true, true, true, false],
  2: [false, true, true, true, true],
};

/** `viewer` is the player's PHH index (p1 → 0); −1 (a spectator) sees only the cards shown. */
export function playersCopy(history: HandHistory, viewer: number): HandHistory {
  const shown = shownCards(history.actions);
  // Stud: up cards are everyone's (their place in the deal order says which they are).
  const faces = isStudVariant(history.variant) ? STUD_FACES[HOLE_CARDS[history.variant]] : null;
  const dealtSoFar = new Map<number, number>();
  const actions = history.actions.map((action) => {
    if (action.kind !== "dealHole" && action.kind !== "standPatOrDiscard") return action;
    const from = dealtSoFar.get(action.player) ?? 0;
    if (action.kind === "dealHole") dealtSoFar.set(action.player, from + action.cards.length);
    if (action.player === viewer) return action;
    const visible = shown.get(action.player);
    const cards = action.cards.map((card, i) =>
      card !== null && (visible?.has(card) || faces?.[from + i] === true) ? card : null,
    );
    return { ...action, cards };
  });
  return { ...history, actions, extra: { ...history.extra } };
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
