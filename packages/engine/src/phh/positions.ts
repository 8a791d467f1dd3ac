/**
 * Where each card a hand history names lay in the deck it was dealt from
 * (T-1, `deckLayout`; draw games: draw-deck.ts), so that a player can check
 * each card he saw against the deal's commitment (docs/fairness.md). PHH
 * player k is dealing position k (p1 is the first player left of the button).
 */
import type { Card } from "../cards";
import { deckOf } from "../eval";
import { deckLayout } from "../hand/deck";
import { collectDeal } from "./deal";
import { rulesFromHistory, VARIANT_RULES } from "./order";
import { type HandHistory, isDrawVariant, type PhhError } from "./types";

export interface CardPosition {
  card: Card;
  position: number;
}

export type PositionsResult =
  | {
      ok: true;
      /** Every known card with its deck position; cards dealt from a reshuffled muck have none and are left out. */
      cards: CardPosition[];
      /** How many cards the deck held. */
      deckSize: number;
    }
  | { ok: false; error: PhhError };

export function cardPositions(history: HandHistory): PositionsResult {
  const rules = rulesFromHistory(history);
  if (!rules.ok) return rules;
  const n = history.startingStacks.length;
  const dealt = collectDeal(history.variant, n, history.actions);
  if (!dealt.ok) return dealt;
  const { holes, board, draws, studDeck } = dealt.deal;
  const cards: CardPosition[] = [];
  const add = (card: Card | null, position: number) => {
    if (card !== null) cards.push({ card, position });
  };
  // Stud: dealt from the top as the hand goes (deal.ts, docs/fairness.md).
  if (studDeck) {
    for (const [position, card] of studDeck.entries()) add(card, position);
    return { ok: true, cards, deckSize: 52 };
  }
  if (!isDrawVariant(history.variant)) {
    const layout = deckLayout(VARIANT_RULES[history.variant].game, n);
    for (const [k, hole] of holes.entries()) {
      for (const [r, card] of hole.entries()) add(card, layout.hole[k]?.[r] as number);
    }
    const boardPositions = [...layout.flop, layout.turn, layout.river];
    for (const [i, card] of board.entries()) add(card, boardPositions[i] as number);
    return { ok: true, cards, deckSize: 52 };
  }
  const deckSize = deckOf({
    deckType: rules.rules.deckType ?? "52",
    wild: rules.rules.wild ?? "none",
  }).length;
  for (const [k, hole] of holes.entries()) {
    for (const [r, card] of hole.entries()) add(card, r * n + k);
  }
  // The stub follows the deal, replacements in the order of the draw; past its end they came from a reshuffle.
  let next = 5 * n;
  for (const draw of draws) {
    for (const card of draw.dealt) {
      if (next < deckSize) add(card, next);
      next++;
    }
  }
  return { ok: true, cards, deckSize };
}
