import { TOURNAMENT_GAMES } from "@felt/protocol/games";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt } from "./columns";

/**
 * A scheduled multi-table tournament. The row is its definition and the
 * lobby's summary; the TournamentRoom Durable Object is the authority on
 * entries, tables and places once it runs, and copies its counts back here.
 */
export const tournaments = sqliteTable("tournaments", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
  /** The prize-pool part of the buy-in. */
  buyIn: integer("buy_in").notNull(),
  /** The house's part, paid on top of `buyIn`. */
  fee: integer("fee").notNull(),
  startingStack: integer("starting_stack").notNull(),
  status: text("status", { enum: ["scheduled", "registering", "running", "finished", "cancelled"] })
    .notNull()
    .default("scheduled"),
  /**
   * Everything else the tournament package needs (@felt/tournament's
   * `TournamentConfig`: structure, payouts, options), as JSON. Null only for
   * rows made before tournaments ran; the room then plays a default.
   */
  config: text("config", { mode: "json" }).$type<Record<string, unknown>>(),
  /** Below this many entries at the start time the tournament is cancelled and refunded. */
  minEntrants: integer("min_entrants").notNull().default(2),
  /**
   * A repeating tournament: when this one starts (or is cancelled at its start),
   * the next of its series is scheduled this many minutes later. Null = once.
   */
  repeatEveryMinutes: integer("repeat_every_minutes"),
  /** The first tournament of the series, whose id the next ones are named after. */
  seriesId: text("series_id"),
  /** The game every table deals (TOURNAMENT_GAMES); rows stored before it deal no-limit hold'em. */
  game: text("game", { enum: TOURNAMENT_GAMES }).notNull().default("holdem-nl"),
  /** The tables' clock: normal time to act, and each player's time bank at a table. */
  actionSeconds: integer("action_seconds").notNull().default(20),
  timeBankSeconds: integer("time_bank_seconds").notNull().default(60),
  /** The lobby's texts: a description, and both in Russian (shown at the ru locale, else the default). */
  description: text("description"),
  nameRu: text("name_ru"),
  descriptionRu: text("description_ru"),
  /**
   * H-7: `sit-and-go` starts when `seats` players have registered (its
   * startsAt is when it opened), not at a time.
   */
  kind: text("kind", { enum: ["scheduled", "sit-and-go"] })
    .notNull()
    .default("scheduled"),
  /** A sit-and-go's seats (its config's maxEntries), for the lobby's "4/6"; null when scheduled. */
  seats: integer("seats"),
  /** A public sit-and-go that, when it starts, opens the next one like it at once. */
  refill: integer("refill", { mode: "boolean" }).notNull().default(false),
  /**
   * A private sit-and-go's host and the SHA-256 of its link's token (as home
   * games keep theirs): out of the lobby, seen and joined only by link. Null = public.
   */
  hostId: text("host_id"),
  inviteHash: text("invite_hash"),
  /** Copied from the room after every change, for the lobby. */
  entries: integer("entries").notNull().default(0),
  prizePool: integer("prize_pool").notNull().default(0),
  createdAt: createdAt(),
});

/** The tables a tournament's room opened: the socket route admits these besides cash tables. */
export const tournamentTables = sqliteTable(
  "tournament_tables",
  {
    /** `<tournament id>-t<number>`; also the name of its TableRoom. */
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    number: integer("number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tournament_tables_number").on(t.tournamentId, t.number)],
);
