import { RANK_WORDS } from "../cards";
import type { HandResult } from "./best-hand";
import {
  categoryNumberOf,
  FIVE_OF_A_KIND,
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  isRoyal,
  ONE_PAIR,
  ranksOfValue,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
} from "./value";

const ONE = RANK_WORDS;
const MANY = [
  "twos",
  "threes",
  "fours",
  "fives",
  "sixes",
  "sevens",
  "eights",
  "nines",
  "tens",
  "jacks",
  "queens",
  "kings",
  "aces",
];

const one = (rank: number): string => ONE[rank] ?? "?";
const many = (rank: number): string => MANY[rank] ?? "?";

/** A short English name for the UI, e.g. "Two pair, kings and sevens" (C-2 names, royal flush included). */
export function describeHand(result: HandResult): string {
  const { value } = result;
  const [r1 = 0, , r3 = 0, r4 = 0] = ranksOfValue(value);
  switch (categoryNumberOf(value)) {
    case FIVE_OF_A_KIND:
      return `Five of a kind, ${many(r1)}`;
    case STRAIGHT_FLUSH:
      return isRoyal(value) ? "Royal flush" : `Straight flush, ${one(r1)} high`;
    case FOUR_OF_A_KIND:
      return `Four of a kind, ${many(r1)}`;
    case FULL_HOUSE:
      return `Full house, ${many(r1)} full of ${many(r4)}`;
    case FLUSH:
      return `Flush, ${one(r1)} high`;
    case STRAIGHT:
      return `Straight, ${one(r1)} high`;
    case THREE_OF_A_KIND:
      return `Three of a kind, ${many(r1)}`;
    case TWO_PAIR:
      return `Two pair, ${many(r1)} and ${many(r3)}`;
    case ONE_PAIR:
      return `Pair of ${many(r1)}`;
    default:
      return `High card, ${one(r1)}`;
  }
}
