import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { stake } from "../../test/admin";
import { seedDemo } from "../../test/seed";
import { call, newAdmin, type Player, snapshot } from "../../test/trpc";

describe("admin: stakes", () => {
  let admin: Player;
  let as: { token: string };
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
    as = { token: admin.token };
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
});
