import { eq } from "drizzle-orm";
import { z } from "zod";
import { issueReset, RESET_MINUTES, resetLink } from "../account/password-reset";
import { email } from "../auth/inputs";
import { users } from "../db/schema";
import { adminProcedure, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { auditStatement } from "./audit";

/** What an admin does for a player's account. */
export const adminUsersRouter = router({
  issuePasswordReset: adminProcedure
    .meta({
      description: `Make a password reset link for the account with this email, for the admin to hand over himself (no mail is sent). It works once, for ${RESET_MINUTES} minutes, and replaces any earlier link; the audit log records who issued it (never the link).`,
    })
    .input(z.strictObject({ email }))
    .mutation(async ({ ctx, input }) => {
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (!user) {
        throw apiError("NOT_FOUND", "no_user", `No account has the email ${input.email}.`, {
          email: input.email,
        });
      }
      const issued = await issueReset(ctx.db, user.id, ctx.now(), ctx.user.id);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "user.issuePasswordReset",
        targetId: user.id,
        before: null,
        after: { expiresAt: issued.expiresAt },
      });
      return { link: resetLink(ctx.env, issued.token), expiresAt: issued.expiresAt };
    }),
});
