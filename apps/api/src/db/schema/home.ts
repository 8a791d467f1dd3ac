import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import { createdAt } from "./columns";
import { tables } from "./tables";
import { users } from "./users";

/**
 * H-1: where a guest stands at a home game: watching from the link (when the
 * host allows it), asked for a seat, let in, turned away, or removed by the host.
 */
export const HOME_GUEST_STATUSES = [
  "watching",
  "requested",
  "admitted",
  "refused",
  "removed",
] as const;

/**
 * A home game (docs/rules.md#home-games): a private cash table a player
 * hosts. Its stake row is private to it (`stakes.archivedAt` is set so the
 * admin's list and the lobby never offer it); who may see it is
 * `home_game_guests`. The invite link's token is kept only as its SHA-256
 * (null once revoked), so a copy of the database opens no table.
 */
export const homeGames = sqliteTable(
  "home_games",
  {
    tableId: text("table_id")
      .primaryKey()
      .references(() => tables.id),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id),
    inviteHash: text("invite_hash"),
    /** Anyone with the link may watch (no seat); off, only the host and admitted guests see the table. */
    spectators: integer("spectators", { mode: "boolean" }).notNull().default(false),
    /** H-3 … H-5 as the host set them (the engine's `TableSetup.home`). */
    options: text("options", { mode: "json" }).notNull().$type<{
      endsAt: number | null;
      poverty: { freeSets: number; setChips?: number } | null;
      specialRound: boolean;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("home_games_invite").on(t.inviteHash), index("home_games_host").on(t.hostId)],
);

export const homeGameGuests = sqliteTable(
  "home_game_guests",
  {
    tableId: text("table_id")
      .notNull()
      .references(() => homeGames.tableId),
    playerId: text("player_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: HOME_GUEST_STATUSES }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.playerId] }),
    index("home_game_guests_player").on(t.playerId),
  ],
);
