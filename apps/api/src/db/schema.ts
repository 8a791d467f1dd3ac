import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** A stake is an admin's recipe for tables: the game, the betting, the money limits. */
export const stakes = sqliteTable(
  "stakes",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    game: text("game", { enum: ["holdem", "omaha", "draw", "russian"] }).notNull(),
    betting: text("betting", { enum: ["no-limit", "pot-limit", "fixed-limit"] }).notNull(),
    smallBlind: integer("small_blind").notNull(),
    bigBlind: integer("big_blind").notNull(),
    ante: integer("ante").notNull().default(0),
    minBuyInBb: integer("min_buy_in_bb").notNull().default(20),
    maxBuyInBb: integer("max_buy_in_bb").notNull().default(100),
    seats: integer("seats").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("stakes_blinds", sql`${t.smallBlind} > 0 AND ${t.bigBlind} >= ${t.smallBlind}`),
    check("stakes_seats", sql`${t.seats} BETWEEN 2 AND 10`),
    check("stakes_buy_in", sql`${t.minBuyInBb} > 0 AND ${t.maxBuyInBb} >= ${t.minBuyInBb}`),
  ],
);

/** An open (or closed) table made from a stake; its live state lives in its TableRoom. */
export const tables = sqliteTable(
  "tables",
  {
    id: text("id").primaryKey(),
    stakeId: text("stake_id")
      .notNull()
      .references(() => stakes.id),
    name: text("name").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    playersSeated: integer("players_seated").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("tables_stake").on(t.stakeId)],
);

/** A scheduled multi-table tournament (the tournament issue fills in the rest). */
export const tournaments = sqliteTable("tournaments", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
  buyIn: integer("buy_in").notNull(),
  fee: integer("fee").notNull(),
  startingStack: integer("starting_stack").notNull(),
  status: text("status", { enum: ["scheduled", "registering", "running", "finished", "cancelled"] })
    .notNull()
    .default("scheduled"),
  createdAt: createdAt(),
});

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ["player", "admin"] })
    .notNull()
    .default("player"),
  createdAt: createdAt(),
});
