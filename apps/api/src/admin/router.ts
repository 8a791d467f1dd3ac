/**
 * admin.*: the operator's routers, one module each (stakes, tables, payout
 * tables, tournaments, users), and the audit log, the health page and the
 * ledger check, which are a query each.
 */
import { desc, lt } from "drizzle-orm";
import { z } from "zod";
import { adminAudit } from "../db/schema";
import { apiErrors } from "../health/api-errors";
import { platformHealth } from "../health/health";
import { reconcile } from "../ledger/reconcile";
import { adminProcedure, router } from "../trpc/init";
import { homeBoundsRouter } from "./home-bounds-router";
import { payoutTablesRouter } from "./payout-tables-router";
import { stakesRouter } from "./stakes-router";
import { tablesRouter } from "./tables-router";
import { adminTournamentsRouter } from "./tournaments-router";
import { adminUsersRouter } from "./users";

export const adminRouter = router({
  stakes: stakesRouter,
  tables: tablesRouter,
  payoutTables: payoutTablesRouter,
  tournaments: adminTournamentsRouter,
  users: adminUsersRouter,
  homeBounds: homeBoundsRouter,

  audit: adminProcedure
    .meta({ description: "The admin audit log, newest first; page with `beforeId`." })
    .input(
      z
        .strictObject({
          limit: z.number().int().min(1).max(200).default(50),
          beforeId: z.number().int().min(1).optional(),
        })
        .default({ limit: 50 }),
    )
    .query(({ ctx, input }) =>
      ctx.db
        .select()
        .from(adminAudit)
        .where(input.beforeId ? lt(adminAudit.id, input.beforeId) : undefined)
        .orderBy(desc(adminAudit.id))
        .limit(input.limit)
        .then((rows) => rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }))),
    ),

  health: adminProcedure
    .meta({
      description:
        "The platform's health for the operator (docs/operations.md#monitoring): open tables and tournaments, players seated and online, and over the last hour hands, Russian poker rounds, rake, the house's Russian poker result, p50/p99 of actions (receipt to broadcast), errors by code, and what the rooms' changes cost (storage commits, alarms written, D1 calls, statements and rows written).",
    })
    .query(async ({ ctx }) => {
      // This isolate's tRPC errors first, so the page counts the ones just made here.
      await apiErrors.flush(ctx.db, ctx.now(), true);
      return platformHealth(ctx.env.DB, ctx.now());
    }),

  reconcile: adminProcedure
    .meta({
      description:
        "The ledger check: wallets + tables + tournaments + house = chips created, every transfer balanced, every cached balance equal to its entries.",
    })
    .query(({ ctx }) => reconcile(ctx.db)),
});
