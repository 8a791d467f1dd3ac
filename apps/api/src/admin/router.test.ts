import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { injectD1Faults } from "../../test/faults";
import { seedDemo } from "../../test/seed";
import { roomOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, snapshot, unique } from "../../test/trpc";
import { DEFAULT_HOME_BOUNDS } from "../home/bounds";
import { appRouter } from "../trpc/router";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stake = (overrides: object = {}) => ({
  name: `NL Hold'em 25/50 ${unique()}`,
  game: "holdem",
  betting: "no-limit",
  smallBlind: 25,
  bigBlind: 50,
  seats: 6,
  ...overrides,
});

const payouts = (overrides: object = {}) => ({
  name: `Standard ${unique()}`,
  tiers: [
    { minEntrants: 2, maxEntrants: 5, percentages: [100] },
    { minEntrants: 6, maxEntrants: 10, percentages: [65, 35] },
    { minEntrants: 11, maxEntrants: 30, percentages: [50, 30, 20] },
  ],
  ...overrides,
});

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

describe("admin", () => {
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

  it("creates a stake with the T-4 defaults, opens a table, and the lobby shows it", async () => {
    const created = await call("admin.stakes.create", stake(), as);
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      game: "holdem",
      deck: "52",
      wild: "none",
      minBuyInBb: 20,
      maxBuyInBb: 100,
      minBuyIn: 1_000,
      maxBuyIn: 5_000,
      ante: 0,
      rakePercent: 0,
      rakeCap: 0,
      noFlopNoDrop: true,
      actionSeconds: 20,
      timeBankSeconds: 60,
      smallBet: null,
      bigBet: null,
      archived: false,
    });
    const opened = await call(
      "admin.tables.open",
      { stakeId: created.data.id, name: "Zambezi" },
      as,
    );
    expect(opened.data).toMatchObject({
      name: "Zambezi",
      status: "open",
      stakeId: created.data.id,
    });
    expect(opened.data.id).toMatch(/^zambezi-[a-z0-9]+$/);
    const lobby = (await call("lobby.tables", { minBigBlind: 50, maxBigBlind: 50 })).data;
    expect(lobby.map((r: { name: string }) => r.name)).toContain("Zambezi");
    expect((await call("admin.stakes.get", { id: created.data.id }, as)).data).toEqual(
      created.data,
    );
  });

  it("T-4 deep tables, T-10 rake with a cap, FL bet units, wild cards and the short deck", async () => {
    const deep = await call("admin.stakes.create", stake({ minBuyInBb: 50, maxBuyInBb: 200 }), as);
    expect(deep.data).toMatchObject({ minBuyIn: 2_500, maxBuyIn: 10_000 });
    const raked = await call(
      "admin.stakes.create",
      stake({ rakePercent: 2.5, rakeCap: 150, noFlopNoDrop: false }),
      as,
    );
    expect(raked.data).toMatchObject({ rakePercent: 2.5, rakeCap: 150, noFlopNoDrop: false });
    const limit = await call(
      "admin.stakes.create",
      stake({ betting: "fixed-limit", smallBet: 50, bigBet: 100, ante: 5 }),
      as,
    );
    expect(limit.data).toMatchObject({ smallBet: 50, bigBet: 100, ante: 5 });
    const homeGame = await call(
      "admin.stakes.create",
      stake({
        game: "draw",
        deck: "32",
        wild: "lowest-in-hand",
        betting: "pot-limit",
        seats: 2,
        actionSeconds: 60,
        timeBankSeconds: 0,
      }),
      as,
    );
    expect(homeGame.data).toMatchObject({ deck: "32", wild: "lowest-in-hand", seats: 2 });
    // Dealer's choice (docs/rules.md#dealers-choice): the games the button picks from, in order.
    const choice = await call(
      "admin.stakes.create",
      stake({ game: "dealers-choice", games: ["draw-7a", "holdem-nl", "omaha-pl"] }),
      as,
    );
    expect(choice.data).toMatchObject({
      game: "dealers-choice",
      games: ["draw-7a", "holdem-nl", "omaha-pl"],
    });
    expect(limit.data).toMatchObject({ games: null });
    const studChoice = await call(
      "admin.stakes.create",
      stake({ game: "dealers-choice", games: ["holdem-nl", "stud7", "stud5"], seats: 8 }),
      as,
    );
    expect(studChoice.error).toBeNull();
    expect(studChoice.data).toMatchObject({ games: ["holdem-nl", "stud7", "stud5"] });
    // Stud (ST-1 … ST-7): fixed limit, the small blind is the bring-in, the game's wild option.
    const stud7 = await call(
      "admin.stakes.create",
      stake({
        game: "stud7",
        betting: "fixed-limit",
        smallBlind: 10,
        bigBlind: 50,
        smallBet: 50,
        bigBet: 100,
        ante: 5,
        seats: 8,
        wild: "low-hole-card",
      }),
      as,
    );
    expect(stud7.error).toBeNull();
    expect(stud7.data).toMatchObject({ game: "stud7", seats: 8, wild: "low-hole-card" });
    const stud5 = await call(
      "admin.stakes.create",
      stake({ game: "stud5", betting: "fixed-limit", smallBet: 50, bigBet: 100, seats: 10 }),
      as,
    );
    expect(stud5.data).toMatchObject({ game: "stud5", seats: 10, wild: "none" });
  });

  it("stakes: bad input gets a clear error per field and writes nothing", async () => {
    const cases: Array<[string, unknown, Record<string, string>]> = [
      [
        "missing fields",
        {},
        {
          name: "is required",
          game: "is required",
          betting: "is required",
          smallBlind: "is required",
          bigBlind: "is required",
          seats: "is required",
        },
      ],
      ["negative blind", stake({ smallBlind: -25 }), { smallBlind: "must be at least 1" }],
      ["fractional blind", stake({ bigBlind: 50.5 }), { bigBlind: "must be a whole number" }],
      ["huge blind", stake({ bigBlind: 1e15 }), { bigBlind: "must be at most 1000000000" }],
      ["blind as text", stake({ smallBlind: "25" }), { smallBlind: "must be a number" }],
      ["null blind", stake({ smallBlind: null }), { smallBlind: "must be a number" }],
      [
        "big below small",
        stake({ smallBlind: 50, bigBlind: 25 }),
        { bigBlind: "must be at least the small blind" },
      ],
      ["11 seats", stake({ seats: 11 }), { seats: "must be at most 10" }],
      ["1 seat", stake({ seats: 1 }), { seats: "must be at least 2" }],
      [
        "max below min",
        stake({ minBuyInBb: 100, maxBuyInBb: 50 }),
        { maxBuyInBb: "must be at least minBuyInBb" },
      ],
      ["zero min buy-in", stake({ minBuyInBb: 0 }), { minBuyInBb: "must be at least 1" }],
      [
        "rake over 10%",
        stake({ rakePercent: 12, rakeCap: 10 }),
        { rakePercent: "must be at most 10" },
      ],
      [
        "rake with 3 decimals",
        stake({ rakePercent: 2.555, rakeCap: 10 }),
        { rakePercent: "may have at most two decimals" },
      ],
      [
        "rake with no cap",
        stake({ rakePercent: 5 }),
        { rakeCap: "must be above 0 when there is a rake (or set rakePercent to 0)" },
      ],
      ["negative ante", stake({ ante: -1 }), { ante: "must be at least 0" }],
      [
        "FL without units",
        stake({ betting: "fixed-limit" }),
        {
          smallBet: "is required for fixed-limit (the small bet unit)",
          bigBet: "is required for fixed-limit (the big bet unit)",
        },
      ],
      [
        "FL units upside down",
        stake({ betting: "fixed-limit", smallBet: 100, bigBet: 50 }),
        { bigBet: "must be at least the small bet" },
      ],
      [
        "NL with bet units",
        stake({ smallBet: 50 }),
        { smallBet: "is only for fixed-limit games: leave it empty" },
      ],
      [
        "short deck hold'em",
        stake({ deck: "32" }),
        { deck: "the 7–A deck and wild cards are for draw games, not holdem" },
      ],
      [
        "C-1 W-1 Omaha with deuces wild: no table could deal it",
        stake({ game: "omaha", betting: "pot-limit", wild: "deuces" }),
        { wild: "the 7–A deck and wild cards are for draw games, not omaha" },
      ],
      [
        "unknown wild",
        stake({ wild: "everything" }),
        {
          wild: 'must be one of "none", "joker", "two-jokers", "bug", "deuces", "deuces-and-joker", "one-eyed-jacks", "lowest-in-hand", "low-hole-card"',
        },
      ],
      [
        "RP-1 Russian poker for nine: six boxes seat six at most",
        stake({ game: "russian", seats: 9 }),
        { seats: "must be at most 6 at Russian poker (six boxes)" },
      ],
      [
        "action clock too short",
        stake({ actionSeconds: 1 }),
        { actionSeconds: "must be at least 5" },
      ],
      [
        "time bank as boolean",
        stake({ timeBankSeconds: true }),
        { timeBankSeconds: "must be a number" },
      ],
      [
        "no-flop-no-drop as text",
        stake({ noFlopNoDrop: "yes" }),
        { noFlopNoDrop: "must be true or false" },
      ],
      [
        "dealer's choice with one game",
        stake({ game: "dealers-choice", games: ["holdem-nl"] }),
        { games: "must list 2 to 8 games for dealer's choice" },
      ],
      [
        "dealer's choice with no games",
        stake({ game: "dealers-choice" }),
        { games: "must list 2 to 8 games for dealer's choice" },
      ],
      [
        "dealer's choice listing a game twice, with a deck of its own",
        stake({ game: "dealers-choice", games: ["draw-fl", "draw-fl"], deck: "32" }),
        {
          games: "must not list a game twice",
          deck: "must be 52 at dealer's choice: each game has its own deck",
        },
      ],
      [
        "dealer's choice with an unknown game",
        stake({ game: "dealers-choice", games: ["holdem-nl", "stud"] }),
        {
          "games[1]":
            'must be one of "holdem-nl", "holdem-fl", "omaha-pl", "draw-fl", "draw-7a", "draw-joker", "stud7", "stud5"',
        },
      ],
      [
        "ST-1 dealer's choice with seven-card stud at 9 seats",
        stake({ game: "dealers-choice", games: ["holdem-nl", "stud7"], seats: 9 }),
        { games: "stud7 deals at most 8 players: seat at most 8" },
      ],
      [
        "games at a one-game table",
        stake({ games: ["holdem-nl", "omaha-pl"] }),
        { games: "is only for dealer's choice: leave it empty" },
      ],
      [
        "ST-1 … ST-7 seven-card stud: no-limit, 9 seats, the 7–A deck, a draw wild card",
        stake({ game: "stud7", seats: 9, deck: "32", wild: "joker" }),
        {
          betting: "must be fixed-limit at stud",
          seats: "must be at most 8 at this stud game",
          deck: "must be 52 at stud",
          wild: "must be none or low-hole-card at this stud game (ST-7)",
        },
      ],
      [
        "ST-2, ST-7 five-card stud: a bring-in of the small bet, seven-card stud's wild option",
        stake({
          game: "stud5",
          betting: "fixed-limit",
          smallBlind: 50,
          smallBet: 50,
          bigBet: 100,
          wild: "low-hole-card",
        }),
        {
          wild: "must be none or lowest-in-hand at this stud game (ST-7)",
          smallBlind: "is the bring-in at stud: it must be below the small bet",
        },
      ],
      [
        "seven-card stud's wild option at hold'em",
        stake({ wild: "low-hole-card" }),
        { wild: "is seven-card stud's option only" },
      ],
      ["name too long", stake({ name: "n".repeat(61) }), { name: "must be at most 60 characters" }],
      ["blank name", stake({ name: "   " }), { name: "must be at least 2 characters" }],
      ["unknown field", stake({ id: "chosen" }), { input: "has unknown field id" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("admin.stakes.create", input, as);
      expect(reply.error?.code, name).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
      const updated = await call("admin.stakes.update", { id: "nlhe-1-2", stake: input }, as);
      expect(updated.error?.code, name).toBe("BAD_REQUEST");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("updates and deletes stakes; a stake with open tables cannot be deleted", async () => {
    const created = (await call("admin.stakes.create", stake(), as)).data;
    const updated = await call(
      "admin.stakes.update",
      { id: created.id, stake: stake({ name: "Renamed", seats: 9 }) },
      as,
    );
    expect(updated.data).toMatchObject({ id: created.id, name: "Renamed", seats: 9 });
    const table = (await call("admin.tables.open", { stakeId: created.id, name: "Volga" }, as))
      .data;
    const blocked = await call("admin.stakes.delete", { id: created.id }, as);
    expect(blocked.error).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(blocked.error?.message).toBe(`Close its 1 open table(s) first: ${table.id}.`);
    expect(blocked.error).toMatchObject({
      reason: "stake_has_open_tables",
      params: { count: 1, tables: table.id },
    });
    expect((await call("admin.tables.close", { id: table.id }, as)).data).toMatchObject({
      status: "closed",
    });
    expect((await call("admin.tables.close", { id: table.id }, as)).error?.message).toBe(
      "This table is already closed.",
    );
    expect((await call("admin.stakes.delete", { id: created.id }, as)).data).toEqual({ ok: true });
    const live = (await call("admin.stakes.list", undefined, as)).data.map(
      (s: { id: string }) => s.id,
    );
    expect(live).not.toContain(created.id);
    const all = (await call("admin.stakes.list", { includeArchived: true }, as)).data;
    expect(all.find((s: { id: string }) => s.id === created.id)).toMatchObject({ archived: true });
    // Archived stakes cannot be edited or open tables.
    expect(
      (await call("admin.stakes.update", { id: created.id, stake: stake() }, as)).error?.code,
    ).toBe("NOT_FOUND");
    expect(
      (await call("admin.tables.open", { stakeId: created.id, name: "Late" }, as)).error?.code,
    ).toBe("NOT_FOUND");
    expect((await call("admin.stakes.delete", { id: "nope" }, as)).error).toMatchObject({
      code: "NOT_FOUND",
      message: 'There is no stake "nope".',
    });
    const tables = (await call("admin.tables.list", { stakeId: created.id }, as)).data;
    expect(tables).toEqual([expect.objectContaining({ id: table.id, status: "closed" })]);
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

  it("payout tables: create, read, update, delete", async () => {
    const created = await call("admin.payoutTables.create", payouts({ name: "Sunday" }), as);
    expect(created.error).toBeNull();
    expect(created.data.tiers[1]).toEqual({
      minEntrants: 6,
      maxEntrants: 10,
      percentages: [65, 35],
    });
    const id = created.data.id;
    expect((await call("admin.payoutTables.get", { id }, as)).data).toEqual(created.data);
    const changed = payouts({
      name: "Sunday v2",
      tiers: [
        { minEntrants: 2, maxEntrants: 9, percentages: [100] },
        { minEntrants: 10, maxEntrants: 100, percentages: [50.5, 30.25, 19.25] },
      ],
    });
    const updated = await call("admin.payoutTables.update", { id, payoutTable: changed }, as);
    expect(updated.data.tiers[1].percentages).toEqual([50.5, 30.25, 19.25]);
    const names = (await call("admin.payoutTables.list", undefined, as)).data.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toContain("Sunday v2");
    const clash = await call("admin.payoutTables.create", payouts({ name: "Sunday v2" }), as);
    expect(clash.error).toMatchObject({
      code: "CONFLICT",
      message: 'A payout table named "Sunday v2" exists already; choose another name.',
    });
    expect((await call("admin.payoutTables.delete", { id }, as)).data).toEqual({ ok: true });
    expect((await call("admin.payoutTables.get", { id }, as)).error?.code).toBe("NOT_FOUND");
  });

  it("refinements carry codes and the numbers they quote, beside the English", async () => {
    const cases: Array<[string, string, unknown, Record<string, unknown>]> = [
      [
        "admin.stakes.create",
        "blinds upside down",
        stake({ smallBlind: 5, bigBlind: 2 }),
        { bigBlind: { code: "below_small_blind" } },
      ],
      [
        "admin.stakes.create",
        "rake to the cent",
        stake({ rakePercent: 2.555, rakeCap: 10 }),
        {
          rakePercent: { code: "two_decimals" },
        },
      ],
      [
        "admin.stakes.create",
        "dealer's choice of one game",
        stake({ game: "dealers-choice", games: ["draw-joker"], wild: "joker" }),
        {
          games: { code: "games_count", min: 2, max: 8 },
          wild: { code: "dealers_choice_wild" },
        },
      ],
      [
        "admin.stakes.create",
        "dealer's choice, a game twice",
        stake({ game: "dealers-choice", games: ["draw-7a", "draw-7a"] }),
        { games: { code: "games_repeated" } },
      ],
      [
        "admin.stakes.create",
        "games for hold'em",
        stake({ games: ["draw-7a", "holdem-nl"] }),
        { games: { code: "only_dealers_choice" } },
      ],
      [
        "admin.payoutTables.create",
        "sum 90",
        payouts({ tiers: [{ minEntrants: 2, maxEntrants: 9, percentages: [60, 30] }] }),
        { "tiers[0].percentages": { code: "not_hundred_percent", total: 90 } },
      ],
      [
        "admin.payoutTables.create",
        "a gap",
        payouts({
          tiers: [
            { minEntrants: 2, maxEntrants: 9, percentages: [100] },
            { minEntrants: 11, maxEntrants: 20, percentages: [60, 40] },
          ],
        }),
        { "tiers[1].minEntrants": { code: "range_gap", next: 10 } },
      ],
      [
        "admin.tables.open",
        "table name of markup",
        { stakeId: "nlhe-1-2", name: "<b>" },
        {
          name: { code: "table_name_chars" },
        },
      ],
    ];
    for (const [path, name, input, fieldCodes] of cases) {
      const reply = await call(path, input, as);
      expect(reply.error, name).toMatchObject({ reason: "invalid_input", params: {} });
      expect(reply.error?.fieldCodes, name).toEqual(fieldCodes);
    }
  });

  it("payout tables: percentages must add up to 100 and ranges must not overlap or leave gaps", async () => {
    const tier = (minEntrants: number, maxEntrants: number, percentages: unknown) => ({
      minEntrants,
      maxEntrants,
      percentages,
    });
    const cases: Array<[string, unknown, Record<string, string>]> = [
      [
        "sum 90",
        payouts({ tiers: [tier(2, 9, [60, 30])] }),
        { "tiers[0].percentages": "must add up to 100 (they add up to 90)" },
      ],
      [
        "sum 110",
        payouts({ tiers: [tier(2, 9, [60, 50])] }),
        { "tiers[0].percentages": "must add up to 100 (they add up to 110)" },
      ],
      [
        "overlap",
        payouts({ tiers: [tier(2, 10, [100]), tier(8, 20, [70, 30])] }),
        {
          "tiers[1].minEntrants":
            "must be 11, right after the previous range (no gaps or overlaps)",
        },
      ],
      [
        "gap",
        payouts({ tiers: [tier(2, 10, [100]), tier(15, 20, [70, 30])] }),
        {
          "tiers[1].minEntrants":
            "must be 11, right after the previous range (no gaps or overlaps)",
        },
      ],
      [
        "range upside down",
        payouts({ tiers: [tier(10, 5, [100])] }),
        { "tiers[0].maxEntrants": "must be at least minEntrants" },
      ],
      [
        "more places than players",
        payouts({ tiers: [tier(2, 5, [40, 30, 30])] }),
        { "tiers[0].percentages": "pays 3 places but the field may be only 2" },
      ],
      [
        "second pays more",
        payouts({ tiers: [tier(3, 9, [40, 60])] }),
        { "tiers[0].percentages[1]": "must not be more than the place above it" },
      ],
      [
        "negative share",
        payouts({ tiers: [tier(3, 9, [110, -10])] }),
        {
          "tiers[0].percentages[0]": "must be at most 100",
          "tiers[0].percentages[1]": "must be at least 0",
        },
      ],
      [
        "zero share",
        payouts({ tiers: [tier(3, 9, [100, 0])] }),
        { "tiers[0].percentages[1]": "must be above 0" },
      ],
      [
        "NaN-ish share",
        payouts({ tiers: [tier(3, 9, [100, "x"])] }),
        { "tiers[0].percentages[1]": "must be a number" },
      ],
      ["no tiers", payouts({ tiers: [] }), { tiers: "needs at least 1 items" }],
      [
        "fractional field",
        payouts({ tiers: [tier(2.5, 9, [100])] }),
        { "tiers[0].minEntrants": "must be a whole number" },
      ],
      [
        "field of one",
        payouts({ tiers: [tier(1, 9, [100])] }),
        { "tiers[0].minEntrants": "must be at least 2" },
      ],
      ["tiers not a list", payouts({ tiers: "all" }), { tiers: "must be a list" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("admin.payoutTables.create", input, as);
      expect(reply.error?.code, name).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
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
