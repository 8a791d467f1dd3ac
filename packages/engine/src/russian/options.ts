/** Table options (set by the admin per table), validated once when a round starts. */
import { isAmount, MAX_AMOUNT, MAX_ANTE } from "./amounts";
import type { BonusPayTable, PayTable } from "./combinations";
import { type Failure, failure } from "./errors";
import {
  bonusPayTableProblem,
  DEFAULT_BONUS_PAY_TABLE,
  DEFAULT_PAY_TABLE,
  payTableProblem,
} from "./pay-tables";

export interface RussianTableOptions {
  /** RP-1: a player may take up to 4 boxes (option 3); the 3rd and 4th are closed. */
  boxesPerPlayer: 3 | 4;
  /** RP-2: the bonus may be at most the ANTE, or (option) at most half of it. */
  bonusLimit: "ante" | "half-ante";
  /** RP-4 Decision: improve once (exchange or sixth card), or (option) exchange then sixth card. */
  improve: "once" | "exchange-then-sixth";
  /** Caribbean-stud rule: a box that beats a qualifying dealer is also paid its ANTE 1:1. */
  antePaidOnWin: boolean;
  /** RP-11: the most one box can be paid on ANTE, BET and insurance together; null = no limit. */
  maxPayout: number | null;
  minAnte: number;
  maxAnte: number;
  payTable: PayTable;
  bonusPayTable: BonusPayTable;
}

export const DEFAULT_OPTIONS: Readonly<RussianTableOptions> = Object.freeze({
  boxesPerPlayer: 4,
  bonusLimit: "ante",
  improve: "once",
  antePaidOnWin: false,
  maxPayout: null,
  minAnte: 1,
  maxAnte: 1000,
  payTable: DEFAULT_PAY_TABLE,
  bonusPayTable: DEFAULT_BONUS_PAY_TABLE,
});

const OPTION_KEYS = Object.keys(DEFAULT_OPTIONS);

/** Defaults filled in, every field checked; the result is a fresh plain object. */
export function resolveOptions(
  input: unknown = {},
): { ok: true; options: RussianTableOptions } | Failure {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return failure("invalid_options", "table options must be an object");
  }
  const given = input as Record<string, unknown>;
  const unknownKey = Object.keys(given).find((key) => !OPTION_KEYS.includes(key));
  if (unknownKey !== undefined) return failure("unknown_option", `unknown option "${unknownKey}"`);
  const merged = { ...DEFAULT_OPTIONS, ...given } as Record<keyof RussianTableOptions, unknown>;

  if (merged.boxesPerPlayer !== 3 && merged.boxesPerPlayer !== 4) {
    return failure("invalid_boxes_per_player", "boxesPerPlayer must be 3 or 4");
  }
  if (merged.bonusLimit !== "ante" && merged.bonusLimit !== "half-ante") {
    return failure("invalid_bonus_limit", 'bonusLimit must be "ante" or "half-ante"');
  }
  if (merged.improve !== "once" && merged.improve !== "exchange-then-sixth") {
    return failure("invalid_improve_rule", 'improve must be "once" or "exchange-then-sixth"');
  }
  if (typeof merged.antePaidOnWin !== "boolean") {
    return failure("invalid_ante_paid_on_win", "antePaidOnWin must be true or false");
  }
  if (merged.maxPayout !== null && !(isAmount(merged.maxPayout) && merged.maxPayout > 0)) {
    return failure(
      "invalid_max_payout",
      `maxPayout must be null or a whole number of chips from 1 to ${MAX_AMOUNT}`,
    );
  }
  const { minAnte, maxAnte } = merged;
  if (
    !isAmount(minAnte, MAX_ANTE) ||
    !isAmount(maxAnte, MAX_ANTE) ||
    minAnte < 1 ||
    minAnte > maxAnte
  ) {
    return failure(
      "invalid_ante_limits",
      `minAnte and maxAnte must be whole numbers with 1 ≤ minAnte ≤ maxAnte ≤ ${MAX_ANTE}`,
    );
  }
  const payProblem = payTableProblem(merged.payTable);
  if (payProblem !== null) return failure("invalid_pay_table", `payTable: ${payProblem}`);
  const bonusProblem = bonusPayTableProblem(merged.bonusPayTable);
  if (bonusProblem !== null)
    return failure("invalid_bonus_pay_table", `bonusPayTable: ${bonusProblem}`);

  return {
    ok: true,
    options: {
      boxesPerPlayer: merged.boxesPerPlayer,
      bonusLimit: merged.bonusLimit,
      improve: merged.improve,
      antePaidOnWin: merged.antePaidOnWin,
      maxPayout: merged.maxPayout as number | null,
      minAnte,
      maxAnte,
      payTable: { ...(merged.payTable as PayTable) },
      bonusPayTable: { ...(merged.bonusPayTable as BonusPayTable) },
    },
  };
}

/** RP-2: the largest bonus allowed with this ANTE (half-ante rounds down: chips are integers). */
export const maxBonusFor = (options: RussianTableOptions, ante: number): number =>
  options.bonusLimit === "ante" ? ante : Math.floor(ante / 2);
