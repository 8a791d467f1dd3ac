import { AVATARS } from "@felt/protocol/avatars";
import {
  DEALERS_CHOICE_GAMES,
  type DealersChoiceGame,
  TOURNAMENT_GAMES,
  type TournamentGame,
} from "@felt/protocol/games";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { RussianRoundRecord } from "../history/russian-round";
import type { RussianStakeRules } from "../rooms/russian/russian-rules";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
    createdAt: createdAt(),
  },
  (t) => [index("tables_stake").on(t.stakeId)],
);

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

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull().unique(),
  /** The name's look-alike key (auth/display-name.ts): two names that look the same share it. */
  nameKey: text("name_key").unique(),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ["player", "admin"] })
    .notNull()
    .default("player"),
  /** One of the built-in avatars (@felt/protocol/avatars); null: none chosen. */
  avatar: text("avatar", { enum: AVATARS }),
  createdAt: createdAt(),
});

/** The most characters a private note on another player may hold. */
export const NOTE_MAX_LENGTH = 500;

/**
 * A player's private note on another player (account/notes.ts): only its
 * author ever reads it. One per author and subject; an empty note is no row.
 */
export const playerNotes = sqliteTable(
  "player_notes",
  {
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    subjectId: text("subject_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.authorId, t.subjectId] }),
    check(
      "player_notes_length",
      sql`length(${t.text}) BETWEEN 1 AND ${sql.raw(String(NOTE_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * A password reset link (account/password-reset.ts). Only the token's
 * SHA-256 is stored; it works once (`usedAt`) and until `expiresAt`.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The admin who issued it by hand; null when the player asked by email. */
    issuedBy: text("issued_by"),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user").on(t.userId)],
);

/**
 * A signed-in session. Only the SHA-256 of the token is stored, so a leaked
 * database does not hand out live sessions.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/**
 * The tables at which a session has opened a socket, so that signing out
 * closes them (each room closes that session's sockets). Gone with the session.
 */
export const sessionSockets = sqliteTable(
  "session_sockets",
  {
    tokenHash: text("token_hash")
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: "cascade" }),
    tableId: text("table_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.tableId] })],
);

/** What an abuse limit counts (auth/rate-limit.ts). */
export const ATTEMPT_SCOPES = [
  "account_ip",
  "account",
  "device",
  "ip",
  "sign_up_ip",
  "sign_up",
  "reset_ip",
  "reset_email",
] as const;
export type AttemptScope = (typeof ATTEMPT_SCOPES)[number];

/** Attempts counted by the abuse limits, until their window passes or a success clears them. */

export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    scope: text("scope", { enum: ATTEMPT_SCOPES }).notNull(),
    subject: text("subject").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("auth_attempts_subject").on(t.scope, t.subject, t.at)],
);

export const ACCOUNT_KINDS = ["mint", "house", "wallet", "table", "tournament"] as const;

/**
 * Ledger accounts. `balance` is a cache of the sum of the account's entries,
 * updated in the same batch as the entries (reconcile() proves they agree).
 * The mint is where play money is created: its balance is minus everything
 * ever issued, so all balances always sum to zero.
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    /** The user, table or tournament the account belongs to; null for mint and house. */
    ownerId: text("owner_id"),
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The last line of defence against an overdraft: the debit's UPDATE fails and the batch rolls back.
    check("accounts_not_negative", sql`${t.kind} = 'mint' OR ${t.balance} >= 0`),
    check("accounts_mint_not_positive", sql`${t.kind} <> 'mint' OR ${t.balance} <= 0`),
  ],
);

export const TRANSFER_KINDS = [
  "grant",
  "reload",
  "buy_in",
  "cash_out",
  "rake",
  "tournament_entry",
  "tournament_refund",
  "tournament_prize",
  "tournament_fee",
  /** Russian poker: a settled box's stakes, escrow → the house that plays against it. */
  "house_stake",
  /** Russian poker: what a settled box gets back and wins, the house → escrow. */
  "house_payout",
  /** Play money created for the house to back its Russian poker tables. */
  "house_bankroll",
] as const;

/** One movement of chips: always exactly two entries (debit and credit) of equal size. */
export const transfers = sqliteTable(
  "transfers",
  {
    id: text("id").primaryKey(),
    /** Namespaced by the caller (`buy_in:<user>:<client key>`), so a retry moves money once. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: TRANSFER_KINDS }).notNull(),
    fromAccount: text("from_account")
      .notNull()
      .references(() => accounts.id),
    toAccount: text("to_account")
      .notNull()
      .references(() => accounts.id),
    amount: integer("amount").notNull(),
    /** The user on whose behalf the money moved, if any. */
    userId: text("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("transfers_positive", sql`${t.amount} > 0`),
    check("transfers_two_accounts", sql`${t.fromAccount} <> ${t.toAccount}`),
    index("transfers_user").on(t.userId, t.kind, t.createdAt),
  ],
);

export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transferId: text("transfer_id")
      .notNull()
      .references(() => transfers.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Signed: negative leaves the account, positive arrives. */
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
    uniqueIndex("ledger_entries_leg").on(t.transferId, t.accountId),
    index("ledger_entries_account").on(t.accountId, t.id),
  ],
);

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

/**
 * Finished hands, as PHH text: every card, the deal's proof and the server seed (`_felt_*`, docs/fairness.md); players read them through `redactPhh`.
 * Written by the table's room through its outbox, once per hand.
 */
export const handHistories = sqliteTable(
  "hand_histories",
  {
    /** `<table id>:<hand number>`: the room writes the same id on every retry. */
    id: text("id").primaryKey(),
    /** A cash table (`tables`) or a tournament's table (`tournament_tables`). */
    tableId: text("table_id").notNull(),
    handNumber: integer("hand_number").notNull(),
    /** The hand as PHH; empty for a Russian poker round, which PHH cannot describe. */
    phh: text("phh").notNull(),
    /** A Russian poker round instead (docs/russian-rounds.md): every box, the dealer, the settlement. */
    russianRound: text("russian_round", { mode: "json" }).$type<RussianRoundRecord>(),
    /** When the hand ended. */
    createdAt: createdAt(),
  },
  // No index on (table, hand): the id is already `<table>:<hand>`, and no query reads by
  // table. A second one cost every hand another page and another billed row in D1.
);

/** Who played each hand: the key to "my hands" and to who may read a history. */
export const handHistoryPlayers = sqliteTable(
  "hand_history_players",
  {
    handId: text("hand_id")
      .notNull()
      .references(() => handHistories.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    seat: integer("seat").notNull(),
    /** Chips won (positive) or lost (negative) in the hand. */
    net: integer("net").notNull(),
    /** The hand's end, copied here so a player's hands page by one index. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.handId, t.userId] }),
    index("hand_history_players_user").on(t.userId, t.createdAt, t.handId),
  ],
);

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
  },
  (t) => [primaryKey({ columns: [t.roomId, t.key] }), index("room_metrics_at").on(t.at)],
);
