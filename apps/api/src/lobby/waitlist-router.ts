/**
 * T-12: the waiting lists of full public cash tables. Each table's room
 * keeps its list (rooms/waitlist-mode.ts); the lobby row counts it (D1
 * `tables.waiting`). `mine` asks only the rooms of tables somebody waits at.
 */

import { SEAT_OFFER_MS } from "@felt/engine";
import type { TRPCError } from "@trpc/server";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { SessionUser } from "../auth/session";
import { tableId } from "../cashier/router";
import { stakes, tables } from "../db/schema";
import { homeAccess } from "../home/access";
import { roomKindOf } from "../rooms/room-of";
import type { WaitlistAnswer } from "../rooms/waitlist-mode";
import { type Context, playerProcedure, router } from "../trpc/init";
import { apiError } from "../trpc/messages";

/** The poker room of a public cash table, or the error that says why it has no list. */
async function listRoom(ctx: Context, id: string) {
  const [row] = await ctx.db
    .select({ status: tables.status, game: stakes.game })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, id))
    .limit(1);
  // H-1: a home game is no one's business but its players'; to others it does not exist.
  const home = row ? await homeAccess(ctx.db, id, ctx.user?.id ?? null) : null;
  if (!row || (home && !home.mayView))
    throw apiError("NOT_FOUND", "no_table", `There is no table "${id}".`, { id });
  if (row.status !== "open")
    throw apiError("PRECONDITION_FAILED", "table_closed", "This table is closed.");
  if (home || roomKindOf(row.game) !== "table") throw noWaitlist();
  return pokerRoom(ctx, id);
}

/** Only poker rooms keep lists (a Russian room never reports anyone waiting). */
const pokerRoom = (ctx: Context, id: string) =>
  ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(id));

const noWaitlist = () =>
  apiError(
    "PRECONDITION_FAILED",
    "no_waitlist",
    "This table keeps no waiting list: only public cash poker tables do.",
  );

/** A room's refusal as an error a player can act on; each code is stable. */
function waitlistError(answer: Extract<WaitlistAnswer, { ok: false }>): TRPCError {
  switch (answer.code) {
    case "seated_here":
      return apiError("CONFLICT", "seated_here", "You sit at this table already.");
    case "seat_free":
      return apiError(
        "CONFLICT",
        "seat_free",
        "A seat is free at this table: sit down instead of waiting.",
      );
    case "already_waiting":
      return apiError(
        "CONFLICT",
        "already_waiting",
        "You are on this table's waiting list already.",
      );
    case "not_waiting":
      return apiError(
        "PRECONDITION_FAILED",
        "not_waiting",
        "You are not on this table's waiting list.",
      );
    case "waitlist_full":
      return apiError("CONFLICT", "waitlist_full", "This table's waiting list is full.");
    case "no_waitlist":
      return noWaitlist();
  }
}

const input = z.strictObject({ tableId });

/** Join or leave: the room answers with the list as it now stands for the player, or a refusal. */
async function changeList(
  ctx: Context & { user: SessionUser },
  tableId: string,
  action: "join" | "leave",
) {
  const room = await listRoom(ctx, tableId);
  const answer = await room.waitlist({
    tableId,
    userId: ctx.user.id,
    name: ctx.user.displayName,
    action,
  });
  if (!answer.ok) throw waitlistError(answer);
  return { waiting: answer.waiting, position: answer.position, offerUntil: answer.offerUntil };
}

export const waitlistRouter = router({
  join: playerProcedure
    .meta({
      description: `T-12: join a full cash table's waiting list, first come first served. Refused when you sit there, a seat is free for you, or you wait there already. When a seat frees it is held for the first in line for ${SEAT_OFFER_MS / 1000} s (\`offerUntil\`, epoch ms): take it with cashier.buyIn, or it passes to the next. Returns \`{ waiting, position, offerUntil }\`.`,
    })
    .input(input)
    .mutation(({ ctx, input }) => changeList(ctx, input.tableId, "join")),

  leave: playerProcedure
    .meta({
      description:
        "T-12: leave a table's waiting list, or decline the seat offered to you: it passes to the next in line. Returns `{ waiting, position: null, offerUntil: null }`.",
    })
    .input(input)
    .mutation(({ ctx, input }) => changeList(ctx, input.tableId, "leave")),

  mine: playerProcedure
    .meta({
      description:
        "T-12: the waiting lists you are on: `{ tableId, name, waiting, position, offerUntil, offerMsLeft }` each (offerUntil: a seat held for you until then, epoch ms, else null; offerMsLeft: the time left by the server's clock). Cheap to poll: only the rooms of tables somebody waits at are asked.",
    })
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .select({ id: tables.id, name: tables.name })
        .from(tables)
        .where(and(eq(tables.status, "open"), gt(tables.waiting, 0)));
      const found = await Promise.all(
        rows.map(async (row) => {
          const status = await pokerRoom(ctx, row.id).waitStatus(ctx.user.id);
          return status.position === null
            ? null
            : {
                tableId: row.id,
                name: row.name,
                waiting: status.waiting,
                position: status.position,
                offerUntil: status.offerUntil,
                // What is left by the server's clock: the page counts down from it, whatever its own says.
                offerMsLeft:
                  status.offerUntil === null ? null : Math.max(0, status.offerUntil - ctx.now()),
              };
        }),
      );
      return found.filter((w) => w !== null);
    }),
});
