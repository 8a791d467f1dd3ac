/**
 * Hand evaluation (docs/rules.md#1-cards-and-hands): a hand's value is one
 * integer, higher wins, equal splits. `evaluate7` is the allocation-free hot
 * path; the tables behind it are built at load (./tables). Home-game rankings
 * (7–A deck, wild cards) are valued by ./five-card and compared by
 * `strengthOf`.
 */
export { bestHand, bestOmahaHand, type HandResult } from "./best-hand";
export { type CategoryCounts, countHandsByCategory } from "./census";
export { describeHand } from "./describe";
export { evaluate, evaluate7 } from "./evaluate";
export {
  bestFiveCardHand,
  evaluateFive,
  type FiveCardResult,
  strengthOf,
  wildnessOf,
} from "./five-card";
export { countFiveCardHands, type FiveCardCensus } from "./five-card-census";
export {
  type DeckType,
  deckOf,
  type HandRanking,
  handRanking,
  isDeckType,
  isWildCards,
  JOKERS_ADDED,
  ONE_EYED_JACKS,
  STANDARD_RANKING,
  WILD_CARDS,
  type WildCards,
} from "./ranking";
export { bestStudHand, lowestRank, valueWithWildRank } from "./stud";
export { lowHoleCardCensus } from "./stud-census";
export {
  ALL_CATEGORIES,
  CATEGORIES,
  type Category,
  categoryOf,
  isRoyal,
  type StandardCategory,
} from "./value";
