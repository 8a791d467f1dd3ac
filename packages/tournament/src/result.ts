/**
 * Errors are values with stable codes (docs/architecture.md#conventions): bad
 * input, a command at the wrong moment or an option the tournament does not
 * offer comes back as `{ ok: false, error }`, never as a throw. A throw means
 * this package broke one of its own invariants.
 */

export type ErrorCode =
  // shape of the input
  | "invalid_command"
  | "invalid_config"
  | "invalid_structure"
  | "invalid_payout_table"
  | "invalid_player_id"
  | "invalid_time"
  | "bad_randomness"
  // registration (MT-1)
  | "registration_closed"
  | "already_registered"
  | "not_registered"
  | "tournament_full"
  | "re_entry_not_offered"
  | "re_entry_limit"
  | "already_started"
  | "not_started"
  | "tournament_finished"
  | "tournament_cancelled"
  | "cannot_cancel"
  | "not_enough_entrants"
  // rebuys and add-ons (MT-1, MT-2)
  | "not_playing"
  | "rebuy_not_offered"
  | "rebuy_closed"
  | "rebuy_limit"
  | "stack_too_large"
  | "no_rebuy_pending"
  | "add_on_not_offered"
  | "add_on_closed"
  | "add_on_taken"
  // hands at tables
  | "unknown_table"
  | "hand_in_progress"
  | "no_hand_in_progress"
  | "on_break"
  | "paused"
  | "not_paused"
  | "waiting_for_hand_for_hand"
  | "hand_for_hand_round"
  | "rebuy_pending"
  | "not_enough_players"
  | "stacks_mismatch"
  | "chips_not_conserved"
  // payouts (MT-2)
  | "no_payout_bracket"
  // a deal at the final table
  | "invalid_chop"
  | "deal_not_allowed"
  | "deal_pending"
  | "no_deal"
  | "not_in_deal"
  | "already_accepted"
  // the director's tools
  | "invalid_adjustment"
  | "invalid_move"
  | "not_final_table";

export interface TournamentError {
  code: ErrorCode;
  message: string;
}

export type Failure = { ok: false; error: TournamentError };

/** A value or the reason there is none. */
export type Outcome<T> = ({ ok: true } & T) | Failure;

export const failure = (code: ErrorCode, message: string): Failure => ({
  ok: false,
  error: { code, message },
});

/** Integer chips and money only: no NaN, no Infinity, no fractions, nothing beyond 2^53. */
export const isAmount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

export const isPositiveInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** Thrown only when this package itself is wrong (a player lost or seated twice), never for bad input. */
export class BrokenInvariant extends Error {
  override name = "BrokenInvariant";
}
