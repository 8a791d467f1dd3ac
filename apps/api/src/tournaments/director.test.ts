/**
 * The director's tools inside workerd: deals at the final table, the final
 * table's redraw, time on the level, moves, disqualifications and a cancel
 * after the start; money through the real ledger.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { commitmentOf, intsFromSeed, seedFromHex } from "@felt/fairness";
import { redrawBounds } from "@felt/tournament";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf, TableClient } from "../../test/table-client";
import { schedule, startWhenDue, viewOf, wallet } from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { prizePoolOf } from "../ledger/ledger";
import { reconcile } from "../ledger/reconcile";
import { balanceOf } from "../ledger/wallet";

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
