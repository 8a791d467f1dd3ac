/**
 * H-2 over the table's socket: the host's pause, resume and close reach every
 * viewer's state (`home`) with the change that makes them, so a table page
 * needs no polling to show them. Other tables' states carry no `home`.
 */
import { describe, expect, it } from "vitest";
import { buyIn, openTable, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer } from "../../test/trpc";

describe("home games: the host's controls reach every viewer over the socket (H-2)", () => {
  it("H-2: pause, resume and close are in every socket's state as they happen; a public table has no `home`", async () => {
    const owner = await newPlayer();
    const created = await call(
      "home.create",
      {
        name: "Socket night",
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        seats: 6,
        spectators: true,
      },
      { token: owner.token },
    );
    expect(created.error).toBeNull();
    const { tableId, token } = created.data as { tableId: string; token: string };
    const guest = await newPlayer();
    const watcher = await newPlayer();
    await call("home.invite.request", { token }, { token: guest.token });
    await call("home.guests.admit", { tableId, playerId: guest.id }, { token: owner.token });
    await call("home.invite.watch", { token }, { token: watcher.token });
    await buyIn(guest, tableId, 40, 2);
    const clients = await Promise.all(
      [owner, guest, watcher].map((p) => TableClient.open(tableId, { token: p.token })),
    );
    for (const c of clients) {
      const first = await c.until(() => true);
      expect(first.home).toEqual({ paused: false, closed: false });
    }

    expect((await call("home.pause", { tableId }, { token: owner.token })).error).toBeNull();
    for (const c of clients) await c.until((s) => s.home?.paused === true);
    expect((await call("home.resume", { tableId }, { token: owner.token })).error).toBeNull();
    for (const c of clients) await c.until((s) => s.home?.paused === false);
    expect((await call("home.close", { tableId }, { token: owner.token })).error).toBeNull();
    for (const c of clients) {
      const closed = await c.until((s) => s.home?.closed === true);
      expect(closed.home).toEqual({ paused: true, closed: true });
    }
    for (const c of clients) c.close();

    // A public table's state says nothing of home games.
    const publicTable = await openTable(await newAdmin());
    const lobbyViewer = await TableClient.open(publicTable, { token: (await newPlayer()).token });
    const state = await lobbyViewer.until(() => true);
    expect(state).not.toHaveProperty("home");
    lobbyViewer.close();
  });
});
