/**
 * The hand state machine's public types. Every state, command, event and view
 * is a plain JSON-serialisable object (no classes, no Maps): the table's
 * Durable Object stores states as they are and replays hands from commands.
 */
import type { BettingKind } from "../betting";
import type { Card } from "../cards";
import type { Category, DeckType, WildCards } from "../eval";
import type { RakeRule } from "../pots";

export type { RakeRule } from "../pots";

export type GameKind = "holdem" | "omaha" | "five-card-draw" | "stud7" | "stud5";
export type AnteKind = "each" | "big-blind";
/**
 * Hold'em and Omaha: preflop … river; five-card draw: the rounds before and
 * after the draw; stud: named by the cards each player holds (seven-card
 * stud third … seventh street, five-card stud second … fifth).
 */
export type Street =
  | "preflop"
  | "flop"
  | "turn"
  | "river"
  | "predraw"
  | "postdraw"
  | "second"
  | "third"
  | "fourth"
  | "fifth"
  | "sixth"
  | "seventh";
/** SP-2 one odd chip per winner clockwise from the button, pots split separately; or PokerKit's way. */
export type OddChipRule = "one-per-winner" | "pokerkit";
/**
 * `betting` until the last round closes, then `complete`; `draw` while
 * players discard and draw (draw games). The showdown plays itself inside the
 * command that ends the betting (S-2); `showdown` is only found in states
 * stored before it did, which the next `timeout` finishes.
 */
export type Phase = "betting" | "draw" | "showdown" | "complete";

export interface HandConfig {
  game: GameKind;
  betting: BettingKind;
  smallBlind: number;
  bigBlind: number;
  /** Per player (`each`) or posted by the big blind alone (`big-blind`); dead money (SP-3). */
  ante?: number;
  anteKind?: AnteKind;
  /** Fixed-limit units: default bigBlind (pre-flop, flop) and 2 × bigBlind (turn, river). */
  smallBet?: number;
  bigBet?: number;
  /** Fixed-limit: bets per round including the opening bet (pre-flop the big blind); default 4, null = no cap. */
  raiseCap?: number | null;
  /** Fixed-limit: no cap while only two players are in the hand (B-6 option). */
  capLiftedHeadsUp?: boolean;
  /** SP-2 `one-per-winner` (default) or `pokerkit` (merged pots, remainder to the first winner). */
  oddChips?: OddChipRule;
  /** T-10 rake taken from the pots when they are awarded; absent or null: none (tournaments). */
  rake?: RakeRule | null;
  /** C-1 the 52-card deck (default) or the 32-card 7–A deck; draw only. */
  deckType?: DeckType;
  /** W-1 … W-5 wild cards, default none; draw only. Stud: ST-7 `low-hole-card` (seven-card) or `lowest-card` (five-card). */
  wild?: WildCards;
  /** C-6 a flush beats a full house; default true with the 7–A deck, else false; draw only. */
  flushBeatsFullHouse?: boolean;
  /** ST-2 stud: the bring-in, less than the small bet; default the small blind. Stud only. */
  bringIn?: number;
  /** ST-4, ST-5 stud: the open-pair option (either unit once a pair shows); default on. Stud only. */
  openPair?: boolean;
}

/** HandConfig with every default filled in: what a state carries. */
export interface HandRules {
  readonly game: GameKind;
  readonly betting: BettingKind;
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: number;
  readonly anteKind: AnteKind;
  readonly smallBet: number;
  readonly bigBet: number;
  readonly raiseCap: number | null;
  readonly capLiftedHeadsUp: boolean;
  readonly oddChips: OddChipRule;
  readonly rake: RakeRule | null;
  /** 2 for hold'em, 4 for Omaha, 5 for five-card draw; stud: the down cards of a full hand (3 seven-card, 1 five-card). */
  readonly holeCardCount: number;
  /** The hand ranking (eval's HandRanking): "52", "none" and false outside draw. */
  readonly deckType: DeckType;
  readonly wild: WildCards;
  readonly flushBeatsFullHouse: boolean;
  /** ST-2: the stud bring-in; 0 in the other games. */
  readonly bringIn: number;
  /** ST-4, ST-5: the stud open-pair option; false in the other games. */
  readonly openPair: boolean;
}

export interface SeatedPlayer {
  seat: number;
  stack: number;
  name?: string;
  /** S-2: what becomes of his hand at the showdown; absent: `auto`. */
  atShowdown?: ShowdownChoice;
}

/**
 * S-2: `auto` shows a hand that beats or ties those shown before it and
 * mucks the rest; `show` (the "show my hand" choice) shows it even when
 * beaten. `muck` is for replaying a history that mucked the hand (a player's
 * copy, whose unknown cards are fillers, or another site's file where a
 * winner gave the pot up): it is never offered at a table.
 */
export type ShowdownChoice = "auto" | "show" | "muck";

export interface StartHand {
  type: "start";
  config: HandConfig;
  /** Table seat numbers in clockwise order. */
  players: SeatedPlayer[];
  /** A seat number; an empty seat (dead button) works when seat numbers increase clockwise. */
  button: number;
  /** The shuffled deck, dealt from index 0 (see `deckLayout`; draw: every card of the game's deck, see draw.ts). */
  deck: Card[];
  /** Who posts what; absent: T-2 positions from the button. */
  blinds?: BlindPositions;
}

/**
 * Blind posters named by the table layer, which applies the dead-button and
 * missed-blind rules (T-7 … T-9). All are seats of players in the hand.
 */
export interface BlindPositions {
  /** The small blind's seat, or null for a dead small blind (nobody posts it). */
  smallBlind: number | null;
  bigBlind: number;
  /** T-7/T-8: live big blinds posted out of position; each is the poster's bet (the option if nobody raises). */
  extraBigBlinds?: number[];
  /** T-8: dead small blinds owed by returning players: dead money in the main pot, like antes (SP-3). */
  deadSmallBlinds?: number[];
}

export type Command =
  | { type: "fold"; seat: number }
  | { type: "check"; seat: number }
  | { type: "call"; seat: number }
  /** `amount` is the player's total wager this round after acting (PHH `cbr`): blinds count, antes do not. */
  | { type: "betOrRaiseTo"; seat: number; amount: number }
  /**
   * S-2 "show my hand": show it at the showdown even if it is beaten
   * (`show: true`, `atShowdown: "show"`), or not (`auto`, the default). Any
   * time before the hand is over, whoever's turn it is; no event (the choice
   * is his own business).
   */
  | { type: "showMyHand"; seat: number; show: boolean }
  /** The action clock ran out: check if possible, else fold; in the draw stand pat. */
  | { type: "timeout"; seat: number }
  /** The draw: discard these of one's own cards (0–5, none = stand pat) and be dealt as many. */
  | { type: "draw"; seat: number; discard: Card[] }
  /** The dealer's shuffle when the stub runs short: a permutation of `needsReshuffle.cards`. */
  | { type: "reshuffle"; order: Card[] };

export type CommandType = Command["type"];

export type ErrorCode =
  // the command itself
  | "invalid_command"
  | "invalid_amount"
  | "unknown_seat"
  // the moment
  | "hand_over"
  | "not_your_turn"
  | "not_betting"
  // the action
  | "cannot_check"
  | "cannot_fold"
  | "nothing_to_call"
  | "cannot_raise"
  | "below_min_bet"
  | "below_min_raise"
  | "above_max"
  | "complete_or_raise"
  | "raise_not_reopened"
  | "raise_cap_reached"
  // the draw
  | "not_draw"
  | "invalid_discard"
  | "too_many_discards"
  | "reshuffle_pending"
  | "invalid_reshuffle"
  // starting a hand
  | "invalid_config"
  | "invalid_players"
  | "invalid_stack"
  | "invalid_button"
  | "invalid_blinds"
  | "too_many_players"
  | "bad_deck";

export interface HandError {
  code: ErrorCode;
  message: string;
}

export type Result =
  | { ok: true; state: HandState; events: HandEvent[] }
  | { ok: false; error: HandError };

export interface PlayerState {
  readonly seat: number;
  readonly name?: string;
  readonly startingStack: number;
  /** Chips behind (not yet put in). */
  readonly stack: number;
  /** Dead money posted: the ante and any dead small blind (SP-3). */
  readonly ante: number;
  /** Wager in the current betting round, blinds included. */
  readonly bet: number;
  /** Live chips put in over the hand (blinds, bets, calls; not antes), the current bet included. */
  readonly committed: number;
  /** His face-down cards (stud: the down cards only). */
  readonly holeCards: readonly Card[];
  /** Stud: his face-up cards in the order dealt, seen by everyone; absent in the other games. */
  readonly upCards?: readonly Card[];
  readonly folded: boolean;
  readonly allIn: boolean;
  /** Has acted since the last full bet or raise of this round (B-3, B-7); blinds are not actions. */
  readonly acted: boolean;
  readonly shown: boolean;
  readonly mucked: boolean;
  /** S-2: what becomes of his hand at the showdown; absent (`auto`) in states stored before it. */
  readonly atShowdown?: ShowdownChoice;
  /** Draw games: how many cards he exchanged (0 = stood pat; public, S-3); null before he draws. */
  readonly drew: number | null;
}

export interface BettingRoundState {
  /** The amount to match. Pre-flop at least the big blind, even when the big blind was short (all-in). */
  readonly highestBet: number;
  /**
   * The bet the last full bet or raise reached (pre-flop the big blind, 0
   * before a bet); above it stand only short all-ins (B-3, B-6). Absent from
   * hands stored before it existed: read it with `fullBetToOf`.
   */
  readonly fullBetTo: number;
  /** The largest full bet or raise increment so far (the round's opening size until someone bets). */
  readonly fullRaise: number;
  /** Bets and raises counted toward the fixed-limit cap; pre-flop the big blind is the first. */
  readonly betCount: number;
  /** Seat of the last player to bet or raise in this round (S-2), or null. */
  readonly lastAggressor: number | null;
  /**
   * ST-4, ST-5 open pair: `either` unit may be bet or raised this round,
   * until a big-unit bet or raise is made; then raises go by the `big` unit.
   * Absent when the round has one unit (every round outside stud).
   */
  readonly openPair?: "either" | "big";
}

export interface HandState {
  /** Goes up by one with every accepted command. */
  readonly version: number;
  readonly rules: HandRules;
  /** The button seat as given. */
  readonly button: number;
  /** Players in clockwise order as given at the start. */
  readonly players: readonly PlayerState[];
  /** Index in `players` of the player holding the button (for a dead button the nearest one before it). */
  readonly buttonIndex: number;
  /**
   * The deck, shared between states and copied only by a reshuffle; `nextCard` is the next
   * undealt position. Draw games: each reshuffle's stub is appended, so the first cards are
   * always the deck the hand was dealt from (`dealtDeck`).
   */
  readonly deck: readonly Card[];
  readonly nextCard: number;
  readonly board: readonly Card[];
  readonly street: Street;
  readonly phase: Phase;
  /** Seat whose decision it is (a bet or the draw), or null. */
  readonly toAct: number | null;
  readonly round: BettingRoundState;
  /** Total dead money posted (antes, dead small blinds) for the main pot. */
  readonly antes: number;
  /** Set once the hand is over. */
  readonly awards: readonly PotAward[];
  /** T-10: chips the house took from the pots; 0 until the hand is over. */
  readonly rakeTaken: number;
  /** Draw games: discards and folded hands, which a reshuffle may use; never leaves the server. */
  readonly muck: readonly Card[];
  /** Draw games: the stub ran short mid-draw and the room must send a `reshuffle` of `cards`. */
  readonly needsReshuffle: ReshuffleNeed | null;
}

/** A draw waiting for the dealer to shuffle the discards (the current player's own excepted). */
export interface ReshuffleNeed {
  /** The player whose draw it finishes. */
  readonly seat: number;
  /** The cards to shuffle: the `order` of the reshuffle command is a permutation of them. */
  readonly cards: readonly Card[];
  /** Cards still owed to him, and those he was already dealt from the stub. */
  readonly owed: number;
  readonly dealt: readonly Card[];
  /** His own discards, kept out of this shuffle (they join the muck once he has drawn). */
  readonly setAside: readonly Card[];
}

export interface WinnerShare {
  seat: number;
  amount: number;
  /** The hand that won, when it was shown; null when the pot was won without a showdown. */
  hand: ShownHand | null;
}

export interface ShownHand {
  category: Category;
  /** The five cards that play. */
  cards: Card[];
}

export interface PotAward {
  /** 0 = main pot, then side pots in order. */
  pot: number;
  /** Chips the winners share: the pot less its rake. */
  amount: number;
  /** T-10: chips raked from this pot (present when the hand has a rake rule). */
  rake?: number;
  /** Seats that could win this pot at the end (not folded, not mucked). */
  eligible: number[];
  winners: WinnerShare[];
}

export type HandEvent =
  | {
      type: "handStarted";
      rules: HandRules;
      button: number;
      players: { seat: number; stack: number; name?: string }[];
    }
  | { type: "antePosted"; seat: number; amount: number; allIn: boolean }
  /** `extra`: a live big blind posted out of position by a new or returning player (T-7, T-8). */
  | {
      type: "blindPosted";
      seat: number;
      blind: "small" | "big";
      amount: number;
      allIn: boolean;
      extra?: true;
    }
  /** T-8: a dead small blind owed for a missed blind: dead money, not the poster's bet. */
  | { type: "deadBlindPosted"; seat: number; amount: number; allIn: boolean }
  /** `cards` is null in another player's copy (see `eventsFor`). */
  | { type: "holeCardsDealt"; seat: number; count: number; cards: Card[] | null }
  /** Stud: cards dealt face up to a player (everyone sees them). */
  | { type: "upCardsDealt"; seat: number; street: Street; cards: Card[] }
  | { type: "boardDealt"; street: Exclude<Street, "preflop">; cards: Card[] }
  | { type: "folded"; seat: number; timedOut?: boolean }
  | { type: "checked"; seat: number; timedOut?: boolean }
  /** `amount` = chips added. */
  | { type: "called"; seat: number; amount: number; allIn: boolean }
  /** `amount` = total wager this round (bet-to / raise-to). */
  /** `bringIn`: stud's forced opening bet, below the small bet (ST-2). */
  | { type: "betPlaced"; seat: number; amount: number; allIn: boolean; bringIn?: true }
  | { type: "raisedTo"; seat: number; amount: number; allIn: boolean }
  | { type: "uncalledBetReturned"; seat: number; amount: number }
  | { type: "handShown"; seat: number; cards: Card[]; timedOut?: boolean }
  | { type: "handMucked"; seat: number; timedOut?: boolean }
  /**
   * The draw: `count` cards exchanged (0 = stood pat) is public (S-3); the
   * cards are null in another player's copy (see `eventsFor`).
   */
  | {
      type: "drew";
      seat: number;
      count: number;
      discarded: Card[] | null;
      dealt: Card[] | null;
      timedOut?: boolean;
    }
  /** The stub ran short: the room must send a reshuffle of `count` discards (the cards are in `state.needsReshuffle`). */
  | { type: "reshuffleNeeded"; seat: number; count: number }
  | { type: "discardsReshuffled"; count: number }
  /** T-10: the hand's total rake, before the pots are awarded (only when some was taken). */
  | { type: "rakeTaken"; amount: number }
  | ({ type: "potAwarded" } & PotAward)
  | { type: "handEnded"; stacks: { seat: number; stack: number }[] };

export type HandEventType = HandEvent["type"];

export interface LegalActions {
  fold: boolean;
  check: boolean;
  /** `amount` = chips the call adds (all-in when the stack is short). */
  call: { amount: number; allIn: boolean } | null;
  /**
   * Raise-to totals (PHH `cbr`); `min` may equal `max` (all-in only, or fixed
   * limit). `onlyMinOrMax`: nothing between them is legal (fixed limit after a
   * short all-in: complete to `min` or raise to `max`, B-6).
   */
  betOrRaise: { kind: "bet" | "raise"; min: number; max: number; onlyMinOrMax?: true } | null;
  /** In the draw: discard up to `max` cards (fewer than 5 only when the stub and discards run out). */
  draw: { max: number } | null;
}

export interface PotView {
  amount: number;
  eligible: number[];
}

export interface PlayerView {
  seat: number;
  name?: string;
  stack: number;
  bet: number;
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** The viewer's own cards, or cards shown at showdown; null when hidden (stud: the down cards). */
  holeCards: Card[] | null;
  holeCardCount: number;
  /** Stud: the player's up cards, seen by everyone; empty in the other games. */
  upCards: Card[];
  shown: boolean;
  mucked: boolean;
  /** Draw games: cards exchanged in the draw, visible to everyone (S-3); null before drawing. */
  drew: number | null;
}

export interface HandView {
  version: number;
  game: GameKind;
  betting: BettingKind;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  button: number;
  street: Street;
  phase: Phase;
  board: Card[];
  players: PlayerView[];
  /** Chips gathered from finished rounds (antes in the main pot); this round's bets are in `players[].bet`. */
  pots: PotView[];
  /** Everything in the middle: pots plus this round's bets. */
  totalPot: number;
  /** Whose decision it is: the seat the action clock runs for. */
  toAct: number | null;
  /** The viewer's legal actions right now (null for spectators or when not their turn). */
  legalActions: LegalActions | null;
  /** Showdown results once the hand is over. */
  awards: PotAward[];
  /** T-10: chips raked from this hand's pots (0 until it is over). */
  rakeTaken: number;
  /** C-1 W-1…W-5: the deck and wild cards the hand is played with. */
  deckType: DeckType;
  wild: WildCards;
  /** Draw games: the dealer is shuffling the discards (the room owes a reshuffle). */
  needsReshuffle: boolean;
  /** Fixed limit: the small and big bet (every table shows its limits, ST-4). */
  smallBet: number;
  bigBet: number;
  /** ST-2: the stud bring-in; 0 in the other games. */
  bringIn: number;
}
