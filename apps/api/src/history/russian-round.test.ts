import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { STANDARD_DECK } from "@felt/engine";
import { commitDeal, commitmentOf, seedFromHex } from "@felt/fairness";
import type { RussianStateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { openRussianTable, RussianClient, russianRoomOf } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import { buyIn } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { runPlans } from "../db/plans";
import { deliveryPlan } from "../rooms/outbox-delivery";
import { type RussianRoundRecord, russianHandRecord } from "./russian-round";

const phaseOf = (s: RussianStateMessage) => s.view.round?.phase ?? null;

type Listed = { handId: string; kind: string; handNumber: number; seat: number; net: number };
const myHands = async (p: Player) =>
  (await call("history.list", undefined, { token: p.token })).data.hands as Listed[];

describe("Russian poker rounds in My hands (docs/russian-rounds.md)", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it("RP-1 RP-9 a settled round is listed beside poker hands; each player reads his own boxes and the revealed dealer", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 2000);
    await buyIn(bob, tableId, 2000);
    const a = await RussianClient.open(tableId, alice);
    const b = await RussianClient.open(tableId, bob);
    await a.until((s) => phaseOf(s) === "betting");
    await b.until((s) => phaseOf(s) === "betting");
    // Alice: an open box with a bonus and a closed one (RP-1: her third box); Bob: one open box.
    expect(await a.decide({ type: "placeBets", box: 0, ante: 10, bonus: 5 })).toBeNull();
    expect(await a.decide({ type: "placeBets", box: 1, ante: 10 })).toBeNull();
    expect(await a.decide({ type: "placeBets", box: 2, ante: 10 })).toBeNull();
    expect(await b.decide({ type: "placeBets", box: 4, ante: 20 })).toBeNull();
    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    expect(await b.sendAndWait({ type: "ready" })).toBeNull();
    await a.until((s) => phaseOf(s) === "decisions");
    expect(await a.decide({ type: "play", box: 0 })).toBeNull();
    expect(await a.decide({ type: "fold", box: 1 })).toBeNull();
    expect(await b.decide({ type: "play", box: 4 })).toBeNull();
    // Every box has decided: the dealer reveals; with no game the playing boxes choose (RP-8),
    // and the clock takes the ANTE for them. (Firing the alarm after the settlement would
    // open the next round instead: so only when the choices are waiting.)
    const revealed = await a.until((s) => ["settled", "noGameChoices"].includes(phaseOf(s) ?? ""));
    if (phaseOf(revealed) === "noGameChoices") await runDurableObjectAlarm(russianRoomOf(tableId));
    const end = await a.until((s) => phaseOf(s) === "settled" && s.view.roundNumber === 1);
    const settlements = end.view.round?.settlements ?? [];
    const handId = `${tableId}:1`;

    await expect
      .poll(async () => (await myHands(alice)).find((h) => h.handId === handId), {
        timeout: 10_000,
      })
      .toBeDefined();
    const listed = (await myHands(alice)).find((h) => h.handId === handId) as Listed;
    const aliceNet = settlements
      .filter((s) => s.playerId === alice.id)
      .reduce((sum, s) => sum + s.toPlayer, 0);
    expect(listed).toMatchObject({ kind: "russian", handNumber: 1, seat: 1 });
    expect(listed.net).toBe(aliceNet - (15 + 10 + 30 + 20));

    const got = await call("history.get", { handId }, { token: alice.token });
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ kind: "russian", phh: null, handNumber: 1 });
    const round = got.data.round as RussianRoundRecord;
    expect(round.format).toBe("felt-russian-round/1");
    expect(round.boxes.map((box) => [box.box, box.closed])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // Never Bob's box: not its cards, not his id.
    expect(JSON.stringify(got.data)).not.toContain(bob.id);
    const [open, folded, closed] = round.boxes;
    expect(open?.decisions[0]).toMatchObject({ type: "play", insurance: 0 });
    expect(folded?.decisions).toEqual([{ type: "fold" }]);
    expect(folded?.outcome).toBe("folded");
    expect(folded?.combinations).toBeNull();
    expect(closed?.decisions).toEqual([]);
    expect(open?.fields.bonus.stake).toBe(5);
    for (const box of round.boxes) {
      expect(box.dealt).toHaveLength(5);
      expect(box.staked).toBe(Object.values(box.fields).reduce((sum, f) => sum + f.stake, 0));
      expect(box.net).toBe(box.toPlayer - box.staked);
      const settled = settlements.find((s) => s.box === box.box - 1);
      expect(box.toPlayer).toBe(settled?.toPlayer);
    }
    // The dealer's hand is public once revealed (two boxes played).
    expect(round.dealer.revealed).toBe(true);
    expect(round.dealer.cards).toHaveLength(5);
    expect(round.dealer.cards).toContain(round.dealer.upCard);
    expect(round.rules.minAnte).toBe(5);

    const bobs = await call("history.get", { handId }, { token: bob.token });
    expect((bobs.data.round as RussianRoundRecord).boxes.map((box) => box.box)).toEqual([5]);
    expect(bobs.data.round.dealer).toEqual(round.dealer);
    const stranger = await newPlayer();
    const none = await call("history.get", { handId }, { token: stranger.token });
    expect(none.error?.reason).toBe("no_hand");

    // The auditor's copy has every box.
    const admin = await newAdmin();
    const audit = await call("history.audit", { handId }, { token: admin.token });
    expect(
      (audit.data.russianRound as RussianRoundRecord).boxes.map((box) => box.playerId),
    ).toEqual([alice.id, alice.id, alice.id, bob.id]);

    // The deal's commitments: the player's copy has those published before the bets, never
    // the seed; the auditor's seed matches its commitment and rebuilds the published root.
    const published = a.received.find(
      (r) => r.message.type === "russianState" && r.message.fairness?.roundNumber === 1,
    )?.message as RussianStateMessage;
    const { seedCommitment, root } = published.fairness ?? {};
    expect(round.fairness).toEqual({ scheme: "felt-merkle-v1", seedCommitment, root });
    expect(JSON.stringify(got.data)).not.toMatch(/"seed"/);
    const audited = (audit.data.russianRound as RussianRoundRecord).fairness;
    const seed = seedFromHex(audited?.seed ?? "");
    if (!seed) throw new Error("the auditor's copy has no seed");
    expect(await commitmentOf(seed)).toBe(seedCommitment);
    const deal = await commitDeal({
      serverSeed: seed,
      hand: 1,
      clientSeeds: [],
      cards: STANDARD_DECK,
    });
    expect(deal.root).toBe(root);

    // Delivered again (a retry after a crash): still one row per player, unchanged.
    const record = russianHandRecord(audit.data.russianRound as RussianRoundRecord);
    const item = { kind: "history" as const, key: "history:1", record };
    const counts = { playersSeated: 2, averagePot: null };
    const db = database(env.DB);
    expect(await runPlans(db, [deliveryPlan(db, tableId, item, counts)])).toEqual(["done"]);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM hand_history_players WHERE hand_id = ?",
    )
      .bind(handId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
    expect((await myHands(alice)).filter((h) => h.handId === handId)).toEqual([listed]);
    for (const c of [a, b]) c.close();
  }, 60_000);
});
