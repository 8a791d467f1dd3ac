/**
 * The player's own account: password, display name, avatar, results, and
 * private notes on other players. Every procedure acts on the caller only.
 */
import { AVATARS } from "@felt/protocol/avatars";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { nameKey } from "../auth/display-name";
import { checkDisplayName, checkPassword, clash, displayName } from "../auth/inputs";
import { rekeyNamesOnce } from "../auth/name-keys";
import { hashPassword, verifyPassword } from "../auth/password";
import { PASSWORD_MIN_LENGTH } from "../auth/password-policy";
import { NOTE_MAX_LENGTH, playerNotes, users } from "../db/schema";
import { playerProcedure, router } from "../trpc/init";
import { apiError, fieldError } from "../trpc/messages";
import { resultsOf } from "./results";
import { endSessionsOf } from "./sessions";

const playerId = z.string().min(1).max(100);

const notesRouter = router({
  get: playerProcedure
    .meta({
      description:
        "Your private notes on these players (at most 10 ids: a table's seats), as `{ notes: { [playerId]: text } }`; players you have no note on are left out. Only you ever read your notes.",
    })
    .input(z.strictObject({ playerIds: z.array(playerId).min(1).max(10) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select({ subjectId: playerNotes.subjectId, text: playerNotes.text })
        .from(playerNotes)
        .where(
          and(
            eq(playerNotes.authorId, ctx.user.id),
            inArray(playerNotes.subjectId, input.playerIds),
          ),
        );
      return { notes: Object.fromEntries(rows.map((r) => [r.subjectId, r.text])) };
    }),

  set: playerProcedure
    .meta({
      description: `Write your private note on another player (by the player id a table's seat shows), at most ${NOTE_MAX_LENGTH} characters; empty text deletes it.`,
    })
    .input(z.strictObject({ playerId, text: z.string().trim().max(NOTE_MAX_LENGTH) }))
    .mutation(async ({ ctx, input }) => {
      if (input.playerId === ctx.user.id) {
        throw fieldError("playerId", "is you: notes are on other players", "note_on_self");
      }
      const [subject] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, input.playerId))
        .limit(1);
      if (!subject) throw apiError("NOT_FOUND", "no_player", "There is no such player.");
      const mine = and(
        eq(playerNotes.authorId, ctx.user.id),
        eq(playerNotes.subjectId, input.playerId),
      );
      if (input.text === "") {
        await ctx.db.delete(playerNotes).where(mine);
      } else {
        const updatedAt = new Date(ctx.now());
        await ctx.db
          .insert(playerNotes)
          .values({ authorId: ctx.user.id, subjectId: input.playerId, text: input.text, updatedAt })
          .onConflictDoUpdate({
            target: [playerNotes.authorId, playerNotes.subjectId],
            set: { text: input.text, updatedAt },
          });
      }
      return { text: input.text };
    }),
});

export const accountRouter = router({
  changePassword: playerProcedure
    .meta({
      description:
        "Change your password: the current one, and a new one as strong as sign-up asks. Your other sessions (other browsers, bots' tokens) end; this one stays.",
    })
    .input(
      z.strictObject({
        currentPassword: z.string().min(1).max(200),
        newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(200),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const [user] = await ctx.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, ctx.user.id))
        .limit(1);
      if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw fieldError("currentPassword", "is not your password", "wrong_password");
      }
      checkPassword(input.newPassword, ctx.user.email, "newPassword");
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, ctx.user.id));
      // Whoever knew the old password is signed out everywhere but here.
      await endSessionsOf(ctx.db, ctx.env, ctx.user.id, ctx.user.tokenHash);
      return { ok: true as const };
    }),

  changeDisplayName: playerProcedure
    .meta({
      description:
        "Change your display name, under sign-up's rules: a name that looks like another player's is CONFLICT. Tables you sit at show the new name from your next seat.",
    })
    .input(z.strictObject({ displayName }))
    .mutation(async ({ ctx, input }) => {
      checkDisplayName(input.displayName);
      await rekeyNamesOnce(ctx.db);
      try {
        await ctx.db
          .update(users)
          .set({ displayName: input.displayName, nameKey: nameKey(input.displayName) })
          .where(eq(users.id, ctx.user.id));
      } catch (error) {
        // Drizzle wraps D1's error: its message is in the cause.
        const text = `${error} ${(error as { cause?: unknown }).cause}`;
        if (/UNIQUE constraint failed: users\.(display_name|name_key)/.test(text)) {
          throw clash("displayName");
        }
        throw error;
      }
      return { displayName: input.displayName };
    }),

  setAvatar: playerProcedure
    .meta({
      description: `Choose your avatar from the built-in set (${AVATARS.join(", ")}), or null for none.`,
    })
    .input(z.strictObject({ avatar: z.enum(AVATARS).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.update(users).set({ avatar: input.avatar }).where(eq(users.id, ctx.user.id));
      return { avatar: input.avatar };
    }),

  results: playerProcedure
    .meta({
      description:
        "Your results by UTC day and game from the ledger, newest first: chips put into play (buy-ins, tournament entries with fees), chips back (cash-outs, refunds, prizes) and the net (docs/API.md#my-results). Starting chips and reloads are no result.",
    })
    .input(
      z.strictObject({ days: z.number().int().min(1).max(366).default(30) }).default({ days: 30 }),
    )
    .query(async ({ ctx, input }) => ({
      days: await resultsOf(ctx.db, ctx.user.id, ctx.now(), input.days),
    })),

  notes: notesRouter,
});
