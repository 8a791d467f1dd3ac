/**
 * Issue 45: a stud table deals in workerd. A seven-card and a five-card stud
 * stake, opened by the admin, play a hand through the room from the antes and
 * the bring-in (ST-1, ST-2, ST-5) to the showdown: no view ever holds another
 * player's down cards while the hand is live, everyone sees the same up cards,
 * the chips are conserved, and the hand's history replays to the chip.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parsePhh, replayHistory } from "@felt/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";

const CASES = [
  { game: "stud7", players: 4, downCards: 3, upCards: 4, variant: "F7S" },
  { game: "stud5", players: 3, downCards: 1, upCards: 4, variant: "F5S" },
] as const;
const BUY_IN = 100;

describe("stud tables deal in the room", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  for (const c of CASES) {
    it(`ST-1, ST-2, ST-5 ${c.game}: antes and the bring-in to the showdown; down cards private, up cards to all, chips conserved`, async () => {
      const admin = await newAdmin();
      const tableId = await openTable(admin, {
        game: c.game,
        betting: "fixed-limit",
        smallBlind: 1,
        bigBlind: 2,
        smallBet: 2,
        bigBet: 4,
        ante: 1,
        seats: c.game === "stud7" ? 8 : 10,
      });
      const players: Player[] = [];
      const clients: TableClient[] = [];
      for (let seat = 1; seat <= c.players; seat++) {
        const player = await newPlayer();
        await buyIn(player, tableId, BUY_IN, seat);
        players.push(player);
        clients.push(await TableClient.open(tableId, { token: player.token }));
      }
      expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
      for (const client of clients) await client.until((s) => s.view.handNumber === 1);

      // ST-2: the first to act posts the bring-in (he may not check or fold); then everyone
      // calls or checks down to the showdown.
      let bringIn = true;
      for (;;) {
        const actor = await turnOf(clients);
        if (!actor) break;
        const view = actor.latest?.view;
        const legal = view?.hand?.legalActions;
        if (bringIn) {
          expect(legal).toMatchObject({ check: false, fold: false, betOrRaise: { min: 1 } });
          actor.act({ type: "betOrRaiseTo", amount: 1 });
          bringIn = false;
        } else if (legal?.check) actor.act({ type: "check" });
        else if (legal?.call) actor.act({ type: "call" });
        else throw new Error(`no passive action in ${JSON.stringify(legal)}`);
        await played(actor, view?.version ?? 0);
      }

      for (const [i, client] of clients.entries()) {
        expect(client.feedErrors).toEqual([]);
        const mySeat = i + 1;
        for (const { message } of client.received) {
          if (message.type !== "state" || !message.view.hand) continue;
          const hand = message.view.hand;
          const live = hand.phase !== "showdown" && hand.phase !== "complete";
          for (const p of hand.players) {
            if (p.seat === mySeat) {
              // His own down cards, face up to him.
              expect(p.holeCards?.length ?? 0).toBe(p.holeCardCount);
            } else if (live) {
              // Nobody else's down cards while the hand is live.
              expect(p.holeCards).toBeNull();
            }
          }
        }
      }

      // The end: every player holds his full hand; the up cards are the same in every view.
      const finals = clients.map((client) => client.latest?.view.hand);
      const upCards = finals[0]?.players.map((p) => p.upCards);
      expect(upCards).toHaveLength(c.players);
      for (const cards of upCards ?? []) expect(cards).toHaveLength(c.upCards);
      for (const hand of finals) expect(hand?.players.map((p) => p.upCards)).toEqual(upCards);
      for (const p of finals[0]?.players ?? []) expect(p.holeCardCount).toBe(c.downCards);
      // Nobody folded: the showdown shows every hand.
      const mine = finals.map((hand, i) => hand?.players.find((p) => p.seat === i + 1)?.holeCards);
      for (const cards of mine) expect(cards).toHaveLength(c.downCards);

      // Chips are conserved: the stacks add up to the buy-ins (no rake on this stake).
      const stacks = finals[0]?.players.map((p) => p.stack) ?? [];
      expect(stacks.reduce((a, b) => a + b, 0)).toBe(c.players * BUY_IN);
      for (const client of clients) client.close();

      // The hand's history names the stud variant and replays to the same stacks.
      const handId = `${tableId}:1`;
      let phh: string | null = null;
      for (let tries = 0; tries < 200 && phh === null; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
        const audited = await call("history.audit", { handId }, { token: admin.token });
        if (audited.error === null) phh = audited.data.phh as string;
      }
      expect(phh).toContain(`variant = '${c.variant}'`);
      const parsed = parsePhh(phh as string);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(replayHistory(parsed.history)).toMatchObject({ ok: true, matches: true });
      expect(parsed.history.finishingStacks).toEqual(stacks);
    }, 120_000);
  }

  it("the seeded stud tables deal: Neva seven-card stud, Kama five-card stud (bring-in 2, bets 4/8, ante 1)", async () => {
    for (const [tableId, game, downCards] of [
      ["neva", "stud7", 2],
      ["kama", "stud5", 1],
    ] as const) {
      const clients: TableClient[] = [];
      for (const seat of [1, 2]) {
        const player = await newPlayer();
        await buyIn(player, tableId, 200, seat);
        clients.push(await TableClient.open(tableId, { token: player.token }));
      }
      expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
      const state = await clients[0]?.until((s) => s.view.handNumber === 1);
      const hand = state?.view.hand;
      expect(hand).toMatchObject({ game, betting: "fixed-limit", ante: 1 });
      // The first street: each player's own down cards and one up card; 1 ante each in the pot.
      expect(hand?.players.map((p) => p.upCards.length)).toEqual([1, 1]);
      expect(hand?.players.find((p) => p.seat === 1)?.holeCards).toHaveLength(downCards);
      expect(hand?.players.find((p) => p.seat === 2)?.holeCards).toBeNull();
      expect(hand?.totalPot).toBe(2);
      for (const client of clients) client.close();
    }
  });
});
