/**
 * A cash table's money (T-4, T-5, T-6): buying in and adding chips, cashing
 * out, and auto-rebuys before the deal. Money moves wallet → escrow through
 * the ledger before any chip appears, with an intent stored first so that a
 * crash in between is finished (or refunded) on the next start.
 */
import { applyTable, occupantOf, type Rebuy, rebuysDue } from "@felt/engine";
import { buyIn as moveBuyIn, walletOf } from "../ledger/ledger";
import { errorMessage } from "./messages";
import { refundOf } from "./outbox";
import type { Writes } from "./room-storage";
import type { StakeRow } from "./stake";
import { loadTable } from "./stake";
import {
  applyFunding,
  type BuyInRequest,
  type BuyInResult,
  type CashOutRequest,
  type CashOutResult,
  type FundingIntent,
  intentKey,
  planBuyIn,
  rebuyIntent,
} from "./table-bank";
import type { TablePipeline } from "./table-pipeline";

type Ready = (
  tableId: string,
  stake: StakeRow,
) => Promise<{ ok: true } | { ok: false; reason: string }>;

/** Sit down (T-4) or add chips (T-5): the money moves wallet → escrow first, then the chips appear. */
export async function buyIn(
  pipeline: TablePipeline,
  request: BuyInRequest,
  ready: Ready,
): Promise<BuyInResult> {
  const requestKey = `buy_in:${request.userId}:${request.key}`;
  const done = pipeline.store.result(requestKey) as BuyInResult | null;
  if (done) return done.ok ? { ...done, replayed: true } : done;
  if (pipeline.snapshot?.room.tournament) return { ok: false, code: "table_closed" };
  const row = await loadTable(pipeline.db, request.tableId);
  if (row?.status !== "open") return { ok: false, code: "table_closed" };
  const readied = await ready(request.tableId, row.stake);
  if (!readied.ok) return { ok: false, code: "game_unavailable", reason: readied.reason };
  const plan = planBuyIn(pipeline.current.table, request);
  if (!plan.ok) return { ok: false, ...plan.refusal };
  const result = await fund(pipeline, {
    ledgerKey: request.key,
    userId: request.userId,
    amount: request.amount,
    commands: [plan.command],
    requestKey,
  });
  await pipeline.courier.flush();
  return result;
}

/** Leave: cashed out now between hands, or folded and cashed out when the hand ends. */
export async function cashOut(
  pipeline: TablePipeline,
  request: CashOutRequest,
): Promise<CashOutResult> {
  const requestKey = `cash_out:${request.userId}:${request.key}`;
  const done = pipeline.store.result(requestKey) as CashOutResult | null;
  if (done) return done.ok ? { ...done, replayed: true } : done;
  const occupant = pipeline.snapshot ? occupantOf(pipeline.current.table, request.userId) : null;
  if (!occupant) return { ok: false, code: "not_seated" };
  if (occupant.leaving) return { ok: true, cashedOut: 0, leavingAfterHand: true, replayed: false };
  const left = await pipeline.play({ type: "leave", playerId: request.userId });
  if (!left.ok)
    return { ok: false, code: "refused", message: left.error.message, refusal: left.error.code };
  const paid = left.events.find((e) => e.type === "playerLeft");
  const result: CashOutResult = {
    ok: true,
    cashedOut: paid?.type === "playerLeft" ? paid.cashOut : 0,
    leavingAfterHand: paid === undefined,
    replayed: false,
  };
  pipeline.change(left.state, left.events, Date.now(), { results: [[requestKey, result]] });
  await pipeline.courier.flush();
  return result;
}

/** Buy-in money: intent stored, ledger moved, chips seated — or refunded if the seat is gone. */
export async function fund(
  pipeline: TablePipeline,
  intent: FundingIntent,
  now = Date.now(),
  stored = false,
): Promise<BuyInResult> {
  if (!stored) pipeline.store.commit({ intent }, now);
  const moved = await moveBuyIn(pipeline.db, {
    tableId: pipeline.current.room.tableId,
    userId: intent.userId,
    amount: intent.amount,
    key: intent.ledgerKey,
  });
  if (!moved.ok) {
    pipeline.store.commit({ intentDone: intentKey(intent) }, now);
    if (moved.reason === "key_reused") return { ok: false, code: "key_reused" };
    const balance = moved.balances[walletOf(intent.userId).id] ?? 0;
    return { ok: false, code: "insufficient_funds", balance };
  }
  const seated = applyFunding(pipeline.current.table, intent, moved.replayed);
  const results: Writes["results"] = intent.requestKey ? [[intent.requestKey, seated.result]] : [];
  if (seated.ok) {
    pipeline.change(seated.state, seated.events, now, { results, intentDone: intentKey(intent) });
  } else {
    const refund = refundOf(pipeline.current.room.tableId, intent);
    pipeline.store.commit({ outbox: [refund], results, intentDone: intentKey(intent) }, now);
    void pipeline.courier.flush();
  }
  return seated.result;
}

/** After a crash: buy-ins whose money may have moved are finished (asking the ledger again is idempotent). */
export async function finishIntents(pipeline: TablePipeline): Promise<void> {
  for (const intent of pipeline.store.intents()) await fund(pipeline, intent, Date.now(), true);
}

/** T-6 top-ups before the deal. */
export async function autoRebuys(pipeline: TablePipeline, now: number): Promise<void> {
  for (const rebuy of rebuysDue(pipeline.current.table)) await autoRebuy(pipeline, rebuy, now);
}

async function autoRebuy(pipeline: TablePipeline, rebuy: Rebuy, now: number): Promise<void> {
  const { table, room } = pipeline.current;
  const result = await fund(pipeline, rebuyIntent(room.tableId, table, rebuy), now);
  if (result.ok) return;
  // Skipped quietly: the player keeps playing with what he has. A busted player's
  // wish is turned off, so the table does not keep waiting for chips that will not come.
  const skipped = {
    type: "autoRebuySkipped" as const,
    seat: rebuy.seat,
    playerId: rebuy.playerId,
    amount: rebuy.amount,
  };
  const off = rebuy.sitIn
    ? applyTable(pipeline.current.table, {
        type: "setAutoRebuy",
        playerId: rebuy.playerId,
        upTo: null,
      })
    : null;
  if (off?.ok) pipeline.change(off.state, off.events, now, { logged: [skipped] });
  else pipeline.changeRoom(now, (room) => room, [skipped]);
  pipeline.sockets.notify(
    rebuy.playerId,
    errorMessage(
      "auto_rebuy_skipped",
      `Auto-rebuy skipped: your wallet cannot cover ${rebuy.amount} chips.`,
      null,
      { amount: rebuy.amount },
    ),
  );
}
