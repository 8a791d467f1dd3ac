import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { balanceOf, deepTables, futureTournament } from "../../test/cashier";
import { openRussianTable } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import { buyIn } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { database } from "../db/client";
import { move } from "../ledger/movements";
import { BROKE_BELOW, RELOAD_AMOUNT, RELOADS_PER_DAY, STARTING_GRANT } from "../ledger/policy";

describe("cashier: poverty poker and money in play", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("poverty poker: chips at Russian poker tables count too (their rooms are asked, not a hold'em room)", async () => {
    const [first, second] = [await openRussianTable(), await openRussianTable()];
    const player = await newPlayer();
    const auth = { token: player.token };
    await buyIn(player, first, 5_000);
    await buyIn(player, second, 4_950);
    expect((await call("cashier.balance", undefined, auth)).data).toMatchObject({
      balance: 50,
      broke: false,
    });
    expect((await call("cashier.reload", undefined, auth)).error).toMatchObject({
      code: "PRECONDITION_FAILED",
      reason: "not_broke_on_tables",
      params: { balance: 50, onTables: 9_950, brokeBelow: BROKE_BELOW },
    });
    expect(await balanceOf(player)).toBe(50);
  });

  it("a tournament registration is money in play: register, reload while broke, unregister brings no extra chips", async () => {
    const player = await newPlayer();
    const auth = { token: player.token };
    const tournament = await futureTournament(admin, 9_900, 50);
    expect((await call("tournaments.register", { id: tournament }, auth)).error).toBeNull();
    // The wallet holds 50, but the 9,950 paid in come back on unregistering: not broke.
    expect((await call("cashier.balance", undefined, auth)).data).toMatchObject({
      balance: 50,
      broke: false,
    });
    const refused = await call("cashier.reload", undefined, auth);
    expect(refused.error).toMatchObject({
      code: "PRECONDITION_FAILED",
      reason: "not_broke_on_tables",
      params: { balance: 50, onTables: 9_950, brokeBelow: BROKE_BELOW },
    });
    expect((await call("tournaments.unregister", { id: tournament }, auth)).error).toBeNull();
    expect(await balanceOf(player)).toBe(STARTING_GRANT);
  });

  it("poverty poker over tRPC: no reload while solvent, none while chips sit on a table, one when broke everywhere", async () => {
    const [table] = await deepTables(admin, 1);
    const player = await newPlayer();
    const auth = { token: player.token };
    expect((await call("cashier.reload", undefined, auth)).error).toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Reloads are for broke players: your balance is 10,000, reload below 100.",
    });
    await call(
      "cashier.buyIn",
      { tableId: table, amount: 9_950, idempotencyKey: "go-broke-1" },
      auth,
    );
    // The wallet alone is below 100, but 9,950 chips are his on the table.
    expect((await call("cashier.balance", undefined, auth)).data).toMatchObject({
      balance: 50,
      broke: false,
    });
    const refused = await call("cashier.reload", undefined, auth);
    expect(refused.error).toMatchObject({
      code: "PRECONDITION_FAILED",
      reason: "not_broke_on_tables",
      params: { balance: 50, onTables: 9_950, brokeBelow: BROKE_BELOW },
    });
    expect(await balanceOf(player)).toBe(50);
    await call("cashier.cashOut", { tableId: table, idempotencyKey: "leave-broke-1" }, auth);
    expect(await balanceOf(player)).toBe(10_000);

    // Spent elsewhere: paid into a tournament pool that is no longer his to take back (no
    // tournament waiting to start holds it, as once one has started), so broke everywhere.
    const spent = await move(database(env.DB), "tournament_entry", {
      userId: player.id,
      tournamentId: `started-${unique()}`,
      amount: 9_950,
      key: "entry",
    });
    expect(spent.ok).toBe(true);
    expect((await call("cashier.balance", undefined, auth)).data).toMatchObject({
      balance: 50,
      broke: true,
    });
    const reloaded = await call("cashier.reload", undefined, auth);
    expect(reloaded.data).toEqual({
      balance: 50 + RELOAD_AMOUNT,
      reloadsLeft: RELOADS_PER_DAY - 1,
    });
  });
});
