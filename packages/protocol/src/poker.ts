import { z } from "zod";

/**
 * The poker vocabulary the table socket speaks: cards, chips, seats, the
 * game's names and rules, and what a pot paid. Each schema mirrors a type of
 * `@felt/engine` exactly (engine-types.test.ts proves it) without importing
 * the engine: this package depends on zod alone.
 *
 * Objects are strict (an unknown key fails), numbers are whole, and an
 * optional field of the engine (`name?`) is `.optional()`, never nullable:
 * the engine leaves it out rather than sending null.
 */

/** Card numbers `rank * 4 + suit`, 0–51, and 52–53 for the jokers of the wild-card draw games. */
export const cardSchema = z.number().int().min(0).max(53);
/** Chips: whole and never negative (stacks, bets, pots, rake). */
export const chipsSchema = z.number().int().nonnegative();
/** A seat number, 1…seatCount. */
export const seatSchema = z.number().int().positive();
/** A count or index: whole, never negative (versions, hand numbers, pot and game indices). */
export const countSchema = z.number().int().nonnegative();

export const gameKindSchema = z.enum(["holdem", "omaha", "five-card-draw", "stud7", "stud5"]);
export const bettingKindSchema = z.enum(["no-limit", "pot-limit", "fixed-limit"]);
export const anteKindSchema = z.enum(["each", "big-blind"]);
export const streetSchema = z.enum([
  "preflop",
  "flop",
  "turn",
  "river",
  "predraw",
  "postdraw",
  // Stud (ST-1, ST-5): named by the cards each player holds.
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
]);
export const oddChipRuleSchema = z.enum(["one-per-winner", "pokerkit"]);
export const phaseSchema = z.enum(["betting", "draw", "showdown", "complete"]);
/** C-1: the 52-card deck or the 32-card 7–A deck. */
export const deckTypeSchema = z.enum(["52", "7A"]);
/** W-1 … W-5, and stud's low hole card (ST-7). */
export const wildCardsSchema = z.enum([
  "none",
  "joker",
  "two-jokers",
  "bug",
  "deuces",
  "deuces-joker",
  "one-eyed-jacks",
  "lowest-card",
  "low-hole-card",
]);
/** C-2, and five of a kind with wild cards (W-6). */
export const categorySchema = z.enum([
  "five-of-a-kind",
  "straight-flush",
  "four-of-a-kind",
  "full-house",
  "flush",
  "straight",
  "three-of-a-kind",
  "two-pair",
  "one-pair",
  "high-card",
]);
export const seatStatusSchema = z.enum(["active", "sittingOut"]);
/** T-7/T-8: what a player owes to be dealt in before the big blind reaches him. */
export const blindDebtSchema = z.enum(["newPlayer", "missedSmall", "missedBig"]);

// The engine declares these three with readonly properties (they are parts of
// its stored state that the view and events hand on as they are):
// `.readonly()` makes the inferred type readonly too, so it equals the
// engine's (and freezes the parsed object, which nobody should change anyway).

/** T-10. */
export const rakeRuleSchema = z
  .strictObject({
    basisPoints: z.number().int().min(0).max(10_000),
    cap: chipsSchema,
    noFlopNoDrop: z.boolean(),
  })
  .readonly();

/** A hand's rules with every default filled in (`handStarted`). */
export const handRulesSchema = z
  .strictObject({
    game: gameKindSchema,
    betting: bettingKindSchema,
    smallBlind: chipsSchema,
    bigBlind: chipsSchema,
    ante: chipsSchema,
    anteKind: anteKindSchema,
    smallBet: chipsSchema,
    bigBet: chipsSchema,
    raiseCap: z.number().int().positive().nullable(),
    capLiftedHeadsUp: z.boolean(),
    oddChips: oddChipRuleSchema,
    rake: rakeRuleSchema.nullable(),
    holeCardCount: z.number().int().min(1).max(5),
    deckType: deckTypeSchema,
    wild: wildCardsSchema,
    flushBeatsFullHouse: z.boolean(),
    /** ST-2: the stud bring-in (0 in the other games). */
    bringIn: chipsSchema,
    /** ST-4, ST-5: stud's open-pair option (false in the other games). */
    openPair: z.boolean(),
  })
  .readonly();

export const shownHandSchema = z.strictObject({
  category: categorySchema,
  /** The five cards that play. */
  cards: z.array(cardSchema).length(5),
});

export const winnerShareSchema = z.strictObject({
  seat: seatSchema,
  amount: chipsSchema,
  /** null when the pot was won without a showdown. */
  hand: shownHandSchema.nullable(),
});

export const potAwardSchema = z.strictObject({
  /** 0 = main pot, then side pots in order. */
  pot: countSchema,
  amount: chipsSchema,
  /** Present when the hand has a rake rule. */
  rake: chipsSchema.optional(),
  eligible: z.array(seatSchema),
  winners: z.array(winnerShareSchema),
});

export type Card = z.infer<typeof cardSchema>;
export type GameKind = z.infer<typeof gameKindSchema>;
export type BettingKind = z.infer<typeof bettingKindSchema>;
export type AnteKind = z.infer<typeof anteKindSchema>;
export type Street = z.infer<typeof streetSchema>;
export type OddChipRule = z.infer<typeof oddChipRuleSchema>;
export type Phase = z.infer<typeof phaseSchema>;
export type DeckType = z.infer<typeof deckTypeSchema>;
export type WildCards = z.infer<typeof wildCardsSchema>;
export type Category = z.infer<typeof categorySchema>;
export type SeatStatus = z.infer<typeof seatStatusSchema>;
export type BlindDebt = z.infer<typeof blindDebtSchema>;
export type RakeRule = z.infer<typeof rakeRuleSchema>;
export type HandRules = z.infer<typeof handRulesSchema>;
export type ShownHand = z.infer<typeof shownHandSchema>;
export type WinnerShare = z.infer<typeof winnerShareSchema>;
export type PotAward = z.infer<typeof potAwardSchema>;
