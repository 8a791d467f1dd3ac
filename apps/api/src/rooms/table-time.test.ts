import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { StateMessage } from "@felt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, roomOf, TableClient } from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { STARTING_GRANT } from "../ledger/policy";
import type { RoomEvent } from "./room-storage";
import { RoomStorage } from "./room-storage";
import type { TableRoom } from "./table-room";

const wallet = async (p: Player) =>
  (await call("cashier.balance", undefined, { token: p.token })).data.balance as number;

const fire = (tableId: string) => runDurableObjectAlarm(roomOf(env, tableId));

const handEvents = (s: StateMessage) =>
  s.events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

describe("the room's clock (alarms)", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("times out a slow player (check or fold), spends his time bank, sits him out after two, and cashes him out after 10 minutes out", async () => {
    // 20 s to act, a 30 s time bank.
    const tableId = await openTable(admin, { actionSeconds: 20, timeBankSeconds: 30 });
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 100, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    expect(await fire(tableId)).toBe(true);

    // Hand 1: heads-up the button (alice, seat 1) posts the small blind and acts first.
    const dealt = await a.until((s) => s.view.handNumber === 1);
    expect(dealt.view.hand?.toAct).toBe(1);
    const clock = dealt.clock;
    expect(clock).not.toBeNull();
    expect((clock?.timesOutAt ?? 0) - (clock?.actionEndsAt ?? 0)).toBe(30_000);
    // Alice's connection drops: she is a slow player, not a leaver.
    a.close();
    expect(await fire(tableId)).toBe(true);
    const folded = await b.until((s) => s.view.hand?.phase === "complete");
    expect(handEvents(folded)).toContainEqual({ type: "folded", seat: 1, timedOut: true });
    expect(folded.view.seats[0]).toMatchObject({ status: "active", stack: 99 });

    // Hand 2: bob (button now) calls; alice, with no bank left, checks on her clock's end.
    expect(await fire(tableId)).toBe(true);
    await b.until((s) => s.view.handNumber === 2 && s.view.hand?.toAct === 2);
    b.act({ type: "call" });
    const aliceToAct = await b.until((s) => s.view.hand?.toAct === 1);
    expect(aliceToAct.clock?.timesOutAt).toBe(aliceToAct.clock?.actionEndsAt);
    expect(await fire(tableId)).toBe(true);
    const sat = await b.until((s) => s.view.seats[0]?.status === "sittingOut");
    expect(sat.events).toContainEqual({ type: "playerSatOut", seat: 1, reason: "timeouts" });
    expect(handEvents(sat)).toContainEqual({ type: "checked", seat: 1, timedOut: true });

    // She is still in this hand: bob checks it down, her turns time out.
    for (;;) {
      const s = b.latest as StateMessage;
      if (s.view.hand?.phase === "complete") break;
      const v = s.view.version;
      if (s.view.hand?.toAct === 2) {
        b.act({ type: "check" });
      } else {
        expect(await fire(tableId)).toBe(true);
      }
      await b.until((x) => x.view.version > v);
    }
    const over = await b.until((s) => s.view.hand?.phase === "complete");
    expect(over.nextHandAt).toBeNull(); // one player sitting in: no next hand
    const left = over.view.seats[0]?.stack ?? 0;

    // Ten minutes out: she is cashed out and her seat freed.
    expect(await fire(tableId)).toBe(true);
    const gone = await b.until((s) => s.view.seats[0] === null);
    expect(gone.events).toContainEqual(
      expect.objectContaining({ type: "playerLeft", seat: 1, playerId: alice.id, cashOut: left }),
    );
    await expect.poll(() => wallet(alice)).toBe(STARTING_GRANT - 100 + left);
    const lobby = (await call("lobby.tables")).data as Array<{ id: string; playersSeated: number }>;
    expect(lobby.find((t) => t.id === tableId)?.playersSeated).toBe(1);
    b.close();
  });

  it("the time bank refills by N seconds every M hands, up to the stake's bank (bug 10: it never refilled)", async () => {
    // 20 s to act, a 30 s bank refilled by 10 s every 2 hands.
    const tableId = await openTable(admin, {
      actionSeconds: 20,
      timeBankSeconds: 30,
      timeBankRefillSeconds: 10,
      timeBankRefillHands: 2,
      seats: 2,
    });
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 100, 1);
    await buyIn(bob, tableId, 100, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    /** Alice's bank when her clock starts in hand `n`: the time between action time's end and the time-out. */
    const aliceBankIn = async (n: number) => {
      const s = await a.until((x) => x.view.handNumber === n && x.view.hand?.toAct === 1);
      return (s.clock?.timesOutAt ?? 0) - (s.clock?.actionEndsAt ?? 0);
    };
    const foldOut = async (client: TableClient, seat: number, n: number) => {
      const s = await client.until((x) => x.view.handNumber === n && x.view.hand?.toAct === seat);
      client.act({ type: "fold" });
      await client.until(
        (x) => x.view.version > s.view.version && x.view.hand?.phase === "complete",
      );
    };

    // Hand 1: alice (button, first to act heads-up) times out and spends her whole bank.
    expect(await fire(tableId)).toBe(true);
    expect(await aliceBankIn(1)).toBe(30_000);
    expect(await fire(tableId)).toBe(true);
    await b.until((s) => s.view.handNumber === 1 && s.view.hand?.phase === "complete");
    // Hand 2 (bob first): her second hand at the table refills 10 s.
    expect(await fire(tableId)).toBe(true);
    await foldOut(b, 2, 2);
    const banks: number[] = [];
    for (let hand = 3; hand <= 9; hand++) {
      expect(await fire(tableId)).toBe(true);
      if (hand % 2 === 1) {
        banks.push(await aliceBankIn(hand));
        await foldOut(a, 1, hand);
      } else {
        await foldOut(b, 2, hand);
      }
    }
    // Hands 3, 5, 7, 9: +10 s after every second hand, and never above the 30 s bank.
    expect(banks).toEqual([10_000, 20_000, 30_000, 30_000]);
    a.close();
    b.close();
  });

  it("T-6 auto-rebuy tops a stack up before the next hand, and is skipped (with an event) when the wallet is short", async () => {
    const tableId = await openTable(admin, { smallBlind: 50, bigBlind: 100, seats: 2 });
    const rich = await newPlayer();
    const poor = await newPlayer();
    // Buy-ins 2,000–10,000. The poor player leaves only 500 in his wallet.
    await buyIn(rich, tableId, 2_000, 1);
    const other = await openTable(admin, { smallBlind: 50, bigBlind: 100, seats: 2 });
    await buyIn(poor, other, 7_500);
    await buyIn(poor, tableId, 2_000, 2);
    expect(await wallet(poor)).toBe(500);
    const r = await TableClient.open(tableId, { token: rich.token });
    const p = await TableClient.open(tableId, { token: poor.token });
    await r.until((s) => s.view.seats.filter(Boolean).length === 2);
    r.seq += 1;
    r.send({ type: "autoRebuy", upTo: 5_000, seq: r.seq });
    r.seq += 1;
    r.send({ type: "autoRebuy", upTo: 5_000, seq: r.seq - 1 });
    expect(await r.nextError()).toMatchObject({ code: "duplicate_message" });
    p.seq += 1;
    p.send({ type: "autoRebuy", upTo: 5_000, seq: p.seq });
    p.seq += 1;
    p.send({ type: "autoRebuy", upTo: 20_000, seq: p.seq });
    expect(await p.nextError()).toMatchObject({ code: "invalid_amount" });
    // Each sees his own wish; the seats show nobody's.
    await r.until((s) => s.view.myAutoRebuy === 5_000);
    const seen = await p.until((s) => s.view.myAutoRebuy === 5_000);
    expect(JSON.stringify(seen.view.seats)).not.toContain("autoRebuy");

    expect(await fire(tableId)).toBe(true);
    const dealt = await r.until((s) => s.view.handNumber === 1);
    expect(dealt.view.seats[0]?.stack).toBeGreaterThanOrEqual(4_900); // 5,000 less a blind
    expect(await p.nextError()).toMatchObject({ code: "auto_rebuy_skipped" });
    expect(await wallet(rich)).toBe(STARTING_GRANT - 5_000);
    expect(await wallet(poor)).toBe(500);
    const logged = await runInDurableObject(roomOf(env, tableId), (_: TableRoom, state) =>
      new RoomStorage(state.storage).events().map((row) => row.event),
    );
    expect(logged).toContainEqual({
      type: "autoRebuySkipped",
      seat: 2,
      playerId: poor.id,
      amount: 3_000,
    } satisfies RoomEvent);

    // T-5: chips bought during the hand play from the next one.
    const added = await call(
      "cashier.buyIn",
      { tableId, amount: 400, idempotencyKey: crypto.randomUUID() },
      { token: poor.token },
    );
    expect(added.data).toMatchObject({ seat: 2, effective: "nextHand", balance: 100 });
    const pending = await p.until((s) => s.view.seats[1]?.pendingChips === 400);
    expect(pending.view.seats[1]?.stack).toBeLessThan(2_000);
    for (const c of [r, p]) c.close();
  });

  it("T-6 auto-rebuy asked with the buy-in comes with the seat; out of the limits it is refused before any money moves", async () => {
    const tableId = await openTable(admin, { smallBlind: 50, bigBlind: 100, seats: 2 });
    const amy = await newPlayer();
    const sit = (input: Record<string, unknown>) =>
      call("cashier.buyIn", { tableId, amount: 2_000, ...input }, { token: amy.token });

    // Buy-ins are 2,000–10,000: a wish outside them is refused, and neither money nor seat moves.
    for (const autoRebuy of [1_999, 10_001]) {
      const refused = await sit({ autoRebuy, idempotencyKey: crypto.randomUUID() });
      expect(refused.error?.fieldCodes).toEqual({
        autoRebuy: { code: "invalid_auto_rebuy", minBuyIn: 2_000, maxBuyIn: 10_000 },
      });
    }
    for (const autoRebuy of [0, -5, 2_500.5, "3000"]) {
      const malformed = await sit({ autoRebuy, idempotencyKey: crypto.randomUUID() });
      expect(malformed.error?.code).toBe("BAD_REQUEST");
    }
    expect(await wallet(amy)).toBe(STARTING_GRANT);

    const key = crypto.randomUUID();
    expect((await sit({ autoRebuy: 3_000, idempotencyKey: key })).data).toMatchObject({
      seat: 1,
      stack: 2_000,
    });
    // The same key asking for another wish is another request, not a replay.
    expect((await sit({ autoRebuy: 4_000, idempotencyKey: key })).error?.reason).toBe("key_reused");
    expect((await sit({ autoRebuy: 3_000, idempotencyKey: key })).data).toMatchObject({
      replayed: true,
    });
    const a = await TableClient.open(tableId, { token: amy.token });
    const seated = await a.until((s) => s.view.mySeat === 1);
    expect(seated.view.myAutoRebuy).toBe(3_000);

    // Adding chips may turn the wish off (null) in the same request.
    const added = await call(
      "cashier.buyIn",
      { tableId, amount: 500, autoRebuy: null, idempotencyKey: crypto.randomUUID() },
      { token: amy.token },
    );
    expect(added.data).toMatchObject({ stack: 2_500, balance: STARTING_GRANT - 2_500 });
    await a.until((s) => s.view.myAutoRebuy === null && s.view.seats[0]?.stack === 2_500);
    a.close();
  });

  it("T-6 the top-ups due before a deal are funded together and dealt with: one change, one message, both stacks", async () => {
    const tableId = await openTable(admin, { smallBlind: 50, bigBlind: 100, seats: 2 });
    const ann = await newPlayer();
    const ben = await newPlayer();
    await buyIn(ann, tableId, 2_000, 1);
    await buyIn(ben, tableId, 2_000, 2);
    const a = await TableClient.open(tableId, { token: ann.token });
    const b = await TableClient.open(tableId, { token: ben.token });
    await a.until((s) => s.view.seats.filter(Boolean).length === 2);
    for (const [c, upTo] of [
      [a, 3_000],
      [b, 4_000],
    ] as const) {
      c.seq += 1;
      c.send({ type: "autoRebuy", upTo, seq: c.seq });
      await c.until((s) => s.view.myAutoRebuy === upTo);
    }
    const toppedUp = (m: StateMessage | { type: "error" }) =>
      m.type === "state" && m.events.some((e) => e.type === "chipsAdded");

    expect(await fire(tableId)).toBe(true);
    // One message carries both top-ups and then the deal, dealt from the
    // topped-up stacks; no other message carries any top-up.
    const topped = (await a.next(toppedUp)) as StateMessage;
    expect(topped.events.slice(0, 2)).toEqual([
      { type: "chipsAdded", seat: 1, amount: 1_000, effective: "now" },
      { type: "chipsAdded", seat: 2, amount: 2_000, effective: "now" },
    ]);
    const started = topped.events[2];
    expect(started?.type === "handEvent" && started.event).toMatchObject({
      type: "handStarted",
      players: [
        { seat: 1, stack: 3_000 },
        { seat: 2, stack: 4_000 },
      ],
    });
    expect(topped.view.handNumber).toBe(1);
    expect(topped.fairness?.handNumber).toBe(1);
    const stacks = topped.view.hand?.players.map((p) => p.stack + p.bet);
    expect(stacks).toEqual([3_000, 4_000]);
    expect(a.received.filter((r) => toppedUp(r.message))).toHaveLength(1);
    expect(await wallet(ann)).toBe(STARTING_GRANT - 3_000);
    expect(await wallet(ben)).toBe(STARTING_GRANT - 4_000);
    for (const c of [a, b]) c.close();
  });
});
