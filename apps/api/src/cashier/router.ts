import type { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { stakes, tables } from "../db/schema";
import { homeAccess, homeError } from "../home/access";
import { sitRefusal } from "../home/rules";
import { walletOf } from "../ledger/ledger";
import { BROKE_BELOW, MAX_TRANSFER, RELOAD_AMOUNT, RELOADS_PER_DAY } from "../ledger/policy";
import { balanceOf, reload, reloadsLeftToday, walletHistory } from "../ledger/wallet";
import { roomKindOf, tableRoomOf } from "../rooms/room-of";
import type {
  BuyInRequest,
  BuyInResult,
  CashOutRequest,
  CashOutResult,
  SeatRefusal,
} from "../rooms/table-bank";
import { type Context, playerProcedure, router } from "../trpc/init";
import { apiError, fieldError, refinement } from "../trpc/messages";
import { chipsOnTables } from "./table-chips";

export const tableId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, refinement("table_id", 'must be a table id such as "aurora"'));
/** Chosen by the client (a UUID is fine) and sent again on retry: the money moves once. */
const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(
    /^[A-Za-z0-9_-]+$/,
    refinement("idempotency_key", "may use letters, digits, _ and - only (a UUID works)"),
  );

const chips = (n: number) => n.toLocaleString("en-US");

/** What the cashier asks of a table's room, whichever game it deals. */
type CashierRoom = {
  buyIn(request: BuyInRequest): Promise<BuyInResult>;
  cashOut(request: CashOutRequest): Promise<CashOutResult>;
};

async function roomFor(ctx: Context, id: string): Promise<CashierRoom> {
  const [table] = await ctx.db
    .select({ id: tables.id, game: stakes.game })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, id))
    .limit(1);
  if (!table) throw apiError("NOT_FOUND", "no_table", `There is no table "${id}".`, { id });
  return tableRoomOf(ctx.env, roomKindOf(table.game), id);
}

/** Turn a room's refusal into an error a player can act on: its code is the reason. */
function seatError(result: SeatRefusal): TRPCError {
  switch (result.code) {
    case "table_closed":
      return apiError("PRECONDITION_FAILED", "table_closed", "This table is closed.");
    case "game_unavailable":
      return apiError(
        "PRECONDITION_FAILED",
        "game_unavailable",
        `This table cannot be played yet: ${result.reason}.`,
        { detail: result.reason },
      );
    case "table_full":
      return apiError(
        "CONFLICT",
        "table_full",
        `All ${result.seats} seats are taken; pick another table.`,
        { seats: result.seats },
      );
    case "seat_held":
      return apiError(
        "CONFLICT",
        "seat_held",
        "The free seats are held for players on the waiting list; join the list to wait for one.",
        { seats: result.seats },
      );
    case "seat_taken":
      return apiError(
        "CONFLICT",
        "seat_taken",
        `Seat ${result.seat} was just taken; pick another or leave the seat out.`,
        { seat: result.seat },
      );
    case "invalid_seat":
      return fieldError(
        "seat",
        `must be a seat of this table, 1 to ${result.seats}`,
        "invalid_seat",
        {
          seats: result.seats,
        },
      );
    case "below_min":
      return fieldError(
        "amount",
        `must be at least the table's minimum buy-in of ${chips(result.minBuyIn)}`,
        "below_min",
        { minBuyIn: result.minBuyIn },
      );
    case "below_min_stack":
      return fieldError(
        "amount",
        `must bring your stack of ${chips(result.stack)} up to at least the table's minimum of ${chips(result.minBuyIn)}`,
        "below_min_stack",
        { stack: result.stack, minBuyIn: result.minBuyIn },
      );
    case "above_max":
      return result.stack > 0
        ? fieldError(
            "amount",
            `would take your stack of ${chips(result.stack)} above the table's maximum of ${chips(result.maxBuyIn)}`,
            "above_max_stack",
            { stack: result.stack, maxBuyIn: result.maxBuyIn },
          )
        : fieldError(
            "amount",
            `must be at most the table's maximum buy-in of ${chips(result.maxBuyIn)}`,
            "above_max",
            { maxBuyIn: result.maxBuyIn },
          );
    case "invalid_auto_rebuy":
      return fieldError(
        "autoRebuy",
        `must be within the table's buy-in limits, ${chips(result.minBuyIn)} to ${chips(result.maxBuyIn)}`,
        "invalid_auto_rebuy",
        { minBuyIn: result.minBuyIn, maxBuyIn: result.maxBuyIn },
      );
    case "insufficient_funds":
      return apiError(
        "PRECONDITION_FAILED",
        "insufficient_funds",
        `Your wallet has ${chips(result.balance)} chips, not enough for this buy-in.`,
        { balance: result.balance },
      );
    case "key_reused":
      return apiError(
        "CONFLICT",
        "key_reused",
        "This idempotency key was already used for a different request; send a new one.",
      );
    case "not_seated":
      return apiError("PRECONDITION_FAILED", "not_seated", "You are not seated at this table.");
    case "refused":
      return apiError("CONFLICT", "table_refused", `The table refused: ${result.message}.`, {
        ...(result.refusal ? { refusal: result.refusal } : {}),
        detail: result.message,
      });
  }
}

export const cashierRouter = router({
  balance: playerProcedure
    .meta({
      description:
        "Your wallet: `{ balance, broke, reloadsLeft, reloadAmount }` (a balance below `brokeBelow` may reload).",
    })
    .query(async ({ ctx }) => {
      const balance = await balanceOf(ctx.db, walletOf(ctx.user.id));
      // Tables are asked only when the wallet alone would count as broke.
      const broke =
        balance < BROKE_BELOW && balance + (await chipsOnTables(ctx, ctx.user.id)) < BROKE_BELOW;
      return {
        balance,
        broke,
        brokeBelow: BROKE_BELOW,
        reloadsLeft: await reloadsLeftToday(ctx.db, ctx.user.id, ctx.now()),
        reloadsPerDay: RELOADS_PER_DAY,
        reloadAmount: RELOAD_AMOUNT,
      };
    }),

  history: playerProcedure
    .meta({ description: "Your wallet's movements, newest first, with the balance after each." })
    .input(
      z
        .strictObject({ limit: z.number().int().min(1).max(100).default(20) })
        .default({ limit: 20 }),
    )
    .query(({ ctx, input }) => walletHistory(ctx.db, ctx.user.id, input.limit)),

  reload: playerProcedure
    .meta({
      description: `Poverty poker: when broke (wallet plus chips on tables and in tournaments not yet started below ${chips(BROKE_BELOW)}), add ${chips(RELOAD_AMOUNT)} free chips, ${RELOADS_PER_DAY} times per UTC day.`,
    })
    .mutation(async ({ ctx }) => {
      const wallet = await balanceOf(ctx.db, walletOf(ctx.user.id));
      const onTables = wallet < BROKE_BELOW ? await chipsOnTables(ctx, ctx.user.id) : 0;
      const result = await reload(ctx.db, ctx.user.id, ctx.now(), onTables);
      if (result.ok) return { balance: result.balance, reloadsLeft: result.reloadsLeft };
      if (result.reason === "daily_limit") {
        throw apiError(
          "TOO_MANY_REQUESTS",
          "reload_daily_limit",
          `You have used all ${RELOADS_PER_DAY} reloads today; more after midnight UTC.`,
          { reloadsPerDay: RELOADS_PER_DAY },
        );
      }
      if (onTables > 0) {
        throw apiError(
          "PRECONDITION_FAILED",
          "not_broke_on_tables",
          `Reloads are for broke players: you have ${chips(result.balance)} in your wallet and ${chips(onTables)} on tables or in tournaments not yet started; reload below ${chips(BROKE_BELOW)} in all.`,
          { balance: result.balance, onTables, brokeBelow: BROKE_BELOW },
        );
      }
      throw apiError(
        "PRECONDITION_FAILED",
        "not_broke",
        `Reloads are for broke players: your balance is ${chips(result.balance)}, reload below ${chips(BROKE_BELOW)}.`,
        { balance: result.balance, brokeBelow: BROKE_BELOW },
      );
    }),

  buyIn: playerProcedure
    .meta({
      description:
        "Sit at a table (in `seat`, else the first free one) or add chips, from your wallet, within its min/max buy-in (T-4); chips added during a hand play from the next one (T-5). `autoRebuy` sets the top-up before each hand with it (T-6; null turns it off). Returns `{ seat, stack, effective, replayed, balance }`. Same idempotency key → the money moves once.",
    })
    .input(
      z.strictObject({
        tableId,
        amount: z.number().int().min(1).max(MAX_TRANSFER),
        idempotencyKey,
        seat: z.number().int().min(1).max(10).optional(),
        autoRebuy: z.number().int().min(1).max(MAX_TRANSFER).nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const room = await roomFor(ctx, input.tableId);
      // H-1: at a home game only the host and the guests he admitted sit down.
      const home = await homeAccess(ctx.db, input.tableId, ctx.user.id);
      if (home) {
        const refusal = sitRefusal(home.role);
        if (refusal)
          throw homeError(home.role === "stranger" ? "not_invited" : refusal, {
            id: input.tableId,
          });
      }
      const result = await room.buyIn({
        tableId: input.tableId,
        userId: ctx.user.id,
        name: ctx.user.displayName,
        amount: input.amount,
        key: input.idempotencyKey,
        ...(input.seat === undefined ? {} : { seat: input.seat }),
        ...(input.autoRebuy === undefined ? {} : { autoRebuy: input.autoRebuy }),
      });
      if (!result.ok) throw seatError(result);
      return {
        seat: result.seat,
        stack: result.stack,
        effective: result.effective,
        replayed: result.replayed,
        balance: await balanceOf(ctx.db, walletOf(ctx.user.id)),
      };
    }),

  cashOut: playerProcedure
    .meta({
      description:
        "Leave a table: your whole stack goes back to your wallet — now between hands, or (`leavingAfterHand: true`) when the hand in progress ends, your cards folded. Returns `{ cashedOut, leavingAfterHand, replayed, balance }`.",
    })
    .input(z.strictObject({ tableId, idempotencyKey }))
    .mutation(async ({ ctx, input }) => {
      const room = await roomFor(ctx, input.tableId);
      const result = await room.cashOut({
        tableId: input.tableId,
        userId: ctx.user.id,
        key: input.idempotencyKey,
      });
      if (!result.ok) throw seatError(result);
      return {
        cashedOut: result.cashedOut,
        leavingAfterHand: result.leavingAfterHand,
        replayed: result.replayed,
        balance: await balanceOf(ctx.db, walletOf(ctx.user.id)),
      };
    }),
});
