/**
 * The table layer: seats, stacks and the button between hands, around the
 * hand state machine. Pure like the rest of the engine: the Durable Object
 * feeds it commands (a shuffled deck, a timeout, a buy-in already paid through
 * the ledger) and stores the plain JSON state it returns.
 */
import type { HandConfig, HandEvent, HandState, HandView } from "../hand";

export interface RakeRule {
  /** Rake in basis points of the pot (500 = 5 %). */
  readonly basisPoints: number;
  /** The most raked from one hand, in chips. */
  readonly cap: number;
  /** No flop, no drop (T-10): no rake when the hand ends before the flop. */
  readonly noFlopNoDrop: boolean;
}

export interface TableConfig {
  /** The hand rules every hand at this table is dealt with. */
  readonly hand: HandConfig;
  /** Seats numbered 1…seatCount clockwise (2–10). */
  readonly seatCount: number;
  /** Buy-in limits in chips (T-4). */
  readonly minBuyIn: number;
  readonly maxBuyIn: number;
  readonly rake: RakeRule | null;
  /** Consecutive timeouts after which a player is sat out. */
  readonly timeoutsBeforeSitOut: number;
}

export type SeatStatus = "active" | "sittingOut";

export interface Occupant {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  /** Chips on the table that play in the next hand (T-5); during a hand, the stack it started with. */
  readonly stack: number;
  /** Chips added during a hand: they play from the next hand (T-5). */
  readonly pendingChips: number;
  readonly status: SeatStatus;
  /** Leaves (and cashes out) when the current hand ends. */
  readonly leaving: boolean;
  readonly consecutiveTimeouts: number;
}

export interface TableState {
  /** Goes up by one with every accepted command, hand actions included. */
  readonly version: number;
  readonly config: TableConfig;
  /** Indexed by seat number − 1; null = empty. */
  readonly seats: readonly (Occupant | null)[];
  /** The button's seat, or null before the first hand. */
  readonly button: number | null;
  readonly handNumber: number;
  /** The hand in progress, or the last one (phase `complete`) until the next starts. */
  readonly hand: HandState | null;
  /** Chips raked so far from hands at this table (they leave the table for the house). */
  readonly rakeTaken: number;
}

export type TableCommand =
  /** `buyIn` has already been moved from the wallet to this table's escrow by the caller. */
  | { type: "sit"; seat: number; playerId: string; name: string; buyIn: number }
  /** Also already paid into escrow; plays now between hands, else from the next hand (T-5). */
  | { type: "addChips"; playerId: string; amount: number }
  | { type: "sitOut"; playerId: string }
  | { type: "sitIn"; playerId: string }
  /** Cash out now between hands; during a hand the player's cards are folded and he leaves at its end. */
  | { type: "leave"; playerId: string }
  | { type: "startHand"; deck: number[] }
  | { type: "act"; playerId: string; action: PlayerAction }
  /** The action clock ran out for whoever is to act. */
  | { type: "timeout" };

export type PlayerAction =
  | { type: "fold" }
  | { type: "check" }
  | { type: "call" }
  | { type: "betOrRaiseTo"; amount: number }
  | { type: "show" }
  | { type: "muck" };

export type TableErrorCode =
  | "invalid_command"
  | "invalid_seat"
  | "seat_taken"
  | "already_seated"
  | "not_seated"
  | "invalid_name"
  | "invalid_amount"
  | "buy_in_too_small"
  | "buy_in_too_large"
  | "hand_in_progress"
  | "no_hand_in_progress"
  | "not_enough_players"
  | "not_in_hand"
  | "already_sitting_out"
  | "not_sitting_out"
  | "no_chips"
  // errors of the hand state machine pass through with their own codes
  | string;

export interface TableError {
  code: TableErrorCode;
  message: string;
}

export type TableEvent =
  | { type: "playerSat"; seat: number; playerId: string; name: string; buyIn: number }
  | { type: "chipsAdded"; seat: number; amount: number; effective: "now" | "nextHand" }
  | { type: "playerSatOut"; seat: number; reason: "requested" | "timeouts" | "busted" }
  | { type: "playerSatIn"; seat: number }
  | { type: "leaveRequested"; seat: number }
  /** `cashOut` chips go back from the table's escrow to the player's wallet. */
  | { type: "playerLeft"; seat: number; playerId: string; cashOut: number }
  | { type: "handEvent"; handNumber: number; event: HandEvent }
  /** The hand is over: `rake` chips go to the house; `stacks` are the seats' stacks now. */
  | {
      type: "handSettled";
      handNumber: number;
      rake: number;
      stacks: { seat: number; stack: number }[];
    };

export type TableResult =
  | { ok: true; state: TableState; events: TableEvent[] }
  | { ok: false; error: TableError };

export interface SeatView {
  seat: number;
  playerId: string;
  name: string;
  /** Chips in front of the player right now (during a hand: behind, not yet bet). */
  stack: number;
  pendingChips: number;
  status: SeatStatus;
  leaving: boolean;
  inHand: boolean;
}

export interface TableView {
  version: number;
  handNumber: number;
  seatCount: number;
  minBuyIn: number;
  maxBuyIn: number;
  button: number | null;
  seats: (SeatView | null)[];
  /** The viewer's seat, or null for a spectator. */
  mySeat: number | null;
  /** The current or last hand as the viewer may see it. */
  hand: HandView | null;
}
