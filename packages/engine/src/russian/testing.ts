/**
 * Builds decks that deal chosen hands, for tests and replays of worked examples.
 * The order follows RP-3 as dealt by `dealInitialCards`: one card at a time to each box
 * with bets in box order, then the dealer, five times.
 */
import { type Card, STANDARD_DECK } from "../cards";
import { CARDS_PER_BOX } from "./types";

export function stackedDeck(
  /** Five cards per box with bets, in box order. */
  hands: readonly (readonly Card[])[],
  dealer: readonly Card[],
  /** The next cards of the stub after the deal: exchanges, sixth cards, dealer swaps. */
  draws: readonly Card[] = [],
): Card[] {
  const chosen = [...hands.flat(), ...dealer, ...draws];
  if (new Set(chosen).size !== chosen.length) throw new Error("a card is listed twice");
  if (hands.some((hand) => hand.length !== CARDS_PER_BOX) || dealer.length !== CARDS_PER_BOX) {
    throw new Error("every hand needs five cards");
  }
  const deal: Card[] = [];
  for (let round = 0; round < CARDS_PER_BOX; round++) {
    for (const hand of hands) deal.push(hand[round] as Card);
    deal.push(dealer[round] as Card);
  }
  const rest = STANDARD_DECK.filter((card) => !chosen.includes(card));
  return [...deal, ...draws, ...rest];
}
