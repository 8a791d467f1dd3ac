/** The round's state, commands and events: plain JSON data, never classes. */
import type { Card } from "../cards";
import type { BonusCategory, Category, PayingCategory } from "./combinations";
import type { RussianError } from "./errors";
import type { RussianTableOptions } from "./options";

export const BOX_COUNT = 6;
export const CARDS_PER_BOX = 5;
/** Boxes 0–1 of a player are open; RP-1. */
export const OPEN_BOXES_PER_PLAYER = 2;

export type Phase =
  /** Antes, bonuses and closed boxes are placed (RP-1, RP-2). */
  | "betting"
  /** Open boxes fold, play or improve; improvements are dealt when all have decided (RP-4). */
  | "decisions"
  /** The stub ran out mid-deal: the house must send the shuffled discards. */
  | "awaitingReshuffle"
  /** Dealer has no game: playing open boxes take the ANTE or buy a game (RP-8). */
  | "noGameChoices"
  | "settled";

export type BoxStatus =
  | "empty"
  /** Bets placed, cards not yet dealt. */
  | "staked"
  /** Waiting for its owner's decision. */
  | "deciding"
  /** Exchange or sixth card bought, waiting for the dealer's pass. */
  | "improving"
  /** BET placed (closed boxes from the deal on). */
  | "playing"
  | "folded";

export type Improvement = { kind: "exchange"; discard: Card[] } | { kind: "sixthCard" };

/** What happened to one bet field: stake = returned + lost; paid is the house's money on top. */
export interface FieldResult {
  stake: number;
  paid: number;
  returned: number;
  lost: number;
}

export interface BoxFees {
  exchange: number;
  sixthCard: number;
  buyGame: number;
}

export interface BoxState {
  box: number;
  ownerId: string | null;
  /** RP-1: a closed box placed ANTE and BET at once and has no options. */
  closed: boolean;
  status: BoxStatus;
  ante: number;
  bet: number;
  bonus: number;
  insurance: number;
  fees: BoxFees;
  /** The current hand: five cards, six after a sixth card. */
  cards: Card[];
  /** The five cards first dealt: the bonus is paid on these (RP-2). */
  firstFive: Card[];
  /** How many cards were exchanged (null = no exchange). */
  exchanged: number | null;
  boughtSixthCard: boolean;
  pendingImprovement: Improvement | null;
  noGameChoice: "takeAnte" | "buyGame" | null;
  /** Set when the dealer has no game: insurance is settled before the RP-8 choice. */
  insuranceResult: FieldResult | null;
}

export interface DealerSwap {
  out: Card;
  in: Card;
  /** RP-8: the second swap is free. */
  free: boolean;
}

export interface DealerState {
  cards: Card[];
  upCard: Card | null;
  revealed: boolean;
  /** RP-7, known from the reveal on. */
  hasGame: boolean | null;
  /** RP-8: swaps made because boxes bought a game. */
  swaps: DealerSwap[];
}

export interface PlayerState {
  id: string;
  chips: number;
  chipsAtStart: number;
}

export interface RussianState {
  game: "russian";
  /** Goes up by one with every accepted command. */
  version: number;
  phase: Phase;
  /** Where play continues after a reshuffle. */
  resumePhase: "decisions" | "noGameChoices" | null;
  options: RussianTableOptions;
  players: PlayerState[];
  boxes: BoxState[];
  dealer: DealerState;
  /** Undealt cards, next card first. Never leaves the engine. */
  stub: Card[];
  /** Exchanged, folded and swapped-out cards: what a reshuffle shuffles. */
  discards: Card[];
  /** The house's net result so far (positive: the house won). */
  houseResult: number;
  settlements: BoxSettlement[];
}

export interface BoxSettlement {
  box: number;
  playerId: string;
  closed: boolean;
  outcome: "folded" | "won" | "lost" | "stay" | "antePaid" | "noGameAfterBuy";
  /** Cards that went to the showdown (null for a folded box: its cards are mucked unseen). */
  hand: {
    cards: Card[];
    first: Category;
    second: PayingCategory | null;
    bonus: BonusCategory | null;
  } | null;
  ante: FieldResult;
  bet: FieldResult;
  bonus: FieldResult;
  insurance: FieldResult;
  exchangeFee: FieldResult;
  sixthCardFee: FieldResult;
  buyGameFee: FieldResult;
  /** RP-11: payment was cut to the table's maximum payout. */
  capped: boolean;
  /** Everything the box gives back to its owner (returned + paid over all fields). */
  toPlayer: number;
}

export const BET_FIELDS = [
  "ante",
  "bet",
  "bonus",
  "insurance",
  "exchangeFee",
  "sixthCardFee",
  "buyGameFee",
] as const;
export type BetField = (typeof BET_FIELDS)[number];

export interface StartRoundCommand {
  options?: Partial<RussianTableOptions>;
  players: { id: string; chips: number }[];
  /** A permutation of the 52 cards; the next card to deal first. */
  deck: Card[];
}

interface Versioned {
  /** When given, the command is refused with `stale_version` unless it matches. */
  expectedVersion?: number;
}

export type PlayerCommand = Versioned &
  (
    | { type: "placeBets"; playerId: string; box: number; ante: number; bonus?: number }
    | { type: "clearBets"; playerId: string; box: number }
    | { type: "fold"; playerId: string; box: number }
    | { type: "play"; playerId: string; box: number; insurance?: number }
    | { type: "exchange"; playerId: string; box: number; cards: Card[] }
    | { type: "buySixthCard"; playerId: string; box: number }
    | { type: "takeAnte"; playerId: string; box: number }
    | { type: "buyGame"; playerId: string; box: number }
  );

/** Sent by the room, never by a player: closing bets, reshuffling, the action clock. */
export type HouseCommand = Versioned &
  (
    | { type: "deal" }
    /** A permutation of `discards`, next card first. */
    | { type: "reshuffle"; cards: Card[] }
    /** Undecided boxes fold (decisions) or take the ANTE (no-game choices). */
    | { type: "timeout" }
  );

export type RussianCommand = PlayerCommand | HouseCommand;

export type RussianEvent =
  | { type: "roundStarted"; players: { id: string; chips: number }[] }
  | {
      type: "betsPlaced";
      box: number;
      playerId: string;
      closed: boolean;
      ante: number;
      bet: number;
      bonus: number;
    }
  | { type: "betsCleared"; box: number; playerId: string; refunded: number }
  | { type: "cardsDealt"; boxes: number[]; dealerUpCard: Card }
  | { type: "boxFolded"; box: number }
  | { type: "boxPlayed"; box: number; bet: number; insurance: number }
  | { type: "exchangeBought"; box: number; count: number; fee: number }
  | { type: "sixthCardBought"; box: number; fee: number }
  | { type: "cardsExchanged"; box: number; count: number }
  | { type: "sixthCardDealt"; box: number }
  | { type: "reshuffleRequired"; needed: number; discardCount: number }
  | { type: "deckReshuffled"; cardCount: number }
  | { type: "dealerRevealed"; cards: Card[]; category: Category; hasGame: boolean }
  | { type: "insuranceSettled"; box: number; result: FieldResult }
  | {
      type: "noGameChoiceMade";
      box: number;
      choice: "takeAnte" | "buyGame";
      fee: number;
      automatic: boolean;
    }
  | { type: "dealerCardSwapped"; out: Card; in: Card; free: boolean }
  | { type: "dealerGameBought"; cards: Card[]; category: Category; hasGame: boolean }
  | ({ type: "boxSettled" } & BoxSettlement)
  | { type: "roundSettled"; houseResult: number; chips: { id: string; chips: number }[] };

export type ApplyResult =
  | { ok: true; state: RussianState; events: RussianEvent[] }
  | { ok: false; error: RussianError };
