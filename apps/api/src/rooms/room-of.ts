import type { Env } from "../env";

/**
 * Which Durable Object class serves a table: Russian poker, played against
 * the house, has rooms of its own (on the same ids and socket path); every
 * other game, and every tournament table, is a TableRoom.
 */
export type RoomKind = "russian" | "table";

/** The kind of room for a stake's game (null: a tournament table, which has no stake row). */
export const roomKindOf = (game: string | null): RoomKind =>
  game === "russian" ? "russian" : "table";

/** The room serving table `tableId`. Asking the other class would wake an empty room. */
export function tableRoomOf(env: Env, kind: RoomKind, tableId: string) {
  return kind === "russian"
    ? env.RUSSIAN_ROOM.get(env.RUSSIAN_ROOM.idFromName(tableId))
    : env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName(tableId));
}
