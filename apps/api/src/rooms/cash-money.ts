/**
 * A cash table's money (T-4, T-5, T-6): buying in and adding chips, cashing
 * out, and auto-rebuys before the deal. Money moves wallet → escrow through
 * the ledger before any chip appears, with an intent stored first so that a
 * crash in between is finished (or refunded) on the next start.
 */
import { occupantOf, type Rebuy, rebuysDue, skipRebuy, type TableEvent } from "@felt/engine";
import { now as clockNow } from "../clock";
import { inBackground } from "../durable/background";
import { walletOf } from "../ledger/ledger";
import { moveAll } from "../ledger/movements";
import { type BuyInBatch, buyInBatch } from "./buy-in-batch";
import { errorMessage } from "./messages";
import { type OutboxItem, refundOf } from "./outbox";
import type { Writes } from "./room-storage";
import type { StakeRow } from "./stake";
import { loadTable } from "./stake";
import {
  applyFunding,
  type BuyInRequest,
  type BuyInResult,
  buyInTerms,
  type CashOutRequest,
  type CashOutResult,
  type FundingIntent,
  intentKey,
  leaveResult,
  planBuyIn,
  rebuyIntent,
} from "./table-bank";
import type { PendingChange, TablePipeline } from "./table-pipeline";
import { seatHeld } from "./waitlist-mode";

/** The room opened (on first use, from `stake`) and recovered: what TableRoom's `ready` does. */
type Ready = (
  tableId: string,
  stake?: StakeRow,
) => Promise<{ ok: true } | { ok: false; reason: string }>;

/** Sit down (T-4) or add chips (T-5): the money moves wallet → escrow first, then the chips appear. */
export async function buyIn(
  pipeline: TablePipeline,
  request: BuyInRequest,
  ready: Ready,
): Promise<BuyInResult> {
  const requestKey = `buy_in:${request.userId}:${request.key}`;
  const terms = buyInTerms(request);
  const answered = pipeline.store.result(requestKey);
  if (answered) {
    if (answered.terms !== null && answered.terms !== terms)
      return { ok: false, code: "key_reused" };
    const done = answered.result as BuyInResult;
    return done.ok ? { ...done, replayed: true } : done;
  }
  if (pipeline.snapshot?.room.tournament) return { ok: false, code: "table_closed" };
  // A loaded table asks D1 nothing before the money moves: that the table is still open is
  // checked by the transfer itself (buy-in-batch.ts). Only a room's first use reads its stake.
  const loaded = pipeline.snapshot !== null;
  let stake: StakeRow | undefined;
  if (!loaded) {
    const row = await loadTable(pipeline.db, request.tableId);
    if (row?.status !== "open") return { ok: false, code: "table_closed" };
    stake = row.stake;
  }
  const readied = await ready(request.tableId, stake);
  if (!readied.ok) return { ok: false, code: "game_unavailable", reason: readied.reason };
  // T-12: a seat offered to a player on the waiting list is his alone.
  if (seatHeld(pipeline.current, request.userId))
    return { ok: false, code: "seat_held", seats: pipeline.current.table.config.seatCount };
  const plan = planBuyIn(pipeline.current.table, request);
  if (!plan.ok) return { ok: false, ...plan.refusal };
  const intent: FundingIntent = {
    ledgerKey: request.key,
    userId: request.userId,
    amount: request.amount,
    commands: plan.commands,
    requestKey,
    terms,
  };
  const batch = buyInBatch(pipeline, intent, loaded);
  const [result] = await fundAll(pipeline, [intent], clockNow(), false, batch);
  // Only rows owed from before (a refund, say) are left to deliver: the lobby row went with the money.
  await pipeline.courier.flush();
  return result as BuyInResult;
}

/** Leave: cashed out now between hands, or folded and cashed out when the hand ends. */
export async function cashOut(
  pipeline: TablePipeline,
  request: CashOutRequest,
): Promise<CashOutResult> {
  const requestKey = `cash_out:${request.userId}:${request.key}`;
  const done = pipeline.store.result(requestKey)?.result as CashOutResult | undefined;
  if (done) return done.ok ? { ...done, replayed: true } : done;
  const occupant = pipeline.snapshot ? occupantOf(pipeline.current.table, request.userId) : null;
  if (!occupant) return { ok: false, code: "not_seated" };
  if (occupant.leaving) return { ok: true, cashedOut: 0, leavingAfterHand: true, replayed: false };
  const left = await pipeline.play({ type: "leave", playerId: request.userId });
  if (!left.ok)
    return { ok: false, code: "refused", message: left.error.message, refusal: left.error.code };
  const result = leaveResult(left.events);
  pipeline.change(left.state, left.events, clockNow(), { results: [[requestKey, result]] });
  await pipeline.courier.flush();
  return result;
}

/**
 * Several fundings at once (the auto-rebuys before a deal, the buy-ins a crash
 * cut off): their intents are stored in one write, the ledger is asked for
 * each, and every chip that can be seated is seated in one change, so the
 * deal waits for one commit and the players get one message, not one per
 * player. `stored`: the intents are in storage already (a restart).
 */
async function fundAll(
  pipeline: TablePipeline,
  intents: FundingIntent[],
  now: number,
  stored = false,
  batch: BuyInBatch | null = null,
): Promise<BuyInResult[]> {
  const { answers, change } = await fundAllPending(pipeline, intents, now, stored, batch);
  if (change) pipeline.commitPending(change, now);
  return answers;
}

/**
 * `fundAll`, but the change that seats the chips is handed back, not made,
 * so that the deal can carry it (one commit and one message for the
 * top-ups and the cards). The intents are stored and the ledger asked all
 * the same: a crash before the change is finished on the next start. Null
 * when no chip is seated; refunds and answers are then stored at once.
 */
async function fundAllPending(
  pipeline: TablePipeline,
  intents: FundingIntent[],
  now: number,
  stored = false,
  batch: BuyInBatch | null = null,
): Promise<{ answers: BuyInResult[]; change: PendingChange | null }> {
  if (intents.length === 0) return { answers: [], change: null };
  if (!stored) pipeline.store.commit({ intents }, now);
  const tableId = pipeline.current.room.tableId;
  const transfers = intents.map((intent) => ({
    tableId,
    userId: intent.userId,
    amount: intent.amount,
    key: intent.ledgerKey,
  }));
  // One batch for them all: one round trip to D1 before the deal, not one per player.
  // A lone buy-in's batch also checks the table is open and writes its lobby row.
  const moves = batch
    ? await batch.run(transfers[0] as (typeof transfers)[number])
    : await moveAll(pipeline.db, "buy_in", transfers);
  let table = pipeline.current.table;
  const events: TableEvent[] = [];
  const results: NonNullable<Writes["results"]> = [];
  const outbox: OutboxItem[] = [];
  const answers = intents.map((intent, i): BuyInResult => {
    const moved = moves[i] as Awaited<(typeof moves)[number]>;
    if (!moved.ok) {
      if (moved.reason === "key_reused") return { ok: false, code: "key_reused" };
      if (moved.reason === "condition_failed") return { ok: false, code: "table_closed" };
      const balance = moved.balances[walletOf(intent.userId).id] ?? 0;
      return { ok: false, code: "insufficient_funds", balance };
    }
    const seated = applyFunding(table, intent, moved.replayed);
    if (intent.requestKey) results.push([intent.requestKey, seated.result, intent.terms]);
    if (seated.ok) {
      table = seated.state;
      events.push(...seated.events);
    } else {
      outbox.push(refundOf(tableId, intent));
    }
    return seated.result;
  });
  const intentsDone = intents.map(intentKey);
  if (events.length > 0) {
    const lobbyWritten = batch?.lobbyWritten(events) ?? false;
    const options = { results, intentsDone, outbox, lobbyWritten };
    return { answers, change: { table, events, options } };
  }
  pipeline.store.commit({ outbox, results, intentsDone }, now);
  if (outbox.length > 0) inBackground(pipeline.courier.flush(), "outbox delivery");
  return { answers, change: null };
}

/** After a crash: buy-ins whose money may have moved are finished (asking the ledger again is idempotent). */
export async function finishIntents(pipeline: TablePipeline): Promise<void> {
  await fundAll(pipeline, pipeline.store.intents(), clockNow(), true);
}

/**
 * T-6 top-ups before the deal, all funded together. When every one is
 * funded, the change that seats them is handed back for the deal to carry;
 * a top-up the wallet cannot cover is skipped, and then the chips are
 * seated at once, before the skips change the table.
 */
export async function autoRebuys(
  pipeline: TablePipeline,
  now: number,
): Promise<PendingChange | null> {
  const { table, room } = pipeline.current;
  const due = rebuysDue(table);
  const { answers, change } = await fundAllPending(
    pipeline,
    due.map((rebuy) => rebuyIntent(room.tableId, table, rebuy)),
    now,
  );
  if (answers.every((answer) => answer.ok)) return change;
  if (change) pipeline.commitPending(change, now);
  due.forEach((rebuy, i) => {
    if (!answers[i]?.ok) skipped(pipeline, rebuy, now);
  });
  return null;
}

/** T-6: a top-up the wallet cannot cover is skipped (the engine's `skipRebuy`), and its player told. */
function skipped(pipeline: TablePipeline, rebuy: Rebuy, now: number): void {
  const { skipped, turnedOff } = skipRebuy(pipeline.current.table, rebuy);
  if (turnedOff) pipeline.change(turnedOff.state, turnedOff.events, now, { logged: [skipped] });
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
