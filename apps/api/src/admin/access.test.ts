import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { payouts, stake } from "../../test/admin";
import { seedDemo } from "../../test/seed";
import { call, newAdmin, newPlayer, type Player, snapshot } from "../../test/trpc";
import { DEFAULT_HOME_BOUNDS } from "../home/bounds";
import { appRouter } from "../trpc/router";

/** Every admin procedure with a valid-looking input, to prove each one refuses non-admins. */
const ADMIN_CALLS: Array<[string, unknown]> = [
  ["admin.stakes.list", undefined],
  ["admin.stakes.get", { id: "nlhe-1-2" }],
  ["admin.stakes.create", stake()],
  ["admin.stakes.update", { id: "nlhe-1-2", stake: stake() }],
  ["admin.stakes.delete", { id: "nlhe-1-2" }],
  ["admin.stakes.russianRtp", { rules: {} }],
  ["admin.tables.list", undefined],
  ["admin.tables.open", { stakeId: "nlhe-1-2", name: "Sneaky" }],
  ["admin.tables.close", { id: "aurora" }],
  ["admin.payoutTables.list", undefined],
  ["admin.payoutTables.get", { id: "x" }],
  ["admin.payoutTables.create", payouts()],
  ["admin.payoutTables.update", { id: "x", payoutTable: payouts() }],
  ["admin.payoutTables.delete", { id: "x" }],
  ["admin.tournaments.templates", undefined],
  ["admin.tournaments.list", undefined],
  [
    "admin.tournaments.create",
    {
      name: "Sneaky",
      startsAt: Date.now() + 3_600_000,
      buyIn: 10,
      fee: 1,
      startingStack: 1000,
      template: "turbo",
      payoutTableId: "x",
    },
  ],
  ["admin.tournaments.cancel", { id: "sunday-major" }],
  ["admin.tournaments.pause", { id: "sunday-major" }],
  ["admin.tournaments.resume", { id: "sunday-major" }],
  ["admin.tournaments.adjustLevel", { id: "sunday-major", seconds: 60 }],
  ["admin.tournaments.movePlayer", { id: "sunday-major", playerId: "p", table: 1 }],
  ["admin.tournaments.disqualify", { id: "sunday-major", playerId: "p", reason: "test" }],
  ["admin.tournaments.cancelPreview", { id: "sunday-major" }],
  ["admin.tournaments.dealPreview", { id: "sunday-major" }],
  ["admin.tournaments.proposeDeal", { id: "sunday-major", method: "icm" }],
  ["admin.tournaments.withdrawDeal", { id: "sunday-major" }],
  ["admin.tournaments.redrawFinalTable", { id: "sunday-major" }],
  ["admin.users.issuePasswordReset", { email: "someone@example.test" }],
  ["admin.homeBounds.get", undefined],
  ["admin.homeBounds.set", DEFAULT_HOME_BOUNDS],
  ["admin.audit", undefined],
  ["admin.health", undefined],
  ["admin.reconcile", undefined],
];

describe("admin: who may call, the audit log, the ledger's invariant", () => {
  let admin: Player;
  let as: { token: string };
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    as = { token: admin.token };
  });

  it("the list above covers every admin procedure", () => {
    const all = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("admin."));
    expect(ADMIN_CALLS.map(([p]) => p).sort()).toEqual(all.sort());
  });

  it("every admin procedure refuses anonymous callers and players with FORBIDDEN, writing nothing", async () => {
    const player = await newPlayer();
    const before = await snapshot();
    for (const [path, input] of ADMIN_CALLS) {
      for (const options of [{}, { token: player.token }]) {
        const reply = await call(path, input, options);
        expect(reply.status, path).toBe(403);
        expect(reply.error, path).toMatchObject({
          code: "FORBIDDEN",
          message: "Only admins can do this.",
          reason: "admin_only",
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps an audit log of every admin change, newest first, with before and after", async () => {
    const created = (await call("admin.stakes.create", stake({ name: "Audited" }), as)).data;
    await call("admin.stakes.update", { id: created.id, stake: stake({ name: "Audited 2" }) }, as);
    const table = (await call("admin.tables.open", { stakeId: created.id, name: "Audit" }, as))
      .data;
    await call("admin.tables.close", { id: table.id }, as);
    await call("admin.stakes.delete", { id: created.id }, as);
    const log = (await call("admin.audit", { limit: 5 }, as)).data;
    expect(log.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual([
      ["stake.delete", created.id],
      ["table.close", table.id],
      ["table.open", table.id],
      ["stake.update", created.id],
      ["stake.create", created.id],
    ]);
    expect(log[3]).toMatchObject({
      adminId: admin.id,
      before: expect.objectContaining({ name: "Audited" }),
      after: expect.objectContaining({ name: "Audited 2" }),
    });
    const older = (await call("admin.audit", { limit: 2, beforeId: log[1].id }, as)).data;
    expect(older.map((e: { action: string }) => e.action)).toEqual(["table.open", "stake.update"]);
    expect((await call("admin.audit", { limit: 0 }, as)).error?.fieldErrors).toEqual({
      limit: "must be at least 1",
    });
  });

  it("admin.reconcile reports the ledger's invariant", async () => {
    await newPlayer();
    const report = (await call("admin.reconcile", undefined, as)).data;
    expect(report.ok).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.wallets + report.tables + report.tournaments + report.house).toBe(report.created);
    expect(report.created).toBeGreaterThan(0);
  });
});
