import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { newAdmin, newPlayer, type Player } from "../../test/trpc";

const cardsOf = (s: StateMessage, seat: number) =>
  s.view.hand?.players.find((p) => p.seat === seat)?.holeCards ?? null;

describe("showing a hand won uncalled, over the socket", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("the winner shows his cards to the table after everyone folded; the folder may not", async () => {
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
    folder.send({ type: "showUncalled", seq: folder.seq });
    expect(await folder.nextError()).toMatchObject({ code: "nothing_to_show", seq: folder.seq });

    const own = cardsOf(winner.latest as StateMessage, winnerSeat);
    expect(own).toHaveLength(2);
    winner.seq += 1;
    winner.send({ type: "showUncalled", seq: winner.seq });
    const seen = await folder.until((s) => cardsOf(s, winnerSeat) !== null);
    expect(cardsOf(seen, winnerSeat)).toEqual(own);
  });
});
