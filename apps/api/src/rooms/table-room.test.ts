import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { chipsOnTable, deckLayout, deckOf, parsePhh } from "@felt/engine";
import { verifyHistory, verifyLeaves } from "@felt/fairness";
import { MAX_CLIENT_MESSAGE_BYTES, type StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import {
  buyIn,
  checkDown,
  openTable,
  openUnplayableTable,
  played,
  roomOf,
  TableClient,
  turnOf,
} from "../../test/table-client";
import { deal, headsUp, mine, storedSnapshotOf, wallet } from "../../test/table-room";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { database } from "../db/client";
import { escrowOf, HOUSE } from "../ledger/ledger";
import { STARTING_GRANT } from "../ledger/policy";
import { balanceOf } from "../ledger/wallet";

describe("TableRoom over WebSocket", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("plays a hand between two signed-up players to showdown: chips conserved, the deal verifies, ledger pays out", async () => {
    const { tableId, alice, bob, a, b } = await headsUp(admin);
    const seated = await a.until((s) => s.view.seats.filter(Boolean).length === 2);
    expect(seated.you).toEqual({ playerId: alice.id, name: alice.displayName });
    expect(seated.view.mySeat).toBe(1);
    expect(seated.nextHandAt).toBeGreaterThan(Date.now());

    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    // The deck's root comes with the deal, in the very message that deals the
    // cards: no state of this table ever showed a card of hand 1 without it.
    const dealt = await a.until((s) => s.view.handNumber === 1);
    expect(dealt.fairness?.handNumber).toBe(1);
    const root = dealt.fairness?.deal?.root;
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    // Asked for now, the proofs are of Alice's own two cards: nothing else is seen yet.
    const preflop = await a.proofs();
    if (preflop.type !== "proofs") throw new Error(`no proofs: ${preflop.code}`);
    expect(preflop).toMatchObject({ handNumber: 1, root, deckSize: 52 });
    expect(preflop.leaves.map((l) => l.card).sort()).toEqual(
      [...(mine(dealt)?.holeCards ?? [])].sort(),
    );
    expect(dealt.clock).toMatchObject({ seat: dealt.view.hand?.toAct });
    expect(mine(dealt)?.holeCards).toHaveLength(2);
    expect(dealt.view.hand?.players.find((p) => p.seat === 2)?.holeCards).toBeNull();

    // S-2: a beaten hand is mucked unless its player asked to show it; both ask, so both are
    // shown whatever the (random) deal.
    for (const client of [a, b]) {
      client.seq += 1;
      client.send({ type: "showMyHand", show: true, seq: client.seq });
      await client.until((s) => s.view.myShowMyHand);
    }
    await checkDown([a, b]);
    const end = await a.until((s) => s.view.hand?.phase === "complete");
    const stacks = end.view.seats.map((s) => s?.stack ?? 0);
    expect(stacks.reduce((x, y) => x + y, 0)).toBe(350);
    expect(end.view.hand?.players.every((p) => p.shown && p.holeCards?.length === 2)).toBe(true);

    // Every card on the table has a leaf at its place in the deck, under the root of before the deal.
    expect(end.fairness?.deal?.root).toBe(root);
    const deal = await a.proofs();
    if (deal.type !== "proofs") throw new Error(`no proofs: ${deal.code}`);
    expect(deal.root).toBe(root);
    const layout = deckLayout("holdem", 2);
    const board = [...layout.flop, layout.turn, layout.river].map((position, i) => ({
      card: end.view.hand?.board[i] as number,
      positions: [position],
    }));
    const check = await verifyLeaves({
      root: root as string,
      deckSize: 52,
      leaves: deal.leaves,
      seen: board,
    });
    expect(check).toEqual({ ok: true, proven: 5 });
    expect(deal.leaves).toHaveLength(9); // the board and both shown hands

    // Chips on the table are exactly what the ledger holds in escrow.
    const db = database(env.DB);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(
      chipsOnTable((await storedSnapshotOf(tableId)).table),
    );

    // Leaving over the socket cashes out through the ledger.
    const finalA = end.view.seats[0]?.stack ?? 0;
    const finalB = end.view.seats[1]?.stack ?? 0;
    a.command("leave");
    b.command("leave");
    await a.until((s) => s.view.seats.every((seat) => seat === null));
    await b.until((s) => s.view.seats.every((seat) => seat === null));
    await expect.poll(() => wallet(alice)).toBe(STARTING_GRANT - 200 + finalA);
    await expect.poll(() => wallet(bob)).toBe(STARTING_GRANT - 150 + finalB);
    await expect.poll(() => balanceOf(db, escrowOf(tableId))).toBe(0);

    // The hand is in both players' histories, as PHH with the deal's proof but no seed.
    const history = await call("history.list", { limit: 5 }, { token: alice.token });
    expect(history.data.hands).toEqual([
      expect.objectContaining({ handId: `${tableId}:1`, tableId, handNumber: 1, seat: 1 }),
    ]);
    const hand = await call("history.get", { handId: `${tableId}:1` }, { token: bob.token });
    const parsed = parsePhh(hand.data.phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(await verifyHistory(parsed.history)).toMatchObject({
      status: "verified",
      root,
      proven: 9,
    });
    expect(hand.data.phh).not.toMatch(/_felt_server_seed|_seed =/);
    a.close();
    b.close();
  });

  it("plays five-card draw on the 7–A deck with a joker: draws over the socket, counts public, chips conserved", async () => {
    const tableId = await openTable(admin, {
      game: "draw",
      betting: "fixed-limit",
      smallBet: 2,
      bigBet: 4,
      deck: "32",
      wild: "joker",
    });
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 150, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    await a.until((s) => s.view.seats.filter(Boolean).length === 2);
    await deal(tableId, [a, b]);
    const dealt = await a.until((s) => s.view.handNumber === 1);
    expect(dealt.view.hand).toMatchObject({ deckType: "7A", wild: "joker", needsReshuffle: false });
    expect(mine(dealt)?.holeCards).toHaveLength(5);
    const dealtCards = [...(mine(dealt)?.holeCards ?? [])];

    // Call or check the betting; in the draw, each player discards up to three cards.
    const discarded: Record<number, number> = {};
    for (;;) {
      const actor = await turnOf([a, b]);
      if (!actor) break;
      const view = actor.latest?.view;
      const legal = view?.hand?.legalActions;
      const before = view?.version ?? 0;
      if (legal?.draw) {
        const cards = view?.hand?.players.find((p) => p.seat === view.mySeat)?.holeCards ?? [];
        const count = view?.mySeat === 1 ? Math.min(3, legal.draw.max) : 0;
        discarded[view?.mySeat ?? 0] = count;
        actor.act({ type: "draw", discard: cards.slice(0, count) as number[] });
      } else if (legal?.check) actor.act({ type: "check" });
      else if (legal?.call) actor.act({ type: "call" });
      else throw new Error(`no passive action in ${JSON.stringify(legal)}`);
      await played(actor, before);
    }
    const end = await a.until((s) => s.view.hand?.phase === "complete");
    expect(discarded).toEqual({ 1: 3, 2: 0 });
    // S-3: everyone, the opponent included, sees how many cards each drew.
    const seen = await b.until((s) => s.view.hand?.phase === "complete");
    expect(seen.view.hand?.players.map((p) => [p.seat, p.drew])).toEqual([
      [1, 3],
      [2, 0],
    ]);
    const stacks = end.view.seats.map((s) => s?.stack ?? 0);
    expect(stacks.reduce((x, y) => x + y, 0)).toBe(350);
    const db = database(env.DB);
    expect(await balanceOf(db, escrowOf(tableId))).toBe(
      chipsOnTable((await storedSnapshotOf(tableId)).table),
    );

    // The 7–A deck with its joker is committed to, and each first card of seat 1 proven at its place.
    const committed = await a.proofs();
    if (committed.type !== "proofs") throw new Error(`no proofs: ${committed.code}`);
    expect(end.fairness?.deal?.root).toBe(committed.root);
    expect(committed.deckSize).toBe(deckOf({ deckType: "7A", wild: "joker" }).length);
    // Heads-up the big blind (seat 1 or 2, whoever is not the button) is dealt first.
    const position = end.view.button === 1 ? 1 : 0;
    const check = await verifyLeaves({
      root: committed.root,
      deckSize: 33,
      leaves: committed.leaves,
      seen: dealtCards.map((card, r) => ({ card, positions: [r * 2 + position] })),
    });
    // Seat 1 drew 3: he still holds 2 of his first cards, and only those are on his view.
    expect(check.proven).toBe(2);
    a.close();
    b.close();
  });

  it("T-10 the rake of a hand that saw a flop goes from the table's escrow to the house", async () => {
    // 5 % capped at 6 chips a pot, no flop no drop.
    const tableId = await openTable(admin, { rakePercent: 5, rakeCap: 6 });
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    const db = database(env.DB);
    const house = await balanceOf(db, HOUSE);
    await deal(tableId, [a, b]);
    const opener = (await turnOf([a, b])) as TableClient;
    opener.act({ type: "betOrRaiseTo", amount: 40 });
    await played(opener, opener.latest?.view.version ?? 0);
    await checkDown([a, b]);
    const end = await a.until((s) => s.view.hand?.phase === "complete");
    const settled = end.events.find((e) => e.type === "handSettled");
    expect(settled).toMatchObject({ rake: 4 }); // 5 % of the 80-chip pot
    expect(end.view.seats.reduce((sum, s) => sum + (s?.stack ?? 0), 0)).toBe(400 - 4);
    await expect.poll(() => balanceOf(db, HOUSE)).toBe(house + 4);
    await expect.poll(async () => balanceOf(db, escrowOf(tableId))).toBe(396);
    expect(chipsOnTable((await storedSnapshotOf(tableId)).table)).toBe(396);
    a.close();
    b.close();
  });

  it("refuses stale, duplicate, out-of-turn, spectator and garbage messages, changing nothing", async () => {
    const { tableId, alice, bob, a, b } = await headsUp(admin);
    await deal(tableId, [a, b]);
    const actor = (await turnOf([a, b])) as TableClient;
    const other = actor === a ? b : a;
    const watcher = await TableClient.open(tableId);
    await watcher.until((s) => s.view.handNumber === 1);
    const before = await storedSnapshotOf(tableId);
    const version = before.table.version;

    const outOfTurn = other.act({ type: "call" });
    expect(await other.nextError()).toMatchObject({ code: "not_your_turn", seq: outOfTurn });
    const stale = actor.act({ type: "call" }, version - 1);
    expect(await actor.nextError()).toMatchObject({ code: "stale_version", seq: stale });
    actor.act({ type: "betOrRaiseTo", amount: 1 });
    const short = await actor.nextError();
    expect(short.code).toMatch(/^below_min/);
    // The limits the engine's English quotes come as params, for the client to word.
    expect(short.message).toContain(String(short.params?.min));
    expect(short.params).toEqual({ min: expect.any(Number), max: expect.any(Number) });
    watcher.act({ type: "fold" });
    expect(await watcher.nextError()).toMatchObject({ code: "sign_in_required" });
    for (const garbage of [
      "{",
      "null",
      '{"type":"act","action":{"type":"allin"},"expectedVersion":0,"seq":99}',
      '{"type":"act","action":{"type":"fold"},"expectedVersion":0,"seq":-1}',
      '{"type":"sync","x":1}',
    ]) {
      actor.send(garbage);
      expect(await actor.nextError()).toMatchObject({ code: "malformed_message", seq: null });
    }
    actor.socket.send(new Uint8Array([1, 2, 3]));
    expect(await actor.nextError()).toMatchObject({ code: "malformed_message" });
    actor.send(`"${"x".repeat(MAX_CLIENT_MESSAGE_BYTES)}"`);
    expect(await actor.nextError()).toMatchObject({ code: "message_too_large" });
    expect(await storedSnapshotOf(tableId)).toEqual(before);

    // A call goes through once; the very same message again is a duplicate.
    const message = { type: "act", action: { type: "call" }, expectedVersion: version, seq: 1000 };
    actor.send(message);
    await actor.until((s) => s.view.version === version + 1);
    const after = await storedSnapshotOf(tableId);
    actor.send(message);
    expect(await actor.nextError()).toMatchObject({ code: "duplicate_message", seq: 1000 });
    // ...also from a new connection of the same player (a resend after a reconnect).
    const again = await TableClient.open(tableId, { token: (actor === a ? alice : bob).token });
    await again.until((s) => s.view.version === version + 1);
    again.send(message);
    expect(await again.nextError()).toMatchObject({ code: "duplicate_message", seq: 1000 });
    expect(await storedSnapshotOf(tableId)).toEqual(after);
    again.close();

    // A sync is a fresh snapshot, and changes nothing.
    other.send({ type: "sync" });
    const synced = (await other.next(
      (m, wire) => wire.type === "state" && m.type === "state" && m.view.version === version + 1,
    )) as StateMessage;
    expect(synced.view.version).toBe(version + 1);
    for (const c of [a, b, watcher]) c.close();
  });

  it("an action decided before another player's auto-rebuy still counts; one decided before the hand moved is stale", async () => {
    const { tableId, a, b } = await headsUp(admin);
    await deal(tableId, [a, b]);
    const actor = (await turnOf([a, b])) as TableClient;
    const other = actor === a ? b : a;
    const decidedOn = actor.latest?.view.version ?? -1;
    // While the actor thinks, the other player sets his auto-rebuy: the table moves on, the hand does not.
    other.seq += 1;
    other.send({ type: "autoRebuy", upTo: 150, seq: other.seq });
    await other.until((s) => s.view.myAutoRebuy === 150);
    await actor.until((s) => s.view.version === decidedOn + 1);
    actor.act({ type: "call" }, decidedOn);
    const called = await other.until((s) => s.view.version === decidedOn + 2);
    expect(called.view.hand?.legalActions).toBeTruthy();
    // The other player's check decided before that call is stale: the hand changed under it.
    const stale = other.act({ type: "check" }, decidedOn + 1);
    expect(await other.nextError()).toMatchObject({
      code: "stale_version",
      seq: stale,
      params: { version: decidedOn + 2, expected: decidedOn + 1 },
    });
    // A version the table has not reached is no better.
    other.act({ type: "check" }, decidedOn + 3);
    expect(await other.nextError()).toMatchObject({ code: "stale_version" });
    other.act({ type: "check" });
    await actor.until((s) => s.view.version === decidedOn + 3 && s.view.hand?.board.length === 3);
    a.close();
    b.close();
  });

  it("a second tab of the same player replaces the first, which is told and closed", async () => {
    const tableId = await openTable(admin);
    const carol = await newPlayer();
    await buyIn(carol, tableId, 100);
    const first = await TableClient.open(tableId, { token: carol.token });
    await first.until((s) => s.you?.playerId === carol.id);
    const second = await TableClient.open(tableId, { token: carol.token });
    expect(await first.nextError()).toMatchObject({ code: "replaced" });
    await first.until(() => first.closed !== null).catch(() => undefined);
    await expect.poll(() => first.closed?.code).toBe(4001);
    const fresh = await second.until((s) => s.you?.playerId === carol.id);
    expect(fresh.view.mySeat).toBe(1);
    // The new tab plays; the replaced one cannot.
    second.command("sitOut");
    await second.until((s) => s.view.seats[0]?.status === "sittingOut");
    second.close();
  });

  it("spectators (no session) are welcome and see no hole cards; a forged user header is ignored", async () => {
    const { tableId, alice, a, b } = await headsUp(admin);
    const watcher = await TableClient.open(tableId);
    const forger = await TableClient.open(tableId, {
      headers: { "X-Felt-User-Id": alice.id, "X-Felt-User-Name": "alice" },
    });
    await deal(tableId, [a, b, watcher, forger]);
    for (const spectator of [watcher, forger]) {
      const view = spectator.latest as StateMessage;
      expect(view.you).toBeNull();
      expect(view.view.mySeat).toBeNull();
      expect(view.view.hand?.legalActions).toBeNull();
      expect(view.view.hand?.players.map((p) => p.holeCards)).toEqual([null, null]);
      for (const { message } of spectator.received) {
        if (message.type !== "state") continue;
        for (const e of message.events) {
          if (e.type === "handEvent" && e.event.type === "holeCardsDealt")
            expect(e.event.cards).toBeNull();
        }
      }
    }
    // Alice's own socket is still hers: the forged one did not replace it.
    expect(a.closed).toBeNull();
    expect(mine(a.latest as StateMessage)?.holeCards).toHaveLength(2);
    // Browsers: the session cookie counts from the web app's origin, not from another site.
    const cookie = `felt_session=${alice.token}`;
    const fromSite = await TableClient.open(tableId, {
      headers: { Cookie: cookie, Origin: "http://127.0.0.1:3000" },
    });
    expect((await fromSite.until(() => true)).you?.playerId).toBe(alice.id);
    expect(await a.nextError()).toMatchObject({ code: "replaced" });
    const fromElsewhere = await TableClient.open(tableId, {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect((await fromElsewhere.until(() => true)).you).toBeNull();
    const expired = await exports.default.fetch(`http://api.test/ws/table/${tableId}`, {
      headers: { Upgrade: "websocket", Authorization: `Bearer ${"x".repeat(43)}` },
    });
    expect(expired.status).toBe(401);
    for (const c of [a, b, watcher, forger, fromSite, fromElsewhere]) c.close();
  });

  it("404s unknown tables and 426s plain HTTP", async () => {
    const unknown = await exports.default.fetch("http://api.test/ws/table/atlantis", {
      headers: { Upgrade: "websocket" },
    });
    expect(unknown.status).toBe(404);
    const plain = await exports.default.fetch("http://api.test/ws/table/aurora");
    expect(plain.status).toBe(426);
  });

  it("a table whose game cannot be played yet says so and closes the socket", async () => {
    const tableId = await openUnplayableTable(admin);
    const wild = await TableClient.open(tableId);
    expect(await wild.nextError()).toMatchObject({ code: "game_unavailable" });
    await expect.poll(() => wild.closed?.code).toBe(4004);
  });
});
