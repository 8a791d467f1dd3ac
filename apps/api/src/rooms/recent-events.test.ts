import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, checkDown, openTable, roomOf, TableClient } from "../../test/table-client";
import { newAdmin, newPlayer, type Player } from "../../test/trpc";

/** The hole cards each seat was dealt, as a snapshot's recent events show them. */
function dealtIn(state: StateMessage): Record<number, unknown> {
  const dealt: Record<number, unknown> = {};
  for (const e of state.recent ?? [])
    if (e.type === "handEvent" && e.event.type === "holeCardsDealt")
      dealt[e.event.seat] = e.event.cards;
  return dealt;
}

const firstState = async (client: TableClient) =>
  (await client.next((m) => m.type === "state")) as StateMessage;

describe("a snapshot carries the recent events (issue 15, bug 12: a reload mid-hand keeps its hand log)", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("a player who reconnects mid-hand gets the hand so far, his own cards only; a spectator none", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    const dealt = await a.until((s) => s.view.handNumber === 1 && Boolean(s.view.hand));
    const myCards = dealt.view.hand?.players.find((p) => p.seat === 1)?.holeCards;
    expect(myCards).toHaveLength(2);

    // Alice reloads the page: a new socket, and its first state.
    a.close();
    const again = await firstState(await TableClient.open(tableId, { token: alice.token }));
    const types = (again.recent ?? []).map((e) => (e.type === "handEvent" ? e.event.type : e.type));
    expect(types).toContain("handStarted");
    expect(types).toContain("blindPosted");
    expect(dealtIn(again)).toEqual({ 1: myCards, 2: null });

    // A spectator sees the same hand with no hole card.
    const spectator = await firstState(await TableClient.open(tableId));
    expect(dealtIn(spectator)).toEqual({ 1: null, 2: null });
    // `sync` answers with the recent events too.
    b.send({ type: "sync" });
    const synced = (await b.next(
      (m, wire) => wire.type === "state" && m.type === "state" && m.view.handNumber === 1,
    )) as StateMessage;
    expect(dealtIn(synced)[1]).toBeNull();
    expect(dealtIn(synced)[2]).toHaveLength(2);
  });

  it("one who sits in a seat after its hand never sees the cards its last player was dealt", async () => {
    const tableId = await openTable(admin);
    const [alice, bob, carol] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    await a.until((s) => s.view.handNumber === 1 && Boolean(s.view.hand));
    await checkDown([a, b]);
    a.command("leave");
    await b.until((s) => s.view.seats[0] === null);
    await buyIn(carol, tableId, 200, 1);
    const c = await firstState(await TableClient.open(tableId, { token: carol.token }));
    expect(c.view.mySeat).toBe(1);
    // Hand 1's log is there (Alice's showdown is public), but not as seat 1's own cards.
    expect((c.recent ?? []).some((e) => e.type === "playerSat" && e.seat === 1)).toBe(true);
    const dealt = dealtIn(c);
    expect(dealt[1]).toBeNull();
    expect(dealt[2]).toBeNull();
  });
});
