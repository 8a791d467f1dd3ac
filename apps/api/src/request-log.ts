/**
 * One JSON line per request (log.ts): its id, method, path (and tRPC
 * procedures), status and duration. The id is Cloudflare's `cf-ray` when
 * there is one, else a fresh UUID (locally), and goes back to the caller in
 * `X-Request-Id`, so a player's report can be matched to its line. An id the
 * caller sends is not taken: it could make one request's line pass for another's.
 */
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Env } from "./env";
import { logLine } from "./log";

/** The Hono app's bindings and the variables its middleware sets. */
export type AppEnv = { Bindings: Env; Variables: { requestId: string } };

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Sets `c.get("requestId")`. */
export const requestIds = () =>
  requestId({
    headerName: "",
    generator: (c) => c.req.header("cf-ray") ?? crypto.randomUUID(),
  });

export const requestLog = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // workerd's clock moves only across I/O: this is the time spent waiting (D1, rooms).
  const started = Date.now();
  await next();
  const id = c.get("requestId");
  const status = c.res.status;
  // A socket's 101 carries the socket: its headers are not ours to change.
  if (status !== 101) c.header(REQUEST_ID_HEADER, id);
  if (c.env.FELT_REQUEST_LOG === "off" && status < 500) return;
  const path = c.req.path;
  const procedure = path.startsWith("/trpc/") ? path.slice("/trpc/".length) : undefined;
  logLine(status >= 500 ? "error" : "info", "request", {
    requestId: id,
    method: c.req.method,
    path,
    ...(procedure ? { procedure } : {}),
    status,
    durationMs: Date.now() - started,
  });
};
