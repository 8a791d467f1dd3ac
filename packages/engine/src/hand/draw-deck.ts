/**
 * The deck of a draw hand. It is the whole game deck (52 or 32 cards, plus
 * any jokers), shuffled, dealt from index 0 (T-1):
 *
 *   deck[r·n + k]   card r (0–4) of dealing position k (0 = first left of the
 *                   button, heads-up the big blind; n − 1 = the button)
 *   deck[5n …]      the stub: replacements in the order of the draw, each
 *                   player's cards in one go, no burn card
 *
 * No burns: a burn protects a live dealer's top card, online there is nothing
 * to protect, and in the 32-card deck every card counts. The whole deck is
 * required (not just the cards dealt) because when the stub runs out matters:
 * then the discards and folded hands, never the drawing player's own
 * discards, are reshuffled into a new stub by a `reshuffle` command.
 */
import { type Card, formatCard } from "../cards";
import { deckOf } from "../eval";
import { checkDeck, deckSize } from "./deck";
import { failure, handError } from "./errors";
import { dealsWholeDeck, isStud } from "./games";
import type { HandError, HandRules } from "./types";

/** The start command's deck for these rules and players, or why it cannot be played. */
export function checkDeckFor(rules: HandRules, deck: unknown, players: number): HandError | null {
  if (!dealsWholeDeck(rules.game)) {
    return checkDeck(deck, deckSize(rules.game, players));
  }
  const cards = deckOf(rules);
  // Stud deals as the hand goes and the stub may run short (ST-6): the whole deck, like draw's.
  if (isStud(rules.game)) {
    if (!Array.isArray(deck)) return handError("bad_deck", "deck must be an array of cards");
    return isPermutationOf(deck, cards)
      ? null
      : handError("bad_deck", "a stud deck holds each of the 52 cards once");
  }
  const needed = rules.holeCardCount * players;
  if (needed > cards.length) {
    return handError(
      "too_many_players",
      `${players} players need ${needed} cards: the ${rules.deckType === "7A" ? "7–A" : "52-card"} deck${
        cards.length > 52 || (rules.deckType === "7A" && cards.length > 32)
          ? " with its jokers"
          : ""
      } has ${cards.length}`,
    );
  }
  if (!Array.isArray(deck)) return handError("bad_deck", "deck must be an array of cards");
  return isPermutationOf(deck, cards)
    ? null
    : handError(
        "bad_deck",
        `a draw deck holds each of the game's ${cards.length} cards once (${rules.deckType} deck, wild: ${rules.wild})`,
      );
}

/** `cards` holds exactly the cards of `of`, each once. */
export function isPermutationOf(cards: readonly unknown[], of: readonly Card[]): boolean {
  if (cards.length !== of.length) return false;
  const wanted = new Set<unknown>(of);
  const seen = new Set<unknown>();
  for (const card of cards) {
    if (!wanted.has(card) || seen.has(card)) return false;
    seen.add(card);
  }
  return true;
}

/**
 * A draw deck that deals `holes` (by dealing position) and then, from the
 * stub, `stub` in order; `null` stands for an unknown card. Every other place
 * gets the game's unused cards in deck order, so the result is deterministic.
 */
export function stackDrawDeck(
  rules: Pick<HandRules, "deckType" | "wild">,
  holes: readonly (readonly (Card | null)[])[],
  stub: readonly (Card | null)[] = [],
): { ok: true; deck: Card[] } | { ok: false; error: HandError } {
  const all = deckOf(rules);
  const n = holes.length;
  const placed: (Card | null)[] = new Array(all.length).fill(null);
  for (const [k, cards] of holes.entries()) {
    if (cards.length > 5) return failure("bad_deck", `dealing position ${k} has more than 5 cards`);
    for (const [r, card] of cards.entries()) placed[r * n + k] = card;
  }
  if (5 * n + stub.length > all.length)
    return failure("bad_deck", `${5 * n + stub.length} cards do not fit a ${all.length}-card deck`);
  for (const [i, card] of stub.entries()) placed[5 * n + i] = card;
  const used = new Set<Card>();
  const allowed = new Set(all);
  for (const card of placed) {
    if (card === null) continue;
    if (!allowed.has(card)) return failure("bad_deck", `${formatCard(card)} is not in this deck`);
    if (used.has(card)) return failure("bad_deck", `${formatCard(card)} appears twice`);
    used.add(card);
  }
  const spare = all.filter((card) => !used.has(card));
  let next = 0;
  return { ok: true, deck: placed.map((card) => card ?? (spare[next++] as Card)) };
}
