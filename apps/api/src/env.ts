import type { TableRoom } from "./rooms/table-room";

/** Bindings from wrangler.jsonc; the only place the Worker's environment is described. */
export type Env = {
  DB: D1Database;
  TABLE_ROOM: DurableObjectNamespace<TableRoom>;
  /** Comma-separated browser origins allowed to call the API with credentials. */
  WEB_ORIGINS: string;
};

/** The allowed browser origins, parsed once per request from the environment. */
export function webOrigins(env: Env): string[] {
  return env.WEB_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}
