import type { AvatarId } from "@felt/protocol/avatars";
import type { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { now as clockNow } from "../clock";
import { runBatch } from "../db/plans";
import { type AttemptScope, sessions, users } from "../db/schema";
import { countFrom } from "../env";
import { STARTING_GRANT } from "../ledger/policy";
import { startingGrantStatements } from "../ledger/wallet";
import { type Context, publicProcedure, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { nameKey } from "./display-name";
import { checkDisplayName, checkPassword, clash, displayName, email } from "./inputs";
import { deviceCookie, knownDevice } from "./known-device";
import { rekeyNamesOnce } from "./name-keys";
import { hashPassword, verifyPassword } from "./password";
import { PASSWORD_MIN_LENGTH } from "./password-policy";
import {
  clearSignInAttempts,
  SIGN_IN_LIMITS,
  SIGN_UP_DEFAULTS,
  signInLimits,
  signUpLimits,
  takeAttempt,
} from "./rate-limit";
import { clearedSessionCookie, endSession, newSession, sessionCookie } from "./session";

/** Bots and scripts ask for a bearer token; browsers get an HttpOnly cookie instead. */
const sessionKind = z.enum(["cookie", "token"]).default("cookie");

/** Verified against when the email is unknown, so timing does not reveal which emails exist. */
const DECOY_HASH = `pbkdf2-sha256$100000$${"A".repeat(22)}==$${"A".repeat(43)}=`;

export const publicUser = (u: {
  id: string;
  email: string;
  displayName: string;
  role: string;
  avatar?: string | null;
}) => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  role: u.role as "player" | "admin",
  avatar: (u.avatar ?? null) as AvatarId | null,
});

/** A new session: its row to insert, and, once stored, how it is handed out (cookie or token). */
async function openSession(ctx: Context, userId: string, kind: "cookie" | "token") {
  const now = ctx.now();
  const session = await newSession(userId, now);
  return {
    row: session.row,
    handOut: (): { token?: string } => {
      if (kind === "token") return { token: session.token };
      ctx.responseHeaders.append(
        "Set-Cookie",
        sessionCookie(session.token, session.expiresAt, now),
      );
      return {};
    },
  };
}

async function startSession(ctx: Context, userId: string, kind: "cookie" | "token") {
  const session = await openSession(ctx, userId, kind);
  await ctx.db.insert(sessions).values(session.row);
  return session.handOut();
}

/** How long every sign-up takes to answer at least, taken email or not (`SIGN_UP_ANSWER_MS`). */
const SIGN_UP_ANSWER_MS = 300;

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
      // An admin (felt bots making hundreds of players) is held to neither the limits nor the pace.
      const admin = ctx.user?.role === "admin";
      checkDisplayName(input.displayName);
      checkPassword(input.password, input.email);
      // Counted once the input is fine, so a person fixing a weak password is not held up.
      if (!admin) {
        const perHour = {
          perAddress: countFrom(ctx.env.SIGN_UPS_PER_IP_PER_HOUR, SIGN_UP_DEFAULTS.perAddress),
          overall: countFrom(ctx.env.SIGN_UPS_PER_HOUR, SIGN_UP_DEFAULTS.overall),
        };
        const ticket = await takeAttempt(ctx.db, signUpLimits(ctx.ip, perHour), ctx.now());
        if (!ticket.allowed) {
          const [reason, sentence] = REFUSALS[ticket.limitedBy];
          throw tooManyRequests(reason, sentence, ticket.retryAfterMs);
        }
      }
      // A taken email must cost what a new one does, or the answer's time tells who has an
      // account: both hash the password and send one batch (the unique email refuses it), and
      // both answer no sooner than SIGN_UP_ANSWER_MS after this point, which hides the commit.
      const answerAt = admin
        ? 0
        : ctx.now() + countFrom(ctx.env.SIGN_UP_ANSWER_MS, SIGN_UP_ANSWER_MS, 0);
      try {
        return await createAccount(ctx, input);
      } finally {
        await sleepUntil(answerAt);
      }
    }),

  signIn: publicProcedure
    .meta({
      description: `Sign in with email and password. A correct password also sets, for a cookie session, the device cookie \`felt_device\` (HttpOnly, a year): this browser is then one the account knows. From a browser the account does not know: after ${SIGN_IN_LIMITS.accountAtAddress.attempts} wrong passwords for one account from one address, that address waits 1 minute, twice as long after each further one; after ${SIGN_IN_LIMITS.account.attempts} for one account from anywhere, every such browser does; at most ${SIGN_IN_LIMITS.address.attempts} attempts per address in 15 minutes (TOO_MANY_REQUESTS). A known device waits only after ${SIGN_IN_LIMITS.knownDevice.attempts} wrong passwords of its own, so a stranger's guesses never lock the owner out of it.`,
    })
    .input(
      z.strictObject({
        email,
        password: z.string().min(1).max(200),
        session: sessionKind,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const device = await knownDevice(ctx.request, ctx.env, user);
      const ticket = await takeAttempt(
        ctx.db,
        signInLimits(input.email, ctx.ip, device),
        ctx.now(),
      );
      if (!ticket.allowed) {
        const [reason, sentence] = REFUSALS[ticket.limitedBy];
        throw tooManyRequests(reason, sentence, ticket.retryAfterMs);
      }
      const valid = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH);
      if (!user || !valid) {
        throw apiError(
          "UNAUTHORIZED",
          "wrong_credentials",
          "Wrong email or password. Check both and try again.",
        );
      }
      await clearSignInAttempts(ctx.db, input.email, ctx.ip, device, ticket);
      const { token } = await startSession(ctx, user.id, input.session);
      await rememberDevice(ctx, user, input.session);
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

/** The account, its starting chips and its session in one batch; a taken email or name is CONFLICT. */
async function createAccount(
  ctx: Context,
  input: { email: string; password: string; displayName: string; session: "cookie" | "token" },
) {
  const passwordHash = await hashPassword(input.password);
  const key = nameKey(input.displayName);
  await rekeyNamesOnce(ctx.db);
  const id = crypto.randomUUID();
  const session = await openSession(ctx, id, input.session);
  try {
    // One atomic batch: never a user without a wallet or a session, nor chips without a user.
    await runBatch(ctx.db, [
      ctx.db.insert(users).values({
        id,
        email: input.email,
        displayName: input.displayName,
        nameKey: key,
        passwordHash,
        role: "player",
      }),
      ...startingGrantStatements(ctx.db, id),
      ctx.db.insert(sessions).values(session.row),
    ]);
  } catch (error) {
    const column = String(error).match(/UNIQUE constraint failed: users\.(\w+)/)?.[1];
    if (column) throw clash(column === "email" ? "email" : "displayName");
    throw error;
  }
  const handedOut = session.handOut();
  await rememberDevice(ctx, { id, passwordHash }, input.session);
  return {
    user: publicUser({ id, email: input.email, displayName: input.displayName, role: "player" }),
    balance: STARTING_GRANT,
    ...handedOut,
  };
}

/**
 * A browser that signed in (or made the account) is one the account knows
 * from now on (known-device.ts). Bots and scripts, which ask for a token,
 * keep no cookies and get none.
 */
async function rememberDevice(
  ctx: Context,
  account: { id: string; passwordHash: string },
  kind: "cookie" | "token",
) {
  if (kind === "cookie") ctx.responseHeaders.append("Set-Cookie", await deviceCookie(account));
}

/** Wait until `at` on the API's clock (`ctx.now`, src/clock.ts); at once when it has passed. */
const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - clockNow())));

/** What a client is told when a limit refuses it, by the limit: the reason, and its English. */
export const REFUSALS: Record<AttemptScope, [reason: string, sentence: string]> = {
  account_ip: [
    "sign_in_limit_account",
    "Too many wrong passwords for this account from your network.",
  ],
  account: [
    "sign_in_limit_locked",
    "Too many wrong passwords for this account from devices it does not know; a device that signed in to it before still can.",
  ],
  device: ["sign_in_limit_device", "Too many wrong passwords for this account on this device."],
  ip: ["sign_in_limit_network", "Too many sign-in attempts from your network."],
  sign_up_ip: ["sign_up_limit_network", "Too many new accounts from your network."],
  sign_up: ["sign_up_limit_overall", "Too many new accounts are being made right now."],
  reset_email: ["reset_limit_email", "Too many password reset requests for this email."],
  reset_ip: ["reset_limit_network", "Too many password reset requests from your network."],
};

/** A limit was reached: the reason, when to retry (`retryAfterSeconds`, and `minutes` to word it). */
export function tooManyRequests(reason: string, sentence: string, retryAfterMs: number): TRPCError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const wait = minutes(retryAfterMs);
  return apiError(
    "TOO_MANY_REQUESTS",
    reason,
    `${sentence} Try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
    { minutes: wait, retryAfterSeconds: seconds },
  );
}
