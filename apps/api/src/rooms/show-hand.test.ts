import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { newAdmin, newPlayer, type Player } from "../../test/trpc";

const cardsOf = (s: StateMessage, seat: number) =>
  s.view.hand?.players.find((p) => p.seat === seat)?.holeCards ?? null;

describe("showing a hand after it (S-2), over the socket", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("S-2 the winner shows his cards to the table after everyone folded; the folder may not", async () => {
    const tableId = await openTable(admin);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    await a.until((s) => s.view.handNumber === 1 && Boolean(s.view.hand));
    const folder = (await turnOf([a, b])) as TableClient;
    const winner = folder === a ? b : a;
    const before = folder.latest?.view.version ?? 0;
    folder.act({ type: "fold" });
    await played(folder, before);
    const over = await folder.until((s) => s.view.hand?.phase === "complete");
    const winnerSeat = winner.latest?.view.mySeat as number;
    expect(cardsOf(over, winnerSeat)).toBeNull();

    folder.seq += 1;
    folder.send({ type: "show", seq: folder.seq });
    expect(await folder.nextError()).toMatchObject({ code: "nothing_to_show", seq: folder.seq });

    const own = cardsOf(winner.latest as StateMessage, winnerSeat);
    expect(own).toHaveLength(2);
    winner.seq += 1;
    winner.send({ type: "show", seq: winner.seq });
    const seen = await folder.until((s) => cardsOf(s, winnerSeat) !== null);
    expect(cardsOf(seen, winnerSeat)).toEqual(own);
  });

  it("S-2 show my hand over the socket: only its player sees his choice, his beaten hand is shown; another's mucked hand stays hidden until he shows it after the hand", async () => {
    const tableId = await openTable(admin, { seats: 2 });
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    await a.until((s) => s.view.mySeat === 1);
    a.seq += 1;
    a.send({ type: "showMyHand", show: true, seq: a.seq });
    await a.until((s) => s.view.myShowMyHand);
    expect(b.latest?.view.myShowMyHand).toBe(false);
    a.seq += 1;
    a.send({ type: "showMyHand", show: "yes", seq: a.seq });
    expect(await a.nextError()).toMatchObject({ code: "malformed_message" });
    // Hands are checked down until bob's hand is beaten (a deal is random): alice's never is hidden.
    for (let hand = 1; hand <= 20; hand++) {
      expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
      await a.until((s) => s.view.handNumber === hand && Boolean(s.view.hand));
      for (;;) {
        const actor = await turnOf([a, b]);
        if (!actor) break;
        const before = actor.latest?.view.version ?? 0;
        actor.act(
          actor.latest?.view.hand?.legalActions?.check ? { type: "check" } : { type: "call" },
        );
        await played(actor, before);
      }
      const over = await b.until((s) => s.view.hand?.phase === "complete");
      expect(cardsOf(over, 1)).not.toBeNull();
      const bobs = over.view.hand?.players.find((p) => p.seat === 2);
      if (!bobs?.mucked) continue;
      const seenByAlice = await a.until((s) => s.view.version === over.view.version);
      expect(cardsOf(seenByAlice, 2)).toBeNull();
      b.seq += 1;
      b.send({ type: "show", seq: b.seq });
      const shown = await a.until((s) => cardsOf(s, 2) !== null);
      expect(cardsOf(shown, 2)).toEqual(cardsOf(over, 2));
      return;
    }
    throw new Error("bob's hand was never beaten in 20 hands");
  });
});
