import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { LegalActions } from "@felt/engine";
import { type Card, cardPositions, type HandHistory, parsePhh, STANDARD_DECK } from "@felt/engine";
import {
  auditDeal,
  commitDeal,
  HISTORY_FIELDS,
  parseClientSeeds,
  parseLeaves,
  seedFromHex,
  shuffleWithSeed,
  verifyHistory,
} from "@felt/fairness";
import { seededFloats } from "@felt/fairness/testing";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { storedHands as stored } from "../../test/histories";
import { randomAction } from "../../test/random-play";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { sized } from "../../test/test-size";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";

// 8 hands in `npm test`; FELT_TEST_SIZE=full plays 24 (test/test-size.ts). The attack tries
// every seed-like value against every hand, so its cost grows with the square of the hands.
const HANDS = sized(8, 24);
const BOTS = 3;

/** Each stored hand as the auditor reads it (index in D1, PHH in R2): the whole deal and the server seed. */
async function storedHands(tableId: string): Promise<Map<number, HandHistory>> {
  const hands = new Map<number, HandHistory>();
  for (const row of await stored(tableId)) {
    const parsed = parsePhh(row.phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    hands.set(row.handNumber, parsed.history);
  }
  return hands;
}

const field = (history: HandHistory, name: string) => String(history.extra[name] ?? "");

/** Every 32-byte value written in hex anywhere in these texts: what an attacker would try as a seed. */
const seedLike = (texts: readonly string[]) =>
  new Set(texts.flatMap((text) => text.match(/[0-9a-f]{64}/g) ?? []));

describe("fairness without leaks over real sockets (issue 17)", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it(`in ${HANDS} random hands, the shuffle attack on what a spectator, an opponent and history.get receive finds no unseen card`, async () => {
    const tableId = await openTable(admin, { seats: 4 });
    const players: Player[] = [];
    const bots: TableClient[] = [];
    for (let i = 0; i < BOTS; i++) {
      const player = await newPlayer();
      await buyIn(player, tableId, 40 + 40 * i, i + 1);
      const bot = await TableClient.open(tableId, { token: player.token });
      bot.seq += 1;
      // T-6 keeps everyone playing: busted bots buy back in before the next hand.
      bot.send({ type: "autoRebuy", upTo: 120, seq: bot.seq });
      players.push(player);
      bots.push(bot);
    }
    const spectator = await TableClient.open(tableId);
    const everyone = [...bots, spectator];
    const rand = seededFloats(20_240_601);

    for (let hand = 1; hand <= HANDS; hand++) {
      // Bots 1 and 2 add entropy to every deal; bot 3 never does.
      for (const [i, bot] of bots.slice(0, 2).entries()) {
        const feed = bot.latest?.feed ?? 0;
        bot.seq += 1;
        bot.send({ type: "clientSeed", seed: `bot${i + 1}-hand${hand}`, seq: bot.seq });
        await bot.until((s) => s.feed > feed);
      }
      expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
      for (const c of everyone) await c.until((s) => s.view.handNumber === hand);
      for (;;) {
        const actor = await turnOf(everyone);
        if (!actor) break;
        const state = actor.latest;
        const legal = state?.view.hand?.legalActions as LegalActions;
        actor.act(randomAction(legal, rand));
        await played(actor, state?.view.version ?? 0);
      }
    }

    // The auditor's truth: every hand's whole deal and server seed, as stored in D1.
    await expect
      .poll(async () => (await storedHands(tableId)).size, { timeout: 10_000 })
      .toBe(HANDS);
    const stored = await storedHands(tableId);

    // What the attacker holds: everything the spectator and the opponent (bot 1) were sent,
    // and every history bot 1 may read.
    const opponent = bots[0] as TableClient;
    const histories: string[] = [];
    for (let hand = 1; hand <= HANDS; hand++) {
      const got = await call(
        "history.get",
        { handId: `${tableId}:${hand}` },
        { token: players[0]?.token },
      );
      if (got.error) continue; // a hand bot 1 sat out
      histories.push(got.data.phh as string);
    }
    expect(histories.length).toBeGreaterThan(HANDS / 2);
    const attackerTexts = [
      ...spectator.received.map((r) => r.raw),
      ...opponent.received.map((r) => r.raw),
      ...spectator.chatReceived,
      ...opponent.chatReceived,
      ...histories,
    ];
    const candidates = seedLike(attackerTexts);
    expect(candidates.size).toBeGreaterThan(HANDS); // roots, commitments, proofs: plenty to try

    let unseenCards = 0;
    let attacksTried = 0;
    let clientSeeded = 0;
    for (const [hand, full] of stored) {
      const serverSeed = field(full, HISTORY_FIELDS.serverSeed);
      const clientSeeds = parseClientSeeds(field(full, HISTORY_FIELDS.clientSeeds)) ?? [];
      if (clientSeeds.length > 0) clientSeeded++;
      // The whole shuffle stays provable: the seed, the client seeds and the root agree,
      // and the deck they give is the one every card of the hand was dealt from.
      const audit = await auditDeal({
        serverSeed,
        seedCommitment: field(full, HISTORY_FIELDS.seedCommitment),
        hand,
        clientSeeds,
        root: field(full, HISTORY_FIELDS.root),
        cards: STANDARD_DECK,
      });
      if (!audit.ok) throw new Error(`hand ${hand}: audit ${audit.reason}`);
      const positions = cardPositions(full);
      if (!positions.ok) throw new Error(positions.error.message);
      for (const { card, position } of positions.cards) expect(audit.deck[position]).toBe(card);

      // No server seed, and no salt of a card the attacker never saw, was ever sent to him.
      for (const text of attackerTexts) expect(text).not.toContain(serverSeed);
      const seen = seenBy(opponent, spectator, histories, hand);
      const allLeaves = parseLeaves(field(full, HISTORY_FIELDS.publicLeaves)) ?? [];
      for (const [name, value] of Object.entries(full.extra)) {
        if (name.startsWith(HISTORY_FIELDS.playerLeaves))
          allLeaves.push(...(parseLeaves(String(value)) ?? []));
      }
      const unseen = positions.cards.filter(({ card }) => !seen.has(card));
      unseenCards += unseen.length;
      for (const { card } of unseen) {
        const leaf = allLeaves.find((l) => l.card === card);
        if (leaf) for (const text of attackerTexts) expect(text).not.toContain(leaf.salt);
      }

      // The attack: re-run the shuffle from every 32-byte value received, the old way
      // (the value as the seed) and the new (as the server seed, with the published client
      // seeds). A value that gave the true deck would place every card the attacker saw.
      const known = positions.cards.filter(({ card }) => seen.has(card));
      if (known.length < 5) continue;
      for (const hex of candidates) {
        const seed = seedFromHex(hex) as Uint8Array;
        attacksTried++;
        const decks = [
          await shuffleWithSeed(seed, STANDARD_DECK),
          (await commitDeal({ serverSeed: seed, hand, clientSeeds, cards: STANDARD_DECK })).deck,
        ];
        for (const deck of decks) {
          const fits = known.every(({ card, position }) => deck[position] === card);
          expect(fits, `hand ${hand}: ${hex} re-derives the deck`).toBe(false);
        }
      }
      // The control: with the one value never sent (the server seed) the attack does work.
      const truth = seedFromHex(serverSeed) as Uint8Array;
      const redone = (
        await commitDeal({ serverSeed: truth, hand, clientSeeds, cards: STANDARD_DECK })
      ).deck;
      expect(unseen.every(({ card, position }) => redone[position] === card)).toBe(true);
    }
    expect(unseenCards).toBeGreaterThan(HANDS); // folded and mucked cards existed to be found
    expect(attacksTried).toBeGreaterThan(0);
    expect(clientSeeded).toBe(HANDS); // the bots' seeds went into every deal

    // Every history bot 1 reads verifies: each card in it has its leaf under the root.
    for (const text of histories) {
      const parsed = parsePhh(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(await verifyHistory(parsed.history)).toMatchObject({ status: "verified" });
    }
    // Every leaf a socket was sent is of a card its viewer sees: asked for now, at the last hand's end.
    let proven = 0;
    for (const c of everyone) {
      const answer = await c.proofs();
      // The room answers in turn: any change before the answer reached this socket before it.
      const state = c.latest as StateMessage;
      if (answer.type !== "proofs") throw new Error(`no proofs: ${answer.code}`);
      expect(answer.handNumber).toBe(state.view.handNumber);
      const visible = visibleCards(state);
      for (const leaf of answer.leaves) expect(visible.has(leaf.card)).toBe(true);
      proven += answer.leaves.length;
    }
    expect(proven).toBeGreaterThan(0); // the players' own cards at least
    for (const c of everyone) c.close();
  }, 240_000);

  it("a newcomer in a just-vacated seat sees nothing of the last occupant's unshown cards", async () => {
    const tableId = await openTable(admin, { seats: 3 });
    const alice = await newPlayer();
    const bob = await newPlayer();
    const carol = await newPlayer();
    const dave = await newPlayer();
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 100, 2);
    await buyIn(carol, tableId, 100, 3);
    const clients = [
      await TableClient.open(tableId, { token: alice.token }),
      await TableClient.open(tableId, { token: bob.token }),
      await TableClient.open(tableId, { token: carol.token }),
    ];
    const c = clients[2] as TableClient;
    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    const dealt = await c.until((s) => s.view.handNumber === 1);
    const carolCards = dealt.view.hand?.players.find((p) => p.seat === 3)?.holeCards as Card[];
    expect(carolCards).toHaveLength(2);
    // Everyone folds to the big blind: nobody shows.
    for (;;) {
      const actor = await turnOf(clients);
      if (!actor) break;
      const before = actor.latest?.view.version ?? 0;
      actor.act({ type: "fold" });
      await played(actor, before);
    }
    c.command("leave");
    await c.until((s) => s.view.seats[2] === null);

    await buyIn(dave, tableId, 100, 3);
    const d = await TableClient.open(tableId, { token: dave.token });
    const seen = await d.until((s) => s.view.mySeat === 3);
    expect(seen.view.handNumber).toBe(1); // the last hand is still on the table
    expect(seen.view.hand?.players.find((p) => p.seat === 3)?.holeCards).toBeNull();
    const proofs = await d.proofs();
    expect(proofs).toMatchObject({ type: "proofs", handNumber: 1, leaves: [] });
    for (const message of [...d.received, ...d.proofsReceived].map((r) => r.raw)) {
      expect(message).not.toContain(JSON.stringify(carolCards));
      expect(message).not.toContain(JSON.stringify([...carolCards].reverse()));
    }
    for (const client of [...clients, d]) client.close();
  });
});

/** The cards a state shows its viewer: the board, his own, hands shown. */
function visibleCards(message: StateMessage): Set<Card> {
  const hand = message.view.hand;
  return new Set([
    ...(hand?.board ?? []),
    ...(hand?.players.flatMap((p) => p.holeCards ?? []) ?? []),
  ]);
}

/** Every card of hand `n` the spectator or the opponent was ever shown, on the table or in a history. */
function seenBy(
  opponent: TableClient,
  spectator: TableClient,
  histories: readonly string[],
  n: number,
): Set<Card> {
  const seen = new Set<Card>();
  for (const c of [opponent, spectator]) {
    for (const { message } of c.received) {
      if (message.type !== "state" || message.view.handNumber !== n) continue;
      for (const card of visibleCards(message)) seen.add(card);
      for (const e of message.events) {
        if (e.type !== "handEvent") continue;
        if (e.event.type === "holeCardsDealt")
          for (const card of e.event.cards ?? []) seen.add(card);
      }
    }
  }
  for (const text of histories) {
    const parsed = parsePhh(text);
    if (!parsed.ok || Number(parsed.history.hand) !== n) continue;
    const positions = cardPositions(parsed.history);
    if (positions.ok) for (const { card } of positions.cards) seen.add(card);
  }
  return seen;
}
