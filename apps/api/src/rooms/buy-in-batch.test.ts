import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, roomOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { escrowOf, walletOf } from "../ledger/ledger";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";
import type { TablePipeline } from "./table-pipeline";
import type { TableRoom } from "./table-room";

const db = database(env.DB);
const d1Calls = (tableId: string) =>
  runInDurableObject(
    roomOf(env, tableId),
    (room: TableRoom) =>
      (room as unknown as { pipeline: TablePipeline }).pipeline.metrics.costs.d1Calls,
  );
const seatedInLobby = async (tableId: string) =>
  (
    await env.DB.prepare("SELECT players_seated AS n FROM tables WHERE id = ?")
      .bind(tableId)
      .first<{ n: number }>()
  )?.n;
const tryBuyIn = (p: Player, tableId: string, amount: number) =>
  call(
    "cashier.buyIn",
    { tableId, amount, idempotencyKey: crypto.randomUUID() },
    { token: p.token },
  );

describe("a buy-in at a loaded table", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("T-4 is one D1 call: the money, the table's open check and its lobby row together", async () => {
    const tableId = await openTable(admin);
    await buyIn(await newPlayer(), tableId, 200, 1);
    expect(await seatedInLobby(tableId)).toBe(1);
    const before = await d1Calls(tableId);
    const bob = await newPlayer();
    await buyIn(bob, tableId, 150, 2);
    expect((await d1Calls(tableId)) - before).toBe(1);
    expect(await seatedInLobby(tableId)).toBe(2);
    expect(await balanceOf(db, walletOf(bob.id))).toBe(STARTING_GRANT - 150);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(350);
  });

  it("a wallet that cannot pay moves nothing and leaves the lobby row as it was", async () => {
    const tableId = await openTable(admin);
    await buyIn(await newPlayer(), tableId, 200, 1);
    const poor = await newPlayer();
    const refused = await tryBuyIn(poor, tableId, STARTING_GRANT + 1);
    expect(refused.error).not.toBeNull();
    expect(await seatedInLobby(tableId)).toBe(1);
    expect(await balanceOf(db, walletOf(poor.id))).toBe(STARTING_GRANT);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(200);
  });

  it("a table whose row says closed refuses it in the transfer itself: nothing moves", async () => {
    const tableId = await openTable(admin);
    await buyIn(await newPlayer(), tableId, 200, 1);
    // The row alone changes, so only the transfer's own condition can refuse.
    await env.DB.prepare("UPDATE tables SET status = 'closed' WHERE id = ?").bind(tableId).run();
    const late = await newPlayer();
    const refused = await tryBuyIn(late, tableId, 100);
    expect(refused.error).toMatchObject({ reason: "table_closed" });
    expect(await balanceOf(db, walletOf(late.id))).toBe(STARTING_GRANT);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(200);
    expect(await seatedInLobby(tableId)).toBe(1);
  });
});
