/**
 * A tournament room aborted in the middle of paying out of its pool: what it
 * owes is stored before it pays, every payment has a ledger key, so the
 * restarted room pays the rest and nobody twice (the ledger reconciles after
 * every test: test/reconcile-after-each.ts). Both ways out of the pool are
 * cut: a cancellation's refunds (the answer lost, the room carries on) and a
 * finished tournament's prizes (the room dies while D1 answers).
 */
import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { injectD1Faults } from "../../test/faults";
import { roomOf, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { advanceClock, now } from "../clock";
import { database } from "../db/client";
import { transfers } from "../db/schema";
import { HOUSE, prizePoolOf, walletOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";
import { tournamentRoomOf } from "./room-of";
import type { TournamentPage } from "./stored";

const BUY_IN = 100;
const FEE = 10;
const db = database(env.DB);

describe("a tournament payout cut off by an abort", { timeout: 30_000 }, () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("the room dies after the first refund reached D1 unanswered: the restart pays the others, the first once", async () => {
    const payouts = await call(
      "admin.payoutTables.create",
      {
        name: `Payouts ${unique()}`,
        tiers: [{ minEntrants: 2, maxEntrants: 9, percentages: [100] }],
      },
      { token: admin.token },
    );
    expect(payouts.error).toBeNull();
    const created = await call(
      "admin.tournaments.create",
      {
        name: `Abort MTT ${unique()}`,
        startsAt: now() + 3_600_000,
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: 1500,
        seatsPerTable: 9,
        template: "hyper",
        payoutTableId: payouts.data.id,
      },
      { token: admin.token },
    );
    expect(created.error).toBeNull();
    const id = created.data.id as string;
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const before = await Promise.all(players.map((p) => balanceOf(db, walletOf(p.id))));
    for (const p of players) {
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    }
    const room = tournamentRoomOf(env, id);
    let hits = 0;
    await injectD1Faults(room, [
      {
        match: /insert into "transfers"[^;]*-- \[[^;]*"tournament_refund"/,
        action: { type: "lose" },
        onHit: () => void hits++,
      },
    ]);
    // The cancel refunds everyone; the first refund lands in D1 but the room never hears.
    await call("admin.tournaments.cancel", { id }, { token: admin.token });
    expect(hits).toBe(1);
    await abortAllDurableObjects();
    // The restarted room retries what it still owes when its alarm comes.
    await expect
      .poll(async () => {
        await runDurableObjectAlarm(tournamentRoomOf(env, id));
        return balanceOf(db, prizePoolOf(id));
      })
      .toBe(0);
    expect(await Promise.all(players.map((p) => balanceOf(db, walletOf(p.id))))).toEqual(before);
  });

  it("MT-2 MT-7 the room dies at the finish after the first prize reached D1, before it heard back: the restart pays the other prizes and the fees, the first once", async () => {
    const payouts = await call(
      "admin.payoutTables.create",
      {
        name: `Payouts ${unique()}`,
        tiers: [{ minEntrants: 3, maxEntrants: 9, percentages: [50, 30, 20] }],
      },
      { token: admin.token },
    );
    expect(payouts.error).toBeNull();
    const startsAt = now() + 3_000;
    const created = await call(
      "admin.tournaments.create",
      {
        name: `Abort finish ${unique()}`,
        startsAt,
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: 1500,
        seatsPerTable: 9,
        template: "hyper",
        levelSeconds: 600,
        payoutTableId: payouts.data.id,
      },
      { token: admin.token },
    );
    expect(created.error).toBeNull();
    const id = created.data.id as string;
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const before = await Promise.all(players.map((p) => balanceOf(db, walletOf(p.id))));
    const houseBefore = await balanceOf(db, HOUSE);
    for (const p of players) {
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    }
    const viewOf = async () => (await call("tournaments.get", { id }, {})).data as TournamentPage;
    const prizesPaid = () =>
      db
        .select()
        .from(transfers)
        .where(
          and(eq(transfers.kind, "tournament_prize"), like(transfers.idempotencyKey, `%:${id}:e%`)),
        );

    // The first prize transfer is written to D1, and its answer never comes back.
    const room = tournamentRoomOf(env, id);
    let hits = 0;
    let written!: () => void;
    const hung = new Promise<"hung">((resolve) => {
      written = () => resolve("hung");
    });
    await injectD1Faults(room, [
      {
        match: /insert into "transfers"[^;]*-- \[[^;]*"tournament_prize"/,
        action: { type: "hang", written },
        onHit: () => void hits++,
      },
    ]);

    advanceClock(Math.max(0, startsAt - now() + 50));
    await runDurableObjectAlarm(room);
    await expect.poll(async () => (await viewOf()).status).toBe("running");
    const tableId = (await viewOf()).tables[0]?.tableId as string;
    const clients = await Promise.all(
      players.map((p) => TableClient.open(tableId, { token: p.token })),
    );
    // Everyone shoves and calls until the tournament is decided; the room then
    // hangs on the first prize, so nothing here waits on it once that is written.
    let outcome: "hung" | "playing" = "playing";
    for (let round = 0; round < 500 && outcome === "playing"; round++) {
      let acted = false;
      for (const client of clients) {
        const legal = client.latest?.view.hand?.legalActions;
        if (!legal) continue;
        if (legal.betOrRaise) client.act({ type: "betOrRaiseTo", amount: legal.betOrRaise.max });
        else if (legal.call) client.act({ type: "call" });
        else if (legal.check) client.act({ type: "check" });
        else continue;
        acted = true;
      }
      // Nobody to act: the table deals its next hand.
      const dealt = acted ? null : runDurableObjectAlarm(roomOf(env, tableId));
      outcome = await Promise.race([
        hung,
        Promise.all([dealt, ...clients.map((c) => c.changed(acted ? 1000 : 300))]).then(
          () => "playing" as const,
        ),
      ]);
    }
    expect(outcome).toBe("hung");
    for (const client of clients) client.close();
    expect(hits).toBe(1);
    // In D1: the first prize and nothing after it; the room died waiting for that answer.
    expect(await prizesPaid()).toHaveLength(1);
    await abortAllDurableObjects();

    // The restarted room pays what it still owes when its alarm comes.
    await expect
      .poll(
        async () => {
          await runDurableObjectAlarm(tournamentRoomOf(env, id));
          return balanceOf(db, prizePoolOf(id));
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    const view = await viewOf();
    expect(view.status).toBe("finished");
    const prizes = players.map((p) => view.players.find((x) => x.playerId === p.id)?.prize ?? 0);
    // 300 in the pool, all of it paid (MT-2); equal stacks knocked out together split (MT-5).
    expect(prizes.reduce((sum, x) => sum + x, 0)).toBe(3 * BUY_IN);
    // One prize transfer per paid player, however many times the room tried.
    const paid = await prizesPaid();
    expect(paid).toHaveLength(prizes.filter((x) => x > 0).length);
    expect(paid.reduce((sum, t) => sum + t.amount, 0)).toBe(3 * BUY_IN);
    // Every wallet: start − buy-in − fee + prize; the house has the fees (MT-7).
    expect(await Promise.all(players.map((p) => balanceOf(db, walletOf(p.id))))).toEqual(
      before.map((b, i) => b - BUY_IN - FEE + (prizes[i] as number)),
    );
    expect((await balanceOf(db, HOUSE)) - houseBefore).toBe(3 * FEE);
  }, 120_000);
});
