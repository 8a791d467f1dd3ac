import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { createdAt } from "./columns";

/**
 * Tournament payout tables: for each field-size range, the percentage of the
 * prize pool each place gets, in basis points summing to 10,000. Stored as
 * JSON and validated with admin/payout-input.ts on the way in.
 */
export const payoutTables = sqliteTable("payout_tables", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  tiers: text("tiers", { mode: "json" }).notNull().$type<PayoutTier[]>(),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export type PayoutTier = { minEntrants: number; maxEntrants: number; basisPoints: number[] };

/** Every change an admin makes, with what it was before and after. */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: text("admin_id").notNull(),
    action: text("action").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_created").on(t.createdAt)],
);
