/**
 * The table options that change what a hand is worth (home games, draw):
 * the 7–A deck (C-1, C-3, C-6) and wild cards (W-1 … W-6). Plain data, so a
 * hand's rules carry them and a hand history can name them.
 */
import {
  type Card,
  JOKER,
  makeCard,
  SECOND_JOKER,
  SEVEN_TO_ACE_DECK,
  STANDARD_DECK,
} from "../cards";

/** C-1: the 52-card deck, or the 32-card 7–A deck (sevens to aces). */
export type DeckType = "52" | "7A";

/**
 * W-1 … W-5. `joker`/`two-jokers`: fully wild jokers added to the deck;
 * `bug`: one joker that is only an ace or completes a straight or flush;
 * `deuces`: every 2 is wild, `deuces-joker` adds a joker as a fifth wild;
 * `one-eyed-jacks`: K♦, J♠, J♥; `lowest-card`: each player's lowest rank is
 * wild for him alone. `low-hole-card` is seven-card stud's (ST-7): the rank
 * of a player's lowest face-down card is wild for him alone (./stud.ts).
 */
export type WildCards =
  | "none"
  | "joker"
  | "two-jokers"
  | "bug"
  | "deuces"
  | "deuces-joker"
  | "one-eyed-jacks"
  | "lowest-card"
  | "low-hole-card";

/** The draw games' options (W-1 … W-5); `low-hole-card` is stud's alone. */
export const WILD_CARDS: readonly WildCards[] = Object.freeze([
  "none",
  "joker",
  "two-jokers",
  "bug",
  "deuces",
  "deuces-joker",
  "one-eyed-jacks",
  "lowest-card",
]);

export interface HandRanking {
  readonly deckType: DeckType;
  readonly wild: WildCards;
  /** C-6: a flush beats a full house (on by default with the 7–A deck, where flushes are rarer). */
  readonly flushBeatsFullHouse: boolean;
}

export const STANDARD_RANKING: HandRanking = Object.freeze({
  deckType: "52",
  wild: "none",
  flushBeatsFullHouse: false,
});

export const isDeckType = (value: unknown): value is DeckType => value === "52" || value === "7A";
export const isWildCards = (value: unknown): value is WildCards =>
  WILD_CARDS.includes(value as WildCards);

/** Jokers each wild-card option adds to the deck. */
export const JOKERS_ADDED: Readonly<Record<WildCards, number>> = Object.freeze({
  none: 0,
  joker: 1,
  "two-jokers": 2,
  bug: 1,
  deuces: 0,
  "deuces-joker": 1,
  "one-eyed-jacks": 0,
  "lowest-card": 0,
  "low-hole-card": 0,
});

/** The options as a ranking, defaults filled in (C-6 on with the 7–A deck), or why they do not go together. */
export function handRanking(options: {
  deckType?: unknown;
  wild?: unknown;
  flushBeatsFullHouse?: unknown;
}): { ok: true; ranking: HandRanking } | { ok: false; message: string } {
  const deckType = options.deckType ?? "52";
  if (!isDeckType(deckType))
    return { ok: false, message: `unknown deck ${String(deckType)} (52 or 7A)` };
  const wild = options.wild ?? "none";
  if (!isWildCards(wild))
    return { ok: false, message: `unknown wild cards ${String(wild)} (${WILD_CARDS.join(", ")})` };
  // The 7–A deck has no deuces, so "deuces wild" would quietly be no wild card at all.
  if (deckType === "7A" && (wild === "deuces" || wild === "deuces-joker"))
    return { ok: false, message: "the 7–A deck has no deuces to be wild" };
  const flushBeatsFullHouse = options.flushBeatsFullHouse ?? deckType === "7A";
  if (typeof flushBeatsFullHouse !== "boolean")
    return { ok: false, message: "flushBeatsFullHouse must be a boolean" };
  return { ok: true, ranking: { deckType, wild, flushBeatsFullHouse } };
}

/** Every card of the game in a fixed order: the 52 or 32 standard cards, then the jokers. */
export function deckOf(ranking: Pick<HandRanking, "deckType" | "wild">): Card[] {
  const cards = (ranking.deckType === "7A" ? SEVEN_TO_ACE_DECK : STANDARD_DECK).slice();
  const jokers = JOKERS_ADDED[ranking.wild];
  if (jokers >= 1) cards.push(JOKER);
  if (jokers >= 2) cards.push(SECOND_JOKER);
  return cards;
}

/** W-4: the one-eyed cards, drawn in profile: K♦, J♠, J♥. */
export const ONE_EYED_JACKS: readonly Card[] = Object.freeze([
  makeCard(11, 1),
  makeCard(9, 3),
  makeCard(9, 2),
]);
