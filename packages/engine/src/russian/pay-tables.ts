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

/** Stable codes of what can be wrong with a pay table (the admin's form words them per field). */
export type PayTableIssueCode =
  | "not_an_object"
  | "unknown_category"
  | "missing_category"
  | "invalid_multiplier";

/** The first thing wrong with a table: its code, the category it concerns (if any), in words. */
export interface PayTableIssue {
  code: PayTableIssueCode;
  category: string | null;
  message: string;
}

/** Exactly the listed categories, each an integer multiplier from 0 to MAX_MULTIPLIER. */
function tableIssue(input: unknown, categories: readonly string[]): PayTableIssue | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return {
      code: "not_an_object",
      category: null,
      message: "must be an object of category → multiplier",
    };
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!categories.includes(key)) {
      return { code: "unknown_category", category: key, message: `unknown category "${key}"` };
    }
  }
  for (const category of categories) {
    if (!(category in record)) {
      return { code: "missing_category", category, message: `category "${category}" is missing` };
    }
    const multiplier = record[category];
    if (
      typeof multiplier !== "number" ||
      !Number.isSafeInteger(multiplier) ||
      multiplier < 0 ||
      multiplier > MAX_MULTIPLIER
    ) {
      return {
        code: "invalid_multiplier",
        category,
        message: `"${category}" must be an integer multiplier from 0 to ${MAX_MULTIPLIER}`,
      };
    }
  }
  return null;
}

/** RP-5: what is wrong with a BET pay table, or null. */
export const payTableIssue = (input: unknown): PayTableIssue | null =>
  tableIssue(input, PAYING_CATEGORIES);

/** RP-2: what is wrong with a bonus pay table, or null. */
export const bonusPayTableIssue = (input: unknown): PayTableIssue | null =>
  tableIssue(input, BONUS_CATEGORIES);

export const payTableProblem = (input: unknown): string | null =>
  payTableIssue(input)?.message ?? null;

export const bonusPayTableProblem = (input: unknown): string | null =>
  bonusPayTableIssue(input)?.message ?? null;
