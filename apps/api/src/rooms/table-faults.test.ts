/**
 * Faults, injected: D1 failing under the ledger, the outbox courier and the
 * hand-history writes; the room aborted while a buy-in, a cash-out or an
 * outbox flush waits on D1; the alarm throwing. Each case ends with every
 * chip in place (the escrow equals the chips on the table, wallets add up,
 * and the ledger reconciles after every test: test/reconcile-after-each.ts)
 * and the table dealing and playing a hand to the end.
 */
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { chipsOnTable } from "@felt/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { type Fault, injectD1Faults } from "../../test/faults";
import { storedHands } from "../../test/histories";
import { seedDemo } from "../../test/seed";
import {
  buyIn,
  checkDown,
  inRoomStore,
  openTable,
  roomOf,
  TableClient,
} from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import type { Env } from "../env";
import { phhObjectKey } from "../history/phh-store";
import { escrowOf, HOUSE, walletOf } from "../ledger/ledger";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";

const db = database(env.DB);
const wallet = (p: Player) => balanceOf(db, walletOf(p.id));
/** The statement that records a transfer of one movement kind (the kind is a bound value). */
const transferOf = (kind: string) => new RegExp(`insert into "transfers"[^;]*-- \\[[^;]*"${kind}"`);

/** Counts the hits of a fault. */
function signal() {
  let hits = 0;
  return { fire: () => void hits++, count: () => hits };
}

async function escrowMatchesTable(tableId: string) {
  const table = await inRoomStore(tableId, (store) => store.snapshot()?.table);
  if (!table) throw new Error("no table");
  expect(await balanceOf(db, escrowOf(tableId))).toBe(chipsOnTable(table));
}

/**
 * Deal (the alarm) unless a hand is already under way (an alarm fired for a
 * retry deals too), and check it down to its end: the table is still playing.
 */
async function playsAHand(tableId: string, players: Player[]) {
  const clients = await Promise.all(
    players.map((p) => TableClient.open(tableId, { token: p.token })),
  );
  const now = await clients[0]?.until(() => true);
  if (!now?.view.hand || now.view.hand.phase === "complete") {
    await runDurableObjectAlarm(roomOf(env, tableId));
    await clients[0]?.until((s) => s.view.handNumber > (now?.view.handNumber ?? 0));
  }
  await checkDown(clients);
  await clients[0]?.until((s) => s.view.hand?.phase === "complete");
  await escrowMatchesTable(tableId);
  for (const c of clients) c.close();
}

/** Pending retries (the courier's, the alarm's) run until the outbox is empty. */
async function outboxDrains(tableId: string) {
  await expect
    .poll(async () => {
      await runDurableObjectAlarm(roomOf(env, tableId));
      return inRoomStore(tableId, (store) => store.outbox().length);
    })
    .toBe(0);
}

describe("faults", { timeout: 30_000 }, () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("D1 fails under a buy-in's transfer: the call fails, nothing moves, and the retry seats once", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(bob, tableId, 200, 2);
    await injectD1Faults(roomOf(env, tableId), [
      { match: transferOf("buy_in"), action: { type: "throw" } },
    ]);
    const input = { tableId, amount: 200, idempotencyKey: "d1-fails-1", seat: 1 };
    const failed = await call("cashier.buyIn", input, { token: alice.token });
    expect(failed.error?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(await wallet(alice)).toBe(STARTING_GRANT);
    await escrowMatchesTable(tableId);
    const retried = await call("cashier.buyIn", input, { token: alice.token });
    expect(retried.data).toMatchObject({ seat: 1, stack: 200 });
    expect(await wallet(alice)).toBe(STARTING_GRANT - 200);
    expect(await inRoomStore(tableId, (store) => store.intents())).toEqual([]);
    await playsAHand(tableId, [alice, bob]);
  });

  it("D1 fails under the outbox courier: a cash-out is paid on the retry, once", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const carol = await newPlayer();
    await buyIn(carol, tableId, 150, 3);
    const fault: Fault = { match: transferOf("cash_out"), action: { type: "throw" }, times: 2 };
    await injectD1Faults(roomOf(env, tableId), [fault]);
    const left = await call(
      "cashier.cashOut",
      { tableId, idempotencyKey: "courier-fails-1" },
      { token: carol.token },
    );
    expect(left.data).toMatchObject({ cashedOut: 150, leavingAfterHand: false });
    expect(fault.hits).toBeGreaterThanOrEqual(1);
    expect(await wallet(carol)).toBe(STARTING_GRANT - 150); // owed, not yet paid
    await outboxDrains(tableId);
    expect(fault.hits).toBe(2);
    expect(await wallet(carol)).toBe(STARTING_GRANT);
    await escrowMatchesTable(tableId);
    await playsAHand(tableId, [alice, bob]);
  });

  it("D1 fails under a hand-history write: the history arrives on a retry, once, and play goes on", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const fault: Fault = { match: /insert into "hand_histories"/, action: { type: "throw" } };
    await injectD1Faults(roomOf(env, tableId), [fault]);
    await playsAHand(tableId, [alice, bob]);
    expect(fault.hits).toBe(1);
    await outboxDrains(tableId);
    const histories = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM hand_histories WHERE table_id = ?")
          .bind(tableId)
          .first<{ n: number }>()
      )?.n;
    expect(await histories()).toBe(1);
    await playsAHand(tableId, [alice, bob]);
    await outboxDrains(tableId);
    expect(await histories()).toBe(2);
  });

  it("R2 fails under a hand's PHH: no index row goes to D1 before the object, and the retry writes both", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const rowsWhenPut: number[] = [];
    await runInDurableObject(roomOf(env, tableId), (room: unknown) => {
      const pipeline = (room as { pipeline: { env: Env } }).pipeline;
      const real = pipeline.env;
      let failures = 1;
      const put: R2Bucket["put"] = async (...args) => {
        rowsWhenPut.push((await storedHands(tableId)).length);
        if (failures-- > 0) throw new Error("R2: injected fault");
        return real.HISTORIES.put(...args);
      };
      const env = { ...real, HISTORIES: { ...real.HISTORIES, put } as R2Bucket };
      Object.defineProperty(pipeline, "env", { value: env, configurable: true, writable: true });
    });
    await playsAHand(tableId, [alice, bob]);
    await outboxDrains(tableId);
    // Each put (the failed one and its retry) came before the hand's index row.
    expect(rowsWhenPut).toEqual([0, 0]);
    const hands = await storedHands(tableId);
    expect(hands.map((h) => h.handNumber)).toEqual([1]);
    expect(await env.HISTORIES.head(phhObjectKey(hands[0]?.id ?? ""))).not.toBeNull();
  });

  it("the room is aborted while a buy-in's transfer is written but unanswered: the restart seats it, once", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(bob, tableId, 200, 2);
    const hit = signal();
    await injectD1Faults(roomOf(env, tableId), [
      { match: transferOf("buy_in"), action: { type: "lose" }, onHit: hit.fire },
    ]);
    const input = { tableId, amount: 180, idempotencyKey: "abort-buy-in-1", seat: 1 };
    const lost = await call("cashier.buyIn", input, { token: alice.token });
    expect(hit.count()).toBe(1);
    expect(lost.error?.code).toBe("INTERNAL_SERVER_ERROR");
    // D1 has the transfer; the room dies before it learns what became of it.
    expect(await wallet(alice)).toBe(STARTING_GRANT - 180);
    await abortAllDurableObjects();
    // The next use restarts the room, which finishes the stored intent.
    const retried = await call("cashier.buyIn", input, { token: alice.token });
    expect(retried.error).toBeNull();
    expect(retried.data).toMatchObject({ seat: 1, stack: 180, replayed: true });
    expect(await wallet(alice)).toBe(STARTING_GRANT - 180);
    await escrowMatchesTable(tableId);
    await playsAHand(tableId, [alice, bob]);
  });

  it("the room is aborted while a cash-out is written but unanswered: the restart does not pay it twice", async () => {
    const tableId = await openTable(admin);
    const [alice, bob, carol] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    await buyIn(carol, tableId, 150, 3);
    const hit = signal();
    await injectD1Faults(roomOf(env, tableId), [
      { match: transferOf("cash_out"), action: { type: "lose" }, onHit: hit.fire },
    ]);
    const left = await call(
      "cashier.cashOut",
      { tableId, idempotencyKey: "abort-cash-out-1" },
      { token: carol.token },
    );
    expect(left.data).toMatchObject({ cashedOut: 150 });
    expect(hit.count()).toBe(1);
    // Paid in D1; the room, which thinks it failed, dies with the row still in its outbox.
    expect(await wallet(carol)).toBe(STARTING_GRANT);
    expect(await inRoomStore(tableId, (store) => store.outbox().length)).toBeGreaterThan(0);
    await abortAllDurableObjects();
    // The restarted room delivers its outbox again: the ledger key makes it a no-op.
    await outboxDrains(tableId);
    expect(await wallet(carol)).toBe(STARTING_GRANT);
    await escrowMatchesTable(tableId);
    await playsAHand(tableId, [alice, bob]);
  });

  it("the room is aborted in the middle of an outbox flush (history written, rake unanswered): nothing is doubled", async () => {
    const tableId = await openTable(admin, {
      smallBlind: 10,
      bigBlind: 20,
      rakePercent: 5,
      rakeCap: 10,
      noFlopNoDrop: false,
    });
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 1_000, 1);
    await buyIn(bob, tableId, 1_000, 2);
    const house = await balanceOf(db, HOUSE);
    const hit = signal();
    await injectD1Faults(roomOf(env, tableId), [
      { match: transferOf("rake"), action: { type: "lose" }, onHit: hit.fire },
    ]);
    await playsAHand(tableId, [alice, bob]);
    await expect.poll(() => hit.count()).toBe(1);
    const raked = (await balanceOf(db, HOUSE)) - house;
    expect(raked).toBeGreaterThan(0);
    await abortAllDurableObjects();
    await outboxDrains(tableId);
    expect((await balanceOf(db, HOUSE)) - house).toBe(raked);
    const histories = await env.DB.prepare(
      "SELECT count(*) AS n FROM hand_histories WHERE table_id = ?",
    )
      .bind(tableId)
      .first<{ n: number }>();
    expect(histories?.n).toBe(1);
    await escrowMatchesTable(tableId);
    await playsAHand(tableId, [alice, bob]);
  });

  it("the alarm throws (D1 fails under an auto-rebuy before the deal): the next alarm deals and the table plays", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    a.send({ type: "autoRebuy", upTo: 200, seq: a.seq + 1 });
    await a.until((s) => s.view.myAutoRebuy !== null);
    a.close();
    const fault: Fault = { match: transferOf("buy_in"), action: { type: "throw" } };
    await injectD1Faults(roomOf(env, tableId), [fault]);
    await runDurableObjectAlarm(roomOf(env, tableId));
    expect(fault.hits).toBe(1);
    expect(await wallet(alice)).toBe(STARTING_GRANT - 100);
    await escrowMatchesTable(tableId);
    // The failed alarm set itself again; the next one tops Alice up and deals.
    await playsAHand(tableId, [alice, bob]);
    expect(await wallet(alice)).toBe(STARTING_GRANT - 200);
  });
});
