/** Stable snake_case codes: clients and tests match on these, never on messages. */
export type RussianErrorCode =
  | "invalid_command"
  | "unknown_command"
  | "stale_version"
  | "wrong_phase"
  | "unknown_player"
  | "invalid_players"
  | "invalid_deck"
  | "invalid_box"
  | "box_taken"
  | "not_your_box"
  | "too_many_boxes"
  | "invalid_amount"
  | "ante_out_of_range"
  | "ante_mismatch"
  | "bonus_too_large"
  | "insufficient_chips"
  | "no_bets"
  | "closed_box"
  | "not_awaiting_decision"
  | "already_improved"
  | "invalid_exchange"
  | "insurance_not_allowed"
  | "insurance_out_of_range"
  | "buy_game_not_allowed"
  | "invalid_reshuffle"
  | TableErrorCode
  | OptionErrorCode;

/** Seating at a Russian poker table (`table.ts`). */
export type TableErrorCode = "already_seated" | "table_full" | "below_min" | "above_max";

export type OptionErrorCode =
  | "invalid_options"
  | "unknown_option"
  | "invalid_boxes_per_player"
  | "invalid_bonus_limit"
  | "invalid_improve_rule"
  | "invalid_ante_paid_on_win"
  | "invalid_max_payout"
  | "invalid_ante_limits"
  | "invalid_pay_table"
  | "invalid_bonus_pay_table";

export interface RussianError {
  code: RussianErrorCode;
  message: string;
}

export type Failure = { ok: false; error: RussianError };

export const failure = (code: RussianErrorCode, message: string): Failure => ({
  ok: false,
  error: { code, message },
});

export const error = (code: RussianErrorCode, message: string): RussianError => ({ code, message });
