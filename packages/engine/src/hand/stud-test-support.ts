/**
 * Helpers for the stud tests (not exported from the package): a stud table
 * with seats 1…n (the dealer before seat 1, so seat k is PHH's pk) and a deck
 * stacked street by street.
 */
import { type Card, parseCards, STANDARD_DECK } from "../cards";
import { startHand } from "./start";
import type { HandConfig, HandEvent, HandState } from "./types";

export interface StudSetup extends Partial<HandConfig> {
  stacks: number[];
  /** The first street's cards by seat, in dealing order (seven-card: down, down, up), e.g. ["AsKs7h", …]. */
  first: string[];
  /**
   * Each later street's cards, one per player still in, in seat order
   * ("9c4d…"); a burn is placed before each street. Missing cards come from
   * the rest of the deck.
   */
  later?: string[];
  /** Seat of the button the table names (stud ignores it). */
  button?: number;
}

/** The deck that deals `first` then `later` as described above; unused places get the remaining cards in order. */
export function studDeck(first: readonly string[], later: readonly string[] = []): Card[] {
  const n = first.length;
  const firstCards = first.map((text) => parseCards(text));
  const perPlayer = (firstCards[0] as Card[]).length;
  const placed: (Card | null)[] = [];
  for (let r = 0; r < perPlayer; r++)
    for (let k = 0; k < n; k++) placed.push((firstCards[k] as Card[])[r] as Card);
  for (const street of later) placed.push(null, ...parseCards(street));
  const used = new Set(placed.filter((c): c is Card => c !== null));
  if (used.size !== placed.filter((c) => c !== null).length)
    throw new Error("a card appears twice");
  const spare = STANDARD_DECK.filter((c) => !used.has(c));
  let next = 0;
  const deck = placed.map((c) => c ?? (spare[next++] as Card));
  return deck.concat(spare.slice(next));
}

export function studTable(setup: StudSetup): { state: HandState; events: HandEvent[] } {
  const { stacks, first, later, button, ...rest } = setup;
  const config: HandConfig = {
    game: "stud7",
    betting: "fixed-limit",
    smallBlind: 1,
    bigBlind: 2,
    ...rest,
  };
  const result = startHand({
    type: "start",
    config,
    players: stacks.map((stack, i) => ({ seat: i + 1, stack })),
    button: button ?? stacks.length,
    deck: studDeck(first, later),
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return { state: result.state, events: result.events };
}
