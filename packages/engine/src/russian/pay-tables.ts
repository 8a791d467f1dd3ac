/** Pay tables are editable data (RP-5 "the admin may edit pay tables"); these are the defaults. */
import { MAX_MULTIPLIER } from "./amounts";
import {
  BONUS_CATEGORIES,
  type BonusPayTable,
  PAYING_CATEGORIES,
  type PayTable,
} from "./combinations";

/** RP-5, paid on the BET, x:1. */
export const DEFAULT_PAY_TABLE: Readonly<PayTable> = Object.freeze({
  royalFlush: 100,
  straightFlush: 50,
  fourOfAKind: 20,
  fullHouse: 7,
  flush: 5,
  straight: 4,
  threeOfAKind: 3,
  twoPair: 2,
  onePair: 1,
  aceKing: 1,
});

/** RP-2, paid on the bonus stake, x:1. */
export const DEFAULT_BONUS_PAY_TABLE: Readonly<BonusPayTable> = Object.freeze({
  royalFlush: 1000,
  straightFlush: 500,
  fourOfAKind: 300,
  fullHouse: 100,
  flush: 50,
  straight: 40,
  threeSevens: 20,
  sevensAndAnotherPair: 5,
});

/** Why a table is invalid, or null. Exactly the listed categories, each a non-negative integer. */
function tableProblem(input: unknown, categories: readonly string[]): string | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return "must be an object of category → multiplier";
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!categories.includes(key)) return `unknown category "${key}"`;
  }
  for (const category of categories) {
    if (!(category in record)) return `category "${category}" is missing`;
    const multiplier = record[category];
    if (
      typeof multiplier !== "number" ||
      !Number.isSafeInteger(multiplier) ||
      multiplier < 0 ||
      multiplier > MAX_MULTIPLIER
    ) {
      return `"${category}" must be an integer multiplier from 0 to ${MAX_MULTIPLIER}`;
    }
  }
  return null;
}

export const payTableProblem = (input: unknown): string | null =>
  tableProblem(input, PAYING_CATEGORIES);

export const bonusPayTableProblem = (input: unknown): string | null =>
  tableProblem(input, BONUS_CATEGORIES);
