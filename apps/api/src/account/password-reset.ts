/**
 * Password reset links. A player asks by email (`auth.requestPasswordReset`)
 * and gets a link by mail; an admin can issue one by hand
 * (`admin.users.issuePasswordReset`) to pass on himself. The link carries a
 * random token; only its SHA-256 is stored, it works once, and for
 * `RESET_MINUTES` only. Using it sets the new password and ends every
 * session of the account, so whoever knew the old password is signed out.
 */
import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { checkPassword, email } from "../auth/inputs";
import { hashPassword } from "../auth/password";
import { PASSWORD_MIN_LENGTH } from "../auth/password-policy";
import { passwordResetLimits, takeAttempt } from "../auth/rate-limit";
import { REFUSALS, tooManyRequests } from "../auth/router";
import { hashToken } from "../auth/session";
import type { Database } from "../db/client";
import { passwordResets, users } from "../db/schema";
import { type Env, webOrigins } from "../env";
import { mailer } from "../mail/mail";
import { publicProcedure, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { endSessionsOf } from "./sessions";

export const RESET_MINUTES = 30;
const RESET_MS = RESET_MINUTES * 60_000;

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** A fresh reset token for the user, stored hashed; earlier unused ones stop working. */
export async function issueReset(
  db: Database,
  userId: string,
  now: number,
  issuedBy: string | null,
): Promise<{ token: string; expiresAt: number }> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = now + RESET_MS;
  await db.batch([
    // Only the newest link works: an old mail found later is no way in.
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)),
    db.insert(passwordResets).values({
      tokenHash: await hashToken(token),
      userId,
      expiresAt: new Date(expiresAt),
      issuedBy,
    }),
  ]);
  return { token, expiresAt };
}

/** The web app's page that takes the token (its first origin). */
export function resetLink(env: Env, token: string): string {
  const origin = webOrigins(env)[0] ?? "http://localhost:3000";
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}

const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

export const passwordResetRouter = router({
  requestPasswordReset: publicProcedure
    .meta({
      description: `Mail a password reset link (valid ${RESET_MINUTES} minutes, once) to the account with this email. The answer is the same whether or not an account has the email. At most 3 requests per email and 10 per address an hour (TOO_MANY_REQUESTS).`,
    })
    .input(z.strictObject({ email, locale: z.enum(["en", "ru"]).default("en") }))
    .mutation(async ({ ctx, input }) => {
      const ticket = await takeAttempt(ctx.db, passwordResetLimits(input.email, ctx.ip), ctx.now());
      if (!ticket.allowed) {
        const [reason, sentence] = REFUSALS[ticket.limitedBy];
        throw tooManyRequests(reason, sentence, ticket.retryAfterMs);
      }
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (user) {
        const issued = await issueReset(ctx.db, user.id, ctx.now(), null);
        const link = resetLink(ctx.env, issued.token);
        // Sent after the answer, so a slow mail provider does not tell who has an account.
        // A misconfigured transport fails there too, in the log, not in this answer.
        const mail = { to: input.email, ...resetMail(input.locale, link) };
        ctx.waitUntil(Promise.resolve().then(() => mailer(ctx.env)(mail)));
      }
      return { ok: true as const };
    }),

  resetPassword: publicProcedure
    .meta({
      description:
        "Set a new password with a reset link's token. The token works once; every session of the account ends. Sign in afterwards.",
    })
    .input(z.strictObject({ token, newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const tokenHash = await hashToken(input.token);
      const now = ctx.now();
      const [found] = await ctx.db
        .select({ userId: passwordResets.userId, email: users.email })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date(now)),
          ),
        )
        .limit(1);
      if (!found) throw invalidLink();
      checkPassword(input.newPassword, found.email, "newPassword");
      const passwordHash = await hashPassword(input.newPassword);
      // Spent and the password set in one batch; the UPDATE … WHERE used_at IS NULL makes a
      // second use at the same moment change nothing.
      const [spent] = await ctx.db.batch([
        ctx.db
          .update(passwordResets)
          .set({ usedAt: new Date(now) })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
          .returning({ userId: passwordResets.userId }),
        ctx.db
          .update(users)
          .set({ passwordHash })
          .where(
            and(
              eq(users.id, found.userId),
              // Only when this very batch spent the token.
              exists(
                ctx.db
                  .select({ one: sql`1` })
                  .from(passwordResets)
                  .where(
                    and(
                      eq(passwordResets.tokenHash, tokenHash),
                      eq(passwordResets.usedAt, new Date(now)),
                    ),
                  ),
              ),
            ),
          ),
      ]);
      if (spent.length === 0) throw invalidLink();
      await endSessionsOf(ctx.db, ctx.env, found.userId);
      return { ok: true as const };
    }),
});

const invalidLink = () =>
  apiError(
    "BAD_REQUEST",
    "reset_link_invalid",
    "This reset link has expired or was already used. Ask for a new one.",
  );

function resetMail(locale: "en" | "ru", link: string): { subject: string; text: string } {
  return locale === "ru"
    ? {
        subject: "Felt: сброс пароля",
        text: `Чтобы задать новый пароль, откройте ссылку (она действует ${RESET_MINUTES} минут и один раз):\n\n${link}\n\nЕсли вы не просили сбросить пароль, ничего не делайте: пароль останется прежним.`,
      }
    : {
        subject: "Felt: reset your password",
        text: `To set a new password, open this link (it works once, for ${RESET_MINUTES} minutes):\n\n${link}\n\nIf you did not ask for this, do nothing: your password stays as it is.`,
      };
}
