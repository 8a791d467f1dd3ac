import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { deckOf } from "@felt/engine";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { storedHands } from "../../test/histories";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, expectLedgerReconciles, newAdmin, newPlayer, type Player } from "../../test/trpc";

const fire = (tableId: string) => runDurableObjectAlarm(roomOf(env, tableId));

/** A dealer's choice table for two (seats 1 and 2 of 6), both players connected. */
async function choiceTable(admin: Player, games: string[]) {
  const tableId = await openTable(admin, { game: "dealers-choice", games });
  const [alice, bob] = [await newPlayer(), await newPlayer()];
  await buyIn(alice, tableId, 200, 1);
  await buyIn(bob, tableId, 200, 2);
  const a = await TableClient.open(tableId, { token: alice.token });
  const b = await TableClient.open(tableId, { token: bob.token });
  return { tableId, a, b };
}

const choose = (client: TableClient, game: number) => {
  client.seq += 1;
  client.send({ type: "chooseGame", game, seq: client.seq });
  return client.seq;
};

/** The player to act folds: the hand is over at once. */
async function foldHand(clients: TableClient[]): Promise<StateMessage> {
  const actor = (await turnOf(clients)) as TableClient;
  const before = actor.latest?.view.version ?? 0;
  actor.act({ type: "fold" });
  await played(actor, before);
  return actor.until((s) => s.view.hand?.phase === "complete");
}

/** Every event the client was sent so far, in order. */
const eventsSeen = (client: TableClient) =>
  client.received.flatMap(({ message }) => (message.type === "error" ? [] : message.events));

const stacks = (s: StateMessage) => s.view.seats.reduce((sum, o) => sum + (o?.stack ?? 0), 0);

async function storedPhh(tableId: string, handNumber: number): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const row = (await storedHands(tableId)).find((h) => h.handNumber === handNumber);
    if (row) return row.phh;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`hand ${handNumber} of ${tableId} has no history`);
}

describe("dealer's choice tables over the socket (docs/rules.md#dealers-choice)", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("§4 C-1 the button chooses 7–A draw: the hand is dealt as that game from a 32-card deck; a wrong player's or out-of-range choice changes nothing", async () => {
    const { tableId, a, b } = await choiceTable(admin, ["holdem-nl", "draw-7a", "omaha-pl"]);
    const waiting = await a.until((s) => s.view.dealersChoice?.chooser != null);
    expect(waiting.view.dealersChoice).toEqual({
      games: ["Hold'em NL", "Draw 7–A", "Omaha PL"],
      playing: null,
      chooser: 1,
      chosen: null,
      orbit: null,
    });
    expect(waiting.view.hand).toBeNull();
    // The chooser is on the clock: the stake's action time (20 s) after the pause, no bank.
    expect(waiting.clock).toMatchObject({ seat: 1 });
    expect(waiting.clock?.timesOutAt).toBe(waiting.clock?.actionEndsAt);
    expect(waiting.nextHandAt).not.toBeNull();
    expect((waiting.clock?.actionEndsAt ?? 0) - (waiting.nextHandAt ?? 0)).toBe(20_000);

    // Bob is not on the button; Alice names a game the table does not have.
    const wrong = choose(b, 1);
    expect(await b.nextError()).toMatchObject({
      code: "not_your_choice",
      seq: wrong,
      params: { seat: 1 },
    });
    const outOfRange = choose(a, 3);
    expect(await a.nextError()).toMatchObject({
      code: "invalid_game",
      seq: outOfRange,
      params: { max: 2 },
    });
    expect(a.latest?.view.version).toBe(waiting.view.version);
    expect(a.latest?.view.dealersChoice).toEqual(waiting.view.dealersChoice);

    choose(a, 1);
    const chosen = await b.until((s) => s.view.dealersChoice?.chosen === 1);
    expect(chosen.events).toContainEqual({
      type: "gameChosen",
      seat: 1,
      game: 1,
      name: "Draw 7–A",
      by: "player",
    });
    expect(chosen.view.dealersChoice?.chooser).toBeNull();
    expect(chosen.clock).toBeNull();

    expect(await fire(tableId)).toBe(true);
    const dealt = await a.until((s) => s.view.hand !== null);
    expect(dealt.view.hand).toMatchObject({ game: "five-card-draw", deckType: "7A" });
    expect(dealt.view.dealersChoice).toMatchObject({ playing: 1, chooser: null });
    // The deck the deal committed to is the 7–A deck, and the cards come from it.
    expect(dealt.fairness?.deal?.deckSize).toBe(32);
    const own = dealt.view.hand?.players.find((p) => p.seat === 1)?.holeCards ?? [];
    expect(own).toHaveLength(5);
    const short = new Set(deckOf({ deckType: "7A", wild: "none" }));
    for (const card of own) expect(short.has(card)).toBe(true);

    // The game is chosen between hands only.
    const midHand = choose(b, 0);
    expect(await b.nextError()).toMatchObject({ code: "hand_in_progress", seq: midHand });

    const over = await foldHand([a, b]);
    expect(stacks(over)).toBe(400);
    const phh = await storedPhh(tableId, 1);
    expect(phh).toMatch(/variant = 'F5D'/);
    expect(phh).toMatch(/_felt_deck = '7A'/);
    expect(phh).toMatch(/_felt_game = 'Draw 7–A'/);
    for (const c of [a, b]) c.close();
    await expectLedgerReconciles();
  });

  it("§4 T-9 when the chooser's clock runs out the next game in the list is dealt, each from its own deck (W-1 joker: 53 cards)", async () => {
    const { tableId, a, b } = await choiceTable(admin, ["draw-joker", "holdem-nl", "omaha-pl"]);
    await a.until((s) => s.view.dealersChoice?.chooser === 1);
    // Alice lets her clock run out: the first game of the list (none was played yet).
    expect(await fire(tableId)).toBe(true);
    const first = await b.until((s) => s.view.handNumber === 1);
    expect(eventsSeen(b)).toContainEqual({
      type: "gameChosen",
      seat: 1,
      game: 0,
      name: "Draw, joker wild",
      by: "timeout",
    });
    expect(first.view.hand).toMatchObject({ game: "five-card-draw", wild: "joker" });
    expect(first.fairness?.deal?.deckSize).toBe(53);
    // Heads-up on seats 1 and 2 of 6, buttons 1, 2, 1 make Alice's orbit.
    await foldHand([a, b]);
    for (const hand of [2, 3]) {
      expect(await fire(tableId)).toBe(true);
      const next = await a.until((s) => s.view.handNumber === hand && s.view.hand !== null);
      expect(next.view.hand).toMatchObject({ game: "five-card-draw", wild: "joker" });
      await foldHand([a, b]);
    }
    // Bob, on the button now, chooses the next orbit's game; his clock runs out.
    const due = await b.until(
      (s) => s.view.hand?.phase === "complete" && s.view.dealersChoice?.chooser === 2,
    );
    expect(due.clock).toMatchObject({ seat: 2 });
    expect(await fire(tableId)).toBe(true);
    const fourth = await b.until((s) => s.view.handNumber === 4 && s.view.hand !== null);
    expect(eventsSeen(b)).toContainEqual({
      type: "gameChosen",
      seat: 2,
      game: 1,
      name: "Hold'em NL",
      by: "timeout",
    });
    expect(fourth.view.hand).toMatchObject({ game: "holdem", deckType: "52", wild: "none" });
    expect(fourth.fairness?.deal?.deckSize).toBe(52);
    expect(fourth.view.hand?.players.find((p) => p.seat === 2)?.holeCards).toHaveLength(2);
    // A choice's timeout is no betting timeout: nobody was sat out for it.
    expect(fourth.view.seats.filter(Boolean).map((o) => o?.status)).toEqual(["active", "active"]);
    const over = await foldHand([a, b]);
    expect(stacks(over)).toBe(400);
    expect(await storedPhh(tableId, 4)).toMatch(/_felt_game = "Hold'em NL"/);
    for (const c of [a, b]) c.close();
    await expectLedgerReconciles();
  });

  it("§4 the seeded dealer's choice table (Ilmen) opens with its five games", async () => {
    const watcher = await TableClient.open("ilmen");
    const state = await watcher.until(() => true);
    expect(state.view.dealersChoice).toEqual({
      games: ["Hold'em NL", "Omaha PL", "Draw FL", "Draw 7–A", "Draw, joker wild"],
      playing: null,
      chooser: null,
      chosen: null,
      orbit: null,
    });
    watcher.close();
  });

  it("§4 a hold'em table whose stake is edited to dealer's choice waits for its button's choice", async () => {
    const stake = {
      name: `Edited ${crypto.randomUUID().slice(0, 8)}`,
      game: "holdem",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      seats: 6,
    };
    const tableId = await openTable(admin, stake);
    const { stakeId } = (
      await call("admin.tables.list", undefined, { token: admin.token })
    ).data.find((t: { id: string }) => t.id === tableId);
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect((await a.until((s) => s.nextHandAt !== null)).view.dealersChoice).toBeNull();
    const update = await call(
      "admin.stakes.update",
      {
        id: stakeId,
        stake: { ...stake, game: "dealers-choice", games: ["holdem-nl", "omaha-pl"] },
      },
      { token: admin.token },
    );
    expect(update.error).toBeNull();
    const waiting = await a.until((s) => s.view.dealersChoice?.chooser === 1);
    expect(waiting.clock).toMatchObject({ seat: 1 });
    choose(a, 1);
    await b.until((s) => s.view.dealersChoice?.chosen === 1);
    expect(await fire(tableId)).toBe(true);
    const dealt = await a.until((s) => s.view.hand !== null);
    expect(dealt.view.hand?.game).toBe("omaha");
    expect(dealt.view.hand?.players.find((p) => p.seat === 1)?.holeCards).toHaveLength(4);
    expect(stacks(await foldHand([a, b]))).toBe(400);
    for (const c of [a, b]) c.close();
    await expectLedgerReconciles();
  });
});
