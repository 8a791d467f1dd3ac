/**
 * Which Durable Object class serves each binding of `Env` (wrangler.jsonc's
 * `durable_objects`; index.ts exports the classes). Declared here rather than
 * in env.ts, which every room imports: env.ts imports no room, so no room
 * sits in an import cycle through it.
 */
import type { RussianRoom } from "./rooms/russian/russian-room";
import type { TableRoom } from "./rooms/table-room";
import type { TournamentRoom } from "./tournaments/room";

declare module "./env" {
  interface DurableClasses {
    TABLE_ROOM: TableRoom;
    TOURNAMENT_ROOM: TournamentRoom;
    RUSSIAN_ROOM: RussianRoom;
  }
}
