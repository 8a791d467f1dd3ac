import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { applyTable, chipsOnTable, parsePhh } from "@felt/engine";
import type { StateMessage } from "@felt/protocol";
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
  turnOf,
} from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { phhObjectKey } from "../history/phh-store";
import { escrowOf } from "../ledger/ledger";
import { move } from "../ledger/movements";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";
import { outboxFor } from "./outbox";
import { roomAfter } from "./room-state";

const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

/** Run `work` against the room's real storage, as the room itself would. */
async function escrowMatchesTable(tableId: string) {
  const table = await inRoomStore(tableId, (store) => store.snapshot()?.table);
  if (!table) throw new Error("no table");
  expect(await balanceOf(database(env.DB), escrowOf(tableId))).toBe(chipsOnTable(table));
}

describe("a room that crashes", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("mid-hand resumes the hand after a restart with every chip in place", async () => {
    const tableId = await openTable(admin);
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 150, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    // Pre-flop: a raise and a call, so chips are in the pot when the room dies.
    const first = (await turnOf([a, b])) as TableClient;
    const v = first.latest?.view.version ?? 0;
    first.act({ type: "betOrRaiseTo", amount: 6 });
    await first.until((s) => s.view.version > v);
    const second = (await turnOf([a, b])) as TableClient;
    second.act({ type: "call" });
    const flop = await a.until((s) => s.view.hand?.street === "flop");
    const myCards = flop.view.hand?.players.find((p) => p.seat === 1)?.holeCards;

    await abortAllDurableObjects();
    await expect.poll(() => a.closed !== null && b.closed !== null).toBe(true);

    // Reconnect: a fresh snapshot of the very same hand.
    const a2 = await TableClient.open(tableId, { token: alice.token });
    const b2 = await TableClient.open(tableId, { token: bob.token });
    const resumed = await a2.until(() => true);
    expect(resumed.view.version).toBe(flop.view.version);
    expect(resumed.view.hand).toEqual(flop.view.hand);
    expect(resumed.view.hand?.players.find((p) => p.seat === 1)?.holeCards).toEqual(myCards);
    expect(resumed.fairness).toEqual(flop.fairness);
    expect(resumed.clock).toEqual(flop.clock);
    await escrowMatchesTable(tableId);
    await checkDown([a2, b2]);
    const end = (await a2.until((s) => s.view.hand?.phase === "complete")) as StateMessage;
    expect(end.view.seats.reduce((sum, s) => sum + (s?.stack ?? 0), 0)).toBe(350);
    await escrowMatchesTable(tableId);
    for (const c of [a2, b2]) c.close();
  });

  it("pays what its outbox owed on restart, and finishes a buy-in cut off after the money moved", async () => {
    const tableId = await openTable(admin);
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 100, 1);

    // Alice leaves; the change and its outbox row are stored, then the room dies before paying.
    await inRoomStore(tableId, (store) => {
      const before = store.snapshot();
      if (!before) throw new Error("no snapshot");
      const left = applyTable(before.table, { type: "leave", playerId: alice.id });
      if (!left.ok) throw new Error(left.error.message);
      const now = Date.now();
      store.commit(
        {
          snapshot: {
            table: left.state,
            room: roomAfter(before.room, left.state, left.events, now),
          },
          outbox: outboxFor(tableId, left.state, left.events, null),
        },
        now,
      );
    });
    await abortAllDurableObjects();
    expect(await wallet(alice)).toBe(STARTING_GRANT - 100);

    // Bob's buy-in: the ledger moved his money, then the room died before seating him.
    const db = database(env.DB);
    await move(db, "buy_in", { tableId, userId: bob.id, amount: 150, key: "cut-off-1" });
    await inRoomStore(tableId, (store) =>
      store.commit(
        {
          intents: [
            {
              ledgerKey: "cut-off-1",
              userId: bob.id,
              amount: 150,
              commands: [
                { type: "sit", seat: 2, playerId: bob.id, name: bob.displayName, buyIn: 150 },
              ],
              requestKey: `buy_in:${bob.id}:cut-off-1`,
            },
          ],
        },
        Date.now(),
      ),
    );
    await abortAllDurableObjects();

    // The next use of the room starts it again: it pays and seats what it owed.
    const watcher = await TableClient.open(tableId);
    const state = await watcher.until((s) => s.view.seats[1] !== null);
    expect(state.view.seats[0]).toBeNull();
    expect(state.view.seats[1]).toMatchObject({ playerId: bob.id, stack: 150 });
    await expect.poll(() => wallet(alice)).toBe(STARTING_GRANT);
    expect(await inRoomStore(tableId, (store) => [store.outbox(), store.intents()])).toEqual([
      [],
      [],
    ]);
    const retry = await call(
      "cashier.buyIn",
      { tableId, amount: 150, idempotencyKey: "cut-off-1" },
      { token: bob.token },
    );
    expect(retry.data).toMatchObject({ seat: 2, stack: 150, replayed: true });
    expect(await wallet(bob)).toBe(STARTING_GRANT - 150);
    await escrowMatchesTable(tableId);
    watcher.close();
  });

  it("writes on restart a hand's history still pending when it died: the PHH to R2, the index row to D1", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    // D1 refuses the hand's index row until the room dies: the history stays in its outbox.
    const fault: Fault = {
      match: /insert into "hand_histories"/,
      action: { type: "throw" },
      times: 1_000,
    };
    await injectD1Faults(roomOf(env, tableId), [fault]);
    const clients = [
      await TableClient.open(tableId, { token: alice.token }),
      await TableClient.open(tableId, { token: bob.token }),
    ];
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    await checkDown(clients);
    await clients[0]?.until((s) => s.view.hand?.phase === "complete");
    await expect.poll(() => fault.hits ?? 0).toBeGreaterThanOrEqual(1);
    const pending = await inRoomStore(tableId, (store) =>
      store.outbox().filter((item) => item.kind === "history"),
    );
    expect(pending).toHaveLength(1);
    expect(await storedHands(tableId)).toEqual([]);

    await abortAllDurableObjects();
    const watcher = await TableClient.open(tableId);
    await watcher.until(() => true);
    await expect.poll(async () => (await storedHands(tableId)).length).toBe(1);
    const [hand] = await storedHands(tableId);
    if (!hand) throw new Error("no hand");
    expect(await env.HISTORIES.head(phhObjectKey(hand.id))).not.toBeNull();
    expect(parsePhh(hand.phh).ok).toBe(true);
    expect(hand.phh).toContain("_felt_server_seed");
    // The player's copy comes from the same object, redacted.
    const mine = await call("history.get", { handId: hand.id }, { token: alice.token });
    expect(mine.error).toBeNull();
    expect(mine.data.phh).toContain("_felt_root");
    expect(mine.data.phh).not.toContain("_felt_server_seed");
    await expect
      .poll(() => inRoomStore(tableId, (store) => store.outbox().map((item) => item.kind)))
      .not.toContain("history");
    await escrowMatchesTable(tableId);
    for (const c of [...clients, watcher]) c.close();
  });
});
