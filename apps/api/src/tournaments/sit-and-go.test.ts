/**
 * H-7 sit-and-go inside workerd: real D1, the real TournamentRoom and its
 * tables. The registration that fills the seats starts it (no clock, no
 * alarm); a public one refills; leaving one that never filled costs nothing;
 * a private one (a home game host's) is seen and joined only by its link.
 * The ledger reconciles after every test (test/reconcile-after-each.ts).
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { roomOf } from "../../test/table-client";
import { Bot, BUY_IN, FEE, payoutTable, viewOf, wallet } from "../../test/tournaments";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { HOUSE, prizePoolOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";

type LobbyRow = { id: string; kind: string; seats: number | null; entries: number; status: string };

async function sitAndGo(admin: Player, seats: number, more: Record<string, unknown> = {}) {
  const created = await call(
    "admin.tournaments.create",
    {
      name: `SNG ${seats}`,
      buyIn: BUY_IN,
      fee: FEE,
      startingStack: 500,
      seatsPerTable: 6,
      template: "hyper",
      levelSeconds: 60,
      payoutTableId: await payoutTable(admin),
      sitAndGo: { seats, refill: true },
      ...more,
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  return created.data.id as string;
}

const lobbyRow = async (id: string) =>
  ((await call("lobby.tournaments")).data as LobbyRow[]).find((t) => t.id === id);

const register = (id: string, p: Player, invite?: string) =>
  call("tournaments.register", invite ? { id, invite } : { id }, { token: p.token });

describe("H-7 sit-and-go", () => {
  let admin: Player;
  beforeAll(async () => {
    admin = await newAdmin();
  });

  it("H-7 MT-1 the registration that fills the seats starts it; the lobby shows seats taken; a fresh one opens at once", async () => {
    const players = await Promise.all([newPlayer(), newPlayer(), newPlayer(), newPlayer()]);
    const id = await sitAndGo(admin, 3);
    expect(await lobbyRow(id)).toMatchObject({
      kind: "sit-and-go",
      seats: 3,
      entries: 0,
      status: "registering",
    });
    const [a, b, c, d] = players as [Player, Player, Player, Player];
    expect((await register(id, a)).error).toBeNull();
    expect((await register(id, b)).error).toBeNull();
    const page = await viewOf(id, a);
    expect(page).toMatchObject({ status: "registering", entries: 2, sitAndGo: { seats: 3 } });
    expect(page.private).toBe(false);
    expect(await lobbyRow(id)).toMatchObject({ entries: 2, seats: 3 });
    // Nothing starts it but the last seat: no start time passes for a sit-and-go.
    await runDurableObjectAlarm(env.TOURNAMENT_ROOM.get(env.TOURNAMENT_ROOM.idFromName(id)));
    expect((await viewOf(id)).status).toBe("registering");

    expect((await register(id, c)).error).toBeNull();
    const started = await viewOf(id);
    expect(started.status).toBe("running");
    expect(started.tables).toHaveLength(1);
    expect(started.players.map((p) => p.playerId).sort()).toEqual([a.id, b.id, c.id].sort());
    const late = await register(id, d);
    expect(late.error?.reason).toBe("registration_closed");
    expect((await call("tournaments.unregister", { id }, { token: a.token })).error?.reason).toBe(
      "already_started",
    );

    // Refill: the next of the template opens, empty, in the lobby.
    await expect.poll(async () => (await lobbyRow(`${id}-n1`))?.status).toBe("registering");
    expect(await lobbyRow(`${id}-n1`)).toMatchObject({ kind: "sit-and-go", seats: 3, entries: 0 });
    expect((await register(`${id}-n1`, d)).error).toBeNull();
    expect(
      (await call("tournaments.unregister", { id: `${id}-n1` }, { token: d.token })).error,
    ).toBeNull();
    // The one that started is cancelled by the director so the test leaves no chips in play.
    const cancelled = await call(
      "admin.tournaments.cancel",
      { id, split: "chips" },
      { token: admin.token },
    );
    expect(cancelled.error).toBeNull();
  }, 60_000);

  it("H-7 MT-1 a sit-and-go that never fills is left at no cost: buy-in and fee come back", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const before = [await wallet(a), await wallet(b)];
    const db = database(env.DB);
    const houseBefore = await balanceOf(db, HOUSE);
    const id = await sitAndGo(admin, 6, { sitAndGo: { seats: 6, refill: false } });
    expect((await register(id, a)).error).toBeNull();
    expect((await register(id, b)).error).toBeNull();
    expect(await wallet(a)).toBe((before[0] as number) - BUY_IN - FEE);
    // Before the start the pool account holds buy-in and fee: the fee is the house's only at the start.
    expect(await balanceOf(db, prizePoolOf(id))).toBe(2 * (BUY_IN + FEE));
    for (const p of [a, b])
      expect((await call("tournaments.unregister", { id }, { token: p.token })).error).toBeNull();
    expect([await wallet(a), await wallet(b)]).toEqual(before);
    expect(await balanceOf(db, prizePoolOf(id))).toBe(0);
    expect(await balanceOf(db, HOUSE)).toBe(houseBefore);
    expect(await viewOf(id)).toMatchObject({ status: "registering", entries: 0 });
  });

  it("H-7 the admin's form: a sit-and-go has no late registration; a scheduled one needs its start", async () => {
    const payoutTableId = await payoutTable(admin);
    const base = {
      name: "Bad",
      buyIn: 1,
      fee: 0,
      startingStack: 500,
      template: "turbo",
      payoutTableId,
    };
    const late = await call(
      "admin.tournaments.create",
      { ...base, sitAndGo: { seats: 6 }, lateRegistrationLevels: 2 },
      { token: admin.token },
    );
    expect(late.error?.fieldCodes?.lateRegistrationLevels?.code).toBe(
      "sit_and_go_late_registration",
    );
    const noStart = await call("admin.tournaments.create", base, { token: admin.token });
    expect(noStart.error?.fieldCodes?.startsAt?.code).toBe("starts_at_required");
    const tooMany = await call(
      "admin.tournaments.create",
      { ...base, sitAndGo: { seats: 3 }, minEntrants: 4 },
      { token: admin.token },
    );
    expect(tooMany.error?.fieldCodes?.minEntrants?.code).toBe("above_seats");
  });

  it("H-7 a private sit-and-go: only a home game's host opens it; out of the lobby; seen and joined only by its link", async () => {
    const [host, guest, stranger] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const home = await call(
      "home.create",
      {
        name: "Friday game",
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        minBuyInBb: 10,
        maxBuyInBb: 50,
        seats: 6,
      },
      { token: host.token },
    );
    expect(home.error).toBeNull();
    const input = { homeTableId: home.data.tableId, name: "Friends SNG", seats: 2, buyIn: 20 };
    const notHost = await call("tournaments.openPrivate", input, { token: stranger.token });
    expect(notHost.error?.reason).toBe("not_home_host");
    const opened = await call("tournaments.openPrivate", input, { token: host.token });
    expect(opened.error).toBeNull();
    const { id, invite } = opened.data as { id: string; invite: string };
    expect(invite).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await lobbyRow(id)).toBeUndefined();
    const anonymous = await call("tournaments.get", { id });
    expect(anonymous.error?.code).toBe("NOT_FOUND");
    const wrong = await call("tournaments.get", { id, invite: `${invite.slice(0, 42)}x` });
    expect(wrong.error?.code).toBe("NOT_FOUND");
    expect((await call("tournaments.get", { id }, { token: host.token })).data.private).toBe(true);
    const byLink = await call("tournaments.get", { id, invite }, { token: guest.token });
    expect(byLink.data).toMatchObject({ private: true, sitAndGo: { seats: 2 } });

    const walletBefore = await wallet(stranger);
    expect((await register(id, stranger)).error?.code).toBe("NOT_FOUND");
    expect(await wallet(stranger)).toBe(walletBefore);
    expect((await register(id, guest, invite)).error).toBeNull();
    // An entrant sees it without the link from then on.
    expect((await call("tournaments.get", { id }, { token: guest.token })).error).toBeNull();
    expect((await register(id, host)).error).toBeNull();
    expect((await viewOf(id, host)).status).toBe("running");
    // Its table's socket: for its host and entrants, not for a stranger or a guest.
    const socket = (p?: Player) =>
      exports.default.fetch(`http://api.test/ws/table/${id}-t1`, {
        headers: { Upgrade: "websocket", ...(p ? { Authorization: `Bearer ${p.token}` } : {}) },
      });
    expect((await socket(stranger)).status).toBe(404);
    expect((await socket()).status).toBe(404);
    for (const p of [guest, host]) {
      const opened = await socket(p);
      expect(opened.status).toBe(101);
      opened.webSocket?.accept();
      opened.webSocket?.close();
    }
    // Private: no refill.
    expect((await call("tournaments.get", { id: `${id}-n1` })).error?.code).toBe("NOT_FOUND");
    expect(
      (await call("admin.tournaments.cancel", { id, split: "equal" }, { token: admin.token }))
        .error,
    ).toBeNull();

    // A host keeps at most five waiting for players (the one above started: it does not count).
    for (let i = 0; i < 5; i++)
      expect(
        (await call("tournaments.openPrivate", input, { token: host.token })).error,
      ).toBeNull();
    const sixth = await call("tournaments.openPrivate", input, { token: host.token });
    expect(sixth.error?.reason).toBe("too_many_private_sit_and_gos");
  });

  it("H-7 ST-1: a host's private sit-and-go deals the game he chooses; seven-card stud seats at most 8 a table", async () => {
    const host = await newPlayer();
    const home = await call(
      "home.create",
      {
        name: "Stud night",
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        seats: 6,
      },
      { token: host.token },
    );
    expect(home.error).toBeNull();
    const input = {
      homeTableId: home.data.tableId,
      name: "Stud SNG",
      game: "stud7",
      seats: 9,
      buyIn: 20,
    };
    const nine = await call(
      "tournaments.openPrivate",
      { ...input, seatsPerTable: 9 },
      { token: host.token },
    );
    expect(nine.error?.fieldErrors).toEqual({
      seatsPerTable: "must be at most 8 at this stud game",
    });
    const opened = await call(
      "tournaments.openPrivate",
      { ...input, seatsPerTable: 5 },
      { token: host.token },
    );
    expect(opened.error).toBeNull();
    const page = await call("tournaments.get", { id: opened.data.id }, { token: host.token });
    expect(page.data).toMatchObject({ game: "stud7", private: true, sitAndGo: { seats: 9 } });
  });

  it("H-7 MT-2 MT-7: six bots fill a 6-seat sit-and-go on two tables and play it to its payouts", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()));
    const start = new Map<string, number>();
    for (const p of players) start.set(p.id, await wallet(p));
    const db = database(env.DB);
    const houseBefore = await balanceOf(db, HOUSE);
    const id = await sitAndGo(admin, 6, {
      seatsPerTable: 3,
      sitAndGo: { seats: 6, refill: false },
    });
    for (const p of players) expect((await register(id, p)).error).toBeNull();
    let view = await viewOf(id);
    expect(view.status).toBe("running");
    expect(view.tables.map((t) => t.players)).toEqual([3, 3]);

    const bots = players.map((p) => new Bot(p));
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const deadline = Date.now() + 150_000;
    while (view.status === "running") {
      if (Date.now() > deadline)
        throw new Error(`no winner in time: ${JSON.stringify(view.tables)}`);
      // MT-7: the chips in play never change.
      expect(view.tables.reduce((sum, t) => sum + t.chips, 0)).toBe(6 * 500);
      for (const bot of bots) {
        const line = view.players.find((p) => p.playerId === bot.player.id);
        await bot.follow(line?.tableId ?? null);
      }
      let acted = false;
      for (const bot of bots) acted = bot.play(random) || acted;
      if (!acted)
        for (const table of view.tables) await runDurableObjectAlarm(roomOf(env, table.tableId));
      await Promise.race(
        bots.flatMap((b) => (b.client ? [b.client.changed(acted ? 1000 : 200)] : [])),
      );
      view = await viewOf(id);
    }
    for (const bot of bots) bot.client?.close();
    expect(view.status).toBe("finished");
    // 6 entries: the payout table pays 70/30 of 600.
    expect(view.payouts).toEqual([420, 180]);
    expect(view.players.every((p) => p.place !== null)).toBe(true);
    for (const p of players) {
      const line = view.players.find((x) => x.playerId === p.id);
      expect(await wallet(p)).toBe((start.get(p.id) ?? 0) - BUY_IN - FEE + (line?.prize ?? 0));
    }
    expect(await balanceOf(db, prizePoolOf(id))).toBe(0);
    expect(await balanceOf(db, HOUSE)).toBe(houseBefore + 6 * FEE);
  }, 200_000);
});
