/**
 * A Russian poker table's money, as the cashier asks for it (the same
 * requests a poker table takes, table-bank.ts): buying in and adding chips,
 * cashing out. Money moves wallet → escrow through the ledger before any
 * chip appears, with an intent stored first so that a crash in between is
 * finished (or refunded) on the next start (`finishRussianIntents`).
 */
import { russian } from "@felt/engine";
import { now as clockNow } from "../../clock";
import { walletOf } from "../../ledger/ledger";
import { move } from "../../ledger/movements";
import { refundOf } from "../outbox";
import {
  type BuyInResult,
  type CashOutRequest,
  type CashOutResult,
  leaveResult,
} from "../table-bank";
import type { RussianPipeline } from "./russian-pipeline";
import { type RussianIntent, russianIntentKey } from "./russian-storage";

/** An answer given before to the same request key, marked a replay. */
export function answeredBefore<R extends BuyInResult | CashOutResult>(
  pipeline: RussianPipeline,
  requestKey: string,
): R | null {
  const done = pipeline.store.result(requestKey) as R | null;
  if (!done) return null;
  return done.ok ? { ...done, replayed: true } : done;
}

/**
 * Checked before any money moves (the same command is applied once it has),
 * then funded; a player seated may open the first round at once.
 */
export async function russianBuyIn(
  pipeline: RussianPipeline,
  intent: RussianIntent,
): Promise<BuyInResult> {
  const { table } = pipeline.current;
  const planned = russian.applyRussianTable(table, seatCommand(table, intent));
  if (!planned.ok) return refusalOf(table, intent, planned.error);
  const result = await fund(pipeline, intent, clockNow(), false);
  await pipeline.runDue(clockNow());
  await pipeline.courier.flush();
  return result;
}

/** Leave now between rounds, or after the round in play; the chips go back through the outbox. */
export async function russianCashOut(
  pipeline: RussianPipeline,
  request: CashOutRequest,
  requestKey: string,
): Promise<CashOutResult> {
  const seat = pipeline.current.table.seats.find((s) => s.playerId === request.userId);
  if (!seat) return { ok: false, code: "not_seated" };
  if (seat.leaving) return { ok: true, cashedOut: 0, leavingAfterHand: true, replayed: false };
  const left = russian.applyRussianTable(pipeline.current.table, {
    type: "leave",
    playerId: request.userId,
  });
  if (!left.ok) {
    return { ok: false, code: "refused", message: left.error.message, refusal: left.error.code };
  }
  const result = leaveResult(left.events);
  pipeline.change(left.state, left.events, clockNow(), { results: [[requestKey, result]] });
  await pipeline.courier.flush();
  return result;
}

/** After a crash: buy-ins whose money may have moved are finished (asking the ledger again is idempotent). */
export async function finishRussianIntents(pipeline: RussianPipeline): Promise<void> {
  for (const intent of pipeline.store.intents()) await fund(pipeline, intent, clockNow(), true);
}

/** Buy-in money: intent stored, ledger moved, chips seated, or refunded if the seat went. */
async function fund(
  pipeline: RussianPipeline,
  intent: RussianIntent,
  now: number,
  stored: boolean,
): Promise<BuyInResult> {
  if (!stored) pipeline.store.commit({ intent }, now);
  const tableId = pipeline.current.room.tableId;
  const moved = await move(pipeline.db, "buy_in", {
    tableId,
    userId: intent.userId,
    amount: intent.amount,
    key: intent.ledgerKey,
  });
  const intentDone = russianIntentKey(intent);
  if (!moved.ok) {
    pipeline.store.commit({ intentDone }, now);
    if (moved.reason === "key_reused") return { ok: false, code: "key_reused" };
    const balance = moved.balances[walletOf(intent.userId).id] ?? 0;
    return { ok: false, code: "insufficient_funds", balance };
  }
  const { table: before } = pipeline.current;
  const seated = russian.applyRussianTable(before, seatCommand(before, intent));
  if (!seated.ok) {
    const refused = refusalOf(before, intent, seated.error);
    const refund = refundOf(tableId, intent);
    pipeline.store.commit(
      { outbox: [refund], results: [[intent.requestKey, refused]], intentDone },
      now,
    );
    pipeline.flush();
    return refused;
  }
  const table = seated.state;
  const result: BuyInResult = {
    ok: true,
    seat: table.seats.findIndex((s) => s.playerId === intent.userId) + 1,
    stack: russian.chipsOf(table, intent.userId) ?? 0,
    effective: "now",
    replayed: moved.replayed,
  };
  pipeline.change(table, seated.events, now, {
    results: [[intent.requestKey, result]],
    intentDone,
  });
  return result;
}

/** A buy-in as the table's command: sit down, or add chips when already seated. */
function seatCommand(
  table: russian.RussianTableState,
  request: { userId: string; name: string; amount: number },
): russian.RussianTableCommand {
  return table.seats.some((s) => s.playerId === request.userId)
    ? { type: "addChips", playerId: request.userId, amount: request.amount }
    : { type: "sit", playerId: request.userId, name: request.name, chips: request.amount };
}

/** The engine's refusal as the cashier's. */
function refusalOf(
  table: russian.RussianTableState,
  request: { userId: string },
  error: russian.RussianError,
): BuyInResult {
  const stack = russian.chipsOf(table, request.userId) ?? 0;
  switch (error.code) {
    case "table_full":
      return { ok: false, code: "table_full", seats: table.maxPlayers };
    case "below_min":
      return { ok: false, code: "below_min", minBuyIn: table.minBuyIn };
    case "above_max":
      return { ok: false, code: "above_max", maxBuyIn: table.maxBuyIn, stack };
    default:
      return { ok: false, code: "refused", message: error.message, refusal: error.code };
  }
}
