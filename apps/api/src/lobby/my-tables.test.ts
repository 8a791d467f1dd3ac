/**
 * lobby.myTables through the worker: real D1, real table, Russian and
 * tournament rooms. The bar of a player's tables lists his tables only, says
 * whose turn it is as the table's own socket does, and holds nothing hidden.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openRussianTable, RussianClient } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player, unique } from "../../test/trpc";
import { advanceClock, now } from "../clock";
import { tournamentRoomOf } from "../tournaments/room-of";
import type { MyTable } from "./my-tables";

const myTables = async (p: Player): Promise<MyTable[]> => {
  const reply = await call<MyTable[]>("lobby.myTables", undefined, { token: p.token });
  expect(reply.error).toBeNull();
  return reply.data;
};
const byId = (rows: MyTable[]) => new Map(rows.map((r) => [r.tableId, r]));
const nameOf = async (tableId: string) => (await call("lobby.table", { id: tableId })).data.name;

describe("lobby.myTables: the tables a player sits at, and whose turn", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("lists only the caller's tables; the turn mark follows each action; a stranger sees none", async () => {
    const [alice, bob, carol] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const busy = await openTable(admin);
    const quiet = await openTable(admin, { smallBlind: 5, bigBlind: 10 });
    const russian = await openRussianTable();
    await buyIn(alice, busy, 200, 1);
    await buyIn(bob, busy, 200, 2);
    await buyIn(alice, quiet, 1000, 1);
    await buyIn(alice, russian, 1000);

    // Seated, no hand yet: every table waits, and it is nobody's turn.
    const before = byId(await myTables(alice));
    expect([...before.keys()].sort()).toEqual([busy, quiet, russian].sort());
    expect(before.get(quiet)).toEqual({
      tableId: quiet,
      kind: "cash",
      name: await nameOf(quiet),
      nameRu: null,
      game: "holdem",
      smallBlind: 5,
      bigBlind: 10,
      tableNumber: null,
      playing: false,
      yourTurn: false,
    });
    expect(before.get(russian)).toMatchObject({
      kind: "russian",
      game: "russian",
      smallBlind: null,
      playing: false,
      yourTurn: false,
    });
    expect(before.get(busy)).toMatchObject({ playing: false, yourTurn: false });
    expect((await myTables(bob)).map((t) => t.tableId)).toEqual([busy]);
    expect(await myTables(carol)).toEqual([]);

    // A hand at the busy table: the mark is on whoever the table's socket says acts.
    const a = await TableClient.open(busy, { token: alice.token });
    const b = await TableClient.open(busy, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, busy))).toBe(true);
    await a.until((s) => Boolean(s.view.hand));
    const marks = async () => ({
      alice: byId(await myTables(alice)).get(busy),
      bob: byId(await myTables(bob)).get(busy),
    });
    let actor = (await turnOf([a, b])) as TableClient;
    let seen = await marks();
    expect(seen.alice).toMatchObject({ playing: true, yourTurn: actor === a });
    expect(seen.bob).toMatchObject({ playing: true, yourTurn: actor === b });
    expect(byId(await myTables(alice)).get(quiet)).toMatchObject({ yourTurn: false });

    // He calls the blind: the turn passes, and so does the mark.
    const version = actor.latest?.view.version ?? 0;
    actor.act({ type: "call" });
    await played(actor, version);
    const next = (await turnOf([a, b])) as TableClient;
    expect(next).not.toBe(actor);
    actor = next;
    seen = await marks();
    expect(seen.alice).toMatchObject({ playing: true, yourTurn: actor === a });
    expect(seen.bob).toMatchObject({ playing: true, yourTurn: actor === b });
    a.close();
    b.close();

    // Nothing hidden: no cards, stacks or seats, only the bar's fields.
    const raw = JSON.stringify(await myTables(alice));
    expect(raw).not.toMatch(/holeCards|cards|stack|seat/i);

    // A guest is asked to sign in; he is no one's table.
    const guest = await call("lobby.myTables");
    expect(guest.error).toMatchObject({ reason: "sign_in_required" });
  });

  it("Russian poker: his turn while his open box waits on a decision, not while bets are open", async () => {
    const [ivan, olga] = [await newPlayer(), await newPlayer()];
    const tableId = await openRussianTable();
    await buyIn(ivan, tableId, 1000);
    await buyIn(olga, tableId, 1000);
    const mark = async (p: Player) => byId(await myTables(p)).get(tableId);
    const i = await RussianClient.open(tableId, ivan);
    await i.until((s) => s.view.round?.phase === "betting");
    expect(await mark(ivan)).toMatchObject({ kind: "russian", playing: false, yourTurn: false });

    expect(await i.decide({ type: "placeBets", box: 0, ante: 10 })).toBeNull();
    expect(await i.sendAndWait({ type: "ready" })).toBeNull();
    await i.until((s) => s.view.round?.phase === "decisions");
    // Ivan's box waits on him; Olga, seated with no box in the round, has nothing to decide.
    expect(await mark(ivan)).toMatchObject({ playing: true, yourTurn: true });
    expect(await mark(olga)).toMatchObject({ playing: true, yourTurn: false });
    expect(await i.decide({ type: "fold", box: 0 })).toBeNull();
    expect(await mark(ivan)).toMatchObject({ yourTurn: false });
    i.close();
  });

  it("a table left (cashed out) is gone from the bar", async () => {
    const [dora] = [await newPlayer()];
    const tableId = await openTable(admin);
    await buyIn(dora, tableId, 200);
    expect((await myTables(dora)).map((t) => t.tableId)).toEqual([tableId]);
    const out = await call(
      "cashier.cashOut",
      { tableId, idempotencyKey: crypto.randomUUID() },
      { token: dora.token },
    );
    expect(out.error).toBeNull();
    expect(await myTables(dora)).toEqual([]);
  });

  it("a running tournament's table is listed for its players, by number", async () => {
    const payouts = await call(
      "admin.payoutTables.create",
      {
        name: `Payouts ${unique()}`,
        tiers: [{ minEntrants: 2, maxEntrants: 9, percentages: [100] }],
      },
      { token: admin.token },
    );
    expect(payouts.error).toBeNull();
    // Entrants register within this long of the schedule; then the start alarm is due.
    const startsAt = now() + 4_000;
    const name = `Bar MTT ${unique()}`;
    const created = await call(
      "admin.tournaments.create",
      {
        name,
        startsAt,
        buyIn: 100,
        fee: 10,
        startingStack: 1500,
        seatsPerTable: 9,
        template: "hyper",
        payoutTableId: payouts.data.id,
      },
      { token: admin.token },
    );
    expect(created.error).toBeNull();
    const id = created.data.id as string;
    const [erin, fred, gina] = [await newPlayer(), await newPlayer(), await newPlayer()];
    for (const p of [erin, fred])
      expect((await call("tournaments.register", { id }, { token: p.token })).error).toBeNull();
    // Registered, not started: no table yet.
    expect(await myTables(erin)).toEqual([]);

    advanceClock(Math.max(0, startsAt - now() + 50));
    await runDurableObjectAlarm(tournamentRoomOf(env, id));
    let rows: MyTable[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await myTables(erin);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toEqual([
      expect.objectContaining({
        tableId: `${id}-t1`,
        kind: "tournament",
        name,
        tableNumber: 1,
        game: "holdem-nl",
      }),
    ]);
    expect((await myTables(fred)).map((t) => t.tableId)).toEqual([`${id}-t1`]);
    expect(await myTables(gina)).toEqual([]);
  });
});
