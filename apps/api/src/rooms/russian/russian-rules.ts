/**
 * What a Russian poker stake sets beyond its limits: the options of RP-1 … RP-11 and the pay
 * and bonus tables (RP-2, RP-5), stored on the stake as one JSON column. The ANTE limits are
 * the stake's blinds and are not repeated here.
 */
import { russian } from "@felt/engine";

export type RussianStakeRules = Pick<
  russian.RussianTableOptions,
  | "boxesPerPlayer"
  | "bonusLimit"
  | "improve"
  | "antePaidOnWin"
  | "maxPayout"
  | "payTable"
  | "bonusPayTable"
>;

/** The engine's defaults: what a stake stored before these settings existed plays. */
export const DEFAULT_RUSSIAN_RULES: RussianStakeRules = {
  boxesPerPlayer: russian.DEFAULT_OPTIONS.boxesPerPlayer,
  bonusLimit: russian.DEFAULT_OPTIONS.bonusLimit,
  improve: russian.DEFAULT_OPTIONS.improve,
  antePaidOnWin: russian.DEFAULT_OPTIONS.antePaidOnWin,
  maxPayout: russian.DEFAULT_OPTIONS.maxPayout,
  payTable: { ...russian.DEFAULT_PAY_TABLE },
  bonusPayTable: { ...russian.DEFAULT_BONUS_PAY_TABLE },
};
