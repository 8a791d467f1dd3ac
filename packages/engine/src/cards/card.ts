/**
 * A card is a small integer so that evaluators can index tables with it:
 * `rank * 4 + suit`, rank 0 = deuce … 12 = ace, suit 0 = ♣ c, 1 = ♦ d, 2 = ♥ h, 3 = ♠ s.
 * Jokers (wild-card games) are 52 and 53, written `Jk` and `Jr`: a deck's two
 * jokers are distinct cards (one black, one red), so a hand history must tell
 * them apart; `Jk` alone is "the joker" of a one-joker deck.
 */
export type Card = number;

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
/** Rank names in words, for people: "two" … "ace", indexed like RANKS. */
export const RANK_WORDS: readonly string[] = Object.freeze([
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "jack",
  "queen",
  "king",
  "ace",
]);
export const JOKER = 52;
export const SECOND_JOKER = 53;

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;
export const isJoker = (card: Card): boolean => card >= JOKER;

/** The 52-card deck in a fixed order (2c 2d 2h 2s 3c … As). */
export const STANDARD_DECK: readonly Card[] = Object.freeze(
  Array.from({ length: 52 }, (_, i) => i),
);

/** The 32-card 7–A deck (C-1): sevens up to aces. */
export const SEVEN_TO_ACE_DECK: readonly Card[] = Object.freeze(
  STANDARD_DECK.filter((card) => rankOf(card) >= RANKS.indexOf("7")),
);

export class CardParseError extends Error {
  override name = "CardParseError";
}

/** "Ah" → card; "Jk" (also "JK") is the first joker, "Jr" the second (red) one. */
export function parseCard(text: string): Card {
  if (text === "Jk" || text === "JK") return JOKER;
  if (text === "Jr") return SECOND_JOKER;
  if (text.length !== 2) throw new CardParseError(`not a card: "${text}"`);
  const rank = RANKS.indexOf(text[0] as string);
  const suit = SUITS.indexOf(text[1] as string);
  if (rank < 0 || suit < 0) throw new CardParseError(`not a card: "${text}"`);
  return makeCard(rank, suit);
}

/** "AcKd" or "Ac Kd" → [Ac, Kd]. */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 2 !== 0) throw new CardParseError(`not a list of cards: "${text}"`);
  const cards: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) cards.push(parseCard(compact.slice(i, i + 2)));
  return cards;
}

export function formatCard(card: Card): string {
  if (isJoker(card)) return card === SECOND_JOKER ? "Jr" : "Jk";
  return `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;
}

export const formatCards = (cards: readonly Card[]): string => cards.map(formatCard).join("");
