/**
 * admin.homeBounds: what a home game's host may choose (H-1), set by the
 * admin (home/bounds.ts). A change applies to the next game opened and the
 * next change of stakes; games already open keep the stakes they have.
 */
import { settings } from "../db/schema";
import { DEFAULT_HOME_BOUNDS, HOME_BOUNDS_KEY, homeBounds, homeBoundsInput } from "../home/bounds";
import { adminProcedure, router } from "../trpc/init";
import { auditStatement } from "./audit";

export const homeBoundsRouter = router({
  get: adminProcedure
    .meta({
      description:
        "The bounds for home games in force, and the defaults: `{ bounds, defaults }`, each `{ bigBlind: { max }, minBuyInBb, maxBuyInBb, actionSeconds, timeBankSeconds }` (`{ min, max }`).",
    })
    .query(async ({ ctx }) => ({
      bounds: await homeBounds(ctx.db),
      defaults: DEFAULT_HOME_BOUNDS,
    })),

  set: adminProcedure
    .meta({
      description:
        "Replace the bounds for home games (every field; each within the admin's own stake limits, `min` ≤ `max`, else `bound_below_min`). Hosts' later choices are checked against them.",
    })
    .input(homeBoundsInput)
    .mutation(async ({ ctx, input }) => {
      const before = await homeBounds(ctx.db);
      const updatedAt = new Date(ctx.now());
      await ctx.db.batch([
        ctx.db
          .insert(settings)
          .values({ key: HOME_BOUNDS_KEY, value: input, updatedAt })
          .onConflictDoUpdate({ target: settings.key, set: { value: input, updatedAt } }),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "homeBounds.set",
          targetId: HOME_BOUNDS_KEY,
          before,
          after: input,
        }),
      ]);
      return { bounds: input };
    }),
});
