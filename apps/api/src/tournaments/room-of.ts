import type { Env } from "../env";

/** The Durable Object of tournament `id` (its name is the id): the routers', the cron's and the series' way in. */
export const tournamentRoomOf = (env: Pick<Env, "TOURNAMENT_ROOM">, id: string) =>
  env.TOURNAMENT_ROOM.get(env.TOURNAMENT_ROOM.idFromName(id));
