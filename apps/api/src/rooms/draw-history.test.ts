/**
 * Issue 47: a live draw hand whose stub runs short still gets its history.
 * Every seat of the table draws as many cards as it may, so the discards are
 * reshuffled (docs/rules.md, five-card draw); the hand must then be in each
 * player's `history.list`, his copy from `history.get` must replay to the
 * stacks the hand ended with (the cards he never saw as `??`) and verify
 * against the deal's commitment, and the auditor's copy must audit.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parsePhh, replayHistory } from "@felt/engine";
import { auditHistory, verifyHistory } from "@felt/fairness";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, played, roomOf, TableClient, turnOf } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";

const CASES = [
  // Six on the 7–A deck: 30 cards dealt, a stub of 2.
  { name: "the 7–A deck", seats: 6, deck: "32", wild: "none" },
  // Ten on the 52-card deck and a joker: 50 dealt, a stub of 3.
  { name: "the 52-card deck with a joker", seats: 10, deck: "52", wild: "joker" },
] as const;

function parsed(phh: string) {
  const result = parsePhh(phh);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
}

describe("a draw hand with a reshuffle has its history", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  for (const c of CASES) {
    it(`§4 ${c.name}: listed, each player's copy replays and verifies, the auditor's copy audits`, async () => {
      const admin = await newAdmin();
      const tableId = await openTable(admin, {
        game: "draw",
        betting: "fixed-limit",
        smallBet: 2,
        bigBet: 4,
        seats: c.seats,
        deck: c.deck,
        wild: c.wild,
      });
      const players: Player[] = [];
      const clients: TableClient[] = [];
      for (let seat = 1; seat <= c.seats; seat++) {
        const player = await newPlayer();
        await buyIn(player, tableId, 100, seat);
        players.push(player);
        clients.push(await TableClient.open(tableId, { token: player.token }));
      }
      expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
      for (const client of clients) await client.until((s) => s.view.handNumber === 1);

      // Everyone calls and checks; in the draw each discards as many cards as he may.
      for (;;) {
        const actor = await turnOf(clients);
        if (!actor) break;
        const view = actor.latest?.view;
        const legal = view?.hand?.legalActions;
        const mine = view?.hand?.players.find((p) => p.seat === view.mySeat)?.holeCards ?? [];
        if (legal?.draw) actor.act({ type: "draw", discard: mine.slice(0, legal.draw.max) });
        else if (legal?.check) actor.act({ type: "check" });
        else if (legal?.call) actor.act({ type: "call" });
        else throw new Error(`no passive action in ${JSON.stringify(legal)}`);
        await played(actor, view?.version ?? 0);
      }
      const final = clients[0]?.latest?.view;
      const stacks = new Map(final?.hand?.players.map((p) => [p.seat, p.stack]));
      for (const client of clients) client.close();

      const handId = `${tableId}:1`;
      // The history reaches D1 through the room's outbox just after the hand.
      let listed: { handId: string }[] = [];
      for (let tries = 0; tries < 200 && listed.length === 0; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
        const list = await call("history.list", { limit: 5 }, { token: players[0]?.token });
        expect(list.error).toBeNull();
        listed = list.data.hands.filter((h: { handId: string }) => h.handId === handId);
      }
      expect(listed).toHaveLength(1);

      const audited = await call("history.audit", { handId }, { token: admin.token });
      expect(audited.error).toBeNull();
      const full = parsed(audited.data.phh);
      // The stub ran short: the reshuffle is in the history, as a comment line.
      expect(audited.data.phh).toContain("discards reshuffled");
      expect(replayHistory(full)).toMatchObject({ ok: true, matches: true });
      expect(await auditHistory(full)).toMatchObject({ status: "audited" });
      const seats = full.seats as number[];
      expect(full.finishingStacks).toEqual(seats.map((seat) => stacks.get(seat)));

      for (const [i, player] of players.entries()) {
        const listedByHim = await call("history.list", { limit: 5 }, { token: player.token });
        expect(listedByHim.data.hands.map((h: { handId: string }) => h.handId)).toContain(handId);
        const copy = await call("history.get", { handId }, { token: player.token });
        expect(copy.error).toBeNull();
        expect(copy.data.seat).toBe(i + 1);
        const history = parsed(copy.data.phh);
        expect(copy.data.phh).toContain("??");
        const replayed = replayHistory(history);
        expect(replayed).toMatchObject({ ok: true, matches: true });
        expect(replayed.ok && replayed.finishingStacks).toEqual(full.finishingStacks);
        expect(await verifyHistory(history)).toMatchObject({ status: "verified" });
      }
    }, 120_000);
  }
});
