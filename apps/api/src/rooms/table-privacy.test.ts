import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { LegalActions } from "@felt/engine";
import { type Card, deckLayout, type HandEvent, STANDARD_DECK } from "@felt/engine";
import { seedFromHex, shuffleWithSeed } from "@felt/fairness";
import { beforeAll, describe, expect, it } from "vitest";
import { randomAction, seededRandom } from "../../test/random-play";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { newAdmin, newPlayer } from "../../test/trpc";

const HANDS = 30;
const BOTS = 3;

describe("privacy over real sockets", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it(`in ${HANDS} random hands no socket ever gets another player's unshown cards, the deck, or a seed before its hand ends`, async () => {
    const admin = await newAdmin();
    const tableId = await openTable(admin, { seats: 4 });
    const bots: TableClient[] = [];
    const seatOf = new Map<TableClient, number | null>();
    for (let i = 0; i < BOTS; i++) {
      const player = await newPlayer();
      await buyIn(player, tableId, 40 + 40 * i, i + 1);
      const bot = await TableClient.open(tableId, { token: player.token, query: i % 2 === 0 });
      bot.seq += 1;
      // T-6 keeps everyone playing: busted bots buy back in before the next hand.
      bot.send({ type: "autoRebuy", upTo: 120, seq: bot.seq });
      bots.push(bot);
      seatOf.set(bot, i + 1);
    }
    const spectator = await TableClient.open(tableId);
    seatOf.set(spectator, null);
    const everyone = [...bots, spectator];
    const rand = seededRandom(20_240_601);

    for (let hand = 1; hand <= HANDS; hand++) {
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
    // The last hand's reveal.
    for (const c of everyone)
      await c.until((s) => s.fairness?.seed != null && s.fairness.handNumber === HANDS);

    // The truth: each player's own cards as dealt to him, per hand and seat.
    const truth = new Map<string, Card[]>();
    const started = new Map<number, Extract<HandEvent, { type: "handStarted" }>>();
    const seeds = new Map<number, string>();
    for (const c of everyone) {
      for (const { message } of c.received) {
        if (message.type !== "state") continue;
        if (message.fairness?.seed) seeds.set(message.fairness.handNumber, message.fairness.seed);
        for (const e of message.events) {
          if (e.type !== "handEvent") continue;
          if (e.event.type === "holeCardsDealt" && e.event.cards)
            truth.set(`${e.handNumber}:${e.event.seat}`, e.event.cards);
          if (e.event.type === "handStarted") started.set(e.handNumber, e.event);
        }
      }
    }
    expect(seeds.size).toBe(HANDS);

    // Every revealed seed reproduces the cards that were dealt
    // (docs/architecture.md#randomness-and-fairness).
    for (const [handNumber, hex] of seeds) {
      const deck = await shuffleWithSeed(seedFromHex(hex) as Uint8Array, STANDARD_DECK);
      const start = started.get(handNumber);
      if (!start) throw new Error(`no start for hand ${handNumber}`);
      const seats = start.players.map((p) => p.seat);
      const buttonIndex = seats.indexOf(start.button);
      const layout = deckLayout(start.rules.game, seats.length);
      layout.hole.forEach((indices, k) => {
        const seat = seats[(buttonIndex + 1 + k) % seats.length];
        expect(truth.get(`${handNumber}:${seat}`)).toEqual(indices.map((i) => deck[i]));
      });
    }

    let checked = 0;
    let shownToOthers = 0;
    for (const c of everyone) {
      const me = seatOf.get(c) ?? null;
      for (const { raw, message } of c.received) {
        checked++;
        expect(raw).not.toMatch(/"deck"|"nextCard"/);
        for (const [handNumber, hex] of seeds) {
          if (!raw.includes(hex)) continue;
          // A seed appears only as its own hand's reveal, once that hand is over.
          expect(message.type).toBe("state");
          if (message.type !== "state") continue;
          expect(message.fairness).toMatchObject({ handNumber, seed: hex });
          const over =
            message.view.handNumber > handNumber || message.view.hand?.phase === "complete";
          expect(over).toBe(true);
        }
        if (message.type !== "state") continue;
        const h = message.view.handNumber;
        for (const p of message.view.hand?.players ?? []) {
          if (p.holeCards === null) {
            expect(p.seat).not.toBe(me); // a player always sees his own cards
            continue;
          }
          if (p.seat !== me) {
            expect(p.shown && !p.mucked).toBe(true);
            shownToOthers++;
          }
          expect(p.holeCards).toEqual(truth.get(`${h}:${p.seat}`));
        }
        const board = new Set(message.view.hand?.board ?? []);
        for (const award of message.view.hand?.awards ?? []) {
          for (const w of award.winners) {
            if (!w.hand) continue;
            const own = truth.get(`${h}:${w.seat}`) ?? [];
            for (const card of w.hand.cards)
              expect(board.has(card) || own.includes(card)).toBe(true);
            const shown = message.view.hand?.players.find((p) => p.seat === w.seat)?.shown;
            expect(shown).toBe(true);
          }
        }
        for (const e of message.events) {
          if (e.type !== "handEvent") continue;
          if (e.event.type === "holeCardsDealt" && e.event.seat !== me)
            expect(e.event.cards).toBeNull();
          if (e.event.type === "handShown")
            expect(e.event.cards).toEqual(truth.get(`${e.handNumber}:${e.event.seat}`));
        }
      }
    }
    expect(checked).toBeGreaterThan(HANDS * 10);
    expect(shownToOthers).toBeGreaterThan(0); // showdowns happened, and their cards were checked
    for (const c of everyone) c.close();
  }, 120_000);
});
