/**
 * The table layer: seats, stacks and the button between hands, around the
 * hand state machine. Pure like the rest of the engine: the Durable Object
 * feeds it commands (a shuffled deck, a timeout, a buy-in already paid through
 * the ledger) and stores the plain JSON state it returns.
 */
import type { AnteKind, HandConfig, HandEvent, HandState, HandView } from "../hand";
import type { RakeRule } from "../pots";
import type { TableStakes } from "./table";

export type { RakeRule } from "../pots";

/** One game of a dealer's-choice table: a name for the players and the rules it is dealt with. */
export interface TableGame {
  readonly name: string;
  readonly hand: HandConfig;
}

export interface TableConfig {
  /** The hand rules every hand at this table is dealt with (dealer's choice: the first game's). */
  readonly hand: HandConfig;
  /** Dealer's choice (§4): the games the button picks from for each orbit; null = always `hand`. */
  readonly games: readonly TableGame[] | null;
  /** Seats numbered 1…seatCount clockwise (2–10). */
  readonly seatCount: number;
  /** Buy-in limits in chips (T-4). */
  readonly minBuyIn: number;
  readonly maxBuyIn: number;
  readonly rake: RakeRule | null;
  /** Consecutive timeouts after which a player is sat out. */
  readonly timeoutsBeforeSitOut: number;
  /** Home-game options (H-3 … H-5, home-game.ts); absent or null: none. */
  readonly home?: HomeGameOptions | null;
}

/** A home game's table options (docs/rules.md#home-games), every default filled in. */
export interface HomeGameOptions {
  /** H-3: when the game ends, in ms since the epoch (the clock of `startHand`'s `now`); null = no end. */
  readonly endsAt: number | null;
  /** H-4 poverty poker: free sets each player may get per game, and a set's chips; null = off. */
  readonly poverty: { readonly freeSets: number; readonly setChips: number } | null;
  /** H-5: an orbit at double stakes after a showdown won with a full house or better (fixed limit). */
  readonly specialRound: boolean;
}

/** What a home game keeps between hands (present when the table has `config.home`). */
export interface HomeGameState {
  /** H-3: the end time came and the table closed: no hand is dealt, nobody sits down. */
  readonly closed: boolean;
  /** H-4: free sets each player has had at this table, by player id (leaving does not reset it). */
  readonly freeSets: Readonly<Record<string, number>>;
  /** H-5: the special round due or being played; null = normal limits. */
  readonly specialRound: SpecialRoundState | null;
}

/**
 * H-5: `due` after a showdown won with a full house or better at normal
 * limits; `playing` from the next deal: `hands` (its orbit: the players dealt
 * into its first hand) hands at double stakes, `dealt` of them dealt so far.
 */
export type SpecialRoundState =
  | { readonly status: "due" }
  | { readonly status: "playing"; readonly hands: number; readonly dealt: number };

export type SeatStatus = "active" | "sittingOut";

/**
 * What a player must post to be dealt in before the big blind reaches him
 * (he may always wait for the big blind instead, and then owes nothing more).
 */
export type BlindDebt =
  /** T-7 a new player at a running table: a live big blind. */
  | "newPlayer"
  /** T-8 mark MS, missed the small blind: a dead small blind, once the button has passed him. */
  | "missedSmall"
  /** T-8 mark MB, missed the big blind: a live big blind and a dead small blind. */
  | "missedBig";

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
  /** T-7/T-8: what he owes to be dealt in out of turn; null = he is in the game. */
  readonly owes: BlindDebt | null;
  /** T-7: wait for the big blind (the default) rather than post what he owes to play at once. */
  readonly waitForBigBlind: boolean;
  /** T-6: top the stack up to this many chips before each hand; null = off. */
  readonly autoRebuy: number | null;
  /** S-2 "show my hand": his hand is shown at the showdown even when beaten; absent = off. */
  readonly showMyHand?: boolean;
}

/** Where the blinds and the button were in a hand (T-9): the next hand's positions follow from them. */
export interface TablePositions {
  /** The button's seat; may be empty or a player not dealt in (a dead button). */
  readonly button: number;
  /** The small blind's seat even when nobody posted it (dead): the next button goes there. Heads-up: the button. */
  readonly smallBlind: number;
  readonly smallBlindDead: boolean;
  readonly bigBlind: number;
  /** The game (re)started with this hand: everyone sitting in was dealt in and owed nothing. */
  readonly newGame: boolean;
}

export interface DealtPlayer {
  readonly seat: number;
  readonly playerId: string;
}

/** Dealer's choice (§4): the orbit being played and the choice for the next one. */
export interface DealersChoiceState {
  /** Index in `config.games` of this orbit's game; null before the first orbit. */
  readonly game: number | null;
  /** The button's seat at the orbit's first hand (its chooser's); null before the first orbit. */
  readonly orbitButton: number | null;
  /** Seats the button has moved clockwise since the orbit's first hand. */
  readonly moved: number;
  /** The game picked for the coming orbit, by (or for) the player who has the button at its first hand. */
  readonly chosen: GameChoice | null;
}

export interface GameChoice {
  readonly seat: number;
  readonly playerId: string;
  readonly game: number;
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
  /**
   * Who was dealt into `hand`, by seat: a view picks hole cards by player, so
   * whoever sits in a seat after its player left never sees his cards.
   * Absent in tables stored before it was kept.
   */
  readonly dealtIn?: readonly DealtPlayer[];
  /** Chips raked so far from hands at this table (they leave the table for the house). */
  readonly rakeTaken: number;
  /** Blinds and button of the last hand dealt (T-9); null before the first. */
  readonly positions: TablePositions | null;
  /** Dealer's-choice tables only, else null. */
  readonly dealersChoice: DealersChoiceState | null;
  /** Home games only (`config.home`); absent otherwise. */
  readonly homeGame?: HomeGameState;
}

export type TableCommand =
  /**
   * `buyIn` has already been moved from the wallet to this table's escrow by the caller.
   * At a running table the newcomer waits for the big blind unless `waitForBigBlind` is false (T-7).
   */
  | {
      type: "sit";
      seat: number;
      playerId: string;
      name: string;
      buyIn: number;
      waitForBigBlind?: boolean;
    }
  /** Also already paid into escrow; plays now between hands, else from the next hand (T-5). */
  | { type: "addChips"; playerId: string; amount: number }
  | { type: "sitOut"; playerId: string }
  /** `waitForBigBlind`, when given, sets the T-7/T-8 choice as he comes back. */
  | { type: "sitIn"; playerId: string; waitForBigBlind?: boolean }
  /** T-7/T-8: wait for the big blind (true) or post what is owed to play from the next hand (false). */
  | { type: "waitForBigBlind"; playerId: string; wait: boolean }
  /** Dealer's choice: the player due to choose picks `game` (an index in `config.games`) for the coming orbit. */
  | { type: "chooseGame"; playerId: string; game: number }
  /** Cash out now between hands; during a hand the player's cards are folded and he leaves at its end. */
  | { type: "leave"; playerId: string }
  /**
   * `now` (ms since the epoch, from the room's clock) is required at a table with
   * an end time (H-3): from then on, once the hand or dealer's-choice orbit in play
   * is over, this closes the table instead of dealing (`tableClosed`).
   */
  | { type: "startHand"; deck: number[]; now?: number }
  | { type: "act"; playerId: string; action: PlayerAction }
  /**
   * Draw games: the stub ran short (`hand.needsReshuffle`); the room supplies
   * the dealer's shuffle of the muck, a permutation of `needsReshuffle.cards`.
   */
  | { type: "reshuffle"; order: number[] }
  /**
   * The clock ran out for whoever is to act; between hands at a dealer's-choice
   * table, for the player due to choose (the next game in the list is played).
   */
  | { type: "timeout" }
  /**
   * Tournaments (MT-6, MT-7): between hands, the whole seating as the tournament
   * decides it (players moved in and out, stacks as it counts them); seats not
   * listed are emptied. No buy-in limits: tournament chips are not money.
   */
  | { type: "seatPlayers"; players: SeatAssignment[] }
  /** Tournaments: deals a hand whose players, button and blinds the tournament chose (T-9 dead button, MT-6). */
  | { type: "startPlannedHand"; deck: number[]; plan: PlannedHand }
  /** T-6: top up to `upTo` chips before each hand (the room funds it); null turns it off. */
  | { type: "setAutoRebuy"; playerId: string; upTo: number | null }
  /**
   * S-2, after the hand and until the next is dealt: show a hand that was
   * mucked at the showdown or won uncalled (everyone else folded).
   */
  | { type: "show"; playerId: string }
  /** S-2 "show my hand" at the showdown even when beaten (before or during a hand; it stays set). */
  | { type: "showMyHand"; playerId: string; show: boolean }
  /** The admin edited the stake (T-4, T-10): its new rules, between hands; the seats stay as they are. */
  | { type: "changeStakes"; stakes: TableStakes };

/** One seat of a tournament table (`seatPlayers`); `stack` ≥ 1: a busted player is simply not listed. */
export interface SeatAssignment {
  seat: number;
  playerId: string;
  name: string;
  stack: number;
}

/** A hand as the tournament plans it (`startPlannedHand`); the table checks it but applies no seat rule of its own. */
export interface PlannedHand {
  /** Seats dealt in; each occupied with chips. Sitting-out players are dealt in too (MT-6: absent players are blinded off). */
  seats: number[];
  /** May be an empty seat or a seat not dealt in (a dead button, T-9). */
  button: number;
  /** null = dead small blind (nobody posts it). */
  smallBlind: number | null;
  bigBlind: number;
  /** The level in force (MT-3); kept in `config.hand` as the table's blinds from now on. */
  blinds: { smallBlind: number; bigBlind: number; ante: number; anteKind: AnteKind };
}

export type PlayerAction =
  | { type: "fold" }
  | { type: "check" }
  | { type: "call" }
  | { type: "betOrRaiseTo"; amount: number }
  /** Draw games, in phase `draw`: discard 0–5 of his cards (`[]` stands pat) and be dealt as many. */
  | { type: "draw"; discard: number[] };

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
  | "game_not_chosen"
  | "no_choice_due"
  | "not_your_choice"
  | "invalid_game"
  /** A timeout while the hand waits for the room's reshuffle: nobody is on the clock. */
  | "reshuffle_pending"
  /** H-3: the table closed for time; only leaving (and showing the last hand) is left. */
  | "table_closed"
  /** H-3: `startHand` at a table with an end time must say what time it is. */
  | "now_required"
  /** Home-game options out of bounds (createTable): H-3, H-4, H-5 in turn. */
  | "invalid_end_time"
  | "invalid_free_sets"
  | "invalid_set_chips"
  | "special_round_fixed_limit"
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
  /**
   * T-7/T-8: what a seat owes changed: `newPlayer` when seated at a running table,
   * `missedSmall`/`missedBig` (the MS/MB marks) as a blind passes him while he sits out,
   * null when he is back in the game (he posted, or the big blind reached him).
   */
  | { type: "blindsOwed"; seat: number; owes: BlindDebt | null }
  /** T-7/T-8: the seat's choice to wait for the big blind or post to play at once. */
  | { type: "waitForBigBlindSet"; seat: number; wait: boolean }
  /** Dealer's choice: the game of the coming orbit; `seat` null when the button is dead. */
  | {
      type: "gameChosen";
      seat: number | null;
      game: number;
      name: string;
      by: "player" | "timeout" | "deadButton";
    }
  /** The table plays new stakes from the next hand (the rest of its rules are in the lobby's stake). */
  | {
      type: "stakesChanged";
      smallBlind: number;
      bigBlind: number;
      minBuyIn: number;
      maxBuyIn: number;
    }
  /** H-3: the end time came with no hand or orbit left to finish; the room cashes everyone out. */
  | { type: "tableClosed"; reason: "endTime" }
  /**
   * H-4: a player who lost his chips got a free set, his `index`-th (1…freeSets):
   * `chips` enter the table from the house (the ledger records a grant to him).
   */
  | { type: "freeSetGranted"; seat: number; playerId: string; chips: number; index: number }
  /** H-5: a showdown was won with a full house or better: the next orbit is at double stakes. */
  | { type: "specialRoundDue" }
  /** H-5: the special round's first hand is dealt; it lasts `hands` hands. */
  | { type: "specialRoundStarted"; hands: number }
  /** H-5: the special round's last hand is over: normal limits from the next hand. */
  | { type: "specialRoundEnded" }
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
  /** T-7/T-8: what he owes to play before the big blind reaches him (the MS/MB marks), or null. */
  owes: BlindDebt | null;
  waitForBigBlind: boolean;
}

export interface DealersChoiceView {
  games: string[];
  /** Index of the game being played this orbit, null before the first. */
  playing: number | null;
  /** The seat that must pick the next orbit's game now (before the next hand), or null. */
  chooser: number | null;
  /** The game already picked for the coming orbit, or null. */
  chosen: number | null;
  /** The last hand dealt as the orbit's `hand`-th of about `hands`; null before the first. */
  orbit: { hand: number; hands: number } | null;
}

/** Home games (H-3 … H-5): the options and where the game stands; the same for every viewer. */
export interface HomeGameView {
  /** H-3: the end time, ms since the epoch, or null. */
  endsAt: number | null;
  /** H-3: the table closed for time. */
  closed: boolean;
  /** H-4 poverty poker, null when off: free sets per player, a set's chips, each seated player's sets so far. */
  freeSets: { perPlayer: number; setChips: number; used: { seat: number; used: number }[] } | null;
  /** H-5, null at normal limits (or with the option off). */
  specialRound: SpecialRoundView | null;
}

export interface SpecialRoundView {
  /** `due`: it starts with the next hand; `playing`: this hand or the next is at double stakes. */
  status: "due" | "playing";
  /** Hands in the round (its orbit); null while due: counted when its first hand is dealt. */
  hands: number | null;
  /** Hands still to play at double stakes, the one in progress included; null while due. */
  handsLeft: number | null;
}

export interface TableView {
  version: number;
  handNumber: number;
  seatCount: number;
  minBuyIn: number;
  maxBuyIn: number;
  button: number | null;
  /** The last hand's blinds and button (the small blind may be dead, the button on an empty seat). */
  positions: TablePositions | null;
  seats: (SeatView | null)[];
  /** The viewer's seat, or null for a spectator. */
  mySeat: number | null;
  /** T-6: the viewer's auto-rebuy amount, null when off (or not seated); nobody else's is shown. */
  myAutoRebuy: number | null;
  /** S-2: the viewer's "show my hand" choice (false when not seated); nobody else's is shown. */
  myShowMyHand: boolean;
  /** The current or last hand as the viewer may see it. */
  hand: HandView | null;
  /** Chips raked at this table so far (T-10). */
  rakeTaken: number;
  /** Dealer's-choice tables: which game is played and who chooses; null for a fixed game. */
  dealersChoice: DealersChoiceView | null;
  /** Home-game options and state (H-3 … H-5); null at a table without them. */
  homeGame: HomeGameView | null;
}
