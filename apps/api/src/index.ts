import { trpcServer } from "@hono/trpc-server";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { database } from "./db/client";
import { tables } from "./db/schema";
import { type Env, webOrigins } from "./env";
import { createContext } from "./trpc/init";
import { appRouter } from "./trpc/router";

export { TableRoom } from "./rooms/table-room";
export type { AppRouter } from "./trpc/router";

const TABLE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const app = new Hono<{ Bindings: Env }>();

app.use(
  "/trpc/*",
  cors({
    origin: (origin, c) => (webOrigins(c.env).includes(origin) ? origin : null),
    credentials: true,
  }),
);

app.use(
  "/trpc/*",
  trpcServer({
    endpoint: "/trpc",
    router: appRouter,
    createContext: (options, c) => createContext(c.env, c.req.raw, options.resHeaders),
    // The client gets a plain message (trpc/init.ts); the details stay in the Worker's logs.
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        console.error(`trpc ${path}:`, error.cause ?? error);
    },
  }),
);

app.get("/ws/table/:id", async (c) => {
  const id = c.req.param("id");
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return c.text("Expected a WebSocket upgrade", 426);
  }
  if (!TABLE_ID.test(id)) return c.text("Unknown table", 404);
  const [table] = await database(c.env.DB)
    .select({ id: tables.id })
    .from(tables)
    .where(eq(tables.id, id))
    .limit(1);
  if (!table) return c.text("Unknown table", 404);

  const room = c.env.TABLE_ROOM.get(c.env.TABLE_ROOM.idFromName(id));
  const request = new Request(c.req.raw);
  request.headers.set("X-Felt-Table-Id", id);
  return room.fetch(request);
});

app.get("/", (c) => c.json({ service: "felt-api", docs: "/docs/API.md in the repository" }));

export default app;
