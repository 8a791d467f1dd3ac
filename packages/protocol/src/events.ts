import { z } from "zod";
import {
  blindDebtSchema,
  cardSchema,
  chipsSchema,
  countSchema,
  handRulesSchema,
  potAwardSchema,
  seatSchema,
  streetSchema,
} from "./poker";

/**
 * What happened at the table, as one viewer may see it: the engine's
 * `TableEvent` and `HandEvent`, variant for variant. Another player's hole
 * cards and draws arrive as null (the engine's `eventsFor`).
 */

const cards = z.array(cardSchema).max(5);
/** Set when the action clock made the move. */
const timedOut = z.boolean().optional();
const stacks = z.array(z.strictObject({ seat: seatSchema, stack: chipsSchema }));

export const handStartedSchema = z.strictObject({
  type: z.literal("handStarted"),
  rules: handRulesSchema,
  button: seatSchema,
  players: z.array(
    z.strictObject({ seat: seatSchema, stack: chipsSchema, name: z.string().optional() }),
  ),
});

/** The hand events that put chips in: each says whether it put its player all in. */
export const wagerEventOptions = [
  z.strictObject({
    type: z.literal("antePosted"),
    seat: seatSchema,
    amount: chipsSchema,
    allIn: z.boolean(),
  }),
  z.strictObject({
    type: z.literal("blindPosted"),
    seat: seatSchema,
    blind: z.enum(["small", "big"]),
    amount: chipsSchema,
    allIn: z.boolean(),
    /** A live big blind posted out of position (T-7, T-8). */
    extra: z.literal(true).optional(),
  }),
  z.strictObject({
    type: z.literal("deadBlindPosted"),
    seat: seatSchema,
    amount: chipsSchema,
    allIn: z.boolean(),
  }),
  /** `amount` = chips added. */
  z.strictObject({
    type: z.literal("called"),
    seat: seatSchema,
    amount: chipsSchema,
    allIn: z.boolean(),
  }),
  /** `amount` = total wager this round. */
  z.strictObject({
    type: z.literal("betPlaced"),
    seat: seatSchema,
    amount: chipsSchema,
    allIn: z.boolean(),
    /** Stud's bring-in (ST-2). */
    bringIn: z.literal(true).optional(),
  }),
  z.strictObject({
    type: z.literal("raisedTo"),
    seat: seatSchema,
    amount: chipsSchema,
    allIn: z.boolean(),
  }),
] as const;

/** Every other hand event. */
export const handEventOptions = [
  z.strictObject({
    type: z.literal("holeCardsDealt"),
    seat: seatSchema,
    count: z.number().int().min(0).max(5),
    cards: cards.nullable(),
  }),
  /** Stud: cards dealt face up to a player, everyone's to see. */
  z.strictObject({
    type: z.literal("upCardsDealt"),
    seat: seatSchema,
    street: streetSchema,
    cards,
  }),
  z.strictObject({
    type: z.literal("boardDealt"),
    street: streetSchema.exclude(["preflop"]),
    cards,
  }),
  z.strictObject({ type: z.literal("folded"), seat: seatSchema, timedOut }),
  z.strictObject({ type: z.literal("checked"), seat: seatSchema, timedOut }),
  z.strictObject({ type: z.literal("uncalledBetReturned"), seat: seatSchema, amount: chipsSchema }),
  z.strictObject({ type: z.literal("handShown"), seat: seatSchema, cards, timedOut }),
  z.strictObject({ type: z.literal("handMucked"), seat: seatSchema, timedOut }),
  z.strictObject({
    type: z.literal("drew"),
    seat: seatSchema,
    count: z.number().int().min(0).max(5),
    discarded: cards.nullable(),
    dealt: cards.nullable(),
    timedOut,
  }),
  z.strictObject({ type: z.literal("reshuffleNeeded"), seat: seatSchema, count: countSchema }),
  z.strictObject({ type: z.literal("discardsReshuffled"), count: countSchema }),
  z.strictObject({ type: z.literal("rakeTaken"), amount: chipsSchema }),
  z.strictObject({ type: z.literal("potAwarded"), ...potAwardSchema.shape }),
  z.strictObject({ type: z.literal("handEnded"), stacks }),
] as const;

export const handEventSchema = z.discriminatedUnion("type", [
  handStartedSchema,
  ...wagerEventOptions,
  ...handEventOptions,
]);

export const handSettledSchema = z.strictObject({
  type: z.literal("handSettled"),
  handNumber: countSchema,
  rake: chipsSchema,
  stacks,
});

/** Every table event but `handSettled`. */
export const tableEventOptions = [
  z.strictObject({
    type: z.literal("playerSat"),
    seat: seatSchema,
    playerId: z.string(),
    name: z.string(),
    buyIn: chipsSchema,
  }),
  z.strictObject({
    type: z.literal("chipsAdded"),
    seat: seatSchema,
    amount: chipsSchema,
    effective: z.enum(["now", "nextHand"]),
  }),
  z.strictObject({
    type: z.literal("playerSatOut"),
    seat: seatSchema,
    reason: z.enum(["requested", "timeouts", "busted"]),
  }),
  z.strictObject({ type: z.literal("playerSatIn"), seat: seatSchema }),
  z.strictObject({ type: z.literal("leaveRequested"), seat: seatSchema }),
  z.strictObject({
    type: z.literal("playerLeft"),
    seat: seatSchema,
    playerId: z.string(),
    cashOut: chipsSchema,
  }),
  z.strictObject({
    type: z.literal("blindsOwed"),
    seat: seatSchema,
    owes: blindDebtSchema.nullable(),
  }),
  z.strictObject({ type: z.literal("waitForBigBlindSet"), seat: seatSchema, wait: z.boolean() }),
  z.strictObject({
    type: z.literal("gameChosen"),
    /** null when the button is dead. */
    seat: seatSchema.nullable(),
    game: countSchema,
    name: z.string(),
    by: z.enum(["player", "timeout", "deadButton"]),
  }),
  z.strictObject({
    type: z.literal("stakesChanged"),
    smallBlind: chipsSchema,
    bigBlind: chipsSchema,
    minBuyIn: chipsSchema,
    maxBuyIn: chipsSchema,
  }),
  /** H-3: the end time came; the room cashes everyone out. */
  z.strictObject({ type: z.literal("tableClosed"), reason: z.enum(["endTime"]) }),
  /** H-4: the `index`-th free set of a player who lost his chips: a grant from the house. */
  z.strictObject({
    type: z.literal("freeSetGranted"),
    seat: seatSchema,
    playerId: z.string(),
    chips: chipsSchema,
    index: z.number().int().positive(),
  }),
  /** H-5: the next orbit is at double stakes; then started (`hands` long) and ended. */
  z.strictObject({ type: z.literal("specialRoundDue") }),
  z.strictObject({ type: z.literal("specialRoundStarted"), hands: z.number().int().positive() }),
  z.strictObject({ type: z.literal("specialRoundEnded") }),
  z.strictObject({
    type: z.literal("handEvent"),
    handNumber: countSchema,
    event: handEventSchema,
  }),
] as const;

export const tableEventSchema = z.discriminatedUnion("type", [
  ...tableEventOptions,
  handSettledSchema,
]);

export type HandEvent = z.infer<typeof handEventSchema>;
export type TableEvent = z.infer<typeof tableEventSchema>;
