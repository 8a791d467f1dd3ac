import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, checkDown, openTable, roomOf, TableClient } from "../../test/table-client";
import { call, expectLedgerReconciles, newAdmin, newPlayer, type Player } from "../../test/trpc";

const stakesChanged = (s: StateMessage) => s.events.some((e) => e.type === "stakesChanged");

describe("stake edits reach open tables", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("T-4 T-10 blinds, buy-in limits and the time bank change between hands, never during one", async () => {
    const stake = {
      name: `Edited ${crypto.randomUUID().slice(0, 8)}`,
      game: "holdem",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      seats: 6,
    };
    const tableId = await openTable(admin, stake);
    const { stakeId } = (
      await call("admin.tables.list", undefined, { token: admin.token })
    ).data.find((t: { id: string }) => t.id === tableId);
    const [alice, bob, carol] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 150, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    await a.until((s) => s.view.handNumber === 1 && s.view.hand?.phase !== "complete");

    // Mid-hand: blinds 5/10, buy-in 20–30 big blinds (200–300), a 10 s time bank.
    const edited = { ...stake, smallBlind: 5, bigBlind: 10, minBuyInBb: 20, maxBuyInBb: 30 };
    const update = await call(
      "admin.stakes.update",
      { id: stakeId, stake: { ...edited, timeBankSeconds: 10 } },
      { token: admin.token },
    );
    expect(update.error).toBeNull();
    const during = a.latest as StateMessage;
    expect(during.view.hand?.phase).not.toBe("complete");
    expect([during.view.minBuyIn, during.view.maxBuyIn]).toEqual([40, 200]);
    expect(
      a.received.some(({ message }) => message.type === "state" && stakesChanged(message)),
    ).toBe(false);

    // The hand plays out under the rules it was dealt with; then the new ones arrive.
    await checkDown([a, b]);
    const settled = await a.until((s) => s.view.hand?.phase === "complete");
    expect(settled.view.hand).toMatchObject({ smallBlind: 1, bigBlind: 2 });
    // The room's own alarm plays them: the hand's end armed it for when they were asked,
    // already past. (Running it from here raced that alarm: when the room's fired first,
    // this one dealt the next hand early, and the deal below then timed a player out.)
    const changed = await a.until((s) => s.view.maxBuyIn === 300);
    expect(changed.view.minBuyIn).toBe(200);
    const line = a.received.find(
      ({ message }) => message.type === "state" && stakesChanged(message),
    );
    expect(line?.message.type === "state" && line.message.events).toContainEqual({
      type: "stakesChanged",
      smallBlind: 5,
      bigBlind: 10,
      minBuyIn: 200,
      maxBuyIn: 300,
    });

    // The new limits hold for a newcomer; the next hand is dealt at the new blinds.
    const tooSmall = await call(
      "cashier.buyIn",
      { tableId, amount: 150, idempotencyKey: crypto.randomUUID(), seat: 3 },
      { token: carol.token },
    );
    expect(JSON.stringify(tooSmall.error)).toContain("minimum buy-in of 200");
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    const next = await a.until((s) => s.view.handNumber === 2 && s.clock !== null);
    expect(next.view.hand).toMatchObject({ smallBlind: 5, bigBlind: 10 });
    const clock = next.clock as NonNullable<StateMessage["clock"]>;
    expect(clock.timesOutAt - clock.actionEndsAt).toBeLessThanOrEqual(10_000);
    a.close();
    b.close();
    await expectLedgerReconciles();
  });
});
