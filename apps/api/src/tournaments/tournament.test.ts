/**
 * A whole tournament inside workerd: real D1, real TournamentRoom and
 * TableRooms, 20 bots over real WebSockets, from registration to payouts.
 * Hands are dealt when the test fires the tables' alarms (the test
 * environment sets a long pause between hands), as the table tests do.
 */
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { commitmentOf, intsFromSeed, seedFromHex, verifySeededInts } from "@felt/fairness";
import { drawBounds, drawSeats, redrawBounds } from "@felt/tournament";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { advanceClock, now } from "../clock";
import { database } from "../db/client";
import { balanceOf, HOUSE, prizePoolOf, reconcile } from "../ledger/ledger";
import { charge } from "./money";
import type { PurchaseIntent } from "./record";
import { tournamentRoom } from "./router";
import type { TournamentView } from "./view";

const BUY_IN = 100;
const FEE = 10;

const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

const viewOf = async (id: string, p?: Player): Promise<TournamentView> => {
  const reply = await call("tournaments.get", { id }, p ? { token: p.token } : {});
  expect(reply.error).toBeNull();
  return reply.data as TournamentView;
};

async function payoutTable(admin: Player): Promise<string> {
  const created = await call(
    "admin.payoutTables.create",
    {
      name: `Payouts ${unique()}`,
      tiers: [
        { minEntrants: 2, maxEntrants: 9, percentages: [70, 30] },
        { minEntrants: 10, maxEntrants: 1000, percentages: [50, 30, 20] },
      ],
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  return created.data.id as string;
}

async function schedule(
  admin: Player,
  input: Record<string, unknown> = {},
): Promise<{ id: string; startsAt: number }> {
  const startsAt = now() + REGISTRATION_MS;
  const created = await call(
    "admin.tournaments.create",
    {
      name: `Test MTT ${unique()}`,
      startsAt,
      buyIn: BUY_IN,
      fee: FEE,
      startingStack: 1500,
      seatsPerTable: 9,
      template: "hyper",
      payoutTableId: await payoutTable(admin),
      ...input,
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  return { id: created.data.id as string, startsAt };
}

/**
 * Entrants register within this long of the schedule; then the start alarm is due.
 * The rooms' clock (src/clock.ts) stands still but for the test's moves, so slow
 * registrations under CI's load can no longer run into the start.
 */
const REGISTRATION_MS = 8_000;

/** Move the rooms' clock to the start time, then run the start alarm (unless it already ran by itself). */
async function startWhenDue(id: string, startsAt: number) {
  advanceClock(Math.max(0, startsAt - now() + 50));
  await runDurableObjectAlarm(tournamentRoom({ env }, id));
  for (let i = 0; i < 50; i++) {
    if ((await viewOf(id)).status !== "registering") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the tournament did not start");
}

/**
 * One bot per player: it sits at whatever table the tournament page says,
 * follows moves, and plays loose: checks when it can (shoving now and then),
 * calls half the time, otherwise folds; the one-minute levels do the rest.
 */
class Bot {
  client: TableClient | null = null;
  tableId: string | null = null;
  constructor(readonly player: Player) {}

  /** Tables this bot was moved between while still playing (MT-4). */
  moves = 0;
  /** An absent bot never connects: the table must deal him in and fold him (MT-6). */
  absent = false;

  async follow(tableId: string | null) {
    if (this.absent) return;
    // A socket closed by a restarted room is opened again, as the web client does.
    if (tableId === this.tableId && !this.client?.closed) return;
    if (tableId && this.tableId && tableId !== this.tableId) this.moves += 1;
    this.client?.close();
    this.client = null;
    this.tableId = tableId;
    if (tableId) this.client = await TableClient.open(tableId, { token: this.player.token });
  }

  /** Acts when it is this bot's turn; returns whether it did. */
  play(random: () => number): boolean {
    const state = this.client?.latest;
    const legal = state?.view.hand?.legalActions;
    if (!this.client || !state || !legal) return false;
    const roll = random();
    if (legal.betOrRaise && roll < 0.12)
      this.client.act({ type: "betOrRaiseTo", amount: legal.betOrRaise.max });
    else if (legal.check) this.client.act({ type: "check" });
    else if (legal.call && roll < 0.6) this.client.act({ type: "call" });
    else if (legal.fold) this.client.act({ type: "fold" });
    else return false;
    return true;
  }
}

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
    async function untilOffered(): Promise<{ busted: Player; view: TournamentView }> {
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
    await runInDurableObject(tournamentRoom({ env }, id), async (_room, state) => {
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
    const room = tournamentRoom({ env }, id);
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

describe("a deal at the final table", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("the director compares ICM and chip chop, proposes one; no hand is dealt while players answer; one no withdraws it; when all accept the shares are paid through the ledger", async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const [a, b, c] = players as [Player, Player, Player];
    const { id, startsAt } = await schedule(admin, { levelSeconds: 600 });
    for (const p of players)
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    // Buy-in and fee are paid: what each has before the deal.
    const before = await Promise.all(players.map(wallet));
    await startWhenDue(id, startsAt);
    const tableId = (await viewOf(id)).tables[0]?.tableId as string;
    const client = await TableClient.open(tableId, { token: a.token });
    await client.until(() => true);
    // The director pauses first, so that no hand is under way when he proposes.
    expect(
      (await call("admin.tournaments.pause", { id }, { token: admin.token })).error,
    ).toBeNull();
    await runDurableObjectAlarm(roomOf(env, tableId));
    await client.changed(500);
    expect(client.latest?.view.hand).toBeNull();

    const asPlayer = await call(
      "admin.tournaments.proposeDeal",
      { id, method: "icm" },
      { token: a.token },
    );
    expect(asPlayer.error?.code).toBe("FORBIDDEN");
    const bad = await call(
      "admin.tournaments.proposeDeal",
      { id, method: "split" },
      { token: admin.token },
    );
    expect(bad.error?.code).toBe("BAD_REQUEST");

    // Three equal stacks, 300 in the pool paying 70/30: either way each is offered 100.
    const preview = (await call("admin.tournaments.dealPreview", { id }, { token: admin.token }))
      .data;
    for (const method of ["icm", "chips"] as const) {
      expect(preview[method].map((s: { name: string }) => s.name).sort()).toEqual(
        players.map((p) => p.displayName).sort(),
      );
      expect(preview[method].map((s: { amount: number }) => s.amount)).toEqual([100, 100, 100]);
    }

    expect(
      (await call("admin.tournaments.proposeDeal", { id, method: "chips" }, { token: admin.token }))
        .error,
    ).toBeNull();
    let view = await viewOf(id, a);
    expect(view.deal).toMatchObject({ method: "chips" });
    expect(view.deal?.shares.map((s) => s.accepted)).toEqual([false, false, false]);
    expect(view.you?.dealToAnswer).toBe(true);
    const outsider = await newPlayer();
    expect(
      (await call("tournaments.acceptDeal", { id }, { token: outsider.token })).error?.reason,
    ).toBe("not_in_deal");
    expect((await call("tournaments.acceptDeal", { id }, { token: a.token })).error).toBeNull();
    expect((await call("tournaments.acceptDeal", { id }, { token: a.token })).error?.code).toBe(
      "CONFLICT",
    );
    expect((await viewOf(id, a)).you?.dealToAnswer).toBe(false);
    // One player says no: the deal is gone for everyone, nothing was paid.
    expect((await call("tournaments.rejectDeal", { id }, { token: b.token })).error).toBeNull();
    expect((await viewOf(id)).deal).toBeNull();
    expect(await wallet(a)).toBe(before[0]);

    // Proposed again; the clock restarts, but no hand is dealt while the deal is open.
    expect(
      (await call("admin.tournaments.proposeDeal", { id, method: "icm" }, { token: admin.token }))
        .error,
    ).toBeNull();
    expect(
      (await call("admin.tournaments.resume", { id }, { token: admin.token })).error,
    ).toBeNull();
    for (let i = 0; i < 3; i++) {
      await runDurableObjectAlarm(roomOf(env, tableId));
      await client.changed(300);
    }
    expect(client.latest?.view.hand).toBeNull();
    for (const p of players)
      expect((await call("tournaments.acceptDeal", { id }, { token: p.token })).error).toBeNull();

    view = await viewOf(id, c);
    expect(view.status).toBe("finished");
    expect(view.deal).toBeNull();
    expect(view.players.map((p) => p.prize)).toEqual([100, 100, 100]);
    expect(view.players.every((p) => p.place?.from === 1 && p.place.to === 3)).toBe(true);
    for (const [i, p] of players.entries())
      await expect.poll(() => wallet(p)).toBe((before[i] as number) + 100);
    const db = database(env.DB);
    await expect.poll(() => balanceOf(db, prizePoolOf(id))).toBe(0);
    expect((await reconcile(db)).problems).toEqual([]);
    const log = (await call("admin.audit", { limit: 10 }, { token: admin.token })).data as {
      action: string;
      targetId: string;
      after: { method?: string; shares?: unknown[] } | null;
    }[];
    const deals = log.filter((e) => e.targetId === id && e.action === "tournament.deal.propose");
    expect(deals.map((e) => e.after?.method)).toEqual(["icm", "chips"]);
    expect(deals[0]?.after?.shares).toHaveLength(3);
    client.close();
  }, 60_000);
});

describe("the director's toolkit", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });
  const as = () => ({ token: admin.token });

  it("MT-4 the final table's seats are redrawn once, from the seed committed when the tournament opened; the seed is shown after", async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, { levelSeconds: 600 });
    for (const p of players)
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    const committed = (await viewOf(id)).finalDraw;
    expect(committed).toMatchObject({ seed: null });
    await startWhenDue(id, startsAt);
    expect((await call("admin.tournaments.pause", { id }, as())).error).toBeNull();
    const tableId = (await viewOf(id)).tables[0]?.tableId as string;
    await runDurableObjectAlarm(roomOf(env, tableId));

    const asPlayer = await call(
      "admin.tournaments.redrawFinalTable",
      { id },
      { token: players[0]?.token },
    );
    expect(asPlayer.error?.code).toBe("FORBIDDEN");
    const redrawn = await call("admin.tournaments.redrawFinalTable", { id }, as());
    expect(redrawn.error).toBeNull();
    const view = await viewOf(id);
    // The seed is shown now, it is the one committed to, and it alone gives these seats.
    const seed = view.finalDraw?.seed as string;
    expect(view.finalDraw?.commitment).toBe(committed?.commitment);
    expect(await commitmentOf(seedFromHex(seed) as Uint8Array)).toBe(committed?.commitment);
    const ints = await intsFromSeed(seedFromHex(seed) as Uint8Array, redrawBounds(9));
    const order = Array.from({ length: 9 }, (_, i) => i + 1);
    for (const [k, step] of ints.entries()) {
      const j = k + step;
      [order[k], order[j]] = [order[j] as number, order[k] as number];
    }
    const sorted = players.map((p) => p.id).sort();
    expect(redrawn.data.seats).toEqual(sorted.map((playerId, k) => ({ playerId, seat: order[k] })));
    for (const { playerId, seat } of redrawn.data.seats)
      expect(view.players.find((p) => p.playerId === playerId)?.seat).toBe(seat);
    expect((await call("admin.tournaments.redrawFinalTable", { id }, as())).error?.reason).toBe(
      "already_redrawn",
    );
  }, 60_000);

  it("time on the level, a move, a disqualification (audit-logged with its reason), then a cancel after the start that pays the pool by chips", async () => {
    // Seven at tables of four (4 and 3): far enough from the two paid places for no hand-for-hand.
    const players: Player[] = [];
    for (let i = 0; i < 7; i++) players.push(await newPlayer());
    const { id, startsAt } = await schedule(admin, { levelSeconds: 600, seatsPerTable: 4 });
    for (const p of players)
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    const before = await Promise.all(players.map(wallet));
    await startWhenDue(id, startsAt);
    expect((await call("admin.tournaments.pause", { id }, as())).error).toBeNull();
    let view = await viewOf(id);
    expect(view.tables.map((t) => t.players)).toEqual([4, 3]);
    for (const table of view.tables) await runDurableObjectAlarm(roomOf(env, table.tableId));

    // Two minutes more on level 1, then everything left taken: level 2 starts.
    const remaining = view.clock?.remainingMs as number;
    const longer = await call("admin.tournaments.adjustLevel", { id, seconds: 120 }, as());
    expect(longer.data.remainingMs).toBe(remaining + 120_000);
    expect(
      (await call("admin.tournaments.adjustLevel", { id, seconds: 0 }, as())).error?.fieldErrors,
    ).toEqual({
      seconds: "must not be 0",
    });
    expect(
      (await call("admin.tournaments.adjustLevel", { id, seconds: -86_400 }, as())).data
        .remainingMs,
    ).toBe(0);
    expect((await viewOf(id)).clock?.levelNumber).toBe(2);

    // A move from the long table to the short one.
    view = await viewOf(id);
    const mover = view.players.find((p) => p.tableNumber === 1) as (typeof view.players)[0];
    expect(
      (await call("admin.tournaments.movePlayer", { id, playerId: mover.playerId, table: 1 }, as()))
        .error?.reason,
    ).toBe("invalid_move");
    expect(
      (await call("admin.tournaments.movePlayer", { id, playerId: mover.playerId, table: 2 }, as()))
        .error,
    ).toBeNull();
    view = await viewOf(id);
    expect(view.tables.map((t) => t.players)).toEqual([3, 4]);
    expect(view.players.find((p) => p.playerId === mover.playerId)?.tableNumber).toBe(2);

    // A disqualification: chips out of play, the player out in 7th, the reason in the audit log.
    const cheat = view.players[0] as (typeof view.players)[0];
    const noReason = await call(
      "admin.tournaments.disqualify",
      { id, playerId: cheat.playerId, reason: "" },
      as(),
    );
    expect(noReason.error?.code).toBe("BAD_REQUEST");
    const dq = await call(
      "admin.tournaments.disqualify",
      { id, playerId: cheat.playerId, reason: "collusion" },
      as(),
    );
    expect(dq.data).toEqual({ chipsRemoved: 1500 });
    view = await viewOf(id);
    expect(view.alive).toBe(6);
    expect(view.players.find((p) => p.playerId === cheat.playerId)?.place).toEqual({
      from: 7,
      to: 7,
    });
    const log = (await call("admin.audit", { limit: 10 }, as())).data as {
      action: string;
      targetId: string;
      after: Record<string, unknown> | null;
    }[];
    const actions = log.filter((e) => e.targetId === id).map((e) => e.action);
    expect(actions.slice(0, 4)).toEqual([
      "tournament.player.disqualify",
      "tournament.player.move",
      "tournament.level.adjust",
      "tournament.level.adjust",
    ]);
    expect(log[0]?.after).toMatchObject({
      reason: "collusion",
      chipsRemoved: 1500,
      place: { from: 7, to: 7 },
    });

    // Cancel after the start: the preview first, then the pool (700, nobody paid yet) by chips.
    const preview = (await call("admin.tournaments.cancelPreview", { id }, as())).data;
    expect(
      preview.chips
        .map((s: { amount: number }) => s.amount)
        .reduce((a: number, b: number) => a + b, 0),
    ).toBe(700);
    expect(preview.equal.map((s: { amount: number }) => s.amount).sort()).toEqual([
      116, 116, 117, 117, 117, 117,
    ]);
    expect((await call("admin.tournaments.cancel", { id }, as())).error?.reason).toBe(
      "cannot_cancel",
    );
    expect((await call("admin.tournaments.cancel", { id, split: "chips" }, as())).error).toBeNull();
    view = await viewOf(id);
    expect(view).toMatchObject({ status: "cancelled", cancelledReason: "director" });
    expect(
      view.players
        .filter((p) => p.stack !== null)
        .map((p) => p.prize)
        .sort(),
    ).toEqual(preview.chips.map((s: { amount: number }) => s.amount).sort());
    for (const [i, p] of players.entries()) {
      const share =
        preview.chips.find((s: { playerId: string }) => s.playerId === p.id)?.amount ?? 0;
      await expect.poll(() => wallet(p)).toBe((before[i] as number) + share);
    }
    const db = database(env.DB);
    await expect.poll(() => balanceOf(db, prizePoolOf(id))).toBe(0);
    expect((await reconcile(db)).problems).toEqual([]);
  }, 60_000);
});

describe("a tournament room that dies between the charge and the entry", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  /** What the room holds when it dies halfway through `buy`: the intent stored, the ledger charged. */
  async function cutOff(id: string, intent: PurchaseIntent) {
    await runInDurableObject(tournamentRoom({ env }, id), (_room, state) =>
      state.storage.put(`intents=${intent.key}`, intent),
    );
    expect(await charge(database(env.DB), id, intent.playerId, intent.amount, intent.key)).toEqual({
      ok: true,
    });
    await abortAllDurableObjects();
  }

  it("MT-1 a registration cut off after the charge is finished on restart: registered once; a second one is refunded; the ledger reconciles", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const { id } = await schedule(admin);
    expect((await call("tournaments.register", { id }, { token: b.token })).error).toBeNull();
    const before = await wallet(a);
    const intent = (key: string): PurchaseIntent => ({
      key,
      kind: "register",
      playerId: a.id,
      name: a.displayName,
      amount: BUY_IN + FEE,
    });
    // Two requests of his were charged (a double click across the crash), neither stored.
    await cutOff(id, intent(`cut-${unique()}`));
    await cutOff(id, intent(`cut-${unique()}`));
    expect(await wallet(a)).toBe(before - 2 * (BUY_IN + FEE));
    // And a rebuy of b's that can no longer be had (the tournament has not started): refunded.
    const bBefore = await wallet(b);
    await cutOff(id, {
      key: `cut-${unique()}`,
      kind: "rebuy",
      playerId: b.id,
      name: null,
      amount: 55,
    });
    expect(await wallet(b)).toBe(bBefore - 55);

    // The next call to the room finishes both first: one entry, and the other refunded.
    const view = await viewOf(id, a);
    expect(view.you).toMatchObject({ registered: true });
    expect(view.entries).toBe(2);
    expect(view.players.find((p) => p.playerId === a.id)?.name).toBe(a.displayName);
    await expect.poll(() => wallet(a)).toBe(before - (BUY_IN + FEE));
    await expect.poll(() => wallet(b)).toBe(bBefore);
    // Asking again is refused and charges nothing.
    const again = await call("tournaments.register", { id }, { token: a.token });
    expect(again.error?.code).toBe("CONFLICT");
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    // Nothing is left halfway, and another restart changes nothing.
    await abortAllDurableObjects();
    expect((await viewOf(id)).entries).toBe(2);
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    const db = database(env.DB);
    expect(await balanceOf(db, prizePoolOf(id))).toBe(2 * (BUY_IN + FEE));
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it("MT-1 an intent stored before the ledger moved is finished on restart, charged once under its key", async () => {
    const a = await newPlayer();
    const { id } = await schedule(admin);
    const before = await wallet(a);
    const intent: PurchaseIntent = {
      key: `cut-${unique()}`,
      kind: "register",
      playerId: a.id,
      name: a.displayName,
      amount: BUY_IN + FEE,
    };
    // The room died after storing the intent, before its ledger call went out.
    await runInDurableObject(tournamentRoom({ env }, id), (_room, state) =>
      state.storage.put(`intents=${intent.key}`, intent),
    );
    await abortAllDurableObjects();
    expect((await viewOf(id, a)).you).toMatchObject({ registered: true });
    expect(await wallet(a)).toBe(before - (BUY_IN + FEE));
    expect((await reconcile(database(env.DB))).problems).toEqual([]);
  });
});
