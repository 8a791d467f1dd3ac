import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { stake } from "../../test/admin";
import { injectD1Faults } from "../../test/faults";
import { seedDemo } from "../../test/seed";
import { roomOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, snapshot } from "../../test/trpc";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("admin: tables", () => {
  let admin: Player;
  let as: { token: string };
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    as = { token: admin.token };
  });

  it("a table with players seated (chips in escrow) cannot be closed", async () => {
    const created = (await call("admin.stakes.create", stake(), as)).data;
    const table = (await call("admin.tables.open", { stakeId: created.id, name: "Mekong" }, as))
      .data;
    const player = await newPlayer();
    await call(
      "cashier.buyIn",
      { tableId: table.id, amount: 1_000, idempotencyKey: "mekong-in-1" },
      { token: player.token },
    );
    const refused = await call("admin.tables.close", { id: table.id }, as);
    expect(refused.error).toMatchObject({
      code: "PRECONDITION_FAILED",
      message:
        "1 player(s) still seated with 1000 chips on the table; close it when they have left.",
    });
    await call(
      "cashier.cashOut",
      { tableId: table.id, idempotencyKey: "mekong-out-1" },
      { token: player.token },
    );
    expect((await call("admin.tables.close", { id: table.id }, as)).data.status).toBe("closed");
  });

  it("closing a table while buy-ins are in flight never leaves a player or chips at a closed table", async () => {
    const created = (await call("admin.stakes.create", stake(), as)).data;
    const outcomes: string[] = [];
    for (let trial = 0; trial < 8; trial++) {
      const table = (
        await call("admin.tables.open", { stakeId: created.id, name: `Race ${trial}` }, as)
      ).data;
      const player = await newPlayer();
      // The room is awake (a socket looked), so the buy-in does not wait on a cold start.
      await call("lobby.tables", undefined);
      const [bought, closed] = await Promise.all([
        call(
          "cashier.buyIn",
          { tableId: table.id, amount: 1_000, idempotencyKey: `race-in-${trial}` },
          { token: player.token },
        ),
        // Started a little later each trial, to land anywhere in the buy-in's D1 round trips.
        sleep(trial * 0.5).then(() => call("admin.tables.close", { id: table.id }, as)),
      ]);
      const row = await env.DB.prepare("SELECT status FROM tables WHERE id = ?")
        .bind(table.id)
        .first<{ status: string }>();
      const escrow = await env.DB.prepare("SELECT balance FROM accounts WHERE id = ?")
        .bind(`table:${table.id}`)
        .first<{ balance: number }>();
      if (row?.status === "closed") {
        // Closed first: the buy-in was refused and nothing sits on the table.
        expect(closed.error).toBeNull();
        expect(bought.error).toMatchObject({ reason: "table_closed" });
        expect(escrow?.balance ?? 0).toBe(0);
        outcomes.push("closed");
      } else {
        // Seated first: the close was refused, and the player's chips are on an open table.
        expect(bought.error).toBeNull();
        expect(closed.error).toMatchObject({ reason: "table_occupied" });
        expect(escrow?.balance).toBe(1_000);
        await call(
          "cashier.cashOut",
          { tableId: table.id, idempotencyKey: `race-out-${trial}` },
          { token: player.token },
        );
        expect((await call("admin.tables.close", { id: table.id }, as)).error).toBeNull();
        outcomes.push("seated");
      }
    }
    expect(outcomes).toHaveLength(8);
  });

  it("a buy-in held up in the ledger: the close waits for it, then refuses; nobody sits at a closed table", async () => {
    const created = (await call("admin.stakes.create", stake(), as)).data;
    const table = (await call("admin.tables.open", { stakeId: created.id, name: "Held" }, as)).data;
    const player = await newPlayer();
    let closeAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      closeAnswered = resolve;
    });
    let reachLedger = () => {};
    const atLedger = new Promise<void>((resolve) => {
      reachLedger = resolve;
    });
    // The buy-in's transfer waits until the close has answered (or 300 ms: a close that
    // waits for the buy-in, as it should, would otherwise wait for ever).
    await injectD1Faults(roomOf(env, table.id), [
      {
        match: /insert into "transfers"/,
        action: { type: "wait", until: Promise.race([answered, sleep(300)]) },
        onHit: reachLedger,
      },
    ]);
    const bought = call(
      "cashier.buyIn",
      { tableId: table.id, amount: 1_000, idempotencyKey: "held-in-1" },
      { token: player.token },
    );
    await atLedger;
    const closed = await call("admin.tables.close", { id: table.id }, as);
    closeAnswered();
    expect((await bought).error).toBeNull();
    expect(closed.error).toMatchObject({
      reason: "table_occupied",
      params: { players: 1, chips: 1_000 },
    });
    const row = await env.DB.prepare("SELECT status FROM tables WHERE id = ?")
      .bind(table.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("open");
    await call(
      "cashier.cashOut",
      { tableId: table.id, idempotencyKey: "held-out-1" },
      { token: player.token },
    );
    expect((await call("admin.tables.close", { id: table.id }, as)).error).toBeNull();
  });

  it("tables: bad input gets a clear error and writes nothing", async () => {
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ["no stake", { name: "Nile" }, { stakeId: "is required" }],
      ["empty name", { stakeId: "nlhe-1-2", name: "" }, { name: "must be at least 2 characters" }],
      [
        "long name",
        { stakeId: "nlhe-1-2", name: "N".repeat(41) },
        { name: "must be at most 40 characters" },
      ],
      [
        "markup",
        { stakeId: "nlhe-1-2", name: "<b>Nile</b>" },
        { name: "may use letters, digits, spaces, ' and - only" },
      ],
      ["numeric stake", { stakeId: 7, name: "Nile" }, { stakeId: "must be text" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("admin.tables.open", input, as);
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
    }
    expect(
      (await call("admin.tables.open", { stakeId: "ghost", name: "Nile" }, as)).error?.code,
    ).toBe("NOT_FOUND");
    expect((await call("admin.tables.close", { id: "ghost" }, as)).error?.code).toBe("NOT_FOUND");
    expect((await call("admin.tables.close", {}, as)).error?.fieldErrors).toEqual({
      id: "is required",
    });
    expect(await snapshot()).toEqual(before);
  });
});
