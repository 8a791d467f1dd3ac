import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { formatCard } from "@felt/engine";
import type { RussianStateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { openRussianTable, RussianClient, russianRoomOf } from "../../../test/russian-client";
import {
  db,
  escrowMatchesTable,
  expectProofs,
  phaseOf,
  runClockOut,
  settled,
  stored,
  wallet,
} from "../../../test/russian-room";
import { seedDemo } from "../../../test/seed";
import { buyIn } from "../../../test/table-client";
import { call, newAdmin, newPlayer, snapshot } from "../../../test/trpc";
import { HOUSE } from "../../ledger/ledger";
import { balanceOf } from "../../ledger/wallet";
import type { RussianRoom } from "./russian-room";
import { RussianStorage } from "./russian-storage";

describe("a Russian poker table (RP-1 … RP-12), served by its room", () => {
  beforeAll(async () => {
    await seedDemo(env.DB);
  });

  it("RP-1 an open and a closed box: bets, the deal, decisions and the house's settlement through the ledger", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    const seated = await buyIn(alice, tableId, 1000);
    expect(seated).toMatchObject({ seat: 1, stack: 1000 });
    const houseBefore = await balanceOf(db(), HOUSE);
    const a = await RussianClient.open(tableId, alice);
    const watcher = await RussianClient.open(tableId);
    const betting = await a.until((s) => phaseOf(s) === "betting");
    expect(betting.view.roundNumber).toBe(1);
    // The commitments come with the round, before any bet; no card is seen yet.
    expect(betting.fairness).toMatchObject({ roundNumber: 1, scheme: "felt-merkle-v1" });
    expect((await expectProofs(a, true)).leaves).toEqual([]);
    expect(betting.fairness?.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(betting.fairness?.root).toMatch(/^[0-9a-f]{64}$/);

    expect(await a.decide({ type: "placeBets", box: 0, ante: 10, bonus: 5 })).toBeNull();
    expect(await a.decide({ type: "placeBets", box: 1, ante: 10 })).toBeNull();
    // RP-1: the third box is closed: ANTE and BET at once.
    expect(await a.decide({ type: "placeBets", box: 2, ante: 10 })).toBeNull();
    const placed = a.latest as RussianStateMessage;
    expect(placed.view.round?.boxes[2]).toMatchObject({ closed: true, ante: 10, bet: 20 });
    expect(placed.view.seats[0]?.chips).toBe(1000 - 15 - 10 - 30);
    expect(placed.clock?.phase).toBe("betting");

    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    const dealt = await a.until((s) => phaseOf(s) === "decisions");
    const round = dealt.view.round as NonNullable<RussianStateMessage["view"]["round"]>;
    expect(round.boxes[0]?.cards).toHaveLength(5);
    expect(round.boxes[1]?.cards).toHaveLength(5);
    // A closed box is played blind, face down to its owner too.
    expect(round.boxes[2]?.cards).toBeNull();
    expect(round.dealer.upCard).not.toBeNull();
    expect(round.dealer.cards).toBeNull();
    expect(dealt.clock?.phase).toBe("decisions");
    const seen = await watcher.until((s) => phaseOf(s) === "decisions");
    expect(seen.view.round?.boxes.every((box) => box.cards === null)).toBe(true);
    expect(seen.view.round?.legalActions).toEqual([]);
    // Alice has the leaves of her two open boxes and the dealer's up card; the rail only the up card's.
    expect((await expectProofs(a, true)).leaves).toHaveLength(11);
    expect((await expectProofs(watcher, true)).leaves).toHaveLength(1);

    expect(await a.decide({ type: "play", box: 0 })).toBeNull();
    expect(await a.decide({ type: "fold", box: 1 })).toBeNull();
    const end = await runClockOut(tableId, a);
    // Settled: proofs of what each sees, none of the folded box's cards to the rail; never the seed.
    await expectProofs(a, true);
    await watcher.until(settled);
    const railProofs = await expectProofs(watcher, true);
    const folded = new Set(round.boxes[1]?.cards ?? []);
    expect(folded.size).toBe(5);
    expect(railProofs.leaves.some((l) => folded.has(formatCard(l.card)))).toBe(false);
    for (const { raw } of [...a.received, ...watcher.received]) expect(raw).not.toMatch(/"seed"/);
    const settlements = end.view.round?.settlements ?? [];
    expect(settlements.map((s) => s.box)).toEqual([0, 1, 2]);
    expect(settlements[1]?.outcome).toBe("folded");
    const houseResult = end.view.round?.houseResult ?? 0;
    expect(end.view.seats[0]?.chips).toBe(1000 - houseResult);

    // The house's money moved box by box through the ledger.
    await escrowMatchesTable(tableId);
    await expect.poll(() => balanceOf(db(), HOUSE)).toBe(houseBefore + houseResult);
    const transfers = await env.DB.prepare(
      "SELECT kind, idempotency_key AS key FROM transfers WHERE idempotency_key LIKE ? ORDER BY id",
    )
      .bind(`house_%:${tableId}:%`)
      .all<{ kind: string; key: string }>();
    expect(transfers.results.map((t) => t.key)).toContain(`house_stake:${tableId}:r1:b1`);
    expect(transfers.results.filter((t) => t.kind === "house_stake")).toHaveLength(3);
    for (const c of [a, watcher]) c.close();
  });

  it("table chat: a seated player's line reaches the rail; spectators read but may not write; the admin turns it off", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    await buyIn(alice, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    const watcher = await RussianClient.open(tableId);
    await a.until((s) => phaseOf(s) !== null);
    // A line taken brings no new state, only the chat message: so sent without waiting for one.
    a.seq += 1;
    a.socket.send(JSON.stringify({ type: "chat", text: "  удачи\nвсем ", seq: a.seq }));
    await expect.poll(() => watcher.chat.map((l) => l.text)).toEqual(["удачи всем"]);
    expect(watcher.chat[0]).toMatchObject({ playerId: alice.id, seat: 1 });
    expect((await watcher.sendAndWait({ type: "chat", text: "hi" }))?.code).toBe(
      "sign_in_required",
    );
    expect((await a.sendAndWait({ type: "chat", text: "" }))?.code).toBe("chat_empty");

    const admin = await newAdmin();
    const row = await env.DB.prepare("SELECT stake_id FROM tables WHERE id = ?")
      .bind(tableId)
      .first<{ stake_id: string }>();
    const stake = {
      name: `Russian ${row?.stake_id}`,
      game: "russian",
      betting: "no-limit",
      smallBlind: 5,
      bigBlind: 50,
      seats: 4,
      chat: "off",
    };
    const updated = await call(
      "admin.stakes.update",
      { id: row?.stake_id, stake },
      { token: admin.token },
    );
    expect(updated.error).toBeNull();
    // Off at once, on the open table: the lines are gone and a new one is refused.
    await expect.poll(() => watcher.chat.length).toBe(0);
    expect((await a.sendAndWait({ type: "chat", text: "anyone?" }))?.code).toBe("chat_off");
    for (const c of [a, watcher]) c.close();
  });

  it("bad input gets a clear code and changes nothing", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 1000);
    await buyIn(bob, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    const b = await RussianClient.open(tableId, bob);
    const spectator = await RussianClient.open(tableId);
    await a.until((s) => phaseOf(s) === "betting");
    expect(await a.decide({ type: "placeBets", box: 0, ante: 10 })).toBeNull();
    await b.until((s) => s.view.round?.boxes[0]?.ownerId === alice.id);

    const before = await snapshot();
    const version = (await stored(tableId))?.table.version;
    const refusals: [Promise<{ code: string } | null>, string][] = [
      // Out of turn: no decisions before the deal.
      [a.decide({ type: "fold", box: 0 }), "wrong_phase"],
      // Someone else's box.
      [b.decide({ type: "clearBets", box: 0 }), "not_your_box"],
      [b.decide({ type: "placeBets", box: 0, ante: 10 }), "box_taken"],
      // RP-1: the table's ANTE limits, and the same ANTE on all of a player's boxes.
      [b.decide({ type: "placeBets", box: 3, ante: 51 }), "ante_out_of_range"],
      [b.decide({ type: "placeBets", box: 3, ante: 4 }), "ante_out_of_range"],
      // RP-2: the bonus is at most the ANTE.
      [b.decide({ type: "placeBets", box: 3, ante: 10, bonus: 11 }), "bonus_too_large"],
      [b.decide({ type: "placeBets", box: 3, ante: 10 }, 7), "stale_round"],
      [spectator.decide({ type: "placeBets", box: 3, ante: 10 }), "sign_in_required"],
    ];
    for (const [reply, code] of refusals) expect((await reply)?.code).toBe(code);
    for (const text of [
      '{"type":"decide","decision":{"type":"placeBets","box":3,"ante":10.5},"round":1,"seq":1}',
      '{"type":"decide","decision":{"type":"placeBets","box":3,"ante":-10},"round":1,"seq":1}',
      '{"type":"decide","decision":{"type":"placeBets","box":3,"ante":NaN},"round":1,"seq":1}',
      '{"type":"decide","decision":{"type":"placeBets","box":6,"ante":10},"round":1,"seq":1}',
      '{"type":"decide","decision":{"type":"placeBets","box":3,"ante":"10"},"round":1,"seq":1}',
    ]) {
      expect((await b.sendRaw(text))?.code).toBe("malformed_message");
    }
    expect((await stored(tableId))?.table.version).toBe(version);
    expect(await snapshot()).toEqual(before);

    // Replayed: the same message number again is refused, never applied twice.
    expect(await b.decide({ type: "placeBets", box: 3, ante: 10 })).toBeNull();
    b.seq -= 1;
    expect(
      (await b.sendAndWait({ type: "decide", decision: { type: "clearBets", box: 3 }, round: 1 }))
        ?.code,
    ).toBe("duplicate_message");
    expect((await stored(tableId))?.table.round?.boxes[3]?.ownerId).toBe(bob.id);
    for (const c of [a, b, spectator]) c.close();
  });

  it("nothing hidden leaves the room: the dealer's hole cards, the stub, closed boxes and other players' boxes", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 2000);
    await buyIn(bob, tableId, 2000);
    const a = await RussianClient.open(tableId, alice);
    const b = await RussianClient.open(tableId, bob);
    const spectator = await RussianClient.open(tableId);
    for (let round = 1; round <= 3; round++) {
      await a.until((s) => phaseOf(s) === "betting" && s.view.roundNumber === round);
      await b.until((s) => phaseOf(s) === "betting" && s.view.roundNumber === round);
      for (const [client, boxes] of [
        [a, [0, 1, 2]],
        [b, [3, 4]],
      ] as const) {
        for (const box of boxes) {
          expect(await client.decide({ type: "placeBets", box, ante: 5 })).toBeNull();
        }
      }
      expect(await a.sendAndWait({ type: "ready" })).toBeNull();
      expect(await b.sendAndWait({ type: "ready" })).toBeNull();
      await a.until((s) => phaseOf(s) === "decisions");
      const exchange = a.latest?.view.round?.legalActions.find((x) => x.type === "exchange");
      const cards = a.latest?.view.round?.boxes[0]?.cards ?? [];
      if (exchange) {
        expect(await a.decide({ type: "exchange", box: 0, cards: cards.slice(0, 2) })).toBeNull();
      }
      // Each asks for the proofs of what he sees, the exchange's new cards among them.
      for (const client of [a, b, spectator]) await expectProofs(client, false);
      await runClockOut(tableId, a);
      await b.until(settled);
      await spectator.until(settled);
      await escrowMatchesTable(tableId);
      await runDurableObjectAlarm(russianRoomOf(tableId));
    }

    // The feed: the deltas each socket folded lead to exactly the whole state `sync` sends now.
    for (const client of [a, b, spectator]) {
      const folded = client.latest as RussianStateMessage;
      const deltas = client.received.filter((r) => r.raw.startsWith('{"type":"russianDelta"'));
      expect(deltas.length).toBeGreaterThan(10);
      const before = client.received.length;
      client.socket.send(JSON.stringify({ type: "sync" }));
      const whole = (r: { raw: string }) => r.raw.startsWith('{"type":"russianState"');
      await expect.poll(() => client.received.slice(before).some(whole)).toBe(true);
      expect(client.latest).toEqual(folded);
    }

    // Audit every message each socket received, as text, against what the room hides.
    const rounds = (await stored(tableId))?.table.roundNumber ?? 0;
    expect(rounds).toBe(4);
    const events = await runInDurableObject(russianRoomOf(tableId), (_: RussianRoom, state) =>
      new RussianStorage(state.storage).events(),
    );
    const dealtByRound = new Map<number, string[]>();
    for (const row of events) {
      if (row.event.type === "roundEvent" && row.event.event.type === "dealerRevealed") {
        dealtByRound.set(row.roundNumber, row.event.event.cards.map(formatCard));
      }
    }
    for (const [client, viewer] of [
      [a, alice.id],
      [b, bob.id],
      [spectator, null],
    ] as const) {
      for (const { raw, message } of client.received) {
        expect(raw).not.toMatch(/"stub"|"discards"|"deck"/);
        if (message.type !== "russianState") continue;
        const r = message.view.round;
        if (!r) continue;
        expect(raw).not.toMatch(/"seed"/);
        if (r.dealer.cards === null) {
          const hidden = (dealtByRound.get(message.view.roundNumber) ?? []).filter(
            (card) => card !== r.dealer.upCard,
          );
          for (const card of hidden) expect(raw).not.toContain(`"${card}"`);
        }
        for (const box of r.boxes) {
          const mayLook = r.phase === "settled" || (box.ownerId === viewer && !box.closed);
          if (!mayLook) expect(box.cards).toBeNull();
        }
      }
    }
    for (const c of [a, b, spectator]) c.close();
  });

  it("a crash between the decisions and the settlement finishes the round with nothing lost", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 1000);
    await buyIn(bob, tableId, 1200);
    const a = await RussianClient.open(tableId, alice);
    const b = await RussianClient.open(tableId, bob);
    await a.until((s) => phaseOf(s) === "betting");
    expect(await a.decide({ type: "placeBets", box: 0, ante: 20, bonus: 10 })).toBeNull();
    expect(await a.decide({ type: "placeBets", box: 1, ante: 20 })).toBeNull();
    expect(await b.decide({ type: "placeBets", box: 4, ante: 10 })).toBeNull();
    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    expect(await b.sendAndWait({ type: "ready" })).toBeNull();
    await a.until((s) => phaseOf(s) === "decisions");
    expect(await a.decide({ type: "play", box: 0 })).toBeNull();
    const cut = a.latest as RussianStateMessage;
    await escrowMatchesTable(tableId);

    await abortAllDurableObjects();
    await expect.poll(() => a.closed !== null && b.closed !== null).toBe(true);

    const a2 = await RussianClient.open(tableId, alice);
    const resumed = await a2.until(() => true);
    expect(resumed.view).toEqual(cut.view);
    expect(resumed.clock).toEqual(cut.clock);
    expect(resumed.fairness).toEqual(cut.fairness);
    const end = await runClockOut(tableId, a2);
    const houseResult = end.view.round?.houseResult ?? 0;
    const chips = end.view.seats.reduce((sum, s) => sum + s.chips, 0);
    expect(chips + houseResult).toBe(2200);
    await escrowMatchesTable(tableId);

    // Leaving pays the whole stack back to the wallet.
    const before = await wallet(alice);
    const left = await call(
      "cashier.cashOut",
      { tableId, idempotencyKey: crypto.randomUUID() },
      { token: alice.token },
    );
    expect(left.error).toBeNull();
    const stack = end.view.seats.find((s) => s.playerId === alice.id)?.chips ?? 0;
    expect(left.data).toMatchObject({ cashedOut: stack, leavingAfterHand: false });
    expect(await wallet(alice)).toBe(before + stack);
    await escrowMatchesTable(tableId);
    a2.close();
  });

  it("a player who leaves with boxes in play is paid out when the round is settled", async () => {
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    await buyIn(alice, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    await a.until((s) => phaseOf(s) === "betting");
    expect(await a.decide({ type: "placeBets", box: 0, ante: 10 })).toBeNull();
    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    await a.until((s) => phaseOf(s) === "decisions");
    const before = await wallet(alice);
    const left = await call(
      "cashier.cashOut",
      { tableId, idempotencyKey: crypto.randomUUID() },
      { token: alice.token },
    );
    expect(left.data).toMatchObject({ cashedOut: 0, leavingAfterHand: true });
    const end = await runClockOut(tableId, a);
    // The clock folded the undecided box: the ANTE is lost, the rest goes home.
    expect(end.view.round?.settlements[0]?.outcome).toBe("folded");
    expect(end.view.seats).toEqual([]);
    await expect.poll(() => wallet(alice)).toBe(before + 990);
    await escrowMatchesTable(tableId);
    a.close();
  });
});
