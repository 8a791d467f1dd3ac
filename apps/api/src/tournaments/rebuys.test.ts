/**
 * Rebuys, late registration and the pause, inside workerd: real D1, real
 * TournamentRoom and TableRooms; time moves by the injected clock and alarms.
 */
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf, TableClient } from "../../test/table-client";
import { Bot, BUY_IN, FEE, schedule, startWhenDue, viewOf, wallet } from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { advanceClock, now } from "../clock";
import { database } from "../db/client";
import { prizePoolOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";
import { tournamentRoomOf } from "./room-of";
import type { TournamentPage } from "./stored";

describe("rebuys, late registration and the pause (MT-1, MT-3, MT-4)", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("MT-1 a busted player is offered a rebuy: taking it charges the wallet and puts the chips in play; declining places him", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, {
      levelSeconds: 600,
      rebuy: { chips: 1500, price: 50, fee: 5, untilLevel: 3 },
    });
    for (const p of [a, b])
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    await startWhenDue(id, startsAt);
    const bots = [new Bot(a), new Bot(b)];
    const shove = () => 0;
    const tableId = (await viewOf(id)).tables[0]?.tableId as string;
    for (const bot of bots) await bot.follow(tableId);

    /** All-in and call until someone busts (a split pot just deals again). */
    async function untilOffered(): Promise<{ busted: Player; view: TournamentPage }> {
      for (let i = 0; i < 200; i++) {
        for (const p of [a, b]) {
          const view = await viewOf(id, p);
          if (view.you?.rebuyOffered) return { busted: p, view };
        }
        const acted = bots.some((bot) => bot.play(shove));
        if (!acted) await runDurableObjectAlarm(roomOf(env, tableId));
        await Promise.race(bots.map((bot) => (bot.client as TableClient).changed(300)));
      }
      throw new Error("nobody busted");
    }

    const first = await untilOffered();
    expect(first.view.you).toMatchObject({ canRebuy: true, stack: 0 });
    const before = await wallet(first.busted);
    const rebought = await call("tournaments.rebuy", { id }, { token: first.busted.token });
    expect(rebought.error).toBeNull();
    expect(rebought.data.stack).toBe(1500);
    expect(await wallet(first.busted)).toBe(before - 55);
    // At or below the starting stack another rebuy is allowed; above it, refused with nothing charged.
    const again = await call("tournaments.rebuy", { id }, { token: first.busted.token });
    expect(again.data.stack).toBe(3000);
    const third = await call("tournaments.rebuy", { id }, { token: first.busted.token });
    expect(third.error?.message).toMatch(/1500 chips or fewer/);
    expect(await wallet(first.busted)).toBe(before - 110);
    const after = await viewOf(id);
    expect(after.prizePool).toBe(2 * BUY_IN + 100);
    expect(after.tables[0]?.chips).toBe(4 * 1500);

    const second = await untilOffered();
    // Nobody answers: the room's alarm declines the offer once its time is up (the package's
    // tick). Stored as a room before the package kept offer times: the time in a map of its own.
    await runInDurableObject(tournamentRoomOf(env, id), async (_room, state) => {
      type Head = { state: { pendingRebuys: { playerId: string; offeredAt?: number }[] } };
      const head = (await state.storage.get("head")) as Head;
      const pendingRebuys = head.state.pendingRebuys.map(({ offeredAt: _at, ...p }) => p);
      const offers = pendingRebuys.map((p) => [`rebuyOffers=${p.playerId}`, now() - 31_000]);
      await state.storage.put({
        head: { ...head, state: { ...head.state, pendingRebuys } },
        ...Object.fromEntries(offers),
      });
    });
    await abortAllDurableObjects();
    // A stub from before the restart is gone with it.
    const room = tournamentRoomOf(env, id);
    expect((await viewOf(id, second.busted)).you?.rebuyOffered).toBe(true);
    await runDurableObjectAlarm(room);
    const leftover = await runInDurableObject(room, (_room, state) =>
      state.storage.list({ prefix: "rebuyOffers=" }),
    );
    expect(leftover.size).toBe(0);
    expect(
      (await call("tournaments.declineRebuy", { id }, { token: second.busted.token })).error,
    ).not.toBeNull();
    const done = await viewOf(id, second.busted);
    expect(done.status).toBe("finished");
    expect(done.you?.place).toEqual({ from: 2, to: 2 });
    // 300 in the pool: 70 % and 30 %.
    expect(done.players.map((p) => p.prize).sort((x, y) => (y ?? 0) - (x ?? 0))).toEqual([210, 90]);
    for (const bot of bots) bot.client?.close();
  }, 120_000);

  it("MT-1 a rebuy bought while the table deals is accepted and charged once; the hand's end is reported at once and the chips play from the next hand", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, {
      levelSeconds: 600,
      rebuy: { chips: 1500, price: 50, fee: 5, untilLevel: 3 },
    });
    for (const p of [a, b])
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    await startWhenDue(id, startsAt);
    const tableId = (await viewOf(id)).tables[0]?.tableId as string;
    const clients = [
      await TableClient.open(tableId, { token: a.token }),
      await TableClient.open(tableId, { token: b.token }),
    ];
    const [ca] = clients as [TableClient, TableClient];
    const dealt = () => ca.latest?.view.hand ?? null;
    for (let i = 0; i < 10 && !dealt(); i++) {
      await runDurableObjectAlarm(roomOf(env, tableId));
      await ca.changed(500);
    }
    const hand = dealt();
    expect(hand).not.toBeNull();
    const handNumber = ca.latest?.view.handNumber;

    // Mid-hand: accepted, paid once, and not in play in this hand.
    const before = await wallet(a);
    const bought = await call("tournaments.rebuy", { id }, { token: a.token });
    expect(bought.error).toBeNull();
    expect(await wallet(a)).toBe(before - 55);
    const waiting = await viewOf(id, a);
    expect(waiting.you).toMatchObject({ stack: 1500, boughtChips: 1500 });
    expect(waiting.prizePool).toBe(2 * BUY_IN + 50);
    // A second rebuy would take the stack over the limit: refused, nothing charged.
    const again = await call("tournaments.rebuy", { id }, { token: a.token });
    expect(again.error?.message).toMatch(/1500 chips or fewer/);
    expect(await wallet(a)).toBe(before - 55);

    // The player to act folds: the hand is over. Nobody fires an alarm: the table reports
    // the hand by itself, and the tournament hands back the stack with the rebuy in it.
    const canFold = () => clients.find((c) => c.latest?.view.hand?.legalActions?.fold);
    for (let i = 0; i < 20 && !canFold(); i++)
      await Promise.race(clients.map((c) => c.changed(200)));
    const toAct = canFold() as TableClient;
    toAct.act({ type: "fold" });
    let after = waiting;
    for (let i = 0; i < 50 && after.you?.boughtChips !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await viewOf(id, a);
    }
    expect(after.you?.boughtChips).toBe(0);
    // He started the hand with 1,500; the folder loses his blind.
    const stack = after.you?.stack ?? 0;
    expect(toAct === ca ? stack < 3000 : stack > 3000).toBe(true);
    expect(after.tables[0]?.chips).toBe(2 * 1500 + 1500);

    // The next hand deals him with those chips.
    for (let i = 0; i < 10 && ca.latest?.view.handNumber === handNumber; i++) {
      await runDurableObjectAlarm(roomOf(env, tableId));
      await ca.changed(500);
    }
    expect(ca.latest?.view.handNumber).not.toBe(handNumber);
    const mine = ca.latest?.view.hand?.players.find((p) => p.seat === ca.latest?.view.mySeat);
    expect((mine?.stack ?? 0) + (mine?.committed ?? 0)).toBe(stack);

    // The money moved exactly once: the pool holds two buy-ins and one rebuy.
    expect(await wallet(a)).toBe(before - 55);
    // (The fees stay in the pool account until the house collects them at the end.)
    expect(await balanceOf(database(env.DB), prizePoolOf(id))).toBe(2 * (BUY_IN + FEE) + 55);
    for (const c of clients) c.close();
  }, 60_000);

  it("MT-1 MT-4 late registration: a player who registers after the start is seated at the shortest table and dealt in", async () => {
    const [a, b, late] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, {
      levelSeconds: 600,
      lateRegistrationLevels: 2,
      maxEntriesPerPlayer: 2,
    });
    for (const p of [a, b])
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    await startWhenDue(id, startsAt);
    const running = await viewOf(id, late);
    expect(running.registrationOpen).toBe(true);
    expect(running.you).toMatchObject({ registered: false, canRegister: true });

    const before = await wallet(late);
    expect((await call("tournaments.register", { id }, { token: late.token })).error).toBeNull();
    expect(await wallet(late)).toBe(before - BUY_IN - FEE);
    const seated = await viewOf(id, late);
    expect(seated.entries).toBe(3);
    expect(seated.you).toMatchObject({ alive: true, stack: 1500 });
    const tableId = seated.you?.tableId as string;

    // His table deals him into its next hand (the tournament seats him; the room deals the roster).
    const client = await TableClient.open(tableId, { token: late.token });
    for (
      let i = 0;
      i < 10 && !client.latest?.view.hand?.players.some((p) => p.seat === seated.you?.seat);
      i++
    ) {
      await runDurableObjectAlarm(roomOf(env, tableId));
      await client.changed(500);
    }
    expect(client.latest?.view.hand?.players.map((p) => p.seat)).toContain(seated.you?.seat);
    client.close();
  }, 60_000);

  it("MT-3 an admin pauses the clock: no new hand is dealt and the level keeps its time; resume deals again", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, { levelSeconds: 600 });
    for (const p of [a, b])
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    const player = await call("admin.tournaments.pause", { id }, { token: a.token });
    expect(player.error?.code).toBe("FORBIDDEN");
    const early = await call("admin.tournaments.pause", { id }, { token: admin.token });
    expect(early.error?.message).toMatch(/only a running tournament/);
    await startWhenDue(id, startsAt);
    const tableId = (await viewOf(id)).tables[0]?.tableId as string;
    const client = await TableClient.open(tableId, { token: a.token });
    await client.until(() => true);

    expect(
      (await call("admin.tournaments.pause", { id }, { token: admin.token })).error,
    ).toBeNull();
    const paused = await viewOf(id);
    expect(paused.paused).toBe(true);
    await runDurableObjectAlarm(roomOf(env, tableId));
    await client.changed(500);
    expect(client.latest?.view.hand).toBeNull();
    advanceClock(1_100);
    // The level clock stood still while paused.
    expect((await viewOf(id)).clock?.remainingMs).toBe(paused.clock?.remainingMs);

    expect(
      (await call("admin.tournaments.resume", { id }, { token: admin.token })).error,
    ).toBeNull();
    expect((await viewOf(id)).paused).toBe(false);
    for (let i = 0; i < 10 && !client.latest?.view.hand; i++) {
      await runDurableObjectAlarm(roomOf(env, tableId));
      await client.changed(500);
    }
    expect(client.latest?.view.hand?.players).toHaveLength(2);
    client.close();
  }, 60_000);
});
