/**
 * A whole tournament inside workerd: real D1, real TournamentRoom and
 * TableRooms, 20 bots over real WebSockets, from registration to payouts.
 * Hands are dealt when the test fires the tables' alarms (the test
 * environment sets a long pause between hands), as the table tests do.
 */
import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { intsFromSeed, seedFromHex, verifySeededInts } from "@felt/fairness";
import { drawBounds, drawSeats } from "@felt/tournament";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf } from "../../test/table-client";
import {
  Bot,
  BUY_IN,
  FEE,
  payoutTable,
  schedule,
  startWhenDue,
  viewOf,
  wallet,
} from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { now } from "../clock";
import { database } from "../db/client";
import { HOUSE, prizePoolOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";

describe("a tournament from registration to payouts (MT-1 … MT-7)", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("MT-1 MT-2: registration and unregistration move buy-in + fee through the ledger; a short field is cancelled and refunded", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, { minEntrants: 3, repeatEveryMinutes: 60 });
    const before = await wallet(a);
    expect((await call("tournaments.register", { id }, { token: a.token })).error).toBeNull();
    expect(await wallet(a)).toBe(before - BUY_IN - FEE);
    const twice = await call("tournaments.register", { id }, { token: a.token });
    expect(twice.error?.code).toBe("CONFLICT");
    expect(await wallet(a)).toBe(before - BUY_IN - FEE);

    expect((await call("tournaments.unregister", { id }, { token: a.token })).error).toBeNull();
    expect(await wallet(a)).toBe(before);
    // Registering again after unregistering charges again (a fresh ledger key).
    expect((await call("tournaments.register", { id }, { token: a.token })).error).toBeNull();
    expect(await wallet(a)).toBe(before - BUY_IN - FEE);
    expect((await call("tournaments.register", { id }, { token: b.token })).error).toBeNull();

    const guest = await viewOf(id);
    expect(guest.entries).toBe(2);
    expect(guest.you).toBeNull();
    expect(guest.prizePool).toBe(2 * BUY_IN);
    expect((await viewOf(id, a)).you).toMatchObject({ registered: true, canUnregister: true });

    // Two entrants, three needed: at the start time everyone is refunded.
    await startWhenDue(id, startsAt);
    const after = await viewOf(id);
    expect(after).toMatchObject({ status: "cancelled", cancelledReason: "min_field" });
    expect(await wallet(a)).toBe(before);
    expect(await balanceOf(database(env.DB), prizePoolOf(id))).toBe(0);
    const late = await call("tournaments.register", { id }, { token: b.token });
    expect(late.error).not.toBeNull();

    // It repeats hourly: the next one of the series is scheduled, open for registration.
    const nextStart = startsAt + 3_600_000;
    await expect
      .poll(async () =>
        (await call("lobby.tournaments")).data.map((t: { startsAt: number }) => t.startsAt),
      )
      .toContain(nextStart);
    const next = (await call("lobby.tournaments")).data.find(
      (t: { startsAt: number }) => t.startsAt === nextStart,
    );
    expect(next).toMatchObject({ status: "registering", buyIn: BUY_IN, fee: FEE, entries: 0 });
    expect(
      (await call("tournaments.register", { id: next.id }, { token: b.token })).error,
    ).toBeNull();
  }, 60_000);

  it("an admin cancels before the start and everyone is refunded; a player with too little money is refused", async () => {
    const { id } = await schedule(admin, { buyIn: 5000, fee: 0 });
    const p = await newPlayer();
    const before = await wallet(p);
    const poor = await call("tournaments.register", { id }, { token: p.token });
    if (before < 5000) expect(poor.error?.code).toBe("PRECONDITION_FAILED");
    const cancelled = await call("admin.tournaments.cancel", { id }, { token: admin.token });
    expect(cancelled.error).toBeNull();
    expect(await wallet(p)).toBe(before);
    expect(await viewOf(id)).toMatchObject({ status: "cancelled", cancelledReason: "director" });
    const again = await call("admin.tournaments.cancel", { id }, { token: admin.token });
    expect(again.error?.reason).toBe("cannot_cancel");
    const notAdmin = await call("admin.tournaments.cancel", { id }, { token: p.token });
    expect(notAdmin.error?.code).toBe("FORBIDDEN");
  });

  it("rejects bad tournament definitions with a clear message", async () => {
    const payoutTableId = await payoutTable(admin);
    const base = {
      name: "Bad",
      startsAt: now() + 60_000,
      buyIn: 10,
      fee: 1,
      startingStack: 1000,
      template: "turbo",
      payoutTableId,
    };
    for (const bad of [
      { startsAt: now() - 1000 },
      { buyIn: -1 },
      { startingStack: 0.5 },
      { template: "nope" },
      { seatsPerTable: 11 },
      { minEntrants: 10, maxEntrants: 5 },
      { maxEntriesPerPlayer: 2 },
      { payoutTableId: "missing" },
    ]) {
      const reply = await call(
        "admin.tournaments.create",
        { ...base, ...bad },
        { token: admin.token },
      );
      expect(reply.error?.code, JSON.stringify(bad)).toBe("BAD_REQUEST");
    }
  });

  it("MT-3 MT-4 MT-5 MT-6 MT-7: 20 bots play over WebSockets to a winner through two restarts; places and prizes match the payout table and the ledger", async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer()));
    const start = new Map<string, number>();
    for (const p of players) start.set(p.id, await wallet(p));
    const houseBefore = await balanceOf(database(env.DB), HOUSE);
    const { id, startsAt } = await schedule(admin, { seatsPerTable: 9, levelSeconds: 60 });
    const registered = await Promise.all(
      players.map((p) => call("tournaments.register", { id }, { token: p.token })),
    );
    expect(registered.map((r) => r.error)).toEqual(players.map(() => null));
    // The seat draw's seed is committed to before anyone can know the field.
    const before = await viewOf(id);
    expect(before.seatDraw).toMatchObject({ seed: null, entrants: null });
    await startWhenDue(id, startsAt);

    let view = await viewOf(id);
    expect(view.status).toBe("running");
    expect(view.tables.map((t) => t.players).sort()).toEqual([6, 7, 7]);
    // Once drawn, the seed is shown: it matches the commitment and gives exactly these seats.
    const draw = view.seatDraw;
    expect(draw?.commitment).toBe(before.seatDraw?.commitment);
    const entrants = draw?.entrants ?? [];
    const ints = await intsFromSeed(seedFromHex(draw?.seed ?? "") as Uint8Array, drawBounds(20));
    expect(
      await verifySeededInts({
        seed: draw?.seed ?? "",
        commitment: before.seatDraw?.commitment ?? "",
        bounds: drawBounds(20),
        ints,
      }),
    ).toEqual({ ok: true });
    const redrawn = drawSeats({
      playerIds: entrants,
      seatsPerTable: 9,
      startingStack: 1500,
      randomInts: ints,
    });
    if (!redrawn.ok) throw new Error(redrawn.error.message);
    for (const table of redrawn.tables) {
      for (const [i, occupant] of table.seats.entries()) {
        if (!occupant) continue;
        const line = view.players.find((p) => p.playerId === occupant.playerId);
        expect([line?.tableNumber, line?.seat]).toEqual([table.number, i + 1]);
      }
    }
    expect(new Set(view.players.map((p) => p.playerId)).size).toBe(20);

    const bots = players.map((p) => new Bot(p));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const chips = 20 * 1500;
    const deadline = Date.now() + 240_000;
    let maxTables = view.tables.length;
    let rounds = 0;
    let restarts = 0;
    while (view.status === "running") {
      rounds += 1;
      // Every room is thrown out of memory twice mid-tournament (early, and once a third
      // of the field is out): nothing may be lost.
      if ((restarts === 0 && rounds === 20) || (restarts === 1 && view.alive <= 13)) {
        await abortAllDurableObjects();
        restarts += 1;
      }
      if (Date.now() > deadline)
        throw new Error(`no winner in time: ${JSON.stringify(view.tables)}`);
      // MT-7: the chips in play never change; MT-4: tables stay within one player.
      expect(view.tables.reduce((sum, t) => sum + t.chips, 0)).toBe(chips);
      maxTables = Math.max(maxTables, view.tables.length);
      for (const bot of bots) {
        const line = view.players.find((p) => p.playerId === bot.player.id);
        await bot.follow(line?.tableId ?? null);
      }
      let acted = false;
      for (const bot of bots) acted = bot.play(random) || acted;
      if (!acted) {
        // Nobody to act: deal (or time out an absent player) at every table.
        for (const table of view.tables) await runDurableObjectAlarm(roomOf(env, table.tableId));
      }
      await Promise.race(
        bots.flatMap((b) => (b.client ? [b.client.changed(acted ? 1000 : 200)] : [])),
      );
      view = await viewOf(id);
    }
    for (const bot of bots) bot.client?.close();

    expect(view.status).toBe("finished");
    expect(restarts).toBe(2);
    expect(maxTables).toBe(3);
    // Breaking down to the final table moved players, and their bots followed them.
    expect(bots.reduce((sum, b) => sum + b.moves, 0)).toBeGreaterThan(0);
    // Payouts: 20 entries → 50/30/20 % of 2,000.
    expect(view.prizePool).toBe(20 * BUY_IN);
    expect(view.payouts).toEqual([1000, 600, 400]);
    const places = view.players.map((p) => p.place?.from).sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(places[0]).toBe(1);
    expect(view.players.every((p) => p.place !== null)).toBe(true);
    const paid = view.players.reduce((sum, p) => sum + (p.prize ?? 0), 0);
    expect(paid).toBe(20 * BUY_IN);
    // Every wallet: start − buy-in − fee + prize.
    for (const p of players) {
      const line = view.players.find((x) => x.playerId === p.id);
      expect(await wallet(p)).toBe((start.get(p.id) ?? 0) - BUY_IN - FEE + (line?.prize ?? 0));
    }
    const db = database(env.DB);
    expect(await balanceOf(db, prizePoolOf(id))).toBe(0);
    expect(await balanceOf(db, HOUSE)).toBe(houseBefore + 20 * FEE);
    // Tournament hands are in the players' hand histories, named after the tournament's table.
    const winner = players.find(
      (p) => view.players.find((x) => x.playerId === p.id)?.place?.from === 1,
    ) as Player;
    const hands = await call("history.list", {}, { token: winner.token });
    expect(hands.error).toBeNull();
    expect(hands.data.hands.length).toBeGreaterThan(0);
    expect(hands.data.hands[0].tableName).toMatch(/^Test MTT .* · Table \d$/);
    const phh = await call(
      "history.get",
      { handId: hands.data.hands[0].handId },
      { token: winner.token },
    );
    expect(phh.data.phh).toContain("variant = 'NT'");
    const lobby = await call("lobby.tournaments");
    expect(lobby.data.find((t: { id: string }) => t.id === id)?.status).toBe("finished");
  }, 300_000);
});
