import { initTRPC, type TRPCError } from "@trpc/server";
import { clientAddress } from "../auth/client-address";
import { type SessionUser, sessionUser } from "../auth/session";
import { now as clockNow } from "../clock";
import { database } from "../db/client";
import type { Env } from "../env";
import {
  apiError,
  describeIssues,
  type FieldCode,
  FieldErrors,
  type Params,
  Reason,
} from "./messages";

/**
 * The context every procedure sees. A `type`, not an `interface`:
 * @hono/trpc-server's generics need it (docs/architecture.md#known-platform-snags).
 */
export type Context = {
  env: Env;
  db: ReturnType<typeof database>;
  request: Request | null;
  /** Headers added to the HTTP response (Set-Cookie). */
  responseHeaders: Headers;
  user: SessionUser | null;
  /** The caller's address, for the abuse limits (auth/client-address.ts); "unknown" when none is known. */
  ip: string;
  now: () => number;
  /** Work that may finish after the answer is sent (mail), so its time tells the caller nothing. */
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * A POST must say it is JSON. The types a form or a plain `fetch` from
 * another site may send without a CORS preflight (multipart/form-data,
 * x-www-form-urlencoded, text/plain) are refused before any procedure runs:
 * tRPC itself would accept multipart, so a cross-site form could call a
 * mutation without input such as `auth.signOut`.
 */
function refuseFormPosts(request: Request | null): void {
  if (request?.method !== "POST") return;
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw apiError(
      "UNSUPPORTED_MEDIA_TYPE",
      "json_required",
      "Send the request body as application/json.",
    );
  }
}

/** Build a context without a request too, so tests can use `createCaller`. */
export async function createContext(
  env: Env,
  request: Request | null = null,
  responseHeaders: Headers = new Headers(),
  execution?: { waitUntil(work: Promise<unknown>): void },
): Promise<Context> {
  refuseFormPosts(request);
  const db = database(env.DB);
  const now = clockNow;
  return {
    env,
    db,
    request,
    responseHeaders,
    user: request ? await sessionUser(db, env, request, now()) : null,
    ip: request ? clientAddress(request, env) : "unknown",
    now,
    waitUntil: (work) => {
      const logged = work.catch((error) => console.error("background work failed:", error));
      execution?.waitUntil(logged);
    },
  };
}

/**
 * The most calls one HTTP request may batch (tRPC's own `maxBatchSize`; the
 * web's batch link sends at most as many). Without a cap one request could
 * carry any number of sign-ups or lookups past per-request defences.
 */
export const MAX_BATCH_SIZE = 10;
const BATCH_TOO_LARGE = "Batch call exceeds maximum size";

/** Shown to documentation generators: what a procedure does and who may call it. */
export type Meta = { description?: string; access?: "public" | "player" | "admin" };

/** What a client is told of an error: its message, stable reason, numbers and field errors. */
type Explained = {
  message: string;
  reason: string;
  params: Params;
  fieldErrors?: Record<string, string>;
  fieldCodes?: Record<string, FieldCode>;
};

/** Every error has a stable reason a client can word (docs/API.md#calling-it). */
function explain(error: TRPCError, message: string): Explained {
  const cause = error.cause;
  let explained: Explained = { message, reason: error.code.toLowerCase(), params: {} };
  if (cause instanceof FieldErrors) {
    explained = { ...explained, fieldErrors: cause.fieldErrors, fieldCodes: cause.fieldCodes };
  }
  if (cause instanceof Reason)
    explained = { ...explained, reason: cause.reason, params: cause.params };
  else if (error.code === "BAD_REQUEST" && cause && "issues" in cause) {
    explained = { ...describeIssues(cause.issues as never), reason: "invalid_input", params: {} };
  } else if (error.code === "BAD_REQUEST" && error.message === BATCH_TOO_LARGE) {
    explained = {
      message: `One request may carry at most ${MAX_BATCH_SIZE} calls.`,
      reason: "batch_too_large",
      params: { maximum: MAX_BATCH_SIZE },
    };
  } else if (error.code === "BAD_REQUEST" && cause instanceof SyntaxError) {
    explained = {
      message: "The request is not valid JSON (NaN and Infinity are not JSON numbers).",
      reason: "invalid_json",
      params: {},
    };
  }
  // Database and programming errors may quote SQL or internals: say what to do instead.
  if (error.code === "INTERNAL_SERVER_ERROR") {
    explained = {
      message: "Something went wrong on our side. Please try again in a moment.",
      reason: "internal",
      params: {},
    };
  }
  return explained;
}

/** The stable reason a client is sent for this error (`admin_only`, `invalid_input`, `internal`). */
export const reasonOf = (error: TRPCError): string => explain(error, error.message).reason;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Never send stack traces to clients.
    isDev: false,
    errorFormatter({ shape, error }) {
      const { message, reason, params, fieldErrors, fieldCodes } = explain(error, shape.message);
      const { stack: _stack, ...data } = shape.data as typeof shape.data & { stack?: string };
      return {
        ...shape,
        message,
        data: {
          ...data,
          reason,
          params,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(fieldCodes ? { fieldCodes } : {}),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

export const publicProcedure = t.procedure.meta({ access: "public" });

/** Signed-in players (and admins). */
export const playerProcedure = t.procedure.meta({ access: "player" }).use(({ ctx, next }) => {
  if (!ctx.user) {
    throw apiError("UNAUTHORIZED", "sign_in_required", "Sign in first.");
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Admins only: everyone else, signed in or not, gets FORBIDDEN. */
export const adminProcedure = t.procedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  if (ctx.user?.role !== "admin") {
    throw apiError("FORBIDDEN", "admin_only", "Only admins can do this.");
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});
