import { TRPCError } from "@trpc/server";
import { eq, or } from "drizzle-orm";
import { z } from "zod";
import { sessions, users } from "../db/schema";
import { countFrom } from "../env";
import { balanceOf, startingGrantStatements, walletOf } from "../ledger/ledger";
import { type Context, publicProcedure, router } from "../trpc/init";
import { apiError, type FieldCode, FieldErrors, fieldError, refinement } from "../trpc/messages";
import { hasInvisibleCharacters, nameKey } from "./display-name";
import { hashPassword, verifyPassword } from "./password";
import { judgePassword, PASSWORD_MIN_LENGTH } from "./password-policy";
import {
  clearSignInAttempts,
  SIGN_IN_LIMITS,
  SIGN_UP_DEFAULTS,
  signInLimits,
  signUpLimits,
  takeAttempt,
} from "./rate-limit";
import { clearedSessionCookie, endSession, newSession, sessionCookie } from "./session";

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
      description: `Create a player account with the starting chips and sign in. Returns the user, the balance, and (with \`session: "token"\`) a bearer token instead of a cookie. At most ${SIGN_UP_DEFAULTS.perAddress} sign-ups per address and ${SIGN_UP_DEFAULTS.overall} overall per hour (TOO_MANY_REQUESTS; an admin's session is exempt, for load tests). The password must be strong enough (zxcvbn score 3) and not the email; a display name may not look like another one.`,
    })
    .input(
      z.strictObject({
        email,
        password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
        displayName,
        session: sessionKind,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (ctx.user?.role !== "admin") {
        const perHour = {
          perAddress: countFrom(ctx.env.SIGN_UPS_PER_IP_PER_HOUR, SIGN_UP_DEFAULTS.perAddress),
          overall: countFrom(ctx.env.SIGN_UPS_PER_HOUR, SIGN_UP_DEFAULTS.overall),
        };
        const ticket = await takeAttempt(ctx.db, signUpLimits(ctx.ip, perHour), ctx.now());
        if (!ticket.allowed) {
          const network = ticket.limitedBy === "sign_up_ip";
          throw tooManyRequests(
            network ? "sign_up_limit_network" : "sign_up_limit_overall",
            network
              ? "Too many new accounts from your network."
              : "Too many new accounts are being made right now.",
            ticket.retryAfterMs,
          );
        }
      }
      if (hasInvisibleCharacters(input.displayName)) {
        throw fieldError(
          "displayName",
          "may not hold invisible characters",
          "display_name_invisible",
        );
      }
      const verdict = judgePassword(input.password, input.email);
      if (!verdict.ok) {
        throw fieldError(
          "password",
          verdict.code === "password_is_email"
            ? "may not be your email"
            : "is too easy to guess: use a longer phrase of uncommon words",
          verdict.code,
        );
      }
      // Hashed before anything is looked up, so a taken email answers as slowly as a new one.
      const passwordHash = await hashPassword(input.password);
      const key = nameKey(input.displayName);
      const taken = await ctx.db
        .select({ email: users.email, nameKey: users.nameKey })
        .from(users)
        .where(or(eq(users.email, input.email), eq(users.nameKey, key)));
      const clash = clashes(taken, input.email, key);
      if (clash) throw clash;

      const id = crypto.randomUUID();
      try {
        // One atomic batch: there is never a user without a wallet, or chips without a user.
        await ctx.db.batch([
          ctx.db.insert(users).values({
            id,
            email: input.email,
            displayName: input.displayName,
            nameKey: key,
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
                  nameKey: column === "email" ? null : key,
                },
              ],
              input.email,
              key,
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
      description: `Sign in with email and password. After ${SIGN_IN_LIMITS.accountAtAddress.attempts} wrong passwords for one account from one address, that address waits 1 minute, twice as long after each further one; at most ${SIGN_IN_LIMITS.address.attempts} attempts per address in 15 minutes (TOO_MANY_REQUESTS). The owner signing in from another address is not held up.`,
    })
    .input(
      z.strictObject({
        email,
        password: z.string().min(1).max(200),
        session: sessionKind,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const ticket = await takeAttempt(ctx.db, signInLimits(input.email, ctx.ip), ctx.now());
      if (!ticket.allowed) {
        const account = ticket.limitedBy === "account_ip";
        throw tooManyRequests(
          account ? "sign_in_limit_account" : "sign_in_limit_network",
          account
            ? "Too many wrong passwords for this account from your network."
            : "Too many sign-in attempts from your network.",
          ticket.retryAfterMs,
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
      await clearSignInAttempts(ctx.db, input.email, ctx.ip, ticket);
      const { token } = await startSession(ctx, user.id, input.session);
      return { user: publicUser(user), ...(token ? { token } : {}) };
    }),

  signOut: publicProcedure
    .meta({
      description:
        "End this session (cookie or bearer token), close its table sockets, and clear the cookie.",
    })
    .mutation(async ({ ctx }) => {
      // Public, so a browser whose session already expired can still clear its cookie.
      if (ctx.user) await endSession(ctx.db, ctx.env, ctx.user.tokenHash);
      ctx.responseHeaders.append("Set-Cookie", clearedSessionCookie());
      return { ok: true as const };
    }),

  me: publicProcedure
    .meta({ description: "The signed-in user, or null." })
    .query(({ ctx }) => (ctx.user ? publicUser(ctx.user) : null)),
});

/**
 * A taken email or a look-alike name. The email's answer does not say that
 * someone has an account with it (sign-in does not either); a person who
 * has one knows to sign in.
 */
function clashes(
  taken: { email: string; nameKey: string | null }[],
  email: string,
  key: string,
): TRPCError | null {
  const fieldErrors: Record<string, string> = {};
  const fieldCodes: Record<string, FieldCode> = {};
  if (taken.some((t) => t.email === email)) {
    fieldErrors.email = "cannot be used for a new account: use another, or sign in";
    fieldCodes.email = { code: "email_unavailable" };
  }
  if (taken.some((t) => t.nameKey === key)) {
    fieldErrors.displayName = "is taken or looks like a name that is: choose another";
    fieldCodes.displayName = { code: "display_name_taken" };
  }
  const fields = Object.entries(fieldErrors);
  if (fields.length === 0) return null;
  return new TRPCError({
    code: "CONFLICT",
    message: `${fields.map(([f, m]) => `${f} ${m}`).join("; ")}.`,
    cause: new FieldErrors(fieldErrors, fieldCodes, "conflict"),
  });
}

/** A limit was reached: the reason, when to retry (`retryAfterSeconds`, and `minutes` to word it). */
function tooManyRequests(reason: string, sentence: string, retryAfterMs: number): TRPCError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const wait = minutes(retryAfterMs);
  return apiError(
    "TOO_MANY_REQUESTS",
    reason,
    `${sentence} Try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
    { minutes: wait, retryAfterSeconds: seconds },
  );
}
