/**
 * Chaos for the soak test (`felt bots --chaos-every-s N`): a route that
 * aborts a table's room, as a crash of its machine would. Test-only, and
 * unreachable in production: it answers only when the Worker's environment
 * has FELT_CHAOS = "abort-rooms", a var that wrangler.jsonc does not define
 * (so `wrangler deploy` never sets it) and that only scripts/serve.mjs
 * passes, and only when started with FELT_CHAOS=abort-rooms itself. The room
 * checks it again before it aborts. Without it the route is a 404.
 */
import type { Hono } from "hono";
import type { Env } from "./env";
import type { AppEnv } from "./request-log";

export const chaosEnabled = (env: Pick<Env, "FELT_CHAOS">) => env.FELT_CHAOS === "abort-rooms";

const TABLE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function mountChaos(app: Hono<AppEnv>): void {
  app.post("/chaos/abort-room/:id", async (c) => {
    if (!chaosEnabled(c.env)) return c.notFound();
    const id = c.req.param("id");
    if (!TABLE_ID.test(id)) return c.notFound();
    const room = c.env.TABLE_ROOM.get(c.env.TABLE_ROOM.idFromName(id));
    // Not awaited: aborting breaks the call that asked for it, which is the abort working.
    c.executionCtx.waitUntil(room.abortForChaos().catch(() => {}));
    return c.json({ aborted: id });
  });
}
