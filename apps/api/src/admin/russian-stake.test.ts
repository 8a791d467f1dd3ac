import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { russian } from "@felt/engine";
import type { RussianStateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { RussianClient, russianRoomOf } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import { buyIn } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { database } from "../db/client";
import { move } from "../ledger/movements";
import type { RussianRoom } from "../rooms/russian/russian-room";
import { RussianStorage } from "../rooms/russian/russian-storage";

const russianStake = (overrides: object = {}) => ({
  name: `Russian ${unique()}`,
  game: "russian",
  betting: "no-limit",
  smallBlind: 5,
  bigBlind: 50,
  seats: 4,
  ...overrides,
});

const payTable = { ...russian.DEFAULT_PAY_TABLE, onePair: 2, royalFlush: 150 };
const bonusPayTable = { ...russian.DEFAULT_BONUS_PAY_TABLE, threeSevens: 25 };

const stored = (tableId: string) =>
  runInDurableObject(russianRoomOf(tableId), (_: RussianRoom, state) =>
    new RussianStorage(state.storage).snapshot(),
  );

const phaseOf = (s: RussianStateMessage) => s.view.round?.phase ?? null;

describe("Russian poker stakes in the admin (RP-1 … RP-11)", () => {
  let admin: Player;
  let as: { token: string };
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    as = { token: admin.token };
  });

  /** A table of the stake, with the house's bankroll funded so it can pay. */
  async function openTable(stakeId: string): Promise<string> {
    const opened = await call("admin.tables.open", { stakeId, name: `Ru ${unique()}` }, as);
    expect(opened.error).toBeNull();
    const tableId = opened.data.id as string;
    const funded = await move(database(env.DB), "house_bankroll", {
      amount: 1_000_000,
      key: tableId,
    });
    expect(funded.ok).toBe(true);
    return tableId;
  }

  it("RP-5 RP-2 a Russian stake stores its pay table, bonus table and options, and a new table deals with them", async () => {
    const rules = {
      boxesPerPlayer: 3,
      bonusLimit: "half-ante",
      improve: "exchange-then-sixth",
      antePaidOnWin: true,
      maxPayout: 20_000,
      payTable,
      bonusPayTable,
    };
    const created = await call("admin.stakes.create", russianStake({ russian: rules }), as);
    expect(created.error).toBeNull();
    expect(created.data.russian).toEqual(rules);
    const got = await call("admin.stakes.get", { id: created.data.id }, as);
    expect(got.data.russian).toEqual(rules);

    const tableId = await openTable(created.data.id);
    const alice = await newPlayer();
    await buyIn(alice, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    const betting = await a.until((s) => phaseOf(s) === "betting");
    expect(betting.view.round?.options).toEqual({ ...rules, minAnte: 5, maxAnte: 50 });
    a.close();
  });

  it("RP-5 a stake left without rules plays the engine's defaults; other games take none", async () => {
    const plain = await call("admin.stakes.create", russianStake(), as);
    expect(plain.error).toBeNull();
    expect(plain.data.russian).toMatchObject({
      boxesPerPlayer: 4,
      payTable: russian.DEFAULT_PAY_TABLE,
      bonusPayTable: russian.DEFAULT_BONUS_PAY_TABLE,
    });
    const holdem = await call(
      "admin.stakes.create",
      russianStake({ game: "holdem", seats: 6, russian: { payTable } }),
      as,
    );
    expect(holdem.error?.fieldCodes).toEqual({ russian: { code: "only_russian" } });
  });

  it("RP-5 RP-2 pay tables the engine refuses are field errors with stable codes, and nothing is saved", async () => {
    const name = `Russian ${unique()}`;
    const refused = await call(
      "admin.stakes.create",
      russianStake({
        name,
        russian: {
          payTable: { ...payTable, flush: -1 },
          bonusPayTable: { ...bonusPayTable, royalFlush: russian.MAX_MULTIPLIER + 1 },
        },
      }),
      as,
    );
    expect(refused.error?.code).toBe("BAD_REQUEST");
    expect(refused.error?.fieldCodes).toEqual({
      "russian.payTable.flush": { code: "pay_table_multiplier", max: russian.MAX_MULTIPLIER },
      "russian.bonusPayTable.royalFlush": {
        code: "pay_table_multiplier",
        max: russian.MAX_MULTIPLIER,
      },
    });
    const { aceKing: _, ...noAceKing } = payTable;
    const missing = await call(
      "admin.stakes.create",
      russianStake({ name, russian: { payTable: noAceKing, maxPayout: 0 } }),
      as,
    );
    expect(missing.error?.fieldCodes).toMatchObject({
      "russian.payTable.aceKing": { code: "required" },
      "russian.maxPayout": { code: "too_small", minimum: 1 },
    });
    const list = await call("admin.stakes.list", undefined, as);
    expect(list.data.some((s: { name: string }) => s.name === name)).toBe(false);
  });

  it("RP-5 an edit reaches an open table between rounds: the round in progress keeps its rules, the next is dealt with the new", async () => {
    const created = await call("admin.stakes.create", russianStake(), as);
    const stakeId = created.data.id as string;
    const tableId = await openTable(stakeId);
    const alice = await newPlayer();
    await buyIn(alice, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    await a.until((s) => phaseOf(s) === "betting");
    expect(await a.decide({ type: "placeBets", box: 0, ante: 10 })).toBeNull();

    const edited = russianStake({
      name: created.data.name,
      smallBlind: 2,
      bigBlind: 40,
      russian: { payTable, antePaidOnWin: true },
    });
    const updated = await call("admin.stakes.update", { id: stakeId, stake: edited }, as);
    expect(updated.error).toBeNull();
    const during = await stored(tableId);
    // Mid-round: the round and the table keep the old rules; the new wait.
    expect(during?.table.round?.options.payTable).toEqual(russian.DEFAULT_PAY_TABLE);
    expect(during?.table.options.payTable).toEqual(russian.DEFAULT_PAY_TABLE);
    expect(during?.table.pendingRules?.options.payTable).toEqual(payTable);

    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    await a.until((s) => phaseOf(s) === "decisions");
    for (let i = 0; i < 4 && phaseOf(a.latest as RussianStateMessage) !== "settled"; i++) {
      const version = a.latest?.view.version ?? 0;
      await runDurableObjectAlarm(russianRoomOf(tableId));
      await a.until((s) => s.view.version > version).catch(() => undefined);
    }
    const settled = await a.until((s) => phaseOf(s) === "settled");
    // The settled round was played to the end with the rules it was dealt with.
    expect(settled.view.round?.options.payTable).toEqual(russian.DEFAULT_PAY_TABLE);
    const after = await stored(tableId);
    expect(after?.table.options).toMatchObject({
      payTable,
      antePaidOnWin: true,
      minAnte: 2,
      maxAnte: 40,
    });
    expect(after?.table.pendingRules).toBeNull();
    expect(after?.table.minBuyIn).toBe(20 * 40);

    // The next round is dealt with them.
    await runDurableObjectAlarm(russianRoomOf(tableId));
    const next = await a.until((s) => phaseOf(s) === "betting" && s.view.roundNumber === 2);
    expect(next.view.round?.options).toMatchObject({ payTable, minAnte: 2, maxAnte: 40 });
    a.close();
  });

  it("admin.stakes.russianRtp is the engine's rulesRtp for the same rules (the run of felt simulate), with the house edge", async () => {
    const rules = { payTable, bonusPayTable, antePaidOnWin: true };
    const reply = await call("admin.stakes.russianRtp", { rules, minAnte: 5, maxAnte: 50 }, as);
    expect(reply.error).toBeNull();
    const engine = russian.rulesRtp({ ...rules, minAnte: 5, maxAnte: 50 });
    if (!engine.ok) throw new Error(engine.error.message);
    expect(reply.data).toEqual(engine.result);
    expect(reply.data.houseEdge).toBeCloseTo(1 - reply.data.rtp, 12);

    const bad = await call(
      "admin.stakes.russianRtp",
      { rules: { payTable: { ...payTable, straight: 1.5 } } },
      as,
    );
    expect(bad.error?.fieldCodes).toEqual({
      "rules.payTable.straight": { code: "pay_table_multiplier", max: russian.MAX_MULTIPLIER },
    });
    const player = await newPlayer();
    const denied = await call("admin.stakes.russianRtp", { rules: {} }, { token: player.token });
    expect(denied.error?.code).toBe("FORBIDDEN");
  });
});
