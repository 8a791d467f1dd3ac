/**
 * A clock the browser tests can move (apps/web/test/servers.ts): the served
 * platform has no `advanceClock` a test file can import, so a tournament's
 * start would cost its seconds on the wall clock. This route moves the rooms'
 * injected clock (clock.ts) forward to an instant and has a tournament's room
 * set its alarm again by it, so the start comes at once.
 *
 * Test-only, and unreachable in production: it answers only when the Worker's
 * environment has FELT_TEST_CLOCK = "browser-tests", a var that
 * wrangler.jsonc does not define (so `wrangler deploy` never sets it) and that
 * only scripts/serve.mjs passes, when started with it itself. Without it the
 * route is a 404.
 */
import type { Hono } from "hono";
import { advanceClock, now } from "./clock";
import type { Env } from "./env";
import type { AppEnv } from "./request-log";
import { tournamentRoomOf } from "./tournaments/room-of";

export const testClockEnabled = (env: Pick<Env, "FELT_TEST_CLOCK">) =>
  env.FELT_TEST_CLOCK === "browser-tests";

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
/** The most one call may move the clock: a test skips a wait, not a day. */
const MAX_STEP_MS = 3_600_000;

export function mountTestClock(app: Hono<AppEnv>): void {
  // The rooms' time, which runs ahead of the wall clock once moved: a test schedules by it.
  app.get("/test-clock/now", (c) =>
    testClockEnabled(c.env) ? c.json({ now: now() }) : c.notFound(),
  );
  app.post("/test-clock/advance", async (c) => {
    if (!testClockEnabled(c.env)) return c.notFound();
    const body = (await c.req.json().catch(() => null)) as {
      to?: unknown;
      tournament?: unknown;
    } | null;
    const to = body?.to;
    const tournament = body?.tournament;
    if (typeof to !== "number" || !Number.isSafeInteger(to) || to - now() > MAX_STEP_MS)
      return c.json({ error: "`to`: an epoch millisecond within the hour ahead" }, 400);
    if (tournament !== undefined && (typeof tournament !== "string" || !ID.test(tournament)))
      return c.json({ error: "`tournament`: a tournament id" }, 400);
    const moved = to > now() ? advanceClock(to - now()) : now();
    // The room's alarm was set by the wall clock for the old reading; set it again by this one.
    if (tournament) await tournamentRoomOf(c.env, tournament).clockMoved();
    return c.json({ now: moved });
  });
}
