import { TRPCError } from "@trpc/server";
import { eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { sessions, users } from "../db/schema";
import { balanceOf, startingGrantStatements, walletOf } from "../ledger/ledger";
import { type Context, publicProcedure, router } from "../trpc/init";
import { apiError, type FieldCode, FieldErrors, refinement } from "../trpc/messages";
import { hashPassword, verifyPassword } from "./password";
import { clearSignInAttempts, recordSignInAttempt } from "./rate-limit";
import { clearedSessionCookie, newSession, sessionCookie } from "./session";

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const displayName = z
  .string()
  .trim()
  .min(2)
  .max(24)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u,
    refinement("display_name_chars", "may use letters, digits, spaces, _ . and - only"),
  );
/** Bots and scripts ask for a bearer token; browsers get an HttpOnly cookie instead. */
const sessionKind = z.enum(["cookie", "token"]).default("cookie");

/** Verified against when the email is unknown, so timing does not reveal which emails exist. */
const DECOY_HASH = `pbkdf2-sha256$100000$${"A".repeat(22)}==$${"A".repeat(43)}=`;

const publicUser = (u: { id: string; email: string; displayName: string; role: string }) => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  role: u.role as "player" | "admin",
});

async function startSession(
  ctx: Context,
  userId: string,
  kind: "cookie" | "token",
): Promise<{ token?: string }> {
  const now = ctx.now();
  const session = await newSession(userId, now);
  await ctx.db.insert(sessions).values(session.row);
  if (kind === "token") return { token: session.token };
  ctx.responseHeaders.append("Set-Cookie", sessionCookie(session.token, session.expiresAt, now));
  return {};
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export const authRouter = router({
  signUp: publicProcedure
    .meta({
      description:
        'Create a player account with the starting chips and sign in. Returns the user, the balance, and (with `session: "token"`) a bearer token instead of a cookie.',
    })
    .input(
      z.strictObject({
        email,
        password: z.string().min(8).max(200),
        displayName,
        session: sessionKind,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const taken = await ctx.db
        .select({ email: users.email, displayName: users.displayName })
        .from(users)
        .where(
          or(
            eq(users.email, input.email),
            sql`lower(${users.displayName}) = lower(${input.displayName})`,
          ),
        );
      const clash = clashes(taken, input);
      if (clash) throw clash;

      const id = crypto.randomUUID();
      const passwordHash = await hashPassword(input.password);
      try {
        // One atomic batch: there is never a user without a wallet, or chips without a user.
        await ctx.db.batch([
          ctx.db.insert(users).values({
            id,
            email: input.email,
            displayName: input.displayName,
            passwordHash,
            role: "player",
          }),
          ...startingGrantStatements(ctx.db, id),
        ]);
      } catch (error) {
        // Someone took the email or name between our check and the insert.
        const column = String(error).match(/UNIQUE constraint failed: users\.(\w+)/)?.[1];
        const clash = column
          ? clashes(
              [
                {
                  email: column === "email" ? input.email : "",
                  displayName: column === "display_name" ? input.displayName : "",
                },
              ],
              input,
            )
          : null;
        if (clash) throw clash;
        throw error;
      }
      const { token } = await startSession(ctx, id, input.session);
      return {
        user: publicUser({
          id,
          email: input.email,
          displayName: input.displayName,
          role: "player",
        }),
        balance: await balanceOf(ctx.db, walletOf(id)),
        ...(token ? { token } : {}),
      };
    }),

  signIn: publicProcedure
    .meta({
      description:
        "Sign in with email and password. Limited to 5 failed attempts per account and 30 per IP address in 15 minutes (TOO_MANY_REQUESTS).",
    })
    .input(
      z.strictObject({
        email,
        password: z.string().min(1).max(200),
        session: sessionKind,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const ticket = await recordSignInAttempt(
        ctx.db,
        { account: input.email, ip: ctx.ip },
        ctx.now(),
      );
      if (!ticket.allowed) {
        const who = ticket.limitedBy === "account" ? "this account" : "your network";
        const wait = minutes(ticket.retryAfterMs);
        throw apiError(
          "TOO_MANY_REQUESTS",
          ticket.limitedBy === "account" ? "sign_in_limit_account" : "sign_in_limit_network",
          `Too many sign-in attempts for ${who}. Try again in ${wait} minutes.`,
          { minutes: wait },
        );
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const valid = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH);
      if (!user || !valid) {
        throw apiError(
          "UNAUTHORIZED",
          "wrong_credentials",
          "Wrong email or password. Check both and try again.",
        );
      }
      await clearSignInAttempts(ctx.db, input.email, ticket);
      const { token } = await startSession(ctx, user.id, input.session);
      return { user: publicUser(user), ...(token ? { token } : {}) };
    }),

  signOut: publicProcedure
    .meta({ description: "End this session (cookie or bearer token) and clear the cookie." })
    .mutation(async ({ ctx }) => {
      // Public, so a browser whose session already expired can still clear its cookie.
      if (ctx.user) await ctx.db.delete(sessions).where(eq(sessions.tokenHash, ctx.user.tokenHash));
      ctx.responseHeaders.append("Set-Cookie", clearedSessionCookie());
      return { ok: true as const };
    }),

  me: publicProcedure
    .meta({ description: "The signed-in user, or null." })
    .query(({ ctx }) => (ctx.user ? publicUser(ctx.user) : null)),
});

function clashes(
  taken: { email: string; displayName: string }[],
  input: { email: string; displayName: string },
): TRPCError | null {
  const fieldErrors: Record<string, string> = {};
  const fieldCodes: Record<string, FieldCode> = {};
  if (taken.some((t) => t.email === input.email)) {
    fieldErrors.email = "already has an account: sign in instead";
    fieldCodes.email = { code: "email_taken" };
  }
  if (taken.some((t) => t.displayName.toLowerCase() === input.displayName.toLowerCase())) {
    fieldErrors.displayName = "is taken: choose another";
    fieldCodes.displayName = { code: "display_name_taken" };
  }
  const fields = Object.entries(fieldErrors);
  if (fields.length === 0) return null;
  return new TRPCError({
    code: "CONFLICT",
    message: `${fields.map(([f, m]) => `${f} ${m}`).join("; ")}.`,
    cause: new FieldErrors(fieldErrors, fieldCodes, "already_taken"),
  });
}
