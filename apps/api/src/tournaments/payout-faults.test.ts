/**
 * A tournament room aborted in the middle of paying out of its pool: what it
 * owes is stored before it pays, every payment has a ledger key, so the
 * restarted room pays the rest and nobody twice (the ledger reconciles after
 * every test: test/reconcile-after-each.ts).
 */
import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { injectD1Faults } from "../../test/faults";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { database } from "../db/client";
import { balanceOf, prizePoolOf, walletOf } from "../ledger/ledger";
import { tournamentRoom } from "./router";

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
        startsAt: Date.now() + 3_600_000,
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
    const room = tournamentRoom({ env }, id);
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
        await runDurableObjectAlarm(tournamentRoom({ env }, id));
        return balanceOf(db, prizePoolOf(id));
      })
      .toBe(0);
    expect(await Promise.all(players.map((p) => balanceOf(db, walletOf(p.id))))).toEqual(before);
  });
});
