import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The admin's platform settings, one row a setting, its value JSON checked on
 * the way in by the router that owns it. A setting with no row has its
 * default (the code's), so a fresh database needs no seeding.
 * `home_bounds`: what a home game's host may choose (home/bounds.ts).
 */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
