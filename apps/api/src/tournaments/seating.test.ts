/**
 * Issue 48: with 3 entrants at 2 per table, one player sat alone at table 2
 * and was dealt nothing for two levels, under a "Hand-for-hand" badge. Inside
 * workerd (real D1, TournamentRoom and TableRoom): the three are seated at
 * one table and dealt in at once. Time moves by the injected clock and the
 * rooms' alarms.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf } from "../../test/table-client";
import { Bot, schedule, startWhenDue, viewOf } from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";

describe("the seat draw leaves nobody alone (MT-4, MT-5)", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("MT-4 MT-5 3 entrants at 2 per table sit at one table of three, are all dealt the first hand, and there is no hand-for-hand", async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const { id, startsAt } = await schedule(admin, { seatsPerTable: 2, levelSeconds: 600 });
    for (const p of players)
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    await startWhenDue(id, startsAt);

    const view = await viewOf(id);
    expect(view.status).toBe("running");
    expect(view.tables.map((t) => t.players)).toEqual([3]);
    const tableId = view.tables[0]?.tableId as string;
    expect(new Set(view.players.map((p) => p.tableId))).toEqual(new Set([tableId]));
    expect(view.handForHand).toBe(false);

    const bots = players.map((p) => new Bot(p));
    for (const bot of bots) await bot.follow(tableId);
    // The table deals when its alarm rings: all three are in the first hand.
    await runDurableObjectAlarm(roomOf(env, tableId));
    for (const bot of bots) {
      const state = await bot.client?.until((s) => (s.view.hand?.players.length ?? 0) > 0);
      expect(state?.view.hand?.players).toHaveLength(3);
    }
    expect((await viewOf(id)).handForHand).toBe(false);
    for (const bot of bots) bot.client?.close();
  });
});
