/** home.guests: the host's list of who asked for a seat, and his answers (admit, refuse, remove). */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { tableId } from "../cashier/router";
import { homeGameGuests, users } from "../db/schema";
import { playerProcedure, router } from "../trpc/init";
import { control, hosted, moveGuest, playerId } from "./lookups";
import type { GuestStatus } from "./rules";

export const guestsRouter = router({
  list: playerProcedure
    .meta({
      description:
        "The host's list of who followed the link: `{ guests: [{ playerId, name, status, updatedAt }] }`, `status` one of watching, requested, admitted, refused, removed; requests first.",
    })
    .input(z.strictObject({ tableId }))
    .query(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const rows = await ctx.db
        .select({
          playerId: homeGameGuests.playerId,
          name: users.displayName,
          status: homeGameGuests.status,
          updatedAt: homeGameGuests.updatedAt,
        })
        .from(homeGameGuests)
        .innerJoin(users, eq(users.id, homeGameGuests.playerId))
        .where(eq(homeGameGuests.tableId, input.tableId))
        .orderBy(asc(homeGameGuests.updatedAt));
      const order = (s: GuestStatus) => (s === "requested" ? 0 : 1);
      return {
        guests: rows
          .map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() }))
          .sort((a, b) => order(a.status) - order(b.status)),
      };
    }),

  admit: playerProcedure
    .meta({
      description: "H-1: let a guest who asked (or one refused or removed before) sit down.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      return { status: await moveGuest(ctx, access, input.playerId, "admit") };
    }),

  refuse: playerProcedure
    .meta({
      description: "H-1: turn down a guest's request; he can no longer ask, nor watch.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      return { status: await moveGuest(ctx, access, input.playerId, "refuse") };
    }),

  remove: playerProcedure
    .meta({
      description:
        "H-2: remove an admitted guest: he is cashed out when the hand in play ends (now between hands), and can no longer see the table. `{ status, leavingAfterHand }`.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      const status = await moveGuest(ctx, access, input.playerId, "remove");
      const result = await control(ctx, {
        tableId: input.tableId,
        control: "removePlayer",
        playerId: input.playerId,
      });
      return { status, leavingAfterHand: result.leavingAfterHand === true };
    }),
});
