/** Players and their sign-in: users, notes on other players, password resets, sessions and their sockets, sign-in attempts. */
import { AVATARS } from "@felt/protocol/avatars";
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { createdAt } from "./columns";

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
