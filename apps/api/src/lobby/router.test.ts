import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { call, newPlayer } from "../../test/trpc";
import { database } from "../db/client";
import { lobbyCountsStatement } from "./rows";

type Row = { id: string } & Record<string, unknown>;
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

describe("lobby over tRPC through the worker", () => {
  beforeEach(async () => {
    await seedDemo(env.DB);
  });

  it("health answers", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { ok: true, service: "felt-api" } } });
  });

  it("lobby.tables returns the seeded open tables from D1, buy-ins in chips", async () => {
    const { data } = await call<Row[]>("lobby.tables");
    expect(ids(data)).toEqual([
      "aurora",
      "borealis",
      "caspian",
      "danube",
      "elbe",
      "fjord",
      "ilmen",
      "kama",
      "ladoga",
      "neva",
      "onega",
      "volga",
    ]);
    // Stud (ST-1, ST-5): seven-card at 8 seats, five-card at 10, the bring-in in the small blind column.
    expect(data.find((r) => r.id === "neva")).toMatchObject({
      game: "stud7",
      betting: "fixed-limit",
      smallBlind: 2,
      bigBlind: 4,
      smallBet: 4,
      bigBet: 8,
      seats: 8,
    });
    expect(data.find((r) => r.id === "kama")).toMatchObject({ game: "stud5", seats: 10 });
    // Dealer's choice: the games its button picks from.
    expect(data.find((r) => r.id === "ilmen")).toMatchObject({
      game: "dealers-choice",
      games: ["holdem-nl", "omaha-pl", "draw-fl", "draw-7a", "draw-joker"],
    });
    expect(data.find((r) => r.id === "caspian")?.games).toBeNull();
    expect(data.find((r) => r.id === "caspian")).toMatchObject({
      name: "Caspian",
      stakeName: "NL Hold'em 5/10 deep",
      game: "holdem",
      betting: "no-limit",
      smallBlind: 5,
      bigBlind: 10,
      minBuyIn: 500,
      maxBuyIn: 2000,
      seats: 9,
      playersSeated: 0,
      seatsFree: 9,
      averagePot: null,
    });
  });

  it("lobby.table names one table and its stakes for its page's header; an unknown one is no_table", async () => {
    const { data } = await call<Row>("lobby.table", { id: "caspian" });
    expect(data).toEqual({
      id: "caspian",
      name: "Caspian",
      status: "open",
      stake: {
        game: "holdem",
        betting: "no-limit",
        deck: "52",
        wild: "none",
        smallBlind: 5,
        bigBlind: 10,
        smallBet: null,
        bigBet: null,
        ante: 0,
      },
      waiting: 0,
      home: false,
    });
    // A limit table's bet sizes (issue 48, bug 16).
    const elbe = await call<Row>("lobby.table", { id: "elbe" });
    expect(elbe.data?.stake).toMatchObject({ betting: "fixed-limit", smallBet: 2, bigBet: 4 });
    expect(
      (await call<Row[]>("lobby.tables", { betting: "fixed-limit" })).data?.find(
        (r) => r.id === "elbe",
      ),
    ).toMatchObject({ smallBlind: 1, bigBlind: 2, smallBet: 2, bigBet: 4 });
    const missing = await call("lobby.table", { id: "atlantis" });
    expect(missing.error).toMatchObject({ reason: "no_table", params: { id: "atlantis" } });
  });

  it("lobby.tables filters by game, betting, stakes and free seats", async () => {
    const tables = async (filters: object) =>
      ids((await call<Row[]>("lobby.tables", filters)).data);
    expect(await tables({ game: "omaha" })).toEqual(["danube"]);
    expect(await tables({ game: "russian" })).toEqual(["volga"]);
    expect(await tables({ game: "dealers-choice" })).toEqual(["ilmen"]);
    expect(await tables({ game: "draw" })).toEqual(["fjord", "ladoga", "onega"]);
    expect(await tables({ game: "stud7" })).toEqual(["neva"]);
    expect(await tables({ game: "stud5" })).toEqual(["kama"]);
    expect(await tables({ betting: "fixed-limit" })).toEqual([
      "elbe",
      "fjord",
      "kama",
      "ladoga",
      "neva",
      "onega",
    ]);
    expect(await tables({ game: "holdem", betting: "fixed-limit" })).toEqual(["elbe"]);
    expect(await tables({ minBigBlind: 5 })).toEqual(["caspian", "danube", "volga"]);
    expect(await tables({ maxBigBlind: 2 })).toEqual([
      "aurora",
      "borealis",
      "elbe",
      "fjord",
      "ilmen",
      "ladoga",
      "onega",
    ]);
    expect(await tables({ minBigBlind: 5, maxBigBlind: 5 })).toEqual(["danube"]);
    expect(await tables({ minSeatsFree: 7 })).toEqual(["caspian", "elbe", "kama", "neva"]);
    expect(await tables({})).toHaveLength(12);
  });

  it("counts come from the rooms: a buy-in shows up in the lobby without polling", async () => {
    const player = await newPlayer();
    await call(
      "cashier.buyIn",
      { tableId: "borealis", amount: 100, idempotencyKey: "lobby-count-1" },
      { token: player.token },
    );
    const row = (await call<Row[]>("lobby.tables")).data.find((r) => r.id === "borealis");
    expect(row).toMatchObject({ playersSeated: 1, seatsFree: 5 });
    // The full filter now hides it when asking for a nearly empty table.
    expect(ids((await call<Row[]>("lobby.tables", { minSeatsFree: 6 })).data)).not.toContain(
      "borealis",
    );
    await call(
      "cashier.cashOut",
      { tableId: "borealis", idempotencyKey: "lobby-count-2" },
      { token: player.token },
    );
    const after = (await call<Row[]>("lobby.tables")).data.find((r) => r.id === "borealis");
    expect(after).toMatchObject({ playersSeated: 0, seatsFree: 6 });
  });

  it("the rooms' lobby RPC writes the counts the lobby shows", async () => {
    await lobbyCountsStatement(database(env.DB), "elbe", { playersSeated: 3, averagePot: 42 });
    const row = (await call<Row[]>("lobby.tables")).data.find((r) => r.id === "elbe");
    expect(row).toMatchObject({ playersSeated: 3, seatsFree: 6, averagePot: 42 });
    await lobbyCountsStatement(database(env.DB), "elbe", { playersSeated: 0, averagePot: null });
  });

  it("lobby.tables refuses bad filters with a message per field", async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { game: "chess" },
        {
          game: 'must be one of "holdem", "omaha", "draw", "stud7", "stud5", "russian", "dealers-choice"',
        },
      ],
      [{ minBigBlind: -1 }, { minBigBlind: "must be at least 1" }],
      [{ minBigBlind: 2.5 }, { minBigBlind: "must be a whole number" }],
      [{ maxBigBlind: 1e12 }, { maxBigBlind: "must be at most 1000000000" }],
      [{ minBigBlind: "5" }, { minBigBlind: "must be a number" }],
      [{ minSeatsFree: 11 }, { minSeatsFree: "must be at most 10" }],
      [{ minBigBlind: 10, maxBigBlind: 5 }, { minBigBlind: "must not be above maxBigBlind" }],
      [{ seats: 3 }, { input: "has unknown field seats" }],
    ];
    for (const [filters, fieldErrors] of cases) {
      const reply = await call("lobby.tables", filters);
      expect(reply.error?.code, JSON.stringify(filters)).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, JSON.stringify(filters)).toEqual(fieldErrors);
    }
  });

  it("lobby.tables hides closed tables", async () => {
    await env.DB.prepare("UPDATE tables SET status = 'closed' WHERE id = 'fjord'").run();
    const { data } = await call<Row[]>("lobby.tables");
    expect(ids(data)).not.toContain("fjord");
    await env.DB.prepare("UPDATE tables SET status = 'open' WHERE id = 'fjord'").run();
  });

  it("lobby.tournaments lists the seeded tournaments, soonest first, open for registration", async () => {
    const { data } = await call<Row[]>("lobby.tournaments");
    expect(data).toEqual([
      expect.objectContaining({ id: "hourly", status: "registering", buyIn: 100, fee: 10 }),
      expect.objectContaining({
        id: "sunday-major",
        status: "registering",
        buyIn: 1000,
        fee: 100,
        entries: 0,
      }),
    ]);
  });

  it("lobby.tournaments hides what is long over and cancelled tournaments nobody entered", async () => {
    const now = Date.now();
    const row = (id: string, startsAt: number, status: string, entries: number) =>
      env.DB.prepare(
        "INSERT INTO tournaments (id, name, starts_at, buy_in, fee, starting_stack, status, entries) VALUES (?, ?, ?, 10, 1, 1000, ?, ?)",
      ).bind(id, id, startsAt, status, entries);
    await env.DB.batch([
      row("old-final", now - 3 * 86_400_000, "finished", 9),
      row("empty-cancel", now - 3_600_000, "cancelled", 0),
      row("short-cancel", now - 3_600_000, "cancelled", 1),
      row("just-finished", now - 7_200_000, "finished", 12),
    ]);
    const ids = (await call<Row[]>("lobby.tournaments")).data.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(["short-cancel", "just-finished", "hourly"]));
    expect(ids).not.toContain("old-final");
    expect(ids).not.toContain("empty-cancel");
    await env.DB.prepare(
      "DELETE FROM tournaments WHERE id IN ('old-final', 'empty-cancel', 'short-cancel', 'just-finished')",
    ).run();
  });

  it("lobby.avatars: the seats' chosen avatars, without signing in; none chosen is left out", async () => {
    const [amy, ben] = [await newPlayer(), await newPlayer()];
    const set = await call("account.setAvatar", { avatar: "crown" }, { token: amy.token });
    expect(set.error).toBeNull();
    const { data } = await call("lobby.avatars", { playerIds: [amy.id, ben.id, "nobody"] });
    expect(data).toEqual({ avatars: { [amy.id]: "crown" } });
    // A table has at most 10 seats: a longer list is refused, not read.
    const many = await call("lobby.avatars", {
      playerIds: Array.from({ length: 11 }, (_, i) => `p${i}`),
    });
    expect(many.status).toBe(400);
  });

  it("unknown procedures are a clean 404, not a crash", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/lobby.nope");
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/); // no stack traces to clients
  });

  it("CORS allows the web origin only, with credentials", async () => {
    const ok = await exports.default.fetch("http://api.test/trpc/health", {
      headers: { Origin: "http://127.0.0.1:3000" },
    });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:3000");
    expect(ok.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    const evil = await exports.default.fetch("http://api.test/trpc/health", {
      headers: { Origin: "https://evil.example" },
    });
    expect(evil.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
