import { z } from "zod";
import { chatClientMessageSchema, chatMessageSchema } from "./chat";
import { tableEventSchema } from "./events";
import { packedEventSchema } from "./pack";
import { patchSchema } from "./patch";
import { countSchema, handRulesSchema } from "./poker";
import { tableViewSchema } from "./view";

/**
 * The table socket's wire format (`/ws/table/:id`). Both sides parse with
 * these schemas: the room never trusts a client's JSON, and the client never
 * trusts the room's. Money (sitting down, adding chips) goes through the
 * cashier's tRPC procedures; the socket carries play.
 */

/** Longest message a client may send; anything larger is refused unparsed. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

const chips = z.number().int().positive().max(1e12);

/** Card numbers 0–51, and 52–53 for the jokers of the wild-card draw games. */
const card = z.number().int().min(0).max(53);
const discardSchema = z
  .array(card)
  .max(5)
  .refine((cards) => new Set(cards).size === cards.length, "a card is discarded once");

export const playerActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("fold") }).strict(),
  z.object({ type: z.literal("check") }).strict(),
  z.object({ type: z.literal("call") }).strict(),
  z.object({ type: z.literal("betOrRaiseTo"), amount: chips }).strict(),
  /** Five-card draw, in the draw: the cards to discard, 0–5 of his own ([] stands pat). */
  z.object({ type: z.literal("draw"), discard: discardSchema }).strict(),
]);
export type PlayerAction = z.infer<typeof playerActionSchema>;

/**
 * Every message that changes something carries the client's own sequence
 * number and, for hand actions, the table version it was decided on. The room
 * remembers the last `seq` it accepted from each player across connections,
 * so a message resent after a reconnect is refused, never applied twice:
 * seed it from the clock (`Date.now()`) and count up.
 */
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A player's entropy for the next deal: 1–64 letters, digits, `-` or `_`. */
export const clientSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** Ask for a fresh snapshot (after a reconnect, or when the client suspects it missed one). */
  z.object({ type: z.literal("sync") }).strict(),
  /** Ask for the leaves of the cards one sees in the current (or last) hand: answered with `proofs`. */
  z.object({ type: z.literal("proofs") }).strict(),
  z
    .object({
      type: z.literal("act"),
      action: playerActionSchema,
      expectedVersion: z.number().int().nonnegative(),
      seq,
    })
    .strict(),
  z.object({ type: z.literal("sitOut"), seq }).strict(),
  z.object({ type: z.literal("sitIn"), seq }).strict(),
  /** Leave the table: cash out now between hands, or when the hand ends. */
  z.object({ type: z.literal("leave"), seq }).strict(),
  /** T-6: top the stack up to this amount before each hand (null = off). */
  z.object({ type: z.literal("autoRebuy"), upTo: chips.nullable(), seq }).strict(),
  /** Entropy for the next deal (docs/fairness.md); the latest one sent before the deal counts. */
  z.object({ type: z.literal("clientSeed"), seed: clientSeedSchema, seq }).strict(),
  /**
   * Dealer's choice: the player on the button picks the coming orbit's game,
   * between hands, as an index in `view.dealersChoice.games`.
   */
  z.object({ type: z.literal("chooseGame"), game: z.number().int().min(0).max(19), seq }).strict(),
  /**
   * S-2, after the hand until the next is dealt: show one's hand to the table,
   * when it was mucked at the showdown or won uncalled (everyone else folded).
   */
  z.object({ type: z.literal("show"), seq }).strict(),
  /** S-2 "show my hand": shown at the showdown even when beaten (before or during a hand; it stays set). */
  z.object({ type: z.literal("showMyHand"), show: z.boolean(), seq }).strict(),
  /** A line of table chat (chat.ts); answered with a `chat` message to everyone, or an error. */
  chatClientMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const errorCodeSchema = z.string().regex(/^[a-z_]+$/);
/** An error's parameters: names to numbers or short strings. */
export const errorParamsSchema = z.record(
  z.string().regex(/^[A-Za-z]+$/),
  z.union([z.string().max(200), z.number()]),
);
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** The action clock of the player to act: absolute times, so every client shows the same clock. */
export const clockSchema = z.object({
  seat: z.number().int().positive(),
  /** When this decision's clock started (epoch ms). */
  startedAt: z.number(),
  /** When the normal action time runs out (epoch ms); the time bank follows. */
  actionEndsAt: z.number(),
  /** When the time bank runs out too and the player is timed out (epoch ms). */
  timesOutAt: z.number(),
});
export type Clock = z.infer<typeof clockSchema>;

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));

/** One card of the deal with what proves it was fixed before the deal: its salted leaf and Merkle proof. */
export const leafSchema = z
  .object({
    position: z.number().int().nonnegative(),
    card: z.number().int().nonnegative(),
    salt: hex(16),
    proof: z.array(hex(32)),
  })
  .strict();
export type Leaf = z.infer<typeof leafSchema>;

/**
 * Provably fair deals (docs/fairness.md): the server seed's commitment before
 * the client seeds and the deck's Merkle root before the first card. The
 * leaves of the cards a viewer sees come on request (`proofs`), so they do not
 * ride on every change to every socket. No seed is ever sent.
 */
export const fairnessSchema = z
  .object({
    handNumber: z.number().int().nonnegative(),
    /** SHA-256 of the next deal's server seed: a client seed sent now is mixed into that deal. */
    nextSeedCommitment: hex(32).nullable(),
    /** The current (or last) hand's deal; null before the first under this scheme. */
    deal: z
      .object({
        scheme: z.literal("felt-merkle-v1"),
        /** SHA-256 of the server seed, published before the client seeds were taken. */
        seedCommitment: hex(32),
        clientSeeds: z
          .array(z.object({ seat: z.number().int().positive(), seed: clientSeedSchema }).strict())
          .max(10),
        /** The Merkle root of the deck's salted (position, card) leaves, published before the deal. */
        root: hex(32),
        deckSize: z.number().int().positive(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type Fairness = z.infer<typeof fairnessSchema>;

/**
 * The table feed: a socket gets one whole `state` when it connects and after
 * `sync`, then a `delta` per change — what changed in its own view, as a
 * patch of the last state (everything but `type`, `feed` and `events`), and
 * the change's events. `feed` counts the room's changes: a delta applies only
 * to the state of the feed before it; on a gap the client asks for `sync`.
 */
export const stateMessageSchema = z.object({
  type: z.literal("state"),
  /** The room's change counter this state is at. */
  feed: z.number().int().nonnegative(),
  tableId: z.string(),
  view: tableViewSchema,
  /** The signed-in viewer, or null for a spectator. */
  you: z.object({ playerId: z.string(), name: z.string() }).nullable(),
  clock: clockSchema.nullable(),
  /** The deal's commitments; the leaves of the cards this viewer sees come with `proofs`. */
  fairness: fairnessSchema.nullable(),
  /** The rules the hand in `view` (or the last one) is dealt with; null before the first. */
  rules: handRulesSchema.nullable(),
  /** What happened since the last state, as this viewer may see it. */
  events: z.array(tableEventSchema),
  /** When the next hand is dealt (epoch ms), or null. */
  nextHandAt: z.number().nullable(),
  /**
   * Only in a snapshot sent on connect or `sync`: the events of the hand in
   * progress (or the last one) and what followed, as this viewer may see
   * them, so a reloaded page's hand log starts with the hand it is in.
   */
  recent: z.array(tableEventSchema).optional(),

  /** A tournament's table: which tournament and table, and whether it has closed (broken, or the end). */
  tournament: z
    .object({ id: z.string(), table: z.number().int(), closed: z.boolean() })
    .nullable()
    .optional(),
  /**
   * A home game's host controls (H-2): paused (no new deal), closed. Absent at
   * every other table. Every viewer gets it with each change, so a pause or a
   * close reaches the table's pages at once.
   */
  home: z.object({ paused: z.boolean(), closed: z.boolean() }).optional(),
  /**
   * T-12: every free seat is held for a player on the waiting list other than this viewer, so
   * he cannot sit in one (absent otherwise). He may join the list instead.
   */
  seatsHeld: z.literal(true).optional(),
});

export const deltaMessageSchema = z.object({
  type: z.literal("delta"),
  /** The change this delta brings the viewer to: the state of `feed - 1` plus `patch`. */
  feed: z.number().int().positive(),
  /**
   * How long after the last clock a new one started with this change (ms):
   * both ends guess its deadlines from the last one's action time and bank
   * (`foresee`). Absent when no clock started, or none ran before.
   */
  lap: z.number().int().optional(),
  /** Absent when nothing this viewer sees changed but its events. */
  patch: patchSchema.optional(),
  /** The hand whose events stand bare in `events` (`pack`); absent when none does. */
  hand: countSchema.optional(),
  /** The change's events, in order, packed (`pack`): `unpack` gives them back. */
  events: z.array(packedEventSchema),
});

/**
 * The answer to `proofs`: the leaves of the cards the viewer's view of hand
 * `handNumber` shows (the board, his own cards, hands shown), none of any
 * other card. Each leads to that deal's root (`verifyLeaves`).
 */
export const proofsMessageSchema = z
  .object({
    type: z.literal("proofs"),
    handNumber: z.number().int().nonnegative(),
    root: hex(32),
    deckSize: z.number().int().positive(),
    leaves: z.array(leafSchema),
  })
  .strict();
export type ProofsMessage = z.infer<typeof proofsMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion("type", [
  stateMessageSchema,
  deltaMessageSchema,
  proofsMessageSchema,
  chatMessageSchema,
  z.object({
    type: z.literal("error"),
    code: errorCodeSchema,
    /** English, for bots and logs; a client words `code` with `params` in its own language. */
    message: z.string(),
    /** The numbers and names the message quotes (`{ min: 40, max: 900 }`); absent when none. */
    params: errorParamsSchema.optional(),
    /** The refused message's sequence number, when it had one. */
    seq: z.number().nullable(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type StateMessage = z.infer<typeof stateMessageSchema>;
export type DeltaMessage = z.infer<typeof deltaMessageSchema>;

export type ParsedClientMessage =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: "message_too_large" | "malformed_message"; message: string };

/** Parse raw socket data without throwing: every failure is an error value the room can send back. */
export function parseClientMessage(raw: string | ArrayBuffer): ParsedClientMessage {
  return parseSocketMessage(raw, clientMessageSchema);
}

/** Raw socket data parsed with `schema` (size first, then JSON, then the schema), never throwing. */
export function parseSocketMessage<T>(
  raw: string | ArrayBuffer,
  schema: z.ZodType<T>,
):
  | { ok: true; message: T }
  | { ok: false; code: "message_too_large" | "malformed_message"; message: string } {
  if (typeof raw !== "string") {
    return { ok: false, code: "malformed_message", message: "Send JSON text, not binary frames." };
  }
  if (raw.length > MAX_CLIENT_MESSAGE_BYTES) {
    return { ok: false, code: "message_too_large", message: "Message is too large." };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: "malformed_message", message: "Message is not JSON." };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    return {
      ok: false,
      code: "malformed_message",
      message: `${issue?.message ?? "Invalid"}${where}.`,
    };
  }
  return { ok: true, message: parsed.data };
}
