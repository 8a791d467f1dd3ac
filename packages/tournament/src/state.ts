/**
 * The tournament state machine's public types. Every state, command and
 * event is a plain JSON-serialisable object (no classes, no Maps), so the
 * TournamentRoom stores states as they are and replays commands. States are
 * never mutated: `apply` returns a new one sharing unchanged parts.
 */
import type { Move } from "./balance";
import type { ChopMethod, ChopShare, SplitMethod } from "./chop";
import type { TournamentRules } from "./config";
import type { AnteKind } from "./levels";
import type { Bust, EliminationGroup, PlaceSpan, Standing } from "./places";
import type { PlayerRecord } from "./players";
import type { TournamentError } from "./result";
import type { Table } from "./table";

export type Phase = "registering" | "running" | "finished" | "cancelled";

/**
 * Why a tournament was cancelled, as a stable code a client words itself:
 * too few entrants at the start (MT-1), or the director's decision.
 */
export type CancelReason = "min_field" | "director";

export interface Cancellation {
  reason: CancelReason;
  /** How the rest of the pool was shared; null when cancelled before the start (everyone refunded). */
  split: SplitMethod | null;
}

/** Money a cancellation gives back to a player: his buy-ins, prize parts and fees. */
export interface Refund {
  playerId: string;
  amount: number;
}

/** A bust that may still be undone by a rebuy; `declined` once the player said no. */
export interface PendingRebuy extends Bust {
  hand: number;
  declined: boolean;
  /** When the offer was made: undecided after `rules.rebuyDecisionMs`, a `tick` declines it. */
  offeredAt: number;
}

/** A deal proposed by the director, waiting for every player still in (deals.ts). */
export interface PendingDeal {
  method: ChopMethod;
  /** Each player's chips and what the deal pays him, in seat order by table. */
  shares: ChopShare[];
  /** Player ids, in the order they accepted. */
  accepted: string[];
  proposedAt: number;
}

/** MT-5: tables wait for each other between hands; busts of one round count as simultaneous. */
export interface HandForHand {
  /** Tables that have dealt their hand of this round. */
  playedInRound: number[];
  /** Busts reported during this round, placed together when it ends. */
  busts: Bust[];
}

export interface TournamentState {
  /** Goes up by one with every accepted command. */
  readonly version: number;
  readonly rules: TournamentRules;
  readonly phase: Phase;
  /** The `now` of the start command: the level clock counts from here. */
  readonly startedAt: number | null;
  /** The latest `now` seen; time never goes back. */
  readonly clock: number;
  /**
   * MT-3: the level clock stands still while the tournament is paused. `pausedMs`
   * is the paused time already over; `pausedAt` when the current pause began.
   * Absent in states made before pauses existed (read as 0 and null).
   */
  readonly pausedMs?: number;
  readonly pausedAt?: number | null;
  /** Everyone who registered, sorted by id (see players.ts). */
  readonly players: readonly PlayerRecord[];
  /** Tables in play, by number. */
  readonly tables: readonly Table[];
  /** Entries not yet placed: seated (a pending rebuy included), or busted in the hand-for-hand round under way. */
  readonly alive: number;
  readonly totals: { entries: number; rebuys: number; addOns: number };
  /** In the order they happened. */
  readonly eliminations: readonly EliminationGroup[];
  readonly pendingRebuys: readonly PendingRebuy[];
  readonly handForHand: HandForHand | null;
  /** Hands started so far, every table together. */
  readonly hands: number;
  readonly winner: { playerId: string; entry: number } | null;
  /** Set when the tournament ends. */
  readonly standings: readonly Standing[] | null;
  /** A deal waiting for the players' answers; no hand starts meanwhile. Absent in older states. */
  readonly deal?: PendingDeal | null;
  /**
   * Time the director added to (negative: took from) levels and breaks, by
   * their index in the structure's entries; the level clock counts it.
   */
  readonly levelAdjustments?: Readonly<Record<string, number>>;
  /** Chips of disqualified players, taken out of play (director.ts). */
  readonly removedChips?: number;
  /** Set when the phase is "cancelled"; absent in older states. */
  readonly cancellation?: Cancellation | null;
}

interface Timed {
  /** Milliseconds since the epoch (the room's clock); never earlier than the last command's. */
  now: number;
}

export type Command =
  | ({ type: "register"; playerId: string } & Timed)
  | ({ type: "unregister"; playerId: string } & Timed)
  /**
   * The seat draw: `randomInts` as `drawBounds(entrants)` asks, entrants sorted by id.
   * Below `rules.minEntrants` it cancels instead, everyone refunded (MT-1).
   */
  | ({ type: "start"; randomInts: number[] } & Timed)
  | ({ type: "startHand"; table: number } & Timed)
  /** Every seat dealt in, with its stack after the hand. */
  | ({ type: "endHand"; table: number; stacks: { seat: number; stack: number }[] } & Timed)
  | ({ type: "rebuy"; playerId: string } & Timed)
  | ({ type: "declineRebuy"; playerId: string } & Timed)
  | ({ type: "addOn"; playerId: string } & Timed)
  /** The tournament director stops the clock: no new hand starts until `resume` (hands under way finish). */
  | ({ type: "pause" } & Timed)
  | ({ type: "resume" } & Timed)
  /** The director proposes a deal to the players still in (deals.ts). */
  | ({ type: "proposeDeal"; method: ChopMethod } & Timed)
  | ({ type: "acceptDeal"; playerId: string } & Timed)
  /** A player turns the deal down (`playerId`), or the director withdraws it (null). */
  | ({ type: "rejectDeal"; playerId: string | null } & Timed)
  /** The director lengthens (positive) or shortens the level in play (director.ts). */
  | ({ type: "adjustLevel"; deltaMs: number } & Timed)
  | ({ type: "movePlayer"; playerId: string; table: number } & Timed)
  | ({ type: "disqualify"; playerId: string } & Timed)
  /**
   * The director cancels (cancel.ts). Before the start everyone is refunded
   * and `split` is not needed; after it, the unpaid pool goes to the players
   * still in, by chips or equally, and `split` says which.
   */
  | ({ type: "cancel"; split?: SplitMethod | null } & Timed)
  /** Time passing: rebuy offers undecided for `rules.rebuyDecisionMs` are declined. */
  | ({ type: "tick" } & Timed)
  /** The final table's seats drawn again: `randomInts` as `redrawBounds(seatsPerTable)` asks. */
  | ({ type: "redrawFinalTable"; randomInts: number[] } & Timed);

export type CommandType = Command["type"];

export interface DealtPlayer {
  seat: number;
  playerId: string;
  stack: number;
}

export type TournamentEvent =
  | {
      type: "playerRegistered";
      playerId: string;
      entry: number;
      prize: number;
      fee: number;
      late: boolean;
    }
  | { type: "registrationCancelled"; playerId: string; refundPrize: number; refundFee: number }
  | { type: "tournamentStarted"; entrants: number; tables: number }
  | { type: "playerSeated"; playerId: string; table: number; seat: number; stack: number }
  | {
      type: "handStarted";
      table: number;
      hand: number;
      levelNumber: number;
      smallBlind: number;
      bigBlind: number;
      ante: number;
      anteKind: AnteKind;
      /** Seat numbers; the button may be empty (dead button), the small blind dead (null). */
      button: number;
      smallBlindSeat: number | null;
      bigBlindSeat: number;
      /** Clockwise from the first seat after the button. */
      players: DealtPlayer[];
      /** Seated newcomers sitting this hand out until the button passes them. */
      waiting: number[];
      handForHand: boolean;
    }
  | { type: "handEnded"; table: number; hand: number }
  | { type: "rebuyOffered"; playerId: string; table: number; seat: number }
  | {
      type: "rebuyTaken";
      playerId: string;
      chips: number;
      prize: number;
      fee: number;
      /** The player's chips with these: when `nextHand`, his stack before the hand in play plus them. */
      stack: number;
      /** Bought during the player's hand: the chips join his stack when it ends. */
      nextHand: boolean;
    }
  | { type: "rebuyDeclined"; playerId: string }
  /** Chips bought during a hand joined the player's stack as it ended. */
  | { type: "boughtChipsAdded"; playerId: string; table: number; chips: number; stack: number }
  | {
      type: "addOnTaken";
      playerId: string;
      chips: number;
      prize: number;
      fee: number;
      /** The player's chips with these: when `nextHand`, his stack before the hand in play plus them. */
      stack: number;
      /** Bought during the player's hand: the chips join his stack when it ends. */
      nextHand: boolean;
    }
  | {
      type: "playerEliminated";
      playerId: string;
      entry: number;
      place: PlaceSpan;
      /** True during late registration: later entrants will push the place down. */
      provisional: boolean;
      /** Known once the pool is final (no more entries, rebuys or add-ons); otherwise null, see `tournamentFinished`. */
      prize: number | null;
    }
  | ({ type: "playerMoved" } & Move)
  | { type: "tableOpened"; table: number }
  | { type: "tableBroken"; table: number }
  | { type: "paused" }
  | { type: "resumed"; pausedMs: number }
  | { type: "handForHandStarted" }
  | { type: "handForHandEnded" }
  | { type: "finalTableReached"; table: number }
  | { type: "dealProposed"; method: ChopMethod; shares: ChopShare[] }
  | { type: "dealAccepted"; playerId: string }
  /** `by` is the player who turned it down, or null when the director withdrew it. */
  | { type: "dealWithdrawn"; by: string | null }
  /** Everyone accepted; `tournamentFinished` follows with the deal's shares as prizes. */
  | { type: "dealAgreed"; method: ChopMethod }
  /** `remainingMs` is the level's time left after it (null at the last level). */
  | { type: "levelTimeAdjusted"; levelNumber: number; deltaMs: number; remainingMs: number | null }
  | { type: "playerDisqualified"; playerId: string; chipsRemoved: number }
  | { type: "finalTableRedrawn"; table: number; seats: { playerId: string; seat: number }[] }
  | {
      type: "tournamentCancelled";
      reason: CancelReason;
      /** null when cancelled before the start. */
      split: SplitMethod | null;
      /** What is paid out as prizes (0 before the start: nothing is). */
      prizePool: number;
      overlay: number;
      /** Every entry after the start: the players still in by chips with their shares, then the others; empty before it. */
      standings: Standing[];
      /** Before the start: every entrant's buy-in and fee back (MT-1). None after it. */
      refunds: Refund[];
      /** The house keeps the fees of a tournament cancelled after its start (MT-7); 0 before it. */
      fees: number;
    }
  | {
      type: "tournamentFinished";
      winner: string;
      prizePool: number;
      overlay: number;
      /** Every entry, first place first. */
      standings: Standing[];
    };

export type TournamentEventType = TournamentEvent["type"];

export type Result =
  | { ok: true; state: TournamentState; events: TournamentEvent[] }
  | { ok: false; error: TournamentError };
