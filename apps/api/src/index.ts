import { trpcServer } from "@hono/trpc-server";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { requestTokenHash, socketUserPlan } from "./auth/session";
import { mountChaos } from "./chaos";
import { type Database, database } from "./db/client";
import { given, type Plan, runPlans, Template } from "./db/plans";
import { stakes, tables, tournamentTables } from "./db/schema";
import { type Env, webOrigins } from "./env";
import { apiErrors } from "./health/api-errors";
import { sweepHistories } from "./history/retention";
import { homeAccess } from "./home/access";
import { logError, logLine } from "./log";
import { type AppEnv, requestIds, requestLog } from "./request-log";
import { setSession, setViewer, TABLE_HEADER, withoutRoomHeaders } from "./rooms/room-headers";
import { type RoomKind, roomKindOf, tableRoomOf } from "./rooms/room-of";
import { mountTestClock } from "./test-clock";
import { mayWatchTournamentTable } from "./tournaments/private-access";
import { wakeTournaments } from "./tournaments/wake";
import { createContext, MAX_BATCH_SIZE, reasonOf } from "./trpc/init";
import { appRouter } from "./trpc/router";

export { RussianRoom } from "./rooms/russian/russian-room";
export { TableRoom } from "./rooms/table-room";
export { TournamentRoom } from "./tournaments/room";
export type { AppRouter } from "./trpc/router";

const TABLE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const app = new Hono<AppEnv>();

app.use("*", requestIds(), requestLog());

// Hono's own answer to a throw, with the error as a JSON line carrying the request's id.
app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  logError("unhandled error", error, { requestId: c.get("requestId"), path: c.req.path });
  return c.text("Internal Server Error", 500);
});

// Answers are JSON for this caller alone: never sniffed as another type, never kept by a cache.
app.use("*", async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  c.header("X-Content-Type-Options", "nosniff");
  if (c.req.path.startsWith("/trpc/")) c.header("Cache-Control", "no-store");
});

app.use(
  "/trpc/*",
  cors({
    origin: (origin, c) => (webOrigins(c.env).includes(origin) ? origin : null),
    credentials: true,
  }),
);

app.use("/trpc/*", async (c, next) => {
  const handled = await trpcServer({
    endpoint: "/trpc",
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: (options) => createContext(c.env, c.req.raw, options.resHeaders, c.executionCtx),
    // Counted by reason for admin.health. The client gets a plain message
    // (trpc/init.ts); an internal error's details stay in the Worker's logs.
    onError: ({ error, path }) => {
      apiErrors.count(reasonOf(error));
      if (error.code === "INTERNAL_SERVER_ERROR")
        logError("trpc: internal error", error.cause ?? error, {
          requestId: c.get("requestId"),
          procedure: path,
        });
    },
  })(c, next);
  // At most once a minute per isolate, after the answer (health/api-errors.ts).
  const written = apiErrors.flush(database(c.env.DB), Date.now());
  if (written) {
    try {
      c.executionCtx.waitUntil(written);
    } catch {
      // No execution context (a test's app.fetch): the write runs on its own.
    }
  }
  return handled;
});

/**
 * The table socket. Who is connecting is settled here, from the session
 * cookie (browsers) or `Authorization: Bearer` (bots: the `ws` client sends
 * headers). A token in the URL is not accepted: logs and proxies keep URLs.
 * The room gets the user and his session in headers it trusts because they
 * can only come from here; no credentials at all = a spectator. Each
 * session's tables are noted in D1, so signing out can close its sockets.
 */
app.get("/ws/table/:id", async (c) => {
  const id = c.req.param("id");
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return c.text("Expected a WebSocket upgrade", 426);
  }
  if (!TABLE_ID.test(id)) return c.text("Unknown table", 404);
  const db = database(c.env.DB);
  const tokenHash = await requestTokenHash(c.env, c.req.raw);
  // Which room serves the table, and who is connecting: one round trip to D1.
  const known = roomKinds.get(id);
  const [kind, user] = await runPlans(db, [
    known ? given(known) : roomKindPlan(db, id),
    tokenHash ? socketUserPlan(db, tokenHash, id, Date.now()) : given(null),
  ] as const);
  if (!kind) return c.text("Unknown table", 404);
  if (!known) keepRoomKind(id, kind);
  // A bot's token that no longer works is an error it should see; a stale browser
  // cookie just makes a spectator, who can still watch and sign in again.
  if (!user && c.req.header("Authorization") !== undefined) {
    return c.text("Your session has expired; sign in again.", 401);
  }

  // H-1: a home game's socket is for its host and admitted guests (and link watchers, if allowed).
  // H-7: a private sit-and-go's tables are for its host and entrants.
  if (kind === "table" && !publicTables.has(id)) {
    const home = await homeAccess(db, id, user?.id ?? null);
    if (home && !home.mayView) return c.text("Unknown table", 404);
    if (!home) {
      const may = await mayWatchTournamentTable(c.env, db, id, user?.id ?? null);
      if (may === "public") keepPublic(id);
      else if (!may) return c.text("Unknown table", 404);
    }
  }

  const headers = withoutRoomHeaders(c.req.raw.headers);
  headers.set(TABLE_HEADER, id);
  setViewer(headers, user && { playerId: user.id, name: user.displayName });
  setSession(headers, user && { id: user.tokenHash, endsAt: user.sessionEndsAt });
  return tableRoomOf(c.env, kind, id).fetch(new Request(c.req.raw, { headers }));
});

/**
 * Which room serves each table seen (Russian poker tables have their own, on
 * the same path). A table's game never changes once it is opened, so the
 * isolate asks D1 once per table, not once per socket; unknown ids are not kept.
 */
const roomKinds = new Map<string, RoomKind>();
const ROOM_KINDS_KEPT = 10_000;

function keepRoomKind(id: string, kind: RoomKind) {
  if (roomKinds.size >= ROOM_KINDS_KEPT) roomKinds.clear();
  roomKinds.set(id, kind);
}

/** Tables known to be no home game (a table never becomes one): asked of D1 once per isolate. */
const publicTables = new Set<string>();

function keepPublic(id: string) {
  if (publicTables.size >= ROOM_KINDS_KEPT) publicTables.clear();
  publicTables.add(id);
}

/** A table's game (a tournament's table plays hold'em or draw, never Russian poker). */
const ROOM_KIND = new Template<"id">((db) => [
  db
    .select({ game: sql<string>`${stakes.game}`.as("game") })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, sql.placeholder("id")))
    .union(
      db
        .select({ game: sql<string>`'tournament'`.as("game") })
        .from(tournamentTables)
        .where(eq(tournamentTables.id, sql.placeholder("id"))),
    )
    .limit(1),
]);

const roomKindPlan = (db: Database, id: string): Plan<RoomKind | null> => ({
  statements: ROOM_KIND.bind(db, { id }),
  read: ([found]) => {
    const row = found?.results[0] as { game: string } | undefined;
    return row ? roomKindOf(row.game) : null;
  },
});

mountChaos(app);
mountTestClock(app);

app.get("/", (c) => c.json({ service: "felt-api", docs: "/docs/API.md in the repository" }));

/**
 * The Worker: HTTP through Hono, and the Cron Trigger (wrangler.jsonc
 * `triggers.crons`), which opens the rooms of tournaments about to start.
 */
export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    // Old hands out (HISTORY_RETENTION_DAYS); a failure waits for the next run, and the rooms' wake-up still runs.
    const swept = await sweepHistories(env, controller.scheduledTime).catch((error) => {
      logError("cron: history retention failed", error);
      return 0;
    });
    if (swept > 0) logLine("info", "cron: old hand histories deleted", { hands: swept });
    const opened = await wakeTournaments(env, controller.scheduledTime);
    if (opened.length > 0)
      logLine("info", "cron: opened tournament rooms", { rooms: opened.length });
  },
} satisfies ExportedHandler<Env>;
