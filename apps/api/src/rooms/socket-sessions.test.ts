import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openRussianTable, RussianClient } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { advanceClock, now } from "../clock";
import { CLOSE_SESSION_ENDED } from "./room-sockets";

const wallet = async (token: string) =>
  (await call("cashier.balance", undefined, { token })).data?.balance as number;

const closedOrTimeout = async (client: TableClient) => {
  for (let i = 0; i < 50 && !client.closed; i++) await client.changed(200);
  return client.closed;
};

describe("table sockets end with their session", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("signing out closes that session's sockets at every table; its leave can no longer cash out", async () => {
    const [first, second] = [await openTable(admin), await openTable(admin)];
    const player = await newPlayer();
    await buyIn(player, first, 200, 1);
    const other = await call("auth.signIn", {
      email: player.email,
      password: "correct horse battery",
      session: "token",
    });
    const laptop = await TableClient.open(first, { token: player.token });
    const watching = await TableClient.open(second, { token: player.token });
    const spectator = await TableClient.open(second);
    await laptop.until((s) => s.view.mySeat === 1);
    const before = await wallet(other.data.token);

    expect((await call("auth.signOut", undefined, { token: player.token })).data).toEqual({
      ok: true,
    });
    for (const socket of [laptop, watching]) {
      expect(await socket.nextError()).toMatchObject({ code: "session_ended" });
      expect((await closedOrTimeout(socket))?.code).toBe(CLOSE_SESSION_ENDED);
    }
    // A "leave" sent on the old socket cannot reach the room: the chips stay on the table.
    try {
      laptop.command("leave");
    } catch {
      // the socket is closed: that is the point
    }
    expect(await wallet(other.data.token)).toBe(before);
    expect(spectator.closed).toBeNull();
    // The player's other session still plays.
    const again = await TableClient.open(first, { token: other.data.token });
    expect((await again.until((s) => s.view.mySeat === 1)).view.mySeat).toBe(1);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM session_sockets WHERE token_hash IN (SELECT token_hash FROM sessions WHERE user_id = ?)",
    )
      .bind(player.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1); // only the live session's table is remembered
    for (const c of [again, spectator]) c.close();
  });

  it("signing out closes the session's socket at a Russian poker table too; its decisions no longer reach the room", async () => {
    const tableId = await openRussianTable();
    const player = await newPlayer();
    await buyIn(player, tableId, 1000);
    const socket = await RussianClient.open(tableId, player);
    const betting = await socket.until((s) => s.view.round?.phase === "betting");
    const spectator = await RussianClient.open(tableId);
    expect((await call("auth.signOut", undefined, { token: player.token })).data).toEqual({
      ok: true,
    });
    for (let i = 0; i < 50 && !socket.closed; i++) await socket.changed(200);
    expect(socket.closed?.code).toBe(CLOSE_SESSION_ENDED);
    expect(socket.received.map((r) => r.message)).toContainEqual(
      expect.objectContaining({ type: "error", code: "session_ended" }),
    );
    try {
      socket.socket.send(
        JSON.stringify({
          type: "decide",
          decision: { type: "placeBets", box: 0, ante: 10 },
          round: betting.view.roundNumber,
          seq: 1,
        }),
      );
    } catch {
      // the socket is closed: that is the point
    }
    // The rail sees no bet: the boxes stay empty and the chips where they were.
    await spectator.sendAndWait({ type: "sync" });
    expect(spectator.latest?.view.round?.boxes.every((box) => box.ante === 0)).toBe(true);
    expect(spectator.latest?.view.seats[0]?.chips).toBe(1000);
    expect(spectator.closed).toBeNull();
    spectator.close();
  });

  it("a session that expires while its socket is open: the socket is closed on its next message", async () => {
    const tableId = await openTable(admin);
    const player = await newPlayer();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(now() + 1_500, player.id)
      .run();
    const socket = await TableClient.open(tableId, { token: player.token });
    await socket.until((s) => s.you?.playerId === player.id);
    // The room's clock moves past the expiry: nothing waits on the wall clock.
    advanceClock(1_600);
    socket.send({ type: "sync" });
    expect(await socket.nextError()).toMatchObject({ code: "session_ended" });
    expect((await closedOrTimeout(socket))?.code).toBe(CLOSE_SESSION_ENDED);
  });

  it("a signed-in socket to a table that does not exist is a 404 and notes nothing against the session", async () => {
    const player = await newPlayer();
    const res = await exports.default.fetch("http://api.test/ws/table/no-such-table", {
      headers: { Upgrade: "websocket", Authorization: `Bearer ${player.token}` },
    });
    expect(res.status).toBe(404);
    const tableId = await openTable(admin);
    const socket = await TableClient.open(tableId, { token: player.token });
    await socket.until((s) => s.you?.playerId === player.id);
    const noted = await env.DB.prepare(
      "SELECT table_id FROM session_sockets WHERE token_hash IN (SELECT token_hash FROM sessions WHERE user_id = ?)",
    )
      .bind(player.id)
      .all<{ table_id: string }>();
    // Sign-out wakes the room of every table noted: an id that is no table never gets one.
    expect(noted.results.map((r) => r.table_id)).toEqual([tableId]);
    socket.close();
  });

  it("a token in the URL is not a credential: the socket is a spectator's", async () => {
    const tableId = await openTable(admin);
    const player = await newPlayer();
    const res = await exports.default.fetch(
      `http://api.test/ws/table/${tableId}?token=${player.token}`,
      { headers: { Upgrade: "websocket" } },
    );
    expect(res.status).toBe(101);
    const socket = res.webSocket as WebSocket;
    const first = new Promise<string>((resolve) =>
      socket.addEventListener("message", (e) => resolve(String(e.data)), { once: true }),
    );
    socket.accept();
    expect(JSON.parse(await first)).toMatchObject({ type: "state", you: null });
    socket.close();
  });
});
