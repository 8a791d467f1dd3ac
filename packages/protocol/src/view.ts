import { z } from "zod";
import {
  bettingKindSchema,
  blindDebtSchema,
  cardSchema,
  chipsSchema,
  countSchema,
  deckTypeSchema,
  gameKindSchema,
  phaseSchema,
  potAwardSchema,
  seatSchema,
  seatStatusSchema,
  streetSchema,
  wildCardsSchema,
} from "./poker";

/**
 * The table as one viewer sees it: the engine's `TableView` (built by its
 * `tableViewFor`), field for field. A spectator's view and a player's differ
 * only in what is filled in (his own cards, his legal actions), never in shape.
 */

export const seatViewSchema = z.strictObject({
  seat: seatSchema,
  playerId: z.string(),
  name: z.string(),
  /** Chips in front of the player right now (during a hand: behind, not yet bet). */
  stack: chipsSchema,
  pendingChips: chipsSchema,
  status: seatStatusSchema,
  leaving: z.boolean(),
  inHand: z.boolean(),
  owes: blindDebtSchema.nullable(),
  waitForBigBlind: z.boolean(),
});

/** The last hand's blinds and button (T-9); readonly like the engine's stored positions. */
export const tablePositionsSchema = z
  .strictObject({
    button: seatSchema,
    smallBlind: seatSchema,
    smallBlindDead: z.boolean(),
    bigBlind: seatSchema,
    newGame: z.boolean(),
  })
  .readonly();

export const dealersChoiceViewSchema = z.strictObject({
  games: z.array(z.string()),
  playing: countSchema.nullable(),
  chooser: seatSchema.nullable(),
  chosen: countSchema.nullable(),
  orbit: z.strictObject({ hand: countSchema, hands: countSchema }).nullable(),
});

/** H-5: the special round due, or being played with `handsLeft` of its `hands` to go. */
export const specialRoundViewSchema = z.strictObject({
  status: z.enum(["due", "playing"]),
  hands: countSchema.nullable(),
  handsLeft: countSchema.nullable(),
});

/** Home games (H-3 … H-5): the options and where the game stands; the same for every viewer. */
export const homeGameViewSchema = z.strictObject({
  /** H-3: the end time, ms since the epoch. */
  endsAt: countSchema.nullable(),
  closed: z.boolean(),
  /** H-4 poverty poker: free sets per player, a set's chips, each seated player's sets so far. */
  freeSets: z
    .strictObject({
      perPlayer: countSchema,
      setChips: chipsSchema,
      used: z.array(z.strictObject({ seat: seatSchema, used: countSchema })),
    })
    .nullable(),
  specialRound: specialRoundViewSchema.nullable(),
});

export const playerViewSchema = z.strictObject({
  seat: seatSchema,
  /** Absent (not null) when the hand was dealt without names. */
  name: z.string().optional(),
  stack: chipsSchema,
  bet: chipsSchema,
  committed: chipsSchema,
  folded: z.boolean(),
  allIn: z.boolean(),
  /** The viewer's own cards, or cards shown at showdown; null when hidden. */
  holeCards: z.array(cardSchema).max(5).nullable(),
  holeCardCount: z.number().int().min(0).max(5),
  /** Stud: the player's up cards, everyone's to see (empty in the other games). */
  upCards: z.array(cardSchema).max(4),
  shown: z.boolean(),
  mucked: z.boolean(),
  /** Draw games: cards exchanged in the draw (public, S-3); null before drawing. */
  drew: z.number().int().min(0).max(5).nullable(),
});

export const potViewSchema = z.strictObject({
  amount: chipsSchema,
  eligible: z.array(seatSchema),
});

export const legalActionsSchema = z.strictObject({
  fold: z.boolean(),
  check: z.boolean(),
  call: z.strictObject({ amount: chipsSchema, allIn: z.boolean() }).nullable(),
  betOrRaise: z
    .strictObject({
      kind: z.enum(["bet", "raise"]),
      min: chipsSchema,
      max: chipsSchema,
      onlyMinOrMax: z.literal(true).optional(),
    })
    .nullable(),
  draw: z.strictObject({ max: z.number().int().min(0).max(5) }).nullable(),
});

export const handViewSchema = z.strictObject({
  version: countSchema,
  game: gameKindSchema,
  betting: bettingKindSchema,
  smallBlind: chipsSchema,
  bigBlind: chipsSchema,
  ante: chipsSchema,
  button: seatSchema,
  street: streetSchema,
  phase: phaseSchema,
  board: z.array(cardSchema).max(5),
  players: z.array(playerViewSchema),
  pots: z.array(potViewSchema),
  totalPot: chipsSchema,
  toAct: seatSchema.nullable(),
  legalActions: legalActionsSchema.nullable(),
  awards: z.array(potAwardSchema),
  rakeTaken: chipsSchema,
  deckType: deckTypeSchema,
  wild: wildCardsSchema,
  needsReshuffle: z.boolean(),
  /** Fixed limit: the small and big bet (ST-4). */
  smallBet: chipsSchema,
  bigBet: chipsSchema,
  /** ST-2: the stud bring-in; 0 in the other games. */
  bringIn: chipsSchema,
});

export const tableViewSchema = z.strictObject({
  version: countSchema,
  handNumber: countSchema,
  seatCount: z.number().int().min(2).max(10),
  minBuyIn: chipsSchema,
  maxBuyIn: chipsSchema,
  button: seatSchema.nullable(),
  positions: tablePositionsSchema.nullable(),
  /** Indexed by seat number − 1; null = empty. */
  seats: z.array(seatViewSchema.nullable()),
  /** The viewer's seat, or null for a spectator. */
  mySeat: seatSchema.nullable(),
  /** T-6: the viewer's auto-rebuy amount; null when off. Nobody sees another's. */
  myAutoRebuy: chipsSchema.nullable(),
  /** S-2: the viewer's "show my hand" choice (false when not seated); nobody else's is shown. */
  myShowMyHand: z.boolean(),
  hand: handViewSchema.nullable(),
  rakeTaken: chipsSchema,
  dealersChoice: dealersChoiceViewSchema.nullable(),
  /** Home games only, else null. */
  homeGame: homeGameViewSchema.nullable(),
});

export type SeatView = z.infer<typeof seatViewSchema>;
export type TablePositions = z.infer<typeof tablePositionsSchema>;
export type DealersChoiceView = z.infer<typeof dealersChoiceViewSchema>;
export type HomeGameView = z.infer<typeof homeGameViewSchema>;
export type SpecialRoundView = z.infer<typeof specialRoundViewSchema>;
export type PlayerView = z.infer<typeof playerViewSchema>;
export type PotView = z.infer<typeof potViewSchema>;
export type LegalActions = z.infer<typeof legalActionsSchema>;
export type HandView = z.infer<typeof handViewSchema>;
export type TableView = z.infer<typeof tableViewSchema>;
