/**
 * Who a viewer is at a home game, read from D1 (home/rules.ts decides what
 * that allows). Every door to a private table asks here: the table socket,
 * the cashier's buy-in, the table's page and the host's procedures.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { homeGameGuests, homeGames, users } from "../db/schema";
import { apiError } from "../trpc/messages";
import { type HomeRefusal, type HomeRole, mayView, roleOf } from "./rules";

export type HomeAccess = {
  tableId: string;
  hostId: string;
  hostName: string;
  spectators: boolean;
  options: (typeof homeGames.$inferSelect)["options"];
  role: HomeRole;
  /** H-1: may see the table's state, chat and hands. */
  mayView: boolean;
};

/** The viewer's access to a home game, or null when the table is no home game. */
export async function homeAccess(
  db: Database,
  tableId: string,
  viewerId: string | null,
): Promise<HomeAccess | null> {
  const [game] = await db
    .select({
      hostId: homeGames.hostId,
      hostName: users.displayName,
      spectators: homeGames.spectators,
      options: homeGames.options,
    })
    .from(homeGames)
    .innerJoin(users, eq(users.id, homeGames.hostId))
    .where(eq(homeGames.tableId, tableId))
    .limit(1);
  if (!game) return null;
  let guest = null;
  if (viewerId !== null && viewerId !== game.hostId) {
    const [row] = await db
      .select({ status: homeGameGuests.status })
      .from(homeGameGuests)
      .where(and(eq(homeGameGuests.tableId, tableId), eq(homeGameGuests.playerId, viewerId)))
      .limit(1);
    guest = row?.status ?? null;
  }
  const role = roleOf(game.hostId, viewerId, guest);
  return { tableId, ...game, role, mayView: mayView(role, game.spectators) };
}

/** The English words of each refusal; clients word the code (apps/web messages, EN and RU). */
export const HOME_REFUSALS: Record<HomeRefusal, string> = {
  invite_invalid: "This invite link is not valid: it was revoked, or mistyped.",
  you_are_host: "You host this game: you need no invitation.",
  request_refused: "The host turned down your request for a seat.",
  removed_by_host: "The host removed you from this game.",
  spectators_off: "The host does not allow spectators; ask for a seat instead.",
  no_request: "This player has not asked for a seat.",
  already_admitted: "This player is already admitted; remove him instead.",
  not_admitted: "The host has not admitted you to this game.",
  not_host: "Only the host may do this.",
  not_invited: "This is a private game: you need its invite link.",
  game_already_paused: "The game is already paused.",
  game_not_paused: "The game is not paused.",
  hand_in_progress: "A hand is being played: pause, and close once it ends.",
  home_game_closed: "This game is closed.",
};

const STATUS: Record<HomeRefusal, "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "PRECONDITION_FAILED"> =
  {
    invite_invalid: "NOT_FOUND",
    you_are_host: "CONFLICT",
    request_refused: "FORBIDDEN",
    removed_by_host: "FORBIDDEN",
    spectators_off: "FORBIDDEN",
    no_request: "PRECONDITION_FAILED",
    already_admitted: "CONFLICT",
    not_admitted: "FORBIDDEN",
    not_host: "FORBIDDEN",
    not_invited: "NOT_FOUND",
    game_already_paused: "CONFLICT",
    game_not_paused: "CONFLICT",
    hand_in_progress: "PRECONDITION_FAILED",
    home_game_closed: "PRECONDITION_FAILED",
  };

/** A refusal as the API answers it: its code is the reason. */
export const homeError = (code: HomeRefusal, params: Record<string, string | number> = {}) =>
  apiError(STATUS[code], code, HOME_REFUSALS[code], params);
