import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { newAdmin, newPlayer, type Player } from "../../test/trpc";
import { RoomStorage } from "./room-storage";
import type { TableRoom } from "./table-room";

const handEvents = (s: StateMessage) =>
  s.events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

const banksOf = (tableId: string) =>
  runInDurableObject(
    roomOf(env, tableId),
    (_: TableRoom, state) => new RoomStorage(state.storage).snapshot()?.room.timeBanks ?? {},
  );

describe("the showdown over real sockets (S-2)", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("S-2 bug 1: a showdown with an absent player plays itself at once: no clock, no timeout, no time bank spent", async () => {
    // 20 s to act and a 30 s bank: before, each showdown decision ran on them.
    const tableId = await openTable(admin, { seats: 2, actionSeconds: 20, timeBankSeconds: 30 });
    const clients: TableClient[] = [];
    const players: Player[] = [];
    for (let seat = 1; seat <= 2; seat++) {
      const player = await newPlayer();
      await buyIn(player, tableId, 100, seat);
      players.push(player);
      clients.push(await TableClient.open(tableId, { token: player.token }));
    }
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    for (const c of clients) await c.until((s) => s.view.handNumber === 1);
    const seen: StateMessage[] = [];
    // Check and call down to the river's last action; the player who is not last goes away
    // as soon as he has acted there: nobody is left to click anything at the showdown.
    let absent: TableClient | null = null;
    for (;;) {
      const actor = await turnOf(absent ? [otherThan(clients, absent)] : clients);
      if (!actor) break;
      const hand = actor.latest?.view.hand;
      const before = actor.latest?.view.version ?? 0;
      actor.act(hand?.legalActions?.check ? { type: "check" } : { type: "call" });
      seen.push(await played(actor, before));
      if (hand?.street === "river" && !absent) {
        absent = actor;
        absent.close();
      }
    }
    const present = otherThan(clients, absent as TableClient);
    const over = await present.until((s) => s.view.hand?.phase === "complete");
    // The last check ended the hand: no showdown phase, nobody to act, no clock.
    expect(over.view.hand?.toAct).toBeNull();
    expect(over.clock).toBeNull();
    const messages = [...seen, over].filter(
      (s, i, all) => all.findIndex((o) => o.view.version === s.view.version) === i,
    );
    for (const s of messages) expect(s.view.hand?.phase).not.toBe("showdown");
    const events = messages.flatMap(handEvents);
    expect(events.some((e) => "timedOut" in e)).toBe(false);
    expect(events.filter((e) => e.type === "handShown" || e.type === "handMucked")).toHaveLength(2);
    // A mucked hand stays hidden from the other player.
    const mySeat = over.view.mySeat;
    for (const p of over.view.hand?.players ?? []) {
      if (p.seat !== mySeat) expect(p.holeCards === null).toBe(p.mucked);
    }
    // Nobody's bank was touched: both are still the stake's whole 30 s.
    const banks = await banksOf(tableId);
    for (const p of players) expect(banks[p.id]).toBe(30_000);
    // The room's next alarm deals the next hand: no timeout was waiting.
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    const next = await present.until((s) => s.view.handNumber === 2);
    expect(handEvents(next).some((e) => "timedOut" in e)).toBe(false);
    present.close();
  });
});

/** The client that is not `other`. */
function otherThan(clients: TableClient[], other: TableClient): TableClient {
  return clients.find((c) => c !== other) as TableClient;
}
