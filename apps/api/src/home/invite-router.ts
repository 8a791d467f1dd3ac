/** home.invite: the invite link: what it shows a guest, his request for a seat or to watch, and the host renewing or revoking it. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { tableId } from "../cashier/router";
import { homeGames } from "../db/schema";
import { playerProcedure, router } from "../trpc/init";
import { homeError } from "./access";
import { byToken, hosted, invitePath, moveGuest, stakeSummary, tableOpen, token } from "./lookups";
import { inviteHash, newInviteToken } from "./rules";

export const inviteRouter = router({
  preview: playerProcedure
    .meta({
      description:
        "What an invite link opens: `{ tableId, name, host, status, role, spectators, stake }`, `role` your standing (stranger, watching, requested, admitted, refused, removed, host). A revoked or unknown link is `invite_invalid`.",
    })
    .input(z.strictObject({ token }))
    .query(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      const row = await tableOpen(ctx, access.tableId);
      return {
        tableId: access.tableId,
        name: row.name,
        status: row.status,
        host: access.hostName,
        role: access.role,
        spectators: access.spectators,
        stake: stakeSummary(row.stake),
        options: access.options,
      };
    }),

  request: playerProcedure
    .meta({
      description:
        "H-1: ask the host for a seat, from the invite link. `{ tableId, status }` (requested, or admitted if he already let you in).",
    })
    .input(z.strictObject({ token }))
    .mutation(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      if (access.role === "host") throw homeError("you_are_host");
      return {
        tableId: access.tableId,
        status: await moveGuest(ctx, access, ctx.user.id, "request"),
      };
    }),

  watch: playerProcedure
    .meta({
      description:
        "H-1: watch from the invite link, when the host allows spectators (`spectators_off` otherwise). `{ tableId, status }`.",
    })
    .input(z.strictObject({ token }))
    .mutation(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      if (access.role === "host") return { tableId: access.tableId, status: "host" as const };
      return {
        tableId: access.tableId,
        status: await moveGuest(ctx, access, ctx.user.id, "watch"),
      };
    }),

  renew: playerProcedure
    .meta({
      description:
        "A new invite link for your game; the old one stops working at once. `{ token, path }` (the token is shown this once).",
    })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const fresh = newInviteToken();
      await ctx.db
        .update(homeGames)
        .set({ inviteHash: await inviteHash(fresh) })
        .where(eq(homeGames.tableId, input.tableId));
      return { token: fresh, path: invitePath(fresh) };
    }),

  revoke: playerProcedure
    .meta({ description: "Revoke your game's invite link: nobody new can follow it." })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      await ctx.db
        .update(homeGames)
        .set({ inviteHash: null })
        .where(eq(homeGames.tableId, input.tableId));
      return { revoked: true as const };
    }),
});
