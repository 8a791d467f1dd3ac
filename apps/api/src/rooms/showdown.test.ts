import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { newAdmin, newPlayer } from "../../test/trpc";

describe("showdown over real sockets", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it("S-2 bug 6: a hand that may win is not mucked by a plain muck; a confirmed one is", async () => {
    const admin = await newAdmin();
    const tableId = await openTable(admin, { seats: 2 });
    const clients: TableClient[] = [];
    for (let seat = 1; seat <= 2; seat++) {
      const player = await newPlayer();
      await buyIn(player, tableId, 100, seat);
      clients.push(await TableClient.open(tableId, { token: player.token }));
    }
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    for (const c of clients) await c.until((s) => s.view.handNumber === 1);
    // Check and call to the showdown.
    for (;;) {
      const actor = (await turnOf(clients)) as TableClient;
      const legal = actor.latest?.view.hand?.legalActions;
      if (legal?.show) break;
      const before = actor.latest?.view.version ?? 0;
      actor.act(legal?.check ? { type: "check" } : { type: "call" });
      await played(actor, before);
    }
    const first = (await turnOf(clients)) as TableClient;
    const at = first.latest?.view;
    // Nobody has shown: the first hand to show may win, and says so.
    expect(at?.hand?.legalActions).toMatchObject({ show: true, muck: true, muckMayWin: true });
    const seq = first.act({ type: "muck" });
    expect(await first.next((m) => m.type === "error" && m.seq === seq)).toMatchObject({
      code: "muck_would_win",
    });
    expect(first.latest?.view.version).toBe(at?.version);
    first.act({ type: "muck", confirm: true });
    const after = await played(first, at?.version ?? 0);
    const me = after.view.hand?.players.find((p) => p.seat === after.view.mySeat);
    expect(me?.mucked).toBe(true);
    // The other hand wins without showing: the last one left need not decide.
    expect(after.view.hand?.phase).toBe("complete");
    for (const c of clients) c.close();
  });
});
