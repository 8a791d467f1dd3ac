import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RoomCosts } from "../../rooms/room-metrics";

/** Where a `room_metrics` row comes from: a poker table's room, a Russian poker room, or the Worker's tRPC errors. */
export const METRIC_SOURCES = ["table", "russian", "api"] as const;

/**
 * The operator's counters (admin.health, docs/operations.md#monitoring). A
 * room keeps them in memory and writes one row with its outbox at the end of
 * each hand or round, in the batch that delivers the history and the rake
 * (no D1 call of its own); the Worker writes its tRPC errors at most once a
 * minute per isolate. Each row holds what happened since the room's last one.
 */
export const roomMetrics = sqliteTable(
  "room_metrics",
  {
    /** The table's id, or `api:<isolate>` for the Worker's rows. */
    roomId: text("room_id").notNull(),
    /** Unique within the room (`h<hand>`, `r<round>`): a delivery made again writes nothing. */
    key: text("key").notNull(),
    source: text("source", { enum: METRIC_SOURCES }).notNull(),
    /** When the row was made, by the room's clock (ms since the epoch). */
    at: integer("at").notNull(),
    /** Hands (or Russian rounds) settled: 1 on a hand's row. */
    hands: integer("hands").notNull().default(0),
    /** Player actions accepted, and how long each took from its receipt to its broadcast (room-metrics.ts's buckets). */
    actions: integer("actions").notNull().default(0),
    latency: text("latency", { mode: "json" }).$type<number[]>().notNull(),
    /** Refusals and errors by code: `{ "not_your_turn": 2 }`. */
    errors: text("errors", { mode: "json" }).$type<Record<string, number>>().notNull(),
    /** Signed-in viewers with a socket open at the room when the row was made. */
    viewers: integer("viewers").notNull().default(0),
    /** What the room's changes cost (room-metrics.ts's `RoomCosts`); `{}` on rows made before they were counted. */
    costs: text("costs", { mode: "json" }).$type<Partial<RoomCosts>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.key] }), index("room_metrics_at").on(t.at)],
);
