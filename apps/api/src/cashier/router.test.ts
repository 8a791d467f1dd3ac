import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { balanceOf, deepTables } from "../../test/cashier";
import { seedDemo } from "../../test/seed";
import { openUnplayableTable } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, snapshot } from "../../test/trpc";
import { BROKE_BELOW, RELOAD_AMOUNT, RELOADS_PER_DAY, STARTING_GRANT } from "../ledger/policy";

describe("cashier", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("cashier.balance shows the starting grant and the reload policy", async () => {
    const player = await newPlayer();
    const reply = await call("cashier.balance", undefined, { token: player.token });
    expect(reply.data).toEqual({
      balance: STARTING_GRANT,
      broke: false,
      brokeBelow: BROKE_BELOW,
      reloadsLeft: RELOADS_PER_DAY,
      reloadsPerDay: RELOADS_PER_DAY,
      reloadAmount: RELOAD_AMOUNT,
    });
  });

  it("every cashier procedure needs a session", async () => {
    const calls: Array<[string, unknown]> = [
      ["cashier.balance", undefined],
      ["cashier.history", undefined],
      ["cashier.reload", undefined],
      ["cashier.buyIn", { tableId: "aurora", amount: 100, idempotencyKey: "no-session-1" }],
      ["cashier.cashOut", { tableId: "aurora", idempotencyKey: "no-session-1" }],
    ];
    const before = await snapshot();
    for (const [path, input] of calls) {
      const reply = await call(path, input);
      expect(reply.status, path).toBe(401);
      expect(reply.error, path).toMatchObject({ code: "UNAUTHORIZED", message: "Sign in first." });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("T-4 buy-in moves chips wallet → table; cash-out brings the stack back", async () => {
    const player = await newPlayer();
    const auth = { token: player.token };
    const buy = await call(
      "cashier.buyIn",
      { tableId: "aurora", amount: 200, idempotencyKey: "buy-aurora-1" },
      auth,
    );
    expect(buy.data).toEqual({
      seat: 1,
      stack: 200,
      effective: "now",
      replayed: false,
      balance: STARTING_GRANT - 200,
    });
    // T-5: topping up between hands, within the table maximum.
    const topUp = await call(
      "cashier.buyIn",
      { tableId: "aurora", amount: 1, idempotencyKey: "buy-aurora-2" },
      auth,
    );
    expect(topUp.error?.fieldErrors).toEqual({
      amount: "would take your stack of 200 above the table's maximum of 200",
    });
    const out = await call(
      "cashier.cashOut",
      { tableId: "aurora", idempotencyKey: "out-aurora-1" },
      auth,
    );
    expect(out.data).toEqual({
      cashedOut: 200,
      leavingAfterHand: false,
      replayed: false,
      balance: STARTING_GRANT,
    });
    const lines = (await call("cashier.history", { limit: 5 }, auth)).data;
    expect(lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ["cash_out", 200],
      ["buy_in", -200],
      ["grant", STARTING_GRANT],
    ]);
  });

  it("the same buy-in submitted twice (same idempotency key) moves money once", async () => {
    const player = await newPlayer();
    const input = { tableId: "caspian", amount: 1_000, idempotencyKey: crypto.randomUUID() };
    const first = await call("cashier.buyIn", input, { token: player.token });
    const second = await call("cashier.buyIn", input, { token: player.token });
    expect(first.data).toMatchObject({ stack: 1_000, replayed: false });
    expect(second.data).toMatchObject({
      stack: 1_000,
      replayed: true,
      balance: STARTING_GRANT - 1_000,
    });
    // At the same time, too.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(
          "cashier.buyIn",
          { ...input, tableId: "danube", amount: 300, idempotencyKey: "burst-key-1" },
          { token: player.token },
        ),
      ),
    );
    expect(burst.map((r) => r.error)).toEqual([null, null, null, null, null]);
    expect(await balanceOf(player)).toBe(STARTING_GRANT - 1_300);
    // The same key for a different amount is a mistake, and says so.
    const reused = await call(
      "cashier.buyIn",
      { ...input, tableId: "danube", amount: 301, idempotencyKey: "burst-key-1" },
      { token: player.token },
    );
    // The room already answered this key for 300: 301 is another request, not a replay (API.md).
    expect(reused.error).toMatchObject({ code: "CONFLICT", reason: "key_reused" });
    expect(await balanceOf(player)).toBe(STARTING_GRANT - 1_300);
    // So is the same amount asked for another seat; the very same request still replays.
    const otherSeat = await call(
      "cashier.buyIn",
      { ...input, tableId: "danube", amount: 300, idempotencyKey: "burst-key-1", seat: 2 },
      { token: player.token },
    );
    expect(otherSeat.error).toMatchObject({ code: "CONFLICT", reason: "key_reused" });
    const same = await call(
      "cashier.buyIn",
      { ...input, tableId: "danube", amount: 300, idempotencyKey: "burst-key-1" },
      { token: player.token },
    );
    expect(same.data).toMatchObject({ stack: 300, replayed: true });
    expect(await balanceOf(player)).toBe(STARTING_GRANT - 1_300);
    const reusedElsewhere = await call(
      "cashier.buyIn",
      { tableId: "elbe", amount: 100, idempotencyKey: "burst-key-1" },
      { token: player.token },
    );
    expect(reusedElsewhere.error).toMatchObject({ code: "CONFLICT" });
    expect(reusedElsewhere.error?.message).toMatch(/idempotency key was already used/);
    expect(await balanceOf(player)).toBe(STARTING_GRANT - 1_300);
  });

  it("two concurrent buy-ins that together exceed the balance: exactly one succeeds", async () => {
    const [left, right] = await deepTables(admin, 2);
    const player = await newPlayer();
    const buy = (tableId: string | undefined) =>
      call(
        "cashier.buyIn",
        { tableId, amount: 6_000, idempotencyKey: crypto.randomUUID() },
        { token: player.token },
      );
    const replies = await Promise.all([buy(left), buy(right)]);
    expect(replies.filter((r) => r.error === null)).toHaveLength(1);
    const refused = replies.find((r) => r.error !== null);
    expect(refused?.error).toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Your wallet has 4,000 chips, not enough for this buy-in.",
    });
    expect(await balanceOf(player)).toBe(STARTING_GRANT - 6_000);
    const lobby = (await call("lobby.tables")).data as Array<{ id: string; playersSeated: number }>;
    expect(
      lobby
        .filter((r) => r.id === left || r.id === right)
        .map((r) => r.playersSeated)
        .sort(),
    ).toEqual([0, 1]);
  });

  it("buy-in refusals: table limits, full, closed, unknown — each writes nothing", async () => {
    const [table] = await deepTables(admin, 1);
    const [p1, p2, p3] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const buy = (p: Player, tableId: string | undefined, amount: number) =>
      call(
        "cashier.buyIn",
        { tableId, amount, idempotencyKey: crypto.randomUUID() },
        { token: p.token },
      );
    expect((await buy(p1, table, 2_000)).error).toBeNull();
    let before = await snapshot();
    const low = (await buy(p3, table, 1_999)).error;
    expect(low?.fieldErrors).toEqual({
      amount: "must be at least the table's minimum buy-in of 2,000",
    });
    // The code and its numbers, for a client to word in its own language.
    expect(low).toMatchObject({
      reason: "below_min",
      params: { minBuyIn: 2_000 },
      fieldCodes: { amount: { code: "below_min", minBuyIn: 2_000 } },
    });
    const high = (await buy(p3, table, 10_001)).error;
    expect(high?.fieldErrors).toEqual({
      amount: "must be at most the table's maximum buy-in of 10,000",
    });
    expect(high).toMatchObject({ reason: "above_max", params: { maxBuyIn: 10_000 } });
    expect(await snapshot()).toEqual(before);
    expect((await buy(p2, table, 2_000)).error).toBeNull();
    before = await snapshot();
    expect((await buy(p3, table, 2_000)).error).toMatchObject({
      code: "CONFLICT",
      message: "All 2 seats are taken; pick another table.",
    });
    expect((await buy(p3, "atlantis", 100)).error).toMatchObject({
      code: "NOT_FOUND",
      message: 'There is no table "atlantis".',
    });
    expect((await buy(p3, "fjord-closed-test", 100)).error?.code).toBe("NOT_FOUND");
    expect(await snapshot()).toEqual(before);
    await env.DB.prepare("UPDATE tables SET status = 'closed' WHERE id = 'fjord'").run();
    expect((await buy(p3, "fjord", 100)).error).toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "This table is closed.",
    });
    await env.DB.prepare("UPDATE tables SET status = 'open' WHERE id = 'fjord'").run();
    expect(
      (
        await call(
          "cashier.cashOut",
          { tableId: "fjord", idempotencyKey: "never-sat" },
          { token: p3.token },
        )
      ).error,
    ).toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "You are not seated at this table.",
    });
    for (const p of [p1, p2]) {
      await call(
        "cashier.cashOut",
        { tableId: table, idempotencyKey: crypto.randomUUID() },
        { token: p.token },
      );
    }
  });

  it("a chosen seat (taken or not), and a cash-out in a hand paid when the hand ends", async () => {
    const [table] = await deepTables(admin, 1);
    const [p1, p2, p3] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const buy = (p: Player, seat?: number) =>
      call(
        "cashier.buyIn",
        { tableId: table, amount: 2_000, idempotencyKey: crypto.randomUUID(), seat },
        { token: p.token },
      );
    expect((await buy(p1, 2)).data).toMatchObject({ seat: 2, stack: 2_000 });
    const before = await snapshot();
    expect((await buy(p2, 2)).error).toMatchObject({
      code: "CONFLICT",
      message: "Seat 2 was just taken; pick another or leave the seat out.",
    });
    expect((await buy(p2, 3)).error?.fieldErrors).toEqual({
      seat: "must be a seat of this table, 1 to 2",
    });
    expect(await snapshot()).toEqual(before);
    expect((await buy(p2)).data).toMatchObject({ seat: 1 });
    expect((await buy(p3)).error?.code).toBe("CONFLICT");

    // Deal a hand, then cash out in the middle of it.
    const room = env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName(table as string));
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const out = await call(
      "cashier.cashOut",
      { tableId: table, idempotencyKey: "leave-mid-hand" },
      { token: p1.token },
    );
    expect(out.data).toMatchObject({ cashedOut: 0, leavingAfterHand: true });
    // His cards are folded when his turn comes; the other player's turn times out here.
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await expect.poll(() => balanceOf(p1)).toBeGreaterThan(STARTING_GRANT - 2_000);
    await call(
      "cashier.cashOut",
      { tableId: table, idempotencyKey: "leave-2" },
      { token: p2.token },
    );
  });

  it("a table whose game cannot be played yet takes no buy-in", async () => {
    const tableId = await openUnplayableTable(admin);
    const player = await newPlayer();
    const reply = await call(
      "cashier.buyIn",
      { tableId, amount: 100, idempotencyKey: crypto.randomUUID() },
      { token: player.token },
    );
    expect(reply.error).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(reply.error?.message).toBe(
      "This table cannot be played yet: the 7–A deck and wild cards are for draw games, not holdem.",
    );
    expect(await balanceOf(player)).toBe(STARTING_GRANT);
  });

  it("buy-in: bad input gets a clear error and writes nothing", async () => {
    const player = await newPlayer();
    const good = { tableId: "aurora", amount: 100, idempotencyKey: "bad-input-key" };
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ["negative", { ...good, amount: -100 }, { amount: "must be at least 1" }],
      ["zero", { ...good, amount: 0 }, { amount: "must be at least 1" }],
      ["fractional", { ...good, amount: 100.5 }, { amount: "must be a whole number" }],
      ["huge", { ...good, amount: 1e300 }, { amount: "is far too large" }],
      ["hugely negative", { ...good, amount: -1e300 }, { amount: "is far too small" }],
      [
        "beyond the ledger's limit",
        { ...good, amount: 1e12 + 1 },
        { amount: "must be at most 1000000000000" },
      ],
      ["a string", { ...good, amount: "100" }, { amount: "must be a number" }],
      ["null", { ...good, amount: null }, { amount: "must be a number" }],
      [
        "missing amount",
        { tableId: "aurora", idempotencyKey: "bad-input-key" },
        { amount: "is required" },
      ],
      [
        "missing everything",
        {},
        { tableId: "is required", amount: "is required", idempotencyKey: "is required" },
      ],
      [
        "long table id",
        { ...good, tableId: "a".repeat(65) },
        { tableId: "must be at most 64 characters" },
      ],
      [
        "odd table id",
        { ...good, tableId: "../etc" },
        { tableId: 'must be a table id such as "aurora"' },
      ],
      [
        "short key",
        { ...good, idempotencyKey: "abc" },
        { idempotencyKey: "must be at least 8 characters" },
      ],
      [
        "long key",
        { ...good, idempotencyKey: "k".repeat(101) },
        { idempotencyKey: "must be at most 100 characters" },
      ],
      [
        "key with spaces",
        { ...good, idempotencyKey: "a b c d e f" },
        { idempotencyKey: "may use letters, digits, _ and - only (a UUID works)" },
      ],
      ["extra field", { ...good, userId: "someone-else" }, { input: "has unknown field userId" }],
      ["an array", [good], { input: "must be an object" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("cashier.buyIn", input, { token: player.token });
      expect(reply.error?.code, name).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
    }
    for (const raw of [
      '{"tableId":"aurora","amount":NaN,"idempotencyKey":"bad-input-key"}',
      "{",
      "",
    ]) {
      const reply = await call("cashier.buyIn", undefined, { token: player.token, rawBody: raw });
      expect(reply.error?.code, raw).toBe("BAD_REQUEST");
    }
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(player)).toBe(STARTING_GRANT);
  });

  it("NaN and Infinity are refused when they arrive as numbers (tRPC callers)", async () => {
    const { createCallerFactory, createContext } = await import("../trpc/init");
    const { appRouter } = await import("../trpc/router");
    const player = await newPlayer();
    const request = new Request("http://api.test/", {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    const caller = createCallerFactory(appRouter)(await createContext(env, request));
    const before = await snapshot();
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      await expect(
        caller.cashier.buyIn({ tableId: "aurora", amount, idempotencyKey: "nan-key-123" }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await snapshot()).toEqual(before);
  });
});
