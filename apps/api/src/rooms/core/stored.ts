/**
 * The schemas of what rooms keep in SQLite as JSON, checked as it loads: a
 * row that does not match (a bug, a corruption, a layout no migration knows)
 * fails loudly where it is read, not later as a wrong chip count. The room's
 * own parts are checked field by field; the parts the engine owns (a table,
 * its events, a hand's record) at their top level, since the engine's code
 * wrote them whole and the engine's types describe the rest.
 */
import type { russian, TableEvent, TableState } from "@felt/engine";
import type { Patch } from "@felt/protocol";
import { patchSchema } from "@felt/protocol";
import { z } from "zod";
import type { HandRecord } from "../hand-history";
import type { OutboxItem } from "../outbox";
import type { RoomState, Snapshot } from "../room-state";
import type { Answered, StoredResult } from "../room-storage";
import type { RussianRoomState, RussianSnapshot } from "../russian/russian-state";
import type { RussianIntent, RussianStoredResult } from "../russian/russian-storage";
import type { FundingIntent } from "../table-bank";

/** A body read back: JSON, then its schema; throws naming what it was. */
export function parseStored<T>(schema: z.ZodType<T>, body: string, what: string): T {
  const parsed = schema.safeParse(JSON.parse(body));
  if (!parsed.success) throw new Error(`stored ${what} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

/** A value the engine owns, checked at its top level (see above). */
const engineOwned = <T>(shape: z.ZodRawShape) => z.looseObject(shape) as unknown as z.ZodType<T>;

const count = z.number().int();
const millis = z.number();
const byPlayer = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

const tableSchema = engineOwned<TableState>({
  version: count,
  handNumber: count,
  seats: z.array(z.looseObject({ playerId: z.string(), stack: count }).nullable()),
});

const tableEventSchema = engineOwned<TableEvent>({ type: z.string() });

/** An event row's body: the engine's events and the room's own (room-storage.ts `RoomEvent`). */
export const eventsSchema = z.array(tableEventSchema);

const clockSchema = z.looseObject({
  handNumber: count,
  handVersion: count,
  seat: count,
  playerId: z.string(),
  startedAt: millis.optional(),
  actionEndsAt: millis,
  timesOutAt: millis,
  choice: z.literal(true).optional(),
});

const timingSchema = z.looseObject({
  actionMs: millis,
  timeBankMs: millis,
  timeBankRefillMs: millis.optional(),
  timeBankRefillHands: count.optional(),
  nextHandDelayMs: millis,
  sitOutExpiryMs: millis,
});

const roomSchema = z.looseObject({
  tableId: z.string(),
  timing: timingSchema,
  clock: clockSchema.nullable(),
  timeBanks: byPlayer(millis),
  handsPlayed: byPlayer(count).optional(),
  sitOutSince: byPlayer(millis),
  autoRebuy: byPlayer(count).optional(),
  lastSeq: byPlayer(count),
  nextHandAt: millis.nullable(),
  // A room stored before this deal scheme may hold an older secret (shown to nobody).
  fairness: z.looseObject({ seed: z.string() }).nullable(),
  nextSeed: z.object({ seed: z.string(), commitment: z.string() }).nullable().optional(),
  clientSeeds: byPlayer(z.string()).optional(),
  recentPots: z.array(count),
  pendingStakes: z.looseObject({ timing: timingSchema, since: millis }).nullable().optional(),
  handMovedAt: count.optional(),
  feed: count.optional(),
  tournament: z
    .looseObject({ id: z.string(), number: count, closed: z.boolean() })
    .nullable()
    .optional(),
  waitlist: z
    .array(z.object({ playerId: z.string(), name: z.string(), offerUntil: millis.nullable() }))
    .optional(),
}) as unknown as z.ZodType<RoomState>;

export const snapshotSchema: z.ZodType<Snapshot> = z.object({
  table: tableSchema,
  room: roomSchema,
});

export const storedPatchSchema: z.ZodType<Patch> = patchSchema;

const commandSchema = z.looseObject({ type: z.string() });

export const fundingIntentSchema = z.object({
  ledgerKey: z.string(),
  userId: z.string(),
  amount: count,
  commands: z.array(commandSchema),
  requestKey: z.string().nullable(),
  terms: z.string().optional(),
}) as unknown as z.ZodType<FundingIntent>;

/** A cashier's answer (table-bank.ts): checked for `ok`; the fields of its kind are the cashier's. */
const resultSchema = z.looseObject({ ok: z.boolean() }) as unknown as z.ZodType<StoredResult>;

/** An answered request: its result and terms, or (rows from before terms were kept) the result alone. */
export const answeredSchema: z.ZodType<Answered> = z.union([
  z.object({ result: resultSchema, terms: z.string().nullable() }),
  resultSchema.transform((result) => ({ result, terms: null })),
]);

const money = { key: z.string(), userId: z.string(), amount: count };
export const outboxItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("cashOut"), ...money }),
  z.object({ kind: z.literal("rake"), key: z.string(), amount: count }),
  z.object({ kind: z.literal("freeSet"), ...money }),
  z.object({
    kind: z.literal("history"),
    key: z.string(),
    record: engineOwned<HandRecord>({ handNumber: count }),
  }),
  z.object({ kind: z.literal("houseStake"), ...money }),
  z.object({ kind: z.literal("housePayout"), ...money }),
  z.object({
    kind: z.literal("metrics"),
    key: z.string(),
    source: z.enum(["table", "russian"]),
    counts: z.looseObject({}),
  }),
  z.object({ kind: z.literal("lobby"), key: z.literal("lobby") }),
]) as unknown as z.ZodType<OutboxItem>;

// -- Russian poker ----------------------------------------------------------

const russianRoomSchema = z.looseObject({
  tableId: z.string(),
  feed: count.optional(),
  timing: z.object({ bettingMs: millis, actionMs: millis, nextRoundDelayMs: millis }),
  lastSeq: byPlayer(count),
  clock: z
    .object({ phase: z.enum(["betting", "decisions", "noGameChoices"]), endsAt: millis })
    .nullable(),
  nextRoundAt: millis.nullable(),
  // Rounds stored before the tree keep less (russian-fairness.ts `storedFairness`).
  fairness: z.looseObject({ roundNumber: count, seed: z.string() }).nullable(),
}) as unknown as z.ZodType<RussianRoomState>;

export const russianSnapshotSchema: z.ZodType<RussianSnapshot> = z.object({
  table: engineOwned<russian.RussianTableState>({
    version: count,
    roundNumber: count,
    seats: z.array(z.looseObject({ playerId: z.string(), chips: count })),
  }),
  room: russianRoomSchema,
});

export const russianEventSchema = engineOwned<russian.RussianTableEvent>({ type: z.string() });

export const russianIntentSchema: z.ZodType<RussianIntent> = z.object({
  ledgerKey: z.string(),
  userId: z.string(),
  name: z.string(),
  amount: count,
  requestKey: z.string(),
});

export const russianResultSchema = z.looseObject({
  ok: z.boolean(),
}) as z.ZodType<RussianStoredResult>;
