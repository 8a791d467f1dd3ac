import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { newPlayer } from "../../test/trpc";
import { database } from "../db/client";
import { balanceOf, buyIn, escrowOf, walletOf } from "../ledger/ledger";
import { STARTING_GRANT } from "../ledger/policy";
import { checkBuyIn, type TableLimits } from "./table-bank";

const limits: TableLimits = { status: "open", seats: 2, minBuyIn: 40, maxBuyIn: 200 };

describe("buy-in rules (T-4, T-5)", () => {
  it("T-4 a new player brings between the minimum and the maximum", () => {
    expect(checkBuyIn(limits, {}, "a", 40)).toBeNull();
    expect(checkBuyIn(limits, {}, "a", 200)).toBeNull();
    expect(checkBuyIn(limits, {}, "a", 39)).toEqual({ code: "below_min", minBuyIn: 40 });
    expect(checkBuyIn(limits, {}, "a", 201)).toEqual({
      code: "above_max",
      maxBuyIn: 200,
      stack: 0,
    });
  });

  it("T-5 a seated player may add chips up to the maximum, even a few", () => {
    expect(checkBuyIn(limits, { a: 150 }, "a", 10)).toBeNull();
    expect(checkBuyIn(limits, { a: 150 }, "a", 51)).toEqual({
      code: "above_max",
      maxBuyIn: 200,
      stack: 150,
    });
  });

  it("a full or closed table takes nobody new", () => {
    expect(checkBuyIn(limits, { a: 100, b: 100 }, "c", 100)).toEqual({
      code: "table_full",
      seats: 2,
    });
    expect(checkBuyIn(limits, { a: 100, b: 100 }, "a", 100)).toBeNull();
    expect(checkBuyIn({ ...limits, status: "closed" }, {}, "a", 100)).toEqual({
      code: "table_closed",
    });
  });
});

describe("the room's money RPC", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it("a retry after the ledger moved the money (room crashed before saving) credits the stack once", async () => {
    const db = database(env.DB);
    const player = await newPlayer();
    // The ledger half of a buy-in happened; the room never heard back.
    await buyIn(db, { userId: player.id, tableId: "elbe", amount: 100, key: "lost-reply" });
    const room = env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName("elbe"));
    const retry = await room.buyIn({
      tableId: "elbe",
      userId: player.id,
      amount: 100,
      key: "lost-reply",
    });
    expect(retry).toEqual({ ok: true, stack: 100, replayed: true });
    const again = await room.buyIn({
      tableId: "elbe",
      userId: player.id,
      amount: 100,
      key: "lost-reply",
    });
    expect(again).toEqual({ ok: true, stack: 100, replayed: true });
    expect(await balanceOf(db, walletOf(player.id))).toBe(STARTING_GRANT - 100);
    expect(await balanceOf(db, escrowOf("elbe"))).toBeGreaterThanOrEqual(100);
    const out = await room.cashOut({ tableId: "elbe", userId: player.id, key: "leave" });
    expect(out).toEqual({ ok: true, stack: 0, replayed: false });
    expect(await balanceOf(db, walletOf(player.id))).toBe(STARTING_GRANT);
  });
});
