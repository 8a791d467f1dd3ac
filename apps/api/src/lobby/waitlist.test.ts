/** T-12: the waiting list of a full cash table, through the API and the table's room. */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SEAT_OFFER_MS } from "@felt/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, roomOf } from "../../test/table-client";
import {
  call,
  expectLedgerReconciles,
  newAdmin,
  newPlayer,
  type Player,
  snapshot,
} from "../../test/trpc";
import { advanceClock, now } from "../clock";

const join = (p: Player, tableId: string) => call("waitlist.join", { tableId }, { token: p.token });
const leave = (p: Player, tableId: string) =>
  call("waitlist.leave", { tableId }, { token: p.token });
const mine = async (p: Player) =>
  (await call("waitlist.mine", undefined, { token: p.token })).data as {
    tableId: string;
    waiting: number;
    position: number;
    offerUntil: number | null;
  }[];
const sit = (p: Player, tableId: string, amount = 100) =>
  call(
    "cashier.buyIn",
    { tableId, amount, idempotencyKey: crypto.randomUUID() },
    { token: p.token },
  );
const cashOut = (p: Player, tableId: string) =>
  call("cashier.cashOut", { tableId, idempotencyKey: crypto.randomUUID() }, { token: p.token });
const lobbyRow = async (tableId: string) => {
  const rows = (await call("lobby.tables")).data as {
    id: string;
    waiting: number;
    seatsFree: number;
  }[];
  return rows.find((r) => r.id === tableId);
};
const chipsOf = async (players: Player[], tableId: string) => {
  const room = roomOf(env, tableId);
  const balances = await Promise.all(
    players.map(async (p) => {
      const wallet = (await call("cashier.balance", undefined, { token: p.token })).data.balance;
      return (wallet as number) + (await room.chipsOf(p.id));
    }),
  );
  return balances.reduce((a, b) => a + b, 0);
};

describe("T-12 waiting lists", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  /** A two-seat table with alice and bob seated: full. */
  async function fullTable() {
    const tableId = await openTable(admin, { seats: 2 });
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 100, 2);
    return { tableId, alice, bob };
  }

  it("joins and leaves in order, refuses what it must and then changes nothing", async () => {
    const { tableId, alice } = await fullTable();
    const [carol, dave] = [await newPlayer(), await newPlayer()];
    expect((await join(carol, tableId)).data).toEqual({
      waiting: 1,
      position: 1,
      offerUntil: null,
    });
    expect((await join(dave, tableId)).data).toEqual({ waiting: 2, position: 2, offerUntil: null });
    await expect.poll(async () => (await lobbyRow(tableId))?.waiting).toBe(2);

    const before = await snapshot();
    expect((await join(alice, tableId)).error?.reason).toBe("seated_here");
    expect((await join(carol, tableId)).error?.reason).toBe("already_waiting");
    expect((await leave(alice, tableId)).error?.reason).toBe("not_waiting");
    expect((await join(carol, "no-such-table")).error?.reason).toBe("no_table");
    const bad = await call("waitlist.join", { tableId: "Bad Id!" }, { token: carol.token });
    expect(bad.error?.fieldCodes?.tableId?.code).toBe("table_id");
    expect((await call("waitlist.join", { tableId })).error?.reason).toBe("sign_in_required");
    expect(await snapshot()).toEqual(before);
    expect((await mine(carol)).map((w) => [w.tableId, w.position])).toEqual([[tableId, 1]]);

    expect((await leave(carol, tableId)).data).toEqual({
      waiting: 1,
      position: null,
      offerUntil: null,
    });
    expect((await mine(dave)).map((w) => w.position)).toEqual([1]);
    expect(await mine(carol)).toEqual([]);
    await expect.poll(async () => (await lobbyRow(tableId))?.waiting).toBe(1);
  });

  it("refuses a table with a free seat: sit down instead", async () => {
    const tableId = await openTable(admin, { seats: 2 });
    const carol = await newPlayer();
    expect((await join(carol, tableId)).error?.reason).toBe("seat_free");
    expect(await mine(carol)).toEqual([]);
  });

  it("offers a freed seat to the first in line, holds it from everyone else, passes it on when time runs out, and the next takes it", async () => {
    const { tableId, alice, bob } = await fullTable();
    const [carol, dave, eve] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const everyone = [alice, bob, carol, dave, eve];
    const chips = await chipsOf(everyone, tableId);
    await join(carol, tableId);
    await join(dave, tableId);

    // Bob leaves: the seat is held for carol, first in line, for SEAT_OFFER_MS.
    const left = now();
    expect((await cashOut(bob, tableId)).error).toBeNull();
    const [offer] = await mine(carol);
    expect(offer?.offerUntil).toBeGreaterThanOrEqual(left + SEAT_OFFER_MS);
    expect(offer?.offerUntil).toBeLessThanOrEqual(now() + SEAT_OFFER_MS);
    expect((await mine(dave))[0]?.offerUntil).toBeNull();

    // Nobody else may take it: not dave (second in line), not eve (not listed), not bob back.
    const before = await snapshot();
    for (const p of [dave, eve, bob]) {
      const refused = await sit(p, tableId);
      expect(refused.error?.reason).toBe("seat_held");
      expect(refused.error?.code).toBe("CONFLICT");
    }
    expect(await snapshot()).toEqual(before);
    // With a seat free but held, eve may join the list (behind dave).
    expect((await join(eve, tableId)).data).toMatchObject({ waiting: 3, position: 3 });
    // The lobby's "a free seat" filter does not offer a held seat to others.
    const freeSeatTables = async () =>
      ((await call("lobby.tables", { minSeatsFree: 1 })).data as { id: string }[]).map((r) => r.id);
    await expect.poll(async () => (await lobbyRow(tableId))?.waiting).toBe(3);
    expect(await freeSeatTables()).not.toContain(tableId);

    // Carol lets the time run out: she is off the list and dave is offered the seat.
    advanceClock(SEAT_OFFER_MS);
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    expect(await mine(carol)).toEqual([]);
    const [second] = await mine(dave);
    expect(second?.position).toBe(1);
    expect(second?.offerUntil).toBeGreaterThanOrEqual(now());
    expect((await sit(carol, tableId)).error?.reason).toBe("seat_held");

    // Dave sits down: the offer is his, and it is cleared; eve still waits, the table full again.
    const taken = await sit(dave, tableId);
    expect(taken.error).toBeNull();
    expect(taken.data.seat).toBe(2);
    expect(await mine(dave)).toEqual([]);
    expect((await mine(eve)).map((w) => [w.position, w.offerUntil])).toEqual([[1, null]]);
    await expect
      .poll(async () => await lobbyRow(tableId))
      .toMatchObject({ waiting: 1, seatsFree: 0 });
    expect(await chipsOf(everyone, tableId)).toBe(chips);
    await expectLedgerReconciles();
  });

  it("passes the seat to the next when the offered player declines", async () => {
    const { tableId, bob } = await fullTable();
    const [carol, dave] = [await newPlayer(), await newPlayer()];
    await join(carol, tableId);
    await join(dave, tableId);
    await cashOut(bob, tableId);
    expect((await mine(carol))[0]?.offerUntil).not.toBeNull();
    expect((await leave(carol, tableId)).data).toMatchObject({ waiting: 1, position: null });
    expect((await mine(dave))[0]?.offerUntil).not.toBeNull();
    expect((await sit(dave, tableId)).error).toBeNull();
  });

  it("keeps a player on other tables' lists when he sits down elsewhere", async () => {
    const one = await fullTable();
    const two = await fullTable();
    const carol = await newPlayer();
    await join(carol, one.tableId);
    await join(carol, two.tableId);
    await cashOut(one.bob, one.tableId);
    expect((await sit(carol, one.tableId)).error).toBeNull();
    expect((await mine(carol)).map((w) => w.tableId)).toEqual([two.tableId]);
  });

  it("keeps no list at Russian poker tables", async () => {
    const tableId = await openTable(admin, { game: "russian", seats: 2 });
    const carol = await newPlayer();
    const refused = await join(carol, tableId);
    expect(refused.error?.reason).toBe("no_waitlist");
  });
});
