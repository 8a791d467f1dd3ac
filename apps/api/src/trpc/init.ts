import { initTRPC } from "@trpc/server";
import { database } from "../db/client";
import type { Env } from "../env";

/**
 * The context every procedure sees. A `type`, not an `interface`:
 * @hono/trpc-server's generics need it (DESIGN.md, known snags).
 */
export type Context = {
  env: Env;
  db: ReturnType<typeof database>;
  request: Request | null;
};

/** Build a context without a request too, so tests can use `createCaller`. */
export function createContext(env: Env, request: Request | null = null): Context {
  return { env, db: database(env.DB), request };
}

const t = initTRPC.context<Context>().create({
  // Never send stack traces to clients.
  isDev: false,
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
