import { z } from "zod";
import { chatClientMessageSchema, chatMessageSchema } from "./chat";
import { applyPatch, type DiffMemo, diff, PatchMismatch, patchSchema } from "./patch";
import { chipsSchema, countSchema } from "./poker";
import {
  errorCodeSchema,
  errorParamsSchema,
  parseSocketMessage,
  proofsMessageSchema,
} from "./table";

/**
 * The Russian poker table's socket (`/ws/table/:id` of a Russian table): the
 * engine's `RussianTableView` field for field, and the decisions a player
 * sends. Cards travel as codes ("Ah", "Tc"), as the engine's view gives them.
 */

/** A card of the 52-card deck as the engine's view writes it. */
export const cardCodeSchema = z.string().regex(/^[2-9TJQKA][cdhs]$/);

export const russianCategorySchema = z.enum([
  "highCard",
  "aceKing",
  "onePair",
  "twoPair",
  "threeOfAKind",
  "straight",
  "flush",
  "fullHouse",
  "fourOfAKind",
  "straightFlush",
  "royalFlush",
]);
export const russianPayingCategorySchema = russianCategorySchema.exclude(["highCard"]);
export const russianBonusCategorySchema = z.enum([
  "royalFlush",
  "straightFlush",
  "fourOfAKind",
  "fullHouse",
  "flush",
  "straight",
  "threeSevens",
  "sevensAndAnotherPair",
]);

const multiplier = z.number().int().nonnegative();
export const russianPayTableSchema = z.strictObject(
  Object.fromEntries(russianPayingCategorySchema.options.map((c) => [c, multiplier])) as Record<
    z.infer<typeof russianPayingCategorySchema>,
    typeof multiplier
  >,
);
export const russianBonusPayTableSchema = z.strictObject(
  Object.fromEntries(russianBonusCategorySchema.options.map((c) => [c, multiplier])) as Record<
    z.infer<typeof russianBonusCategorySchema>,
    typeof multiplier
  >,
);

export const russianOptionsSchema = z.strictObject({
  boxesPerPlayer: z.union([z.literal(3), z.literal(4)]),
  bonusLimit: z.enum(["ante", "half-ante"]),
  improve: z.enum(["once", "exchange-then-sixth"]),
  antePaidOnWin: z.boolean(),
  maxPayout: chipsSchema.nullable(),
  minAnte: chipsSchema,
  maxAnte: chipsSchema,
  payTable: russianPayTableSchema,
  bonusPayTable: russianBonusPayTableSchema,
});

export const russianPhaseSchema = z.enum([
  "betting",
  "decisions",
  "awaitingReshuffle",
  "noGameChoices",
  "settled",
]);
export const boxStatusSchema = z.enum([
  "empty",
  "staked",
  "deciding",
  "improving",
  "playing",
  "folded",
]);

export const fieldResultSchema = z.strictObject({
  stake: chipsSchema,
  paid: chipsSchema,
  returned: chipsSchema,
  lost: chipsSchema,
});

const noGameChoiceSchema = z.enum(["takeAnte", "buyGame"]);

export const boxViewSchema = z.strictObject({
  box: countSchema,
  ownerId: z.string().nullable(),
  closed: z.boolean(),
  status: boxStatusSchema,
  ante: chipsSchema,
  bet: chipsSchema,
  bonus: chipsSchema,
  insurance: chipsSchema,
  fees: z.strictObject({ exchange: chipsSchema, sixthCard: chipsSchema, buyGame: chipsSchema }),
  cardCount: countSchema,
  cards: z.array(cardCodeSchema).nullable(),
  exchanged: countSchema.nullable(),
  boughtSixthCard: z.boolean(),
  waitingFor: z.enum(["exchange", "sixthCard"]).nullable(),
  noGameChoice: noGameChoiceSchema.nullable(),
  insuranceResult: fieldResultSchema.nullable(),
});

export const settlementViewSchema = z.strictObject({
  box: countSchema,
  playerId: z.string(),
  closed: z.boolean(),
  outcome: z.enum(["folded", "won", "lost", "stay", "antePaid", "noGameAfterBuy"]),
  hand: z
    .strictObject({
      cards: z.array(cardCodeSchema),
      first: russianCategorySchema,
      second: russianPayingCategorySchema.nullable(),
      bonus: russianBonusCategorySchema.nullable(),
    })
    .nullable(),
  ante: fieldResultSchema,
  bet: fieldResultSchema,
  bonus: fieldResultSchema,
  insurance: fieldResultSchema,
  exchangeFee: fieldResultSchema,
  sixthCardFee: fieldResultSchema,
  buyGameFee: fieldResultSchema,
  capped: z.boolean(),
  toPlayer: chipsSchema,
});

const range = z.strictObject({ min: chipsSchema, max: chipsSchema });
const box = z.number().int().min(0).max(5);

export const russianLegalActionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("placeBets"),
    boxes: z.array(box),
    closed: z.boolean(),
    ante: range,
    bonusLimit: z.enum(["ante", "half-ante"]),
  }),
  z.strictObject({ type: z.literal("clearBets"), box }),
  z.strictObject({ type: z.literal("fold"), box }),
  z.strictObject({ type: z.literal("play"), box, bet: chipsSchema, insurance: range.nullable() }),
  z.strictObject({
    type: z.literal("exchange"),
    box,
    fee: chipsSchema,
    cards: z.strictObject({ min: z.literal(1), max: z.literal(5) }),
  }),
  z.strictObject({ type: z.literal("buySixthCard"), box, fee: chipsSchema }),
  z.strictObject({ type: z.literal("takeAnte"), box }),
  z.strictObject({ type: z.literal("buyGame"), box, fee: chipsSchema }),
]);

export const russianViewSchema = z.strictObject({
  game: z.literal("russian"),
  version: countSchema,
  phase: russianPhaseSchema,
  viewer: z.string().nullable(),
  options: russianOptionsSchema,
  players: z.array(z.strictObject({ id: z.string(), chips: chipsSchema })),
  dealer: z.strictObject({
    upCard: cardCodeSchema.nullable(),
    cards: z.array(cardCodeSchema).nullable(),
    cardCount: countSchema,
    hasGame: z.boolean().nullable(),
    swaps: z.array(z.strictObject({ out: cardCodeSchema, in: cardCodeSchema, free: z.boolean() })),
  }),
  boxes: z.array(boxViewSchema),
  stubCount: countSchema,
  discardCount: countSchema,
  settlements: z.array(settlementViewSchema),
  /** Positive: the house won. Null until the round is settled. */
  houseResult: z.number().int().nullable(),
  legalActions: z.array(russianLegalActionSchema),
});

export const russianTableViewSchema = z.strictObject({
  game: z.literal("russian-table"),
  version: countSchema,
  maxPlayers: countSchema,
  minBuyIn: chipsSchema,
  maxBuyIn: chipsSchema,
  seats: z.array(
    z.strictObject({
      playerId: z.string(),
      name: z.string(),
      chips: chipsSchema,
      leaving: z.boolean(),
    }),
  ),
  roundNumber: countSchema,
  ready: z.array(z.string()),
  round: russianViewSchema.nullable(),
});

/** What the room's clock is waiting for, and until when (epoch ms). */
export const russianClockSchema = z.strictObject({
  /** Bets close (the cards are dealt), undecided boxes fold, or no-game choices take the ANTE. */
  phase: z.enum(["betting", "decisions", "noGameChoices"]),
  endsAt: z.number(),
});

const hex32 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The Russian table's feed, as the poker table's (feed.ts): a socket gets one whole
 * `russianState` when it connects and after `sync`, then a `russianDelta` per change: what
 * changed in its own view, as a patch of the last state. `feed` counts the room's changes.
 */
export const russianStateMessageSchema = z.strictObject({
  type: z.literal("russianState"),
  /** The room's change counter this state is at. */
  feed: z.number().int().nonnegative(),
  tableId: z.string(),
  view: russianTableViewSchema,
  you: z.strictObject({ playerId: z.string(), name: z.string() }).nullable(),
  clock: russianClockSchema.nullable(),
  /** When the next round opens for bets (epoch ms), or null. */
  nextRoundAt: z.number().nullable(),
  /**
   * The round's deal commitment (docs/fairness.md), published before the bets: the server
   * seed's SHA-256 and the Merkle root of the deck. The leaves of the cards a viewer sees come
   * on request (`proofs`, answered as at the poker tables). The seed is never sent: it would
   * show the folded boxes and the stub.
   */
  fairness: z
    .strictObject({
      roundNumber: countSchema,
      scheme: z.literal("felt-merkle-v1"),
      seedCommitment: hex32,
      root: hex32,
      deckSize: z.number().int().positive(),
    })
    .nullable(),
});

export const russianDeltaMessageSchema = z.strictObject({
  type: z.literal("russianDelta"),
  /** The change this delta brings the viewer to: the state of `feed - 1` plus `patch`. */
  feed: z.number().int().positive(),
  /** Absent when nothing this viewer sees changed. */
  patch: patchSchema.optional(),
});

export const russianServerMessageSchema = z.discriminatedUnion("type", [
  russianStateMessageSchema,
  russianDeltaMessageSchema,
  /** The answer to `proofs`: `handNumber` is the round's number. */
  proofsMessageSchema,
  /** Table chat, as at the poker tables (chat.ts). */
  chatMessageSchema,
  z.strictObject({
    type: z.literal("error"),
    code: errorCodeSchema,
    message: z.string(),
    params: errorParamsSchema.optional(),
    seq: z.number().nullable(),
  }),
]);

/** The decisions a player sends about his boxes: the engine's player commands, cards as codes. */
export const russianDecisionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("placeBets"),
    box,
    ante: chipsSchema,
    bonus: chipsSchema.optional(),
  }),
  z.strictObject({ type: z.literal("clearBets"), box }),
  z.strictObject({ type: z.literal("fold"), box }),
  z.strictObject({ type: z.literal("play"), box, insurance: chipsSchema.optional() }),
  z.strictObject({
    type: z.literal("exchange"),
    box,
    cards: z
      .array(cardCodeSchema)
      .min(1)
      .max(5)
      .refine((cards) => new Set(cards).size === cards.length, "a card is exchanged once"),
  }),
  z.strictObject({ type: z.literal("buySixthCard"), box }),
  z.strictObject({ type: z.literal("takeAnte"), box }),
  z.strictObject({ type: z.literal("buyGame"), box }),
]);

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const russianClientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("sync") }),
  /** Ask for the leaves of the cards one sees in the current (or last) round. */
  z.strictObject({ type: z.literal("proofs") }),
  /**
   * A decision on one of the player's boxes in round `round` (the view's `roundNumber`): one
   * meant for a round that is over is refused. Other players' decisions come in any order
   * and never change what a box may do, so no finer version is asked for.
   */
  z.strictObject({
    type: z.literal("decide"),
    decision: russianDecisionSchema,
    round: countSchema,
    seq,
  }),
  /** Bets are down: deal without waiting for the clock once every player with bets is ready. */
  z.strictObject({ type: z.literal("ready"), seq }),
  /** Leave: cash out now, or when the round with the player's boxes is settled. */
  z.strictObject({ type: z.literal("leave"), seq }),
  /** A line of table chat, as at the poker tables (chat.ts). */
  chatClientMessageSchema,
]);

export type RussianDecision = z.infer<typeof russianDecisionSchema>;
export type RussianClientMessage = z.infer<typeof russianClientMessageSchema>;
export type RussianServerMessage = z.infer<typeof russianServerMessageSchema>;
export type RussianStateMessage = z.infer<typeof russianStateMessageSchema>;
export type RussianDeltaMessage = z.infer<typeof russianDeltaMessageSchema>;

type RussianBody = Omit<RussianStateMessage, "type" | "feed">;

function russianBodyOf({ type: _t, feed: _f, ...body }: RussianStateMessage): RussianBody {
  return body;
}

/** The delta that takes a viewer from `before` to `after`, one change apart. */
export function russianDeltaOf(
  before: RussianStateMessage,
  after: RussianStateMessage,
  memo?: DiffMemo,
): RussianDeltaMessage {
  const patch = diff(russianBodyOf(before), russianBodyOf(after), memo);
  return { type: "russianDelta", feed: after.feed, ...(patch && { patch }) };
}

/** The state after `message`, given the state held; on a gap or mismatch, ask for `sync`. */
export function followRussianFeed(
  held: RussianStateMessage | null,
  message: RussianStateMessage | RussianDeltaMessage,
): { ok: true; state: RussianStateMessage } | { ok: false; reason: "gap" | "mismatch" } {
  if (message.type === "russianState") return { ok: true, state: message };
  if (!held || message.feed !== held.feed + 1) return { ok: false, reason: "gap" };
  try {
    const body = message.patch
      ? applyPatch(russianBodyOf(held), message.patch)
      : russianBodyOf(held);
    return { ok: true, state: { type: "russianState", feed: message.feed, ...body } };
  } catch (error) {
    if (error instanceof PatchMismatch) return { ok: false, reason: "mismatch" };
    throw error;
  }
}

/** Parse raw socket data without throwing. */
export const parseRussianClientMessage = (raw: string | ArrayBuffer) =>
  parseSocketMessage(raw, russianClientMessageSchema);
