import {
  DEALERS_CHOICE_GAMES,
  type DealersChoiceGame,
  TOURNAMENT_GAMES,
  type TournamentGame,
} from "@felt/protocol/games";
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RussianStakeRules } from "../../rooms/russian/russian-rules";

import { createdAt } from "./columns";

/** The games a stake deals; `stud7` and `stud5` are seven- and five-card stud (ST-1, ST-5). */
export const GAMES = [
  "holdem",
  "omaha",
  "draw",
  "stud7",
  "stud5",
  "russian",
  "dealers-choice",
] as const;
// The games a dealer's choice stake may list: one list for the API, the admin's form and the bots.
export { DEALERS_CHOICE_GAMES, type DealersChoiceGame, TOURNAMENT_GAMES, type TournamentGame };
export const BETTING = ["no-limit", "pot-limit", "fixed-limit"] as const;
export const DECKS = ["52", "32"] as const;
export const WILD_CARDS = [
  "none",
  "joker",
  "two-jokers",
  "bug",
  "deuces",
  "deuces-and-joker",
  "one-eyed-jacks",
  "lowest-in-hand",
  // ST-7: seven-card stud's lowest face-down card (five-card stud's option is lowest-in-hand).
  "low-hole-card",
] as const;
/** Who may write in table chat (the protocol's CHAT_MODES; stake.ts checks they agree). */
export const CHAT_MODES = ["off", "players", "everyone"] as const;

/** A stake is an admin's recipe for tables: the game, the betting, the money limits. */
export const stakes = sqliteTable(
  "stakes",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    game: text("game", { enum: GAMES }).notNull(),
    betting: text("betting", { enum: BETTING }).notNull(),
    smallBlind: integer("small_blind").notNull(),
    bigBlind: integer("big_blind").notNull(),
    ante: integer("ante").notNull().default(0),
    minBuyInBb: integer("min_buy_in_bb").notNull().default(20),
    maxBuyInBb: integer("max_buy_in_bb").notNull().default(100),
    seats: integer("seats").notNull(),
    /** C-1: the full 52-card deck, or the 32-card 7–A deck (draw only). */
    deck: text("deck", { enum: DECKS }).notNull().default("52"),
    /** W-1..W-5, ST-7: which cards are wild, if any. */
    wild: text("wild", { enum: WILD_CARDS }).notNull().default("none"),
    /** Dealer's choice: the games the button picks from, in order (DEALERS_CHOICE_GAMES); null for one game. */
    games: text("games", { mode: "json" }).$type<DealersChoiceGame[]>(),
    /** B-6: fixed-limit bet units (small bet, big bet); null for NL/PL. Stud: the small blind column is the bring-in (ST-2). */
    smallBet: integer("small_bet"),
    bigBet: integer("big_bet"),
    /** T-10: rake in basis points of the pot (500 = 5%), capped per pot in chips. */
    rakeBasisPoints: integer("rake_bps").notNull().default(0),
    rakeCap: integer("rake_cap").notNull().default(0),
    noFlopNoDrop: integer("no_flop_no_drop", { mode: "boolean" }).notNull().default(true),
    actionSeconds: integer("action_seconds").notNull().default(20),
    timeBankSeconds: integer("time_bank_seconds").notNull().default(60),
    /** The time bank refills by this many seconds every `timeBankRefillHands` hands, up to `timeBankSeconds`. */
    timeBankRefillSeconds: integer("time_bank_refill_seconds").notNull().default(10),
    timeBankRefillHands: integer("time_bank_refill_hands").notNull().default(5),
    /** Table chat: off, the seated players, or every signed-in viewer (all may read while it is on). */
    chat: text("chat", { enum: CHAT_MODES }).notNull().default("players"),
    /** Russian poker: boxes, bonus limit, improvements, maximum payout, pay and bonus tables (RP-1 … RP-11); null: the engine's defaults. */
    russian: text("russian", { mode: "json" }).$type<RussianStakeRules>(),
    /** Set when an admin deletes a stake that tables still refer to (history stays intact). */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
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
    /** Reported by the table's room after each hand; null until it has played one. */
    averagePot: integer("average_pot"),
    /** T-12: players on the table's waiting list, as its room last reported. */
    waiting: integer("waiting").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("tables_stake").on(t.stakeId)],
);
